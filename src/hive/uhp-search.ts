/**
 * The search behind UHP `bestmove` (H-UHP-10): its `time hh:mm:ss` / `depth N` limit (and the
 * `clock` extension), the alpha-beta bot it keeps between searches, the helper threads of a
 * lazy-SMP timed `bestmove`, and the extensions' `info` lines and stop signal.
 * {@link UhpSearch} answers the best move of a live position.
 *
 * @module
 */

import { quote } from '../core/quote.js';
import { type AlphaBetaBot, type AlphaBetaResult, alphaBetaBot } from '../search/alphabeta.js';
import {
  type SharedSearchBuffers,
  type SharedSearchTable,
  sharedSearchTable,
} from '../search/shared-table.js';
import type { IterationInfo, SearchLimits, StopSignal } from '../search/types.js';
import { hiveEvaluatorWith } from './evaluate.js';
import { hive } from './game.js';
import type { HiveMove, HiveState } from './types.js';
import {
  clockBudget,
  parseClock,
  searchBudgetMs,
  type UhpClock,
  type UhpSideClock,
} from './uhp-clock.js';
import { infoLine } from './uhp-info.js';
import type { EngineSettings } from './uhp-options.js';
import { fail } from './uhp-reply.js';

export { searchBudgetMs } from './uhp-clock.js';

/**
 * Helper threads for a `bestmove time` search with `Threads` above 1: each runs an alpha-beta
 * bot on the shared table, `bot.help(state, { search, index }, { timeMs })`, with the engine's
 * evaluator, until the engine ends the search. See {@link UhpHelperJob}.
 */
export interface UhpSearchHelpers {
  /** How many helpers can search at once (`Threads` goes up to this + 1). */
  readonly max: number;
  /** Starts `job.count` helpers on the job; returns at once (they stop when the search ends). */
  start(job: UhpHelperJob): void;
}

/** What each helper thread searches: everything as plain data, to post to a worker. */
export interface UhpHelperJob {
  /** How many helpers to start (1..`max`); they are numbered 1..count. */
  readonly count: number;
  /** The position, as `hive.serialize` writes it (a GameString with the rule options). */
  readonly state: string;
  /** The shared table's memory (`new SharedSearchTable(table)` on the helper's side). */
  readonly table: SharedSearchBuffers;
  /** Changes whenever the engine makes a new table: a helper may keep its bot while it holds. */
  readonly tableId: number;
  /** The shared search to join (`SharedSearchTable.begin`'s number). */
  readonly search: number;
  /** The `Aggression` option: the evaluator is `hiveEvaluatorWith(aggression)`. */
  readonly aggression: number;
  /** The search's time budget in milliseconds: a helper never searches longer. */
  readonly timeMs: number;
}

/** Depth of a bare `bestmove`: deterministic and quick (well under a second). */
export const DEFAULT_BESTMOVE_DEPTH = 2;

/** What a `bestmove` searches to: a depth, a time budget in milliseconds, or both clocks. */
export type BestmoveLimit =
  | { readonly depth: number }
  | { readonly timeMs: number }
  | { readonly clock: UhpClock };

/**
 * The limit of `bestmove` with `args` (`time hh:mm:ss`, `depth N`, the `clock …` extension, or
 * none: `defaultDepth`).
 */
export function bestmoveLimit(args: string[], defaultDepth: number): BestmoveLimit {
  if (args.length === 0) return { depth: defaultDepth };
  const kind = args[0].toLowerCase();
  if (kind === 'clock') return { clock: parseClock(args.slice(1)) };
  const arg = args[1];
  const ok =
    args.length === 2 &&
    ((kind === 'depth' && /^[0-9]+$/.test(arg)) ||
      (kind === 'time' && /^[0-9]+:[0-5][0-9]:[0-5][0-9]$/.test(arg)));
  if (!ok) fail(`bestmove expects 'time hh:mm:ss' or 'depth N', got ${quote(args.join(' '))}`);
  if (kind === 'depth') {
    const depth = Number(arg);
    if (depth < 1) fail(`bestmove depth must be at least 1, got ${quote(arg)}`);
    return { depth };
  }
  const [h, m, sec] = arg.split(':').map(Number) as [number, number, number];
  const timeMs = ((h * 60 + m) * 60 + sec) * 1000;
  if (timeMs < 1) fail(`bestmove time must be at least 00:00:01, got ${quote(arg)}`);
  return { timeMs };
}

/** The clock of the side to move in `s` (White is seat 0). */
function moverClock(s: HiveState, clock: UhpClock): UhpSideClock {
  return hive.toMove(s) === 0 ? clock.white : clock.black;
}

/** What a `bestmove` search reports to, and what stops it (the UHP extensions). */
export interface BestmoveWatch {
  /** Ends the search, which then answers its best move so far. */
  readonly signal?: StopSignal;
  /** Receives each `info` line as soon as it is known (with `SearchInfo` or `MultiPV` on). */
  readonly info?: (line: string) => void;
}

