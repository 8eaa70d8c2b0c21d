/**
 * End of game (C-END): the status code the position keeps, and outcome / score from it.
 *
 * A status is `reason · 4 + winner`, `winner` 0 White, 1 Black, 2 draw; 0 means the game goes
 * on. The checks themselves are {@link endStatus}, run by `CoerceoPosition.play` after every
 * turn in the order of C-END-7.
 *
 * @module
 */

import type { CoerceoEndReason, CoerceoOutcome } from '../types.js';
import { popcount } from './board.js';
import { DRAW, LIVE } from './constants.js';
import type { CoerceoPosition } from './position.js';

// The status numbers live in constants.ts so the build inlines them.
export { DRAW, LIVE } from './constants.js';

/** Reason codes, in C-END-7 order. */
export const REASONS: readonly CoerceoEndReason[] = [
  'captured-all',
  'resignation',
  'no-legal-moves',
  'insufficient-material',
  'repetition',
];

/** Status code for `reason` with `winner` (0, 1 or {@link DRAW}). */
export function statusCode(reason: CoerceoEndReason, winner: number): number {
  return (REASONS.indexOf(reason) + 1) * 4 + winner;
}

/** The outcome of a status, or `null` while the game goes on. */
export function outcomeOf(status: number): CoerceoOutcome | null {
  if (status === LIVE) return null;
  const w = status & 3;
  return {
    winner: w === 0 ? 'white' : w === 1 ? 'black' : null,
    reason: REASONS[(status >> 2) - 1] as CoerceoEndReason,
  };
}

/** C-END-7 score: seat 0 White, seat 1 Black; 1 / 0 / ½, ½ each while the game goes on. */
export function scoreOf(status: number): number[] {
  if (status === LIVE) return [0.5, 0.5];
  const w = status & 3;
  if (w === DRAW) return [0.5, 0.5];
  return w === 0 ? [1, 0] : [0, 1];
}

/**
 * C-END-7: the end checks after a turn, in order (resignation is set from outside and never
 * reaches here): side to move without pieces → C-END-4 → C-END-6 → C-END-5. C-END-3: the
 * rulebook has no other end; C-END-4..6 are the boardrules rulings, each switchable.
 */
export function endStatus(pos: CoerceoPosition): number {
  const c = pos.toMove();
  // C-END-1: the side to move has no pieces: the opponent removed its last one and wins.
  if (pos.pieceCount(c) === 0) return statusCode('captured-all', 1 - c);
  // C-END-4: no step (by C-TILE-4d: every existing field of its colour is occupied) and no
  // exchange. Ruling (boardrules): a draw; `noLegalMoves: 'loss'`: the side to move loses.
  if (
    (pos.presentWord(0) & ~pos.pieceWord(2 * c)) === 0 &&
    (pos.presentWord(1) & ~pos.pieceWord(2 * c + 1)) === 0 &&
    pos.heldBy(c) < pos.exchangeCost
  ) {
    return statusCode('no-legal-moves', pos.lossOnNoMoves ? 1 - c : DRAW);
  }
  // C-END-6: one piece each, and too few tiles left to ever pay for an exchange.
  if (
    pos.insufficientDraw &&
    pos.pieceCount(0) === 1 &&
    pos.pieceCount(1) === 1 &&
    popcount(pos.tiles) - 1 + Math.max(pos.heldBy(0), pos.heldBy(1)) < pos.exchangeCost
  ) {
    return statusCode('insufficient-material', DRAW);
  }
  // C-END-5 (see `repetition`).
  if (pos.repetitionDraw && pos.canRepeat()) return pos.repetition();
  return LIVE;
}
