import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RulesError } from '../../src/core/errors.js';
import { labelRegions, makeRegions } from '../../src/geometry/grid.js';
import {
  GRID,
  type TorresMove,
  type TorresOptions,
  type TorresState,
  torres,
} from '../../src/torres/index.js';

const regions = makeRegions(GRID);

function castles(s: TorresState): { count: number; ok: boolean } {
  const r = labelRegions(GRID, s.heights, regions);
  let ok = true;
  for (let id = 0; id < r.count; id++)
    if ((r.tops[id] as number) > (r.areas[id] as number)) ok = false;
  return { count: r.count, ok };
}

function blocks(s: TorresState): number {
  let n = s.supply + s.turn.active;
  for (const h of s.heights) n += h;
  for (const p of s.seats) n += p.carry + p.stacks.reduce((a, b) => a + b, 0);
  return n;
}

const setupSteps = ['setupCastle', 'setupKnight', 'setupKing'];
const foundsOrRemoves = (m: TorresMove): boolean =>
  m.kind === 'castle' || (m.kind === 'play' && (m.card === 'moveBlock' || m.card === 'blockUnder'));

/** Longest game the properties play: far above any complete game (a few hundred plies). */
const MAX_PLIES = 3000;

/** Plays the legal game that `choices` picks (`moves[c % n]` at each ply), keeping every state. */
function play(options: Partial<TorresOptions>, choices: readonly number[]) {
  const states: TorresState[] = [torres.start(options)];
  const moves: TorresMove[] = [];
  for (const c of choices) {
    const s = states[states.length - 1] as TorresState;
    if (torres.terminal(s)) break;
    const ms = torres.moves(s);
    const m = ms[c % ms.length] as TorresMove;
    moves.push(m);
    states.push(torres.apply(s, m));
  }
  const final = states[states.length - 1] as TorresState;
  return { states, moves, final, finished: torres.terminal(final) };
}

/**
 * Checks the invariants at every ply of random complete games: fast-check draws the move
 * choices (so a failure shrinks to a shorter legal game), `runs` games per call.
 */
function check(options: Partial<TorresOptions>, seed: number, runs = 2): void {
  fc.assert(
    fc.property(
      fc.nat({ max: 1_000_000 }),
      fc.array(fc.nat(), { minLength: MAX_PLIES, maxLength: MAX_PLIES, size: 'max' }),
      // The deck seed varies too, so each run deals different cards.
      (deal, choices) => checkGame({ ...options, seed: (options.seed ?? 0) + deal }, choices),
    ),
    { numRuns: runs, seed },
  );
}

function checkGame(options: Partial<TorresOptions>, choices: readonly number[]): void {
  const g = play(options, choices);
  expect(g.finished).toBe(true);
  const o = g.final.options;
  // T-PHASE-1 table: rounds 4/4/4 with 2 players, 4/3/3 with 3 or 4 (independent of the code's table).
  const rounds = o.phaseStacks
    ? o.phaseStacks.reduce((a, l) => a + l.length, 0)
    : o.players === 2
      ? 12
      : 10;
  let ends = 0;
  for (let i = 0; i < g.states.length; i++) {
    const s = g.states[i] as TorresState;
    const c = castles(s);
    // T-GEO-5: height ≤ area for every castle
    expect(c.ok).toBe(true);
    // T-GEO-9: blocks conserved
    expect(blocks(s)).toBe(o.totalBlocks);
    // T-GEO-3: one piece per square; knights conserved; one king after setup
    for (let p = 0; p < o.players; p++) {
      expect(s.pieces.filter((v) => v === p).length + (s.seats[p]?.knightsOff ?? 0)).toBe(
        o.knightsPerPlayer,
      );
    }
    expect(s.pieces.filter((v) => v === 'K').length).toBe(setupSteps.includes(s.step) ? 0 : 1);
    // T-FLOW-2: never more AP than the turn allows
    expect(s.turn.apUsed).toBeLessThanOrEqual(s.turn.apLimit);
    // T-TRACK-2: no two markers share a space above 0
    const pos = s.seats.map((p) => p.score).filter((x) => x > 0);
    expect(new Set(pos).size).toBe(pos.length);
    if (!setupSteps.includes(s.step)) expect(c.count).toBeGreaterThanOrEqual(6); // T-GEO-7
    const next = g.states[i + 1];
    const move = g.moves[i];
    if (next && move) {
      // T-END-2: scores never decrease
      for (const [k, p] of next.seats.entries())
        expect(p.score).toBeGreaterThanOrEqual(s.seats[k]?.score ?? 0);
      // T-GEO-6: castles never merge, and plain placement never founds one
      if (!foundsOrRemoves(move)) expect(castles(next).count).toBe(c.count);
      if (move.kind === 'end' && s.step === 'actions') ends++;
    }
  }
  // T-PHASE-1: one turn per seat per round, and the game ends after the last round of phase 3
  expect(ends).toBe(rounds * o.players);
  expect(g.final.phase).toBe(3);
}

