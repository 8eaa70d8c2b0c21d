/**
 * The search behind UHP `bestmove` (H-UHP-10): its `time hh:mm:ss` / `depth N` limit, the
 * alpha-beta bot it keeps between searches, and the helper threads of a lazy-SMP `bestmove
 * time`. {@link UhpSearch} answers the best move of a live position.
 *
 * @module
 */

import { quote } from '../core/quote.js';
import { type AlphaBetaBot, alphaBetaBot } from '../search/alphabeta.js';
import {
  type SharedSearchBuffers,
  type SharedSearchTable,
  sharedSearchTable,
} from '../search/shared-table.js';
import { hiveEvaluatorWith } from './evaluate.js';
import { hive } from './game.js';
import type { HiveMove, HiveState } from './types.js';
import type { EngineOptionName } from './uhp-options.js';
import { fail } from './uhp-reply.js';

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

/**
 * How much of a `bestmove time` budget the search may use: the budget minus a safety margin of
 * 4 % (at least 25 ms, at most 1 s) for the last node batch, decoding and the reply.
 */
export function searchBudgetMs(budgetMs: number): number {
  const margin = Math.min(1000, Math.max(25, budgetMs * 0.04));
  return Math.max(1, budgetMs - margin);
}

/** What a `bestmove` searches to: a depth, or a time budget in milliseconds. */
export type BestmoveLimit = { readonly depth: number } | { readonly timeMs: number };

/** The limit of `bestmove` with `args` (`time hh:mm:ss`, `depth N`, or none: `defaultDepth`). */
export function bestmoveLimit(args: string[], defaultDepth: number): BestmoveLimit {
  if (args.length === 0) return { depth: defaultDepth };
  const kind = args[0].toLowerCase();
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

  /** The best move of the live position `s` within `limit`, with the engine options `settings`. */
  bestmove(
    s: HiveState,
    limit: BestmoveLimit,
    settings: Readonly<Record<EngineOptionName, number>>,
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
    let result: ReturnType<AlphaBetaBot<HiveState, HiveMove>['search']>;
    if ('depth' in limit) {
      // Deterministic: one thread, whatever `Threads` says.
      this.bot.reset();
      result = this.bot.search(s, { depth: Math.min(limit.depth, 64) });
    } else if (helpers && this.table) {
      // Lazy SMP: the helpers search the same position into the shared table until this
      // thread's search is done; their deeper results cut this one's tree.
      const budget = searchBudgetMs(limit.timeMs);
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
        result = this.bot.search(s, { timeMs: budget });
      } finally {
        this.table.end();
      }
    } else {
      result = this.bot.search(s, { timeMs: searchBudgetMs(limit.timeMs) });
    }
    return result.move;
  }
}
