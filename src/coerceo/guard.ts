/**
 * The check every public Coerceo entry point runs on the state it is given: a value that is not
 * a valid {@link CoerceoState} is a `RulesError('INVALID_STATE')` naming the field or the broken
 * rule, never a `TypeError` deep inside the move generator, and never a state whose saved text
 * the library's own `deserialize` would refuse.
 *
 * Two stages: the shape (every field's type and range, so the rest can read it safely), then the
 * rules' invariants, checked by the one reader `deserialize` uses: the state must be exactly what
 * its own saved text reads back as (`load.ts`). States that passed, and the states the library
 * builds itself, are remembered in a `WeakSet`, so the hot `apply`/`moves` path pays one lookup
 * per call; states are immutable, so a state is checked once.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { readSavedText, savedText } from './load.js';
import { outcomeOf } from './rules.js';
import type { CoerceoState } from './types.js';

/** States known to be valid: checked, or built by the library. */
const checked = new WeakSet<object>();

/** Present-tile bits: 19 tiles. */
const TILE_MASK = (1 << 19) - 1;
/** High word of a 57-bit colour-index set: indices 32..56. */
const HI_MASK = (1 << 25) - 1;
/** At most every tile of the board can be held. */
const MAX_HELD = 19;

/** Marks a state the library built as checked (it is valid by construction). */
export function trustState<S extends CoerceoState>(state: S): S {
  checked.add(state);
  return state;
}

/**
 * Returns `state` typed as a `CoerceoState` if it is a valid one; otherwise throws
 * `RulesError('INVALID_STATE')` saying which field or rule is broken, prefixed by `where` (the
 * entry point). Never throws anything else for plain values (getters that throw and proxies
 * aside).
 */
export function checkState(state: unknown, where: string): CoerceoState {
  if (typeof state === 'object' && state !== null && checked.has(state)) {
    return state as CoerceoState;
  }
  const why = shapeError(state) ?? ruleError(state as CoerceoState);
  if (why !== null) {
    throw new RulesError('INVALID_STATE', `${where}: not a valid Coerceo state: ${why}`);
  }
  checked.add(state as object);
  return state as CoerceoState;
}

/**
 * What rule a well-shaped state breaks, or `null`: it must be exactly the state its saved text
 * reads back as (C-NOTATION-4/5/6), so the invariants are the ones `deserialize` checks.
 */
function ruleError(s: CoerceoState): string | null {
  let back: CoerceoState;
  try {
    back = readSavedText(savedText(s));
  } catch (e) {
    return e instanceof RulesError ? e.message : String(e);
  }
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  if (!same(s.pieces, back.pieces)) {
    return "field 'pieces' holds a piece on a field whose tile is not on the board (C-BOARD-6)";
  }
  if (!same(s.since, back.since) || s.resigned !== back.resigned) {
    return "fields 'since' and 'resigned' do not read back from the saved text (C-NOTATION-5)";
  }
  if (!same(s.history, back.history)) {
    return "field 'history' does not list the positions its moves 'since' pass through (C-END-5)";
  }
  if (s.status !== back.status) {
    return `field 'status' says ${statusText(s.status)}, but the position gives ${statusText(back.status)} (C-END-7)`;
  }
  // The remaining fields are written to the text and read back exactly once well-shaped.
  return null;
}

function statusText(status: number): string {
  const o = outcomeOf(status);
  if (o === null) return 'the game goes on';
  return `${o.winner === null ? 'a draw' : `${o.winner} wins`} (${o.reason})`;
}

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
function shapeError(s: unknown): string | null {
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

/** 0, or `reason · 4 + winner` with reason 1..5 and winner 0..2 (see `rules.ts`). */
function isStatus(v: unknown): boolean {
  if (v === 0) return true;
  if (!isInt32(v)) return false;
  const n = v as number;
  return n >= 4 && n <= 22 && (n & 3) !== 3;
}
