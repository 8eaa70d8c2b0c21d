/**
 * Torres (Kramer & Kiesling, 1999) for 2–4 players: the basic game with all ten action cards
 * in every deck mode (shared, per-colour, draw-three-keep-one, master full hands) and the master
 * version with player-placed castles and the eight master cards.
 *
 * The game is a state machine of small atomic moves (T-FLOW-1): each action is one move that
 * costs its action points, and a turn ends with an explicit `end`. Rule IDs (`T-…`) refer to the
 * boardrules Torres specification.
 *
 * ```ts
 * import { torres } from 'boardrules/torres';
 * let s = torres.start({ players: 3, seed: 7 });
 * while (!torres.terminal(s)) s = torres.apply(s, torres.moves(s)[0]);
 * console.log(torres.score(s));
 * ```
 *
 * @module boardrules/torres
 */
import type { SearchPosition } from '../core/game.js';
import type { TorresMove } from './types.js';

export { GRID, squareIndex, squareName } from './engine/board.js';
export { CARD_NAMES, type CardName, MASTER_NAMES } from './engine/cards.js';
export { STEP_NAMES, type TorresStep } from './engine/layout.js';
export { PHASE_STACKS } from './engine/phases.js';
export { evaluateTorres, torresEvaluator } from './evaluate.js';
export { name, torres } from './game.js';
export { FORMAT, FORMAT_VERSION } from './notation.js';
export { DEFAULT_OPTIONS, type DeckMode, type TorresOptions } from './options.js';
export {
  blockPlacements,
  canTakeBlock,
  type KnightTarget,
  knightTargets,
  outcome,
  projectedScores,
  winners,
} from './queries.js';
export { type FormatBoardOptions, formatBoard, SEAT_NAMES } from './text.js';
/**
 * What `torres.search(state)` returns: the mutable search position over a state, with integer
 * moves, `generate`, `play`, `undo` and an incremental Zobrist `hash()` (the generic
 * {@link SearchPosition} of Torres moves). Made only by `torres.search`.
 */
export type TorresPosition = SearchPosition<TorresMove>;
export type {
  CardView,
  PlayFromTo,
  PlayPlain,
  PlaySupply,
  PlayUnder,
  TorresEndReason,
  TorresMove,
  TorresOutcome,
  TorresSeatState,
  TorresState,
  TorresTurnState,
} from './types.js';
