/**
 * A triangle grid made of flat-topped hexagonal tiles, each cut into six triangular *fields*
 * (the board of Coerceo). Game-agnostic: the tiling here is unbounded; a game filters it down
 * to the tiles that exist on its board.
 *
 * Conventions (Coerceo spec C-BOARD-1..3, C-BOARD-8, C-BOARD-9):
 * - A tile is an axial coordinate `(x, y)`: the x axis points up-right, the y axis straight up.
 * - Tile sides / directions `d = 0..5` run clockwise from the top: 0 top `(0,+1)`, 1 upper-right
 *   `(+1,0)`, 2 lower-right `(+1,−1)`, 3 bottom `(0,−1)`, 4 lower-left `(−1,0)`, 5 upper-left
 *   `(−1,+1)`. Side `d` of a tile is side `d+3` of its neighbour across it.
 * - Field `f = 0..5` of a tile lies against side `f`: 0 top, 1 upper-right, 2 lower-right,
 *   3 bottom, 4 lower-left, 5 upper-left. Odd fields point up, even fields point down; the two
 *   kinds alternate like the two colours of a chessboard.
 * - The corners of a tile are `V_0..V_5` (top-left, top-right, right, bottom-right, bottom-left,
 *   left); field `f` has the corners *tile centre*, `V_f` and `V_{f+1}`.
 *
 * All arithmetic on `f` and `d` is mod 6.
 *
 * @module
 */
import { badArgument, finiteArg, integerArg } from '../core/args.js';

/** A tile of the hex tiling, in axial coordinates. */
export interface Tile {
  /** Axial x (the axis points up-right). */
  readonly x: number;
  /** Axial y (the axis points straight up). */
  readonly y: number;
}

/** One triangular field: a tile and the field's number `f` (0..5) inside it. */
export interface Field {
  /** The tile's axial x. */
  readonly x: number;
  /** The tile's axial y. */
  readonly y: number;
  /** The field within the tile, 0..5 clockwise from the top. */
  readonly f: number;
}

/** The six tile directions, indexed by side `d` (clockwise from the top). */
export const DIRECTIONS: readonly Tile[] = Object.freeze([
  { x: 0, y: 1 },
  { x: 1, y: 0 },
  { x: 1, y: -1 },
  { x: 0, y: -1 },
  { x: -1, y: 0 },
  { x: -1, y: 1 },
]);

/** `n mod 6` in `0..5`, also for negative `n`. */
export function mod6(n: number): number {
  return wrap6(integerArg('triangle.mod6', 'n', n));
}

/** `n mod 6` of a checked integer. */
function wrap6(n: number): number {
  return ((n % 6) + 6) % 6;
}

/** `f` if it is a field `{x, y, f}` of integers, else `RulesError('INVALID_ARGUMENT')`. */
function fieldArg(where: string, what: string, f: unknown): Field {
  if (f === null || typeof f !== 'object') badArgument(where, what, 'a field {x, y, f}', f);
  const { x, y, f: k } = f as Field;
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y) || !Number.isSafeInteger(k)) {
    badArgument(where, what, 'a field {x, y, f} of integers', f);
  }
  return f as Field;
}

/** A tile coordinate: a safe integer, else `RulesError('INVALID_ARGUMENT')`. */
function coordArg(where: string, what: string, v: unknown): number {
  return integerArg(where, what, v);
}

/** An optional drawing size: a finite number (default 1). */
function sizeArg(where: string, size: unknown): number {
  return finiteArg(where, 'the size', size);
}

/** The tile across side `d` of tile `(x, y)`. */
export function tileNeighbour(x: number, y: number, d: number): Tile {
  coordArg('triangle.tileNeighbour', 'x', x);
  coordArg('triangle.tileNeighbour', 'y', y);
  const dir = DIRECTIONS[wrap6(integerArg('triangle.tileNeighbour', 'd', d))] as Tile;
  return { x: x + dir.x, y: y + dir.y };
}

/** Hex distance of a tile from the origin tile: `max(|x|, |y|, |x+y|)`. */
export function ring(x: number, y: number): number {
  coordArg('triangle.ring', 'x', x);
  coordArg('triangle.ring', 'y', y);
  return Math.max(Math.abs(x), Math.abs(y), Math.abs(x + y));
}

/** True when field `f` points up (odd `f`); even fields point down. */
export function pointsUp(f: number): boolean {
  return (wrap6(integerArg('triangle.pointsUp', 'f', f)) & 1) === 1;
}

/** The parity (colour class) of a field: 1 for up-pointing, 0 for down-pointing. */
export function parity(f: number): 0 | 1 {
  return (wrap6(integerArg('triangle.parity', 'f', f)) & 1) as 0 | 1;
}

/**
 * The fields sharing a side with `field` (always of the other parity): the two neighbours on
 * the same tile and the one across side `f` on the neighbouring tile. Always 3 on the unbounded
 * tiling. Order: `(h, f−1)`, `(h, f+1)`, `(nb(h, f), f+3)`.
 */
