/**
 * Whether the reference Boardspace writes after a cell (`/wQ`, `wQ-`, `.`, a bare name for a
 * climb, `wQ.`) describes that cell. The cell decides where a piece goes; a reference that does
 * not fit it is said, not followed.
 *
 * @module
 */
import { quote } from '../../core/quote.js';
import { DIRECTIONS, type Hex } from '../../geometry/hex.js';
import { pieceAt, placeOf } from '../queries.js';
import type { HiveState } from '../types.js';
import type { BoardspaceCell } from './boardspace-actions.js';
import { hexOf, isStep, readReference } from './boardspace-pieces.js';

/**
 * Why reference `ref` does not describe `cell`, where `name` goes in `state` from hex `from`
 * (`null`: the reserve), or `null` when it does. `origin` is the first piece's cell (`null`
 * before the first piece, whose reference is `.`).
 */
export function misfit(
  state: HiveState,
  ref: string,
  name: string,
  cell: BoardspaceCell,
  origin: BoardspaceCell | null,
  from: Hex | null,
): string | null {
  const said = readReference(ref);
  if (said === null)
    return `the reference ${quote(ref)} is not one Boardspace writes; the cell decides`;
  if (origin === null) {
    return said.where === 'dot' ? null : `the first piece has the reference ${quote(ref)}, not '.'`;
  }
  const to = hexOf(cell, origin);
  const top = pieceAt(state, to.q, to.r);
  let fits: boolean;
  if (said.where === 'dot') {
    // A climb, or a step onto a hex whose only occupied neighbour is the one left.
    fits = top !== null || onlyNeighbourIs(state, to, from);
  } else if (said.where === 'on') {
    fits = top !== null && top === said.piece;
  } else {
    const x = placeOrNull(state, said.piece as string);
    fits = x !== null && isStep(x, to, said.where[0], said.where[1]);
  }
  return fits
    ? null
    : `the reference ${quote(ref)} does not describe ${cell.text}, where ${name} goes; the cell decides`;
}

/** Where piece `name` is, or `null` (in hand, or not a piece of this game). */
function placeOrNull(state: HiveState, name: string): Hex | null {
  try {
    return placeOf(state, name);
  } catch {
    return null;
  }
}

/** Whether every occupied neighbour of `to` is `from` (the hex the piece leaves). */
function onlyNeighbourIs(state: HiveState, to: Hex, from: Hex | null): boolean {
  for (const [dq, dr] of DIRECTIONS) {
    const q = to.q + dq;
    const r = to.r + dr;
    if (pieceAt(state, q, r) !== null && !(from !== null && from.q === q && from.r === r)) {
      return false;
    }
  }
  return true;
}
