/**
 * The compact mutable Coerceo position: turn execution (step or exchange, tile removal,
 * capture), end-of-game evaluation, `play`/`undo` and an incremental Zobrist hash, over the
 * move generator of `moves.ts`. `coerceo.moves`/`apply` wrap it; search and perft use it
 * directly, so the two paths cannot disagree.
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
import {
  EN_HI,
  EN_LO,
  FACE_HI,
  FACE_LO,
  popcount,
  presenceMasks,
  TILE_HI,
  TILE_LO,
  TILE_OF,
} from './board.js';
import { enclosed } from './capture.js';
import { decodeMove, encodeMove } from './codes.js';
import {
  COLOUR_FIELDS,
  DRAW,
  EXCHANGE,
  S as I_S,
  S_BHI as I_S_BHI,
  S_BLO as I_S_BLO,
  S_CNTB as I_S_CNTB,
  S_CNTW as I_S_CNTW,
  S_HELDB as I_S_HELDB,
  S_HELDW as I_S_HELDW,
  S_HHI as I_S_HHI,
  S_HLO as I_S_HLO,
  S_IRREV as I_S_IRREV,
  S_PHI as I_S_PHI,
  S_PLO as I_S_PLO,
  S_RARE as I_S_RARE,
  S_REPLIES as I_S_REPLIES,
  S_TILES as I_S_TILES,
  S_WHI as I_S_WHI,
  S_WLO as I_S_WLO,
  LIVE,
  MAX_MOVES,
} from './constants.js';
import {
  pieceKeys,
  positionHash,
  HELD_KEYS as ZH,
  PIECE_KEYS as ZP,
  SIDE_KEY_HI as ZS_HI,
  SIDE_KEY_LO as ZS_LO,
  TILE_KEYS as ZT,
} from './hash.js';
import { countSteps, writeExchanges, writeSteps } from './moves.js';
import { endStatus, scoreOf, statusCode } from './rules.js';
import { cascadeRemoval } from './tiles.js';

// The undo-entry layout (constants.ts), as local aliases: the test runner would read each
// imported name through a getter in play and undo; the build drops the aliases (tsup.config.ts).
const S = I_S;
const S_BHI = I_S_BHI;
const S_BLO = I_S_BLO;
const S_CNTB = I_S_CNTB;
const S_CNTW = I_S_CNTW;
const S_HELDB = I_S_HELDB;
const S_HELDW = I_S_HELDW;
const S_HHI = I_S_HHI;
const S_HLO = I_S_HLO;
const S_IRREV = I_S_IRREV;
const S_PHI = I_S_PHI;
const S_PLO = I_S_PLO;
const S_RARE = I_S_RARE;
const S_REPLIES = I_S_REPLIES;
const S_TILES = I_S_TILES;
const S_WHI = I_S_WHI;
const S_WLO = I_S_WLO;

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
  // side to move, hash, status and the start of the repetition segment.
  private wLo = 0;
  private wHi = 0;
  private bLo = 0;
  private bHi = 0;
  private heldW = 0;
  private heldB = 0;
  private cntW = 0;
  private cntB = 0;
  /** Present tiles (bits over tile indices). */
  tiles = 0;
  private pLo = 0;
  private pHi = 0;
  private side = 0;
  private hLo = 0;
  private hHi = 0;
  /** End status (see `rules.ts`), 0 while the game goes on. */
  status: number = LIVE;
  /** Index (in the position sequence) of the first position since the last irreversible turn. */
  private irrev = 0;
  /** Snapshots of every earlier position, `sp` of them. */
  private stack: Int32Array;
  private sp = 0;
  /** Positions before this one can undo to (a set-up history, or what a copy's source played). */
  private base = 0;
  /** Tiles an exchange costs. */
  private cost = 2;
  private repDraw = true;
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
      this.push();
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

  /**
   * Saves the current position on the stack. Tiles, presence, held tiles, counts and the
   * repetition segment's start change only in irreversible turns, so `play` saves them
   * separately (`saveRare`) when it needs to; the side and the status are not saved (see `S`
   * in constants.ts).
   */
  private push(): void {
    const b = this.sp * S;
    // Room for this entry and the next position's, whose replies are not known yet (`count`).
    if (b + 2 * S > this.stack.length) {
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    const s = this.stack;
    s[b + S_WLO] = this.wLo;
    s[b + S_WHI] = this.wHi;
    s[b + S_BLO] = this.bLo;
    s[b + S_BHI] = this.bHi;
    s[b + S_HLO] = this.hLo;
    s[b + S_HHI] = this.hHi;
    s[b + S_RARE] = 0;
    s[b + S + S_REPLIES] = -1;
    this.sp++;
  }

  /** Saves the rarely changing fields into stack entry `b` (before an irreversible turn changes them). */
  private saveRare(b: number): void {
    const s = this.stack;
    s[b + S_TILES] = this.tiles;
    s[b + S_PLO] = this.pLo;
    s[b + S_PHI] = this.pHi;
    s[b + S_HELDW] = this.heldW;
    s[b + S_HELDB] = this.heldB;
    s[b + S_CNTW] = this.cntW;
    s[b + S_CNTB] = this.cntB;
    s[b + S_IRREV] = this.irrev;
    s[b + S_RARE] = 1;
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
   * in a live position: `undo` restores a live status.
   */
  play(move: number): void {
    this.push();
    const c = this.side;
    const o = 1 - c;
    const white = c === 0;
    let mLo = white ? this.wLo : this.bLo; // the mover's pieces
    let mHi = white ? this.wHi : this.bHi;
    let oLo = white ? this.bLo : this.wLo; // the opponent's pieces
    let oHi = white ? this.bHi : this.wHi;
    let held = white ? this.heldW : this.heldB;
    let oCount = white ? this.cntB : this.cntW;
    let hLo = this.hLo;
    let hHi = this.hHi;
    let removed = 0;
    let capLo = 0;
    let capHi = 0;
    let collected = 0;
    const mb = c * COLOUR_FIELDS;
    const ob = o * COLOUR_FIELDS;
    const hb = c * 20;
    if (move & EXCHANGE) {
      // C-TURN-3 / C-EXCHANGE-1 / C-EXCHANGE-3: pay the cost, remove the chosen opponent piece,
      // remove the tiles this empties (uncollected, C-TILE-3), then capture what the removal
      // encloses. C-EXCHANGE-2: an exchange is one whole turn, so at most one per turn.
      const target = move & 63;
      const nh = held - this.exchangeCost;
      hLo ^= ZH[2 * (hb + held)] ^ ZH[2 * (hb + nh)];
      hHi ^= ZH[2 * (hb + held) + 1] ^ ZH[2 * (hb + nh) + 1];
      held = nh;
      if (target < 32) oLo &= ~(1 << target);
      else oHi &= ~(1 << (target - 32));
      oCount--;
      hLo ^= ZP[2 * (ob + target)];
      hHi ^= ZP[2 * (ob + target) + 1];
      const t = TILE_OF[target];
      const uLo = mLo | oLo;
      const uHi = mHi | oHi;
      if ((uLo & TILE_LO[t]) === 0 && (uHi & TILE_HI[t]) === 0) {
        removed = cascadeRemoval(this.tiles, uLo, uHi, t);
      }
    } else {
      // C-TURN-2 step 1 / C-MOVE-1: move the piece.
      const from = move & 63;
      const to = (move >> 6) & 63;
      if (from < 32) mLo ^= 1 << from;
      else mHi ^= 1 << (from - 32);
      if (to < 32) mLo ^= 1 << to;
      else mHi ^= 1 << (to - 32);
      hLo ^= ZP[2 * (mb + from)] ^ ZP[2 * (mb + to)];
      hHi ^= ZP[2 * (mb + from) + 1] ^ ZP[2 * (mb + to) + 1];
      // C-TURN-2 step 2 / C-TILE-2: test the vacated tile (the destination is never empty).
      const t = TILE_OF[from];
      const uLo = mLo | oLo;
      const uHi = mHi | oHi;
      if ((uLo & TILE_LO[t]) === 0 && (uHi & TILE_HI[t]) === 0) {
        removed = cascadeRemoval(this.tiles, uLo, uHi, t);
        // C-TILE-3: the mover collects every tile removed in a step turn.
        if (removed !== 0) {
          collected = popcount(removed);
          const nh = held + collected;
          hLo ^= ZH[2 * (hb + held)] ^ ZH[2 * (hb + nh)];
          hHi ^= ZH[2 * (hb + held) + 1] ^ ZH[2 * (hb + nh) + 1];
          held = nh;
        }
      }
      // C-CAPTURE-3: candidates are the destination's edge neighbours (opponent colour).
      capLo = EN_LO[mb + to] & oLo;
      capHi = EN_HI[mb + to] & oHi;
    }
    let pLo = this.pLo;
    let pHi = this.pHi;
    if (removed !== 0) {
      let r = removed;
      while (r !== 0) {
        const t = 31 - Math.clz32(r & -r);
        r &= r - 1;
        pLo &= ~TILE_LO[t];
        pHi &= ~TILE_HI[t];
        hLo ^= ZT[2 * t];
        hHi ^= ZT[2 * t + 1];
        // C-CAPTURE-3: plus the opponent fields facing each removed tile across a side.
        capLo |= FACE_LO[2 * t + o] & oLo;
        capHi |= FACE_HI[2 * t + o] & oHi;
      }
    }
    // C-CAPTURE-1 / C-CAPTURE-2 / C-CAPTURE-5: a candidate opponent piece is captured iff every
    // existing edge neighbour holds a mover's piece (missing neighbours enclose). Enclosure
    // depends only on the mover's pieces and the tiles, so all captures are decided before any
    // is removed; the mover's own pieces are never candidates (C-CAPTURE-2). C-CAPTURE-4:
    // capture is automatic, there is no option to decline it. C-CAPTURE-6: a capture never
    // empties a tile, so tile removal never has to be re-run after captures.
    if ((capLo | capHi) !== 0) {
      const gapLo = pLo & ~mLo; // existing fields of the mover's colour without a mover piece
      const gapHi = pHi & ~mHi;
      const kLo = enclosed(capLo, 0, gapLo, gapHi, ob);
      const kHi = enclosed(capHi, 32, gapLo, gapHi, ob);
      capLo = kLo;
      capHi = kHi;
      if ((kLo | kHi) !== 0) {
        hLo ^= pieceKeys(0, ob, kLo, kHi);
        hHi ^= pieceKeys(1, ob, kLo, kHi);
        oLo &= ~kLo;
        oHi &= ~kHi;
        oCount -= popcount(kLo) + popcount(kHi);
      }
    }
    this.lastCapLo = capLo;
    this.lastCapHi = capHi;
    this.lastRemoved = removed;
    this.lastCollected = collected;
    const irreversible = (move & EXCHANGE) !== 0 || removed !== 0 || (capLo | capHi) !== 0;
    if (irreversible) {
      this.saveRare((this.sp - 1) * S);
      this.tiles &= ~removed;
      this.pLo = pLo;
      this.pHi = pHi;
    }
    if (white) {
      this.wLo = mLo;
      this.wHi = mHi;
      this.bLo = oLo;
      this.bHi = oHi;
      this.heldW = held;
      this.cntB = oCount;
    } else {
      this.bLo = mLo;
      this.bHi = mHi;
      this.wLo = oLo;
      this.wHi = oHi;
      this.heldB = held;
      this.cntW = oCount;
    }
    // C-TURN-3 (last line): the other side is to move.
    this.side = o;
    this.hLo = hLo ^ ZS_LO;
    this.hHi = hHi ^ ZS_HI;
    // C-END-5: captures, removals and exchanges are irreversible; repetition history restarts.
    if (irreversible) this.irrev = this.sp;
    // C-END-7, fast path: while the side to move has two or more pieces and a free field, the
    // only end that can still apply is repetition.
    if (oCount > 1 && ((pLo & ~oLo) | (pHi & ~oHi)) !== 0) {
      this.status = this.sp - 8 >= this.irrev && this.repDraw ? this.repetition() : LIVE;
    } else {
      this.status = endStatus(this);
    }
  }

  undo(): void {
    if (this.sp <= this.base) throw new Error('CoerceoPosition.undo: nothing to undo');
    this.sp--;
    const s = this.stack;
    const b = this.sp * S;
    this.wLo = s[b + S_WLO];
    this.wHi = s[b + S_WHI];
    this.bLo = s[b + S_BLO];
    this.bHi = s[b + S_BHI];
    // Every play flips the side and starts from a live position (see `S` in constants.ts).
    this.side ^= 1;
    this.hLo = s[b + S_HLO];
    this.hHi = s[b + S_HHI];
    this.status = LIVE;
    if (s[b + S_RARE] !== 0) {
      this.irrev = s[b + S_IRREV];
      this.tiles = s[b + S_TILES];
      this.pLo = s[b + S_PLO];
      this.pHi = s[b + S_PHI];
      this.heldW = s[b + S_HELDW];
      this.heldB = s[b + S_HELDB];
      this.cntW = s[b + S_CNTW];
      this.cntB = s[b + S_CNTB];
    }
  }

  /** Whether two earlier occurrences can exist yet (at least 8 plies since the last irreversible turn). */
  canRepeat(): boolean {
    return this.sp - 8 >= this.irrev;
  }

  /**
   * C-END-5: the position occurred twice before (same side to move, so every second entry;
   * tiles, held tiles and counts cannot differ since the last irreversible turn, and a cycle
   * takes at least four plies: each step changes the mover's pieces, so two plies never
   * restore a position). The hash filters; the piece sets decide. Two earlier occurrences are
   * at least 4 and 8 plies back, so callers skip this until `sp - 8 >= irrev`.
   */
  repetition(): number {
    let seen = 0;
    const s = this.stack;
    const h = this.hLo;
    for (let j = this.sp - 4; j >= this.irrev; j -= 2) {
      const b = j * S;
      if (
        s[b + S_HLO] === h &&
        s[b + S_WLO] === this.wLo &&
        s[b + S_WHI] === this.wHi &&
        s[b + S_BLO] === this.bLo &&
        s[b + S_BHI] === this.bHi &&
        ++seen >= 2
      ) {
        return statusCode('repetition', DRAW);
      }
    }
    return LIVE;
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
   * layer answers through {@link origin}); throws `UNSUPPORTED` for any other.
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
