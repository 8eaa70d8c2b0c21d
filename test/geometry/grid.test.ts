import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import {
  cellIndex,
  cellX,
  cellY,
  diagNeighbours,
  inBounds,
  makeGrid,
  orthNeighbours,
  regionArea,
  regionBounds,
  regionsOf,
} from '../../src/geometry/grid.js';

const dims = fc.record({ w: fc.integer({ min: 1, max: 9 }), h: fc.integer({ min: 1, max: 9 }) });
const gridWithHeights = dims.chain(({ w, h }) =>
  fc.tuple(
    fc.constant(w),
    fc.constant(h),
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: w * h, maxLength: w * h }),
  ),
);

describe('geometry/grid', () => {
  it('indexes cells row by row and checks bounds', () => {
    const g = makeGrid(8, 8);
    expect(cellIndex(g, 3, 7)).toBe(59);
    expect(cellX(g, 18)).toBe(2);
    expect(cellY(g, 18)).toBe(2);
    expect(inBounds(g, 8, 0)).toBe(false);
    expect(inBounds(g, -1, 3)).toBe(false);
    expect(() => cellIndex(g, 8, 0)).toThrow(RulesError);
    expect(orthNeighbours(g, 0).sort()).toEqual([1, 8]);
    expect(diagNeighbours(g, 0)).toEqual([9]);
    expect(orthNeighbours(g, 27)).toHaveLength(4);
    expect(diagNeighbours(g, 27)).toHaveLength(4);
    expect(() => makeGrid(0, 3)).toThrow(RulesError);
  });

  it('neighbour relations are symmetric and match coordinate differences', () => {
    fc.assert(
      fc.property(dims, ({ w, h }) => {
        const g = makeGrid(w, h);
        for (let i = 0; i < g.size; i++) {
          for (const j of orthNeighbours(g, i)) {
            expect(orthNeighbours(g, j)).toContain(i);
            expect(Math.abs(cellX(g, i) - cellX(g, j)) + Math.abs(cellY(g, i) - cellY(g, j))).toBe(
              1,
            );
          }
          for (const j of diagNeighbours(g, i)) {
            expect(diagNeighbours(g, j)).toContain(i);
            expect(Math.abs(cellX(g, i) - cellX(g, j))).toBe(1);
            expect(Math.abs(cellY(g, i) - cellY(g, j))).toBe(1);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('regions partition the occupied cells, areas sum to the occupied count, each region is connected and maximal', () => {
    fc.assert(
      fc.property(gridWithHeights, ([w, h, heights]) => {
        const g = makeGrid(w, h);
        const regs = regionsOf(g, heights);
        const seen = new Set<number>();
        let total = 0;
        for (const r of regs) {
          total += r.length;
          for (const c of r) {
            expect(heights[c]).toBeGreaterThan(0);
            expect(seen.has(c)).toBe(false);
            seen.add(c);
            expect(regionArea(g, heights, c)).toBe(r.length);
          }
          // connected: a BFS inside the region from its first cell reaches all of it
          const inR = new Set(r);
          const reached = new Set([r[0] as number]);
          const queue = [r[0] as number];
          while (queue.length) {
            const c = queue.pop() as number;
            for (const d of orthNeighbours(g, c))
              if (inR.has(d) && !reached.has(d)) {
                reached.add(d);
                queue.push(d);
              }
          }
          expect(reached.size).toBe(r.length);
          // maximal: no occupied orthogonal neighbour outside the region
          for (const c of r)
            for (const d of orthNeighbours(g, c))
              if ((heights[d] as number) > 0) expect(inR.has(d)).toBe(true);
          const b = regionBounds(g, r);
          expect(b).not.toBeNull();
          for (const c of r) {
            expect(cellX(g, c)).toBeGreaterThanOrEqual(b?.minX ?? 0);
            expect(cellX(g, c)).toBeLessThanOrEqual(b?.maxX ?? 0);
            expect(cellY(g, c)).toBeGreaterThanOrEqual(b?.minY ?? 0);
            expect(cellY(g, c)).toBeLessThanOrEqual(b?.maxY ?? 0);
          }
        }
        expect(total).toBe(heights.filter((x) => x > 0).length);
        expect(seen.size).toBe(total);
      }),
      { numRuns: 200 },
    );
  });

  it('two castles that touch diagonally are separate regions; empty bounds are null', () => {
    const g = makeGrid(8, 8);
    const hs = new Array(64).fill(0);
    hs[18] = 1; // c3
    hs[19] = 2; // d3
    hs[21] = 1; // f3
    hs[28] = 1; // e4: diagonal to d3 and f3
    expect(regionsOf(g, hs).map((r) => r.length)).toEqual([2, 1, 1]);
    expect(regionBounds(g, [])).toBeNull();
    expect(regionArea(g, hs, 0)).toBe(0);
  });
});
