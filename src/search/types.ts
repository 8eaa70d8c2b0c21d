/**
 * The shape every boardrules bot shares: a {@link Bot} that searches a state within some
 * {@link SearchLimits} and answers with a {@link SearchResult} (the move, its value, the
 * principal variation and {@link SearchStats}).
 *
 * @module
 */
import type { SearchPosition } from '../core/game.js';

/**
 * How long a search may run. Every field is optional; a search stops at the first limit it
 * reaches. A search given no limit at all uses the bot's defaults (see each bot).
 *
 * Determinism: a search stopped only by `iterations`, `depth` or `nodes` is a pure function of
 * the bot's seed, its options, the state and the moves it has seen before (tree or table reuse).
 * A search stopped by `timeMs` depends on the machine's speed.
 */
export interface SearchLimits {
  /** Wall-clock budget in milliseconds. The search always returns a legal move, however small. */
  readonly timeMs?: number;
  /** MCTS: number of playouts (select, expand, simulate, back up). */
  readonly iterations?: number;
  /** Alpha-beta: deepest iteration of iterative deepening, in plies. */
  readonly depth?: number;
  /** Alpha-beta: stop after visiting about this many nodes. */
  readonly nodes?: number;
}

/** Counters describing one search. */
export interface SearchStats {
  /**
   * Positions visited: for MCTS every move played in tree descent and rollouts, for alpha-beta
   * every node entered.
   */
  readonly nodes: number;
  /** Completed MCTS playouts (0 for alpha-beta). */
  readonly playouts: number;
  /** Alpha-beta: deepest completed iteration. MCTS: deepest tree node reached. */
  readonly depth: number;
  /** Wall-clock time of the search in milliseconds. */
  readonly elapsedMs: number;
  /** MCTS: visits kept from the previous search by tree reuse (0 when the tree was rebuilt). */
  readonly reused?: number;
  /** Alpha-beta: transposition table probes that returned a usable entry. */
  readonly ttHits?: number;
  /** True when the search stopped because its time budget ran out. */
  readonly timedOut: boolean;
}

/** What a search found. */
export interface SearchResult<M> {
  /** The chosen move, legal in the searched state. */
  readonly move: M;
  /**
   * The value of `move` for the seat to move, in `[0, 1]` (1 = certain win, ½ = even,
   * 0 = certain loss). MCTS: the mean playout reward; alpha-beta: the minimax value mapped to
   * `[0, 1]`.
   */
  readonly value: number;
  /** Principal variation starting with `move` (alpha-beta: the full line; MCTS: most-visited path). */
  readonly pv: readonly M[];
  /** Counters. */
  readonly stats: SearchStats;
}

/**
 * A player. Bots are stateful objects (their RNG stream, a reused search tree or a
 * transposition table) but never mutate the states they are given.
 */
export interface Bot<S, M> {
  /** A short name for logs and result tables, e.g. `'mcts'`. */
  readonly name: string;
  /** Searches `state` (which must not be terminal) and returns the move with its statistics. */
  search(state: S, limits?: SearchLimits): SearchResult<M>;
  /** `search(state, limits).move`. */
  choose(state: S, limits?: SearchLimits): M;
  /** Forgets everything learnt so far (tree, table, RNG stream back to the seed). */
  reset(): void;
}

/**
 * A view of a position handed to rollout policies and evaluation functions. On games with a
 * fast path `position` is the live {@link SearchPosition} (read it, never play on it without
 * undoing); `state()` builds an immutable snapshot on demand (it allocates: prefer the position
 * in hot code).
 */
export interface SearchNode<S, M> {
  /** The game's mutable position, or `undefined` on games without a fast path. */
  readonly position: SearchPosition<M> | undefined;
  /** The current state as an immutable value. */
  state(): S;
  /** Seat to move. */
  toMove(): number;
}

/**
 * A static evaluation: one number per seat in `[0, 1]`, higher is better (like a normalized
 * score: ½ each means even). Used by MCTS to end rollouts early and by alpha-beta at its depth
 * horizon (alpha-beta reads the entries of the two seats).
 */
export type Evaluator<S, M> = (node: SearchNode<S, M>) => ArrayLike<number>;

/**
 * A rollout policy for MCTS: given the legal moves `moves[offset .. offset + count)`
 * (integer-encoded), returns the index `i` in `0 .. count-1` of the move to play. Draw
 * randomness only from `random` (a float in `[0, 1)` from the bot's seeded stream) so the bot
 * stays deterministic.
 */
export type RolloutPolicy<S, M> = (
  node: SearchNode<S, M>,
  moves: Int32Array,
  offset: number,
  count: number,
  random: () => number,
) => number;
