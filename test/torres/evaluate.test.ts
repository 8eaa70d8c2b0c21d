/** The Torres evaluator and determinizer, and determinized MCTS on Torres. */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { labelRegions, makeRegions } from '../../src/geometry/grid.js';
import { mctsBot } from '../../src/search/mcts.js';
import { determinize as determinizeTorres } from '../../src/torres/determinize.js';
import { evaluateTorres, torresEvaluator } from '../../src/torres/evaluate.js';
import { CARD_NAMES, GRID, type TorresState, torres } from '../../src/torres/index.js';
import { balanced } from './helpers.js';

/** States along a seeded random game. */
function states(options: object, seed: number, every = 5): TorresState[] {
  const g = randomGame(torres, options, seed, { maxPlies: 400, keepStates: true });
  return g.states.filter((s, i) => i % every === 0 && !torres.terminal(s));
}

/**
 * The state with every seat moved one place on (seat p becomes p + 1, mod n: their knights,
 * scores and cards). A rotation keeps the turn order clockwise, so the state stays valid; with
 * two players it exchanges the seats.
 */
function rotateSeats(s: TorresState): TorresState {
  const n = s.options.players;
  const next = (p: number): number => (p + 1) % n;
  const seats = s.seats.map((_, p) => s.seats[(p + n - 1) % n] as TorresState['seats'][number]);
  return {
    ...s,
    pieces: s.pieces.map((v) => (typeof v === 'number' ? next(v) : v)),
    seats,
    actor: next(s.actor),
    order: s.order.map(next),
    lastPhaseStart: next(s.lastPhaseStart),
  };
}

/** A copy of `s` with `changes` applied to seat `p`'s record. */
function withSeat(s: TorresState, p: number, changes: object): TorresState {
  return { ...s, seats: s.seats.map((x, i) => (i === p ? { ...x, ...changes } : x)) };
}

describe('torresEvaluator', () => {
  it('is even at the start, and values are chances in [0, 1]', () => {
    for (const players of [2, 3, 4]) {
      const v = evaluateTorres(torres.start({ players, seed: 1 }));
      expect(v).toHaveLength(players);
      for (const x of v) expect(x).toBeCloseTo(0.5, 12);
    }
  });

  it('prefers more points on the track', () => {
    const s = states({ players: 3 }, 2)[5] as TorresState;
    const base = evaluateTorres(s)[0] as number;
    const ahead = evaluateTorres(withSeat(s, 0, { score: s.seats[0]!.score + 10 }));
    expect(ahead[0]).toBeGreaterThan(base);
    expect(ahead[1]).toBeLessThan(evaluateTorres(s)[1] as number);
  });

  it('projects castle scores: a knight higher in a castle is better', () => {
    // A seat-0 knight on a castle square: raising that castle square raises its projection.
    for (const s of states({ players: 2 }, 3, 3)) {
      // A square whose castle has room for one more block there (T-GEO-5).
      const r = labelRegions(GRID, s.heights, makeRegions(GRID));
      const q = s.pieces.findIndex(
        (v, i) =>
          v === 0 &&
          (s.heights[i] as number) >= 1 &&
          (s.heights[i] as number) < (r.areas[r.labels[i] as number] as number),
      );
      if (q < 0) continue;
      const heights = s.heights.slice();
      heights[q] = (heights[q] as number) + 1;
      // The block comes from the supply (T-GEO-9).
      const higher = evaluateTorres(balanced({ ...s, heights }));
      expect(higher[0]).toBeGreaterThan(evaluateTorres(s)[0] as number);
      return;
    }
    throw new Error('no position with a seat-0 knight on a castle');
  });

  it('counts king bonus prospects: a knight at the phase level in the king castle', () => {
    // Build it: king on a one-block castle next to a seat-0 knight on the same castle.
    const s0 = torres.start({ players: 2, seed: 1 });
    const heights = s0.heights.map(() => 0);
    const pieces: TorresState['pieces'][number][] = s0.pieces.map(() => null);
    heights[0] = 1; // a1: the king
    heights[1] = 1; // b1: seat 0's knight, level 1 = phase 1
    heights[8] = 1; // a2: seat 1's knight, level 1, same castle
    heights[30] = 1; // elsewhere
    pieces[0] = 'K';
    pieces[1] = 0;
    pieces[30] = 1;
    const withKing = evaluateTorres(balanced({ ...s0, step: 'actions', heights, pieces }));
    // Seat 1 moves into the king's castle: it gains the prospect too.
    const p2 = pieces.slice();
    p2[30] = null;
    p2[8] = 1;
    const both = evaluateTorres(balanced({ ...s0, step: 'actions', heights, pieces: p2 }));
    expect(withKing[0]).toBeGreaterThan(0.5);
    expect(both[0]).toBeCloseTo(0.5, 12);
  });

  it('is seat-symmetric: moving every seat one place on moves the values with them', () => {
    let n = 0;
    for (const s of [...states({ players: 2 }, 4), ...states({ players: 3 }, 5)]) {
      const v = evaluateTorres(s);
      const w = evaluateTorres(rotateSeats(s));
      for (let p = 0; p < v.length; p++) {
        expect(w[(p + 1) % v.length]).toBeCloseTo(v[p] as number, 12);
      }
      n++;
    }
    expect(n).toBeGreaterThan(10);
  });

  it('reads the live fast-path position and the state alike', () => {
    for (const s of states({ players: 4 }, 6, 20)) {
      const position = torres.search(s);
      const fast = torresEvaluator({ position, state: () => s, toMove: () => s.actor });
      const slow = torresEvaluator({ position: undefined, state: () => s, toMove: () => s.actor });
      expect(Array.from(fast)).toEqual(Array.from(slow));
    }
  });
});

