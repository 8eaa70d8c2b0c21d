/**
 * Monte Carlo tree search (UCT) for any number of seats, over any {@link Game}.
 *
 * Each iteration descends the tree by UCB1, expands one untried move, plays a rollout to the
 * end (or to a cut-off scored by an evaluation function) and backs up the reward **vector**:
 * every node adds the reward of the seat that chose the move leading to it, so two-player,
 * multi-player and points games (rank-normalized by `normalizedScore`) are handled alike.
 *
 * Games with hidden information (`game.observe`) are searched by determinization, as in
 * single-observer ISMCTS: the bot only ever reads `observe(state, seat)`, samples full states
 * consistent with it through the caller's `determinize`, and shares one tree between samples,
 * keyed by move identity; UCB uses availability counts (how often a move was legal when its
 * parent was visited) instead of the parent's visits.
 *
 * This module is the bot's public face; its parts, one job each, are in `mcts/`: the options
 * (`options.ts`), the tree and its backup (`tree.ts`), selection and expansion (`select.ts`),
 * guided expansion (`guide.ts`), rollouts (`rollout.ts`), the view and its samples
 * (`samples.ts`), tree reuse (`reuse.ts`), the answer (`answer.ts`), and one search from its
 * limits to its result (`searcher.ts`).
 *
 * @module
 */
import { gameArg } from '../core/args.js';
import type { Game } from '../core/game.js';
import { type MctsOptions, mctsSettings } from './mcts/options.js';
import { MctsSearcher } from './mcts/searcher.js';
import type { Bot } from './types.js';

export type { Determinizer, MctsOptions } from './mcts/options.js';

/** A bot running MCTS; see {@link mctsBot}. */
export interface MctsBot<S, M> extends Bot<S, M> {
  /** Number of nodes currently in the tree below the root (0 before the first search). */
  treeSize(): number;
}

/**
 * Creates an MCTS bot. Deterministic: with an iteration limit (no `timeMs`), the move depends
 * only on the seed, the options, the state and the previous searches (through tree reuse and
 * the random stream); call `reset()` to forget both.
 */
export function mctsBot<S, M, O>(
  game: Game<S, M, O>,
  given: MctsOptions<S, M> = {},
): MctsBot<S, M> {
  gameArg('mctsBot', game);
  const searcher = new MctsSearcher(game, mctsSettings(game, given));
  return {
    name: 'mcts',
    search: (state, limits) => searcher.search(state, limits),
    choose: (state, limits) => searcher.search(state, limits).move,
    reset: () => searcher.reset(),
    treeSize: () => searcher.treeSize(),
  };
}
