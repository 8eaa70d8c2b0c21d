/**
 * The generic game interface every boardrules game implements: **state, moves, apply,
 * terminal, score**, plus exact text codecs. Bots, tools and apps treat every game alike
 * through it.
 *
 * @module
 */

import { gameArg } from './args.js';
import type { Explanation } from './explain.js';
import type { RecordRules } from './record.js';
import type { RandomSource } from './rng.js';

/**
 * One game's rules as a record of pure functions.
 *
 * Contract, for every implementation:
 * - **Purity.** No function mutates its arguments or depends on anything but its arguments:
 *   the same inputs give the same outputs on every platform. Randomness comes only from a
 *   seeded RNG held in the state (see `core/rng`). `apply` returns a new state and leaves its
 *   input untouched (it may be deep-frozen).
 * - **Moves.** `moves(state)` lists every legal move exactly once, in a stable order (the same
 *   state always yields the same list in the same order). At a terminal state it is empty.
 *   Every listed move is accepted by `apply`; every move `apply` accepts is listed (where a
 *   game forces a pass, the pass is a listed move).
 * - **Errors.** Illegal moves, unreadable text and invalid states throw {@link RulesError}
 *   with a stable code, never a bare `Error`, never a hang.
 * - **Round-trips.** `parseMove(s, formatMove(s, m))` equals `m` for every `m` in
 *   `moves(s)`; `deserialize(serialize(s))` is equivalent to `s` (same moves, same
 *   `toMove`, same `terminal`, same `score`, and the same `serialize` text).
 * - **Score.** `score(state)` has one entry per seat, higher is better. At a terminal state it
 *   is the result: for win/loss games (Hive, Coerceo) 1 for a win, 0 for a loss, ½ each for a
 *   draw; for points games (Torres) the final points, the highest being the winner. Before the
 *   end, win/loss games return ½ for every seat and points games the current points. Bots
 *   normalise with {@link normalizedScore}.
 *
 * @typeParam State - an immutable state value
 * @typeParam Move - a small plain object that survives `JSON.stringify`
 * @typeParam Options - the game's options; `start` accepts any subset of them
 */
export interface Game<State, Move, Options = Record<string, never>> {
  /** The game's name: `'hive' | 'coerceo' | 'torres'` (or a test game's). */
  readonly name: string;
  /** Whether the score is a result (`'winloss'`: 1 / ½ / 0) or points (`'points'`). */
  readonly scoring: 'winloss' | 'points';
  /**
   * How many seats the game can have, and the start option that chooses among them: Torres is
   * `{ min: 2, max: 4, option: 'players' }`, Hive `{ min: 2, max: 2 }`. Generic code (the
   * boardgame.io adapter, a lobby) reads the range here. Absent: the game always has the number
   * of seats `players` gives for its default start.
   */
  readonly seats?: Seats;
  /**
   * The start option that seeds the game's chance (Torres: `'seed'`; `start({ seed: 7 })` deals
   * the same decks every time). A server draws it from a cryptographic source for every match.
   * Absent for games without chance.
   */
  readonly seedOption?: string;
  /**
   * Where the game's rules are written: the prefix of its rule IDs (the `H` of `H-PLACE-5`, which
   * a refusal's `RulesError.rule` names) and its page of the rulebook. {@link rulePage} and
   * {@link ruleUrl} read it. Absent for a game without a rulebook page.
   */
  readonly rulebook?: Rulebook;
  /**
   * What the record tools (`readPgn`, `replayLine`, `recordOfGame`, the CLI's `record` and
   * `analyze`) need of the game: the tags that give a record's start and how a result is
   * written. Absent for a game without records.
   */
  readonly records?: RecordRules<State, Move>;
  /** The initial state. Throws `RulesError('INVALID_OPTIONS')` on an unknown option or value. */
  start(options?: Partial<Options>): State;
  /** Number of seats in this game (fixed for its whole length). */
  players(state: State): number;
  /** The seat to act, `0 .. players-1`. Meaningless when `terminal(state)`. */
  toMove(state: State): number;
  /** Every legal move, no duplicates, stable order; empty when terminal. */
  moves(state: State): readonly Move[];
  /**
   * The successor state. Pure; throws `RulesError('ILLEGAL_MOVE')` if `move` is not legal
   * (`GAME_OVER` when the game has ended), with `error.rule` naming the rule that forbids it.
   */
  apply(state: State, move: Move): State;
  /**
   * Whether `move` (well-formed: a move object of this game) is legal in `state`, and if not,
   * which rules forbid it and why — the same answer `apply` gives by throwing. Throws only for
   * a bad state or a value that is not a move of this game.
   */
  explain?(state: State, move: Move): Explanation;
  /** True when the game is over. */
  terminal(state: State): boolean;
  /** One number per seat, higher is better (see the interface contract). */
  score(state: State): readonly number[];
  /** The move in the game's notation (canonical form). */
  formatMove(state: State, move: Move): string;
  /** Reads a move in the game's notation (lenient). Throws `RulesError('PARSE_ERROR')`. */
  parseMove(state: State, text: string): Move;
  /** The state as text; `deserialize` reads it back exactly. */
  serialize(state: State): string;
  /** Reads and validates a serialized state; never trusts its input. */
  deserialize(text: string): State;
  /**
   * The state as `seat` may see it (games with hidden information). The result is a valid
   * state; for the seat to move, `moves(observe(s, seat))` equals `moves(s)`. Absent for games
   * of perfect information.
   */
  observe?(state: State, seat: number): State;
  /**
   * A full state consistent with everything `seat` sees in `observed` (an `observe`d state):
   * each card hidden from that seat dealt at random from `random`, every public fact and the
   * seat's own cards kept. With `seat` −1 (what no seat holds), every hidden card is dealt
   * afresh: a server deals a new match this way from a cryptographic source, so that no seed
   * a seat could guess decides the deal. Bots sample what they cannot see with it. Absent for
   * games of perfect information.
   */
  determinize?(observed: State, seat: number, random: RandomSource): State;
  /**
   * Whether `move`, played in `state`, shows the other seats something `observe` hides from
   * them (Torres: `keep <card>` names the card kept from a draft). A server shows such a move's
   * text only to the seat that made it. Absent for games where every move is public.
   */
  isPrivate?(state: State, move: Move): boolean;
  /**
   * The fast path for search: a mutable position with `play`/`undo` that shares the move
   * generator with `moves`/`apply`. Absent for games without one (generic code falls back to
   * `apply`).
   */
  search?(state: State): SearchPosition<Move>;
}

