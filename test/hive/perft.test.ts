import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/perft.js';
import { GAME_TYPES, type GameType, hive } from '../../src/hive/index.js';

// H-PERFT-3: Mzinga's published tables (MzingaPerft v0.12.9), depths 0–5.
const TABLE: Record<GameType, readonly number[]> = {
  Base: [1, 4, 96, 1440, 21600, 516240],
  'Base+M': [1, 5, 150, 2610, 45414, 1252800],
  'Base+L': [1, 5, 150, 2610, 45414, 1252800],
  'Base+P': [1, 5, 150, 2610, 45414, 1255932],
  'Base+ML': [1, 6, 216, 4320, 86400, 2725920],
  'Base+MP': [1, 6, 216, 4320, 86400, 2730888],
  'Base+LP': [1, 6, 216, 4320, 86400, 2730240],
  'Base+MLP': [1, 7, 294, 6678, 151686, 5427108],
};

describe('H-PERFT: perft from the start position', () => {
  for (const type of GAME_TYPES) {
    it(`H-PERFT-3/H-PERFT-5: ${type} depths 0-5 match the published table`, () => {
      const s = hive.start({ type });
      const got = [0, 1, 2, 3, 4, 5].map((d) => perft(hive, s, d));
      expect(got).toEqual(TABLE[type]);
    });
  }

  it('H-PERFT-1: the apply path gives the same counts (Base+MLP and Base+P, depth 3)', () => {
    for (const type of ['Base+MLP', 'Base+P'] as const) {
      const s = hive.start({ type });
      expect(perft(hive, s, 3, { path: 'apply' })).toBe(TABLE[type][3]);
    }
  });

  it('H-PERFT-5: Base depth 6 = 12,219,480 (the slow depths for every type run in the bench)', () => {
    expect(perft(hive, hive.start({ type: 'Base' }), 6)).toBe(12219480);
  });

  it('H-PERFT-2: Base perft(2) = 4 * 4 * 6 (no symmetry reduction, tournament opening)', () => {
    expect(perft(hive, hive.start({ type: 'Base' }), 2)).toBe(4 * 4 * 6);
  });
});
