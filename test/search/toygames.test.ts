import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/perft.js';
import { randomPlayout } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { runConformance } from '../support/conformance.js';
import { connect4 } from '../support/connect4.js';
import { nim } from '../support/nim.js';
import { determinizeTricks, tricks } from '../support/tricks.js';

// The toy games the bots are tested on must themselves obey the Game contract.
describe('toy games used by the bot tests', () => {
  runConformance(connect4, { label: 'connect4 7x6', runs: 15, maxPlies: 42 });
  runConformance(connect4, {
    label: 'connect4 4x3 connect 3',
    options: { width: 4, height: 3, connect: 3 },
    runs: 15,
  });
  runConformance(nim, { label: 'nim', runs: 15, options: { heaps: [2, 3, 4] } });
  runConformance(tricks, { label: 'tricks', runs: 15, options: { seed: 7 } });

  it('connect4: perft(n) = 7^n before any game can end (n <= 6)', () => {
    const s = connect4.start();
    for (let n = 1; n <= 6; n++) expect(perft(connect4, s, n)).toBe(7 ** n);
    expect(perft(connect4, s, 3, { path: 'apply' })).toBe(343);
  });

  it('tricks: observe hides the other hands, the stock and the RNG, and keeps the seat moves', () => {
    const s = tricks.start({ seed: 3 });
    const o = tricks.observe?.(s, 0);
    expect(o?.hands[0]).toEqual(s.hands[0]);
    expect(o?.hands[1]).toEqual([0, 0, 0, 0, 0]);
    expect(o?.stock.every((c) => c === 0)).toBe(true);
    expect(o?.rng).toEqual([0, 0, 0, 0]);
    expect(tricks.moves(o as typeof s)).toEqual(tricks.moves(s));
  });

  it('tricks: a determinization is a full state consistent with the observation', () => {
    const rng = new Rng(5);
    for (let seed = 1; seed <= 20; seed++) {
      const game = randomPlayout(tricks, tricks.start({ seed }), seed, { maxPlies: seed % 12 });
      const s = game.final;
      const seat = tricks.toMove(s);
      const o = tricks.observe?.(s, seat) as typeof s;
      const d = determinizeTricks(o, seat, rng);
      expect(tricks.observe?.(d, seat)).toEqual(o);
      const all = [...d.hands.flat(), ...d.stock, ...d.trick, ...d.played].sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    }
  });

  it('tricks: a seat must follow the suit led when it can, and the best card of that suit wins', () => {
    // Suits: 1-6, 7-12, 13-18, 19-24. Seat 0 led 8 (suit 1); seat 1 holds 3 and 12.
    const s = tricks.deserialize(
      JSON.stringify({
        hands: [
          [1, 2],
          [3, 12],
          [13, 20],
        ],
        stock: [],
        trick: [8],
        played: [4, 5, 6, 7, 9, 10, 11, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24],
        leader: 0,
        points: [0, 0, 0],
        rng: [1, 2, 3, 4],
      }),
    );
    expect(tricks.moves(s)).toEqual([{ card: 12 }]);
    const after = tricks.apply(s, { card: 12 });
    expect(tricks.moves(after)).toEqual([{ card: 13 }, { card: 20 }]); // void in suit 1
    const done = tricks.apply(after, { card: 20 });
    expect(done.leader).toBe(1); // 12 beats 8; 20 is off-suit
    expect(done.points).toEqual([0, 2 + 6 + 2, 0]);
  });
});
