/**
 * Saved Torres games come back whole (T-STATE-1, T-RNG-1, T-OBS-2): for every player count,
 * deck mode, the master version and every rule option, `deserialize(serialize(s))` is the same
 * state at every ply of random legal games, and so are observations.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TorresOptions, type TorresState, torres } from '../../src/torres/index.js';

/** Random options over every option of `TorresOptions` (valid combinations only). */
const options: fc.Arbitrary<Partial<TorresOptions>> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    seed: fc.nat(),
    version: fc.constantFrom('basic', 'master'),
    deckMode: fc.constantFrom('shared', 'perColour', 'draft', 'masterHand'),
    firstPlayer: fc.oneof(fc.constant('random' as const), fc.nat(3)),
    masterCard: fc.oneof(fc.constant('random' as const), fc.integer({ min: 1, max: 8 })),
    knightsPerPlayer: fc.integer({ min: 2, max: 8 }),
    totalBlocks: fc.constantFrom(92, 80, 120),
    phaseStacks: fc.constantFrom(null, [[3, 2], [2], [1, 3]]),
    stackCap: fc.constantFrom(null, 2, 3),
    carryOverBlocks: fc.boolean(),
    redistribution: fc.constantFrom('mandatory', 'optional'),
    phaseStartPlayer: fc.constantFrom('lowest', 'highest'),
    roundOrder: fc.constantFrom('fixed', 'leaderEachRound'),
    scoringOrder: fc.constantFrom('turnOrder', 'leaderFirst'),
    jumpOverKing: fc.boolean(),
    climbTwo: fc.constantFrom('exact', 'upTo'),
    castleSpacing: fc.constantFrom('manhattan', 'rowColumn'),
    startSquares: fc.constantFrom(
      ['d8', 'c6', 'f6', 'h5', 'a4', 'c3', 'f3', 'e1'],
      ['a1', 'c1', 'e1', 'g1', 'a8', 'c8', 'e8', 'g8'],
    ),
    masterContiguity: fc.constantFrom('orthogonal', 'eightWay'),
    masterLine: fc.constantFrom('orthogonal', 'withDiagonals'),
    masterSquare: fc.constantFrom('axis', 'anyOrientation'),
    masterMinKnights: fc.integer({ min: 1, max: 3 }),
  })
  .map((o) => ({
    ...o,
    // T-DECK-1: the master version plays with full hands.
    deckMode: o.version === 'master' ? 'masterHand' : o.deckMode,
    firstPlayer: o.firstPlayer === 'random' ? 'random' : o.firstPlayer % o.players,
  }));

/** Checks that `s` comes back whole from its saved text. */
function expectRoundTrip(s: TorresState): void {
  const text = torres.serialize(s);
  const back = torres.deserialize(text);
  expect(torres.serialize(back)).toBe(text);
  expect(back.options).toEqual(s.options);
  expect(torres.terminal(back)).toBe(torres.terminal(s));
  expect(torres.score(back)).toEqual(torres.score(s));
  if (!torres.terminal(s)) expect(torres.toMove(back)).toBe(torres.toMove(s));
  expect(torres.moves(back)).toEqual(torres.moves(s));
}

describe('saved Torres games come back whole (T-STATE-1)', () => {
  it('T-STATE-1 / T-RNG-1: deserialize(serialize(s)) has the same moves, terminal, score, options and text at every ply, for every player count, deck mode, version and rule option (fast-check)', () => {
    let finished = 0;
    fc.assert(
      fc.property(
        options,
        fc.array(fc.nat(), { minLength: 3000, maxLength: 3000, size: 'max' }),
        fc.nat(3),
        (o, choices, watcher) => {
          let s = torres.start(o);
          for (let i = 0; ; i++) {
            expectRoundTrip(s);
            // T-OBS-2: an observation is a valid state and reads back as itself too.
            if (i % 25 === 0) expectRoundTrip(torres.observe(s, watcher % s.options.players));
            if (torres.terminal(s)) break;
            const ms = torres.moves(s);
            s = torres.apply(s, ms[(choices[i] as number) % ms.length] as (typeof ms)[number]);
          }
          finished++;
        },
      ),
      { numRuns: 30, seed: 1303 },
    );
    expect(finished).toBe(30);
  });
});
