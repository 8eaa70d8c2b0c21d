import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/perft.js';
import { randomGame } from '../../src/core/random-game.js';
import { torres } from '../../src/torres/index.js';

describe('perft: the fast path and apply agree', () => {
  it('T-FLOW-1: perft(1..3) by play/undo equals perft by apply from mid-game positions in every mode', () => {
    for (const options of [
      { players: 4, seed: 1 },
      { players: 3, seed: 2, deckMode: 'draft' as const },
      { players: 2, seed: 3, version: 'master' as const },
      { players: 3, seed: 4, deckMode: 'perColour' as const, redistribution: 'optional' as const },
    ]) {
      const g = randomGame(torres, options, 7, { maxPlies: 3000, keepStates: true });
      for (const ply of [5, 60, 140]) {
        const s = g.states[Math.min(ply, g.states.length - 2)] as (typeof g.states)[number];
        const depth = ply === 5 ? 3 : 2;
        for (let d = 1; d <= depth; d++) {
          expect(
            perft(torres, s, d, { path: 'fast' }),
            `${JSON.stringify(options)} ply ${ply} depth ${d}`,
          ).toBe(perft(torres, s, d, { path: 'apply' }));
        }
      }
    }
  });
});
