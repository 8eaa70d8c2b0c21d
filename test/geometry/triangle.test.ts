import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  edgeNeighbours,
  type Field,
  fieldCorners,
  mirror,
  parity,
  pointsUp,
  ring,
  rotate,
  sameField,
  tileCentre,
  tileNeighbour,
  transform,
  vertexNeighbours,
} from '../../src/geometry/triangle.js';

const coord = fc.integer({ min: -6, max: 6 });
const fieldArb = fc.record({ x: coord, y: coord, f: fc.integer({ min: 0, max: 5 }) });

/** Corners as rounded strings, so shared corners compare exactly. */
function corners(field: Field): Set<string> {
  return new Set(
    fieldCorners(field).map((p) => `${Math.round(p.x * 1e6) + 0},${Math.round(p.y * 1e6) + 0}`),
  );
}
function shared(a: Field, b: Field): number {
  const ca = corners(a);
  let n = 0;
  for (const c of corners(b)) if (ca.has(c)) n++;
  return n;
}
const has = (list: Field[], f: Field): boolean => list.some((g) => sameField(g, f));

describe('geometry/triangle', () => {
  it('C-BOARD-3: nb(nb(h, d), d+3) = h for every tile and direction', () => {
    fc.assert(
      fc.property(coord, coord, fc.integer({ min: 0, max: 5 }), (x, y, d) => {
        const n = tileNeighbour(x, y, d);
        expect(tileNeighbour(n.x, n.y, d + 3)).toEqual({ x, y });
      }),
    );
    expect(DIRECTIONS).toHaveLength(6);
  });

  it('C-BOARD-9: every field has 3 edge and 6 vertex neighbours on the unbounded tiling', () => {
    fc.assert(
      fc.property(fieldArb, (field) => {
        const e = edgeNeighbours(field);
        const v = vertexNeighbours(field);
        expect(e).toHaveLength(3);
        expect(v).toHaveLength(6);
        const keys = new Set([...e, ...v].map((g) => `${g.x},${g.y},${g.f}`));
        expect(keys.size).toBe(9);
      }),
    );
  });

  it('C-BOARD-4: edge neighbours share a side (two corners), have the other parity, are symmetric', () => {
    fc.assert(
      fc.property(fieldArb, (field) => {
        for (const n of edgeNeighbours(field)) {
          expect(shared(field, n)).toBe(2);
          expect(parity(n.f)).not.toBe(parity(field.f));
          expect(has(edgeNeighbours(n), field)).toBe(true);
        }
      }),
    );
  });

  it('C-BOARD-5: vertex neighbours share exactly one corner, keep the parity, are symmetric', () => {
    fc.assert(
      fc.property(fieldArb, (field) => {
        for (const n of vertexNeighbours(field)) {
          expect(shared(field, n)).toBe(1);
          expect(parity(n.f)).toBe(parity(field.f));
          expect(has(vertexNeighbours(n), field)).toBe(true);
        }
      }),
    );
  });

  it('C-BOARD-5: the same-parity fields sharing one corner are exactly the vertex neighbours', () => {
    // Brute force over a patch: every same-parity field touching in exactly one corner is listed.
    const field: Field = { x: 1, y: -1, f: 3 };
    const found: Field[] = [];
    for (let x = -2; x <= 4; x++)
      for (let y = -4; y <= 2; y++)
        for (let f = 0; f < 6; f++) {
          const g = { x, y, f };
          if (parity(f) === parity(field.f) && !sameField(g, field) && shared(field, g) === 1)
            found.push(g);
        }
    expect(found).toHaveLength(6);
    for (const g of found) expect(has(vertexNeighbours(field), g)).toBe(true);
  });

  it('C-BOARD-2: odd fields point up, even fields point down', () => {
    for (let f = 0; f < 6; f++) {
      const [c, a, b] = fieldCorners({ x: 0, y: 0, f });
      // The field's side away from the centre is horizontal for fields 0 and 3 only; in every
      // case an up-pointing triangle has its lowest two corners at equal height.
      const ys = [c.y, a.y, b.y].sort((p, q) => p - q);
      const up = Math.abs((ys[0] as number) - (ys[1] as number)) < 1e-9;
      expect(up).toBe(pointsUp(f));
    }
  });

  it('C-BOARD-8: six rotations are the identity; one rotation swaps parity; mirror keeps it', () => {
    fc.assert(
      fc.property(fieldArb, (field) => {
        expect(rotate(field, 6)).toEqual({ ...field });
        let g = field;
        for (let i = 0; i < 6; i++) g = rotate(g);
        expect(g).toEqual({ ...field });
        expect(parity(rotate(field).f)).not.toBe(parity(field.f));
        expect(parity(mirror(field).f)).toBe(parity(field.f));
        expect(mirror(mirror(field))).toEqual({ ...field });
        expect(ring(rotate(field).x, rotate(field).y)).toBe(ring(field.x, field.y));
      }),
    );
  });

  it('C-BOARD-8: rotations and the mirror preserve edge and vertex adjacency', () => {
    fc.assert(
      fc.property(fieldArb, fc.integer({ min: 0, max: 5 }), fc.boolean(), (field, k, refl) => {
        const t = (g: Field): Field => transform(g, k, refl);
        for (const n of edgeNeighbours(field))
          expect(has(edgeNeighbours(t(field)), t(n))).toBe(true);
        for (const n of vertexNeighbours(field))
          expect(has(vertexNeighbours(t(field)), t(n))).toBe(true);
      }),
    );
  });

  it('C-BOARD-8: a rotation turns the picture by 60° clockwise about the origin', () => {
    const p = tileCentre(1, 0);
    const r = rotate({ x: 1, y: 0, f: 0 });
    const q = tileCentre(r.x, r.y);
    const angle = (Math.atan2(q.y, q.x) - Math.atan2(p.y, p.x)) * (180 / Math.PI);
    expect(((angle % 360) + 360) % 360).toBeCloseTo(300, 6);
  });

  it('C-BOARD-4/5: the worked example around the centre tile', () => {
    // c3 = (0,0), field 1 (c3e): edge c3d c3f d3b; vertex c3c c3a d3c d3a d2a c4c.
    const e = edgeNeighbours({ x: 0, y: 0, f: 1 });
    expect(e).toEqual([
      { x: 0, y: 0, f: 0 },
      { x: 0, y: 0, f: 2 },
      { x: 1, y: 0, f: 4 },
    ]);
    const v = vertexNeighbours({ x: 0, y: 0, f: 1 });
    const expected: Field[] = [
      { x: 0, y: 0, f: 3 },
      { x: 0, y: 0, f: 5 },
      { x: 1, y: 0, f: 3 },
      { x: 1, y: 0, f: 5 },
      { x: 1, y: -1, f: 5 },
      { x: 0, y: 1, f: 3 },
    ];
    expect(v).toHaveLength(6);
    for (const g of expected) expect(has(v, g)).toBe(true);
  });
});
