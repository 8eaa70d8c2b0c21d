import { describe, expect, it } from 'vitest';
import {
  fieldByName,
  fieldGeometry,
  fieldIdOf,
  fieldName,
  NB,
  TILE_NAMES,
  TILE_X,
  TILE_Y,
  tileByName,
} from '../../src/coerceo/engine/board.js';
import {
  type CoerceoState,
  coerceo,
  edgeNeighboursOf,
  pieceAt,
  presentTiles,
  tilesHeld,
  vertexNeighboursOf,
} from '../../src/coerceo/index.js';
import { perft } from '../../src/core/perft.js';
import { randomGame } from '../../src/core/random-game.js';
import { ring, transform } from '../../src/geometry/triangle.js';
import { pos } from './helpers.js';

const ALL_FIELDS: string[] = [];
for (let id = 0; id < 114; id++) ALL_FIELDS.push(fieldName(id));

describe('C-BOARD', () => {
  it('C-BOARD-1: 19 tiles in files of 3,4,5,4,3; corners have 3 neighbours, other ring-2 tiles 4, the rest 6; 42 pairs', () => {
    expect(TILE_NAMES).toHaveLength(19);
    const perFile = [...'abcde'].map((f) => TILE_NAMES.filter((n) => n[0] === f).length);
    expect(perFile).toEqual([3, 4, 5, 4, 3]);
    let pairs = 0;
    for (let t = 0; t < 19; t++) {
      let n = 0;
      for (let d = 0; d < 6; d++) if ((NB[6 * t + d] as number) >= 0) n++;
      pairs += n;
      const x = TILE_X[t] as number;
      const y = TILE_Y[t] as number;
      const corner = ring(x, y) === 2 && (x === 0 || y === 0 || x + y === 0);
      expect(n, TILE_NAMES[t]).toBe(ring(x, y) < 2 ? 6 : corner ? 3 : 4);
    }
    expect(pairs / 2).toBe(42);
    expect([TILE_X[tileByName('c3')], TILE_Y[tileByName('c3')]]).toEqual([0, 0]);
    expect([TILE_X[tileByName('a3')], TILE_Y[tileByName('a3')]]).toEqual([-2, 2]);
    expect([TILE_X[tileByName('d1')], TILE_Y[tileByName('d1')]]).toEqual([1, -2]);
  });

  it('C-BOARD-2: 57 fields per colour; a, c, e are White (up); edge neighbours have the other colour', () => {
    const s = coerceo.start();
    const white = ALL_FIELDS.filter((f) => 'ace'.includes(f[2] as string));
    expect(white).toHaveLength(57);
    for (const f of ALL_FIELDS) {
      const up = 'ace'.includes(f[2] as string);
      expect(fieldGeometry(fieldByName(f)).f % 2 === 1).toBe(up);
      for (const n of edgeNeighboursOf(s, f)) expect('ace'.includes(n[2] as string)).toBe(!up);
      for (const n of vertexNeighboursOf(s, f)) expect('ace'.includes(n[2] as string)).toBe(up);
    }
  });

  it('C-BOARD-3: the neighbour across side d has us across side d+3', () => {
    for (let t = 0; t < 19; t++) {
      for (let d = 0; d < 6; d++) {
        const n = NB[6 * t + d] as number;
        if (n >= 0) expect(NB[6 * n + ((d + 3) % 6)]).toBe(t);
      }
    }
  });

  it('C-BOARD-4/5: the worked example around c3', () => {
    const s = coerceo.start();
    const table: Record<string, [string, string]> = {
      c3f: ['c3e c3a c4c', 'c3d c3b c4d c4b d3b b3d'],
      c3e: ['c3d c3f d3b', 'c3c c3a d3c d3a d2a c4c'],
      c3d: ['c3c c3e d2a', 'c3b c3f d2b d2f c2f d3b'],
      c3c: ['c3b c3d c2f', 'c3a c3e c2a c2e b2e d2a'],
      c3b: ['c3a c3c b2e', 'c3f c3d b2f b2d b3d c2f'],
      c3a: ['c3f c3b b3d', 'c3e c3c b3e b3c c4c b2e'],
    };
    const sorted = (x: string): string[] => x.split(' ').sort();
    for (const [f, [edge, vertex]] of Object.entries(table)) {
      expect(edgeNeighboursOf(s, f), f).toEqual(sorted(edge));
      expect(vertexNeighboursOf(s, f), f).toEqual(sorted(vertex));
    }
  });

  it('C-BOARD-5: counts on the full board: 6/5/3/2 vertex neighbours on 60/24/24/6 fields, 3/2 edge on 84/30', () => {
    const s = coerceo.start();
    const vCount = new Map<number, number>();
    const eCount = new Map<number, number>();
    let edgePairs = 0;
    for (const f of ALL_FIELDS) {
      const v = vertexNeighboursOf(s, f).length;
      const e = edgeNeighboursOf(s, f).length;
      vCount.set(v, (vCount.get(v) ?? 0) + 1);
      eCount.set(e, (eCount.get(e) ?? 0) + 1);
      edgePairs += e;
    }
    expect(Object.fromEntries(vCount)).toEqual({ 6: 60, 5: 24, 3: 24, 2: 6 });
    expect(Object.fromEntries(eCount)).toEqual({ 3: 84, 2: 30 });
    expect(edgePairs / 2).toBe(156);
  });

  it('C-BOARD-6: only fields of present tiles exist (S7: c3e has edge neighbours c3d, c3f only)', () => {
    const s7 = pos('E/-,f,e,f,-/-,-,-,-/Z w 0/0 C2');
    expect(edgeNeighboursOf(s7, 'c3e')).toEqual(['c3d', 'c3f']);
    expect(presentTiles(s7)).toEqual(['c2', 'c3', 'c4']);
  });

  it('C-BOARD-7: canonical order: c3 is tile 9, c3a < c3b < … < c3f; all 114 names round-trip', () => {
    expect(tileByName('c3')).toBe(9);
    const ids = [...'abcdef'].map((l) => fieldByName(`c3${l}`));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ALL_FIELDS).size).toBe(114);
    for (let id = 0; id < 114; id++) {
      expect(fieldByName(fieldName(id))).toBe(id);
      expect(fieldIdOf(fieldGeometry(id))).toBe(id);
    }
    expect([...ALL_FIELDS].sort()).toEqual(ALL_FIELDS);
  });

  it('C-BOARD-8: perft(3) is unchanged by all 12 symmetries (colour swap for the odd rotations)', () => {
    const states: CoerceoState[] = [
      coerceo.start(),
      coerceo.start({ variant: 'ocius' }),
      randomGame(coerceo, {}, 7, { maxPlies: 40 }).final,
      randomGame(coerceo, { variant: 'ocius' }, 3, { maxPlies: 12 }).final,
    ];
    for (const s of states) {
      if (coerceo.terminal(s)) continue;
      const base = perft(coerceo, s, 3);
      for (let k = 0; k < 6; k++) {
        for (const reflect of [false, true]) {
          const t = symmetric(s, k, reflect);
          expect(perft(coerceo, t, 3), `k=${k} reflect=${reflect}`).toBe(base);
        }
      }
    }
  });

  it('C-BOARD-8: Laurentius maps to itself under the 6 colour-keeping symmetries, Ocius under the mirror', () => {
    const l = coerceo.start();
    for (const k of [0, 2, 4])
      for (const r of [false, true])
        expect(coerceo.serialize(symmetric(l, k, r)).split(' ')[0]).toBe(
          coerceo.serialize(l).split(' ')[0],
        );
    const o = coerceo.start({ variant: 'ocius' });
    expect(coerceo.serialize(symmetric(o, 0, true)).split(' ')[0]).toBe(
      coerceo.serialize(o).split(' ')[0],
    );
  });
});

