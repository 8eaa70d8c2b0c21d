/**
 * The compact mutable Coerceo position: its fields, `play`/`undo`, move generation and counting
 * (over the writers of `moves.ts`) and an incremental Zobrist hash. What a turn does is
 * `turn.ts`, the undo stack `undo.ts`, the end checks `rules.ts`. `coerceo.moves`/`apply` wrap
 * it; search and perft use it directly, so the two paths cannot disagree.
 *
 * Layout (see `board.ts`): per colour a 57-bit piece set in two 32-bit words; the present tiles
 * as a 19-bit set plus its expansion to colour-index bits (`pLo/pHi`, the existing fields of
 * either colour); tiles held and piece counts per colour. `play` pushes a snapshot (the `S_*`
 * slots of constants.ts) on a typed-array stack and `undo` pops it, so undo is exact by
 * construction.
 *
 * Integer moves are relative to the side to move (see `moves.ts`).
 *
 * @module
 */
import { badArgument } from '../../core/args.js';
import { RulesError } from '../../core/errors.js';
import type { SearchPosition } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import type { CoerceoMove, CoerceoState } from '../types.js';
import { popcount, presenceMasks } from './board.js';
import { decodeMove, encodeMove } from './codes.js';
import {
  COLOUR_FIELDS,
  EXCHANGE,
  S as I_S,
  S_RARE as I_S_RARE,
  S_REPLIES as I_S_REPLIES,
  LIVE,
  MAX_MOVES,
} from './constants.js';
import { pieceKeys, positionHash, SIDE_KEY_HI as ZS_HI, SIDE_KEY_LO as ZS_LO } from './hash.js';
import { countSteps, writeExchanges, writeSteps } from './moves.js';
import { canRepeat, repetition, scoreOf } from './rules.js';
import { playExchange, playStep } from './turn.js';
import { pop, push } from './undo.js';

// The undo-entry layout (constants.ts), as local aliases: the test runner would read each
// imported name through a getter in `count`; the build drops the aliases (tsup.config.ts).
const S = I_S;
const S_RARE = I_S_RARE;
const S_REPLIES = I_S_REPLIES;

/**
 * The numbers a position is set up from ({@link CoerceoPosition.setUp}): what the state layer
 * reads off a state. Plain numbers and flags; the position keeps no state object.
 */
export interface CoerceoSetup {
  /** Pieces: White lo, White hi, Black lo, Black hi (colour-index bit sets, see `board.ts`). */
  readonly pieces: readonly number[];
  /** Present tiles (bits over tile indices). */
  readonly tiles: number;
  /** Tiles held by White and by Black. */
  readonly held: readonly number[];
  /** Seat to move. */
  readonly side: number;
  /** End status (see `rules.ts`), 0 while the game goes on. */
  readonly status: number;
  /** Tiles an exchange costs. */
  readonly exchangeCost: number;
  /** C-END-5 in force. */
  readonly repetitionDraw: boolean;
  /** C-END-6 in force. */
  readonly insufficientDraw: boolean;
  /** C-END-4 as a loss rather than a draw. */
  readonly lossOnNoMoves: boolean;
  /**
   * Piece words of the earlier positions since the last irreversible turn, oldest first (what
   * C-END-5 compares with); they cannot be undone.
   */
  readonly history: readonly (readonly number[])[];
}

/**
 * What a search position was made from: the state layer's hook behind
 * {@link CoerceoPosition.state}, so the position itself builds no state (and imports nothing
 * that does).
 */
export interface PositionOrigin {
  /** The state `pos` shows now. */
  stateOf(pos: CoerceoPosition): CoerceoState;
}

