/**
 * A static evaluation of Hive positions for the bots (alpha-beta's horizon, MCTS cut-offs).
 *
 * @module
 */

import { searchNodeArg } from '../core/args.js';
import { twoSeatValues } from '../core/curve.js';
import type { Evaluator, SearchNode } from '../search/types.js';
import { isCutCell, markCutCells } from './articulation.js';
import { NB as I_NB } from './board.js';
import {
  ANT,
  BEETLE,
  CENTIPEDE,
  DRAGONFLY,
  FLY,
  GRASSHOPPER,
  KINDS,
  LADYBUG,
  MANTIS,
  MOSQUITO,
  PIECES,
  PILLBUG,
  QUEEN,
  ROACH,
  SCORPION,
  SLOT_KIND,
  SLOTS,
  SPIDER,
  WASP,
} from './pieces.js';
import { Position } from './position.js';
import { livePosition } from './state.js';
import type { HiveMove, HiveState } from './types.js';

const NB = I_NB;

/**
 * Penalty for a colour by the number of occupied cells around its Queen (0..6). It grows
 * faster than linearly: the fifth neighbour is far more dangerous than the first.
 */
const QUEEN_PRESSURE: readonly number[] = [0, 1, 3, 6, 11, 19, 40];
/** Extra penalty when a colour's Queen cannot move (pinned, covered or gated in). */
const QUEEN_STUCK = 3;
/** Credit per free (unpinned, movable) piece, by kind: how far such a bug usually reaches. */
const KIND_MOBILITY: Float64Array = (() => {
  const t = new Float64Array(KINDS);
  t[QUEEN] = 1;
  t[SPIDER] = 0.8;
  t[BEETLE] = 1.2;
  t[GRASSHOPPER] = 1;
  t[ANT] = 2;
  t[MOSQUITO] = 1.5;
  t[LADYBUG] = 1.3;
  t[PILLBUG] = 1.2;
  // Fan bugs (H-FAN), by the same reading of how far each usually reaches.
  t[MANTIS] = 1.2;
  t[FLY] = 1.5;
  t[SCORPION] = 0.8;
  t[WASP] = 1.5;
  t[ROACH] = 1.3;
  t[DRAGONFLY] = 1.4;
  t[CENTIPEDE] = 1.2;
  return t;
})();
/** Credit for a Beetle or Mosquito on top of a stack (it pins what it covers). */
const ON_TOP = 1;
/** Balance (White − Black) that maps to about 73 % in the [0, 1] value. */
const SCALE = 8;

/** True when a ground piece on `c` has a free slide (an empty neighbour not behind a gate). */
function canSlideOut(height: Uint8Array, c: number): boolean {
  const b = c * 6;
  for (let d = 0; d < 6; d++) {
    if (height[NB[b + d]] !== 0) continue;
    const f1 = height[NB[b + ((d + 5) % 6)]] > 0;
    const f2 = height[NB[b + ((d + 1) % 6)]] > 0;
    if (f1 !== f2) return true;
  }
  return false;
}

/** Whether a ground piece of this kind needs a free slide to move at all. */
function slides(kind: number): boolean {
  return (
    kind === QUEEN ||
    kind === SPIDER ||
    kind === ANT ||
    kind === PILLBUG ||
    kind === SCORPION ||
    kind === CENTIPEDE
  );
}

/**
 * The balance of a compact Hive position, White minus Black, in "points" (see
 * {@link hiveEvaluator} for the terms). Independent of the side to move, so swapping the
 * colours of every piece negates it.
 */
export function hiveBalance(pos: Position): number {
  const height = pos.height;
  const top = pos.top;
  const cell = pos.cell;
  // Pinned pieces: covered by another piece, or alone on a cell whose removal splits the hive.
  let cutMark = -1;
  for (let p = 0; p < PIECES; p++) {
    const c = cell[p];
    if (c >= 0) {
      cutMark = markCutCells(height, c);
      break;
    }
  }
  let balance = 0;
  for (let colour = 0; colour < 2; colour++) {
    const sign = colour === 0 ? 1 : -1;
    const queenCell = cell[colour * SLOTS];
    let value = 0;
    if (queenCell >= 0) {
      // Queen liberties: the occupied neighbours of the Queen.
      let around = 0;
      for (let d = 0; d < 6; d++) if (height[NB[queenCell * 6 + d]] > 0) around++;
      value -= QUEEN_PRESSURE[around];
    }
    // Mobility: a credit per piece free to move; none before the Queen is in play (H-MOVE-1).
    let queenFree = false;
    if (queenCell >= 0) {
      for (let s = 0; s < SLOTS; s++) {
        const p = colour * SLOTS + s;
        const c = cell[p];
        if (c < 0 || top[c] !== p) continue; // in hand, or covered (pinned under a beetle)
        const kind = SLOT_KIND[s];
        const h = height[c];
        if (h > 1) {
          value += KIND_MOBILITY[kind] + ON_TOP;
          continue;
        }
        if (isCutCell(c, cutMark)) continue; // pinned by the One Hive rule
        if (slides(kind) && !canSlideOut(height, c)) continue; // gated in
        value += KIND_MOBILITY[kind];
        if (kind === QUEEN) queenFree = true;
      }
      if (!queenFree) value -= QUEEN_STUCK;
    }
    balance += sign * value;
  }
  return balance;
}

/** The compact position behind a search node (the live one on the fast path). */
function positionFor(node: SearchNode<HiveState, HiveMove>): Position {
  const p = searchNodeArg('hiveEvaluator', node).position;
  return p instanceof Position ? p : livePosition(node.state(), 'hiveEvaluator');
}

/**
 * The Hive evaluator: one value per seat in [0, 1] (White, Black), summing to 1; ½ each is
 * even. In plain words, it prefers:
 *
 * - **Queen liberties**: fewer pieces around one's own Queen and more around the opponent's,
 *   with a steeply growing penalty (0, 1, 3, 6, 11, 19 points for 0..5 neighbours);
 * - **mobility**: a credit for every piece that is free to move, weighted by how far its kind
 *   usually reaches (Ant 2, Mosquito 1.5, Ladybug 1.3, Beetle and Pillbug 1.2, Queen and
 *   Grasshopper 1, Spider 0.8; the fan bugs: Fly and Wasp 1.5, Dragonfly 1.4, Cockroach 1.3,
 *   Mantis and Centipede 1.2, Scorpion 0.8), plus 1 for a piece on top of the hive; no credit
 *   at all before the colour's Queen is placed;
 * - **pinned pieces** earn nothing: a piece covered by another, a piece alone on a cell whose
 *   removal would split the hive (One Hive), and a sliding bug (Queen, Spider, Ant, Pillbug)
 *   with no free slide out of its gaps (also the Scorpion and Centipede); a Queen that cannot move costs 3 more.
 *
 * White's balance minus Black's goes through a logistic curve (8 points ≈ 73 %). The side to
 * move is ignored, so swapping the colours of every piece swaps the two values.
 */
export const hiveEvaluator: Evaluator<HiveState, HiveMove> = (node) =>
  twoSeatValues(hiveBalance(positionFor(node)), SCALE);

/** {@link hiveEvaluator} on an immutable state: `[White, Black]` in [0, 1]. */
export function evaluateHive(state: HiveState): number[] {
  return twoSeatValues(hiveBalance(livePosition(state, 'evaluateHive')), SCALE);
}
