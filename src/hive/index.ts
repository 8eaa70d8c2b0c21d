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

export { evaluateHive, hiveEvaluator } from './evaluate.js';
export {
  canonicalGameString,
  type FormatGameStringOptions,
  formatGameString,
  formatMoveText as formatMoveString,
  fromGameString as parseGameString,
  type GameStringOptions,
  gameStateString,
  type HiveMove,
  type HiveState,
  hive,
  type PiecePlace,
  parseMoveText as parseMoveString,
  pieceAt,
  piecesInHand,
  piecesOnBoard,
  placeOf,
  playMoveText as playMoveString,
  stackAt,
  turnString,
  undoPlies,
} from './game.js';
export {
  formatGameStateString,
  formatTurnString,
  type GameStateString,
  parseGameStateString,
  parseTurnString,
  type Turn,
} from './notation.js';
export { DEFAULT_OPTIONS, type HiveOptions } from './options.js';
export {
  FAN_LETTERS,
  type FanLetter,
  type FanRoster,
  formatGameType as formatGameTypeString,
  GAME_TYPES,
  type GameType,
  type HiveGameType,
  type HiveRoster,
  parseGameType as parseGameTypeString,
} from './pieces.js';
export { renderText } from './render.js';
export type { HiveResult } from './rules.js';
export {
  ENGINE_VERSION,
  UhpEngine,
  type UhpEngineOptions,
  type UhpRuleOptions,
} from './uhp-engine.js';

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'hive' as const;
