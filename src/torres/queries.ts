/**
 * What apps ask of a Torres state: knight targets, block squares, projected scores, winners.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { squareIndex, squareName } from './engine/board.js';
import { S_OVER } from './engine/layout.js';
import { scorePhase } from './engine/rules.js';
import { torres } from './game.js';
import { checkState, positionOf } from './state.js';
import type { TorresOutcome, TorresState } from './types.js';

/** One target of {@link knightTargets}. */
export interface KnightTarget {
  /** The square name. */
  readonly to: string;
  /** `'step'` if a plain step reaches it (T-KNIGHT-MOVE-2), else `'door'` (T-DOOR-2 only). */
  readonly via: 'step' | 'door';
}

/**
 * The squares the knight on `from` reaches for 1 AP (T-KNIGHT-MOVE-1), each marked as a step
 * or a door-only move, ignoring whose turn it is and the AP left.
 */
export function knightTargets(state: TorresState, from: string): KnightTarget[] {
  const pos = positionOf(state, 'knightTargets');
  const f = squareIndex(from);
  if (f < 0) throw new RulesError('PARSE_ERROR', `${quote(from)} is not a square`);
  const sets = new Int32Array(4);
  pos.stepTargets(f, sets, 0);
  pos.doorTargets(f, sets, 2);
  const out: KnightTarget[] = [];
  for (let q = 0; q < 64; q++) {
    const half = q >> 5;
    const bit = 1 << (q & 31);
    if ((sets[half] & bit) !== 0) out.push({ to: squareName(q), via: 'step' });
    else if ((sets[2 + half] & bit) !== 0) out.push({ to: squareName(q), via: 'door' });
  }
  return out;
}

/** The squares where a `block` may go now (T-BLOCK-1..4); empty outside the mover's actions. */
export function blockPlacements(state: TorresState): string[] {
  return torres
    .moves(checkState(state, 'blockPlacements'))
    .filter((m) => m.kind === 'block')
    .map((m) => (m as { to: string }).to);
}

/** Whether a square would take a block by T-BLOCK-2/3/4, ignoring AP and the active stack. */
export function canTakeBlock(state: TorresState, square: string): boolean {
  const pos = positionOf(state, 'canTakeBlock');
  const q = squareIndex(square);
  if (q < 0) throw new RulesError('PARSE_ERROR', `${quote(square)} is not a square`);
  const set = new Int32Array(2);
  pos.blockTargets(set, 0);
  return (set[q >> 5] & (1 << (q & 31))) !== 0;
}

/**
 * Each seat's score if the current phase were scored now (T-SCORE-1..3, T-KING-4 and the
 * master card), with leapfrogging applied in scoring order.
 */
export function projectedScores(state: TorresState): number[] {
  const live = positionOf(state, 'projectedScores');
  if (live.step === S_OVER) return state.seats.map((s) => s.score);
  // Scoring writes to the position: on a copy, not on the state's tree's.
  const pos = live.clone();
  scorePhase(pos);
  return [...pos.score()];
}

/**
 * The outcome of a finished game, or `null` while it goes on (T-END-1): the seat with the
 * highest score wins (T-END-3); seats tied on the best score share it (`winner: null`, see
 * {@link winners}).
 */
export function outcome(state: TorresState): TorresOutcome | null {
  checkState(state, 'outcome');
  if (state.step !== 'over') return null;
  const best = winners(state);
  return { winner: best.length === 1 ? best[0] : null, reason: 'final-scoring' };
}

/** T-END-3: the seats with the highest score (several only when tied on 0). */
export function winners(state: TorresState): number[] {
  checkState(state, 'winners');
  const best = Math.max(...state.seats.map((s) => s.score));
  return state.seats.flatMap((s, p) => (s.score === best ? [p] : []));
}
