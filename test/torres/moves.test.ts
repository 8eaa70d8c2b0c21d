import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { diagNeighbours, orthNeighbours, regionsOf } from '../../src/geometry/grid.js';
import {
  blockPlacements,
  canTakeBlock,
  GRID,
  knightTargets,
  squareIndex,
  squareName,
  torres,
} from '../../src/torres/index.js';
import { at, expectSet, heightsOf, kinds, play, targets, texts } from './helpers.js';

const names = (xs: number[]): string[] => xs.map(squareName).sort();

describe('geometry (T-GEO)', () => {
  it('T-GEO-1: squares a1..h8 are indexed 8y + x', () => {
    expect(squareIndex('d8')).toBe(59);
    expect(squareName(18)).toBe('c3');
    expect(squareIndex('a1')).toBe(0);
    expect(squareIndex('h1')).toBe(7);
    expect(squareIndex('a8')).toBe(56);
    expect(squareIndex('h8')).toBe(63);
    expect(squareIndex('i1')).toBe(-1);
  });

  it('T-GEO-2: orthogonal and diagonal neighbours, no wrapping', () => {
    expect(names(orthNeighbours(GRID, squareIndex('a1')))).toEqual(['a2', 'b1']);
    expect(names(diagNeighbours(GRID, squareIndex('a1')))).toEqual(['b2']);
    expect(orthNeighbours(GRID, squareIndex('d4'))).toHaveLength(4);
    expect(diagNeighbours(GRID, squareIndex('d4'))).toHaveLength(4);
    expect(names(orthNeighbours(GRID, squareIndex('h4')))).toEqual(['g4', 'h3', 'h5']);
  });

  it('T-GEO-3: a knight stands on top of its stack and its square is not free', () => {
    const s = at({ h: 'c3=2 c4=1', p: 'W@c3' });
    expect(s.heights[squareIndex('c3')]).toBe(2);
    expect(targets(s, 'block')).not.toContain('c3');
    const t = at({ h: 'c3=2 c4=1', p: 'W@c4 B@c3' });
    expect(targets(t, 'move')).not.toContain('c3');
  });

  it('T-GEO-4: castles are the orthogonally connected groups of non-zero height', () => {
    const regs = regionsOf(GRID, heightsOf('c3=1 d3=2 f3=1')).map(names);
    expect(regs).toEqual([['c3', 'd3'], ['f3']]);
  });

  it('T-GEO-5: no castle may be taller than its area', () => {
    const s = at({ h: 'c3=2 d3=1' });
    expect(targets(s, 'block')).not.toContain('c3');
    expect(targets(s, 'block')).toContain('d3');
  });

  it('T-GEO-6: castles may only touch diagonally; a block that would merge two castles is illegal', () => {
    expect(targets(at({ h: 'c3=1 e3=1' }), 'block')).not.toContain('d3');
    // Diagonal contact is a legal state with two castles, and play goes on.
    const s = at({ h: 'c3=1 d4=1' });
    expect(regionsOf(GRID, s.heights)).toHaveLength(2);
    expect(targets(s, 'block')).not.toContain('c4');
    expect(targets(s, 'block')).not.toContain('d3');
  });

  it('T-GEO-7: only moveBlock lowers the castle count and never below 6', () => {
    // Six lone blocks: moving one onto another castle would leave 5.
    const h = 'a1=1 c1=1 e1=1 g1=1 a3=1 h8=1';
    const s = at({ h, me: { hand: ['moveBlock'] } });
    const mb = kinds(s, 'play', 'moveBlock').map(
      (m) => `${(m as { from: string }).from}-${(m as { to: string }).to}`,
    );
    expect(mb).toContain('a1-d5'); // a new isolated castle keeps 6
    expect(mb).not.toContain('a1-b1'); // b1 touches a1? no: a1 lifted, b1 extends c1 → 5 castles
    expect(mb).not.toContain('a1-c1'); // raising another castle → 5 castles
  });

  it('T-GEO-8: pieces never block doors (a piece on the castle does not stop the tunnel)', () => {
    const s = at({ h: 'c3=1 d3=2 e3=1', p: 'W@b3 B@d3' });
    expect(targets(s, 'move')).toContain('f3');
  });
});

describe('conservation (T-GEO-9)', () => {
  it('T-GEO-9: supply + board + stacks + carry (+ the active stack) stays totalBlocks through a game', () => {
    const total = (x: ReturnType<typeof torres.start>): number =>
      x.supply +
      x.turn.active +
      x.heights.reduce((a, b) => a + b, 0) +
      x.seats.reduce((a, p) => a + p.carry + p.stacks.reduce((u, v) => u + v, 0), 0);
    let s = torres.start({ players: 3, seed: 2, carryOverBlocks: true });
    expect(total(s)).toBe(92);
    for (let i = 0; i < 400 && !torres.terminal(s); i++) {
      const ms = torres.moves(s);
      s = torres.apply(s, ms[(i * 7919) % ms.length] as (typeof ms)[number]);
      expect(total(s)).toBe(92);
    }
  });
});

