/**
 * Hexagonal geometry in **axial coordinates** on **pointy-top** hexes: `q` grows East, `r`
 * grows down the screen, and the third cube coordinate is `-q - r`. The six directions are
 * listed clockwise from North-West, in the order the Universal Hive Protocol uses
 * (H-COORD-2): NW, NE, E, SE, SW, W.
 *
 * Everything here is game-agnostic and allocation-light; the Hive module builds its own
 * packed neighbour tables on top of {@link DIRECTIONS}.
 *
 * @module
 */
import { badArgument, finiteArg, integerArg } from '../core/args.js';

/** A hex in axial coordinates. */
export interface Hex {
  /** Column: grows East. */
  readonly q: number;
  /** Row: grows down the screen (South-East / South-West). */
  readonly r: number;
}

/** Direction indices 0–5, clockwise from North-West (H-COORD-2). */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

/** North-West: `(0, -1)`. */
export const NW: Direction = 0;
/** North-East: `(+1, -1)`. */
export const NE: Direction = 1;
/** East: `(+1, 0)`. */
export const E: Direction = 2;
/** South-East: `(0, +1)`. */
export const SE: Direction = 3;
/** South-West: `(-1, +1)`. */
export const SW: Direction = 4;
/** West: `(-1, 0)`. */
export const W: Direction = 5;

/** The six unit vectors `[dq, dr]`, indexed by {@link Direction} (NW, NE, E, SE, SW, W). */
export const DIRECTIONS: readonly (readonly [dq: number, dr: number])[] = Object.freeze([
  Object.freeze([0, -1] as const),
  Object.freeze([1, -1] as const),
  Object.freeze([1, 0] as const),
  Object.freeze([0, 1] as const),
  Object.freeze([-1, 1] as const),
  Object.freeze([-1, 0] as const),
]);

/** The short names of the directions, indexed by {@link Direction}. */
export const DIRECTION_NAMES: readonly string[] = Object.freeze(['NW', 'NE', 'E', 'SE', 'SW', 'W']);

/**
 * `h` if it is a hex (an object with finite `q` and `r`), else `RulesError('INVALID_ARGUMENT')`
 * naming the function: every function here checks its arguments this way.
 */
function hexArg(where: string, what: string, h: unknown): Hex {
  if (h === null || typeof h !== 'object') badArgument(where, what, 'a hex {q, r}', h);
  const { q, r } = h as Hex;
  if (
    typeof q !== 'number' ||
    !Number.isFinite(q) ||
    typeof r !== 'number' ||
    !Number.isFinite(r)
  ) {
    badArgument(where, what, 'a hex {q, r} of finite numbers', h);
  }
  return h as Hex;
}

/** `d` if it is a {@link Direction} 0..5, else `RulesError('INVALID_ARGUMENT')`. */
function directionArg(where: string, d: unknown): Direction {
  return integerArg(where, 'the direction', d, 0, 5) as Direction;
}

/** A positive finite hex size, else `RulesError('INVALID_ARGUMENT')`. */
function sizeArg(where: string, size: unknown): number {
  if (finiteArg(where, 'the size', size) <= 0) badArgument(where, 'the size', 'positive', size);
  return size as number;
}

/** A hex from checked coordinates (normalising `-0` to `0`). */
function makeHex(q: number, r: number): Hex {
  return { q: q + 0, r: r + 0 };
}

/** A hex from its coordinates (finite numbers; `-0` becomes `0`). */
export function hex(q: number, r: number): Hex {
  return makeHex(finiteArg('hex', 'q', q), finiteArg('hex', 'r', r));
}

/** The opposite direction: `(d + 3) mod 6` (H-COORD-3). */
export function opposite(d: Direction): Direction {
  return ((directionArg('hex.opposite', d) + 3) % 6) as Direction;
}

/** The neighbour of `h` in direction `d`. */
export function neighbor(h: Hex, d: Direction): Hex {
  hexArg('hex.neighbor', 'h', h);
  const v = DIRECTIONS[directionArg('hex.neighbor', d)] as readonly [number, number];
  return makeHex(h.q + v[0], h.r + v[1]);
}

/** The six neighbours of `h`, in direction order NW, NE, E, SE, SW, W. */
export function neighbors(h: Hex): Hex[] {
  hexArg('hex.neighbors', 'h', h);
  return DIRECTIONS.map(([dq, dr]) => makeHex(h.q + dq, h.r + dr));
}

/**
 * The direction from `a` to its neighbour `b`, or `-1` when they are not adjacent.
 */
export function directionTo(a: Hex, b: Hex): Direction | -1 {
  hexArg('hex.directionTo', 'a', a);
  hexArg('hex.directionTo', 'b', b);
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  for (let d = 0; d < 6; d++) {
    const v = DIRECTIONS[d] as readonly [number, number];
    if (v[0] === dq && v[1] === dr) return d as Direction;
  }
  return -1;
}

/** True when `a` and `b` are adjacent. */
export function adjacent(a: Hex, b: Hex): boolean {
  hexArg('hex.adjacent', 'a', a);
  hexArg('hex.adjacent', 'b', b);
  return distance(a, b) === 1;
}

