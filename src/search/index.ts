/**
 * Generic bots over any `Game`: a seeded random player, Monte Carlo tree search for any
 * number of seats (with determinization for hidden information) and alpha-beta for two-player
 * games. All use the game's fast path (`search`: play/undo on integer moves) when it has one
 * and `apply` otherwise, are deterministic given a seed and a non-time limit, and can be
 * stopped by a time budget. See `docs/bots.md`.
 *
 * @module
 */

export { RandomStream } from '../core/stream.js';
export {
  type AlphaBetaBot,
  type AlphaBetaOptions,
  type AlphaBetaResult,
  alphaBetaBot,
  EVAL_SCALE,
  type HelperTicket,
  WIN_SCORE,
} from './alphabeta.js';
export { type EloEstimate, eloEstimate, eloOfScore, formatElo, type Tally } from './elo.js';
export { type GameRecord, type PlayGameOptions, playGame } from './match.js';
export { type Determinizer, type MctsBot, type MctsOptions, mctsBot } from './mcts.js';
export { randomBot } from './random.js';
export {
  type SharedSearchBuffers,
  SharedSearchTable,
  sharedSearchTable,
} from './shared-table.js';
export type {
  Bot,
  Evaluator,
  IterationInfo,
  RolloutPolicy,
  SearchLimits,
  SearchLine,
  SearchNode,
  SearchResult,
  SearchStats,
  StopSignal,
} from './types.js';
