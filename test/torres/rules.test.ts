import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { masterPoints } from '../../src/torres/engine/rules.js';
import { outcome, projectedScores, squareIndex, torres, winners } from '../../src/torres/index.js';
import { resolveOptions } from '../../src/torres/options.js';
import {
  afterSetup,
  at,
  balanced,
  drive,
  heightsOf,
  piecesOf,
  play,
  targets,
  texts,
} from './helpers.js';

const withScores = (
  s: ReturnType<typeof at>,
  scores: number[],
  lps = 0,
): ReturnType<typeof at> => ({
  ...s,
  lastPhaseStart: lps,
  seats: s.seats.map((p, i) => ({ ...p, score: scores[i] ?? 0 })),
});

const master = (card: number, phase: number, p: string, h = '', players = 2, opts = {}): number[] =>
  masterPoints(
    card,
    heightsOf(h),
    piecesOf(p).map((v) => (v === null ? 0 : v === 'K' ? 5 : v + 1)),
    players,
    phase,
    resolveOptions({ players, ...opts }),
  );

describe('castle scoring and the track (T-SCORE, T-TRACK)', () => {
  it('T-SCORE-1: area × the highest own knight, once per castle; others have no effect; level 0 scores nothing', () => {
    const s = at({ h: 'a1=3 b1=2 c1=1 d1=1 e1=1', p: 'W@a1 W@b1 B@c1 B@f1' });
    expect(projectedScores(s)).toEqual([15, 5]);
  });

  it('T-SCORE-2: scoring goes clockwise from the phase start (option leaderFirst)', () => {
    const s = withScores(at({ h: 'a1=2 b1=1 c1=1 d1=1 e1=1 h8=1', p: 'W@a1 B@h8' }), [5, 15], 1);
    expect(projectedScores(s)).toEqual([15, 16]);
    const l = withScores(
      at({
        h: 'a1=2 b1=1 c1=1 d1=1 e1=1 h8=1',
        p: 'W@a1 B@h8',
        options: { scoringOrder: 'leaderFirst' },
      }),
      [5, 15],
      0,
    );
    expect(projectedScores(l)).toEqual([15, 16]); // B leads, so B first even though A started
  });

  it('T-SCORE-3: castle points are one movement, then king bonuses, then the master card', () => {
    const base = at({ h: 'a1=2 b1=1 c1=1 d1=1 e1=1 h8=1', p: 'W@a1 B@h8' });
    expect(projectedScores(withScores(base, [5, 15], 0))).toEqual([16, 17]);
    expect(projectedScores(withScores(base, [5, 15], 1))).toEqual([15, 16]);
  });

  it('T-SCORE-4: the board after the last turn is scored; cards, stacks and supply score nothing', () => {
    const s = afterSetup({ players: 2 });
    const before = drive(s, (x) => x.round === 3 && x.turnIndex === 1 && x.step === 'actions');
    const rich = balanced({
      ...before,
      seats: before.seats.map((p) => ({ ...p, hand: ['ap6', 'ap7'] as const })),
    } as typeof before);
    const projected = projectedScores(rich);
    const after = play(rich, 'end');
    expect(after.phase).toBe(2);
    expect(after.seats.map((p) => p.score)).toEqual(projected);
    expect(projected).toEqual(projectedScores(before));
  });

  it('T-TRACK-1: markers start on 0 (shared) and only move forward', () => {
    const s = torres.start({ players: 4 });
    expect(torres.score(s)).toEqual([0, 0, 0, 0]);
  });

  it('T-TRACK-2: leapfrog: a marker landing on an occupied space moves on to the next free one', () => {
    const s = withScores(at({ options: { players: 3 } }), [10, 11, 12]);
    expect(play(s, '+1').seats[0]?.score).toBe(13);
  });

  it('T-TRACK-3: score costs 1 AP, limited only by AP', () => {
    const s = play(at({}), '+1', '+1', '+1', '+1', '+1');
    expect(s.seats[0]?.score).toBe(5);
    expect(s.turn.apUsed).toBe(5);
    expect(texts(s)).not.toContain('+1');
  });
});

