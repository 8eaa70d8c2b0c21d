/**
 * The options of the alpha-beta bot: what each may be, checked when the bot is made, and the
 * settings they come to.
 *
 * @module
 */
import { type OptionCheck, readCheckedOptions } from '../../core/options.js';
import { CHECKS } from '../options.js';
import { SharedSearchTable } from '../shared-table.js';
import type { Evaluator, SearchLimits } from '../types.js';

/** Options of {@link alphaBetaBot}. */
export interface AlphaBetaOptions<S, M> {
  /**
   * Static evaluation at the depth horizon, one value per seat in `[0, 1]`; the score is
   * `(e[me] − e[opponent]) × EVAL_SCALE`. Default: the normalized current score (0 for
   * win/loss games before the end, the rank difference for points games).
   */
  readonly evaluate?: Evaluator<S, M>;
  /**
   * Transposition table entries (rounded down to a power of two; 0 disables the table).
   * Default 2^18 (about 5 MB). The table persists between searches of the same bot (its moves
   * order the next search; only the current search's values cut).
   */
  readonly ttSize?: number;
  /** Deepest search the bot's buffers allow, in plies. Default 64. */
  readonly maxDepth?: number;
  /** Limits used when `search` is called without any. Default `{ timeMs: 1000 }`. */
  readonly defaultLimits?: SearchLimits<M>;
  /** `'fast'` (default): the game's play/undo path when it has one; `'apply'`: always `apply`. */
  readonly path?: 'fast' | 'apply';
  /** Room for moves per position on the `apply` path (default 1024). */
  readonly maxMoves?: number;
  /**
   * A table in shared memory instead of the bot's own (`ttSize` is then ignored), for a search
   * on several threads at once: see {@link AlphaBetaBot.help}. A `search` started while the
   * table's search runs ({@link SharedSearchTable.begin}) joins it; otherwise it begins and
   * ends one of its own.
   */
  readonly shared?: SharedSearchTable;
  /**
   * Late move reductions (default `false`): below the root, at depth ≥ 2, a move ordered
   * fourth or later and after the table move, the killers and the countermove is first
   * searched a ply shallower (two plies from the ninth move on at depth ≥ 4, three from the
   * twenty-fifth at depth ≥ 6; at depth 2 that is its evaluation), with a null window, and
   * searched again at full depth only when it proves better than the best so far. One ply
   * above the horizon, in a null-window node, moves from the thirteenth on (after those) are
   * not evaluated at all, only played to see whether they end the game. A timed search gets
   * deeper in the same time; the price is that a fixed-depth search is no longer exact minimax
   * (a move that looks bad a few plies short of the horizon but is good at it can be missed).
   * The Hive UHP engine turns it on.
   */
  readonly reductions?: boolean;
}

/** What each option of {@link AlphaBetaOptions} may be. */
const ALPHA_BETA_OPTIONS: Readonly<Record<keyof AlphaBetaOptions<unknown, unknown>, OptionCheck>> =
  {
    evaluate: CHECKS.function,
    ttSize: CHECKS.count,
    maxDepth: CHECKS.positiveCount,
    defaultLimits: CHECKS.limits,
    path: CHECKS.path,
    maxMoves: CHECKS.positiveCount,
    shared: (v) => (v instanceof SharedSearchTable ? undefined : 'a SharedSearchTable'),
    reductions: CHECKS.boolean,
  };

/** The options as the bot uses them, defaults filled in. */
export interface AlphaBetaSettings<S, M> {
  readonly evaluate: Evaluator<S, M> | undefined;
  /** Deepest ply, 1..250. */
  readonly maxPly: number;
  /** Entries of the bot's own table (a power of two, or 0: none); unused with `shared`. */
  readonly ttEntries: number;
  readonly shared: SharedSearchTable | null;
  readonly defaultLimits: SearchLimits<M>;
  readonly path: 'fast' | 'apply';
  readonly maxMoves: number | undefined;
  readonly reductions: boolean;
}

/**
 * `given` checked (`RulesError('INVALID_OPTIONS')` naming the option) and completed with the
 * defaults.
 */
export function alphaBetaSettings<S, M>(given: unknown): AlphaBetaSettings<S, M> {
  const options = readCheckedOptions(
    given,
    'alphaBetaBot options',
    ALPHA_BETA_OPTIONS,
  ) as AlphaBetaOptions<S, M>;
  const requested = Math.floor(options.ttSize ?? 1 << 18);
  return {
    evaluate: options.evaluate,
    maxPly: Math.max(1, Math.min(250, Math.floor(options.maxDepth ?? 64))),
    ttEntries: requested >= 1 ? 2 ** Math.floor(Math.log2(requested)) : 0,
    shared: options.shared ?? null,
    defaultLimits: options.defaultLimits ?? { timeMs: 1000 },
    path: options.path ?? 'fast',
    maxMoves: options.maxMoves,
    reductions: options.reductions ?? false,
  };
}
