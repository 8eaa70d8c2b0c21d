/**
 * Capture (C-CAPTURE): which opponent pieces a turn encloses.
 *
 * @module
 */
import { EN_HI, EN_LO } from './board.js';

/**
 * C-CAPTURE-1 / C-CAPTURE-5: the candidates of one word (`cand`: opponent colour-index bits,
 * `word` 0 for indices 0..31, 32 for 32..56) whose every existing edge neighbour holds a piece
 * of the mover — missing neighbours enclose too. `gapLo/gapHi` are the existing fields of the
 * mover's colour without a mover's piece; `ob` is the opponent's colour base (`c · 57`).
 * Enclosure depends only on the mover's pieces and the tiles, so every candidate is decided
 * before any is removed.
 */
export function enclosed(
  cand: number,
  word: 0 | 32,
  gapLo: number,
  gapHi: number,
  ob: number,
): number {
  let taken = 0;
  while (cand !== 0) {
    const bit = cand & -cand;
    cand &= cand - 1;
    const q = ob + word + 31 - Math.clz32(bit);
    if ((EN_LO[q] & gapLo) === 0 && (EN_HI[q] & gapHi) === 0) taken |= bit;
  }
  return taken;
}