/** A UHP engine's searches: the bot and its table, kept from one `bestmove` to the next. */
export class UhpSearch {
  private bot: AlphaBetaBot<HiveState, HiveMove> | null = null;
  /** The bot's table when `Threads` is above 1 (helpers search into it too). */
  private table: SharedSearchTable | null = null;
  private tableId = 0;
  private readonly helpers: UhpSearchHelpers | undefined;

  constructor(helpers: UhpSearchHelpers | undefined) {
    this.helpers = helpers;
  }

  /** Drops the bot: the next search starts one with the options then in force. */
  reset(): void {
    this.bot = null;
  }

  /**
   * The best move of the live position `s` within `limit`, with the engine options `settings`;
   * `watch` stops the search and receives its `info` lines.
   */
  bestmove(
    s: HiveState,
    limit: BestmoveLimit,
    settings: Readonly<EngineSettings>,
    watch: BestmoveWatch = {},
  ): HiveMove {
    const moves = hive.moves(s);
    const first = moves[0];
    if (!first) fail('no legal move');
    // A forced move (often `pass`) needs no search.
    if (moves.length === 1) return first;
    // H-UHP-10: alpha-beta with the Hive evaluator. `depth N` starts from an empty table so
    // the answer depends on the position alone; `time` keeps what earlier searches learnt.
    const { TableSizeMiB, Aggression, Threads } = settings;
    const helpers = Threads > 1 ? this.helpers : undefined;
    if (!this.bot) {
      // 16 bytes per table entry; in shared memory when helpers search into it too.
      const entries = (TableSizeMiB * 2 ** 20) / 16;
      this.table = helpers ? sharedSearchTable(entries) : null;
      this.tableId++;
      this.bot = alphaBetaBot(hive, {
        evaluate: hiveEvaluatorWith(Aggression),
        maxDepth: 64,
        // A ply deeper in the same time (measured by matches: docs/hive.md).
        reductions: true,
        ...(this.table ? { shared: this.table } : { ttSize: entries }),
      });
    }
    const extras = this.extras(s, limit, settings, watch);
    let result: AlphaBetaResult<HiveMove>;
    if ('depth' in limit) {
      // Deterministic: one thread, whatever `Threads` says.
      this.bot.reset();
      result = this.bot.search(s, { depth: Math.min(limit.depth, 64), ...extras });
    } else {
      const budget =
        'timeMs' in limit
          ? searchBudgetMs(limit.timeMs)
          : clockBudget(moverClock(s, limit.clock)).hardMs;
      if (helpers && this.table) {
        // Lazy SMP: the helpers search the same position into the shared table until this
        // thread's search is done; their deeper results cut this one's tree.
        const search = this.table.begin();
        try {
          helpers.start({
            count: Threads - 1,
            state: hive.serialize(s),
            table: this.table.buffers,
            tableId: this.tableId,
            search,
            aggression: Aggression,
            timeMs: budget,
          });
          result = this.bot.search(s, { timeMs: budget, ...extras });
        } finally {
          this.table.end();
        }
      } else {
        result = this.bot.search(s, { timeMs: budget, ...extras });
      }
    }
    // MultiPV without SearchInfo: the final lines only, once the search is done.
    if (settings.MultiPV > 1 && !settings.SearchInfo && watch.info) {
      const counters = { nodes: result.stats.nodes, elapsedMs: result.stats.elapsedMs };
      for (const [i, line] of result.lines.entries()) {
        watch.info(infoLine(s, line, i + 1, counters));
      }
    }
    return result.move;
  }

  /**
   * The search limits the extensions add: `multiPv`, the stop signal (the caller's, and the
   * clock's soft limit), and the iteration reports of `SearchInfo`. None when all are off, so
   * the search is exactly the official one.
   */
  private extras(
    s: HiveState,
    limit: BestmoveLimit,
    settings: Readonly<EngineSettings>,
    watch: BestmoveWatch,
  ): Omit<SearchLimits<HiveMove>, 'timeMs' | 'depth'> {
    const { MultiPV, SearchInfo } = settings;
    const outer = watch.signal;
    const softMs =
      'clock' in limit ? clockBudget(moverClock(s, limit.clock)).softMs : Number.POSITIVE_INFINITY;
    const report = SearchInfo ? watch.info : undefined;
    // The clock's soft limit: no new iteration once it has passed.
    let soft = false;
    const onIteration =
      report === undefined && softMs === Number.POSITIVE_INFINITY
        ? undefined
        : (info: IterationInfo<HiveMove>): void => {
            if (report) {
              for (const [i, line] of info.lines.entries()) report(infoLine(s, line, i + 1, info));
            }
            if (info.elapsedMs >= softMs) soft = true;
          };
    const stopped = outer !== undefined || softMs !== Number.POSITIVE_INFINITY;
    return {
      ...(MultiPV > 1 ? { multiPv: MultiPV } : {}),
      ...(onIteration ? { onIteration } : {}),
      ...(stopped
        ? {
            signal: {
              get aborted() {
                return soft || outer?.aborted === true;
              },
            },
          }
        : {}),
    };
  }
}
