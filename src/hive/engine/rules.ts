/**
 * End of game and score (H-END): the result codes, the end test `Position.play` runs after every
 * ply (surrounded Queens, repetition, the ply cap), who has won, and the per-seat score the
 * generic interface reports.
 *
 * @module
 */

import type { RepetitionRule } from '../options.js';
import type { HiveOutcome, HiveResult } from '../types.js';
import { SLOTS } from './constants.js';
import type { Position } from './position.js';

/** Rule options fixed for one game (H-OPT-1). */
export interface RuleOptions {
  readonly tournamentOpening: boolean;
  readonly repetitionDraw: RepetitionRule;
  readonly maxPlies: number;
  /**
   * The fan tiles turned per colour (H-FAN-ROSTER-2), White's seven counts then Black's, in
   * T F K W R D C order; absent for the official game.
   */
  readonly roster?: readonly number[];
}

/** Result codes. */
export const IN_PROGRESS = 0;
/** White has won. */
export const WHITE_WINS = 1;
/** Black has won. */
export const BLACK_WINS = 2;
/** Drawn. */
export const DRAW = 3;

/**
 * H-END-1: the Queen of `colour` is in play and all six neighbours are occupied. A Queen under
 * a Mantis that grabbed it is still in play and can be surrounded (H-FAN-MANTIS-h).
 */
export function queenSurrounded(pos: Position, colour: number): boolean {
  const c = pos.cell[colour * SLOTS];
  return c >= 0 && pos.occupiedAround(c) === 6;
}

/**
 * H-END-4 with `repetitionDraw: 'nokamute'`, as nokamute 1.0.3 counts (its `get_winner`): after
 * ply n > 10, the position (its pieces by colour and kind) equals at least two of the positions
 * 4, 8, …, 32 plies back. Reads `pos.keys`, which `judge` fills.
 */
function nokamuteRepeated(pos: Position, keys: Float64Array): boolean {
  const n = pos.ply;
  if (n <= 10) return false;
  const key = keys[n - 1];
  let count = 0;
  for (let back = 4; back <= 32 && back < n; back += 4) if (keys[n - 1 - back] === key) count++;
  return count >= 2;
}

/** H-END-4: whether the position after the ply just played ends the game by repetition. */
export function isRepeated(pos: Position): boolean {
  if (pos.repeats) return (pos.repeats.get(pos.repetitionKey()) ?? 0) >= 3;
  if (pos.keys) return nokamuteRepeated(pos, pos.keys);
  return false;
}

/** The result after the ply just played (H-END-2..6). */
export function judge(pos: Position): number {
  if (pos.repeats) {
    // H-END-4: record the position after every ply (with `true`: pieces, side to move and F;
    // with 'hivegame': without F); the third occurrence draws.
    const k = pos.repetitionKey();
    pos.repeats.set(k, (pos.repeats.get(k) ?? 0) + 1);
  } else if (pos.keys) {
    if (pos.ply > pos.keys.length) {
      const grown = new Float64Array(pos.keys.length * 2);
      grown.set(pos.keys);
      pos.keys = grown;
    }
    pos.keys[pos.ply - 1] = pos.repetitionKey();
  }
  const repeated = isRepeated(pos);
  const w = queenSurrounded(pos, 0);
  const b = queenSurrounded(pos, 1);
  // H-END-3: both Queens surrounded on the same ply is a draw.
  if (w && b) return DRAW;
  // H-END-2: exactly one surrounded Queen loses, whoever made the move.
  if (w) return BLACK_WINS;
  if (b) return WHITE_WINS;
  // H-END-6: surrounding takes precedence over repetition and the ply cap.
  let result = repeated ? DRAW : IN_PROGRESS;
  // H-END-5: the ply cap.
  if (pos.rules.maxPlies > 0 && pos.ply >= pos.rules.maxPlies) result = DRAW;
  return result;
}

/**
 * The result of a position set up by hand (`engine/from-board.ts`), judged as after a ply: a surrounded
 * Queen (H-END-2, H-END-3) and the ply cap (H-END-5), in H-END-6's order. No repetition: the
 * set-up position's history starts empty (H-END-4 counts only positions reached by plies).
 */
export function setUpResult(pos: Position): number {
  const w = queenSurrounded(pos, 0);
  const b = queenSurrounded(pos, 1);
  if (w && b) return DRAW;
  if (w) return BLACK_WINS;
  if (b) return WHITE_WINS;
  return pos.rules.maxPlies > 0 && pos.ply >= pos.rules.maxPlies ? DRAW : IN_PROGRESS;
}

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

/**
 * The outcome of a finished position, or `null` while the game goes on (H-END-2..6: a
 * surrounded Queen decides before repetition and the ply cap).
 */
export function outcomeOf(pos: Position): HiveOutcome | null {
  if (pos.result === IN_PROGRESS) return null;
  const white = queenSurrounded(pos, 0);
  const black = queenSurrounded(pos, 1);
  if (white && black) return { winner: null, reason: 'both-queens-surrounded' };
  if (white || black) return { winner: white ? 'black' : 'white', reason: 'queen-surrounded' };
  return { winner: null, reason: isRepeated(pos) ? 'repetition' : 'ply-limit' };
}
