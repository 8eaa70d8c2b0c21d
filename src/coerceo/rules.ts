/**
 * End of game (C-END): the status code the position keeps, and outcome / score from it.
 *
 * A status is `reason · 4 + winner`, `winner` 0 White, 1 Black, 2 draw; 0 means the game goes
 * on. The checks themselves run in `position.ts` (`CoerceoPosition.evaluate`) in the order of
 * C-END-7.
 *
 * @module
 */
import type { CoerceoEndReason, CoerceoOutcome } from './types.js';

/** The game goes on. */
export const LIVE = 0;
/** Reason codes, in C-END-7 order. */
export const REASONS: readonly CoerceoEndReason[] = [
  'captured-all',
  'resignation',
  'no-legal-moves',
  'insufficient-material',
  'repetition',
];
/** Winner code of a draw. */
export const DRAW = 2;

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