/** The compact, mutable position (see the module comment). */
export class CoerceoPosition implements SearchPosition<CoerceoMove> {
  readonly maxMoves: number = MAX_MOVES;
  // The live position as plain int32 fields (measured faster than typed-array slots in V8):
  // piece words per colour, tiles and their colour-index expansion, held tiles, piece counts,
  // side to move, hash, status and the start of the repetition segment. The `@internal` ones
  // are read and written directly by the turn (turn.ts), the undo stack (undo.ts) and the
  // repetition check (rules.ts), as `play` did when it held them all: an accessor call per field
  // would cost the kernel.
  /** @internal */ wLo = 0;
  /** @internal */ wHi = 0;
  /** @internal */ bLo = 0;
  /** @internal */ bHi = 0;
  /** @internal */ heldW = 0;
  /** @internal */ heldB = 0;
  /** @internal */ cntW = 0;
  /** @internal */ cntB = 0;
  /** Present tiles (bits over tile indices). */
  tiles = 0;
  /** @internal */ pLo = 0;
  /** @internal */ pHi = 0;
  /** @internal */ side = 0;
  /** @internal */ hLo = 0;
  /** @internal */ hHi = 0;
  /** End status (see `rules.ts`), 0 while the game goes on. */
  status: number = LIVE;
  /**
   * Index (in the position sequence) of the first position since the last irreversible turn.
   *
   * @internal
   */
  irrev = 0;
  /** Snapshots of every earlier position, `sp` of them. @internal */
  stack: Int32Array;
  /** @internal */ sp = 0;
  /** Positions before this one can undo to (a set-up history, or what a copy's source played). */
  private base = 0;
  /** Tiles an exchange costs. */
  private cost = 2;
  /** C-END-5 in force (the {@link repetitionDraw} the turn reads). @internal */
  repDraw = true;
  private insufDraw = true;
  private lossNoMoves = false;
  /** Opponent pieces captured by the last `play` (colour-index bits, low word). C-TURN-4. */
  lastCapLo = 0;
  /** Opponent pieces captured by the last `play` (colour-index bits, high word). */
  lastCapHi = 0;
  /** Tiles removed by the last `play` (bits over tile indices). */
  lastRemoved = 0;
  /** Tiles the mover collected in the last `play`. */
  lastCollected = 0;
  /**
   * What {@link state} asks for the state (set by `coerceo.search`); `null` for a position no
   * search was made from, whose `state()` throws `UNSUPPORTED`.
   *
   * @internal
   */
  origin: PositionOrigin | null = null;

  /**
   * An empty position (no tiles, no pieces: {@link setUp} gives it one), or a copy of `from`
   * that plays on without touching it: its undo stack holds `from`'s positions (for C-END-5),
   * but it undoes only what it plays itself.
   */
  constructor(from?: CoerceoPosition) {
    if (from === undefined) {
      this.stack = new Int32Array(S * 16);
      this.stack[S_REPLIES] = -1;
      return;
    }
    if (!(from instanceof CoerceoPosition)) {
      badArgument('new CoerceoPosition', 'the position to copy', 'a CoerceoPosition', from);
    }
    this.wLo = from.wLo;
    this.wHi = from.wHi;
    this.bLo = from.bLo;
    this.bHi = from.bHi;
    this.heldW = from.heldW;
    this.heldB = from.heldB;
    this.cntW = from.cntW;
    this.cntB = from.cntB;
    this.tiles = from.tiles;
    this.pLo = from.pLo;
    this.pHi = from.pHi;
    this.side = from.side;
    this.hLo = from.hLo;
    this.hHi = from.hHi;
    this.status = from.status;
    this.irrev = from.irrev;
    // `from`'s positions and room for one play (a `slice` would stop at `from`'s length).
    this.stack = new Int32Array(S * (from.sp + 2));
    this.stack.set(from.stack.subarray(0, S * from.sp));
    this.stack[S * from.sp + S_REPLIES] = -1;
    this.sp = from.sp;
    this.base = from.sp;
    this.cost = from.cost;
    this.repDraw = from.repDraw;
    this.insufDraw = from.insufDraw;
    this.lossNoMoves = from.lossNoMoves;
    this.lastCapLo = from.lastCapLo;
    this.lastCapHi = from.lastCapHi;
    this.lastRemoved = from.lastRemoved;
    this.lastCollected = from.lastCollected;
    this.origin = from.origin;
  }

  /** A copy that plays on without touching this position (see the constructor). */
  clone(): CoerceoPosition {
    return new CoerceoPosition(this);
  }

