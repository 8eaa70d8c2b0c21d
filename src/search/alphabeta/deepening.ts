/**
 * Iterative deepening: searches the root one ply deeper at a time until the depth limit, a
 * stop (time, nodes, the end of a shared search), a proven win or loss within the searched
 * depth, or an iteration that reached no horizon at all (the whole game tree was searched).
 *
 * @module
 */
import type { NodeSearch } from './node.js';
import type { PvTable } from './pv.js';
import { INF, WIN_BOUND, WIN_SCORE } from './scores.js';

/** What the deepening found. */
export interface Deepened {
  /** The root's score for the seat to move (0 when no root move was searched to its end). */
  readonly score: number;
  /** The principal variation as move codes (empty when no root move was searched to its end). */
  readonly line: number[];
  /** The deepest completed iteration. */
  readonly completed: number;
}

/**
 * Deepens `search` at the root (where `me` moves) from `firstDepth` to `depthLimit`, reading
 * each iteration's line from `pv`.
 */
export function deepen<S, M>(
  search: NodeSearch<S, M>,
  pv: PvTable,
  me: number,
  firstDepth: number,
  depthLimit: number,
): Deepened {
  let score = 0;
  let line: number[] = [];
  let completed = 0;
  for (let depth = Math.min(firstDepth, depthLimit); depth <= depthLimit; depth++) {
    const horizonBefore = search.horizon;
    const v = search.search(depth, 0, -INF, INF, me);
    if (search.stopped) {
      // A partial iteration still decides when a root move was searched to its end: the
      // first is the previous iteration's best, and any later one only replaces it by
      // proving better in a full window, so its line is at least as good as the last
      // complete one.
      if (pv.hasRoot()) {
        line = pv.root();
        score = search.rootScore;
      }
      break;
    }
    completed = depth;
    score = v;
    line = pv.root();
    search.rootFirst = line[0] ?? -1;
    if (search.horizon === horizonBefore) break; // the whole game tree was searched
    if (Math.abs(v) >= WIN_BOUND && WIN_SCORE - Math.abs(v) <= depth) break; // proven
  }
  return { score, line, completed };
}
