/**
 * The Coerceo board: the 19 tiles of the full board on the shared triangle geometry, field
 * numbering and names, and the precomputed neighbour tables the move generator uses.
 *
 * Index spaces (C-BOARD-7):
 * - **tile index** `t` 0..18: tiles by file then rank (a1, a2, a3, b1 … e3); c3 = 9.
 * - **field id** `6·t + l` 0..113, where `l` 0..5 is the notation letter a..f. Field ids are
 *   therefore in canonical (= ASCII notation) order. The geometric field number is `f = 5 − l`.
 * - **colour index** `ci = 3·t + (l >> 1)` 0..56 within one colour. Letters a, c, e (even `l`,
 *   odd `f`, up-pointing) are White; b, d, f are Black (C-BOARD-2). A White piece only ever
 *   stands on a White field, so each colour's pieces are one 57-bit set over its colour's
 *   fields, held as two 32-bit words (`lo` = bits 0..31, `hi` = bits 32..56).
 *
 * @module
 */
import { badArgument } from '../../core/args.js';
import {
  edgeNeighbours,
  type Field,
  ring,
  tileNeighbour,
  vertexNeighbours,
} from '../../geometry/triangle.js';
import { COLOUR_FIELDS, TILE_COUNT } from './constants.js';

// The board's numbers live in constants.ts so the build inlines them.
export { BLACK, COLOUR_FIELDS, TILE_COUNT, WHITE } from './constants.js';

/** Tile index of each colour index (`ci / 3`: three fields of a colour per tile). */
export const TILE_OF: Uint8Array = new Uint8Array(COLOUR_FIELDS);
for (let ci = 0; ci < COLOUR_FIELDS; ci++) TILE_OF[ci] = (ci / 3) | 0;

/** File letters, x = −2..2. */
const FILES = 'abcde';
/** Notation letters by `l`. */
const LETTERS = 'abcdef';

/** Tile coordinates by tile index. */
export const TILE_X: Int8Array = new Int8Array(TILE_COUNT);
/** See {@link TILE_X}. */
export const TILE_Y: Int8Array = new Int8Array(TILE_COUNT);
/** Tile names (`c3`) by tile index. */
export const TILE_NAMES: readonly string[] = buildTiles();

function buildTiles(): string[] {
  const names: string[] = [];
  // C-BOARD-1 / C-BOARD-7: files left to right, ranks bottom to top.
  for (let x = -2; x <= 2; x++) {
    for (let y = -2; y <= 2; y++) {
      if (ring(x, y) > 2) continue;
      const t = names.length;
      TILE_X[t] = x;
      TILE_Y[t] = y;
      names.push(`${FILES[x + 2]}${y + 3 + Math.min(x, 0)}`);
    }
  }
  return names;
}

/** Tile index of axial `(x, y)`, or −1 when it is not on the full board. */
export function tileAt(x: number, y: number): number {
  if (ring(x, y) > 2) return -1;
  for (let t = 0; t < TILE_COUNT; t++) if (TILE_X[t] === x && TILE_Y[t] === y) return t;
  return -1;
}

/** Neighbour tile index across side `d` (C-BOARD-3), `NB[6·t + d]`, −1 off the full board. */
export const NB: Int8Array = new Int8Array(TILE_COUNT * 6);
for (let t = 0; t < TILE_COUNT; t++) {
  for (let d = 0; d < 6; d++) {
    const n = tileNeighbour(TILE_X[t], TILE_Y[t], d);
    NB[t * 6 + d] = tileAt(n.x, n.y);
  }
}

/** All 19 tiles present. */
export const FULL_TILES: number = (1 << TILE_COUNT) - 1;
/** The 7 tiles of ring ≤ 1 (Ocius, C-VARIANT-OCIUS-1). */
export const INNER_TILES: number = (() => {
  let m = 0;
  for (let t = 0; t < TILE_COUNT; t++) if (ring(TILE_X[t], TILE_Y[t]) <= 1) m |= 1 << t;
  return m;
})();

/** Field id of tile `t`, geometric field `f`. */
export function fieldId(t: number, f: number): number {
  return 6 * t + (5 - f);
}
/** Colour of a field id: 0 White (a, c, e), 1 Black (b, d, f). */
export function fieldColour(id: number): number {
  return (id % 6) & 1;
}
/** Colour index (within its colour) of a field id. */
export function colourIndex(id: number): number {
  return 3 * ((id / 6) | 0) + ((id % 6) >> 1);
}
/** Field id of colour index `ci` of colour `c`. */
export function fieldOf(c: number, ci: number): number {
  return 6 * ((ci / 3) | 0) + 2 * (ci % 3) + c;
}
/** Tile index of a field id. */
export function tileOfField(id: number): number {
  return (id / 6) | 0;
}
/** The triangle-geometry field of a field id. */
export function fieldGeometry(id: number): Field {
  const t = (id / 6) | 0;
  return { x: TILE_X[t], y: TILE_Y[t], f: 5 - (id % 6) };
}
/** Field id of a geometry field, or −1 when its tile is not on the full board. */
export function fieldIdOf(field: Field): number {
  const t = tileAt(field.x, field.y);
  return t < 0 ? -1 : fieldId(t, ((field.f % 6) + 6) % 6);
}
/** C-NOTATION-1: the field's name, e.g. `b3f`. Throws `RulesError` for an id that is no field. */
export function fieldName(id: number): string {
  if (!Number.isInteger(id) || id < 0 || id >= 6 * TILE_COUNT) {
    badArgument('fieldName', 'the field id', `an integer in 0..${6 * TILE_COUNT - 1}`, id);
  }
  return `${TILE_NAMES[(id / 6) | 0]}${LETTERS[id % 6]}`;
}
/** Field id of a name like `b3f`, or −1 when it names no field of the full board. */
export function fieldByName(name: string): number {
  if (typeof name !== 'string' || name.length !== 3) return -1;
  const t = TILE_NAMES.indexOf(name.slice(0, 2));
  const l = LETTERS.indexOf(name[2]);
  return t < 0 || l < 0 ? -1 : 6 * t + l;
}
/** Tile index of a name like `c3`, or −1. */
export function tileByName(name: string): number {
  return TILE_NAMES.indexOf(name);
}

