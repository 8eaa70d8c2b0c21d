import { describe, expect, it } from 'vitest';
import { popcount } from '../../src/coerceo/engine/board.js';
import { coerceo } from '../../src/coerceo/index.js';
import { divide, perft } from '../../src/core/perft.js';

// C-VECTOR-1 reference table (NPN, cross-checked by two independent models).
const LAURENTIUS = [48, 2_304, 110_304, 5_280_654];
const OCIUS = [26, 676, 17_234, 435_572, 10_739_924];

describe('C-VECTOR perft', () => {
  it('C-VECTOR-1: Laurentius perft 1..4 equals the reference table', () => {
    const s = coerceo.start();
    for (const [i, n] of LAURENTIUS.entries()) expect(perft(coerceo, s, i + 1)).toBe(n);
  });

  it('C-VECTOR-1: Ocius perft 1..5 equals the reference table', () => {
    const s = coerceo.start({ variant: 'ocius' });
    for (const [i, n] of OCIUS.entries()) expect(perft(coerceo, s, i + 1)).toBe(n);
  });

  it('C-VECTOR-1: the apply path agrees with the fast path (Laurentius 2, Ocius 3)', () => {
    expect(perft(coerceo, coerceo.start(), 2, { path: 'apply' })).toBe(2_304);
    expect(perft(coerceo, coerceo.start({ variant: 'ocius' }), 3, { path: 'apply' })).toBe(17_234);
  });

  it('C-VECTOR-2: the first moves as sets (48 Laurentius, 26 Ocius)', () => {
    const l =
      'a1a-a1e a1c-a1e a2c-a1e a2c-a2a a2c-a2e b1a-a1e b1a-b1c b1a-b1e b2a-a1e b2a-a2e b2a-b2e b2a-b3c b2c-a1e b2c-b1e b2c-b2e b2c-c2a b4e-b4a b4e-b4c b4e-c5c c4a-b3e c4a-b4c c4a-c4c c4a-c5c c4e-c4c c4e-c5c c4e-d3a c4e-d4c c5a-c5c c5e-c5c d1e-d1a d1e-d1c d1e-e1a d2c-c2e d2c-d1a d2c-d2a d2c-e1a d2e-d2a d2e-d3c d2e-e1a d2e-e2a d4a-c5c d4a-d4c d4a-d4e e1c-e1a e1e-e1a e2c-e1a e2c-e2a e2c-e2e';
    const o =
      'b3c-b2a b3c-b2e b3c-b3a b3c-c3a b3e-b3a b3e-c3a b3e-c4a b3e-c4c c2a-b2c c2a-b2e c2a-c2c c2e-c2c c2e-d2a c2e-d2c c3c-b2e c3c-c3a c3c-c3e c3c-d2a d3a-c3e d3a-c4c d3a-c4e d3a-d3e d3c-c3e d3c-d2a d3c-d2e d3c-d3e';
    for (const [variant, list] of [
      ['laurentius', l],
      ['ocius', o],
    ] as const) {
      const s = coerceo.start({ variant });
      const ours = new Set(coerceo.moves(s).map((m) => coerceo.formatMove(s, m)));
      expect(ours).toEqual(new Set(list.split(' ')));
    }
  });

  it('C-VECTOR-3: per-ply captures and tile removals (Laurentius to ply 4, Ocius to ply 5)', () => {
    expect(breakdown(coerceo.start(), 4)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [42, 42, 0, 0],
      [9_120, 9_120, 0, 0],
    ]);
    expect(breakdown(coerceo.start({ variant: 'ocius' }), 5)).toEqual([
      [0, 0, 0, 0],
      [12, 12, 0, 0],
      [296, 296, 848, 848],
      [14_606, 14_638, 18_192, 18_192],
      [449_406, 451_146, 694_722, 694_722],
    ]);
  });

  it('C-VECTOR-4: divide by first move (Laurentius depth 4, Ocius depth 4)', () => {
    const lClasses: Record<number, string> = {
      103410: 'a1a-a1e a1c-a1e c5a-c5c c5e-c5c e1c-e1a e1e-e1a',
      98814: 'a2c-a1e b1a-a1e b4e-c5c d1e-e1a d4a-c5c e2c-e1a',
      114894: 'a2c-a2a b1a-b1c b4e-b4a d1e-d1c d4a-d4e e2c-e2e',
      117190: 'a2c-a2e b1a-b1e b4e-b4c d1e-d1a d4a-d4c e2c-e2a',
      96516: 'b2a-a1e b2c-a1e c4a-c5c c4e-c5c d2c-e1a d2e-e1a',
      114889: 'b2a-a2e b2c-b1e c4a-b4c c4e-d4c d2c-d1a d2e-e2a',
      114900: 'b2a-b2e b2c-b2e c4a-c4c c4e-c4c d2c-d2a d2e-d2a',
      119496: 'b2a-b3c b2c-c2a c4a-b3e c4e-d3a d2c-c2e d2e-d3c',
    };
    const oClasses: Record<number, string> = {
      16880: 'b3c-b2a d3c-d2e',
      16231: 'b3c-b2e d3c-d2a',
      15251: 'b3c-b3a b3e-b3a d3a-d3e d3c-d3e',
      16372: 'b3c-c3a d3c-c3e',
      16369: 'b3e-c3a d3a-c3e',
      16874: 'b3e-c4a d3a-c4e',
      17607: 'b3e-c4c d3a-c4c',
      18319: 'c2a-b2c c2e-d2c',
      17658: 'c2a-b2e c2e-d2a',
      16562: 'c2a-c2c c2e-c2c',
      17180: 'c3c-b2e c3c-d2a',
      17232: 'c3c-c3a c3c-c3e',
    };
    for (const [variant, classes] of [
      ['laurentius', lClasses],
      ['ocius', oClasses],
    ] as const) {
      const expected = new Map<string, number>();
      for (const [n, moves] of Object.entries(classes))
        for (const m of moves.split(' ')) expected.set(m, Number(n));
      const got = new Map(divide(coerceo, coerceo.start({ variant }), 4));
      expect(got).toEqual(expected);
    }
  });
});

/**
 * Per ply k (1-based): [moves capturing ≥ 1 piece, pieces captured, moves removing ≥ 1 tile,
 * tiles removed], over every move at ply k of the tree (every node played).
 */
function breakdown(state: ReturnType<typeof coerceo.start>, depth: number): number[][] {
  const pos = coerceo.search(state);
  const rows = Array.from({ length: depth }, () => [0, 0, 0, 0]);
  const buf = new Int32Array(pos.maxMoves * depth);
  const walk = (ply: number, offset: number): void => {
    if (pos.terminal()) return;
    const n = pos.generate(buf, offset);
    const row = rows[ply] as number[];
    for (let i = offset; i < offset + n; i++) {
      pos.play(buf[i] as number);
      const caps = popcount(pos.lastCapLo) + popcount(pos.lastCapHi);
      const tiles = popcount(pos.lastRemoved);
      if (caps > 0) {
        row[0] = (row[0] as number) + 1;
        row[1] = (row[1] as number) + caps;
      }
      if (tiles > 0) {
        row[2] = (row[2] as number) + 1;
        row[3] = (row[3] as number) + tiles;
      }
      if (ply + 1 < depth) walk(ply + 1, offset + n);
      pos.undo();
    }
  };
  walk(0, 0);
  return rows;
}
