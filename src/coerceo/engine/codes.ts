/**
 * Coerceo move codes: the integer form the search position generates and plays, and its
 * conversion to and from move objects.
 *
 * An integer move is relative to the side to move: a step is `from | to << 6` (colour indices
 * of the mover's colour), an exchange `EXCHANGE | target` (a colour index of the opponent's
 * colour).
 *
 * @module
 */

import type { CoerceoMove } from '../types.js';
import { colourIndex, fieldByName, fieldColour, fieldName, fieldOf } from './board.js';
import { EXCHANGE } from './constants.js';

// The code layout's numbers live in constants.ts so the build inlines them.
export { EXCHANGE, MAX_MOVES } from './constants.js';

/**
 * Move objects are immutable values, so each (side, code) has one frozen object, built on first
 * use: a move list is then lookups, not new objects and field-name strings (what `moves` costs
 * an app or a bot on the immutable path). Indexed by `side * CODE_SPAN + code`.
 */
const CODE_SPAN = 2 * EXCHANGE;
const interned: Array<CoerceoMove | undefined> = new Array(2 * CODE_SPAN).fill(undefined);
/** The key in `interned` of each interned move object (so encoding one is a lookup). */
const keyOf = new Map<CoerceoMove, number>();

/** The move object of an integer move for side `side` to move (one shared frozen object). */
export function decodeMove(move: number, side: number): CoerceoMove {
  const key = side * CODE_SPAN + move;
  const known = interned[key];
  if (known !== undefined) return known;
  const built = buildMove(move, side);
  interned[key] = built;
  keyOf.set(built, key);
  return built;
}

function buildMove(move: number, side: number): CoerceoMove {
  if (move & EXCHANGE) {
    return Object.freeze({ kind: 'exchange', target: fieldName(fieldOf(1 - side, move & 63)) });
  }
  return Object.freeze({
    kind: 'step',
    from: fieldName(fieldOf(side, move & 63)),
    to: fieldName(fieldOf(side, (move >> 6) & 63)),
  });
}

/** The integer code of a move object for side `side` to move; −1 when it cannot be one. */
export function encodeMove(move: CoerceoMove, side: number): number {
  const key = keyOf.get(move);
  if (key !== undefined) {
    // An interned move: its code, if it is one of `side`'s.
    const code = key - side * CODE_SPAN;
    return code >= 0 && code < CODE_SPAN ? code : -1;
  }
  if (move === null || typeof move !== 'object') return -1;
  if (move.kind === 'exchange') {
    const id = typeof move.target === 'string' ? fieldByName(move.target) : -1;
    if (id < 0 || fieldColour(id) !== 1 - side) return -1;
    return EXCHANGE | colourIndex(id);
  }
  if (move.kind === 'step') {
    const from = typeof move.from === 'string' ? fieldByName(move.from) : -1;
    const to = typeof move.to === 'string' ? fieldByName(move.to) : -1;
    if (from < 0 || to < 0 || fieldColour(from) !== side || fieldColour(to) !== side) return -1;
    return colourIndex(from) | (colourIndex(to) << 6);
  }
  return -1;
}
