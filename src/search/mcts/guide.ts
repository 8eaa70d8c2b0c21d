/**
 * Guided expansion (the `guided` option): a node's moves expanded best first by the evaluation
 * of the position each leads to, for the seat moving, instead of in random order.
 *
 * @module
 */
import type { Cursor } from '../cursor.js';
import type { Evaluator } from '../types.js';

/** The value for `mover` of the position `code` leads to: its result if it ends the game. */
function valueAfter<S, M>(
  cursor: Cursor<S, M>,
  evaluate: Evaluator<S, M>,
  code: number,
  mover: number,
): number {
  cursor.play(code);
  const v = cursor.terminal() ? (cursor.rewards()[mover] ?? 0) : (evaluate(cursor)[mover] ?? 0);
  cursor.undo();
  return v;
}

/**
 * Sorts `codes` best first for `mover` by the evaluation of the position each leads to; ties
 * keep the generator's order, so the expansion order is deterministic.
 */
export function orderByEvaluation<S, M>(
  cursor: Cursor<S, M>,
  evaluate: Evaluator<S, M>,
  codes: Int32Array,
  mover: number,
): void {
  const ranked = Array.from(codes, (code, i) => ({
    code,
    i,
    value: valueAfter(cursor, evaluate, code, mover),
  }));
  ranked.sort((a, b) => b.value - a.value || a.i - b.i);
  ranked.forEach((r, i) => {
    codes[i] = r.code;
  });
}

/** The index in `codes[0..n)` of the move whose position `mover` evaluates best (the first). */
export function bestByEvaluation<S, M>(
  cursor: Cursor<S, M>,
  evaluate: Evaluator<S, M>,
  codes: Int32Array,
  n: number,
  mover: number,
): number {
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = valueAfter(cursor, evaluate, codes[i] as number, mover);
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}
