/**
 * A static evaluation of Torres positions for the bots (MCTS rollout cut-offs; Torres hides
 * cards, so alpha-beta does not apply).
 *
 * @module
 */

import { searchNodeArg } from '../core/args.js';
import { pairwiseValues } from '../core/curve.js';
import { labelRegions, makeRegions, type Regions } from '../geometry/grid.js';
import type { Evaluator, SearchNode } from '../search/types.js';
import { GRID } from './engine/board.js';
import { PHASE, S_OVER } from './engine/layout.js';
import { Position } from './engine/position.js';
import { castlePoints, KING } from './engine/rules.js';
import { positionOf } from './state.js';
import type { TorresMove, TorresState } from './types.js';

/** Weight of each scoring still to come after the current phase's, for today's castles. */
const LATER_SCORING = 0.5;
/** Weight of a king bonus one level away (a knight one level below or above the target). */
const KING_NEAR = 0.4;
/** Projected-points difference that maps to about 73 % in a pairwise comparison. */
const SCALE = 8;

const regions: Regions = makeRegions(GRID);

/**
 * Each seat's projected points: the points on the track, plus today's castle points
 * (T-SCORE-1) counted for the current phase's scoring and at half weight for each later one,
 * plus king bonus prospects (T-KING-4): 5 × phase for a knight in the king's castle at level
 * exactly `phase`, and 40 % of the next bonus for a knight one level off (it may climb there
 * this phase, or stands where the next phase pays).
 */
export function torresProjection(pos: Position): number[] {
  const n = pos.players;
  const phase = pos.data[PHASE];
  const out = new Array<number>(n);
  for (let p = 0; p < n; p++) out[p] = pos.seatScore(p);
  if (pos.step === S_OVER) return out;
  const heights = pos.heights;
  const pieces = pos.pieces;
  const castles = castlePoints(heights, pieces, n);
  const weight = 1 + LATER_SCORING * (3 - phase);
  for (let p = 0; p < n; p++) out[p] = out[p] + weight * castles[p];
  // King bonus prospects: once per seat, the best of its knights in the king's castle.
  let king = -1;
  for (let q = 0; q < 64; q++) if (pieces[q] === KING) king = q;
  if (king < 0 || heights[king] === 0) return out;
  const r = labelRegions(GRID, heights, regions);
  const kid = r.labels[king];
  const best = new Float64Array(n);
  for (let q = 0; q < 64; q++) {
    const v = pieces[q];
    if (v < 1 || v > 4 || r.labels[q] !== kid) continue;
    const h = heights[q];
    const prospect =
      h === phase
        ? 5 * phase
        : h === phase - 1
          ? KING_NEAR * 5 * phase
          : h === phase + 1 && phase < 3
            ? KING_NEAR * 5 * (phase + 1)
            : 0;
    if (prospect > best[v - 1]) best[v - 1] = prospect;
  }
  for (let p = 0; p < n; p++) out[p] = out[p] + best[p];
  return out;
}

/** The compact position behind a node: the live one on the fast path, else built from the state. */
function positionFor(node: SearchNode<TorresState, TorresMove>): Position {
  searchNodeArg('torresEvaluator', node);
  const live = node.position;
  return live instanceof Position ? live : positionOf(node.state(), 'torresEvaluator');
}

/**
 * The Torres evaluator: one value per seat in [0, 1], the seat's mean chance of being ahead
 * of each other seat (½ each when all are level), like the rank-normalized final score MCTS
 * backs up. In plain words, it compares **projected points**:
 *
 * - the points already on the track;
 * - **projected castle scores**: what the current castles would score now (area × the seat's
 *   highest knight level in each castle), counted once for the coming end-of-phase scoring and
 *   at half weight for each later phase's scoring (castles and knights mostly persist);
 * - **king bonus prospects**: 5 × phase for a knight in the king's castle at level exactly the
 *   phase number, 40 % of a bonus for a knight one level off;
 *
 * and turns each pairwise difference into a chance with a logistic curve (8 points ≈ 73 %).
 * Master-card points are not projected. The seat to move is ignored, so permuting the seats
 * (their knights and scores) permutes the values.
 */
export const torresEvaluator: Evaluator<TorresState, TorresMove> = (node) =>
  pairwiseValues(torresProjection(positionFor(node)), SCALE);

/** {@link torresEvaluator} on an immutable state, one value per seat. */
export function evaluateTorres(state: TorresState): number[] {
  return pairwiseValues(torresProjection(positionOf(state, 'evaluateTorres')), SCALE);
}
