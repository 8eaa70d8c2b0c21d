/**
 * The board model for search: the unbounded hex plane folded onto a 64 × 64 torus of cells.
 *
 * Why a torus: a hive of at most 28 pieces is connected, so it spans at most 28 hexes in `q` and
 * in `r`; every hex the rules look at (destinations, flanks) lies within two hexes of it. Two
 * real hexes share a cell only when they differ by a multiple of 64, which cannot happen inside
 * that window, so neighbourhood on the torus equals neighbourhood on the plane and the hive may
 * drift without ever being re-centred. A cell is `(q & 63) | (r & 63) << 6`; neighbours come
 * from one precomputed table. Real coordinates are recovered relative to an anchor piece
 * (see `Position.realQ`).
 *
 * @module
 */
import { DIRECTIONS } from '../../geometry/hex.js';
import { CELLS, BITS as I_BITS, MASK as I_MASK, SIDE as I_SIDE } from './constants.js';

// Local aliases for the test runner (see moves.ts); the build drops them.
const BITS = I_BITS;
const MASK = I_MASK;
const SIDE = I_SIDE;

// The torus numbers live in constants.ts so the build inlines them.
export { BITS, CELLS, MASK, ORIGIN_CELL, SIDE } from './constants.js';

/** The cell of real hex `(q, r)`. */
export function cellOf(q: number, r: number): number {
  return (q & MASK) | ((r & MASK) << BITS);
}

/** Torus `q` of a cell (0..63). */
export function cellQ(cell: number): number {
  return cell & MASK;
}

/** Torus `r` of a cell (0..63). */
export function cellR(cell: number): number {
  return cell >> BITS;
}

/** A torus difference folded into `[-32, 31]`. */
export function wrap(d: number): number {
  return ((d + (SIDE >> 1)) & MASK) - (SIDE >> 1);
}

/**
 * `NB[cell * 6 + d]` is the neighbour of `cell` in direction `d` (H-COORD-2 order:
 * NW, NE, E, SE, SW, W).
 */
export const NB: Int16Array = (() => {
  const t = new Int16Array(CELLS * 6);
  for (let c = 0; c < CELLS; c++) {
    const q = cellQ(c);
    const r = cellR(c);
    for (let d = 0; d < 6; d++) {
      const v = DIRECTIONS[d] as readonly [number, number];
      t[c * 6 + d] = cellOf(q + v[0], r + v[1]);
    }
  }
  return t;
})();
