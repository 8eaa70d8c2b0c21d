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
import type { SearchResult, SearchStats } from '../types.js';
import type { Deepened } from './deepening.js';
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

/** The result of a search that found `found`, with the line `pv` and the counters `stats`. */
export function alphaBetaResult<M>(
  found: Deepened,
  pv: readonly M[],
  stats: SearchStats,
): AlphaBetaResult<M> {
  const score = found.score;
  const proven = Math.abs(score) >= WIN_BOUND;
  return {
    move: pv[0] as M,
    value: proven ? (score > 0 ? 1 : 0) : Math.min(1, Math.max(0, 0.5 + score / (2 * EVAL_SCALE))),
    pv,
    stats,
    score: score === 0 ? 0 : score, // no -0 from negation
    pliesToEnd: proven ? WIN_SCORE - Math.abs(score) : null,
  };
}