  /**
   * Makes this position show the one `words` describe, reusing its buffers; nothing played
   * before can be undone afterwards, and the earlier positions of `words.history` are
   * preloaded for C-END-5 (never undone). The words must describe a valid position: the state
   * layer checks states, the position checks nothing.
   *
   * @internal
   */
  setUp(words: CoerceoSetup): void {
    const n = words.history.length;
    if (this.stack.length < S * (n + 2)) this.stack = new Int32Array(S * (n + 16));
    this.cost = words.exchangeCost;
    this.repDraw = words.repetitionDraw;
    this.insufDraw = words.insufficientDraw;
    this.lossNoMoves = words.lossOnNoMoves;
    this.origin = null;
    this.sp = 0;
    this.lastCapLo = 0;
    this.lastCapHi = 0;
    this.lastRemoved = 0;
    this.lastCollected = 0;
    if (words.tiles !== this.tiles) {
      // The fields on present tiles change only with the tiles (nearby states share them).
      this.tiles = words.tiles;
      [this.pLo, this.pHi] = presenceMasks(words.tiles);
    }
    const pieces = words.pieces;
    this.heldW = words.held[0] as number;
    this.heldB = words.held[1] as number;
    this.setPieces(pieces);
    this.side = words.side;
    this.rehash();
    const hLo = this.hLo;
    const hHi = this.hHi;
    // Preload the earlier positions since the last irreversible turn (C-END-5): same tiles,
    // held tiles and piece counts as now (anything else would have been irreversible), so
    // their hashes differ from the current one only by the pieces that moved and the side.
    for (let i = 0; i < n; i++) {
      const occ = words.history[i] as readonly number[];
      let lo = hLo;
      let hi = hHi;
      for (let c = 0; c < 2; c++) {
        const dLo = occ[2 * c] ^ pieces[2 * c];
        const dHi = occ[2 * c + 1] ^ pieces[2 * c + 1];
        lo ^= pieceKeys(0, c * COLOUR_FIELDS, dLo, dHi);
        hi ^= pieceKeys(1, c * COLOUR_FIELDS, dLo, dHi);
      }
      if ((n - i) & 1) {
        lo ^= ZS_LO;
        hi ^= ZS_HI;
      }
      this.setWords(occ);
      this.side = (words.side + n - i) & 1;
      this.hLo = lo;
      this.hHi = hi;
      this.status = LIVE;
      push(this);
    }
    this.base = n;
    this.stack[n * S + S_REPLIES] = -1;
    this.irrev = 0;
    this.setWords(pieces);
    this.side = words.side;
    this.hLo = hLo;
    this.hHi = hHi;
    this.status = words.status;
  }

  /** Tiles an exchange costs. */
  get exchangeCost(): number {
    return this.cost;
  }

  /** C-END-5 in force. */
  get repetitionDraw(): boolean {
    return this.repDraw;
  }

  /** C-END-6 in force. */
  get insufficientDraw(): boolean {
    return this.insufDraw;
  }

  /** C-END-4 as a loss (`noLegalMoves: 'loss'`) rather than a draw. */
  get lossOnNoMoves(): boolean {
    return this.lossNoMoves;
  }

  private setWords(occ: readonly number[]): void {
    this.wLo = occ[0];
    this.wHi = occ[1];
    this.bLo = occ[2];
    this.bHi = occ[3];
  }

  private setPieces(occ: readonly number[]): void {
    this.setWords(occ);
    this.cntW = popcount(occ[0]) + popcount(occ[1]);
    this.cntB = popcount(occ[2]) + popcount(occ[3]);
  }

  /** Piece word `i`: White lo, White hi, Black lo, Black hi (colour-index bit sets). */
  pieceWord(i: number): number {
    return i === 0 ? this.wLo : i === 1 ? this.wHi : i === 2 ? this.bLo : this.bHi;
  }

  /**
   * Colour-index bits of the fields on present tiles (the same for either colour): word 0 holds
   * indices 0..31, word 1 indices 32..56. For evaluators and queries outside the class.
   */
  presentWord(w: number): number {
    return w === 0 ? this.pLo : this.pHi;
  }

  /** Pieces seat `c` has on the board. */
  pieceCount(c: number): number {
    return c === 0 ? this.cntW : this.cntB;
  }

  /** Tiles held by seat `c`. */
  heldBy(c: number): number {
    return c === 0 ? this.heldW : this.heldB;
  }

  /** Recomputes the Zobrist hash from scratch (used to build and to check). */
  rehash(): void {
    const pieces = [this.wLo, this.wHi, this.bLo, this.bHi];
    const held = [this.heldW, this.heldB];
    this.hLo = positionHash(0, pieces, held, this.tiles, this.side);
    this.hHi = positionHash(1, pieces, held, this.tiles, this.side);
  }

  // --- SearchPosition --------------------------------------------------------------------

  toMove(): number {
    return this.side;
  }

  terminal(): boolean {
    return this.status !== LIVE;
  }

  score(): readonly number[] {
    return scoreOf(this.status);
  }

  hash(): number {
    return (this.hHi & 0x1fffff) * 4294967296 + (this.hLo >>> 0);
  }

