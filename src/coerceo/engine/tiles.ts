/**
 * Tile removal (C-TILE): which empty tiles leave the board, including cascades.
 *
 * @module
 */
import { NB, neighbourSides, REMOVABLE_SIDES, TILE_HI, TILE_LO } from './board.js';

const scratch = new Int8Array(128);

/**
 * C-TILE-1 removability: tile `t` is present, holds no piece, and its present neighbours lie on
 * 1..3 cyclically contiguous sides. `occLo/occHi` is the union of both colours' pieces.
 */
export function isRemovable(tiles: number, occLo: number, occHi: number, t: number): boolean {
  if (!((tiles >> t) & 1)) return false;
  if ((occLo & TILE_LO[t]) !== 0 || (occHi & TILE_HI[t]) !== 0) {
    return false;
  }
  return REMOVABLE_SIDES[neighbourSides(tiles, t)] === 1;
}

/**
 * C-TILE-2: removes tile `start` if it is removable, then retests the remaining neighbours of
 * every removed tile until nothing changes (removal is mandatory and the result does not depend
 * on the order). Returns the mask of removed tiles (0 when none); `tiles` minus that mask is the
 * new tile set. Pieces do not change during removal, so one occupancy serves throughout.
 */
export function cascadeRemoval(tiles: number, occLo: number, occHi: number, start: number): number {
  let present = tiles;
  let top = 0;
  scratch[top++] = start;
  while (top > 0) {
    const t = scratch[--top];
    if (!isRemovable(present, occLo, occHi, t)) continue;
    present &= ~(1 << t);
    for (let d = 0; d < 6; d++) {
      const n = NB[t * 6 + d];
      if (n >= 0 && (present >> n) & 1) scratch[top++] = n;
    }
  }
  return tiles & ~present;
}
