/**
 * 64-square bit sets for the 8×8 Torres board, as two 32-bit halves: `lo` holds squares 0..31
 * (rows 1–4), `hi` squares 32..63 (rows 5–8); square q is bit `q & 31` of its half. JavaScript
 * has no fast 64-bit integer, and a pair of int32 values keeps every operation on small
 * integers with no allocation. A function that yields a set writes it into a caller-owned
 * `Int32Array` at `[i, i + 1]` (lo, hi).
 *
 * @module
 */
/** Every square except the a-file, per half (the a-file is bit 0 of each byte). */
const NOT_A = ~0x01010101;
/** Every square except the h-file, per half. */
const NOT_H = ~0x80808080;

/** The orthogonal neighbours of `lo, hi` (the set itself excluded), low half. */
export function growLo(lo: number, hi: number): number {
  return ((lo << 1) & NOT_A) | ((lo >>> 1) & NOT_H) | (lo << 8) | (lo >>> 8) | (hi << 24);
}

/** The orthogonal neighbours of `lo, hi` (the set itself excluded), high half. */
export function growHi(lo: number, hi: number): number {
  return ((hi << 1) & NOT_A) | ((hi >>> 1) & NOT_H) | (hi << 8) | (hi >>> 8) | (lo >>> 24);
}

/** One square as a set: its bit in half `q >> 5`. */
export const bitLo = (q: number): number => (q < 32 ? 1 << q : 0);
/** One square as a set, high half. */
export const bitHi = (q: number): number => (q < 32 ? 0 : 1 << (q - 32));

/** The lowest square of a non-empty half (`0..31`; add 32 for the high half). */
export const lowest = (m: number): number => 31 - Math.clz32(m & -m);

/** The number of squares in a half. */
export function count(m: number): number {
  m -= (m >>> 1) & 0x55555555;
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Flood fill: the squares of `inLo, inHi` orthogonally connected to the seed through squares of
 * the same set (the seed must lie inside it). Writes the result at `out[o], out[o + 1]`.
 */
export function flood(
  seedLo: number,
  seedHi: number,
  inLo: number,
  inHi: number,
  out: Int32Array,
  o: number,
): void {
  let lo = seedLo;
  let hi = seedHi;
  for (;;) {
    const nLo = (lo | growLo(lo, hi)) & inLo;
    const nHi = (hi | growHi(lo, hi)) & inHi;
    if (nLo === lo && nHi === hi) break;
    lo = nLo;
    hi = nHi;
  }
  out[o] = lo;
  out[o + 1] = hi;
}

/** Orthogonal neighbours of each square as a set: square q at `[2q, 2q + 1]`. */
export const ORTH: Int32Array = neighbourSets();

function neighbourSets(): Int32Array {
  const out = new Int32Array(128);
  for (let q = 0; q < 64; q++) {
    out[2 * q] = growLo(bitLo(q), bitHi(q));
    out[2 * q + 1] = growHi(bitLo(q), bitHi(q));
  }
  return out;
}

/**
 * Writes `base | q << 10` (a move code with `to = q`) for every square q of the set, in
 * ascending order, at `out[k..]`; returns the new end.
 */
export function emitTo(out: Int32Array, k: number, lo: number, hi: number, base: number): number {
  while (lo !== 0) {
    out[k++] = base | (lowest(lo) << 10);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[k++] = base | ((lowest(hi) + 32) << 10);
    hi &= hi - 1;
  }
  return k;
}
