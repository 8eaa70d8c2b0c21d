/**
 * The answer of an alpha-beta search: its line decoded into moves (each checked legal where it
 * is played, extended along the table's best moves where a table hit cut it), and the score
 * mapped to the common result.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import type { Cursor } from '../cursor.js';
import { EMPTY } from '../table-entry.js';
import type { SearchLine, SearchResult, SearchStats } from '../types.js';
import type { RootLine } from './deepening.js';
import { EVAL_SCALE, WIN_BOUND, WIN_SCORE } from './scores.js';
import type { TranspositionTable } from './table.js';

/** What {@link AlphaBetaBot.search} returns: the common result plus the raw score. */
export interface AlphaBetaResult<M> extends SearchResult<M> {
  /**
   * The minimax score for the seat to move: `±(WIN_SCORE − p)` for a win/loss in `p` plies,
   * otherwise within `±EVAL_SCALE`.
   */
  readonly score: number;
  /** Plies to the end of the game when the score is a proven win or loss, else `null`. */
  readonly pliesToEnd: number | null;
  /**
   * The best root moves with their values and lines, best first: one (the result's own move,
   * value and line) unless the search was given `multiPv`. After a stop, the lines the
   * unfinished iteration found come first, then the last complete iteration's other moves
   * (each line says its `depth`).
   */
  readonly lines: readonly SearchLine<M>[];
}

/** True when `code` is a legal move on `cursor` (`moves` is scratch room for the list). */
function isLegal<S, M>(cursor: Cursor<S, M>, moves: Int32Array, code: number): boolean {
  const n = cursor.generate(moves, 0);
  for (let i = 0; i < n; i++) if (moves[i] === code) return true;
  return false;
}

/**
 * The moves of `line` from the cursor's position, as far as they are legal; when all are and
 * the search was not cut by time, continued along the best moves of `table` up to `maxPly`.
 * Leaves the cursor where it was. Without any line, the first legal move (a search stopped
 * before any root move was searched); throws when there is none.
 */
export function principalVariation<S, M>(
  cursor: Cursor<S, M>,
  moves: Int32Array,
  line: readonly number[],
  table: TranspositionTable | null,
  maxPly: number,
  timedOut: boolean,
): M[] {
  let codes = line;
  if (codes.length === 0) {
    const n = cursor.generate(moves, 0);
    if (n === 0) throw new RulesError('INVALID_STATE', 'alpha-beta: no legal move');
    codes = [moves[0]];
  }
  const pv: M[] = [];
  let played = 0;
  for (const code of codes) {
    if (cursor.terminal() || !isLegal(cursor, moves, code)) break;
    pv.push(cursor.decode(code));
    cursor.play(code);
    played++;
  }
  if (played === codes.length && !timedOut && table !== null) {
    while (played < maxPly && !cursor.terminal()) {
      table.probe(cursor.hash(), played);
      const code = table.move;
      if (table.bound === EMPTY || !isLegal(cursor, moves, code)) break;
      pv.push(cursor.decode(code));
      cursor.play(code);
      played++;
    }
  }
  for (let i = 0; i < played; i++) cursor.undo();
  if (pv.length === 0) {
    // Stopped before any move was searched: any legal move will do.
    cursor.generate(moves, 0);
    pv.push(cursor.decode(moves[0]));
  }
  return pv;
}

/** `score` (for the seat to move) mapped to `[0, 1]`: a proven win 1, a proven loss 0. */
export function valueOfScore(score: number): number {
  if (Math.abs(score) >= WIN_BOUND) return score > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, 0.5 + score / (2 * EVAL_SCALE)));
}

/** Plies to the end of the game when `score` is a proven win or loss, else `null`. */
export function pliesToEndOf(score: number): number | null {
  return Math.abs(score) >= WIN_BOUND ? WIN_SCORE - Math.abs(score) : null;
}

/** A root line with its moves `pv` (decoded from `root.line`). */
export function searchLine<M>(root: RootLine, pv: readonly M[]): SearchLine<M> {
  const score = root.score === 0 ? 0 : root.score; // no -0 from negation
  return {
    move: pv[0] as M,
    pv,
    score,
    value: valueOfScore(score),
    pliesToEnd: pliesToEndOf(score),
    depth: root.depth,
  };
}

/**
 * The result of a search whose lines are `lines` (best first, decoded; never empty), with the
 * counters `stats`.
 */
export function alphaBetaResult<M>(
  lines: readonly SearchLine<M>[],
  stats: SearchStats,
): AlphaBetaResult<M> {
  const best = lines[0] as SearchLine<M>;
  return {
    move: best.move,
    value: best.value,
    pv: best.pv,
    stats,
    score: best.score,
    pliesToEnd: best.pliesToEnd,
    lines,
  };
}