describe('the king (T-KING)', () => {
  it('T-KING-1: the king stands on a castle square, never on the ground', () => {
    const s = torres.start({ players: 2 });
    const k = drive(s, (x) => x.step === 'setupKing');
    for (const m of torres.moves(k))
      expect(k.heights[squareIndex((m as { to: string }).to)]).toBe(1);
    expect(() =>
      torres.deserialize(
        torres.serialize({ ...k, pieces: k.pieces.map((v, q) => (q === 0 ? 'K' : v)) }),
      ),
    ).toThrow(/king on the ground/);
  });

  it('T-KING-2: the king blocks: no knight, block or moved block onto or from its square; no jumping it', () => {
    const s = at({
      h: 'c3=1 d3=1 e3=1 a1=1 h1=1 a8=1 h8=1 a6=1 h6=1',
      p: 'W@b3 W@c4 K@c3',
      me: { hand: ['relocate'] },
    });
    expect(targets(s, 'move')).not.toContain('c3');
    expect(targets(s, 'knight')).not.toContain('c3');
    expect(targets(s, 'block')).not.toContain('c3');
    expect(targets(s, 'play', 'relocate')).not.toContain('c3');
    // Tunnels pass beneath it: b3 enters c3's castle and comes out at f3.
    expect(targets(s, 'move', undefined, 'b3')).toContain('f3');
  });

  it("T-KING-3: the king's castle can never be eliminated (its square is never free)", () => {
    const s = at({
      h: 'c3=1 a1=1 h1=1 a8=1 h8=1 a6=1 h6=1',
      p: 'K@c3',
      me: { hand: ['moveBlock'] },
    });
    const froms = torres
      .moves(s)
      .filter((m) => m.kind === 'play')
      .map((m) => (m as { from: string }).from);
    expect(froms).not.toContain('c3');
    expect(froms.length).toBeGreaterThan(0);
  });

  it('T-KING-4: the bonus 5/10/15 for a knight at exactly the phase level in the king’s castle (examples E, F)', () => {
    const f = at({ h: 'a1=1 b1=2 c1=1 d1=1', p: 'W@a1 W@b1 K@d1' });
    expect(projectedScores(f)[0]).toBe(13);
    const e = at({ h: 'a1=2 b1=4 c1=1 d1=1', p: 'W@a1 W@b1 K@d1' });
    expect(projectedScores(e)[0]).toBe(16);
    expect(projectedScores({ ...e, phase: 2 })[0]).toBe(26);
    // paid once per seat, whatever the number of knights at the level
    const two = at({ h: 'a1=1 b1=1 c1=1 d1=1', p: 'W@a1 W@b1 K@d1' });
    expect(projectedScores(two)[0]).toBe(4 + 5);
  });

  it('T-KING-5: the lowest scorer may move the king to any free castle square, or stay; then starts the phase', () => {
    const down = (x: ReturnType<typeof torres.start>, ms: string[]): string | undefined =>
      x.actor === 2 && x.step === 'actions' && x.turn.apUsed === 0 && x.round === 0
        ? ms.find((m) => /^[a-h][1-8]-[a-h][1-8]$/.test(m))
        : undefined;
    const s = drive(afterSetup({ players: 3 }), (x) => x.phase === 2, down);
    expect(s.step).toBe('kingMove');
    expect(torres.toMove(s)).toBe(2);
    const free = s.heights.flatMap((h, q) =>
      h > 0 && s.pieces[q] === null ? [`king ${'abcdefgh'[q & 7]}${(q >> 3) + 1}`] : [],
    );
    expect([...texts(s)].sort()).toEqual(['king stay', ...free].sort());
    const t = play(s, 'king stay');
    expect(t.actor).toBe(2);
    expect(t.step).toBe('chooseStack');
    const moved = play(s, free[0] as string);
    expect(moved.pieces[squareIndex((free[0] as string).slice(5))]).toBe('K');
    expect(moved.pieces.filter((v) => v === 'K')).toHaveLength(1);
    // not after phase 3
    const end = drive(t, (x) => x.step === 'over' || (x.step === 'kingMove' && x.phase === 3));
    const final = drive(
      end.step === 'kingMove' ? play(end, 'king stay') : end,
      (x) => x.step === 'over',
    );
    expect(torres.terminal(final)).toBe(true);
  });
});

