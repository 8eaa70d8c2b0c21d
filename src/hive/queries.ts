/**
 * What apps ask of a Hive state: the stack or top piece on a hex, where a piece is, every piece
 * on the board, the pieces in hand, and whether a move is legal and which rule says so.
 *
 * @module
 */

import { badArgument, integerArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { cellOf } from './engine/board.js';
import { PIECES, pieceFromName, pieceName, SLOTS } from './engine/pieces.js';
import { outcomeOf } from './engine/rules.js';
import { livePosition } from './state.js';
import type { HiveOutcome, HiveState, PiecePlace } from './types.js';

/** The stack on hex `(q, r)`, bottom to top, as piece names (empty when the hex is empty). */
export function stackAt(state: HiveState, q: number, r: number): string[] {
  const pos = livePosition(state, 'stackAt');
  integerArg('stackAt', 'q', q);
  integerArg('stackAt', 'r', r);
  if (pos.anchor < 0) return [];
  const c = cellOf(q, r);
  if (pos.realQ(c) !== q || pos.realR(c) !== r) return [];
  const out: string[] = [];
  for (let p = pos.top[c]; p >= 0; p = pos.below[p]) out.push(pieceName(p));
  return out.reverse();
}

/** The top piece on hex `(q, r)`, or `null`. */
export function pieceAt(state: HiveState, q: number, r: number): string | null {
  livePosition(state, 'pieceAt');
  integerArg('pieceAt', 'q', q);
  integerArg('pieceAt', 'r', r);
  const s = stackAt(state, q, r);
  return s.length === 0 ? null : s[s.length - 1];
}

/** Where the named piece is, or `null` while it is in hand. Throws for an unknown name. */
export function placeOf(state: HiveState, piece: string): PiecePlace | null {
  const pos = livePosition(state, 'placeOf');
  const p = typeof piece === 'string' ? pieceFromName(piece) : -1;
  if (p < 0 || !pos.inGame[p]) {
    throw new RulesError('PARSE_ERROR', `${quote(piece)} is not a piece of ${state.type}`);
  }
  if (pos.cell[p] === -1) return null;
  return {
    q: pos.rq[p] + 0,
    r: pos.rr[p] + 0,
    level: pos.level[p],
  };
}

/** Every piece on the board with its place, in piece order (White first). */
export function piecesOnBoard(state: HiveState): {
  /** The piece's UHP name, e.g. `wS1`. */
  piece: string;
  /** Axial q. */
  q: number;
  /** Axial r. */
  r: number;
  /** 0 = ground. */
  level: number;
}[] {
  const pos = livePosition(state, 'piecesOnBoard');
  const out: { piece: string; q: number; r: number; level: number }[] = [];
  for (let p = 0; p < PIECES; p++) {
    if (pos.cell[p] === -1) continue;
    out.push({
      piece: pieceName(p),
      q: pos.rq[p] + 0,
      r: pos.rr[p] + 0,
      level: pos.level[p],
    });
  }
  return out;
}

/** The pieces of `colour` (`'w'` or `'b'`) still in hand, in canonical order. */
export function piecesInHand(state: HiveState, colour: 'w' | 'b'): string[] {
  const pos = livePosition(state, 'piecesInHand');
  if (colour !== 'w' && colour !== 'b')
    badArgument('piecesInHand', 'the colour', "'w' or 'b'", colour);
  const base = colour === 'b' ? SLOTS : 0;
  const out: string[] = [];
  for (let s = 0; s < SLOTS; s++) {
    const p = base + s;
    if (pos.inGame[p] && pos.cell[p] === -1) out.push(pieceName(p));
  }
  return out;
}

/** The outcome of a finished game, or `null` while it goes on (H-END). */
export function outcome(state: HiveState): HiveOutcome | null {
  return outcomeOf(livePosition(state, 'outcome'));
}
