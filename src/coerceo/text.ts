/**
 * A plain-text picture of a Coerceo state (C-SETUP-1's picture format): each tile is two rows
 * of three triangles, top `a f e`, bottom `b c d`; `W`/`B` a piece, `.` an empty field, blank a
 * missing tile.
 *
 * @module
 */
import { TILE_COUNT, TILE_X, TILE_Y } from './board.js';
import { formatCpf } from './notation.js';
import { checkState } from './state.js';
import type { CoerceoState } from './types.js';

/** Letters of the top and bottom half of a tile, left to right. */
const TOP = [0, 5, 4];
const BOTTOM = [1, 2, 3];

/** The picture: 10 rows of 5 file columns, then the position string. */
export function formatBoard(state: CoerceoState): string {
  checkState(state, 'formatBoard');
  const grid: string[][] = Array.from({ length: 10 }, () => Array.from({ length: 5 }, () => '   '));
  for (let t = 0; t < TILE_COUNT; t++) {
    if (!((state.tiles >> t) & 1)) continue;
    const x = TILE_X[t];
    const y = TILE_Y[t];
    const row = 2 * (2 - y) - x;
    const cell = (l: number): string => {
      const c = l & 1;
      const ci = 3 * t + (l >> 1);
      const word = state.pieces[2 * c + (ci >> 5)];
      return (word >>> (ci & 31)) & 1 ? (c === 0 ? 'W' : 'B') : '.';
    };
    (grid[row] as string[])[x + 2] = TOP.map(cell).join('');
    (grid[row + 1] as string[])[x + 2] = BOTTOM.map(cell).join('');
  }
  const lines = ['        a   b   c   d   e'];
  for (let r = 0; r < 10; r++) lines.push(`row ${r}  ${(grid[r] as string[]).join(' ')}`.trimEnd());
  lines.push(formatCpf(state));
  return lines.join('\n');
}
