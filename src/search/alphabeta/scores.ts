/**
 * The alpha-beta score scale: what a won, lost or evaluated position is worth, and how a proven
 * score is kept in the transposition table (relative to the node, so that it stays true when
 * the same position is reached at another ply). Imports nothing, so the build inlines its
 * numbers into the hot code.
 *
 * @module
 */

/** Score of a won position at the root; a win in `p` plies scores `WIN_SCORE - p`. */
export const WIN_SCORE = 1_000_000;
/** Scores beyond this (in absolute value) are proven wins or losses. */
export const WIN_BOUND = 990_000;
/** An evaluation of +1 (seat to move certainly better) maps to this score. */
export const EVAL_SCALE = 10_000;
/** Above any score: the window of a root search. */
export const INF = 2_000_000;

/** A score found `ply` plies below the root, as the table keeps it (a win counted from the node). */
export const toTable = (v: number, ply: number): number =>
  v >= WIN_BOUND ? v + ply : v <= -WIN_BOUND ? v - ply : v;

/** A table score used `ply` plies below the root (a win counted from the root again). */
export const fromTable = (v: number, ply: number): number =>
  v >= WIN_BOUND ? v - ply : v <= -WIN_BOUND ? v + ply : v;
