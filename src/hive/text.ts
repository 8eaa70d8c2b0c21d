/**
 * A plain-text picture of a Hive position: the top piece of every stack on a staggered hex
 * grid (pointy-top, `r` grows downwards, each row shifted half a hex), with stacks listed below.
 *
 * @module
 */
import { formatGameString } from './game-string.js';

import { piecesOnBoard, stackAt } from './queries.js';
import type { HiveState } from './types.js';

/** Renders `state` as a small ASCII hex map preceded by its GameString. */
export function formatBoard(state: HiveState): string {
  const pieces = piecesOnBoard(state);
  const lines = [formatGameString(state, { uhp: true })];
  if (pieces.length === 0) return lines.join('\n');
  const tops = new Map<string, { q: number; r: number; name: string; height: number }>();
  for (const p of pieces) {
    const key = `${p.q},${p.r}`;
    const cur = tops.get(key);
    if (!cur || p.level >= cur.height) {
      tops.set(key, { q: p.q, r: p.r, name: p.piece, height: p.level + 1 });
    }
  }
  const cells = [...tops.values()];
  const minR = Math.min(...cells.map((c) => c.r));
  const maxR = Math.max(...cells.map((c) => c.r));
  const minX = Math.min(...cells.map((c) => 2 * c.q + c.r));
  for (let r = minR; r <= maxR; r++) {
    let row = '';
    for (const c of cells.filter((x) => x.r === r).sort((a, b) => a.q - b.q)) {
      const col = (2 * c.q + c.r - minX) * 3;
      const label = (c.height > 1 ? `${c.name}*` : c.name).padEnd(6, ' ');
      row = row.padEnd(col, ' ') + label;
    }
    lines.push(row.trimEnd());
  }
  for (const c of cells.filter((x) => x.height > 1)) {
    lines.push(`* stack at (${c.q},${c.r}) bottom to top: ${stackAt(state, c.q, c.r).join(' ')}`);
  }
  return lines.join('\n');
}
