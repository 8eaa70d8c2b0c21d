/**
 * Hive's Zobrist keys (the position's 53-bit hash, H-END-4) and the hashes computed from scratch:
 * the whole position's (what tests compare the incremental hash with) and the kind-only hash of
 * the `'nokamute'` repetition rule.
 *
 * @module
 */
import { RandomStream } from '../../core/stream.js';
import { CELLS, PIECES, SLOTS } from './constants.js';
import { KIND_FIRST_SLOT, SLOT_KIND } from './pieces.js';

/**
 * Above the highest level a piece can reach: 1 ground piece + every climber (4 Beetles or
 * Mantises, 2 Mosquitoes, 2 Dragonflies) = level 8.
 */
export const LEVELS = 16;

// Zobrist keys: per (piece, cell) and per (piece, level), as two 32-bit halves (53-bit hash).
// The halves of a key sit side by side (`Z[2i]` low, `Z[2i + 1]` high), so one cache line holds
// both: the (piece, cell) table is 1.8 MB.
const rng = new RandomStream(0x48495645);
/** Per (cell, piece): the low and high halves of the key side by side. */
export const ZC: Int32Array = new Int32Array(2 * PIECES * CELLS);
/** Per (piece, level): the low and high halves of the key side by side. */
export const ZL: Int32Array = new Int32Array(2 * PIECES * LEVELS);
/** Per frozen piece (index piece + 1; 0 for none), halves side by side like the others. */
export const ZF: Int32Array = new Int32Array(2 * (PIECES + 1));
// Drawn piece by piece (the order the hash values were first defined in), stored hex by hex:
// the keys of all pieces on one hex share a few cache lines. Stored piece by piece, the keys of
// one hex lay 32 KB apart for successive pieces, the same L1 set, and a ply's key reads missed.
for (let p = 0; p < PIECES; p++) {
  for (let c = 0; c < CELLS; c++) {
    const k = 2 * (c * PIECES + p);
    ZC[k] = rng.uint32() | 0;
    ZC[k + 1] = rng.uint32() & 0x1fffff;
  }
}
for (let i = 0; i < ZL.length; i += 2) {
  ZL[i] = rng.uint32() | 0;
  ZL[i + 1] = rng.uint32() & 0x1fffff;
}
for (let i = 2; i < ZF.length; i += 2) {
  ZF[i] = rng.uint32() | 0;
  ZF[i + 1] = rng.uint32() & 0x1fffff;
}
/** The side-to-move key, low half. */
export const ZS_LO: number = rng.uint32() | 0;
/** The side-to-move key, high half. */
export const ZS_HI: number = rng.uint32() & 0x1fffff;

/**
 * H-END-4 `'nokamute'`: the pieces on the board by colour, kind, hex and level only, as
 * nokamute's hash sees them (two Ants that swap hexes leave it unchanged), from the pieces' cells
 * and levels. Computed from scratch: only games with this option pay for it, once per ply. Each
 * piece is keyed as its kind's first piece of its colour, the key rotated by its level, so two
 * stacked pieces of one kind do not cancel out.
 */
export function kindKey(cell: Int16Array, level: Uint8Array): number {
  let lo = 0;
  let hi = 0;
  for (let p = 0; p < PIECES; p++) {
    const c = cell[p];
    if (c < 0) continue;
    const first = KIND_FIRST_SLOT[SLOT_KIND[p % SLOTS]] + (p >= SLOTS ? SLOTS : 0);
    // Distinct rotations for levels 0..10, more than any stack reaches.
    const turn = (level[p] * 3) & 31;
    const l = ZC[2 * (c * PIECES + first)];
    const h = ZC[2 * (c * PIECES + first) + 1];
    lo ^= turn === 0 ? l : (l << turn) | (l >>> (32 - turn));
    hi ^= turn === 0 ? h : (h << turn) | (h >>> (32 - turn));
  }
  return (hi >>> 0) * 0x100000000 + (lo >>> 0);
}

/** The hash of a position from its pieces' cells and levels, the side to move and F. */
export function hashFromScratch(
  cell: Int16Array,
  level: Uint8Array,
  ply: number,
  frozen: number,
  frozen2: number,
): number {
  let lo = 0;
  let hi = 0;
  for (let p = 0; p < PIECES; p++) {
    const c = cell[p] as number;
    if (c < 0) continue;
    const kc = 2 * (c * PIECES + p);
    const kl = 2 * (p * LEVELS + (level[p] as number));
    lo ^= (ZC[kc] as number) ^ (ZL[kl] as number);
    hi ^= (ZC[kc + 1] as number) ^ (ZL[kl + 1] as number);
  }
  if (ply & 1) {
    lo ^= ZS_LO;
    hi ^= ZS_HI;
  }
  const f1 = 2 * (frozen + 1);
  const f2 = 2 * (frozen2 + 1);
  lo ^= (ZF[f1] as number) ^ (ZF[f2] as number);
  hi ^= (ZF[f1 + 1] as number) ^ (ZF[f2 + 1] as number);
  return (hi >>> 0) * 0x100000000 + (lo >>> 0);
}
