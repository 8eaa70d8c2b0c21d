import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  type Direction,
  directionTo,
  distance,
  fromKey,
  fromPixel,
  type Hex,
  hex,
  neighbor,
  neighbors,
  opposite,
  reflect,
  reflectDirection,
  rotate,
  rotateDirection,
  toKey,
  toPixel,
} from '../../src/geometry/hex.js';

const coord = fc.integer({ min: -1000, max: 1000 });
const anyHex = fc.tuple(coord, coord).map(([q, r]) => hex(q, r));
const dir = fc.integer({ min: 0, max: 5 }).map((d) => d as Direction);

describe('hex geometry', () => {
  it('H-COORD-2: directions are NW, NE, E, SE, SW, W in UHP order', () => {
    expect(DIRECTIONS).toEqual([
      [0, -1],
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ]);
  });

  it('H-COORD-3: the opposite of direction i is (i+3) mod 6', () => {
    for (let d = 0; d < 6; d++) {
      const a = neighbor(hex(0, 0), d as Direction);
      const b = neighbor(a, opposite(d as Direction));
      expect(b).toEqual(hex(0, 0));
    }
  });

  it('the neighbour relation is symmetric and neighbours are at distance 1', () => {
    fc.assert(
      fc.property(anyHex, dir, (h, d) => {
        const n = neighbor(h, d);
        expect(distance(h, n)).toBe(1);
        expect(neighbors(n)).toContainEqual(h);
        expect(directionTo(n, h)).toBe(opposite(d));
      }),
    );
  });

  it('six rotations are the identity; rotation maps direction d to d+1', () => {
    fc.assert(
      fc.property(anyHex, anyHex, (h, c) => {
        expect(rotate(h, 6, c)).toEqual(h);
        expect(rotate(rotate(h, 1, c), -1, c)).toEqual(h);
      }),
    );
    for (let d = 0; d < 6; d++) {
      const n = neighbor(hex(0, 0), d as Direction);
      expect(rotate(n, 1)).toEqual(neighbor(hex(0, 0), rotateDirection(d as Direction, 1)));
    }
  });

  it('reflection is an involution and maps directions consistently', () => {
    fc.assert(
      fc.property(anyHex, anyHex, (h, c) => {
        expect(reflect(reflect(h, c), c)).toEqual(h);
      }),
    );
    for (let d = 0; d < 6; d++) {
      const n = neighbor(hex(0, 0), d as Direction);
      expect(reflect(n)).toEqual(neighbor(hex(0, 0), reflectDirection(d as Direction)));
    }
    expect(reflect(hex(1, 0))).toEqual(hex(-1, 0));
  });

  it('distance is a metric, invariant under rotation and reflection', () => {
    fc.assert(
      fc.property(anyHex, anyHex, anyHex, fc.integer({ min: -12, max: 12 }), (a, b, c, s) => {
        const dab = distance(a, b);
        expect(dab).toBeGreaterThanOrEqual(0);
        expect(dab === 0).toBe(a.q === b.q && a.r === b.r);
        expect(distance(b, a)).toBe(dab);
        expect(distance(a, c)).toBeLessThanOrEqual(dab + distance(b, c));
        expect(distance(rotate(a, s), rotate(b, s))).toBe(dab);
        expect(distance(reflect(a), reflect(b))).toBe(dab);
      }),
    );
  });

  it('H-COORD-1: distance is (|dq|+|dr|+|dq+dr|)/2', () => {
    expect(distance(hex(0, 0), hex(2, -1))).toBe(2);
    expect(distance(hex(0, 0), hex(3, 3))).toBe(6);
    expect(distance(hex(-2, 1), hex(1, -1))).toBe(3);
  });

  it('key round-trips and distinct hexes get distinct keys', () => {
    const big = fc.integer({ min: -32767, max: 32767 });
    fc.assert(
      fc.property(big, big, big, big, (q1, r1, q2, r2) => {
        const a: Hex = hex(q1, r1);
        const b: Hex = hex(q2, r2);
        expect(fromKey(toKey(a))).toEqual(a);
        expect(toKey(a) === toKey(b)).toBe(q1 === q2 && r1 === r2);
        expect(Number.isSafeInteger(toKey(a)) && toKey(a) >= 0).toBe(true);
      }),
    );
    expect(() => toKey(hex(40000, 0))).toThrow(/q must be an integer in -32767..32767, got 40000/);
  });

  it('pixel layout round-trips and neighbours are sqrt(3)*size apart', () => {
    fc.assert(
      fc.property(anyHex, dir, fc.double({ min: 1, max: 100, noNaN: true }), (h, d, size) => {
        expect(fromPixel(toPixel(h, size), size)).toEqual(h);
        const p = toPixel(h, size);
        const n = toPixel(neighbor(h, d), size);
        expect(Math.hypot(p.x - n.x, p.y - n.y)).toBeCloseTo(Math.sqrt(3) * size, 6);
      }),
    );
    // Pointy-top: E is straight to the right, SE is down-right.
    expect(toPixel(hex(1, 0), 1).y).toBe(0);
    expect(toPixel(hex(0, 1), 1).x).toBeGreaterThan(0);
  });
});
