/**
 * End of game and score (H-END): who has won, and the per-seat score the generic interface
 * reports. The surrounding test itself runs after every ply inside `Position.play`.
 *
 * @module
 */

import { BLACK_WINS, DRAW, IN_PROGRESS, type Position, WHITE_WINS } from './position.js';
import type { HiveResult } from './types.js';

/** The outcome of a game so far. */

/** The result of a position. */
export function resultOf(pos: Position): HiveResult {
  switch (pos.result) {
    case WHITE_WINS:
      return 'WhiteWins';
    case BLACK_WINS:
      return 'BlackWins';
    case DRAW:
      return 'Draw';
    default:
      return 'InProgress';
  }
}

/** Score per seat [White, Black]: 1 win, 0 loss, ½ draw or unfinished. */
export function scoreOf(pos: Position): readonly number[] {
  if (pos.result === WHITE_WINS) return [1, 0];
  if (pos.result === BLACK_WINS) return [0, 1];
  return [0.5, 0.5];
}

/** True when the game is over (H-END-7: no moves at all, not even pass). */
export function isOver(pos: Position): boolean {
  return pos.result !== IN_PROGRESS;
}