describe('placing blocks (T-BLOCK)', () => {
  it('T-BLOCK-1: no block without blocks left in the active stack; a block uses one', () => {
    expect(kinds(at({ h: 'c3=1', turn: { active: 0 } }), 'block')).toHaveLength(0);
    const s = play(at({ h: 'c3=1', turn: { active: 2 } }), 'c4');
    expect(s.turn.active).toBe(1);
    expect(s.turn.apUsed).toBe(1);
    expect(s.heights[squareIndex('c4')]).toBe(1);
  });

  it('T-BLOCK-2: raising needs the new height to stay within the area', () => {
    const s = at({ h: 'c3=1 d3=1' });
    expect(targets(s, 'block')).toContain('c3');
    const t = play(s, 'c3');
    expect(t.heights[squareIndex('c3')]).toBe(2);
    expect(targets(t, 'block')).not.toContain('c3');
  });

  it('T-BLOCK-3: extending needs exactly one adjacent castle (no founding, no merging)', () => {
    const s = at({ h: 'c3=1 e3=1 g6=1' });
    expectSet(targets(s, 'block'), 'b3 c2 c4 e2 e4 f3 f6 h6 g5 g7');
  });

  it('T-BLOCK-3 query: blockPlacements lists the block targets; canTakeBlock ignores AP and the stack', () => {
    const s = at({ h: 'c3=1 e3=1 g6=1', turn: { active: 0 } });
    expect(blockPlacements(s)).toEqual([]);
    expect(canTakeBlock(s, 'b3')).toBe(true);
    expect(canTakeBlock(s, 'd3')).toBe(false);
    expect(canTakeBlock(s, 'c3')).toBe(false); // area 1
    const t = at({ h: 'c3=1 e3=1 g6=1' });
    expectSet(blockPlacements(t), 'b3 c2 c4 e2 e4 f3 f6 h6 g5 g7');
  });

  it('T-BLOCK-2/3/4 query: canTakeBlock matches the rule read from the castles on random boards', () => {
    // The rule straight from the spec, over the regions of the geometry module: a free castle
    // square rises if h + 1 ≤ its castle's area (T-BLOCK-2); a free ground square takes a block
    // if it touches exactly one castle (T-BLOCK-3); squares with a piece never do (T-BLOCK-4).
    const oracle = (h: readonly number[], p: readonly unknown[], q: number): boolean => {
      if (p[q] !== null) return false;
      const regions = regionsOf(GRID, h);
      const of = (sq: number): number => regions.findIndex((r) => r.includes(sq));
      if (h[q] > 0) return h[q] + 1 <= regions[of(q)].length;
      return (
        new Set(
          orthNeighbours(GRID, q)
            .map(of)
            .filter((id) => id >= 0),
        ).size === 1
      );
    };
    let checked = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const g = randomGame(torres, { players: 2 + (seed % 3), seed }, seed, {
        maxPlies: 2000,
        keepStates: true,
      });
      for (let i = 0; i < g.states.length; i += 29) {
        const st = g.states[i];
        for (let q = 0; q < 64; q++) {
          const want = oracle(st.heights, st.pieces, q);
          expect(canTakeBlock(st, squareName(q)), `seed ${seed} ply ${i} ${squareName(q)}`).toBe(
            want,
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(64 * 24);
  });

  it('T-BLOCK-4: blocks go to any castles; squares with a knight or the king never take one', () => {
    const s = at({ h: 'c3=1 d3=1 f6=1 g6=1', p: 'W@c3 K@f6' });
    const t = targets(s, 'block');
    expect(t).not.toContain('c3');
    expect(t).not.toContain('f6');
    expect(t).toContain('d3');
    expect(t).toContain('g6');
  });
});

describe('adding knights (T-KNIGHT-ADD)', () => {
  it('T-KNIGHT-ADD-1: next to an own knight, at its level or lower; 2 AP', () => {
    const s = at({ h: 'c3=2 d3=3 c4=1', p: 'W@c3' });
    expectSet(targets(s, 'knight'), 'b3 c2 c4');
    const t = play(s, 'N@c4');
    expect(t.turn.apUsed).toBe(2);
    expect(t.seats[0]?.knightsOff).toBe(4);
    expect(kinds(at({ h: 'c3=1', p: 'W@c3', me: { knightsOff: 0 } }), 'knight')).toHaveLength(0);
  });

  it('T-KNIGHT-ADD-2: the highest adjacent own knight decides; others and the king are never anchors', () => {
    const s = at({ h: 'd3=2 e3=2', p: 'W@c3 W@e3' });
    expect(targets(s, 'knight')).toContain('d3');
    const t = at({ h: 'd3=2 e3=2', p: 'W@c3 B@e3' });
    expect(targets(t, 'knight')).not.toContain('d3');
    const k = at({ h: 'd3=2 e3=2', p: 'W@c3 K@e3' });
    expect(targets(k, 'knight')).not.toContain('d3');
  });
});

describe('moving knights (T-KNIGHT-MOVE, T-DOOR)', () => {
  it('T-KNIGHT-MOVE-1: steps and door moves cost 1 AP each; AP may be split and one knight moved twice', () => {
    let s = at({ p: 'W@a1 W@h8' });
    s = play(s, 'a1-a2', 'a2-a3', 'h8-h7');
    expect(s.turn.apUsed).toBe(3);
    expect(s.pieces[squareIndex('a3')]).toBe(0);
    expect(s.pieces[squareIndex('h7')]).toBe(0);
  });

  it('T-KNIGHT-MOVE-2: a step climbs at most one level and drops any number', () => {
    const s = at({ h: 'c3=1 d3=3 d4=1', p: 'W@c3' });
    const steps = knightTargets(s, 'c3')
      .filter((t) => t.via === 'step')
      .map((t) => t.to);
    expectSet(steps, 'b3 c2 c4');
    expect(targets(s, 'move')).not.toContain('d3');
  });

  it('T-KNIGHT-MOVE-3: never onto an occupied square', () => {
    expectSet(targets(at({ p: 'W@d3 B@d4' }), 'move'), 'c3 e3 d2');
  });

  it('T-DOOR-1: through a castle for 1 AP, leaving at or below the entry level', () => {
    const s = at({ h: 'c3=1 d3=2 e3=1', p: 'W@b3' });
    const t = play(s, 'b3>f3');
    expect(t.turn.apUsed).toBe(1);
    expect(t.pieces[squareIndex('f3')]).toBe(0);
    // From level 1 on c3 the knight can never come out higher than level 1.
    const u = at({ h: 'b3=1 c3=3 d3=2 e3=1', p: 'W@b3' });
    for (const x of knightTargets(u, 'b3').filter((k) => k.via === 'door')) {
      expect(u.heights[squareIndex(x.to)]).toBeLessThanOrEqual(1);
    }
  });

  it('T-DOOR-2: the widest-path reading: an exit reachable only at a higher tunnel level (README example)', () => {
    const s = at({ h: 'a1=2 b1=3 a2=1 b2=3 c2=3 c3=2', p: 'W@a1' });
    expect(knightTargets(s, 'a1').map((t) => t.to)).toContain('c3');
  });

  it('T-DOOR-3: worked example 1, from the ground: exactly 10 targets', () => {
    const s = at({ h: 'c3=1 d3=2 e3=1', p: 'W@b3 B@d3 B@d4' });
    const t = knightTargets(s, 'b3');
    expectSet(
      t.filter((x) => x.via === 'door').map((x) => x.to),
      'c2 c4 d2 e2 e4 f3',
    );
    expectSet(
      t.filter((x) => x.via === 'step').map((x) => x.to),
      'a3 b2 b4 c3',
    );
    expect(targets(s, 'move')).toHaveLength(10);
  });

  it('T-DOOR-4: worked example 2, the level drops inside: 14 targets, f2 unreachable', () => {
    const s = at({ h: 'b2=2 c2=3 d2=1 e2=3 f2=2', p: 'W@b2' });
    const t = knightTargets(s, 'b2');
    expect(t).toHaveLength(14);
    expectSet(
      t.map((x) => x.to),
      'a2 b1 b3 c1 c3 d1 d2 d3 e1 e3 f1 f3 g2 c2',
    );
    expect(t.map((x) => x.to)).not.toContain('f2');
  });

  it('T-DOOR-5: no taller orthogonal neighbour, no doors', () => {
    const s = at({ h: 'c3=2 d3=1', p: 'W@c3' });
    const t = knightTargets(s, 'c3');
    expect(t.every((x) => x.via === 'step')).toBe(true);
    expectSet(
      t.map((x) => x.to),
      'b3 c2 c4 d3',
    );
  });

  it('T-FLOW-3: a target reachable by a step and by a door is listed once, as a step', () => {
    const s = at({ h: 'b2=2 c2=3 d2=1 e2=3 f2=2', p: 'W@b2' });
    const tx = texts(s).filter((x) => x.startsWith('b2'));
    expect(tx).toContain('b2-a2');
    expect(tx).not.toContain('b2>a2');
    expect(tx).toContain('b2>g2');
    expect(new Set(tx).size).toBe(tx.length);
    expect(() => torres.parseMove(s, 'b2>a2')).toThrow(/step target/);
    expect(() => torres.parseMove(s, 'b2-g2')).toThrow(/door move/);
  });
});