describe('determinizeTorres', () => {
  const modes = [
    { players: 2, deckMode: 'shared' },
    { players: 3, deckMode: 'perColour' },
    { players: 2, deckMode: 'draft' },
  ] as const;

  it('samples full states the seat cannot tell apart from the real one', () => {
    let sampled = 0;
    for (const [i, options] of modes.entries()) {
      for (const s of states(options, 10 + i, 7)) {
        const seat = s.actor;
        const seen = torres.observe(s, seat);
        const d = determinizeTorres(seen, seat, new Rng(i + 1));
        const text = JSON.stringify(d);
        expect(text).not.toContain('"?"');
        expect(torres.observe(d, seat)).toEqual(seen);
        // The seat to move has the same moves in the sample as in reality.
        expect(torres.moves(d).map((m) => torres.formatMove(d, m))).toEqual(
          torres.moves(s).map((m) => torres.formatMove(s, m)),
        );
        // The sample is a valid state.
        expect(() => torres.deserialize(torres.serialize(d))).not.toThrow();
        sampled++;
      }
    }
    expect(sampled).toBeGreaterThan(20);
  });

  it('never deals more copies of a type than exist (4 per type in the shared deck)', () => {
    for (const s of states({ players: 4, deckMode: 'shared' }, 20, 3)) {
      const d = determinizeTorres(torres.observe(s, 0), 0, new Rng(5));
      const all = [...d.deck, ...d.turn.pending, ...d.seats.flatMap((x) => [...x.hand, ...x.deck])];
      for (const c of CARD_NAMES) expect(all.filter((x) => x === c).length).toBeLessThanOrEqual(4);
    }
  });

  it('is deterministic for a given RNG seed', () => {
    const s = states({ players: 3 }, 30, 11)[3] as TorresState;
    const seen = torres.observe(s, 1);
    expect(determinizeTorres(seen, 1, new Rng(9))).toEqual(determinizeTorres(seen, 1, new Rng(9)));
  });

  it('lets MCTS decide without peeking: hidden cards do not change its choice', () => {
    // Two deals that differ only in what seat `actor` cannot see.
    const s = states({ players: 2 }, 40, 9).find((x) => x.step === 'actions') as TorresState;
    const seat = s.actor;
    const other = determinizeTorres(torres.observe(s, seat), seat, new Rng(77));
    const choose = (state: TorresState) =>
      torres.formatMove(
        state,
        mctsBot(torres, {
          seed: 3,
          determinize: determinizeTorres,
          rolloutDepth: 20,
          evaluate: torresEvaluator,
        }).choose(state, { iterations: 200 }),
      );
    expect(choose(other)).toBe(choose(s));
  });
});
