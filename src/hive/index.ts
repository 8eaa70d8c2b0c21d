/**
 * Hive for boardrules: the complete official game for the eight game types (`Base` plus any of
 * Mosquito, Ladybug and Pillbug) with every rule of the specification, Universal Hive Protocol
 * notation, and a UHP engine; plus the seven fan bugs (Mantis, Fly, Scorpion, Wasp, Cockroach,
 * Dragonfly, Centipede) of the double-sided advanced game, chosen per tile through a fan-extended
 * game type such as `Base+MLP:wTW3:bC`.
 *
 * ```ts
 * import { hive } from 'boardrules/hive';
 * let s = hive.start({ type: 'Base+MLP' });
 * s = hive.apply(s, hive.parseMove(s, 'wS1'));
 * hive.serialize(s); // 'Base+MLP;InProgress;Black[1];wS1'
 * ```
 *
 * @module boardrules/hive
 */

export {
  FAN_LETTERS,
  type FanLetter,
  type FanRoster,
  formatGameTypeString,
  GAME_TYPES,
  type GameType,
  type HiveGameType,
  type HiveRoster,
  parseGameTypeString,
} from './engine/pieces.js';
export { evaluateHive, hiveEvaluator, hiveEvaluatorWith } from './evaluate.js';
export {
  boardOf,
  fromBoard,
  type HiveBoard,
  type HiveBoardOf,
  type HiveBoardPiece,
} from './from-board.js';
export { hive, name } from './game.js';
export {
  type FormatGameStringOptions,
  formatGameString,
  formatMoveString,
  type GameStringOptions,
  gameStateString,
  parseGameString,
  parseMoveString,
  playMoveString,
  turnString,
  undoPlies,
} from './game-string.js';
export {
  formatGameStateString,
  formatTurnString,
  type GameStateString,
  parseGameStateString,
  parseTurnString,
  type Turn,
} from './notation.js';
export { DEFAULT_OPTIONS, type HiveOptions, type RepetitionRule } from './options.js';
export {
  outcome,
  pieceAt,
  piecesInHand,
  piecesOnBoard,
  placeOf,
  stackAt,
} from './queries.js';
export { formatBoard } from './text.js';
export type {
  HiveEndReason,
  HiveMove,
  HiveOutcome,
  HivePosition,
  HiveResult,
  HiveState,
  PiecePlace,
} from './types.js';
export {
  ENGINE_VERSION,
  UhpEngine,
  type UhpEngineOptions,
  type UhpHandleOptions,
  type UhpHelperJob,
  type UhpRuleOptions,
  type UhpSearchHelpers,
} from './uhp-engine.js';
