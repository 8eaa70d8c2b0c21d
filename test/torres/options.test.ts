import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { stacksFor } from '../../src/torres/engine/phases.js';
import {
  DEFAULT_OPTIONS,
  PHASE_STACKS,
  squareIndex,
  squareName,
  type TorresOptions,
  type TorresState,
  torres,
} from '../../src/torres/index.js';
import { afterSetup, at, balanced, drive, play, type Setup, targets, texts } from './helpers.js';

const invalid = (o: Record<string, unknown>): void => {
  expect(() => torres.start(o as Partial<TorresOptions>)).toThrow(
    expect.objectContaining({ code: 'INVALID_OPTIONS' }),
  );
};

/**
 * The last turn of phase `phase`: every seat's stacks are used up, so the `end` of the seat on
 * turn (the last of the round, `lps` started the phase) scores the phase on the given board
 * (T-FLOW-5). `scores` are the track positions before the scoring.
 */
function lastTurn(setup: Setup, scores: readonly number[], phase = 1, lps = 0): TorresState {
  const s = at(setup);
  const n = s.options.players;
  const order = Array.from({ length: n }, (_, i) => (lps + i) % n);
  return balanced({
    ...s,
    phase,
    round: (stacksFor(s.options)[phase - 1] as readonly number[]).length - 1,
    order,
    turnIndex: n - 1,
    actor: order[n - 1] as number,
    lastPhaseStart: lps,
    seats: s.seats.map((p, i) => ({ ...p, score: scores[i] ?? 0, stacks: [] })),
    turn: { ...s.turn, active: 0 },
  });
}

const scoresOf = (s: TorresState): number[] => s.seats.map((p) => p.score);