/** The seat range of a game ({@link Game.seats}). */
export interface Seats {
  /** The fewest seats a game can have. */
  readonly min: number;
  /** The most seats a game can have. */
  readonly max: number;
  /**
   * The start option that sets the number of seats, `min` to `max` (Torres: `'players'`).
   * Absent when the game has one fixed number of seats (`min` equals `max`).
   */
  readonly option?: string;
}

/** Where a game's rules are written ({@link Game.rulebook}). */
export interface Rulebook {
  /**
   * What every rule ID of the game starts with, before its first `-`: `'H'` for Hive's
   * `H-PLACE-5`. Unique among the games.
   */
  readonly prefix: string;
  /**
   * The game's page of the rulebook: `docs/rules/<page>.md` in the repository (`'hive'`), whose
   * rule headings each start with the rule's ID.
   */
  readonly page: string;
}

/**
 * A mutable position for search (perft, bots). Moves are encoded as non-negative 31-bit
 * integers internally; {@link SearchPosition.decode} turns one into the game's `Move` object.
 * Nothing here allocates per node.
 */
export interface SearchPosition<Move> {
  /** An upper bound on the number of legal moves in any position of this game. */
  readonly maxMoves: number;
  /** Seat to move. */
  toMove(): number;
  /** True when the game is over. */
  terminal(): boolean;
  /** As {@link Game.score}, for the current position. */
  score(): readonly number[];
  /**
   * Writes the legal moves (integer-encoded, in the same order as `Game.moves`) into `out`
   * starting at `offset` and returns how many were written. `out` must have room for
   * `maxMoves` entries after `offset`.
   */
  generate(out: Int32Array, offset: number): number;
  /**
   * Optional: how many legal moves there are, the number `generate` returns, found by the same
   * generator, which may skip ordering and writing the moves (what a bulk-counting perft adds at
   * its last ply). Callers fall back on `generate` where a position has none.
   */
  count?(): number;
  /** Plays a move produced by `generate` in this position. */
  play(move: number): void;
  /** Takes back the last `play`. */
  undo(): void;
  /**
   * The position's Zobrist hash as a non-negative safe integer (up to 53 bits), maintained
   * incrementally. Equal positions hash equal.
   */
  hash(): number;
  /** The integer move as the game's `Move` object. */
  decode(move: number): Move;
  /** The game's `Move` object as an integer (it must be legal here). */
  encode(move: Move): number;
  /** A snapshot of the current position as an immutable game state. */
  state(): unknown;
}

/** Maps `score` to `[0, 1]` per seat: win/loss games unchanged; points games by rank. */
export function normalizedScore<S, M, O>(game: Game<S, M, O>, state: S): number[] {
  const checked = gameArg('normalizedScore', game);
  return normalizeScores(checked.scoring, checked.score(state));
}

/**
 * {@link normalizedScore} of a raw score vector (what `score` or a search position's `score()`
 * returns), for a game that scores as `scoring` says.
 */
export function normalizeScores(
  scoring: Game<unknown, unknown, unknown>['scoring'],
  raw: readonly number[],
): number[] {
  if (scoring === 'winloss') return raw.slice();
  const n = raw.length;
  if (n <= 1) return raw.map(() => 1);
  // Rank-based: the best gets 1, the worst 0, ties share the average of their ranks.
  return raw.map((v) => {
    const better = raw.filter((w) => w > v).length;
    const equal = raw.filter((w) => w === v).length;
    const rank = better + (equal - 1) / 2;
    return 1 - rank / (n - 1);
  });
}

/** The type of a game's state, from its `Game` record. */
export type StateOf<G> = G extends Game<infer S, unknown, unknown> ? S : never;
/** The type of a game's move, from its `Game` record. */
export type MoveOf<G> = G extends Game<unknown, infer M, unknown> ? M : never;
/** The type of a game's options, from its `Game` record. */
export type OptionsOf<G> = G extends Game<unknown, unknown, infer O> ? O : never;
