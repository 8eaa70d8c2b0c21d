/**
 * The shape every boardrules bot shares: a {@link Bot} that searches a state within some
 * {@link SearchLimits} and answers with a {@link SearchResult} (the move, its value, the
 * principal variation and {@link SearchStats}).
 *
 * @module
 */
import type { SearchPosition } from '../core/game.js';

/**
 * What a caller can stop a search with: an `AbortSignal` (`new AbortController().signal`), or
 * any object whose `aborted` turns `true` (say, a getter over a `SharedArrayBuffer` flag that
 * another thread sets). The search reads `aborted` where it looks at its clock.
 */
export interface StopSignal {
  /** True once the search must stop; read every 1,024 alpha-beta nodes and before every MCTS playout. */
  readonly aborted: boolean;
}

/**
 * How long a search may run, and what it reports on the way. Every field is optional; a search
 * stops at the first limit it reaches (or when its `signal` is aborted). A search given no
 * limit at all uses the bot's defaults (see each bot).
 *
 * Determinism: a search stopped only by `iterations`, `depth` or `nodes` is a pure function of
 * the bot's seed, its options, the state and the moves it has seen before (tree or table reuse).
 * A search stopped by `timeMs` or `signal` depends on the machine's speed.
 */
export interface SearchLimits<M = unknown> {
  /** Wall-clock budget in milliseconds. The search always returns a legal move, however small. */
  readonly timeMs?: number;
  /** MCTS: number of playouts (select, expand, simulate, back up). */
  readonly iterations?: number;
  /** Alpha-beta: deepest iteration of iterative deepening, in plies. */
  readonly depth?: number;
  /** Alpha-beta: stop after visiting about this many nodes. */
  readonly nodes?: number;
  /**
   * MCTS and alpha-beta: stops the search from outside, as its time budget would (checked
   * before every MCTS playout and every 1,024 alpha-beta nodes). The search then answers with
   * the best move found so far and `stats.stopped` is `true`. A signal may stand alone: the
   * search then runs until it is aborted (alpha-beta: or its `maxDepth` is searched).
   */
  readonly signal?: StopSignal;
  /**
   * Alpha-beta: called after every completed iteration of iterative deepening with what it
   * found (an iteration cut short by a limit is not reported). A throw ends the search and
   * propagates to the caller.
   */
  onIteration?(info: IterationInfo<M>): void;
  /**
   * Alpha-beta: how many of the best root moves to find, each with its own value and line
   * (`result.lines`); default 1. Every iteration searches the root once per line, each time
   * without the root moves of the lines before, so it costs about that many searches.
   */
  readonly multiPv?: number;
}

/** One root move of an alpha-beta search with its value and line (see `multiPv`). */
export interface SearchLine<M> {
  /** The root move. */
  readonly move: M;
  /** The line, starting with `move`. */
  readonly pv: readonly M[];
  /** Its minimax score for the seat to move (see `AlphaBetaResult.score`). */
  readonly score: number;
  /** The score mapped to `[0, 1]`, as `SearchResult.value`. */
  readonly value: number;
  /** Plies to the end of the game when the score is a proven win or loss, else `null`. */
  readonly pliesToEnd: number | null;
  /** The iteration (search depth) the line comes from. */
  readonly depth: number;
}

/** What an alpha-beta search reports after each completed iteration (`onIteration`). */
export interface IterationInfo<M> {
  /** The iteration just completed: its search depth in plies. */
  readonly depth: number;
  /** The score of the best line for the seat to move (`WIN_SCORE − p` for a win in `p` plies). */
  readonly score: number;
  /** The score mapped to `[0, 1]`. */
  readonly value: number;
  /** Plies to the end of the game when the score is proven, else `null`. */
  readonly pliesToEnd: number | null;
  /** Nodes visited by this search so far, all iterations together. */
  readonly nodes: number;
  /** Milliseconds since the search began. */
  readonly elapsedMs: number;
  /** The principal variation: the best line's moves. */
  readonly pv: readonly M[];
  /** The best lines, best first: `multiPv` of them (fewer when there are fewer moves). */
  readonly lines: readonly SearchLine<M>[];
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
  /** True when the search stopped because its `signal` was aborted (alpha-beta and MCTS). */
  readonly stopped?: boolean;
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
  search(state: S, limits?: SearchLimits<M>): SearchResult<M>;
  /** `search(state, limits).move`. */
  choose(state: S, limits?: SearchLimits<M>): M;
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
