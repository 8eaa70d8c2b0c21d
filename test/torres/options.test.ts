import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import {
  DEFAULT_OPTIONS,
  PHASE_STACKS,
  type TorresOptions,
  torres,
} from '../../src/torres/index.js';
import { afterSetup, at, drive, play, targets, texts } from './helpers.js';

const invalid = (o: Record<string, unknown>): void => {
  expect(() => torres.start(o as Partial<TorresOptions>)).toThrow(
    expect.objectContaining({ code: 'INVALID_OPTIONS' }),
  );
};

describe('options and rulings (§14, T-RULE-*)', () => {
  it('start throws INVALID_OPTIONS on unknown options and bad values, naming the option', () => {
    invalid({ foo: 1 });
    invalid({ players: 5 });
    invalid({ deckMode: 'x' });
    invalid({ version: 'master', deckMode: 'shared' });
    invalid({ stackCap: 0 });
    invalid({ startSquares: ['a1', 'a2', 'c1', 'e1', 'g1', 'a5', 'c5', 'e5'] });
    invalid({ phaseStacks: [[2], [2]] });
    expect(() => torres.start({ climbTwo: 'most' } as never)).toThrow(/climbTwo/);
    expect(torres.start({ version: 'master' }).options.deckMode).toBe('masterHand');
  });

  it('T-RULE-1: phaseStacks defaults to the per-player table (3p: 3,3,2,2 / 3,3,2 / 3,3,2)', () => {
    expect(DEFAULT_OPTIONS.phaseStacks).toBeNull();
    expect(PHASE_STACKS[3]).toEqual([
      [3, 3, 2, 2],
      [3, 3, 2],
      [3, 3, 2],
    ]);
    const s = afterSetup({ players: 2, phaseStacks: [[1, 1], [2], [3]] });
    expect(s.turn.active).toBe(1); // both stacks have size 1: taken automatically
    expect(s.seats[0]?.stacks).toEqual([1]);
    expect(s.seats[1]?.stacks).toEqual([1, 1]);
  });

  it('T-RULE-2: the king cannot be jumped (jumpOverKing false); climbTwo exact', () => {
    expect(DEFAULT_OPTIONS.jumpOverKing).toBe(false);
    expect(DEFAULT_OPTIONS.climbTwo).toBe('exact');
  });

  it('T-RULE-3: stacks are capped at 3 (stackCap; null = no cap)', () => {
    expect(DEFAULT_OPTIONS.stackCap).toBe(3);
    const s = play(at({ me: { stacks: [3, 2] }, turn: { active: 3 } }), 'end');
    expect(s.seats[0]?.stacks).toEqual([3, 3]); // only 1 fits under the cap
    const n = play(
      at({ me: { stacks: [3, 2] }, turn: { active: 3 }, options: { stackCap: null } }),
      'end',
    );
    expect(texts(n)).toEqual(['spread 2', 'spread 3']);
  });

  it('T-RULE-4: carryOverBlocks spreads up to 3 unused blocks onto the next phase’s stacks at the seat’s first turn', () => {
    expect(DEFAULT_OPTIONS.carryOverBlocks).toBe(false);
    // 2 players; seat 0 keeps its whole last stack of phase 1.
    const s = drive(
      afterSetup({ players: 2, carryOverBlocks: true }),
      (x) => x.round === 3 && x.step === 'actions',
    );
    const t = play(s, 'end');
    expect(t.seats[0]?.carry).toBe(3);
    const u = drive(t, (x) => x.phase === 2 && x.actor === 0 && x.step !== 'kingMove');
    // phase 2 stacks {3,3,3,3} are full: nothing fits, so the 3 blocks return to the supply
    expect(u.seats[0]?.carry).toBe(0);
    expect(u.seats[0]?.stacks).toEqual([3, 3, 3]);
    // with 3 players the new stacks {3,3,2} take one block; the other 2 return
    const p3 = drive(
      afterSetup({ players: 3, carryOverBlocks: true }),
      (x) => x.round === 3 && x.step === 'actions' && x.actor === 0,
    );
    const c3 = play(p3, 'end');
    expect(c3.seats[0]?.carry).toBe(3);
    const q = drive(c3, (x) => x.phase === 2 && x.actor === 0 && x.step !== 'kingMove');
    expect(q.seats[0]?.carry).toBe(0);
    expect(q.turn.active).toBe(3); // {3,3,3} after the spread: the stack is chosen automatically
    expect(q.seats[0]?.stacks).toEqual([3, 3]);
  });

  it('T-RULE-5: the lowest scorer starts phases 2 and 3 (phaseStartPlayer lowest)', () => {
    expect(DEFAULT_OPTIONS.phaseStartPlayer).toBe('lowest');
  });

  it('T-RULE-6: the king stands at level 1 at setup and on any free castle square afterwards, never the ground', () => {
    const s = drive(torres.start({ players: 2 }), (x) => x.step === 'setupKing');
    for (const to of targets(s, 'king')) expect(to).toMatch(/^[a-h][1-8]$/);
  });

  it('T-RULE-7: master cards 4/6/7 options default to orthogonal / orthogonal / axis', () => {
    expect([
      DEFAULT_OPTIONS.masterContiguity,
      DEFAULT_OPTIONS.masterLine,
      DEFAULT_OPTIONS.masterSquare,
    ]).toEqual(['orthogonal', 'orthogonal', 'axis']);
  });

  it('T-RULE-8: with the defaults the supply never runs out', () => {
    for (const players of [2, 3, 4]) {
      const g = randomGame(torres, { players, seed: players }, 2, {
        maxPlies: 3000,
        keepStates: true,
      });
      for (const s of g.states) expect(s.supply).toBeGreaterThanOrEqual(0);
      expect(g.final.supply).toBeGreaterThan(0);
    }
  });

  it('T-RULE-9: all-knights master cards need masterMinKnights (2) on the board', () => {
    expect(DEFAULT_OPTIONS.masterMinKnights).toBe(2);
  });

  it('T-RULE-10: AP score steps leapfrog', () => {
    const s = { ...at({}), seats: at({}).seats.map((p, i) => ({ ...p, score: i === 1 ? 1 : 0 })) };
    expect(play(s, '+1').seats[0]?.score).toBe(2);
  });

  it('T-RULE-11: at most two purchases per turn', () => {
    expect(texts(play(at({}), 'buy', 'buy'))).not.toContain('buy');
  });

  it("T-RULE-12: redistribution is mandatory by default ('optional' adds end)", () => {
    expect(DEFAULT_OPTIONS.redistribution).toBe('mandatory');
  });

  it("T-RULE-13: master turn order: roundOrder 'fixed' by default", () => {
    expect(DEFAULT_OPTIONS.roundOrder).toBe('fixed');
  });

  it("T-RULE-14: scoring order 'turnOrder' by default", () => {
    expect(DEFAULT_OPTIONS.scoringOrder).toBe('turnOrder');
  });

  it("T-RULE-15: master castle spacing 'manhattan' by default", () => {
    expect(DEFAULT_OPTIONS.castleSpacing).toBe('manhattan');
  });

  it('T-RULE-16: start squares d8 c6 f6 h5 a4 c3 f3 e1 (startSquares)', () => {
    expect([...DEFAULT_OPTIONS.startSquares].sort()).toEqual([
      'a4',
      'c3',
      'c6',
      'd8',
      'e1',
      'f3',
      'f6',
      'h5',
    ]);
    const s = torres.start({
      players: 2,
      startSquares: ['a1', 'c1', 'e1', 'g1', 'a8', 'c8', 'e8', 'g8'],
    });
    expect(targets(s, 'startKnight')).toEqual(['a1', 'a8', 'c1', 'c8', 'e1', 'e8', 'g1', 'g8']);
  });

  it('T-RULE-17: the shared deck holds all 40 cards with 2 or 3 players', () => {
    expect(torres.start({ players: 2 }).deck).toHaveLength(40);
    expect(torres.start({ players: 3 }).deck).toHaveLength(40);
  });

  it('T-RULE-18: moveBlock lifts, then places; the split is checked after lifting (see T-CARD-MOVEBLOCK-1)', () => {
    const s = at({
      h: 'c3=1 d3=1 e3=1 a1=1 h1=1 a8=1 h8=1 a6=1 h6=1',
      me: { hand: ['moveBlock'] },
    });
    const moves = torres
      .moves(s)
      .filter((m) => m.kind === 'play')
      .map((m) => torres.formatMove(s, m));
    expect(moves).toContain('play moveBlock e3-c4'); // lifted from e3, extends the remaining c3-d3
    expect(moves.some((m) => m.startsWith('play moveBlock d3-'))).toBe(false);
  });

  it('T-RULE-19: anyDoor enters at the knight’s level and exits onto a square lower than a neighbouring stack', () => {
    const s = at({ h: 'c3=1 d3=4 e3=3 f3=2 d4=1', p: 'W@c3', me: { hand: ['anyDoor'] } });
    // from level 1 the only entrance is d3 (4 > 1); d4 (1) is not an entrance
    expect(targets(s, 'play', 'anyDoor')).toContain('e3');
    expect(targets(s, 'play', 'anyDoor')).not.toContain('d3');
  });

  it('T-RULE-20: seat 0 starts by default (firstPlayer)', () => {
    expect(DEFAULT_OPTIONS.firstPlayer).toBe(0);
    expect(torres.start({}).actor).toBe(0);
  });

  it('T-RULE-21: ap7 gives 7 AP (the seed’s "instead of 6" is a misprint)', () => {
    expect(play(at({ me: { hand: ['ap7'] } }), 'play ap7').turn.apLimit).toBe(7);
  });

  it('T-RULE-22: pieces never block doors; the knight may pass under its own former stack; exits onto lower stacks', () => {
    // b2=2 is the knight's own stack: it tunnels back under it (R_1 includes b2) to reach a2/b1/b3.
    const s = at({ h: 'b2=2 c2=3 d2=1 e2=3 f2=2', p: 'W@b2 B@c2' });
    expect(targets(s, 'move')).toContain('g2');
    expect(targets(s, 'move')).toContain('d2'); // a lower stack of the same castle
  });
});