describe('end of game (T-END)', () => {
  it('T-END-1: terminal exactly when the step is over, after phase 3', () => {
    const g = randomGame(torres, { players: 2, seed: 4 }, 4, { maxPlies: 3000, keepStates: true });
    expect(g.finished).toBe(true);
    for (const s of g.states) expect(torres.terminal(s)).toBe(s.step === 'over');
    expect(g.final.phase).toBe(3);
    expect(() => torres.apply(g.final, { kind: 'end' })).toThrow(/over/);
  });

  it('T-END-2: score gives the track positions at any time, never going down', () => {
    const g = randomGame(torres, { players: 3, seed: 5 }, 5, { maxPlies: 3000, keepStates: true });
    let prev = [0, 0, 0];
    for (const s of g.states) {
      const now = torres.score(s);
      expect(now).toEqual(s.seats.map((p) => p.score));
      for (const [i, v] of now.entries()) expect(v).toBeGreaterThanOrEqual(prev[i] as number);
      prev = [...now];
    }
  });

  it('T-END-3: the highest score wins; ties only on 0', () => {
    const s = withScores(at({ options: { players: 3 } }), [12, 30, 7]);
    expect(winners(s)).toEqual([1]);
    expect(winners(withScores(at({}), [0, 0]))).toEqual([0, 1]);
  });

  it('T-END-1, T-END-3: outcome is null until the game is over, then names the winning seat; seats tied on the best score share it', () => {
    const g = randomGame(torres, { players: 2, seed: 4 }, 4, { maxPlies: 3000, keepStates: true });
    for (const s of g.states.slice(0, -1)) expect(outcome(s)).toBeNull();
    const [first, second] = g.final.seats.map((p) => p.score);
    expect(first).not.toBe(second); // leapfrogging: only 0 can be shared
    expect(outcome(g.final)).toEqual({
      winner: (first ?? 0) > (second ?? 0) ? 0 : 1,
      reason: 'final-scoring',
    });
    expect(outcome(withScores(g.final, [0, 0]))).toEqual({ winner: null, reason: 'final-scoring' });
  });
});

