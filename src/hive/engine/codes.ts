/**
 * Hive move codes: how a move is packed into one integer (the form the generator writes and the
 * position plays), and the conversion between codes and the move objects of the public API.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { ReturnsItsArgument } from '../../core/guard.js';
import { isPlainObject } from '../../core/options.js';
import { quote } from '../../core/quote.js';
import type { HiveMove } from '../types.js';
import {
  cellOf,
  cellQ,
  cellR,
  BITS as I_BITS,
  CELLS as I_CELLS,
  SIDE as I_SIDE,
  wrap,
} from './board.js';
import {
  OP_SPAN as I_OP_SPAN,
  PIECES as I_PIECES,
  OP_CARRY,
  OP_GRAB,
  OP_SWAP,
  PASS,
} from './constants.js';
import { pieceFromName, pieceName } from './pieces.js';
import type { Position } from './position.js';

// The code layout (`op * OP_SPAN + piece * CELLS + cell`, documented with the numbers) lives in
// constants.ts so the build inlines it.
export { OP_CARRY, OP_GRAB, OP_MOVE, OP_SPAN, OP_SWAP, PASS } from './constants.js';

// Local aliases for the test runner (see moves.ts); the build drops them.
const CELLS = I_CELLS;
const OP_SPAN = I_OP_SPAN;
const PIECES = I_PIECES;
/** log2 of `CELLS`: a placement or movement code shifted right by it is its piece. */
const CELL_BITS = 2 * I_BITS;
const SIDE = I_SIDE;

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

/**
 * Each move object carries its code in a private field (as `stampsFor` in core/guard.ts stamps
 * states): a move's code does not depend on the position it was listed in (H-COORD-1: a cell is
 * the real coordinates modulo the torus side, and the piece ids are fixed), so `apply` reads the
 * code of a listed move instead of keeping a copy of the code list beside every move list.
 *
 * A class of its own rather than a `stampsFor` instance: every stamp `stampsFor` makes runs the
 * same code and so shares its inline caches. With the state guard's private field read at the
 * same sites, each read saw two names and went megamorphic (about 4 % of an apply-path perft in
 * the load, add and store stubs).
 */
class MoveCode extends ReturnsItsArgument {
  #code: number;
  constructor(move: HiveMove, code: number) {
    super(move);
    this.#code = code;
  }
  static of(move: HiveMove): number {
    return (move as unknown as MoveCode).#code;
  }
}

/** The code of a move object this module built (listed by `moves`); trusted. */
export function codeOfListed(move: HiveMove): number {
  return MoveCode.of(move);
}

/** A move object, stamped with its code and frozen. */
function sealMove(move: HiveMove, code: number): HiveMove {
  new MoveCode(move, code);
  return Object.freeze(move);
}

/** The one `pass` move object. */
const PASS_MOVE: HiveMove = sealMove({ kind: 'pass' }, PASS);

/**
 * Move objects are immutable values, so equal moves share one frozen object: a move list is
 * then one map lookup per move instead of a new object and a new name string (what `moves`
 * costs an app or a bot walking the tree through `apply`). Keyed by kind, piece, target piece
 * and real coordinates; moves far from the origin (a hive that wandered) are built, not kept.
 * The table is cleared when it holds {@link INTERN_LIMIT} moves, which bounds its memory.
 */
const interned = new Map<number, HiveMove>();
const INTERN_LIMIT = 1 << 16;
/** The `target` of a carry's key: no piece has this id, so carries and plain moves never meet. */
const CARRY_TARGET = 63;
/** Real coordinates kept in the table: `-COORD_SPAN/2 <= q, r < COORD_SPAN/2`. */
const COORD_SPAN = 256;

/**
 * The shared move object for (`kind`, `piece`, `target`, `q`, `r`), whose code is `code`, built
 * on first use.
 */
function internMove(
  kind: number,
  piece: number,
  target: number,
  q: number,
  r: number,
  code: number,
): HiveMove {
  const half = COORD_SPAN / 2;
  const inRange = q >= -half && q < half && r >= -half && r < half;
  // Bit fields (kind 2 bits, pieces 6 each, coordinates 8 each: 30 bits) keep the key a small
  // integer, which the map hashes without allocating.
  const key = (kind << 28) | (piece << 22) | (target << 16) | ((q + half) << 8) | (r + half);
  if (inRange) {
    const known = interned.get(key);
    if (known !== undefined) return known;
  }
  const move = sealMove(
    kind >= 2
      ? {
          kind: kind === 2 ? ('grab' as const) : ('swap' as const),
          piece: pieceName(piece),
          target: pieceName(target),
          q,
          r,
        }
      : {
          kind: kind === 0 ? ('place' as const) : ('move' as const),
          piece: pieceName(piece),
          q,
          r,
        },
    code,
  );
  if (inRange) {
    if (interned.size >= INTERN_LIMIT) interned.clear();
    interned.set(key, move);
  }
  return move;
}

