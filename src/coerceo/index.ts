/**
 * Coerceo for boardrules: the complete game (Laurentius and Ocius starts, one-tile exchange,
 * the optional 'Cura' announcement and the boardrules rulings on the open points), its notation
 * (move text, position string, full state string) and a fast search position for bots and perft.
 *
 * ```ts
 * import { coerceo } from 'boardrules/coerceo';
 * let s = coerceo.start();                       // Laurentius, White to move
 * s = coerceo.apply(s, coerceo.parseMove(s, 'c4a-c4c'));
 * console.log(coerceo.serialize(s));
 * ```
 *
 * @module boardrules/coerceo
 */
export { fieldName, TILE_NAMES } from './engine/board.js';
export type { CoerceoPosition } from './engine/position.js';
export { coerceoEvaluator, evaluateCoerceo } from './evaluate.js';
export {
  coerceo,
  formatPosition,
  LAURENTIUS_CPF,
  name,
  OCIUS_CPF,
  parsePosition,
  resign,
} from './game.js';
export { formatMoveText, parseMoveText } from './notation.js';
export {
  type CoerceoOptions,
  type CoerceoRulings,
  DEFAULT_RULINGS,
  STRICT_RULINGS,
} from './options.js';
export {
  edgeNeighboursOf,
  fieldExists,
  outcome,
  pieceAt,
  piecesOf,
  presentTiles,
  removedTiles,
  sideToMove,
  type TurnEffects,
  threats,
  tilesHeld,
  turnEffects,
  variantOf,
  vertexNeighboursOf,
} from './queries.js';
export { type FormatBoardOptions, formatBoard } from './text.js';
export type {
  CoerceoEndReason,
  CoerceoMove,
  CoerceoOutcome,
  CoerceoState,
  Colour,
} from './types.js';