export function edgeNeighbours(field: Field): Field[] {
  const { x, y } = fieldArg('triangle.edgeNeighbours', 'the field', field);
  const f = wrap6(field.f);
  const across = tileNeighbour(x, y, f);
  return [
    { x, y, f: wrap6(f - 1) },
    { x, y, f: wrap6(f + 1) },
    { x: across.x, y: across.y, f: wrap6(f + 3) },
  ];
}

/**
 * The fields sharing exactly one corner with `field` and having the same parity — the
 * "diagonal" neighbours a Coerceo piece steps to. Always 6 on the unbounded tiling. Order:
 * via the tile centre `(h, f+2)`, `(h, f−2)`; via corner `V_f` `(nb(h,f), f+4)`,
 * `(nb(h,f−1), f+2)`; via corner `V_{f+1}` `(nb(h,f), f+2)`, `(nb(h,f+1), f+4)`.
 */
export function vertexNeighbours(field: Field): Field[] {
  const { x, y } = fieldArg('triangle.vertexNeighbours', 'the field', field);
  const f = wrap6(field.f);
  const a = tileNeighbour(x, y, f);
  const b = tileNeighbour(x, y, f - 1);
  const c = tileNeighbour(x, y, f + 1);
  return [
    { x, y, f: wrap6(f + 2) },
    { x, y, f: wrap6(f - 2) },
    { x: a.x, y: a.y, f: wrap6(f + 4) },
    { x: b.x, y: b.y, f: wrap6(f + 2) },
    { x: a.x, y: a.y, f: wrap6(f + 2) },
    { x: c.x, y: c.y, f: wrap6(f + 4) },
  ];
}

/**
 * Rotates a field clockwise about the centre of tile `(0, 0)` by `k` steps of 60°:
 * one step maps `(x, y, f)` to `(x+y, −x, f+1)`. An odd `k` swaps the parity of every field.
 */
export function rotate(field: Field, k = 1): Field {
  let { x, y } = fieldArg('triangle.rotate', 'the field', field);
  let f = field.f;
  const steps = wrap6(integerArg('triangle.rotate', 'k', k));
  for (let i = 0; i < steps; i++) {
    const nx = x + y;
    y = 0 - x;
    x = nx;
    f += 1;
  }
  return { x, y, f: wrap6(f) };
}

/**
 * Mirrors a field left–right through the vertical line through tile `(0, 0)`:
 * `(x, y, f)` to `(−x, x+y, −f)`. Keeps every field's parity.
 */
export function mirror(field: Field): Field {
  fieldArg('triangle.mirror', 'the field', field);
  return { x: 0 - field.x, y: field.x + field.y, f: wrap6(-field.f) };
}

/**
 * One of the 12 symmetries of the tiling about tile `(0, 0)`: `k` clockwise 60° steps, after a
 * left–right mirror when `reflect` is true.
 */
export function transform(field: Field, k: number, reflect: boolean): Field {
  if (typeof reflect !== 'boolean')
    badArgument('triangle.transform', 'reflect', 'a boolean', reflect);
  return rotate(reflect ? mirror(field) : field, k);
}

/** True when the two fields are the same field. */
export function sameField(a: Field, b: Field): boolean {
  fieldArg('triangle.sameField', 'a', a);
  fieldArg('triangle.sameField', 'b', b);
  return a.x === b.x && a.y === b.y && wrap6(a.f) === wrap6(b.f);
}

/** A 2-D point (y axis up). */
export interface Point {
  /** Horizontal position, growing to the right. */
  readonly x: number;
  /** Vertical position, growing upwards. */
  readonly y: number;
}

/** Pixel centre of tile `(x, y)` for tiles of circumradius `size` (y axis up). */
export function tileCentre(x: number, y: number, size = 1): Point {
  finiteArg('triangle.tileCentre', 'x', x);
  finiteArg('triangle.tileCentre', 'y', y);
  sizeArg('triangle.tileCentre', size);
  return { x: size * 1.5 * x, y: size * ((Math.sqrt(3) / 2) * x + Math.sqrt(3) * y) };
}

/** Corner `V_k` of tile `(x, y)`: `centre + size·(cos(120°−60°k), sin(120°−60°k))`. */
export function tileCorner(x: number, y: number, k: number, size = 1): Point {
  const c = tileCentre(x, y, size);
  const angle = ((120 - 60 * wrap6(integerArg('triangle.tileCorner', 'k', k))) * Math.PI) / 180;
  return { x: c.x + size * Math.cos(angle), y: c.y + size * Math.sin(angle) };
}

/** The three corners of a field: the tile centre, `V_f` and `V_{f+1}`. */
export function fieldCorners(field: Field, size = 1): [Point, Point, Point] {
  const f = wrap6(fieldArg('triangle.fieldCorners', 'the field', field).f);
  return [
    tileCentre(field.x, field.y, size),
    tileCorner(field.x, field.y, f, size),
    tileCorner(field.x, field.y, f + 1, size),
  ];
}
