/**
 * Alpha-beta search for two-player games: negamax with principal variation search and
 * iterative deepening, a transposition table keyed on the position hash, table-move / killer /
 * countermove / history move ordering, time, depth and node limits, and the principal
 * variation. This module is the bot's public face; its parts, one job each, are in
 * `alphabeta/`: the options (`options.ts`), the node (`node.ts`), the table (`table.ts`, over
 * the entry codec `table-entry.ts` it shares with `shared-table.ts`), the move ordering
 * (`ordering.ts`), the leaves' values (`leaves.ts`, `scores.ts`), iterative deepening and its
 * clock (`deepening.ts`, `clock.ts`), the principal variation (`pv.ts`) and result
 * (`result.ts`), the helpers of a search on several threads (`helpers.ts`), and one search from
 * its limits to its result (`searcher.ts`).
 *
 * @module
 */
import { gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { checkHelp, type HelperTicket, idleHelper } from './alphabeta/helpers.js';
import { type AlphaBetaOptions, alphaBetaSettings } from './alphabeta/options.js';
import type { AlphaBetaResult } from './alphabeta/result.js';
import { AlphaBetaSearcher } from './alphabeta/searcher.js';
import type { Bot, SearchLimits, SearchStats } from './types.js';

export type { HelperTicket } from './alphabeta/helpers.js';
export type { AlphaBetaOptions } from './alphabeta/options.js';
export type { AlphaBetaResult } from './alphabeta/result.js';
export { EVAL_SCALE, WIN_SCORE } from './alphabeta/scores.js';

/** A bot running alpha-beta; see {@link alphaBetaBot}. */
export interface AlphaBetaBot<S, M> extends Bot<S, M> {
  search(state: S, limits?: SearchLimits<M>): AlphaBetaResult<M>;
  /**
   * Helps another thread's `search` of the same `state` ("lazy SMP"): searches it into the
   * `shared` table (the bot's option, which this needs) by iterative deepening, odd helpers a
   * ply ahead of the leader, until the shared search `ticket.search` ends or `limits` run out;
   * the leader finds the results in the table. Returns at once when that search is no longer
   * running. Returns the helper's own statistics (its best move is not reported).
   */
  help(state: S, ticket: HelperTicket, limits?: SearchLimits<M>): SearchStats;
}

/**
 * Creates an alpha-beta bot for two-player games of perfect information.
 *
 * Transposition table: one entry per slot (index = low hash bits, verified on all 53 bits),
 * holding depth, bound type, score and best move. Only entries of the current search cut the
 * search; entries from earlier searches (older generations) still supply their best move for
 * ordering, because their values may rest on a history (a repetition count) that has changed
 * since, which the hash does not see. Replacement: an entry from an earlier search
 * (older generation) is always replaced; within a search, an entry is replaced by one searched
 * at least as deep (depth-preferred). Mate scores are stored relative to the node.
 *
 * Determinism: without `timeMs`, the result depends only on the state, the limits, the options
 * and the bot's earlier searches (which fill its table and history); `reset()` clears them.
 */
export function alphaBetaBot<S, M, O>(
  game: Game<S, M, O>,
  given: AlphaBetaOptions<S, M> = {},
): AlphaBetaBot<S, M> {
  gameArg('alphaBetaBot', game);
  const settings = alphaBetaSettings<S, M>(given);
  if (game.observe) {
    throw new RulesError(
      'HIDDEN_INFORMATION',
      `${game.name} hides information: alpha-beta needs perfect information (use mctsBot)`,
    );
  }
  const searcher = new AlphaBetaSearcher(game, settings);
  const search = (state: S, limits?: SearchLimits<M>): AlphaBetaResult<M> =>
    searcher.run(state, limits, null);
  const help = (state: S, ticket: HelperTicket, limits?: SearchLimits<M>): SearchStats => {
    checkHelp(settings.shared, ticket, limits);
    if (!settings.shared?.isRunning(ticket.search)) return idleHelper();
    return searcher.run(state, limits, ticket);
  };
  return {
    name: 'alphabeta',
    search,
    help,
    choose: (state, limits) => search(state, limits).move,
    reset: () => searcher.clear(),
  };
}
