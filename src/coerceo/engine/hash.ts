/**
 * Zobrist keys of the Coerceo position (C-END-5 needs a position identity; search tables use
 * it too). A hash is 53 bits, kept as a 32-bit low word and a 21-bit high word so that every
 * update is an int32 XOR. Key `i` of a table is `[2i]` (low word) and `[2i + 1]` (high word),
 * side by side in memory. The keys come from a fixed seed: the same on every platform and run.
 *
 * @module
 */
import { nextUint32, type RngState, rngFromSeed } from '../../core/rng.js';
import { COLOUR_FIELDS, TILE_COUNT } from './constants.js';

/** One key per (colour, colour index): colour `c`, index `ci` is key `c · 57 + ci`. */
export const PIECE_KEYS: Int32Array = new Int32Array(2 * 2 * COLOUR_FIELDS);
/** One key per present tile. */
export const TILE_KEYS: Int32Array = new Int32Array(2 * TILE_COUNT);
/** One key per (seat, tiles held 0..19): seat `c` holding `h` is key `c · 20 + h`. */
export const HELD_KEYS: Int32Array = new Int32Array(2 * 2 * 20);
const sideKey = new Int32Array(2);
{
  let rng: RngState = rngFromSeed(0xc0e2ce0);
  const draw = (): number => {
    const [v, next] = nextUint32(rng);
    rng = next;
    return v | 0;
  };
  const fill = (keys: Int32Array): void => {
    for (let i = 0; i < keys.length; i += 2) {
      keys[i] = draw();
      keys[i + 1] = draw() & 0x1fffff;
    }
  };
  fill(PIECE_KEYS);
  fill(TILE_KEYS);
  fill(HELD_KEYS);
  fill(sideKey);
}
/** The key of Black to move, low word. */
export const SIDE_KEY_LO: number = sideKey[0];
/** The key of Black to move, high word. */
export const SIDE_KEY_HI: number = sideKey[1];

/**
 * XOR of the piece keys (word `half`: 0 low, 1 high) of colour base `base` (`c · 57`) over the
 * colour-index bit set `bitsLo` (indices 0..31) / `bitsHi` (32..56).
 */
export function pieceKeys(half: 0 | 1, base: number, bitsLo: number, bitsHi: number): number {
  let h = 0;
  while (bitsLo !== 0) {
    const ci = 31 - Math.clz32(bitsLo & -bitsLo);
    bitsLo &= bitsLo - 1;
    h ^= PIECE_KEYS[2 * (base + ci) + half];
  }
  while (bitsHi !== 0) {
    const ci = 63 - Math.clz32(bitsHi & -bitsHi);
    bitsHi &= bitsHi - 1;
    h ^= PIECE_KEYS[2 * (base + ci) + half];
  }
  return h;
}

/**
 * The hash word `half` of a whole position: piece words (White lo, White hi, Black lo, Black
 * hi), tiles held per seat, present tiles and the side to move.
 */
export function positionHash(
  half: 0 | 1,
  pieces: readonly number[],
  held: readonly number[],
  tiles: number,
  side: number,
): number {
  let h =
    pieceKeys(half, 0, pieces[0], pieces[1]) ^ pieceKeys(half, COLOUR_FIELDS, pieces[2], pieces[3]);
  for (let c = 0; c < 2; c++) h ^= HELD_KEYS[2 * (c * 20 + held[c]) + half];
  for (let t = 0; t < TILE_COUNT; t++) {
    if ((tiles >> t) & 1) h ^= TILE_KEYS[2 * t + half];
  }
  if (side === 1) h ^= half === 0 ? SIDE_KEY_LO : SIDE_KEY_HI;
  return h;
}
