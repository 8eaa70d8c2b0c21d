/**
 * From the searched positions of a record's main line to what `boardrules analyze` reports:
 * each move's drop in evaluation for the seat that played it and its mark (`?!`, `?`, `??`), the
 * result as one JSON object per record, its summary as text, and the annotated record (the
 * evaluations, marks and comments on the main line, and the engine's move as a variation where
 * it differs).
 *
 * Evaluations are from the first seat's point of view, from -1 (the first seat loses for sure)
 * to +1 (it wins for sure): twice the first seat's value minus one, which for two seats is the
 * difference of the evaluator's two values (`e[first] - e[second]`), the units alpha-beta
 * searches in divided by its scale. A proven win is exactly +1 or -1.
 *
 * @module
 */
import { mainLine, type RecordedGame, type RecordNode, type RecordTag } from '../../core/record.js';
import type { AnalysisSettings } from '../plugin.js';
import type { AnalysisLimits, MoveValue, PositionResult } from './engine.js';

/** A move's mark: inaccuracy, mistake, blunder. */
export type Mark = '?!' | '?' | '??';

/** The NAG of each mark (PGN's `$6`, `$2`, `$4`). */
const NAG: Readonly<Record<Mark, number>> = { '?!': 6, '?': 2, '??': 4 };
const LABEL: Readonly<Record<Mark, string>> = {
  '?!': 'Inaccuracy',
  '?': 'Mistake',
  '??': 'Blunder',
};

/** One searched position of the main line, as the result reports it. */
export interface PositionEntry {
  /** Plies played before it. */
  readonly ply: number;
  /** The seat to move, `null` when the game is over. */
  readonly seat: number | null;
  /** Its evaluation (the engine's move played), first seat's view. */
  readonly evaluation: number;
  readonly best: string | null;
  readonly pv: readonly string[];
  /** Plies to the end when the engine proves it (0: over), else `null`. */
  readonly pliesToEnd: number | null;
  readonly depth: number;
  readonly nodes: number;
}

/** One move of the main line, judged. */
export interface MoveEntry {
  /** Its ply, from 1. */
  readonly ply: number;
  readonly seat: number;
  /** As the record writes it. */
  readonly move: string;
  /** The evaluation after it (first seat's view). */
  readonly evaluation: number;
  /** The engine's move, and the evaluation after it. */
  readonly best: string;
  readonly bestEvaluation: number;
  /** What the move lost for the seat that played it (twice its value's fall). */
  readonly drop: number;
  readonly mark: Mark | null;
  /** Whether it is the engine's move (then it has no mark and no variation). */
  readonly agrees: boolean;
  /** Why a proven outcome made it a blunder, or `null`. */
  readonly why: string | null;
}

/** The analysis of one record: what `--json` prints, one line per record. */
export interface RecordAnalysis {
  /** The record's place among all records of the run's files, from 0. */
  readonly index: number;
  /** The file as given, and the record's number in it (from 1). */
  readonly file: string;
  readonly record: number;
  readonly game: string;
  readonly tags: readonly RecordTag[];
  readonly limits: AnalysisLimits;
  /** Plies of the main line replayed (and analysed). */
  readonly plies: number;
  /** Why the main line could not be replayed further, or `null` when it was replayed whole. */
  readonly error: string | null;
  readonly positions: readonly PositionEntry[];
  readonly moves: readonly MoveEntry[];
}

/** Three decimals, and no `-0`. */
function round(x: number): number {
  const r = Math.round(x * 1000) / 1000;
  return r === 0 ? 0 : r;
}

/** The first seat's view of a move's values. */
export const evaluationOf = (v: MoveValue): number => round(2 * (v.values[0] as number) - 1);

/** The mark of a move (see the guide's table), and why when a proven outcome decides it. */
function markOf(
  drop: number,
  best: MoveValue,
  played: MoveValue,
  seat: number,
  thresholds: AnalysisSettings['thresholds'],
): { mark: Mark | null; why: string | null } {
  const won = (v: MoveValue) => v.end !== null && v.values[seat] === 1;
  const lost = (v: MoveValue) => v.end !== null && v.values[seat] === 0;
  if (won(best) && !won(played)) return { mark: '??', why: 'misses a forced win' };
  if (lost(played) && !lost(best)) return { mark: '??', why: 'walks into a forced loss' };
  const [inaccuracy, mistake, blunder] = thresholds;
  const mark = drop >= blunder ? '??' : drop >= mistake ? '?' : drop >= inaccuracy ? '?!' : null;
  return { mark, why: null };
}

/**
 * The analysis of a record from its searched positions (`results[p]`: after `p` plies; the
 * line's last position included).
 */
