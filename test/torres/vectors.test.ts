import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knightTargets, squareName } from '../../src/torres/index.js';
import { at } from './helpers.js';

interface Line {
  seed: number;
  heights: number[][];
  occupied: [number, number][];
  king: [number, number] | null;
  from: [number, number];
  destinations: [number, number][];
  stepOnly: [number, number][];
  widestPathDiff?: {
    missingVsWidestPath: [number, number][];
    extraVsWidestPath: [number, number][];
  };
}

const lines: Line[] = readFileSync(
  new URL('../fixtures/torres/knight-moves.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim().length > 0)
  .map((l) => JSON.parse(l) as Line);

// The vectors count rows from the top; T-GEO-1 puts rank 1 at the bottom. A vertical flip
// changes no move rule.
const sq = ([x, y]: [number, number]): string => squareName(8 * (7 - y) + x);

describe('T-KNIGHT-MOVE-1 / T-DOOR-2: the knight-move reference vectors (TobiHol/torres)', () => {
  it('has the 600 cases and the 11 annotated widest-path differences', () => {
    expect(lines).toHaveLength(600);
    expect(lines.filter((l) => l.widestPathDiff).length).toBe(11);
  });

  it('T-DOOR-2: every line matches; the 11 widestPathDiff lines match the SPEC (destinations + missingVsWidestPath)', () => {
    let compared = 0;
    for (const l of lines) {
      const heights = new Array<number>(64).fill(0);
      const pieces: (number | 'K' | null)[] = new Array(64).fill(null);
      for (let y = 0; y < 8; y++)
        for (let x = 0; x < 8; x++) heights[8 * (7 - y) + x] = l.heights[y]?.[x] ?? 0;
      // Colours do not matter to movement: every piece is an obstacle; the mover is seat 0.
      // The obstacles are spread over seats 1..3 so no seat has more knights than a game allows.
      l.occupied.forEach((o, i) => {
        pieces[8 * (7 - o[1]) + o[0]] = 1 + (i % 3);
      });
      if (l.king) pieces[8 * (7 - l.king[1]) + l.king[0]] = 'K';
      pieces[8 * (7 - l.from[1]) + l.from[0]] = 0;
      const got = knightTargets(
        at({ options: { players: 4 }, state: { heights, pieces } }),
        sq(l.from),
      );
      // TobiHol misses exits reachable only at a higher tunnel level (lowest level first, no
      // re-expansion). The spec (T-DOOR-2, widest path) decides, so those squares are added.
      const expected = [...l.destinations, ...(l.widestPathDiff?.missingVsWidestPath ?? [])]
        .map(sq)
        .sort();
      expect(l.widestPathDiff?.extraVsWidestPath ?? []).toEqual([]);
      expect(got.map((t) => t.to).sort(), `seed ${l.seed}`).toEqual(expected);
      expect(
        got
          .filter((t) => t.via === 'step')
          .map((t) => t.to)
          .sort(),
        `seed ${l.seed} steps`,
      ).toEqual(l.stepOnly.map(sq).sort());
      compared++;
    }
    expect(compared).toBe(600);
  });
});