/** Hex distance: `(|dq| + |dr| + |dq + dr|) / 2` (H-COORD-1). */
export function distance(a: Hex, b: Hex): number {
  hexArg('hex.distance', 'a', a);
  hexArg('hex.distance', 'b', b);
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** True when both hexes have the same coordinates. */
export function equals(a: Hex, b: Hex): boolean {
  hexArg('hex.equals', 'a', a);
  hexArg('hex.equals', 'b', b);
  return a.q === b.q && a.r === b.r;
}

/**
 * Rotates `h` about `center` (default the origin) clockwise by `steps` × 60°. Negative steps
 * rotate anticlockwise. One clockwise step maps direction `d` to `d + 1`.
 */
export function rotate(h: Hex, steps: number, center: Hex = ORIGIN): Hex {
  hexArg('hex.rotate', 'h', h);
  integerArg('hex.rotate', 'steps', steps);
  hexArg('hex.rotate', 'center', center);
  let q = h.q - center.q;
  let r = h.r - center.r;
  const n = ((steps % 6) + 6) % 6;
  for (let i = 0; i < n; i++) {
    // Clockwise 60° in axial coordinates: (q, r) -> (-r, q + r).
    const nq = -r;
    r = q + r;
    q = nq;
  }
  return makeHex(q + center.q, r + center.r);
}

/**
 * Reflects `h` in the vertical line through `center` (default the origin): East and West
 * swap, NW and NE swap, SW and SE swap. An involution: reflecting twice gives `h` back.
 */
export function reflect(h: Hex, center: Hex = ORIGIN): Hex {
  hexArg('hex.reflect', 'h', h);
  hexArg('hex.reflect', 'center', center);
  const q = h.q - center.q;
  const r = h.r - center.r;
  // Mirror x = q + r/2 to -x with the row unchanged: q' = -q - r.
  return makeHex(-q - r + center.q, r + center.r);
}

/** The direction `d` rotated clockwise by `steps` × 60°. */
export function rotateDirection(d: Direction, steps: number): Direction {
  directionArg('hex.rotateDirection', d);
  integerArg('hex.rotateDirection', 'steps', steps);
  return ((((d + steps) % 6) + 6) % 6) as Direction;
}

/** The direction `d` reflected as {@link reflect} does (NW↔NE, E↔W, SE↔SW). */
export function reflectDirection(d: Direction): Direction {
  return ((7 - directionArg('hex.reflectDirection', d)) % 6) as Direction;
}

/** The origin `(0, 0)`. */
export const ORIGIN: Hex = Object.freeze(makeHex(0, 0));

/** Largest |q| or |r| that {@link toKey} can pack. */
export const KEY_LIMIT = 32767;

/**
 * Packs a hex with `|q|, |r| <= 32767` into one non-negative integer, so hexes can index
 * maps and typed arrays. {@link fromKey} inverts it. Throws `RulesError('INVALID_ARGUMENT')`
 * outside the range.
 */
export function toKey(h: Hex): number {
  hexArg('hex.toKey', 'h', h);
  integerArg('hex.toKey', 'q', h.q, -KEY_LIMIT, KEY_LIMIT);
  integerArg('hex.toKey', 'r', h.r, -KEY_LIMIT, KEY_LIMIT);
  return (h.q + 32768) * 65536 + (h.r + 32768);
}

/** The hex packed by {@link toKey}. */
export function fromKey(key: number): Hex {
  integerArg('hex.fromKey', 'the key', key, 0, 65536 * 65536 - 1);
  const q = Math.floor(key / 65536) - 32768;
  const r = (key % 65536) - 32768;
  return makeHex(q, r);
}

/** A point on the screen (pixels; `y` grows downwards). */
export interface Point {
  /** Horizontal position, growing to the right. */
  readonly x: number;
  /** Vertical position, growing downwards. */
  readonly y: number;
}

/**
 * The centre of `h` in pixels for pointy-top hexes of circumradius `size` (centre to corner),
 * with the origin hex centred at `(0, 0)`.
 */
export function toPixel(h: Hex, size: number): Point {
  hexArg('hex.toPixel', 'h', h);
  sizeArg('hex.toPixel', size);
  return {
    x: size * Math.sqrt(3) * (h.q + h.r / 2),
    y: size * 1.5 * h.r,
  };
}

/** The hex containing the pixel `p`, for hexes of circumradius `size` (inverse of {@link toPixel}). */
export function fromPixel(p: Point, size: number): Hex {
  if (p === null || typeof p !== 'object') badArgument('hex.fromPixel', 'p', 'a point {x, y}', p);
  finiteArg('hex.fromPixel', 'p.x', p.x);
  finiteArg('hex.fromPixel', 'p.y', p.y);
  sizeArg('hex.fromPixel', size);
  const fq = ((Math.sqrt(3) / 3) * p.x - p.y / 3) / size;
  const fr = ((2 / 3) * p.y) / size;
  return roundHex(fq, fr);
}

/** Rounds fractional axial coordinates to the nearest hex (cube rounding). */
export function roundHex(fq: number, fr: number): Hex {
  finiteArg('hex.roundHex', 'fq', fq);
  finiteArg('hex.roundHex', 'fr', fr);
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return makeHex(q, r);
}
