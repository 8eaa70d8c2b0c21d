/**
 * The shape of a Coerceo state: what the state guard checks first on a value a caller hands in,
 * before it reads the state's saved text back (state.ts). Only types and ranges here; the rules
 * are the save reader's.
 *
 * @module
 */
import { quote } from '../core/quote.js';

/** Present-tile bits: 19 tiles. */
const TILE_MASK = (1 << 19) - 1;
/** High word of a 57-bit colour-index set: indices 32..56. */
const HI_MASK = (1 << 25) - 1;
/** At most every tile of the board can be held. */
const MAX_HELD = 19;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isInt32(v: unknown): boolean {
  return typeof v === 'number' && (v | 0) === v;
}

/** A 57-bit colour-index set per colour as 4 words: lo (any int32), hi (25 bits) per colour. */
function isPieceSet(v: unknown): boolean {
  if (!Array.isArray(v) || v.length !== 4) return false;
  for (let w = 0; w < 4; w++) {
    const x: unknown = v[w];
    if (!isInt32(x)) return false;
    if (w & 1 && ((x as number) & ~HI_MASK) !== 0) return false;
  }
  return true;
}

/** What is wrong with the shape of `s`, or `null` when it has the shape of a `CoerceoState`. */
export function shapeError(s: unknown): string | null {
  if (!isObject(s)) return `expected an object, got ${quote(s)}`;
  const field = (name: string, want: string): string =>
    `field '${name}' must be ${want}, got ${quote(s[name])}`;
  if (!isPieceSet(s.pieces)) {
    return field('pieces', 'an array of 4 int32 piece-set words (odd words below 2^25)');
  }
  const tiles = s.tiles;
  if (!isInt32(tiles) || ((tiles as number) & ~TILE_MASK) !== 0) {
    return field('tiles', 'an integer tile set in 0..2^19-1');
  }
  const held = s.held;
  if (
    !Array.isArray(held) ||
    held.length !== 2 ||
    !isHeld(held[0] as unknown) ||
    !isHeld(held[1] as unknown)
  ) {
    return field('held', `an array of 2 integers in 0..${MAX_HELD}`);
  }
  if (s.side !== 0 && s.side !== 1) return field('side', '0 or 1');
  if (s.layout !== 'L' && s.layout !== 'O' && s.layout !== 'C') {
    return field('layout', "'L', 'O' or 'C'");
  }
  if (s.exchangeCost !== 1 && s.exchangeCost !== 2) return field('exchangeCost', '1 or 2');
  const rulings = s.rulings;
  if (!isObject(rulings)) return field('rulings', 'an object');
  for (const key of ['repetitionDraw', 'insufficientMaterialDraw', 'cura']) {
    if (typeof rulings[key] !== 'boolean') {
      return `field 'rulings.${key}' must be a boolean, got ${quote(rulings[key])}`;
    }
  }
  if (rulings.noLegalMoves !== 'draw' && rulings.noLegalMoves !== 'loss') {
    return `field 'rulings.noLegalMoves' must be 'draw' or 'loss', got ${quote(rulings.noLegalMoves)}`;
  }
  const history = s.history;
  if (!Array.isArray(history)) return field('history', 'an array of piece sets');
  for (let i = 0; i < history.length; i++) {
    if (!isPieceSet(history[i])) {
      return `field 'history[${i}]' must be an array of 4 int32 piece-set words, got ${quote(history[i])}`;
    }
  }
  const since = s.since;
  if (!Array.isArray(since)) return field('since', 'an array of move texts');
  if (since.length !== history.length) {
    return `field 'since' must have one move text per 'history' entry (${history.length}), got ${since.length}`;
  }
  for (let i = 0; i < since.length; i++) {
    if (typeof since[i] !== 'string') {
      return `field 'since[${i}]' must be a string, got ${quote(since[i])}`;
    }
  }
  if (s.resigned !== null && s.resigned !== 0 && s.resigned !== 1) {
    return field('resigned', 'null, 0 or 1');
  }
  if (!isStatus(s.status)) return field('status', 'an end status code (0 while live)');
  return null;
}

function isHeld(v: unknown): boolean {
  return isInt32(v) && (v as number) >= 0 && (v as number) <= MAX_HELD;
}

/** 0, or `reason · 4 + winner` with reason 1..5 and winner 0..2 (see `engine/rules.ts`). */
function isStatus(v: unknown): boolean {
  if (v === 0) return true;
  if (!isInt32(v)) return false;
  const n = v as number;
  return n >= 4 && n <= 22 && (n & 3) !== 3;
}