/** The final scores of a 2-player master game whose phase 3 ends with W's knights on `p`. */
const masterFinal = (card: number, p: string, options: Partial<TorresOptions> = {}): number[] => {
  const s = play(
    lastTurn({ p, options: { version: 'master', masterCard: card, ...options } }, [0, 0], 3),
    'end',
  );
  expect(s.step).toBe('over');
  return scoresOf(s);
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

  it('T-RULE-5: the lowest scorer after the scoring moves the king and starts phases 2 and 3 (phaseStartPlayer; highest: the leader)', () => {
    expect(DEFAULT_OPTIONS.phaseStartPlayer).toBe('lowest');
    // Seat 2 started the phase. Before scoring W (3) is lowest and R (6) leads; W's knight on
    // {a1, b1} then scores 2 × 2 = 4, so after the scoring B (5) is lowest and W (7) leads.
    const board = { h: 'a1=2 b1=1 h8=1', p: 'W@a1' };
    for (const phase of [1, 2]) {
      const s = play(lastTurn({ ...board, options: { players: 3 } }, [3, 5, 6], phase, 2), 'end');
      expect(scoresOf(s)).toEqual([7, 5, 6]);
      expect([s.phase, s.step, s.actor]).toEqual([phase + 1, 'kingMove', 1]);
      const t = play(s, 'king stay');
      expect([t.step, t.actor, t.turnIndex, t.lastPhaseStart]).toEqual(['chooseStack', 1, 0, 1]);
      expect(t.order).toEqual([1, 2, 0]);
      // 'highest': the lowest still has the king move, then the leader starts the phase
      const h = play(
        lastTurn(
          { ...board, options: { players: 3, phaseStartPlayer: 'highest' } },
          [3, 5, 6],
          phase,
          2,
        ),
        'end',
      );
      expect([h.step, h.actor]).toEqual(['kingMove', 1]);
      const u = play(h, 'king stay');
      expect([u.step, u.actor, u.turnIndex, u.lastPhaseStart]).toEqual(['chooseStack', 0, 0, 0]);
      expect(u.order).toEqual([0, 1, 2]);
    }
  });

  it('T-RULE-6: the king stands at level 1 at setup and on any free castle square afterwards, never the ground', () => {
    // Setup: on one of the 6 castles without a knight, always a single block (basic and master).
    for (const version of ['basic', 'master'] as const) {
      const s = drive(torres.start({ players: 2, version }), (x) => x.step === 'setupKing');
      const to = targets(s, 'king');
      expect(to).toHaveLength(6);
      for (const q of to) {
        expect(s.heights[squareIndex(q)]).toBe(1);
        expect(s.pieces[squareIndex(q)]).toBeNull();
      }
      const k = play(s, `king ${to[0]}`);
      expect(k.pieces[squareIndex(to[0] as string)]).toBe('K');
      expect(k.heights[squareIndex(to[0] as string)]).toBe(1);
    }
    // Afterwards: every free castle square at any level, its own castle included; no ground square.
    const s = play(
      lastTurn({ h: 'a1=3 b1=2 c1=1 d1=1 f1=1 h8=1', p: 'W@b1 B@h8 K@d1' }, [0, 1]),
      'end',
    );
    expect(s.step).toBe('kingMove');
    expect(targets(s, 'king')).toEqual(['a1', 'c1', 'f1']);
    const m = play(s, 'king a1');
    expect(m.pieces[squareIndex('a1')]).toBe('K');
    expect(m.pieces[squareIndex('d1')]).toBeNull();
    expect(m.heights[squareIndex('a1')]).toBe(3);
    // A whole game: the king never stands on the ground, and no king move targets it.
    const g = randomGame(torres, { players: 2, seed: 6 }, 6, { maxPlies: 3000, keepStates: true });
    expect(g.finished).toBe(true);
    g.states.forEach((x, i) => {
      const k = x.pieces.indexOf('K');
      if (k >= 0) expect(x.heights[k]).toBeGreaterThanOrEqual(1);
      const mv = g.moves[i];
      if (mv?.kind === 'king') {
        const h = x.heights[squareIndex(mv.to)] as number;
        if (x.step === 'setupKing') expect(h).toBe(1);
        else expect(h).toBeGreaterThanOrEqual(1);
      }
    });
    expect(g.moves.filter((mv) => mv.kind === 'king').length).toBeGreaterThan(0);
  });

  it('T-RULE-7: master cards 4/6/7 score an orthogonal group, a gap-free row or column, an axis-aligned square (options widen them)', () => {
    expect([
      DEFAULT_OPTIONS.masterContiguity,
      DEFAULT_OPTIONS.masterLine,
      DEFAULT_OPTIONS.masterSquare,
    ]).toEqual(['orthogonal', 'orthogonal', 'axis']);
    // Ground knights: no castle points, so the final score is the master card's alone.
    const eightWay = { masterContiguity: 'eightWay' } as const;
    expect(masterFinal(4, 'W@c3 W@c4 W@d4')).toEqual([40, 0]);
    expect(masterFinal(4, 'W@c3 W@c4 W@d4', eightWay)).toEqual([40, 0]);
    expect(masterFinal(4, 'W@c3 W@d4')).toEqual([0, 0]); // diagonal contact only
    expect(masterFinal(4, 'W@c3 W@d4', eightWay)).toEqual([40, 0]);
    expect(masterFinal(4, 'W@c3 W@e5', eightWay)).toEqual([0, 0]);
    const diagonals = { masterLine: 'withDiagonals' } as const;
    expect(masterFinal(6, 'W@a3 W@b3 W@c3')).toEqual([50, 0]);
    expect(masterFinal(6, 'W@c2 W@c3 W@c4 W@c5')).toEqual([50, 0]);
    expect(masterFinal(6, 'W@a3 W@b3 W@d3')).toEqual([0, 0]); // a gap
    expect(masterFinal(6, 'W@a3 W@b3 W@d3', diagonals)).toEqual([0, 0]);
    expect(masterFinal(6, 'W@a1 W@b2 W@c3')).toEqual([0, 0]);
    expect(masterFinal(6, 'W@a1 W@b2 W@c3', diagonals)).toEqual([50, 0]);
    const tilted = { masterSquare: 'anyOrientation' } as const;
    expect(masterFinal(7, 'W@b2 W@b4 W@d2 W@d4 W@h8')).toEqual([50, 0]);
    expect(masterFinal(7, 'W@b2 W@c2 W@b3 W@c3')).toEqual([50, 0]); // k = 1
    expect(masterFinal(7, 'W@b2 W@b5 W@d2 W@d5')).toEqual([0, 0]); // a rectangle
    expect(masterFinal(7, 'W@b2 W@b5 W@d2 W@d5', tilted)).toEqual([0, 0]);
    expect(masterFinal(7, 'W@c1 W@a2 W@d3 W@b4')).toEqual([0, 0]); // a tilted square
    expect(masterFinal(7, 'W@c1 W@a2 W@d3 W@b4', tilted)).toEqual([50, 0]);
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
    // One knight on the board (5 off it) trivially meets cards 4, 5, 6 and 8, but is too few.
    for (const [card, pts] of [
      [4, 40],
      [5, 40],
      [6, 50],
      [8, 50],
    ] as const) {
      expect(masterFinal(card, 'W@c3')).toEqual([0, 0]);
      expect(masterFinal(card, 'W@c3', { masterMinKnights: 1 })).toEqual([pts, 0]);
    }
    // Two on the board are enough; the knights still off the board do not count.
    expect(masterFinal(4, 'W@c3 W@c4')).toEqual([40, 0]);
    expect(masterFinal(8, 'W@a1 W@h8')).toEqual([50, 0]);
    // masterMinKnights 6: all six knights must be on the board.
    const six = { masterMinKnights: 6 };
    expect(masterFinal(8, 'W@a1 W@b1 W@c1 W@d1 W@e1', six)).toEqual([0, 0]);
    expect(masterFinal(8, 'W@a1 W@b1 W@c1 W@d1 W@e1 W@f1', six)).toEqual([50, 0]);
    expect(masterFinal(4, 'W@a1 W@b1 W@c1 W@d1 W@e1 W@f1', six)).toEqual([40, 0]);
    // SQUARE is about 4 knights, not all of them: the option does not apply.
    expect(masterFinal(7, 'W@b2 W@b4 W@d2 W@d4', six)).toEqual([50, 0]);
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
    // u = 3 unused blocks, room 3 + 2 + 1: r = 3 must be spread, and `end` is never offered.
    const owed = { me: { stacks: [2, 1, 0] }, turn: { active: 3 } };
    const m0 = at(owed);
    let m = play(m0, 'end');
    expect(texts(m)).toEqual(['spread 0', 'spread 1', 'spread 2']);
    let spreads = 0;
    while (m.step === 'redistribute') {
      expect(m.actor).toBe(0);
      expect(texts(m)).not.toContain('end');
      m = play(m, texts(m)[0] as string);
      spreads++;
    }
    expect(spreads).toBeGreaterThan(0);
    expect(m.actor).toBe(1);
    expect(m.supply).toBe(m0.supply);
    expect(m.seats[0]?.stacks.reduce((a, b) => a + b, 0)).toBe(3 + 3);
    // Only the blocks beyond r = min(u, 3, room) go back: {2,2} takes 2 of 3, automatically.
    const full = at({ me: { stacks: [2, 2] }, turn: { active: 3 } });
    const f = play(full, 'end');
    expect([f.actor, f.supply]).toEqual([1, full.supply + 1]);
    expect(f.seats[0]?.stacks).toEqual([3, 3]);
    const four = at({ me: { stacks: [2, 1, 0] }, turn: { active: 4 } });
    const r3 = play(four, 'end'); // room 6, but never more than 3 in a turn
    expect([r3.step, r3.turn.active, r3.supply]).toEqual(['redistribute', 3, four.supply + 1]);
    // 'optional': `end` is offered at once and after a partial spread, and returns the rest.
    const optional = { redistribution: 'optional' } as const;
    const o0 = at({ ...owed, options: optional });
    const o = play(o0, 'end');
    expect(texts(o)).toEqual(['spread 0', 'spread 1', 'spread 2', 'end']);
    const none = play(o, 'end');
    expect([none.actor, none.supply]).toEqual([1, o0.supply + 3]);
    expect(none.seats[0]?.stacks).toEqual([2, 1, 0]);
    const one = play(o, 'spread 0');
    expect(texts(one)).toContain('end');
    const part = play(one, 'end');
    expect([part.actor, part.supply]).toEqual([1, o0.supply + 2]);
    expect(part.seats[0]?.stacks).toEqual([2, 1, 1]);
    // with one size left the spread is not automatic: stopping is a real choice
    const single = play(
      at({ me: { stacks: [2, 2] }, turn: { active: 2 }, options: optional }),
      'end',
    );
    expect(single.step).toBe('redistribute');
    expect(texts(single)).toEqual(['spread 2', 'end']);
  });

  it("T-RULE-13: master turn order: roundOrder 'fixed' by default; 'leaderEachRound' lets the leader start every later round", () => {
    expect(DEFAULT_OPTIONS.roundOrder).toBe('fixed');
    // Seat `order[2]` ends round 0 of phase 1 (everyone keeps stacks {3, 2}); seat 1 leads.
    const roundEnd = (
      roundOrder: 'fixed' | 'leaderEachRound',
      scores: number[],
      first: number,
      turnIndex = 2,
    ): TorresState => {
      const s = at({
        options: { players: 3, version: 'master', masterCard: 4, roundOrder },
        turn: { active: 0 },
      });
      const order = [first, (first + 1) % 3, (first + 2) % 3];
      return balanced({
        ...s,
        order,
        turnIndex,
        actor: order[turnIndex] as number,
        lastPhaseStart: first,
        seats: s.seats.map((p, i) => ({ ...p, score: scores[i] ?? 0, stacks: [3, 2] })),
      });
    };
    const f = play(roundEnd('fixed', [3, 9, 5], 0), 'end');
    expect([f.round, f.actor, f.step]).toEqual([1, 0, 'chooseStack']);
    expect(f.order).toEqual([0, 1, 2]);
    const l = play(roundEnd('leaderEachRound', [3, 9, 5], 0), 'end');
    expect([l.round, l.actor, l.turnIndex]).toEqual([1, 1, 0]);
    expect(l.order).toEqual([1, 2, 0]);
    // not in the middle of a round
    const mid = play(roundEnd('leaderEachRound', [3, 9, 5], 0, 0), 'end');
    expect([mid.round, mid.actor]).toEqual([0, 1]);
    expect(mid.order).toEqual([0, 1, 2]);
    // a tie (only possible on 0) keeps the order
    expect(play(roundEnd('leaderEachRound', [0, 0, 0], 2), 'end').order).toEqual([2, 0, 1]);
    // At a phase start the lowest (B) moves the king; 'fixed' lets B start, the option the leader (W).
    const board = { h: 'a1=2 b1=1 h8=1', p: 'W@a1' };
    for (const roundOrder of ['fixed', 'leaderEachRound'] as const) {
      const options = { players: 3, version: 'master', masterCard: 4, roundOrder } as const;
      const s = play(lastTurn({ ...board, options }, [3, 5, 6], 1, 2), 'end');
      expect(scoresOf(s)).toEqual([7, 5, 6]);
      expect([s.step, s.actor]).toEqual(['kingMove', 1]);
      expect(play(s, 'king stay').order).toEqual(roundOrder === 'fixed' ? [1, 2, 0] : [0, 1, 2]);
    }
  });

  it("T-RULE-14: scoring goes clockwise from the phase's start player ('turnOrder'); 'leaderFirst' in descending score", () => {
    expect(DEFAULT_OPTIONS.scoringOrder).toBe('turnOrder');
    // The order shows through leapfrog (T-TRACK-2). Castle points: {a1..e1} 5 × 2 = 10, h8 1.
    const h = 'a1=2 b1=1 c1=1 d1=1 e1=1 h8=1';
    const scored = (
      p: string,
      scores: number[],
      lps: number,
      scoringOrder: 'turnOrder' | 'leaderFirst',
    ): number[] =>
      scoresOf(play(lastTurn({ h, p, options: { scoringOrder } }, scores, 1, lps), 'end'));
    // W 5 + 10, B 15 + 1: W first → 16, 17; B first → B 16, W 15.
    expect(scored('W@a1 B@h8', [5, 15], 0, 'turnOrder')).toEqual([16, 17]);
    expect(scored('W@a1 B@h8', [5, 15], 1, 'turnOrder')).toEqual([15, 16]);
    expect(scored('W@a1 B@h8', [5, 15], 0, 'leaderFirst')).toEqual([15, 16]); // B leads
    expect(scored('W@a1 B@h8', [5, 15], 1, 'leaderFirst')).toEqual([15, 16]);
    // W 15 + 1, B 5 + 10: W first → 16, 15; B first → B 16, W 17.
    expect(scored('W@h8 B@a1', [15, 5], 0, 'turnOrder')).toEqual([16, 15]);
    expect(scored('W@h8 B@a1', [15, 5], 1, 'turnOrder')).toEqual([17, 16]);
    expect(scored('W@h8 B@a1', [15, 5], 1, 'leaderFirst')).toEqual([16, 15]); // W leads
  });

  it("T-RULE-15: master castles are Manhattan ≥ 3 apart by default ('rowColumn': only in a row or column)", () => {
    expect(DEFAULT_OPTIONS.castleSpacing).toBe('manhattan');
    const legal = (s: TorresState, spacing: 'manhattan' | 'rowColumn'): string[] => {
      const out: string[] = [];
      for (let q = 0; q < 64; q++) {
        if ((s.heights[q] as number) > 0) continue;
        let ok = true;
        for (let c = 0; c < 64; c++) {
          if ((s.heights[c] as number) === 0) continue;
          const dx = Math.abs((q & 7) - (c & 7));
          const dy = Math.abs((q >> 3) - (c >> 3));
          const line = dx === 0 || dy === 0;
          if (dx + dy < 3 && (spacing === 'manhattan' || line)) ok = false;
        }
        if (ok) out.push(squareName(q));
      }
      return out.sort();
    };
    for (const castleSpacing of ['manhattan', 'rowColumn'] as const) {
      const s0 = torres.start({ players: 3, version: 'master', castleSpacing });
      const d4 = targets(play(s0, 'castle d4'), 'castle');
      for (const x of ['d4', 'd3', 'c4', 'd2', 'b4', 'f4', 'd6']) expect(d4).not.toContain(x);
      for (const x of ['d1', 'a4', 'c2', 'g4']) expect(d4).toContain(x);
      // the diagonal neighbours at distance 2
      for (const x of ['c3', 'e5', 'c5', 'e3'])
        expect(d4.includes(x)).toBe(castleSpacing === 'rowColumn');
      // every placement of a whole setup offers exactly the squares far enough from every castle
      let s = s0;
      let placed = 0;
      while (s.step === 'setupCastle') {
        expect(targets(s, 'castle')).toEqual(legal(s, castleSpacing));
        s = play(s, texts(s)[placed % texts(s).length] as string);
        placed++;
      }
      expect(placed).toBe(8);
    }
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

describe('options resolved once for a run of starts (resolveStartOptions)', () => {
  it('T-RNG-2: starts with the same options and other seeds equal starts resolved afresh, and every changed option is checked again', () => {
    const fresh = (o: Record<string, unknown>) => {
      // A different key order is another input: it is resolved in full.
      const reordered = Object.fromEntries(Object.entries(o).reverse());
      return torres.start(reordered as never);
    };
    for (const seed of [1, 2, 3, 0xffffffff]) {
      const o = { players: 3, seed, deckMode: 'draft' };
      expect(torres.start(o as never)).toStrictEqual(fresh(o));
    }
    // No seed: the default seed, not the last one.
    expect(torres.start({ players: 3, deckMode: 'draft' } as never)).toStrictEqual(
      fresh({ players: 3, deckMode: 'draft', seed: 0 }),
    );
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return undefined;
    };
    torres.start({ players: 4, seed: 1 });
    expect(code(() => torres.start({ players: 4, seed: -1 }))).toBe('INVALID_OPTIONS');
    expect(code(() => torres.start({ players: 4, seed: 1.5 }))).toBe('INVALID_OPTIONS');
    expect(code(() => torres.start({ players: 5, seed: 1 } as never))).toBe('INVALID_OPTIONS');
    expect(code(() => torres.start({ players: 4, seed: 1, bogus: 1 } as never))).toBe(
      'INVALID_OPTIONS',
    );
    torres.start({ players: 4, seed: 1 });
    expect(torres.start({ players: 2, seed: 1 }).seats).toHaveLength(2);
  });
});
