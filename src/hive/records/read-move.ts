/**
 * A record's MoveString read leniently, as Hive's records need (`RecordRules.readMove`): what
 * `hive.parseMove` reads, plus a single bug written with a number (`wM1`, `bQ1`), and every way
 * the text departs from a strict UHP MoveString said in words: a number on a single bug, a
 * reference to the moving piece's own hex before the move (`bQ /bQ`), a direction that points at
 * an occupied hex (`wM /wL` where that hex holds `wB1`: a climb onto it), a covered reference,
 * blanks and case. Text with no reading throws what `parseMove` throws for it; nothing is guessed.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import { pieceFromName, pieceName } from '../engine/pieces.js';
import { formatMoveString, parseMoveString } from '../game-string.js';
import { placeOf, stackAt } from '../queries.js';
import type { HiveMove, HiveState } from '../types.js';

/** A move text read: the move, and what was read leniently (`null`: the text was exact). */
export interface MoveRead {
  readonly move: HiveMove;
  readonly normalised: string | null;
}

const TARGET = /^([-/\\]?)([A-Za-z]+[0-9]*)([-/\\]?)$/;

/** The move `text` names in `state` (see the module comment). */
export function readHiveMove(state: HiveState, text: string): MoveRead {
  if (typeof text !== 'string') return { move: parseMoveString(state, text), normalised: null };
  let move: HiveMove;
  let read = text;
  const notes: string[] = [];
  try {
    move = parseMoveString(state, text);
  } catch (e) {
    if (!(e instanceof RulesError) || e.code !== 'PARSE_ERROR') throw e;
    const unnumbered = withoutSingleNumbers(text);
    if (unnumbered === null) throw e;
    try {
      move = parseMoveString(state, unnumbered.text);
    } catch {
      throw e;
    }
    read = unnumbered.text;
    notes.push(...unnumbered.notes);
  }
  notes.push(...leniencies(state, text, read, move));
  if (notes.length === 0) return { move, normalised: null };
  return {
    move,
    normalised: `${quote(text)} read as ${quote(formatMoveString(state, move))}: ${notes.join('; ')}`,
  };
}

/** `text` with the 1 taken off single bugs (`wM1` → `wM`), or `null` when there is none. */
function withoutSingleNumbers(text: string): { text: string; notes: string[] } | null {
  const notes: string[] = [];
  const fixed = text.replace(/([wb][QMLPRDC])1(?![0-9])/gi, (whole: string, name: string) => {
    if (pieceFromName(whole) >= 0 || pieceFromName(name) < 0) return whole;
    notes.push(`a single bug written with a number (${whole})`);
    return name;
  });
  return notes.length === 0 ? null : { text: fixed, notes };
}

/** What a strict reader would refuse in `text` (read as `read`), which `move` plays. */
function leniencies(state: HiveState, text: string, read: string, move: HiveMove): string[] {
  const notes: string[] = [];
  const trimmed = text.trim();
  if (trimmed !== text) notes.push('blanks around the move');
  if (/\s\s|\t/.test(trimmed)) notes.push('extra blanks inside the move');
  const tokens = read.trim().split(/\s+/);
  const [first, target] = tokens as [string, string | undefined];
  if (move.kind === 'pass') {
    if (first !== 'pass') notes.push(`${quote(first)} for 'pass'`);
    return notes;
  }
  const mover = pieceName(pieceFromName(first));
  const wrongCase = [first];
  if (target === undefined || move.kind === 'grab' || move.kind === 'swap') {
    if (target !== undefined) wrongCase.push(target.slice(1));
    caseNote(wrongCase, notes);
    return notes;
  }
  const m = TARGET.exec(target);
  if (m === null) return notes;
  const refText = m[2] as string;
  wrongCase.push(refText);
  caseNote(wrongCase, notes);
  const ref = pieceName(pieceFromName(refText));
  const directed = (m[1] as string) !== '' || (m[3] as string) !== '';
  if (ref === mover)
    notes.push(`the reference is the moving piece itself (${ref}), at its hex before the move`);
  else {
    const at = placeOf(state, ref);
    if (at !== null) {
      const stack = stackAt(state, at.q, at.r);
      const above = stack.slice(stack.indexOf(ref) + 1).filter((p) => p !== mover);
      if (above.length > 0)
        notes.push(`the reference ${ref} is covered by ${above.join(', ')}: its hex is meant`);
    }
  }
  if (directed) {
    const there = stackAt(state, move.q, move.r).filter((p) => p !== mover);
    if (there.length > 0) {
      notes.push(`the direction points at the hex of ${there[there.length - 1]}: a climb onto it`);
    }
  }
  return notes;
}

/** Notes piece names written in another case than UHP's (`ws1` for `wS1`). */
function caseNote(texts: readonly string[], notes: string[]): void {
  const wrong = texts.filter((t) => pieceFromName(t) >= 0 && pieceName(pieceFromName(t)) !== t);
  if (wrong.length > 0) {
    notes.push(
      `piece names in another case (${wrong.map((t) => `${t} for ${pieceName(pieceFromName(t))}`).join(', ')})`,
    );
  }
}
