/**
 * The one curve the evaluators use to turn a points balance into a chance: a logistic of the
 * balance over a scale (a balance of `scale` points is ≈ 73 %). Two-seat games read one
 * balance; games of more seats compare every pair of seats.
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */

/** The chance in (0, 1) that a side `balance` points ahead is winning: `1 / (1 + e^(−b/s))`. */
export function logistic(balance: number, scale: number): number {
  return 1 / (1 + Math.exp(-balance / scale));
}

/** `[first, second]` seat values in [0, 1], summing to 1, for the first seat's `balance`. */
export function twoSeatValues(balance: number, scale: number): number[] {
  const v = logistic(balance, scale);
  return [v, 1 - v];
}

/**
 * Each seat's mean chance of being ahead of each other seat, from projected points: ½ each
 * when all are level, 1 for a single seat. Permuting the seats permutes the values.
 */
export function pairwiseValues(points: readonly number[], scale: number): number[] {
  const n = points.length;
  if (n < 2) return points.map(() => 1);
  const out = new Array<number>(n).fill(0);
  for (let p = 0; p < n; p++) {
    let sum = 0;
    for (let q = 0; q < n; q++) if (q !== p) sum += logistic(points[p] - points[q], scale);
    out[p] = sum / (n - 1);
  }
  return out;
}
