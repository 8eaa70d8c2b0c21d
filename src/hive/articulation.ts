/**
 * The One Hive rule's cut cells (H-MOVE-3, H-COORD-5): the occupied cells whose removal would
 * split the hive in two, found by Tarjan's articulation-point search over the occupied cells
 * (iterative, no allocation per call). A piece alone on such a cell is pinned. The move
 * generator (moves.ts) asks for them when its local test cannot settle a cell; the bots'
 * evaluator (evaluate.ts) counts the pieces they pin.
 *
 * The search writes module-level scratch arrays: a search is synchronous, and each one's marks
 * carry a fresh stamp, so a caller reads its own marks with {@link isCutCell} and the stamp
 * {@link markCutCells} returned.
 *
 * @module
 */
import { CELLS, NB } from './board.js';

const seen = new Uint32Array(CELLS);
const disc = new Int32Array(CELLS);
const low = new Int32Array(CELLS);
const parent = new Int16Array(CELLS);
const cut = new Uint32Array(CELLS);
const stackCell = new Int16Array(CELLS);
const stackDir = new Uint8Array(CELLS);
let stamp = 0;

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
  const mark = stamp;
  let time = 1;
  let sp = 0;
  let rootChildren = 0;
  stackCell[0] = start;
  stackDir[0] = 0;
  seen[start] = mark;
  disc[start] = low[start] = time++;
  parent[start] = -1;
  while (sp >= 0) {
    const v = stackCell[sp];
    const d = stackDir[sp];
    if (d < 6) {
      stackDir[sp] = d + 1;
      const w = NB[v * 6 + d];
      if (height[w] === 0) continue;
      if (seen[w] !== mark) {
        seen[w] = mark;
        disc[w] = low[w] = time++;
        parent[w] = v;
        sp++;
        stackCell[sp] = w;
        stackDir[sp] = 0;
      } else if (w !== parent[v] && disc[w] < low[v]) {
        low[v] = disc[w];
      }
    } else {
      sp--;
      if (sp >= 0) {
        const u = stackCell[sp];
        if (low[v] < low[u]) low[u] = low[v];
        if (parent[u] === -1) rootChildren++;
        else if (low[v] >= disc[u]) cut[u] = mark;
      }
    }
  }
  if (rootChildren >= 2) cut[start] = mark;
  return mark;
}

/** Whether cell `c` was marked a cut cell by the search that returned `mark`. */
export function isCutCell(c: number, mark: number): boolean {
  return cut[c] === mark;
}
