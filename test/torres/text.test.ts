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
    // Seats 0 and 1 are red and blue, as every picture draws them (T-COMP-1: seat i, colour i).
    expect(cell(picture, 'c3')).toBe('1R');
    expect(cell(picture, 'd3')).toBe('3B');
    expect(cell(picture, 'e5')).toBe('2K');
    expect(cell(picture, 'h8')).toBe('1 '); // a tower without a piece
    expect(cell(picture, 'a1')).toBe(' .'); // an empty square
    expect(s.heights[squareIndex('d3')]).toBe(3);
  });

  it('names the step, the seat to act by its colour and every seat score', () => {
    const s = torres.start({ players: 3, seed: 4 });
    const picture = formatBoard(s);
    expect(picture).toContain(`setup, step ${s.step}, seat ${s.actor} (red) to act`);
    const colours = ['red', 'blue', 'yellow'];
    for (let p = 0; p < 3; p++) {
      const line = picture.split('\n').find((l) => l.startsWith(`${'RBY'[p]} seat ${p} `));
      expect(line).toMatch(
        new RegExp(`^. seat ${p} \\(${colours[p]}\\): +${s.seats[p].score} pts`),
      );
    }
    expect(picture).not.toMatch(/Legend/);
  });

  it('T-PHASE-1: names the phase and the round of its rounds once play begins', () => {
    const s = at({ p: 'W@c3' });
    expect(formatBoard(s)).toContain(`phase ${s.phase}, round ${s.round + 1} of 4, step actions`);
  });

  it('draws the knights of all four seats as R B Y G, with a legend on request', () => {
    // The spec's test notation (W@, B@, G@, R@ for seats 0–3) is not the picture's letters.
    const s = at({
      h: 'c3=1',
      p: 'W@c3 B@d3 G@e3 R@f3',
      options: { players: 4 },
    });
    const picture = formatBoard(s, { legend: true });
    expect(['c3', 'd3', 'e3', 'f3'].map((q) => cell(picture, q))).toEqual(['1R', ' B', ' Y', ' G']);
    expect(picture).toMatch(/R B Y G the\nknight of seat 0 1 2 3 \(red, blue, yellow, green\)/);
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
