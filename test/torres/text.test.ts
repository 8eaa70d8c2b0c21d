import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import { formatBoard, squareIndex, torres } from '../../src/torres/index.js';
import { at } from './helpers.js';

/** The two characters the picture shows for `square` (height digit or blank, then the piece). */
function cell(picture: string, square: string): string {
  const rank = Number(square[1]);
  const file = square.charCodeAt(0) - 97;
  const row = picture.split('\n')[1 + (8 - rank)];
  expect(row.startsWith(`${rank}  `)).toBe(true);
  return row.padEnd(3 + 3 * 8).slice(3 + 3 * file, 5 + 3 * file);
}

describe('formatBoard: the text picture', () => {
  it('shows each square as its height and its piece, rank 8 on top, files a..h', () => {
    const s = at({ h: 'c3=1 d3=3 e3=1 f3=1 e5=2 e6=1 h8=1', p: 'W@c3 B@d3 K@e5' });
    const picture = formatBoard(s);
    expect(picture.split('\n')[0]).toBe('    a  b  c  d  e  f  g  h');
    expect(cell(picture, 'c3')).toBe('1W');
    expect(cell(picture, 'd3')).toBe('3B');
    expect(cell(picture, 'e5')).toBe('2K');
    expect(cell(picture, 'h8')).toBe('1 '); // a tower without a piece
    expect(cell(picture, 'a1')).toBe(' .'); // an empty square
    expect(s.heights[squareIndex('d3')]).toBe(3);
  });

  it('names the phase, the step, the seat to act and every seat score', () => {
    const s = torres.start({ players: 3, seed: 4 });
    const picture = formatBoard(s);
    expect(picture).toContain(`phase ${s.phase}, round 1, step ${s.step}, seat ${s.actor} to act`);
    for (let p = 0; p < 3; p++) expect(picture).toContain(`(seat ${p}): ${s.seats[p].score} pts`);
  });

  it('refuses a state that is not a Torres state with INVALID_STATE naming formatBoard', () => {
    let caught: unknown;
    try {
      formatBoard({} as never);
    } catch (e) {
      caught = e;
    }
    expect(isRulesError(caught) && caught.code === 'INVALID_STATE').toBe(true);
    expect(String((caught as Error).message)).toContain('formatBoard');
  });
});
