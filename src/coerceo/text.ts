/**
 * A plain-text picture of a Coerceo state (C-SETUP-1's picture format): each tile is two rows
 * of three triangles, top `a f e`, bottom `b c d`, with the tile's name (`b3`) before its top
 * row, so a field's name is the tile's name and the letter of its place (`b3a` top left);
 * `W`/`B` a piece, `.` an empty field, blank a missing tile.
 *
 * @module
 */

import { readCheckedOptions } from '../core/options.js';
import { TILE_COUNT, TILE_NAMES, TILE_X, TILE_Y } from './engine/board.js';
import { formatCpf } from './notation.js';
import { checkState } from './state.js';
import type { CoerceoState } from './types.js';

/** Letters of the top and bottom half of a tile, left to right (C-NOTATION-1's field letters). */
const TOP = [0, 5, 4];
const BOTTOM = [1, 2, 3];
/** Characters per file column: the tile name, a space and three fields. */
const WIDTH = 6;

/** The options {@link formatBoard} reads, and what each must be. */
const LEGEND_OPTION = {
  legend: (v: unknown) => (typeof v === 'boolean' ? undefined : 'a boolean'),
};

/** Options of {@link formatBoard}. */
export interface FormatBoardOptions {
  /** Add lines saying what each symbol means (default `false`; the CLI prints them). */
  readonly legend?: boolean;
}

/** The lines {@link formatBoard} adds with `legend: true`. */
const LEGEND = [
  'Legend: W White piece, B Black piece, . empty field, blank: no tile there.',
  'Fields of a tile:  a f e   each named after its tile: "b3 W.." is a White piece on b3a;',
  '                   b c d   a, c, e are White fields, b, d, f Black ones.',
  'Last line: the position string (side to move, tiles held White/Black, layout, exchange cost).',
];

/**
 * The picture: file letters a–e, then up to 10 rows in which each tile takes two (its name
 * before the top row, each file half a tile lower than the one to its left; rows with no tile at
 * the top and the bottom are left out), then the position string.
 */
export function formatBoard(state: CoerceoState, options?: FormatBoardOptions): string {
  checkState(state, 'formatBoard');
  const { legend } = readCheckedOptions(options, 'formatBoard options', LEGEND_OPTION);
  const empty = ' '.repeat(WIDTH);
  const grid: string[][] = Array.from({ length: 10 }, () => Array.from({ length: 5 }, () => empty));
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
    (grid[row] as string[])[x + 2] = `${TILE_NAMES[t]} ${TOP.map(cell).join('')}`;
    (grid[row + 1] as string[])[x + 2] = `   ${BOTTOM.map(cell).join('')}`;
  }
  // Each file letter above the middle field of its column.
  const lines = [
    `  ${['a', 'b', 'c', 'd', 'e'].map((f) => `${' '.repeat(WIDTH - 2)}${f}  `).join('')}`.trimEnd(),
  ];
  const rows = grid.map((row) => `  ${row.join(' ')}`.trimEnd());
  // Rows with no tile left at the top and the bottom (Ocius, late games) are not drawn.
  while (rows.length > 0 && rows[0] === '') rows.shift();
  while (rows.length > 0 && rows.at(-1) === '') rows.pop();
  lines.push(...rows);
  if (legend === true) lines.push(...LEGEND);
  lines.push(formatCpf(state));
  return lines.join('\n');
}
