/**
 * Iterative deepening: searches the root one ply deeper at a time until the depth limit, a
 * stop (time, nodes, a stop signal, the end of a shared search), a proven win or loss within
 * the searched depth (of every line), or an iteration that reached no horizon at all (the whole game tree was
 * searched). With multi-PV, each iteration searches the root once per line, each time without
 * the root moves of the lines it already found.
 *
 * @module
 */
import type { NodeSearch } from './node.js';
import type { PvTable } from './pv.js';
import { INF, WIN_BOUND, WIN_SCORE } from './scores.js';

/** One root move's line as the deepening found it. */
export interface RootLine {
  /** Its score for the seat to move. */
  readonly score: number;
  /** The line as move codes, the root move first. */
  readonly line: number[];
  /** The iteration it comes from. */
  readonly depth: number;
}

/** What the deepening found. */
export interface Deepened {
  /** The root's score for the seat to move (0 when no root move was searched to its end). */
  readonly score: number;
  /** The principal variation as move codes (empty when no root move was searched to its end). */
  readonly line: number[];
  /** The deepest completed iteration (all its lines searched). */
  readonly completed: number;
  /** The best lines, best first (the first is `score` and `line`); empty like `line`. */
  readonly lines: readonly RootLine[];
}

/** True when `score` is a win or loss within `depth` plies: no deeper search changes it. */
const proven = (score: number, depth: number): boolean =>
  Math.abs(score) >= WIN_BOUND && WIN_SCORE - Math.abs(score) <= depth;

/** What the deepening reports after each completed iteration (see `onIteration`). */
export type IterationDone = (depth: number, lines: readonly RootLine[]) => void;

/**
 * Deepens `search` at the root (where `me` moves) from `firstDepth` to `depthLimit`, reading
 * each iteration's lines (`multiPv` of them) from `pv`, and calling `done` after each
 * completed iteration.
 */
export function deepen<S, M>(
  search: NodeSearch<S, M>,
  pv: PvTable,
  me: number,
  firstDepth: number,
  depthLimit: number,
  multiPv = 1,
  done?: IterationDone,
): Deepened {
  let lines: RootLine[] = [];
  let completed = 0;
  for (let depth = Math.min(firstDepth, depthLimit); depth <= depthLimit; depth++) {
    const horizonBefore = search.horizon;
    const found: RootLine[] = [];
    let stopped = false;
    for (let k = 0; k < multiPv; k++) {
      const taken = found.map((l) => l.line[0]);
      search.exclude(taken);
      // The last iteration's best move not yet taken goes first.
      search.rootFirst = lines.map((l) => l.line[0]).find((c) => !taken.includes(c)) ?? -1;
      const v = search.search(depth, 0, -INF, INF, me);
      if (search.stopped) {
        // A partial first search still decides when a root move was searched to its end: the
        // first is the previous iteration's best, and any later one only replaces it by
        // proving better in a full window, so its line is at least as good as the last
        // complete one.
        if (k === 0 && pv.hasRoot())
          found.push({ score: search.rootScore, line: pv.root(), depth });
        stopped = true;
        break;
      }
      if (!pv.hasRoot()) break; // fewer root moves than lines
      found.push({ score: v, line: pv.root(), depth });
    }
    search.exclude([]);
    if (stopped) {
      // The lines this iteration found, then the last complete iteration's other moves.
      const moves = found.map((l) => l.line[0]);
      lines = [...found, ...lines.filter((l) => !moves.includes(l.line[0]))].slice(0, multiPv);
      break;
    }
    // Best first; equal scores keep the order found (the first search's move stays first).
    found.sort((a, b) => b.score - a.score);
    lines = found;
    completed = depth;
    if (lines.length > 0) done?.(depth, lines);
    if (search.horizon === horizonBefore) break; // the whole game tree was searched
    // Proven: every line a win or loss within the searched depth (with one line, the best;
    // with several, a deeper search could still prove a later line's longer win).
    if (lines.length > 0 && lines.every((l) => proven(l.score, depth))) break;
  }
  const best = lines[0];
  return { score: best?.score ?? 0, line: best?.line ?? [], completed, lines };
}
