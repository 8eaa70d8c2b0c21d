/**
 * A position set up by hand: pieces put straight onto an empty position, at a given ply, with
 * nothing before it. What may be put there is the public face's business (`board-field.ts` checks the
 * placement against the rules first); this only builds the position, keeping every incremental
 * field (stacks, touch counts, hand bits, the Zobrist hash) as the plays that reach the same
 * position would.
 *
 * The undo stack is indexed by the absolute ply, so it is made long enough for the plies before
 * `ply`; `startPly` stops `undo` at the set-up position. The frozen pieces (H-FREEZE-1) start
 * empty, and so does the repetition count (H-END-4).
 *
 * @module
 */
import { cellOf } from './board.js';
import { HIST, SLOTS } from './constants.js';
import type { Position } from './position.js';
import { setUpResult } from './rules.js';
import { handBit } from './touch.js';
import { ZS_HI, ZS_LO } from './zobrist.js';

/** One piece to put down: its id and real hex. */
export interface PiecePut {
  readonly piece: number;
  readonly q: number;
  readonly r: number;
}

/**
 * Puts `pieces` onto `pos`, a new position with nothing played, in the order given (each on top
 * of the stack of its hex, so a stack's pieces come bottom first), and makes it ply `ply`. The
 * pieces must be in the game, each once, on one connected hive (so no two hexes share a torus
 * cell, `board.ts`). The first piece becomes the anchor of the real coordinates.
 */
export function setUp(pos: Position, pieces: readonly PiecePut[], ply: number): void {
  for (const { piece, q, r } of pieces) {
    pos.drop(piece, cellOf(q, r));
    pos.hand[piece >= SLOTS ? 1 : 0] ^= handBit(piece);
    pos.rq[piece] = q;
    pos.rr[piece] = r;
  }
  const first = pieces[0];
  if (first !== undefined) pos.anchor = first.piece;
  pos.ply = ply;
  pos.startPly = ply;
  // The side to move is in the hash (H-END-4 tells the sides apart); no piece is frozen.
  if (ply & 1) {
    pos.hashLo ^= ZS_LO;
    pos.hashHi ^= ZS_HI;
  }
  if (pos.hist.length < (ply + 64) * HIST) pos.hist = new Int32Array((ply + 64) * HIST);
  if (pos.keys !== null) {
    // nokamute's count looks back up to 32 plies: before the set-up there is nothing to match.
    const keys = new Float64Array(ply + 64);
    keys.fill(Number.NaN, 0, ply);
    pos.keys = keys;
  }
  pos.result = setUpResult(pos);
}
