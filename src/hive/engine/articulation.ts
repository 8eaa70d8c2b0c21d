/**
 * The One Hive rule's cut cells (H-MOVE-3, H-COORD-5): the occupied cells whose removal would
 * split the hive in two, found by Tarjan's articulation-point search over the occupied cells
 * (recursive, no allocation per call). A piece alone on such a cell is pinned. The move
 * generator (moves.ts) asks for them when its local test cannot settle a cell; the bots'
 * evaluator (evaluate.ts) counts the pieces they pin.
 *
 * The search writes module-level scratch arrays: a search is synchronous, and each one's marks
 * carry a fresh stamp, so a caller reads its own marks with {@link isCutCell} and the stamp
 * {@link markCutCells} returned.
 *
 * @module
 */
import { NB } from './board.js';
import { CELLS } from './constants.js';

const seen = new Uint32Array(CELLS);
const disc = new Int32Array(CELLS);
const cut = new Uint32Array(CELLS);
let stamp = 0;
// The running search: its stamp, its board and its discovery clock.
let mark = 0;
let board: Uint8Array = new Uint8Array(CELLS);
let clock = 0;

/**
 * Visits `v` (entered from `parent`) and everything below it in the depth-first tree, marks the
 * cut cells among them, and returns the lowest discovery time reachable from `v`'s subtree by
 * one back edge. Recursion is as deep as the hive has cells (at most the pieces in play), and
 * is faster here than an explicit stack.
 */
function visit(v: number, parent: number): number {
  // Module-level bindings read once into locals: V8 would reload each from the module's
  // context at every use in the loop (a load and a type check each).
  const nb = NB;
  const occupied = board;
  const seenAt = seen;
  const discAt = disc;
  const m = mark;
  const discovered = clock++;
  discAt[v] = discovered;
  seenAt[v] = m;
  let low = discovered;
  const base = v * 6;
  for (let d = 0; d < 6; d++) {
    const w = nb[base + d];
    if (occupied[w] === 0 || w === parent) continue;
    if (seenAt[w] === m) {
      if (discAt[w] < low) low = discAt[w];
    } else {
      const below = visit(w, v);
      if (below < low) low = below;
      // Nothing under w reaches above v without v: lifting v cuts w's subtree off.
      if (below >= discovered) cut[v] = m;
    }
  }
  return low;
}

/**
 * Marks every cut cell of the hive that holds `start` (an occupied cell; `height[c] > 0` means
 * occupied) and returns the stamp of the marks.
 */
export function markCutCells(height: Uint8Array, start: number): number {
  if (++stamp === 0xffffffff) {
    seen.fill(0);
    cut.fill(0);
    stamp = 1;
  }
  mark = stamp;
  if (board !== height) board = height; // a store only when it changes (see movement.ts)
  clock = 1;
  seen[start] = mark;
  disc[start] = clock++;
  // The root is a cut cell when its depth-first tree has two or more branches.
  let branches = 0;
  const base = start * 6;
  for (let d = 0; d < 6; d++) {
    const w = NB[base + d];
    if (height[w] === 0 || seen[w] === mark) continue;
    visit(w, start);
    branches++;
  }
  if (branches >= 2) cut[start] = mark;
  return mark;
}

/**
 * Number of separate runs of occupied neighbours around a hex, by 6-bit occupancy mask. With at
 * most one run, every neighbour reaches every other one without the hex, so it cannot be a cut
 * cell.
 */
const RUNS: Uint8Array = (() => {
  const t = new Uint8Array(64);
  for (let m = 0; m < 64; m++) {
    let runs = 0;
    for (let d = 0; d < 6; d++) {
      if ((m >> d) & 1 && !((m >> ((d + 5) % 6)) & 1)) runs++;
    }
    t[m] = m === 63 ? 1 : runs;
  }
  return t;
})();

/**
 * The local test: true when cell `c`'s occupied neighbours form at most one run around it, so
 * `c` is certainly not a cut cell; false when only {@link markCutCells} can tell.
 */
export function locallyUncut(height: Uint8Array, c: number): boolean {
  const b = c * 6;
  const m =
    (height[NB[b]] === 0 ? 0 : 1) |
    (height[NB[b + 1]] === 0 ? 0 : 2) |
    (height[NB[b + 2]] === 0 ? 0 : 4) |
    (height[NB[b + 3]] === 0 ? 0 : 8) |
    (height[NB[b + 4]] === 0 ? 0 : 16) |
    (height[NB[b + 5]] === 0 ? 0 : 32);
  return RUNS[m] <= 1;
}

/** Whether cell `c` was marked a cut cell by the search that returned `mark`. */
export function isCutCell(c: number, mark: number): boolean {
  return cut[c] === mark;
}
