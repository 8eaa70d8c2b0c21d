/**
 * Coerceo moves: the integer encoding the search position uses, its conversion to and from
 * move objects, and move generation over the compact bit sets (C-MOVE, C-EXCHANGE).
 *
 * An integer move is relative to the side to move: a step is `from | to << 6` (colour indices
 * of the mover's colour), an exchange `EXCHANGE | target` (a colour index of the opponent's
 * colour). Colour-index order is field-id order, which is notation order, so writing bits from
 * low to high lists moves in canonical order (C-MOVE-2).
 *
 * @module
 */
import {
  colourIndex,
  fieldByName,
  fieldColour,
  fieldName,
  fieldOf,
  VN_HI,
  VN_LO,
} from './board.js';
import type { CoerceoMove } from './types.js';

/** Flag bit of an exchange in the integer move encoding. */
export const EXCHANGE: number = 1 << 12;

/** Upper bound on legal moves: 18 pieces × 6 steps + 18 exchange targets. */
export const MAX_MOVES: number = 18 * 6 + 18;

/**
 * C-MOVE-1: writes every step — one own piece to an empty, existing vertex neighbour (same
 * colour, so nothing is displaced and nothing blocks) — and returns how many. `base` is
 * `57 · colour`; `own*` the mover's piece words, `p*` the existing fields (both colours share
 * the colour-index layout).
 */
export function writeSteps(
  out: Int32Array,
  offset: number,
  base: number,
  ownLo: number,
  ownHi: number,
  pLo: number,
  pHi: number,
): number {
  const freeLo = pLo & ~ownLo;
  const freeHi = pHi & ~ownHi;
  let n = offset;
  for (let w = 0; w < 2; w++) {
    let bits = w === 0 ? ownLo : ownHi;
    while (bits !== 0) {
      const from = 31 - Math.clz32(bits & -bits) + 32 * w;
      bits &= bits - 1;
      let dLo = VN_LO[base + from] & freeLo;
      let dHi = VN_HI[base + from] & freeHi;
      while (dLo !== 0) {
        out[n++] = from | ((31 - Math.clz32(dLo & -dLo)) << 6);
        dLo &= dLo - 1;
      }
      while (dHi !== 0) {
        out[n++] = from | ((63 - Math.clz32(dHi & -dHi)) << 6);
        dHi &= dHi - 1;
      }
    }
  }
  return n - offset;
}

/**
 * C-EXCHANGE-1 / C-EXCHANGE-4: writes one exchange per opponent piece (the caller checks the
 * held tiles; a step need not exist) and returns how many. Exchanges follow the steps in
 * notation order ('x' sorts after 'a'..'e').
 */
export function writeExchanges(
  out: Int32Array,
  offset: number,
  oppLo: number,
  oppHi: number,
): number {
  let n = offset;
  let lo = oppLo;
  let hi = oppHi;
  while (lo !== 0) {
    out[n++] = EXCHANGE | (31 - Math.clz32(lo & -lo));
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[n++] = EXCHANGE | (63 - Math.clz32(hi & -hi));
    hi &= hi - 1;
  }
  return n - offset;
}

/** The move object of an integer move for side `side` to move. */
export function decodeMove(move: number, side: number): CoerceoMove {
  if (move & EXCHANGE) {
    return { type: 'exchange', target: fieldName(fieldOf(1 - side, move & 63)) };
  }
  return {
    type: 'step',
    from: fieldName(fieldOf(side, move & 63)),
    to: fieldName(fieldOf(side, (move >> 6) & 63)),
  };
}

/** The integer code of a move object for side `side` to move; −1 when it cannot be one. */
export function encodeMove(move: CoerceoMove, side: number): number {
  if (move === null || typeof move !== 'object') return -1;
  if (move.type === 'exchange') {
    const id = typeof move.target === 'string' ? fieldByName(move.target) : -1;
    if (id < 0 || fieldColour(id) !== 1 - side) return -1;
    return EXCHANGE | colourIndex(id);
  }
  if (move.type === 'step') {
    const from = typeof move.from === 'string' ? fieldByName(move.from) : -1;
    const to = typeof move.to === 'string' ? fieldByName(move.to) : -1;
    if (from < 0 || to < 0 || fieldColour(from) !== side || fieldColour(to) !== side) return -1;
    return colourIndex(from) | (colourIndex(to) << 6);
  }
  return -1;
}
