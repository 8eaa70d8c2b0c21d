/**
 * The Torres board: square names (T-GEO-1), adjacency (T-GEO-2) and the knight-movement
 * geometry that only depends on heights and occupancy (steps, doors).
 *
 * The knight geometry works on bit sets of squares (`bits.ts`) and the level sets of the heights
 * (see {@link LEVELS}); it writes into caller-owned arrays, so the move generator allocates
 * nothing.
 *
 * @module
 */
import { badArgument } from '../../core/args.js';
import { type Grid, makeGrid } from '../../geometry/grid.js';
import { bitHi, bitLo, count, flood, growHi, growLo, lowest, ORTH } from './bits.js';

/** The 8×8 building area (T-GEO-1): index = 8y + x, a1 = 0, h8 = 63. */
export const GRID: Grid = makeGrid(8, 8);

/** The number of squares. */
export const SQUARES = 64;

const FILES = 'abcdefgh';

/** T-GEO-1: the name of square `i` (`name(18) = 'c3'`); `RulesError` for anything but 0..63. */
export function squareName(i: number): string {
  if (!Number.isInteger(i) || i < 0 || i > 63) {
    badArgument('squareName', 'the square index', 'an integer in 0..63', i);
  }
  return `${FILES[i & 7]}${(i >> 3) + 1}`;
}

/** T-GEO-1: the index of a square name such as `d8`, or −1 if it is not one. */
export function squareIndex(name: string): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const x = FILES.indexOf(name[0]);
  const y = name.charCodeAt(1) - 49;
  if (x < 0 || y < 0 || y > 7) return -1;
  return 8 * y + x;
}

/** All 64 square names by index. */
export const SQUARE_NAMES: readonly string[] = Array.from({ length: 64 }, (_, i) => squareName(i));

/**
 * Level sets: `levels[2t], levels[2t + 1]` is the set of squares with h > t (see `bits.ts`),
 * for t = 0 … `LEVELS` − 1. Heights never exceed 64 (T-GEO-5: a castle is never taller than its
 * area), so every t the rules ask about has its set.
 */
export const LEVELS = 66;

/**
 * T-KNIGHT-MOVE-2: Step(from) for a knight at level s = h(from), before occupancy: the orthogonal
 * neighbours at most one level higher (any drop is allowed). Writes the set at `out[o], out[o + 1]`;
 * the caller removes occupied squares (T-KNIGHT-MOVE-3).
 */
export function stepReach(
  levels: Int32Array,
  from: number,
  s: number,
  out: Int32Array,
  o: number,
): void {
  out[o] = ORTH[2 * from] & ~levels[2 * s + 2];
  out[o + 1] = ORTH[2 * from + 1] & ~levels[2 * s + 3];
}

const reach = new Int32Array(2);

/**
 * Keeps a position's occupied squares (`occupied[0..1]`) and its knights per seat (seat p's at
 * `knights[2p..2p + 1]`) in step with square q's piece changing from `old` to `v` (as the state
 * array holds pieces: 0 none, 1..4 a knight of that colour, anything else the king).
 */
export function trackPiece(
  occupied: Int32Array,
  knights: Int32Array,
  q: number,
  old: number,
  v: number,
): void {
  const lo = bitLo(q);
  const hi = bitHi(q);
  if (old >= 1 && old <= 4) {
    knights[2 * old - 2] = knights[2 * old - 2] & ~lo;
    knights[2 * old - 1] = knights[2 * old - 1] & ~hi;
  }
  if (v >= 1 && v <= 4) {
    knights[2 * v - 2] = knights[2 * v - 2] | lo;
    knights[2 * v - 1] = knights[2 * v - 1] | hi;
  }
  occupied[0] = v === 0 ? occupied[0] & ~lo : occupied[0] | lo;
  occupied[1] = v === 0 ? occupied[1] & ~hi : occupied[1] | hi;
}

/**
 * T-DOOR-2: Door(from) for a knight at level s = h(from), before occupancy (the caller removes
 * occupied squares, T-KNIGHT-MOVE-3). T-DOOR-1: in at the knight's level, never rising inside,
 * out at or below it; the worked examples T-DOOR-3 and T-DOOR-4 are in the tests.
 *
 * The spec's algorithm, level by level on bit sets: E = the neighbours with h > s; for
 * t = s, s−1, …, 0, R_t = everything connected to E through squares of height > t (pieces never
 * block, T-GEO-8; `from` itself is passable below its top), and X_t = the squares D ≠ from next
 * to R_t with h(D) ≤ t, which may be lower stacks of the same castle (the door rulings are
 * T-RULE-22). Door(from) = ∪ X_t. R_t only grows as t falls, so each flood starts from the last,
 * and R_0 needs no flood: it is the castles (of `castles`, the board's labelling) holding E.
 * Writes the set at `out[o], out[o + 1]`, and at `deps[o], deps[o + 1]` the squares whose heights
 * it depends on.
 */
