/**
 * Torres' Zobrist-style keys (the position's 53-bit hash) and the hash of a whole state array,
 * which a position computes on the first demand and then keeps up to date with every write.
 *
 * @module
 */
import { SIZE } from './layout.js';

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
// Zobrist keys computed on the fly from (index, value): values range widely (scores), so a
// table would be large; two independent 32-bit mixes give a 53-bit key.
/** The key of value `v` at index `i`, low half. */
export const key1 = (i: number, v: number): number =>
  mix(Math.imul(i + 1, 0x9e3779b1) ^ (v + 0x632be5ab));
/** The key of value `v` at index `i`, high half. */
export const key2 = (i: number, v: number): number =>
  mix(Math.imul(i + 7, 0x85ebca77) ^ Math.imul(v + 3, 0xc2b2ae3d));

function zeroHash(key: (i: number, v: number) => number): number {
  let h = 0;
  for (let i = 0; i < SIZE; i++) h ^= key(i, 0);
  return h;
}
/** The hash halves of the all-zero array, so a whole hash only visits the non-zero entries. */
const ZERO_LO = zeroHash(key1);
const ZERO_HI = zeroHash(key2);

/**
 * The hash of the whole state array `a`, low half at `out[0]` and high half at `out[1]` (as
 * unsigned 32-bit numbers): the all-zero array's, with each non-zero entry's keys swapped in.
 */
export function wholeHash(a: Int32Array, out: number[]): void {
  let lo = ZERO_LO;
  let hi = ZERO_HI;
  for (let i = 0; i < SIZE; i++) {
    const v = a[i];
    if (v === 0) continue;
    lo ^= key1(i, 0) ^ key1(i, v);
    hi ^= key2(i, 0) ^ key2(i, v);
  }
  out[0] = lo >>> 0;
  out[1] = hi >>> 0;
}

/** `foldWrites`' marks of the indices already folded, per fold. */
const foldMark = new Int32Array(SIZE);
let foldStamp = 0;

/**
 * Folds into the hash halves `h[0]`, `h[1]` (of `a` before the writes) the writes logged at
 * `log[from .. to − 1]`, `(index, old value)` pairs, that brought `a` to what it is now. The
 * writes to one index telescope: only its value before the first of them and its value now
 * count, so each index is folded once (`foldMark` finds the first write).
 */
export function foldWrites(
  a: Int32Array,
  log: Int32Array,
  from: number,
  to: number,
  h: number[],
): void {
  let lo = h[0];
  let hi = h[1];
  const st = ++foldStamp;
  for (let j = from; j < to; j += 2) {
    const i = log[j];
    if (foldMark[i] === st) continue;
    foldMark[i] = st;
    const old = log[j + 1];
    const v = a[i];
    lo ^= key1(i, old) ^ key1(i, v);
    hi ^= key2(i, old) ^ key2(i, v);
  }
  h[0] = lo >>> 0;
  h[1] = hi >>> 0;
}