/** A placement or a movement: the move objects {@link rows} keeps. */
type PlacedMove = Extract<HiveMove, { kind: 'place' | 'move' }>;

/**
 * The move objects of placements and movements by code: `rows[2 * piece + moved][cell]`,
 * `moved` 0 for a placement, 1 for a movement. Decoding a list is then two array reads per move
 * where the intern table costs the coordinate arithmetic and a hash lookup; a tree walked
 * through `apply` lists the same placements and movements again and again. H-COORD-1: a cell's
 * real coordinates depend on where the anchor piece stands (the representatives nearest to it, see
 * `Position.realQ`), so a kept object is used only while its coordinates lie in the current
 * window, and replaced otherwise. Rows are made on first use, `CELLS` slots each: about 1 MB for
 * the pieces of a base game, 3.5 MB at most. Like the intern table, they are emptied when they
 * have taken {@link INTERN_LIMIT} objects, which bounds the objects they keep alive.
 */
const rows: (Array<PlacedMove | undefined> | undefined)[] = new Array(2 * PIECES).fill(undefined);
/** Objects stored in {@link rows} since they were last emptied. */
let rowEntries = 0;

/** The move object of code `m` in `pos`. */
export function decodeMove(pos: Position, m: number): HiveMove {
  const out: HiveMove[] = [];
  decodeMoves(pos, [m], 0, 1, out);
  return out[0] as HiveMove;
}

/**
 * The move objects of the codes `codes[from..from+n)` in `pos`, written to `out[0..n)`: one
 * pass that reads the real-coordinate origin once (what `moves` does for a whole list).
 */
export function decodeMoves(
  pos: Position,
  codes: ArrayLike<number>,
  from: number,
  n: number,
  out: HiveMove[],
): void {
  // Real coordinates are measured from the anchor piece (see Position.realQ); before the first
  // placement every move goes to the origin.
  const placed = pos.anchor >= 0;
  const anchorCell = placed ? pos.cell[pos.anchor] : 0;
  const q0 = placed ? pos.rq[pos.anchor] : 0;
  const r0 = placed ? pos.rr[pos.anchor] : 0;
  const cells = pos.cell;
  // Moves come in runs of one piece (its placements, its movements): keep that piece's row.
  let rowPiece = -1;
  let row: Array<PlacedMove | undefined> = [];
  for (let i = 0; i < n; i++) {
    const m = codes[from + i] as number;
    if (m < OP_SPAN) {
      const p = m >> CELL_BITS;
      if (p !== rowPiece) {
        rowPiece = p;
        const k = 2 * p + (cells[p] === -1 ? 0 : 1);
        row = rows[k] ?? (rows[k] = new Array<PlacedMove | undefined>(CELLS).fill(undefined));
      }
      const known = row[m & (CELLS - 1)];
      // The same code of the same kind is the same move, if it lies in this window (each
      // coordinate within [-SIDE/2, SIDE/2) of the anchor's).
      if (
        known !== undefined &&
        ((known.q - q0 + (SIDE >> 1)) | (known.r - r0 + (SIDE >> 1))) >>> 0 < SIDE
      ) {
        out[i] = known;
        continue;
      }
    }
    if (m === PASS) {
      out[i] = PASS_MOVE;
      continue;
    }
    const op = moveOp(m);
    const p = movePiece(m);
    const c = moveCell(m);
    // `+ 0` turns a -0 into 0, so equal moves compare equal field by field.
    const q = placed ? q0 + wrap(cellQ(c) - cellQ(anchorCell)) + 0 : 0;
    const r = placed ? r0 + wrap(cellR(c) - cellR(anchorCell)) + 0 : 0;
    // A grab or swap: the actor standing on `c` is the move's piece, the one that changes hex
    // its target.
    let move: HiveMove;
    if (op === OP_GRAB || op === OP_SWAP) {
      move = internMove(op === OP_GRAB ? 2 : 3, pos.top[c] as number, p, q, r, m);
    } else if (op === OP_CARRY) {
      // H-FAN-DRAGONFLY-e: a Dragonfly's move that carries (H-FAN-DRAGONFLY-3) reads like its
      // plain move to the same hex, but its code differs: it is interned apart (its own target
      // field), so the code stamped on each object is the one it was listed with.
      move = internMove(1, p, CARRY_TARGET, q, r, m);
    } else {
      move = internMove(cells[p] === -1 ? 0 : 1, p, 0, q, r, m);
    }
    if (m < OP_SPAN) {
      if (++rowEntries > INTERN_LIMIT) {
        rows.fill(undefined);
        rowEntries = 1;
        const k = 2 * p + (cells[p] === -1 ? 0 : 1);
        row = rows[k] = new Array<PlacedMove | undefined>(CELLS).fill(undefined);
      }
      row[c] = move as PlacedMove;
    }
    out[i] = move;
  }
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
