import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { regionsOf } from '../../src/geometry/grid.js';
import { DEFAULT_OPTIONS, GRID, squareIndex, squareName, torres } from '../../src/torres/index.js';
import { afterSetup, at, balanced, drive, expectSet, play, texts } from './helpers.js';

const START = ['d8', 'c6', 'f6', 'h5', 'a4', 'c3', 'f3', 'e1'];
const startTargets = (s: ReturnType<typeof torres.start>): string[] =>
  torres.moves(s).map((m) => (m as { to: string }).to);

describe('components and setup (T-COMP, T-SETUP)', () => {
  it('T-COMP-1: 6 knights per seat and 92 blocks, 8 of them on the board', () => {
    const s = torres.start({ players: 4 });
    expect(s.seats.reduce((n, p) => n + p.knightsOff, 0)).toBe(24);
    expect(s.supply).toBe(92 - 8);
    expect(s.heights.reduce((a, b) => a + b, 0)).toBe(8);
    const custom = torres.start({ players: 2, knightsPerPlayer: 4, totalBlocks: 50 });
    expect(custom.seats[0]?.knightsOff).toBe(4);
    expect(custom.supply).toBe(42);
  });

  it('T-SETUP-1: setup goes clockwise from the first player (option firstPlayer, or random)', () => {
    const s = torres.start({ players: 3, firstPlayer: 2 });
    expect(s.actor).toBe(2);
    expect(play(s, 'start c3').actor).toBe(0);
    const seen = new Set<number>();
    for (let seed = 0; seed < 20; seed++)
      seen.add(torres.start({ players: 4, seed, firstPlayer: 'random' }).actor);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('T-SETUP-2: one block on each of the 8 start squares, 8 castles of area 1', () => {
    const s = torres.start({ players: 2 });
    for (let q = 0; q < 64; q++) expect(s.heights[q]).toBe(START.includes(squareName(q)) ? 1 : 0);
    expect(regionsOf(GRID, s.heights).map((r) => r.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(START.map(squareIndex).sort((a, b) => a - b)).toEqual([4, 18, 21, 24, 39, 42, 45, 59]);
  });

  it('T-SETUP-3: each seat places one knight on a castle without a knight', () => {
    let s = torres.start({ players: 4 });
    expect(s.step).toBe('setupKnight');
    expectSet(startTargets(s), START.join(' '));
    s = play(s, 'start c3', 'start f3', 'start e1');
    expect(s.actor).toBe(3);
    expect(startTargets(s)).toHaveLength(5);
    expect(startTargets(s)).not.toContain('c3');
    expect(s.seats[0]?.knightsOff).toBe(5);
  });

  it('T-SETUP-4: the last placer puts the king on a castle without a knight', () => {
    let s = torres.start({ players: 4, firstPlayer: 1 });
    s = play(s, 'start c3', 'start f3', 'start e1', 'start d8');
    expect(s.step).toBe('setupKing');
    expect(s.actor).toBe(0); // firstPlayer − 1
    expectSet(startTargets(s), 'c6 f6 h5 a4');
    s = play(s, 'king a4');
    expect(s.pieces[squareIndex('a4')]).toBe('K');
  });

  it('T-SETUP-5: after setup the phase-1 stacks are dealt and the first player starts', () => {
    const s3 = afterSetup({ players: 3, firstPlayer: 1 });
    expect(s3.step).toBe('chooseStack');
    expect(s3.actor).toBe(1);
    for (const p of s3.seats) expect(p.stacks).toEqual([3, 3, 2, 2]);
    // 4 players: all stacks are 2, so the stack is taken automatically (T-FLOW-4)
    const s4 = afterSetup({ players: 4 });
    expect(s4.step).toBe('actions');
    expect(s4.turn.active).toBe(2);
    expect(s4.supply).toBe(84 - 32);
  });
});

describe('the state machine (T-FLOW, T-STATE)', () => {
  it('T-STATE-1: the state holds the listed fields', () => {
    const s = torres.start({ players: 2 });
    for (const k of [
      'options',
      'heights',
      'pieces',
      'supply',
      'phase',
      'round',
      'order',
      'turnIndex',
      'step',
      'lastPhaseStart',
      'deck',
      'masterCard',
      'rng',
      'seats',
      'turn',
    ]) {
      expect(s).toHaveProperty(k);
    }
    for (const k of ['score', 'knightsOff', 'stacks', 'hand', 'deck', 'carry'])
      expect(s.seats[0]).toHaveProperty(k);
    for (const k of ['active', 'apLimit', 'apUsed', 'bought', 'played', 'pending', 'spread'])
      expect(s.turn).toHaveProperty(k);
  });

  it('T-STATE-2: stacks are a multiset named by size; a 0-block stack still is a turn', () => {
    const s = at({ me: { stacks: [2, 2, 0] }, state: { step: 'chooseStack' } });
    expect(texts(s)).toEqual(['stack 0', 'stack 2']);
    const t = play(s, 'stack 0');
    expect(t.step).toBe('actions');
    expect(t.turn.active).toBe(0);
    expect(t.seats[0]?.stacks).toEqual([2, 2]);
  });

  it('T-FLOW-1: the steps and who acts in each', () => {
    let s = torres.start({ players: 2, version: 'master', masterCard: 3 });
    expect([s.step, s.actor]).toEqual(['setupCastle', 0]);
    s = drive(s, (x) => x.step !== 'setupCastle');
    expect([s.step, s.actor]).toEqual(['setupKnight', 0]);
    s = drive(s, (x) => x.step !== 'setupKnight');
    expect([s.step, s.actor]).toEqual(['setupKing', 1]);
    s = drive(s, (x) => x.step !== 'setupKing');
    expect([s.step, s.actor]).toEqual(['actions', 0]); // 2p stacks are all 3: chosen automatically
    s = drive(s, (x) => x.step === 'kingMove' || x.step === 'over');
    expect(s.phase).toBe(2);
    s = drive(s, (x) => x.step === 'over');
    expect(torres.moves(s)).toEqual([]);
  });

  it('T-FLOW-2: AP costs; a move costing c needs apUsed + c ≤ apLimit', () => {
    const s = at({ h: 'c3=1', p: 'W@c3', me: { hand: ['ap6'] }, turn: { apUsed: 4 } });
    const kinds = new Set(torres.moves(s).map((m) => m.kind));
    expect(kinds.has('knight')).toBe(false);
    expect(kinds.has('move')).toBe(true);
    const t = at({ h: 'c3=1', p: 'W@c3', me: { hand: ['ap6'] }, turn: { apUsed: 5 } });
    expect(new Set(torres.moves(t).map((m) => m.kind))).toEqual(new Set(['play', 'end']));
    expect(play(s, '+1').turn.apUsed).toBe(5);
  });

  it('T-FLOW-4: forced bookkeeping is automatic: stack, spread, keep, return, and the king move when no square is free', () => {
    // stack: all stacks one size
    const s = play(at({ me: { stacks: [2, 2] }, turn: { active: 0 } }), 'end');
    expect(s.actor).toBe(1);
    expect(s.step).toBe('actions');
    // kingMove is skipped when every castle square is occupied
    const full = at({
      h: 'a1=1 c1=1 e1=1 g1=1 a3=1 c3=1',
      p: 'W@a1 W@c1 W@e1 B@g1 B@a3 K@c3',
      me: { stacks: [] },
      turn: { active: 0 },
      state: { round: 3, turnIndex: 1, order: [1, 0] },
    });
    const t = play(
      balanced({ ...full, seats: full.seats.map((x) => ({ ...x, stacks: [] })) }),
      'end',
    );
    expect(t.phase).toBe(2);
    expect(t.step).not.toBe('kingMove');
  });

  it('T-FLOW-5: after the last turn of a phase: scoring, dealing, then the king move', () => {
    const s = afterSetup({ players: 4 });
    const t = drive(s, (x) => x.phase === 2);
    expect(t.step).toBe('kingMove');
    for (const p of t.seats) expect(p.stacks).toEqual([2, 2, 2]);
    expect(t.seats.reduce((n, p) => n + p.score, 0)).toBeGreaterThan(0);
    const end = drive(t, (x) => x.step === 'over');
    expect(torres.terminal(end)).toBe(true);
  });

  it('T-FLOW-6: a turn has at most 20 moves; a 4-player game at most 815', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const g = randomGame(torres, { players: 4, seed, deckMode: 'draft' }, seed, {
        maxPlies: 2000,
        keepStates: true,
      });
      expect(g.finished).toBe(true);
      expect(g.moves.length).toBeLessThanOrEqual(815);
      let perTurn = 0;
      for (let i = 0; i < g.moves.length; i++) {
        const before = g.states[i];
        const after = g.states[i + 1];
        perTurn++;
        if (before && after && (after.actor !== before.actor || after.step === 'over')) {
          expect(perTurn).toBeLessThanOrEqual(20);
          perTurn = 0;
        }
      }
    }
  });
});

describe('phases, stacks and order (T-PHASE, T-STACK, T-ORDER, T-AP)', () => {
  it('T-STACK-1: the seat picks a stack by size; only its blocks can be placed', () => {
    const s = afterSetup({ players: 3 });
    expect(texts(s)).toEqual(['stack 2', 'stack 3']);
    const t = play(s, 'stack 3');
    expect(t.turn.active).toBe(3);
    expect(t.seats[0]?.stacks).toEqual([3, 2, 2]);
  });

  it('T-AP-1: 5 AP at the start of every turn', () => {
    const s = afterSetup({ players: 4 });
    expect(s.turn.apLimit).toBe(5);
    expect(s.turn.apUsed).toBe(0);
  });

  it('T-PHASE-1: 4/3/3 rounds (4/4/4 for 2 players): 40, 30 and 24 turns', () => {
    for (const [players, turns] of [
      [4, 40],
      [3, 30],
      [2, 24],
    ] as const) {
      const g = randomGame(torres, { players, seed: players }, 9, { maxPlies: 3000 });
      expect(g.finished).toBe(true);
      expect(g.moves.filter((m) => m.kind === 'end').length).toBe(turns);
    }
    // phaseStacks overrides the table; R = number of stacks
    const g = randomGame(torres, { players: 2, phaseStacks: [[1], [1, 1], [2]] }, 1, {
      maxPlies: 3000,
    });
    expect(g.moves.filter((m) => m.kind === 'end').length).toBe(8);
  });

  it('T-PHASE-2: stacks are dealt from the supply; a short supply deals stack by stack in seat order', () => {
    const s = afterSetup({ players: 4, totalBlocks: 20 });
    expect(s.seats.map((p) => p.stacks)).toEqual([
      [2, 2, 0, 0],
      [2, 2, 0, 0],
      [2, 0, 0, 0],
      [2, 0, 0, 0],
    ]);
    expect(s.step).toBe('chooseStack'); // sizes 2 and 0: a real choice
    expect(s.supply).toBe(0);
  });

  it('T-ORDER-1: phase 1 goes clockwise from the first player, the same every round', () => {
    let s = afterSetup({ players: 3, firstPlayer: 2 });
    const seen: number[] = [];
    s = drive(
      s,
      (x) => x.phase === 2,
      (x, ms) => {
        if (ms.includes('end')) seen.push(x.actor);
        return undefined;
      },
    );
    expect(seen).toEqual([2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
  });

  it('T-ORDER-2: phases 2 and 3 start with the lowest scorer, who had the king move (option highest)', () => {
    // Seat 1 steps its start knight down to the ground: it ends phase 1 on 0.
    const low = (x: ReturnType<typeof torres.start>, ms: string[]): string | undefined =>
      x.actor === 1 && x.step === 'actions' && x.turn.apUsed === 0 && x.round === 0
        ? ms.find((m) => /^[a-h][1-8]-[a-h][1-8]$/.test(m))
        : undefined;
    const s = drive(afterSetup({ players: 3 }), (x) => x.phase === 2, low);
    expect(s.seats[1]?.score).toBe(0);
    expect(s.step).toBe('kingMove');
    expect(s.actor).toBe(1);
    const t = play(s, 'king stay');
    expect(t.actor).toBe(1);
    expect(t.order).toEqual([1, 2, 0]);
    const h = drive(
      afterSetup({ players: 3, phaseStartPlayer: 'highest' }),
      (x) => x.phase === 2,
      low,
    );
    expect(h.actor).toBe(1); // the lowest still moves the king
    const hs = play(h, 'king stay');
    const leader = [0, 1, 2].reduce(
      (b, p) => ((hs.seats[p]?.score ?? 0) > (hs.seats[b]?.score ?? 0) ? p : b),
      0,
    );
    expect(hs.order[0]).toBe(leader);
  });

  it('T-ORDER-3: a tie for lowest on 0 keeps the order: first tied seat clockwise from the phase start', () => {
    const down = (x: ReturnType<typeof torres.start>, ms: string[]): string | undefined =>
      (x.actor === 1 || x.actor === 2) &&
      x.step === 'actions' &&
      x.turn.apUsed === 0 &&
      x.round === 0
        ? ms.find((m) => /^[a-h][1-8]-[a-h][1-8]$/.test(m))
        : undefined;
    const s = drive(afterSetup({ players: 3 }), (x) => x.phase === 2, down);
    expect(s.seats[1]?.score).toBe(0);
    expect(s.seats[2]?.score).toBe(0);
    expect(s.actor).toBe(1);
    expect(play(s, 'king stay').order).toEqual([1, 2, 0]);
  });

  it('T-ORDER-4: option leaderEachRound: the leader starts every later round', () => {
    const s = afterSetup({ players: 3, roundOrder: 'leaderEachRound' });
    const t = drive(
      s,
      (x) => x.round === 1,
      (x, ms) => (x.actor === 2 && ms.includes('+1') && x.turn.apUsed < 3 ? '+1' : undefined),
    );
    expect(t.seats[2]?.score).toBe(3);
    expect(t.order).toEqual([2, 0, 1]);
    expect(DEFAULT_OPTIONS.roundOrder).toBe('fixed');
  });
});

describe('ending a turn and redistribution (T-END-TURN, T-REDIST)', () => {
  it('T-END-TURN-1: end is always legal in actions; unused blocks go to redistribution', () => {
    const s = at({ turn: { apUsed: 0, active: 2 }, me: { stacks: [2, 2] } });
    expect(texts(s)).toContain('end');
    const t = play(s, 'end');
    // r = min(2, 3, 1 + 1) = 2, both onto 2-stacks (only one size): automatic
    expect(t.seats[0]?.stacks).toEqual([3, 3]);
  });

  it('T-REDIST-1: up to min(u, 3, room) blocks onto the other stacks, never above the cap', () => {
    let s = afterSetup({ players: 4 }); // seat 0 in actions with a 2-stack, reserve {2,2,2}
    s = balanced({
      ...s,
      seats: s.seats.map((p, i) => (i === 0 ? { ...p, hand: ['blockUnder'] } : p)),
    });
    expect(s.pieces[squareIndex('e1')]).toBe(0); // seat 0's start knight
    // Step down next to e1 and found nothing new: the block under d1 extends e1's castle.
    s = play(s, 'e1-d1', 'play blockUnder d1 /2', 'end');
    expect(s.step).toBe('redistribute');
    expect(texts(s)).toEqual(['spread 1', 'spread 2']);
    const a = play(s, 'spread 2');
    expect(texts(a)).toEqual(['spread 1', 'spread 2']);
    expect(play(a, 'spread 2').seats[0]?.stacks).toEqual([3, 3, 1]);
    expect(play(a, 'spread 1').seats[0]?.stacks).toEqual([3, 2, 2]);
    // 3 players: choose a 3 from {3,3,2,2}, place nothing: r = min(3, 3, 2) = 2, automatic.
    const p3 = afterSetup({ players: 3 });
    const t = play(p3, 'stack 3', 'end');
    expect(t.seats[0]?.stacks).toEqual([3, 3, 3]);
    expect(t.supply).toBe(p3.supply + 1);
    expect(t.actor).toBe(1);
  });

  it('T-REDIST-2: redistribution is mandatory; with optional, end returns the rest', () => {
    const s = at({ me: { stacks: [2, 1] }, turn: { active: 2 } });
    const t = play(s, 'end');
    expect(texts(t)).toEqual(['spread 1', 'spread 2']);
    const o = at({
      me: { stacks: [2, 1] },
      turn: { active: 2 },
      options: { redistribution: 'optional' },
    });
    const u = play(o, 'end');
    expect(texts(u)).toEqual(['spread 1', 'spread 2', 'end']);
    const v = play(u, 'end');
    expect(v.supply).toBe(o.supply + 2);
    expect(v.seats[0]?.stacks).toEqual([2, 1]);
  });

  it('T-REDIST-3: on the last turn of a phase all unused blocks return (or carry over with carryOverBlocks)', () => {
    const last = { me: { stacks: [] as number[] }, turn: { active: 2 } };
    const s = at(last);
    expect(play(s, 'end').supply).toBe(s.supply + 2);
    const c = at({ ...last, options: { carryOverBlocks: true } });
    const t = play(c, 'end');
    expect(t.seats[0]?.carry).toBe(2);
    expect(t.supply).toBe(c.supply);
  });

  it('T-REDIST-4: after redistribution the next seat starts; after the last seat, the next round', () => {
    const s = afterSetup({ players: 3 });
    const t = play(s, 'stack 2', 'end');
    expect(t.actor).toBe(1);
    expect(t.step).toBe('chooseStack');
    const u = drive(t, (x) => x.round === 1);
    expect(u.actor).toBe(0);
    expect(u.turnIndex).toBe(0);
  });
});

describe('master version setup and order (T-MASTER)', () => {
  it('T-MASTER-SETUP-1: players place 8 castles, Manhattan distance ≥ 3 (option rowColumn)', () => {
    let s = torres.start({ players: 3, version: 'master' });
    expect(s.heights.every((h) => h === 0)).toBe(true);
    expect(s.supply).toBe(92);
    expect(startTargets(s)).toHaveLength(64);
    s = play(s, 'castle d4');
    const legal = startTargets(s);
    expect(legal).toHaveLength(64 - 13);
    for (const x of ['d2', 'b4', 'e5', 'c3', 'd4']) expect(legal).not.toContain(x);
    for (const x of ['d1', 'a4', 'c2']) expect(legal).toContain(x);
    expect(s.actor).toBe(1);
    const r = play(
      torres.start({ players: 3, version: 'master', castleSpacing: 'rowColumn' }),
      'castle d4',
    );
    expect(startTargets(r)).toContain('c3');
    expect(startTargets(r)).not.toContain('d3');
    expect(startTargets(r)).not.toContain('b4');
  });

  it('T-MASTER-SETUP-2: after 8 castles, knights and the king as in the basic game', () => {
    const s = drive(
      torres.start({ players: 3, version: 'master' }),
      (x) => x.step !== 'setupCastle',
    );
    expect(regionsOf(GRID, s.heights)).toHaveLength(8);
    expect(s.step).toBe('setupKnight');
    expect(s.actor).toBe(0);
    expect(s.supply).toBe(84);
  });

  it('T-MASTER-HAND-1: every seat holds its 10 cards; no buy', () => {
    const s = afterSetup({ players: 3, version: 'master' });
    expect(s.options.deckMode).toBe('masterHand');
    for (const p of s.seats) expect(p.hand).toHaveLength(10);
    const t = play(s, 'stack 3');
    expect(texts(t)).not.toContain('buy');
    expect(texts(t)).toContain('play ap6');
  });

  it('T-MASTER-ORDER-1: the lowest scorer starts phases 2 and 3 in the master version too', () => {
    const s = drive(
      afterSetup({ players: 2, version: 'master', masterCard: 4 }),
      (x) => x.phase === 2,
    );
    const low = s.seats[0]!.score <= s.seats[1]!.score ? 0 : 1;
    expect(s.actor).toBe(low);
    expect(play(s, 'king stay').order[0]).toBe(low);
  });
});