/** The state mapped by a symmetry, as a custom-layout position (colours swapped if needed). */
function symmetric(s: CoerceoState, k: number, reflect: boolean): CoerceoState {
  const swap = k % 2 === 1;
  const tiles = new Set<string>();
  const occupied = new Set<string>();
  for (const tile of presentTiles(s)) {
    const t = tileByName(tile);
    const g = transform({ x: TILE_X[t] as number, y: TILE_Y[t] as number, f: 0 }, k, reflect);
    tiles.add(TILE_NAMES[Math.floor(fieldIdOf(g) / 6)] as string);
    for (const l of 'abcdef') {
      const f = `${tile}${l}`;
      if (pieceAt(s, f) !== null) {
        occupied.add(fieldName(fieldIdOf(transform(fieldGeometry(fieldByName(f)), k, reflect))));
      }
    }
  }
  const files = [3, 4, 5, 4, 3];
  const columns: string[] = [];
  for (let x = 0; x < 5; x++) {
    const tokens: string[] = [];
    for (let r = 1; r <= (files[x] as number); r++) {
      const tile = `${'abcde'[x]}${r}`;
      if (!tiles.has(tile)) tokens.push('-');
      else {
        const letters = [...'abcdef'].filter((l) => occupied.has(tile + l)).join('');
        tokens.push(letters === '' ? '.' : letters);
      }
    }
    columns.push(tokens.join(','));
  }
  const held = tilesHeld(s);
  const side = (coerceo.toMove(s) === 0) !== swap ? 'w' : 'b';
  const h = swap ? `${held.black}/${held.white}` : `${held.white}/${held.black}`;
  return coerceo.start({
    position: `${columns.join('/')} ${side} ${h} C${s.exchangeCost}`,
  });
}