export function doorReach(
  levels: Int32Array,
  castles: Castles,
  from: number,
  s: number,
  out: Int32Array,
  o: number,
  deps: Int32Array,
): void {
  let rLo = ORTH[2 * from] & levels[2 * s];
  let rHi = ORTH[2 * from + 1] & levels[2 * s + 1];
  let xLo = 0;
  let xHi = 0;
  // Door(from) reads the heights of from, its neighbours (E), R_0 and R_0's neighbours (the
  // exits, and the squares that could join R_0); no other height change can alter it.
  deps[o] = ORTH[2 * from] | bitLo(from);
  deps[o + 1] = ORTH[2 * from + 1] | bitHi(from);
  if ((rLo | rHi) === 0) {
    // T-DOOR-5: no taller neighbour, no door
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const eLo = rLo;
  const eHi = rHi;
  for (let t = s; t >= 1; t--) {
    const inLo = levels[2 * t];
    const inHi = levels[2 * t + 1];
    flood(rLo, rHi, inLo, inHi, reach, 0);
    rLo = reach[0];
    rHi = reach[1];
    xLo |= growLo(rLo, rHi) & ~inLo;
    xHi |= growHi(rLo, rHi) & ~inHi;
  }
  // t = 0: R_0 is all of every castle holding an entrance (a castle is a connected piece of h > 0)
  rLo = 0;
  rHi = 0;
  for (let id = 0; id < castles.count; id++) {
    const cLo = castles.sets[2 * id];
    const cHi = castles.sets[2 * id + 1];
    if (((cLo & eLo) | (cHi & eHi)) === 0) continue;
    rLo |= cLo;
    rHi |= cHi;
  }
  xLo |= growLo(rLo, rHi) & ~levels[0];
  xHi |= growHi(rLo, rHi) & ~levels[1];
  deps[o] = deps[o] | rLo | growLo(rLo, rHi);
  deps[o + 1] = deps[o + 1] | rHi | growHi(rLo, rHi);
  out[o] = xLo & ~bitLo(from);
  out[o + 1] = xHi & ~bitHi(from);
}

/** The castles of a board (T-GEO-4), by id, each as a bit set with its area. */
export interface Castles {
  /** Castle c's squares at `[2c, 2c + 1]` (at most 32 castles fit on 64 squares, T-GEO-6). */
  readonly sets: Int32Array;
  /** Number of squares per castle id. */
  readonly areas: Int32Array;
  /** Number of castles. */
  count: number;
}

/** Allocates an empty {@link Castles}. */
export function makeCastles(): Castles {
  return {
    areas: new Int32Array(32),
    sets: new Int32Array(64),
    count: 0,
  };
}

/**
 * T-GEO-4: labels the castles, the orthogonally connected groups of the squares with h > 0
 * (`allLo, allHi`, the level set of height 0). Ids follow each castle's lowest square, as `labelRegions` gives them.
 */
export function labelCastles(allLo: number, allHi: number, out: Castles): void {
  let restLo = allLo;
  let restHi = allHi;
  let n = 0;
  while ((restLo | restHi) !== 0) {
    const seed = restLo !== 0 ? lowest(restLo) : lowest(restHi) + 32;
    flood(bitLo(seed), bitHi(seed), allLo, allHi, out.sets, 2 * n);
    const lo = out.sets[2 * n];
    const hi = out.sets[2 * n + 1];
    out.areas[n] = count(lo) + count(hi);
    restLo &= ~lo;
    restHi &= ~hi;
    n++;
  }
  out.count = n;
}

/**
 * T-GEO-4 incrementally: updates the labelling `r` of a board on which square q has just risen
 * from the ground. q joins its one neighbouring castle or founds a new one (ids then no longer
 * follow the lowest squares; users of a joined labelling must not depend on the id order).
 * Returns false, leaving `r` untouched, when q touches two castles (they merge: relabel).
 */
export function joinCastles(r: Castles, q: number): boolean {
  const nLo = ORTH[2 * q];
  const nHi = ORTH[2 * q + 1];
  let joined = -1;
  for (let id = 0; id < r.count; id++) {
    if (((r.sets[2 * id] & nLo) | (r.sets[2 * id + 1] & nHi)) === 0) continue;
    if (joined >= 0) return false;
    joined = id;
  }
  const id = joined >= 0 ? joined : r.count++;
  if (joined < 0) {
    r.sets[2 * id] = 0;
    r.sets[2 * id + 1] = 0;
    r.areas[id] = 0;
  }
  r.sets[2 * id] = r.sets[2 * id] | bitLo(q);
  r.sets[2 * id + 1] = r.sets[2 * id + 1] | bitHi(q);
  r.areas[id] = r.areas[id] + 1;
  return true;
}

/** T-GEO-2: Manhattan distance between two squares. */
export function manhattan(a: number, b: number): number {
  return Math.abs((a & 7) - (b & 7)) + Math.abs((a >> 3) - (b >> 3));
}
