/**
 * The text picture of a Torres position (what the CLI prints).
 *
 * @module
 */
import { readCheckedOptions } from '../core/options.js';
import { stacksFor } from './engine/phases.js';
import { checkState } from './state.js';
import type { TorresState } from './types.js';

/**
 * The seats' colours in seat order, as every picture draws the knights (`boardrules/torres/render`
 * and the playground: red, blue, yellow, green), and the letter the text picture shows for each.
 */
export const SEAT_NAMES: readonly string[] = ['red', 'blue', 'yellow', 'green'];
const LETTERS = 'RBYG';

/** The options {@link formatBoard} reads, and what each must be. */
const LEGEND_OPTION = {
  legend: (v: unknown) => (typeof v === 'boolean' ? undefined : 'a boolean'),
};

/** Options of {@link formatBoard}. */
export interface FormatBoardOptions {
  /** Add lines saying what each symbol means (default `false`; the CLI prints them). */
  readonly legend?: boolean;
}

/**
 * The text picture of a state, as the CLI prints it: heights and pieces on the 8×8 board
 * (rank 8 on top; a digit is the tower height, then `R`/`B`/`Y`/`G` for the knight of seat
 * 0/1/2/3 — red, blue, yellow, green as in the SVG pictures — `K` for the king, `.` for an
 * empty ground square), then the phase, round and step, and each seat's colour and score.
 * A finished game says after which round of phase 3 it ended (T-END-1).
 */
export function formatBoard(state: TorresState, options?: FormatBoardOptions): string {
  const s = checkState(state, 'formatBoard');
  const { legend } = readCheckedOptions(options, 'formatBoard options', LEGEND_OPTION);
  const lines: string[] = [];
  lines.push('    a  b  c  d  e  f  g  h');
  for (let y = 7; y >= 0; y--) {
    let row = `${y + 1}  `;
    for (let x = 0; x < 8; x++) {
      const q = 8 * y + x;
      const h = s.heights[q];
      const p = s.pieces[q];
      const piece =
        p === null || p === undefined ? (h > 0 ? ' ' : '.') : p === 'K' ? 'K' : (LETTERS[p] ?? '?');
      row += `${h > 0 ? String(h) : ' '}${piece} `;
    }
    lines.push(row.trimEnd());
  }
  // T-PHASE-1: the phase's rounds. `round` is 0-based; after the last turn of phase 3 it stands
  // at the number of rounds (all played), so the game ended in the round before it.
  const rounds = (stacksFor(s.options)[s.phase - 1] as readonly number[]).length;
  const seat = (i: number): string => `seat ${i} (${SEAT_NAMES[i]})`;
  if (s.step === 'over') {
    lines.push(
      `game over after phase ${s.phase}, round ${Math.min(s.round, rounds)} of ${rounds}; supply ${s.supply}`,
    );
  } else if (s.step.startsWith('setup')) {
    lines.push(`setup, step ${s.step}, ${seat(s.actor)} to act; supply ${s.supply}`);
  } else {
    lines.push(
      `phase ${s.phase}, round ${s.round + 1} of ${rounds}, step ${s.step}, ${seat(s.actor)} to act; supply ${s.supply}`,
    );
  }
  const width = Math.max(...s.seats.map((_, i) => seat(i).length));
  s.seats.forEach((p, i) => {
    lines.push(
      `${LETTERS[i]} ${`${seat(i)}:`.padEnd(width + 1)} ${p.score} pts, stacks [${p.stacks.join(',')}], ${p.knightsOff} knights off, ${p.hand.length} cards`,
    );
  });
  if (s.masterCard !== null) lines.push(`master card ${s.masterCard}`);
  if (legend === true) {
    lines.push(
      'Legend: each square is a tower height (blank on the ground), then its piece: R B Y G the',
      'knight of seat 0 1 2 3 (red, blue, yellow, green), K the king, . an empty ground square.',
    );
  }
  return lines.join('\n');
}
