/**
 * The values of the positions where alpha-beta stops: the end of the game (a win or loss
 * counted in plies from the root) and the depth horizon (the evaluation, or the normalized
 * current score).
 *
 * @module
 */
import type { Cursor } from '../cursor.js';
import type { Evaluator } from '../types.js';
import { EVAL_SCALE, WIN_SCORE } from './scores.js';

/** Scores the leaves of one search, for the seat `me`, on its cursor. */
export class Leaves<S, M> {
  /**
   * Leaves read on `cursor`, of a game scored `winloss` (the fast path's own `score()` then
   * suffices at the end) or by points, evaluated at the horizon by `evaluate` when given.
   */
  constructor(
    private readonly cursor: Cursor<S, M>,
    private readonly winloss: boolean,
    private readonly evaluate: Evaluator<S, M> | undefined,
  ) {}

  /** The score of the ended game reached `ply` plies below the root: a win sooner is better. */
  end(me: number, ply: number): number {
    const cursor = this.cursor;
    const r = this.winloss && cursor.position ? cursor.position.score() : cursor.rewards();
    const diff = (r[me] ?? 0) - (r[1 - me] ?? 0);
    return Math.round(diff * (WIN_SCORE - ply));
  }

  /** The score at the horizon: `(e[me] − e[other]) × EVAL_SCALE`. */
  horizon(me: number): number {
    const evaluate = this.evaluate;
    if (evaluate) {
      const e = evaluate(this.cursor);
      return Math.round(((e[me] ?? 0.5) - (e[1 - me] ?? 0.5)) * EVAL_SCALE);
    }
    if (this.winloss) return 0;
    const r = this.cursor.rewards();
    return Math.round(((r[me] ?? 0) - (r[1 - me] ?? 0)) * EVAL_SCALE);
  }
}