/** A 57-bit set over one colour's fields as two 32-bit words. */
function setBit(lo: Int32Array, hi: Int32Array, i: number, ci: number): void {
  if (ci < 32) lo[i] = lo[i] | (1 << ci);
  else hi[i] = hi[i] | (1 << (ci - 32));
}

/**
 * C-BOARD-5 vertex neighbours on the full board, as a same-colour mask:
 * `VN_LO/HI[57·c + ci]`.
 */
export const VN_LO: Int32Array = new Int32Array(2 * COLOUR_FIELDS);
/** See {@link VN_LO}. */
export const VN_HI: Int32Array = new Int32Array(2 * COLOUR_FIELDS);
/**
 * C-BOARD-4 edge neighbours on the full board, as a mask over the *other* colour:
 * `EN_LO/HI[57·c + ci]`.
 */
export const EN_LO: Int32Array = new Int32Array(2 * COLOUR_FIELDS);
/** See {@link EN_LO}. */
export const EN_HI: Int32Array = new Int32Array(2 * COLOUR_FIELDS);
/** The 3 colour-index bits of tile `t` (the same in both colours): `TILE_LO/HI[t]`. */
export const TILE_LO: Int32Array = new Int32Array(TILE_COUNT);
/** See {@link TILE_LO}. */
export const TILE_HI: Int32Array = new Int32Array(TILE_COUNT);
/**
 * For C-CAPTURE-3: the fields of `t`'s neighbours that face `t` across a side, by colour:
 * `FACE_LO/HI[2·t + c]`.
 */
export const FACE_LO: Int32Array = new Int32Array(2 * TILE_COUNT);
/** See {@link FACE_LO}. */
export const FACE_HI: Int32Array = new Int32Array(2 * TILE_COUNT);

for (let id = 0; id < 6 * TILE_COUNT; id++) {
  const c = fieldColour(id);
  const i = COLOUR_FIELDS * c + colourIndex(id);
  const g = fieldGeometry(id);
  for (const n of vertexNeighbours(g)) {
    const nid = fieldIdOf(n);
    if (nid >= 0) setBit(VN_LO, VN_HI, i, colourIndex(nid));
  }
  for (const n of edgeNeighbours(g)) {
    const nid = fieldIdOf(n);
    if (nid >= 0) setBit(EN_LO, EN_HI, i, colourIndex(nid));
  }
}
for (let t = 0; t < TILE_COUNT; t++) {
  for (let k = 0; k < 3; k++) setBit(TILE_LO, TILE_HI, t, 3 * t + k);
  for (let d = 0; d < 6; d++) {
    const n = NB[t * 6 + d];
    if (n < 0) continue;
    const id = fieldId(n, (d + 3) % 6);
    setBit(FACE_LO, FACE_HI, 2 * t + fieldColour(id), colourIndex(id));
  }
}

/**
 * C-TILE-1: `REMOVABLE_SIDES[mask]` for a 6-bit mask of the sides `d` that have an existing
 * neighbour: 1 iff `1 ≤ |D| ≤ 3` and the sides form one cyclically contiguous run.
 */
export const REMOVABLE_SIDES: Uint8Array = new Uint8Array(64);
for (let m = 1; m < 64; m++) {
  let count = 0;
  let runStarts = 0;
  for (let d = 0; d < 6; d++) {
    if (!((m >> d) & 1)) continue;
    count++;
    if (!((m >> ((d + 5) % 6)) & 1)) runStarts++;
  }
  REMOVABLE_SIDES[m] = count <= 3 && runStarts === 1 ? 1 : 0;
}

/** The colour-index presence masks `[lo, hi]` of a tile set (3 bits per present tile). */
export function presenceMasks(tiles: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let t = 0; t < TILE_COUNT; t++) {
    if ((tiles >> t) & 1) {
      lo |= TILE_LO[t];
      hi |= TILE_HI[t];
    }
  }
  return [lo, hi];
}

/** 6-bit mask of the sides of `t` with a present neighbour. */
export function neighbourSides(tiles: number, t: number): number {
  let m = 0;
  for (let d = 0; d < 6; d++) {
    const n = NB[t * 6 + d];
    if (n >= 0 && (tiles >> n) & 1) m |= 1 << d;
  }
  return m;
}

/** True when the present tiles form one edge-connected group (C-TILE-4b). */
export function tilesConnected(tiles: number): boolean {
  if (tiles === 0) return false;
  const first = 31 - Math.clz32(tiles & -tiles);
  let seen = 1 << first;
  const stack = [first];
  while (stack.length > 0) {
    const t = stack.pop() as number;
    for (let d = 0; d < 6; d++) {
      const n = NB[t * 6 + d];
      if (n >= 0 && (tiles >> n) & 1 && !((seen >> n) & 1)) {
        seen |= 1 << n;
        stack.push(n);
      }
    }
  }
  return seen === tiles;
}

/** Number of set bits of a 32-bit integer. */
export function popcount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
