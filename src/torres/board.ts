/**
 * The Torres board: square names (T-GEO-1), adjacency (T-GEO-2) and the knight-movement
 * geometry that only depends on heights and occupancy (steps, doors).
 *
 * Boards are two 64-entry arrays: `heights` (blocks per square) and `occ` (non-zero when a
 * knight or the king stands there). All functions write into caller-owned mark arrays so the
 * move generator allocates nothing.
 *
 * @module
 */
import { type Grid, makeGrid } from '../geometry/grid.js';

/** The 8×8 building area (T-GEO-1): index = 8y + x, a1 = 0, h8 = 63. */
export const GRID: Grid = makeGrid(8, 8);

/** The number of squares. */
export const SQUARES = 64;

const FILES = 'abcdefgh';

/** T-GEO-1: the name of square `i` (`name(18) = 'c3'`). */
export function squareName(i: number): string {
  return `${FILES[i & 7]}${(i >> 3) + 1}`;
}

/** T-GEO-1: the index of a square name such as `d8`, or −1 if it is not one. */
export function squareIndex(name: string): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const x = FILES.indexOf(name[0] as string);
  const y = name.charCodeAt(1) - 49;
  if (x < 0 || y < 0 || y > 7) return -1;
  return 8 * y + x;
}

/** All 64 square names by index. */
export const SQUARE_NAMES: readonly string[] = Array.from({ length: 64 }, (_, i) => squareName(i));

/**
 * Every square newly marked by {@link markSteps} / {@link markDoors} is also appended here, so a
 * generator can list the targets without scanning the board (reset `count` before marking).
 */
export const marked: { squares: Int16Array; count: number } = {
  squares: new Int16Array(64),
  count: 0,
};

/**
 * T-KNIGHT-MOVE-2: marks the step targets of a knight on `from`: free orthogonal neighbours
 * at most one level higher (any drop is allowed). Sets `marks[d] = stamp`.
 */
export function markSteps(
  heights: ArrayLike<number>,
  occ: ArrayLike<number>,
  from: number,
  marks: Int32Array,
  stamp: number,
): void {
  const s = heights[from] as number;
  const n = GRID.orthCount[from] as number;
  for (let k = 0; k < n; k++) {
    const d = GRID.orth[4 * from + k] as number;
    // T-KNIGHT-MOVE-3: never onto an occupied square.
    if ((occ[d] as number) === 0 && (heights[d] as number) <= s + 1 && marks[d] !== stamp) {
      marks[d] = stamp;
      marked.squares[marked.count++] = d;
    }
  }
}

const best = new Int32Array(64);
const bestStamp = new Int32Array(64);
let stampNow = 0;
const headOf = new Int16Array(65);
const poolCell = new Int16Array(1024);
const poolNext = new Int16Array(1024);

/**
 * T-DOOR-2: marks Door(from), the squares a knight on `from` reaches through castle doors for
 * 1 AP (T-DOOR-1: in at the knight's level, never rising inside, out at or below it; the worked
 * examples T-DOOR-3 and T-DOOR-4 are in the tests).
 *
 * The spec defines it level by level: for t = s, s−1, …, 0 (s = h(from)), R_t is everything
 * reachable from the entrances E = {N ∈ orth(from) : h(N) > s} through squares of height > t
 * (pieces never block, T-GEO-8; `from` itself is passable below its top), and X_t = the free
 * squares D ≠ from next to R_t with h(D) ≤ t, which may be lower stacks of the same castle;
 * Door(from) = ∪ X_t (the door rulings are T-RULE-22). This computes the same set
 * with one widest-path pass: best(Q) = the largest t with Q ∈ R_t, found by processing levels
 * from s down (a bucket queue), and D is an exit of Q exactly when h(D) ≤ best(Q). Returns the
 * number of entrances (0 = no door, T-DOOR-5).
 */
export function markDoors(
  heights: ArrayLike<number>,
  occ: ArrayLike<number>,
  from: number,
  marks: Int32Array,
  stamp: number,
): number {
  const s = heights[from] as number;
  const nf = GRID.orthCount[from] as number;
  const st = ++stampNow;
  let used = 0;
  let entrances = 0;
  for (let t = 0; t <= s; t++) headOf[t] = -1;
  for (let k = 0; k < nf; k++) {
    const e = GRID.orth[4 * from + k] as number;
    if ((heights[e] as number) > s) {
      entrances++;
      bestStamp[e] = st;
      best[e] = s;
      poolCell[used] = e;
      poolNext[used] = headOf[s] as number;
      headOf[s] = used++;
    }
  }
  if (entrances === 0) return 0; // T-DOOR-5
  for (let t = s; t >= 0; t--) {
    while ((headOf[t] as number) >= 0) {
      const node = headOf[t] as number;
      headOf[t] = poolNext[node] as number;
      const q = poolCell[node] as number;
      if (best[q] !== t) continue; // improved since it was queued
      const n = GRID.orthCount[q] as number;
      for (let k = 0; k < n; k++) {
        const d = GRID.orth[4 * q + k] as number;
        const hd = heights[d] as number;
        // X_t: a door of q faces d at level t ≥ h(d); the knight steps out onto d.
        if (hd <= t && d !== from && (occ[d] as number) === 0 && marks[d] !== stamp) {
          marks[d] = stamp;
          marked.squares[marked.count++] = d;
        }
        if (hd > 0) {
          // Inside the castle the knight passes d at level ≤ h(d) − 1 and never rises (R_t).
          const v = hd - 1 < t ? hd - 1 : t;
          if (bestStamp[d] !== st || (best[d] as number) < v) {
            bestStamp[d] = st;
            best[d] = v;
            poolCell[used] = d;
            poolNext[used] = headOf[v] as number;
            headOf[v] = used++;
          }
        }
      }
    }
  }
  return entrances;
}

/** T-GEO-2: Manhattan distance between two squares. */
export function manhattan(a: number, b: number): number {
  return Math.abs((a & 7) - (b & 7)) + Math.abs((a >> 3) - (b >> 3));
}