describe('Torres properties over random complete games', () => {
  for (const players of [2, 3, 4]) {
    for (const deckMode of ['shared', 'perColour', 'draft', 'masterHand'] as const) {
      it(`T-GEO-5, T-GEO-6, T-GEO-9, T-TRACK-2, T-END-2, T-PHASE-1: invariants at every ply, ${players} players, ${deckMode}`, () => {
        check({ players, deckMode, seed: 17 + players }, players);
      });
    }
    it(`T-GEO-5, T-GEO-6, T-GEO-9, T-TRACK-2, T-END-2, T-PHASE-1: invariants at every ply, ${players} players, master version`, () => {
      check({ players, version: 'master', seed: 5 + players }, players);
    });
  }
  it('invariants hold with every non-default option', () => {
    check(
      {
        players: 3,
        seed: 99,
        deckMode: 'draft',
        carryOverBlocks: true,
        redistribution: 'optional',
        roundOrder: 'leaderEachRound',
        phaseStartPlayer: 'highest',
        scoringOrder: 'leaderFirst',
        jumpOverKing: true,
        climbTwo: 'upTo',
        stackCap: null,
        firstPlayer: 'random',
      },
      3,
    );
    check(
      {
        players: 4,
        version: 'master',
        seed: 5,
        castleSpacing: 'rowColumn',
        masterCard: 7,
        masterSquare: 'anyOrientation',
      },
      4,
    );
  });
});

describe('Torres apply on the immutable path', () => {
  // `apply` plays on the position of the state's game tree, which `moves` just read for the same
  // state (src/torres/game.ts, state.ts), and `moves` hands out one frozen object per move code:
  // neither may leak between states.
  it('apply after moves equals a fresh apply and one on a decoded copy, leaves its state intact, and moves are shared values', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.array(fc.nat(), { minLength: 1, maxLength: 150 }),
        (seed, picks) => {
          let s = torres.start({ players: 3, seed });
          for (const pick of picks) {
            if (torres.terminal(s)) break;
            const text = torres.serialize(s);
            const list = torres.moves(s);
            const move = list[pick % list.length] as TorresMove;
            const child = torres.apply(s, move); // plays on the position moves built
            expect(torres.serialize(s)).toBe(text);
            // The same move as a copy of the object (checked, on a position of its own).
            expect(torres.serialize(torres.apply(s, { ...move } as TorresMove))).toBe(
              torres.serialize(child),
            );
            const fresh = torres.deserialize(text);
            // Built whole from a decoded copy: the child shares its untouched parts with `s`,
            // this one shares nothing.
            expect(torres.apply(fresh, move)).toEqual(child);
            torres.moves(fresh).forEach((m, i) => {
              expect(m).toBe(list[i]);
              expect(Object.isFrozen(m)).toBe(true);
            });
            s = child;
          }
        },
      ),
      { numRuns: 15, seed: 11 },
    );
  });

  // A state `apply` makes from a state the library made shares every part the move left alone
  // with it (where the immutable path's speed comes from, src/torres/state-data.ts); one made
  // from a caller's object shares none of that object's arrays, which the caller may still own.
  it("the next state shares untouched parts with a library state, none with a caller's object", () => {
    const arrays = (s: TorresState): unknown[] => [
      s.heights,
      s.pieces,
      s.order,
      s.deck,
      s.seats,
      ...s.seats.flatMap((p) => [p, p.stacks, p.hand, p.deck, p.played]),
      s.turn.bought,
      s.turn.pending,
    ];
    let s = torres.start({ players: 3, seed: 21 });
    let shared = 0;
    for (let ply = 0; ply < 150 && !torres.terminal(s); ply++) {
      const list = torres.moves(s);
      const move = list[(ply * 7) % list.length] as TorresMove;
      const next = torres.apply(s, move);
      const mine = JSON.parse(JSON.stringify(s)) as TorresState;
      const theirs = new Set(arrays(mine));
      const fromMine = torres.apply(mine, move);
      expect(fromMine).toEqual(next);
      for (const a of arrays(fromMine)) expect(theirs.has(a)).toBe(false);
      const before = new Set(arrays(s));
      shared += arrays(next).filter((a) => before.has(a)).length;
      s = next;
    }
    // Most moves touch a few squares or one seat: far more parts are shared than rebuilt.
    expect(shared).toBeGreaterThan(150 * 5);
  });

  // `apply` looks a move up in a plain twin of the list `moves` handed out (src/torres/game.ts):
  // move objects are shared by every state, so only this state's list makes one legal here.
  it("a move listed for the next state is refused by this one when it is not in this one's list", () => {
    let s = torres.start({ players: 2, seed: 4 });
    let refused = 0;
    for (let ply = 0; ply < 200; ply++) {
      const list = torres.moves(s);
      const next = torres.apply(s, list[ply % list.length] as TorresMove);
      if (torres.terminal(next)) break;
      for (const m of torres.moves(next)) {
        if (list.includes(m)) continue;
        let code: string | undefined;
        try {
          torres.apply(s, m);
        } catch (e) {
          code = (e as RulesError).code;
        }
        expect(code).toBe('ILLEGAL_MOVE');
        refused++;
      }
      s = next;
    }
    expect(refused).toBeGreaterThan(100);
  });
});
