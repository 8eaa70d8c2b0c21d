/**
 * The `info` lines of `bestmove`, a boardrules extension to UHP (unofficial, off by default;
 * docs/hive.md): what the search thinks, one line per best move, before the move line.
 *
 * ```text
 * info depth 5 multipv 1 score 152 value 0.5076 nodes 81234 nps 201072 time 404 pv wQ -wS1;bQ bS1-
 * ```
 *
 * @module
 */

import type { SearchLine } from '../search/types.js';
import { hive } from './game.js';
import type { HiveMove, HiveState } from './types.js';

/** What every line of one report shares: the search's counters so far. */
export interface InfoCounters {
  /** Nodes the search has visited. */
  readonly nodes: number;
  /** Milliseconds since it began. */
  readonly elapsedMs: number;
}

/** The MoveStrings of `pv` played from `state`, joined by `;` as in a GameString. */
function moveStrings(state: HiveState, pv: readonly HiveMove[]): string {
  const out: string[] = [];
  let s = state;
  for (const m of pv) {
    out.push(hive.formatMove(s, m));
    if (out.length === pv.length) break;
    s = hive.apply(s, m);
  }
  return out.join(';');
}

/**
 * The `info` line of `line`, the `rank`-th best move (from 1) of a search of `state`:
 * `info depth D multipv K score S value V [mate P] nodes N nps R time T pv M1;M2;…`. `score` is
 * the alpha-beta score for the side to move (±10,000 is an evaluation of certain win or loss;
 * a proven result is ±(1,000,000 − plies)), `value` the same in [0, 1], `mate` the plies to a
 * proven end (negative: the side to move loses), `time` in milliseconds, and `pv` the line as
 * MoveStrings separated by `;` (a MoveString has blanks).
 */
export function infoLine(
  state: HiveState,
  line: SearchLine<HiveMove>,
  rank: number,
  counters: InfoCounters,
): string {
  const { nodes, elapsedMs } = counters;
  const nps = Math.round((nodes * 1000) / Math.max(1, elapsedMs));
  const mate =
    line.pliesToEnd === null ? '' : ` mate ${line.score > 0 ? line.pliesToEnd : -line.pliesToEnd}`;
  return [
    `info depth ${line.depth} multipv ${rank} score ${line.score} value ${line.value.toFixed(4)}${mate}`,
    `nodes ${nodes} nps ${nps} time ${Math.round(elapsedMs)} pv ${moveStrings(state, line.pv)}`,
  ].join(' ');
}
