/**
 * The text picture of a Torres position (what the CLI prints).
 *
 * @module
 */
import { checkState } from './state.js';
import type { TorresState } from './types.js';

/** Seat colours in seat order, one letter each, as the picture shows knights. */
const COLOURS = 'WBGR';

/**
 * The text picture of a state, as the CLI prints it: heights and pieces on the 8×8 board
 * (rank 8 on top; a digit is the tower height, then `W`/`B`/`G`/`R` for a seat's knight, `K`
 * for the king, `.` for an empty square), then the phase, the turn and each seat's score.
 */
export function formatBoard(state: TorresState): string {
  const s = checkState(state, 'formatBoard');
  const lines: string[] = [];
  lines.push('    a  b  c  d  e  f  g  h');
  for (let y = 7; y >= 0; y--) {
    let row = `${y + 1}  `;
    for (let x = 0; x < 8; x++) {
      const q = 8 * y + x;
      const h = s.heights[q];
      const p = s.pieces[q];
      const piece =
        p === null || p === undefined ? (h > 0 ? ' ' : '.') : p === 'K' ? 'K' : (COLOURS[p] ?? '?');
      row += `${h > 0 ? String(h) : ' '}${piece} `;
    }
    lines.push(row.trimEnd());
  }
  lines.push(
    `phase ${s.phase}, round ${s.round + 1}, step ${s.step}, seat ${s.actor} to act; supply ${s.supply}`,
  );
  lines.push(
    s.seats
      .map(
        (p, i) =>
          `${COLOURS[i]} (seat ${i}): ${p.score} pts, stacks [${p.stacks.join(',')}], ${p.knightsOff} knights off, ${p.hand.length} cards`,
      )
      .join('\n'),
  );
  if (s.masterCard !== null) lines.push(`master card ${s.masterCard}`);
  return lines.join('\n');
}
