/**
 * What each stack's top means to its neighbours: the touch counts every lift and drop keeps
 * (`Position.touching`), the placement spots they give (H-PLACE-3), and a piece's bit in its
 * colour's hand.
 *
 * @module
 */
import { SLOTS } from './constants.js';

/** Piece `p`'s bit in its colour's {@link Position.hand}. */
export function handBit(p: number): number {
  return 1 << (p >= SLOTS ? p - SLOTS : p);
}

/** What a stack topped by piece `p` adds to each neighbour's {@link Position.touching}. */
export function touchUnit(p: number): number {
  return p < 0 ? 0 : p >= SLOTS ? 16 : 1;
}

/** The bit of a {@link Position.touching} byte set while the cell itself holds a stack. */
export const OCCUPIED = 0x80;

/**
 * H-PLACE-3 by a cell's {@link Position.touching} byte: 1 when White may place there (the cell
 * is empty, a White top touches it, no Black one does), plus `1 << 16` when Black may.
 */
export const SPOT: Int32Array = Int32Array.from({ length: 256 }, (_, t) => {
  const white = t & 0x07;
  const black = (t >> 4) & 0x07;
  if (t & OCCUPIED) return 0;
  return (white > 0 && black === 0 ? 1 : 0) + (black > 0 && white === 0 ? 1 << 16 : 0);
});
