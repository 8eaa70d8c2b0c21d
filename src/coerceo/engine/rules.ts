/**
 * End of game (C-END): the status code the position keeps, and outcome / score from it.
 *
 * A status is `reason · 4 + winner`, `winner` 0 White, 1 Black, 2 draw; 0 means the game goes
 * on. The checks themselves are {@link endStatus}, run after every turn (turn.ts) in the order
 * of C-END-7, and {@link repetition} (C-END-5) over the position's undo stack.
 *
 * @module
 */

import type { CoerceoEndReason, CoerceoOutcome } from '../types.js';
import { popcount } from './board.js';
import {
  DRAW,
  S as I_S,
  S_BHI as I_S_BHI,
  S_BLO as I_S_BLO,
  S_HLO as I_S_HLO,
  S_WHI as I_S_WHI,
  S_WLO as I_S_WLO,
  LIVE,
} from './constants.js';
import type { CoerceoPosition } from './position.js';

// The undo-entry layout (constants.ts), as local aliases: the test runner would read each
// imported name through a getter in the repetition scan; the build drops them (tsup.config.ts).
const S = I_S;
const S_BHI = I_S_BHI;
const S_BLO = I_S_BLO;
const S_HLO = I_S_HLO;
const S_WHI = I_S_WHI;
const S_WLO = I_S_WLO;

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
  if (pos.repetitionDraw && canRepeat(pos)) return repetition(pos);
  return LIVE;
}

/** Whether two earlier occurrences can exist yet (at least 8 plies since the last irreversible turn). */
export function canRepeat(pos: CoerceoPosition): boolean {
  return pos.sp - 8 >= pos.irrev;
}

/**
 * C-END-5: the position occurred twice before (same side to move, so every second entry;
 * tiles, held tiles and counts cannot differ since the last irreversible turn, and a cycle
 * takes at least four plies: each step changes the mover's pieces, so two plies never
 * restore a position). The hash filters; the piece sets decide. Two earlier occurrences are
 * at least 4 and 8 plies back, so callers skip this until {@link canRepeat}.
 */
export function repetition(pos: CoerceoPosition): number {
  let seen = 0;
  const s = pos.stack;
  const h = pos.hLo;
  for (let j = pos.sp - 4; j >= pos.irrev; j -= 2) {
    const b = j * S;
    if (
      s[b + S_HLO] === h &&
      s[b + S_WLO] === pos.wLo &&
      s[b + S_WHI] === pos.wHi &&
      s[b + S_BLO] === pos.bLo &&
      s[b + S_BHI] === pos.bHi &&
      ++seen >= 2
    ) {
      return statusCode('repetition', DRAW);
    }
  }
  return LIVE;
}