export function judge(
  where: { readonly index: number; readonly file: string; readonly record: number },
  game: string,
  record: RecordedGame,
  results: readonly PositionResult[],
  error: string | null,
  limits: AnalysisLimits,
  thresholds: AnalysisSettings['thresholds'],
): RecordAnalysis {
  const nodes = mainLine(record);
  const positions = results.map(
    (r, ply): PositionEntry => ({
      ply,
      seat: r.seat,
      evaluation: evaluationOf(r),
      best: r.best,
      pv: r.pv,
      pliesToEnd: r.end,
      depth: r.depth,
      nodes: r.nodes,
    }),
  );
  const moves: MoveEntry[] = [];
  for (let p = 0; p + 1 < results.length; p++) {
    const r = results[p] as PositionResult;
    const played = r.played as MoveValue;
    const seat = r.seat as number;
    const drop = round(2 * ((r.values[seat] as number) - (played.values[seat] as number)));
    const { mark, why } = r.agrees
      ? { mark: null, why: null }
      : markOf(drop, r, played, seat, thresholds);
    moves.push({
      ply: p + 1,
      seat,
      move: (nodes[p] as RecordNode).move,
      evaluation: evaluationOf(played),
      best: r.best as string,
      bestEvaluation: evaluationOf(r),
      drop,
      mark,
      agrees: r.agrees,
      why,
    });
  }
  return {
    ...where,
    game,
    tags: record.tags,
    limits,
    plies: moves.length,
    error,
    positions,
    moves,
  };
}

/** `depth 4` or `1000 ms a position`. */
export function limitsText(limits: AnalysisLimits): string {
  return limits.depth !== undefined ? `depth ${limits.depth}` : `${limits.timeMs} ms a position`;
}

/** `+0.25`, `-1`, `0`. */
export function signed(x: number): string {
  return x > 0 ? `+${x}` : String(x);
}

/** A chain of plain nodes for a line of moves. */
function chain(moves: readonly string[]): RecordNode[] {
  let children: RecordNode[] = [];
  for (let i = moves.length - 1; i >= 0; i--) {
    children = [
      { move: moves[i] as string, nags: [], comment: null, evaluation: null, tags: [], children },
    ];
  }
  return children;
}

/** The comment on a marked move. */
function commentOf(m: MoveEntry): string | null {
  if (m.mark === null) return null;
  const what = m.why === null ? `drop ${m.drop}` : m.why;
  return `${LABEL[m.mark]} (${what}). Best: ${m.best} (${signed(m.bestEvaluation)}).`;
}

/**
 * The record annotated by its analysis: on each analysed move of the main line its evaluation,
 * its mark and a comment saying what the engine plays; where the engine plays another move, that
 * move and its line as a variation (its evaluation on its first node); and an `Annotator` tag.
 * Everything else of the record is kept.
 */
export function annotate(record: RecordedGame, a: RecordAnalysis): RecordedGame {
  const line = mainLine(record);
  // Rebuilt from the end: the choices at ply i are the main line's node, the record's other
  // choices, and the engine's move when it differs.
  let next: RecordNode[] | null = null;
  for (let i = line.length - 1; i >= 0; i--) {
    const node = line[i] as RecordNode;
    const m = a.moves[i];
    const children: RecordNode[] = next ?? [...node.children];
    if (m === undefined) {
      next = [{ ...node, children }, ...siblings(record, line, i)];
      continue;
    }
    const comment = commentOf(m);
    const nags =
      m.mark === null || node.nags.includes(NAG[m.mark]) ? node.nags : [...node.nags, NAG[m.mark]];
    const mine: RecordNode = {
      ...node,
      nags,
      comment:
        comment === null
          ? node.comment
          : node.comment === null
            ? comment
            : `${node.comment} ${comment}`,
      evaluation: m.evaluation,
      children,
    };
    const others = siblings(record, line, i);
    if (m.agrees) {
      next = [mine, ...others];
      continue;
    }
    // The engine's move: on the record's own variation of that move if it has one.
    const same = others.findIndex((o) => o.move === m.best);
    if (same >= 0) others[same] = { ...(others[same] as RecordNode), evaluation: m.bestEvaluation };
    else {
      const engine = chain(a.positions[i]?.pv ?? [m.best])[0] as RecordNode;
      others.push({ ...engine, evaluation: m.bestEvaluation });
    }
    next = [mine, ...others];
  }
  const tags = record.tags.filter(([n]) => n !== 'Annotator');
  tags.push(['Annotator', `boardrules analyze, ${limitsText(a.limits)}`]);
  return { tags, comment: record.comment, children: next ?? [...record.children] };
}

/** The other choices beside main-line node `i` (its parent's children after the first). */
function siblings(record: RecordedGame, line: readonly RecordNode[], i: number): RecordNode[] {
  const parent = i === 0 ? record.children : (line[i - 1] as RecordNode).children;
  return parent.slice(1);
}
