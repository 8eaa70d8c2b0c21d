/**
 * The Elo difference a match score shows, with its 95 % error bar, for bot matches
 * (`boardrules match`, the strength ladders of `npm run bench`, or a user's own `playGame`
 * loop). The bar comes from the spread of the per-game scores (wins, draws and losses as 1, ½
 * and 0), so many draws narrow it as they should; the score interval is mapped through the
 * logistic Elo curve.
 *
 * @module
 */
import { badArgument, finiteArg, integerArg, objectArg } from '../core/args.js';

/** A match from one engine's side. */
export interface Tally {
  /** Games this side won. */
  readonly wins: number;
  /** Games drawn (half a point each). */
  readonly draws: number;
  /** Games this side lost. */
  readonly losses: number;
}

/** The Elo difference and its 95 % half-width; infinite for a clean sweep either way. */
export interface EloEstimate {
  /** Points scored over games played, 0..1. */
  readonly score: number;
  /** Elo difference (positive: the tallied engine is stronger). */
  readonly elo: number;
  /** Half-width of the 95 % interval (NaN with fewer than two games). */
  readonly error: number;
}

/** Elo difference of a score fraction in [0, 1]: 400·log10(s / (1 − s)). */
export function eloOfScore(score: number): number {
  finiteArg('eloOfScore', 'the score', score);
  if (score < 0 || score > 1) badArgument('eloOfScore', 'the score', 'in [0, 1]', score);
  if (score <= 0) return Number.NEGATIVE_INFINITY;
  if (score >= 1) return Number.POSITIVE_INFINITY;
  return 400 * Math.log10(score / (1 - score));
}

/**
 * The Elo estimate of a tally (NaN score for no games).
 *
 * ```ts
 * import { eloEstimate } from 'boardrules';
 *
 * const e = eloEstimate({ wins: 30, draws: 10, losses: 20 });
 * Math.round(e.elo); //=> 58
 * Math.round(e.error); //=> 83
 * ```
 */
export function eloEstimate(t: Tally): EloEstimate {
  objectArg('eloEstimate', 'the tally', t);
  for (const key of ['wins', 'draws', 'losses'] as const) {
    integerArg('eloEstimate', `the tally's ${key}`, t[key], 0);
  }
  const n = t.wins + t.draws + t.losses;
  if (n === 0) return { score: Number.NaN, elo: Number.NaN, error: Number.NaN };
  const s = (t.wins + t.draws / 2) / n;
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  const elo = eloOfScore(s);
  if (n < 2 || !Number.isFinite(elo)) return { score: s, elo, error: Number.NaN };
  const half = 1.959964 * Math.sqrt(variance / n);
  // An interval reaching 0 or 1 (few games) is cut at 0.1 % and 99.9 %: ±1200 Elo at most.
  const low = eloOfScore(Math.max(s - half, 0.001));
  const high = eloOfScore(Math.min(s + half, 0.999));
  return { score: s, elo, error: (high - low) / 2 };
}

/** `+35 ± 48` (or `+inf` / `-inf` for a sweep), rounded to whole points: how the CLI prints it. */
export function formatElo(e: EloEstimate): string {
  objectArg('formatElo', 'the estimate', e);
  for (const key of ['elo', 'error'] as const) {
    if (typeof e[key] !== 'number')
      badArgument('formatElo', `the estimate's ${key}`, 'a number', e[key]);
  }
  if (Number.isNaN(e.elo)) return 'n/a';
  if (!Number.isFinite(e.elo))
    return e.elo > 0 ? '+inf (every game won)' : '-inf (every game lost)';
  const sign = e.elo >= 0 ? '+' : '-';
  const bar = Number.isNaN(e.error)
    ? ''
    : e.error >= 1000
      ? ' (too few games for an error bar)'
      : ` ± ${Math.round(e.error)}`;
  return `${sign}${Math.abs(Math.round(e.elo))}${bar}`;
}
