/**
 * Hive move codes: how a move is packed into one integer (the form the generator writes and the
 * position plays), and the conversion between codes and the move objects of the public API.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import { CELLS, cellOf } from './board.js';
import { PIECES, pieceFromName, pieceName } from './pieces.js';
import type { Position } from './position.js';
import type { HiveMove } from './types.js';

/**
 * Integer moves are `op * OP_SPAN + piece * CELLS + cell`. `OP_MOVE` places or moves `piece` to
 * `cell`; the fan operations (H-FAN-GEN-3) name the piece that changes hex and the cell it goes
 * to, so the actor is found on that cell: `OP_GRAB` puts `piece` under the Mantis on `cell`
 * (H-FAN-MANTIS-2), `OP_SWAP` trades places between `piece` and the Centipede on `cell`
 * (H-FAN-CENTIPEDE-1), and `OP_CARRY` moves the Dragonfly `piece` to `cell` with the piece under it
 * (H-FAN-DRAGONFLY-2).
 */
export const OP_SPAN: number = PIECES * CELLS;
/** Placement or movement of one piece. */
export const OP_MOVE = 0;
/** H-FAN-MANTIS-2: a grab, written as the grabbed piece going to the grabber's cell. */
export const OP_GRAB = 1;
/** H-FAN-CENTIPEDE-1: a swap, written as the partner going to the swapper's cell. */
export const OP_SWAP = 2;
/** H-FAN-DRAGONFLY-2: a Dragonfly move that carries the piece it stands on. */
export const OP_CARRY = 3;
/** The integer move meaning `pass`. */
export const PASS: number = 4 * OP_SPAN;

/** The operation of an integer move (not `PASS`). */
export function moveOp(m: number): number {
  return (m / OP_SPAN) | 0;
}

/** The piece named by an integer move (not `PASS`): the one that changes hex. */
export function movePiece(m: number): number {
  return ((m % OP_SPAN) / CELLS) | 0;
}

/** The cell named by an integer move (not `PASS`). */
export function moveCell(m: number): number {
  return m % CELLS;
}

/** The move object of code `m` in `pos`. */
export function decodeMove(pos: Position, m: number): HiveMove {
  if (m === PASS) return Object.freeze({ kind: 'pass' });
  const op = moveOp(m);
  const p = movePiece(m);
  const c = moveCell(m);
  if (op === OP_GRAB || op === OP_SWAP) {
    return Object.freeze({
      kind: op === OP_GRAB ? 'grab' : 'swap',
      piece: pieceName(pos.top[c]),
      target: pieceName(p),
      q: pos.realQ(c) + 0,
      r: pos.realR(c) + 0,
    });
  }
  return Object.freeze({
    kind: pos.cell[p] === -1 ? 'place' : 'move',
    piece: pieceName(p),
    q: pos.realQ(c) + 0,
    r: pos.realR(c) + 0,
  });
}

/**
 * The code of a move object in `pos` (not yet checked for legality); throws `ILLEGAL_MOVE`
 * when the object cannot name a move here.
 */
export function encodeMove(pos: Position, move: HiveMove): number {
  if (!isPlainObject(move)) {
    throw new RulesError('ILLEGAL_MOVE', `a Hive move must be a plain object, got ${quote(move)}`);
  }
  const { kind, piece, q, r } = move as Record<string, unknown>;
  if (kind === 'pass') return PASS;
  if (kind === 'grab' || kind === 'swap') {
    const target = (move as Record<string, unknown>).target;
    const a = typeof piece === 'string' ? pieceFromName(piece) : -1;
    const x = typeof target === 'string' ? pieceFromName(target) : -1;
    if (a < 0 || x < 0) {
      throw new RulesError('ILLEGAL_MOVE', `not a Hive move: ${quote(move)}`);
    }
    if (pos.cell[a] === -1 || pos.cell[x] === -1) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `${quote(piece)} and ${quote(target)} must both be in play to ${kind}`,
      );
    }
    if (q !== pos.rq[a] || r !== pos.rr[a]) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `${quote(piece)} is not at (${quote(q)}, ${quote(r)}) in ${quote(move)}`,
      );
    }
    const op = kind === 'grab' ? OP_GRAB : OP_SWAP;
    return op * OP_SPAN + x * CELLS + pos.cell[a];
  }
  const p = typeof piece === 'string' ? pieceFromName(piece) : -1;
  if (p < 0 || (kind !== 'place' && kind !== 'move')) {
    throw new RulesError('ILLEGAL_MOVE', `not a Hive move: ${quote(move)}`);
  }
  if (!Number.isInteger(q) || !Number.isInteger(r)) {
    throw new RulesError('ILLEGAL_MOVE', `bad destination in ${quote(move)}`);
  }
  const dq = q as number;
  const dr = r as number;
  if ((pos.cell[p] === -1) !== (kind === 'place')) {
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(piece)} is ${pos.cell[p] === -1 ? 'in hand' : 'on the board'}, not a '${kind}'`,
    );
  }
  const m = p * CELLS + cellOf(dq, dr);
  // The torus cell is exact only inside the hive's window: check the real coordinates back.
  if (pos.anchor >= 0 && (pos.realQ(m - p * CELLS) !== dq || pos.realR(m - p * CELLS) !== dr)) {
    // Too far from the hive to touch it: a placement must touch it (H-PLACE-3), a moved piece
    // must stay in one hive with it (H-MOVE-3).
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(piece)} cannot reach (${dq}, ${dr}): it would not touch the hive`,
      kind === 'place' ? 'H-PLACE-3' : 'H-MOVE-3',
    );
  }
  if (pos.anchor < 0 && (dq !== 0 || dr !== 0)) {
    throw new RulesError('ILLEGAL_MOVE', 'the first piece is placed at (0, 0)', 'H-PLACE-1');
  }
  return m;
}