describe('master cards (T-MASTER-CARD, T-MASTER-*)', () => {
  it('T-MASTER-CARD-1: random (via the RNG) or fixed, public, scored after the king bonus', () => {
    const cards = new Set<number | null>();
    for (let seed = 0; seed < 30; seed++)
      cards.add(torres.start({ version: 'master', seed }).masterCard);
    expect(cards.size).toBeGreaterThan(4);
    expect(torres.start({ version: 'master', masterCard: 6 }).masterCard).toBe(6);
    expect(torres.start({}).masterCard).toBeNull();
    // phase 1, CASTLES card: W in exactly 4 castles gets 5 on top of castle points
    const s = at({
      h: 'a1=1 c1=1 e1=1 g1=1',
      p: 'W@a1 W@c1 W@e1 W@g1',
      options: { version: 'master', masterCard: 3 },
      state: { masterCard: 3 },
    });
    expect(projectedScores(s)[0]).toBe(4 + 5);
  });

  it('T-MASTER-EDGE-1: 2/5/10 per edge knight plus a strict-majority bonus', () => {
    expect(master(1, 2, 'W@a3 W@h5 W@c8 W@d4 B@a1 B@b1 B@c3')).toEqual([15 + 5, 10]);
    expect(master(1, 2, 'W@a3 W@h5 W@c8 B@a1 B@b1 B@h2')).toEqual([15, 15]);
    expect(master(1, 1, 'W@d4 B@e5')).toEqual([0, 0]);
  });

  it('T-MASTER-DIAG-1: the same for the two main diagonals', () => {
    expect(master(2, 3, 'W@a1 W@d4 W@h1 B@b2 B@c3 B@c4')).toEqual([30 + 10, 20]);
  });

  it('T-MASTER-CASTLES-1: exactly 4 / 5 / 6 distinct castles after phase 1 / 2 / 3', () => {
    const h = 'a1=1 c1=1 e1=1 g1=1 a3=1 c3=1';
    expect(master(3, 1, 'W@a1 W@c1 W@e1 W@g1', h)).toEqual([5, 0]);
    expect(master(3, 2, 'W@a1 W@c1 W@e1 W@g1 W@a3', h)).toEqual([15, 0]);
    expect(master(3, 3, 'W@a1 W@c1 W@e1 W@g1 W@a3 W@c3', h)).toEqual([30, 0]);
    expect(master(3, 1, 'W@a1 W@c1 W@e1 W@g1 W@a3', h)).toEqual([0, 0]); // 5, not exactly 4
    expect(master(3, 1, 'W@a1 W@c1 W@e1 W@h8', h)).toEqual([0, 0]); // level 0 counts for none
  });

  it('T-MASTER-CONTIG-1: all knights one orthogonal group (phase 3), 40', () => {
    expect(master(4, 3, 'W@c3 W@c4 W@d4')).toEqual([40, 0]);
    expect(master(4, 3, 'W@c3 W@d4')).toEqual([0, 0]);
    expect(master(4, 3, 'W@c3 W@d4', '', 2, { masterContiguity: 'eightWay' })).toEqual([40, 0]);
    expect(master(4, 2, 'W@c3 W@c4 W@d4')).toEqual([0, 0]);
    expect(master(4, 3, 'W@c3')).toEqual([0, 0]); // masterMinKnights 2
    expect(master(4, 3, 'W@c3', '', 2, { masterMinKnights: 1 })).toEqual([40, 0]);
  });

  it('T-MASTER-LEVELS-1: all knights on pairwise different levels, 40', () => {
    expect(master(5, 3, 'W@a1 W@b1 W@c3', 'b1=1 c3=2')).toEqual([40, 0]);
    expect(master(5, 3, 'W@a1 W@b1 W@c3', 'b1=1 c3=1')).toEqual([0, 0]);
  });

  it('T-MASTER-LINE-1: all knights on consecutive squares of one row or column, 50', () => {
    expect(master(6, 3, 'W@a3 W@b3 W@c3')).toEqual([50, 0]);
    expect(master(6, 3, 'W@a3 W@b3 W@d3')).toEqual([0, 0]);
    expect(master(6, 3, 'W@c2 W@c3 W@c4 W@c5')).toEqual([50, 0]);
    expect(master(6, 3, 'W@a1 W@b2 W@c3')).toEqual([0, 0]);
    expect(master(6, 3, 'W@a1 W@b2 W@c3', '', 2, { masterLine: 'withDiagonals' })).toEqual([50, 0]);
  });

  it('T-MASTER-SQUARE-1: 4 knights on the corners of an axis-aligned square, 50', () => {
    expect(master(7, 3, 'W@b2 W@b4 W@d2 W@d4 W@h8')).toEqual([50, 0]);
    expect(master(7, 3, 'W@b2 W@b5 W@d2 W@d4')).toEqual([0, 0]);
    expect(master(7, 3, 'W@c1 W@a2 W@d3 W@b4')).toEqual([0, 0]);
    expect(master(7, 3, 'W@c1 W@a2 W@d3 W@b4', '', 2, { masterSquare: 'anyOrientation' })).toEqual([
      50, 0,
    ]);
  });

  it('T-MASTER-SAME-1: all knights on the same level (0 counts), 50', () => {
    expect(master(8, 3, 'W@a1 W@h8 B@c3 B@d3', 'c3=1 d3=2')).toEqual([50, 0]);
  });
});