  /**
   * Writes the legal moves in canonical order (C-MOVE-2); none when the game is over.
   * C-TURN-1: steps and exchanges only — there is no pass move.
   */
  generate(out: Int32Array, offset: number): number {
    if (this.status !== LIVE) return 0;
    const white = this.side === 0;
    let n = writeSteps(
      out,
      offset,
      white ? 0 : COLOUR_FIELDS,
      white ? this.wLo : this.bLo,
      white ? this.wHi : this.bHi,
      this.pLo,
      this.pHi,
    );
    if ((white ? this.heldW : this.heldB) >= this.exchangeCost) {
      n += writeExchanges(
        out,
        offset + n,
        white ? this.bLo : this.wLo,
        white ? this.bHi : this.wHi,
      );
    }
    return n;
  }

  /**
   * How many legal moves there are: `generate`'s count, without writing the moves (the steps by
   * `countSteps` in moves.ts, the exchanges as the opponent's pieces, C-EXCHANGE-4).
   *
   * A side's steps are counted once per position of the side before it: a side steps only on
   * its own colour's fields, so the opponent's step changes them only when it captures or
   * removes a tile (an irreversible turn). After a reversible turn the count is kept in the
   * undo entry of the position before (`S_REPLIES`, which `push` leaves alone), where every
   * sibling finds it: a bulk perft counts the replies' steps once per parent, not once per
   * leaf's parent. `play` costs one store more (a new position's entry starts unknown), `undo`
   * nothing.
   */
  count(): number {
    if (this.status !== LIVE) return 0;
    const white = this.side === 0;
    const parent = (this.sp - 1) * S;
    const kept = this.sp > this.base && this.stack[parent + S_RARE] === 0;
    let n = kept ? this.stack[parent + S_REPLIES] : -1;
    if (n < 0) {
      n = countSteps(
        white ? 0 : COLOUR_FIELDS,
        white ? this.wLo : this.bLo,
        white ? this.wHi : this.bHi,
        this.pLo,
        this.pHi,
      );
      if (kept) this.stack[parent + S_REPLIES] = n;
    }
    if ((white ? this.heldW : this.heldB) >= this.exchangeCost) {
      n += white
        ? popcount(this.bLo) + popcount(this.bHi)
        : popcount(this.wLo) + popcount(this.wHi);
    }
    return n;
  }

  /**
   * Plays a move produced by `generate` (no legality check: that is `generate`'s job), so only
   * in a live position: `undo` restores a live status. The turn itself is turn.ts.
   */
  play(move: number): void {
    push(this);
    if (move & EXCHANGE) playExchange(this, move);
    else playStep(this, move);
  }

  undo(): void {
    if (this.sp <= this.base) throw new Error('CoerceoPosition.undo: nothing to undo');
    pop(this);
  }

  /** Whether two earlier occurrences can exist yet (rules.ts). */
  canRepeat(): boolean {
    return canRepeat(this);
  }

  /** C-END-5: the status if this position occurred twice before, else live (rules.ts). */
  repetition(): number {
    return repetition(this);
  }

  /** Number of positions played since construction (what `undo` can take back). */
  plies(): number {
    return this.sp - this.base;
  }

  decode(move: number): CoerceoMove {
    return decodeMove(move, this.side);
  }

  /** The integer code of a move object; −1 when it cannot be a move of the side to move. */
  encodeOrNegative(move: CoerceoMove): number {
    return encodeMove(move, this.side);
  }

  encode(move: CoerceoMove): number {
    const code = this.encodeOrNegative(move);
    if (code < 0) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `CoerceoPosition.encode: not a move here: ${quote(move)}`,
      );
    }
    return code;
  }

  /**
   * The current position as an immutable state, for a position `coerceo.search` made (the state
   * layer answers through the position's origin); throws `UNSUPPORTED` for any other.
   */
  state(): CoerceoState {
    if (this.origin === null) {
      throw new RulesError('UNSUPPORTED', 'state: this position was not made by coerceo.search');
    }
    return this.origin.stateOf(this);
  }

  /**
   * Index of the current position in the position sequence: earlier positions `0 .. top − 1`
   * are on the undo stack.
   *
   * @internal
   */
  stackTop(): number {
    return this.sp;
  }

  /**
   * Index of the first position since the last irreversible turn (C-END-5): the positions
   * `segmentStart() .. stackTop() − 1` are the state's repetition history.
   *
   * @internal
   */
  segmentStart(): number {
    return this.irrev;
  }

  /**
   * Piece word `w` (as {@link pieceWord}) of position `j` of the sequence, `j` at most
   * {@link stackTop} (the current position).
   *
   * @internal
   */
  pieceWordAt(j: number, w: number): number {
    return j === this.sp ? this.pieceWord(w) : (this.stack[j * S + w] as number);
  }
}
