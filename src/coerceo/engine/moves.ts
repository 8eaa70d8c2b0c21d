/**
 * The Coerceo move generator over the compact bit sets (C-MOVE, C-EXCHANGE): it writes move
 * codes (codes.ts) in canonical order. `CoerceoPosition.generate` (the hot path) runs the two
 * writers on its own fields; {@link generateSteps} runs the step writer over any position.
 * Colour-index order is field-id order, which is notation order, so writing bits from low to
 * high lists moves in canonical order (C-MOVE-2).
 *
 * @module
 */
import { VN_HI, VN_LO } from './board.js';
import { COLOUR_FIELDS, EXCHANGE } from './constants.js';
import type { CoerceoPosition } from './position.js';

/** C-MOVE-1: every step of the side to move of `pos` (see {@link writeSteps}). */
export function generateSteps(pos: CoerceoPosition, out: Int32Array, offset: number): number {
  const c = pos.toMove();
  return writeSteps(
    out,
    offset,
    c * COLOUR_FIELDS,
    pos.pieceWord(2 * c),
    pos.pieceWord(2 * c + 1),
    pos.presentWord(0),
    pos.presentWord(1),
  );
}

/**
 * C-MOVE-1: writes every step — one own piece to an empty, existing vertex neighbour (same
 * colour, so nothing is displaced and nothing blocks) — and returns how many ({@link countSteps}
 * counts them without writing). `base` is `57 · colour`; `own*` the mover's piece words, `p*` the existing
 * fields (both colours share the colour-index layout).
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
 * C-MOVE-1: how many steps {@link writeSteps} would write, for `count()` (perft's bulk count).
 * A loop of its own: the writer's loop with a "count only" branch cost the bulk perft a fifth
 * more instructions (valgrind, Laurentius depth 5).
 */
export function countSteps(
  base: number,
  ownLo: number,
  ownHi: number,
  pLo: number,
  pHi: number,
): number {
  const freeLo = pLo & ~ownLo;
  const freeHi = pHi & ~ownHi;
  // Per-byte counts summed over the pieces, added up across bytes once at the end: a piece has at
  // most 6 destinations (C-BOARD-5) and a side at most 18 pieces (C-NOTATION-4), so no byte and
  // no total exceeds 108, and the popcount's last step (the multiply) runs once per count, not
  // twice per piece (−10 % on the bulk perft).
  let bytes = 0;
  for (let bits = ownLo; bits !== 0; bits &= bits - 1) {
    const from = base + 31 - Math.clz32(bits & -bits);
    bytes += byteCounts(VN_LO[from] & freeLo, VN_HI[from] & freeHi);
  }
  for (let bits = ownHi; bits !== 0; bits &= bits - 1) {
    const from = base + 63 - Math.clz32(bits & -bits);
    bytes += byteCounts(VN_LO[from] & freeLo, VN_HI[from] & freeHi);
  }
  return Math.imul(bytes, 0x01010101) >>> 24;
}

/** The set bits of `lo` and `hi` counted per byte lane (a popcount without its final sum). */
function byteCounts(lo: number, hi: number): number {
  let x = lo - ((lo >>> 1) & 0x55555555);
  let y = hi - ((hi >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
  const z = x + y;
  return (z & 0x0f0f0f0f) + ((z >>> 4) & 0x0f0f0f0f);
}

/**
 * C-EXCHANGE-1 / C-EXCHANGE-4: writes one exchange per opponent piece (the caller checks the
 * held tiles; a step need not exist) and returns how many (as many as the opponent has pieces).
 * Exchanges follow the steps in notation order ('x' sorts after 'a'..'e').
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
