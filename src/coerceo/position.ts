/**
 * The compact mutable Coerceo position: move generation, turn execution (step or exchange,
 * tile removal, capture), end-of-game evaluation, `play`/`undo` and an incremental Zobrist
 * hash. It is the only move generator: `coerceo.moves`/`apply` wrap it, search and perft use it
 * directly.
 *
 * Layout (see `board.ts`): per colour a 57-bit piece set in two 32-bit words; the present tiles
 * as a 19-bit set plus its expansion to colour-index bits (`pLo/pHi`, the existing fields of
 * either colour); tiles held and piece counts per colour. `play` pushes a 16-int snapshot on a
 * typed-array stack and `undo` pops it, so undo is exact by construction.
 *
 * Integer moves are relative to the side to move: a step is `from | to << 6` (colour indices of
 * the mover's colour), an exchange `EXCHANGE | target` (colour index of the opponent's colour).
 * Moves are generated in canonical notation order (C-MOVE-2): steps by origin then destination
 * (colour-index order is field-id order, which is notation order), then exchanges by target.
 *
 * @module
 */
import type { SearchPosition } from '../core/game.js';
import { nextUint32, type RngState, rngFromSeed } from '../core/rng.js';
import {
  COLOUR_FIELDS,
  colourIndex,
  EN_HI,
  EN_LO,
  FACE_HI,
  FACE_LO,
  fieldByName,
  fieldColour,
  fieldName,
  fieldOf,
  popcount,
  presenceMasks,
  TILE_COUNT,
  TILE_HI,
  TILE_LO,
  VN_HI,
  VN_LO,
} from './board.js';
import type { CoerceoRulings } from './options.js';
import { DRAW, LIVE, scoreOf, statusCode } from './rules.js';
import { cascadeRemoval } from './tiles.js';
import type { CoerceoMove, CoerceoState } from './types.js';

/** Flag bit of an exchange in the integer move encoding. */
export const EXCHANGE: number = 1 << 12;

/** Upper bound on legal moves: 18 pieces × 6 steps + 18 exchange targets. */
export const MAX_MOVES: number = 18 * 6 + 18;

// Snapshot layout on the undo stack.
const S_WLO = 0;
const S_WHI = 1;
const S_BLO = 2;
const S_BHI = 3;
const S_TILES = 4;
const S_PLO = 5;
const S_PHI = 6;
const S_HELDW = 7;
const S_HELDB = 8;
const S_CNTW = 9;
const S_CNTB = 10;
const S_SIDE = 11;
const S_HLO = 12;
const S_HHI = 13;
const S_STATUS = 14;
const S_IRREV = 15;
const S = 16;

// Zobrist keys, 53 bits as a 32-bit low word and a 21-bit high word.
const ZP_LO = new Int32Array(2 * COLOUR_FIELDS);
const ZP_HI = new Int32Array(2 * COLOUR_FIELDS);
const ZT_LO = new Int32Array(TILE_COUNT);
const ZT_HI = new Int32Array(TILE_COUNT);
const ZH_LO = new Int32Array(2 * 20);
const ZH_HI = new Int32Array(2 * 20);
const ZS = new Int32Array(2);
{
  let rng: RngState = rngFromSeed(0xc0e2ce0);
  const draw = (): number => {
    const [v, next] = nextUint32(rng);
    rng = next;
    return v | 0;
  };
  const fill = (lo: Int32Array, hi: Int32Array): void => {
    for (let i = 0; i < lo.length; i++) {
      lo[i] = draw();
      hi[i] = draw() & 0x1fffff;
    }
  };
  fill(ZP_LO, ZP_HI);
  fill(ZT_LO, ZT_HI);
  fill(ZH_LO, ZH_HI);
  ZS[0] = draw();
  ZS[1] = draw() & 0x1fffff;
}
const ZS_LO: number = ZS[0] as number;
const ZS_HI: number = ZS[1] as number;

/** The compact, mutable position (see the module comment). */
export class CoerceoPosition implements SearchPosition<CoerceoMove> {
  readonly maxMoves: number = MAX_MOVES;
  /** White lo, White hi, Black lo, Black hi. */
  readonly occ: Int32Array = new Int32Array(4);
  /** Tiles held by White, Black. */
  readonly held: Int32Array = new Int32Array(2);
  /** Pieces of White, Black. */
  readonly count: Int32Array = new Int32Array(2);
  /** Present tiles as a bit set over tile indices 0..18. */
  tiles = 0;
  /** Colour-index bits (the same for either colour) of the fields on present tiles, 0..31. */
  pLo = 0;
  /** The same presence mask, colour-index bits 32..56. */
  pHi = 0;
  /** Seat to move: 0 White, 1 Black. */
  side = 0;
  /** Zobrist hash, low word. */
  hLo = 0;
  /** Zobrist hash, high word. */
  hHi = 0;
  /** End status (see `rules.ts`); 0 while the game goes on. */
  status: number = LIVE;
  /** Index (in the position sequence) of the first position since the last irreversible turn. */
  irrev = 0;
  /** Snapshots of every earlier position, `sp` of them. */
  private stack: Int32Array;
  private sp = 0;
  /** Positions preloaded from the state's history (cannot be undone). */
  private base = 0;
  /** Tiles an exchange costs. */
  readonly exchangeCost: number;
  /** The rulings in force. */
  readonly rulings: CoerceoRulings;
  /** The layout letter (C-NOTATION-3). */
  readonly layout: 'L' | 'O' | 'C';
  private readonly repetitionDraw: boolean;
  private readonly insufficientDraw: boolean;
  private readonly lossOnNoMoves: boolean;
  /** Effects of the last `play` (C-TURN-4): captured opponent pieces, removed tiles, collected. */
  lastCapLo = 0;
  /** See {@link CoerceoPosition.lastCapLo}: captured pieces, colour-index bits 32..56. */
  lastCapHi = 0;
  /** Tiles removed by the last `play`, as a bit set over tile indices. */
  lastRemoved = 0;
  /** Tiles the mover collected in the last `play`. */
  lastCollected = 0;
  private resigned: 0 | 1 | null;
  private readonly since: readonly string[];

  constructor(state: CoerceoState) {
    this.exchangeCost = state.exchangeCost;
    this.rulings = state.rulings;
    this.layout = state.layout;
    this.repetitionDraw = state.rulings.repetitionDraw;
    this.insufficientDraw = state.rulings.insufficientMaterialDraw;
    this.lossOnNoMoves = state.rulings.noLegalMoves === 'loss';
    this.resigned = state.resigned;
    this.since = state.since;
    this.stack = new Int32Array(S * (state.history.length + 16));
    this.tiles = state.tiles;
    [this.pLo, this.pHi] = presenceMasks(state.tiles);
    this.held[0] = state.held[0];
    this.held[1] = state.held[1];
    this.setPieces(state.pieces);
    this.side = state.side;
    this.rehash();
    const hLo = this.hLo;
    const hHi = this.hHi;
    // Preload the earlier positions since the last irreversible turn (C-END-5): same tiles,
    // held tiles and piece counts as now (anything else would have been irreversible), so
    // their hashes differ from the current one only by the pieces that moved and the side.
    const n = state.history.length;
    for (let i = 0; i < n; i++) {
      const occ = state.history[i] as readonly number[];
      let lo = hLo;
      let hi = hHi;
      for (let w = 0; w < 4; w++) {
        let diff = ((occ[w] as number) ^ (state.pieces[w] as number)) | 0;
        const zb = (w >> 1) * COLOUR_FIELDS + 32 * (w & 1);
        while (diff !== 0) {
          const ci = zb + 31 - Math.clz32(diff & -diff);
          diff &= diff - 1;
          lo ^= ZP_LO[ci] as number;
          hi ^= ZP_HI[ci] as number;
        }
      }
      if ((n - i) & 1) {
        lo ^= ZS_LO;
        hi ^= ZS_HI;
      }
      for (let w = 0; w < 4; w++) this.occ[w] = occ[w] as number;
      this.side = (state.side + n - i) & 1;
      this.hLo = lo;
      this.hHi = hi;
      this.status = LIVE;
      this.push();
    }
    this.base = n;
    this.irrev = 0;
    for (let w = 0; w < 4; w++) this.occ[w] = state.pieces[w] as number;
    this.side = state.side;
    this.hLo = hLo;
    this.hHi = hHi;
    this.status = state.status;
  }

  private setPieces(occ: readonly number[]): void {
    for (let i = 0; i < 4; i++) this.occ[i] = occ[i] as number;
    this.count[0] = popcount(occ[0] as number) + popcount(occ[1] as number);
    this.count[1] = popcount(occ[2] as number) + popcount(occ[3] as number);
  }

  /** Recomputes the Zobrist hash from scratch (used to build and to check). */
  rehash(): void {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < 2; c++) {
      for (let w = 0; w < 2; w++) {
        let bits = this.occ[2 * c + w] as number;
        while (bits !== 0) {
          const ci = 31 - Math.clz32(bits & -bits) + 32 * w;
          bits &= bits - 1;
          lo ^= ZP_LO[c * COLOUR_FIELDS + ci] as number;
          hi ^= ZP_HI[c * COLOUR_FIELDS + ci] as number;
        }
      }
      const h = this.held[c] as number;
      lo ^= ZH_LO[c * 20 + h] as number;
      hi ^= ZH_HI[c * 20 + h] as number;
    }
    for (let t = 0; t < TILE_COUNT; t++) {
      if ((this.tiles >> t) & 1) {
        lo ^= ZT_LO[t] as number;
        hi ^= ZT_HI[t] as number;
      }
    }
    if (this.side === 1) {
      lo ^= ZS_LO;
      hi ^= ZS_HI;
    }
    this.hLo = lo;
    this.hHi = hi;
  }

  private push(): void {
    if ((this.sp + 1) * S > this.stack.length) {
      const bigger = new Int32Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    const s = this.stack;
    const b = this.sp * S;
    const occ = this.occ;
    s[b + S_WLO] = occ[0] as number;
    s[b + S_WHI] = occ[1] as number;
    s[b + S_BLO] = occ[2] as number;
    s[b + S_BHI] = occ[3] as number;
    s[b + S_TILES] = this.tiles;
    s[b + S_PLO] = this.pLo;
    s[b + S_PHI] = this.pHi;
    s[b + S_HELDW] = this.held[0] as number;
    s[b + S_HELDB] = this.held[1] as number;
    s[b + S_CNTW] = this.count[0] as number;
    s[b + S_CNTB] = this.count[1] as number;
    s[b + S_SIDE] = this.side;
    s[b + S_HLO] = this.hLo;
    s[b + S_HHI] = this.hHi;
    s[b + S_STATUS] = this.status;
    s[b + S_IRREV] = this.irrev;
    this.sp++;
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
    let n = this.generateSteps(out, offset);
    // C-EXCHANGE-1 / C-EXCHANGE-4: with enough held tiles, any opponent piece may be taken,
    // whether or not a step exists; after the steps (notation order: 'x' > 'a'..'e').
    if ((this.held[this.side] as number) >= this.exchangeCost) {
      const o = 1 - this.side;
      for (let w = 0; w < 2; w++) {
        let bits = this.occ[2 * o + w] as number;
        while (bits !== 0) {
          out[offset + n++] = EXCHANGE | (31 - Math.clz32(bits & -bits) + 32 * w);
          bits &= bits - 1;
        }
      }
    }
    return n;
  }

  /**
   * C-MOVE-1: every step of the side to move — one own piece to an empty, existing vertex
   * neighbour (same colour, so nothing is displaced and nothing blocks).
   */
  generateSteps(out: Int32Array, offset: number): number {
    const c = this.side;
    const oLo = this.occ[2 * c] as number;
    const oHi = this.occ[2 * c + 1] as number;
    const freeLo = this.pLo & ~oLo;
    const freeHi = this.pHi & ~oHi;
    const base = c * COLOUR_FIELDS;
    let n = offset;
    for (let w = 0; w < 2; w++) {
      let bits = w === 0 ? oLo : oHi;
      while (bits !== 0) {
        const from = 31 - Math.clz32(bits & -bits) + 32 * w;
        bits &= bits - 1;
        let dLo = (VN_LO[base + from] as number) & freeLo;
        let dHi = (VN_HI[base + from] as number) & freeHi;
        while (dLo !== 0) {
          out[n++] = from | ((31 - Math.clz32(dLo & -dLo)) << 6);
          dLo &= dLo - 1;
        }
        while (dHi !== 0) {
          out[n++] = from | ((63 - Math.clz32(dHi & -dHi)) << 6);
          dHi &= dHi - 1;
        }
      }
    }
    return n - offset;
  }

  /** Plays a move produced by `generate` (no legality check: that is `generate`'s job). */
  play(move: number): void {
    this.push();
    const c = this.side;
    const o = 1 - c;
    const occ = this.occ;
    let removed = 0;
    let capLo = 0;
    let capHi = 0;
    let hLo = this.hLo;
    let hHi = this.hHi;
    if (move & EXCHANGE) {
      // C-TURN-3 / C-EXCHANGE-1 / C-EXCHANGE-3: pay the cost, remove the chosen opponent piece,
      // remove the tiles this empties (uncollected, C-TILE-3), then capture what the removal
      // encloses. C-EXCHANGE-2: an exchange is one whole turn, so at most one per turn.
      const target = move & 63;
      const h = this.held[c] as number;
      const nh = h - this.exchangeCost;
      this.held[c] = nh;
      hLo ^= (ZH_LO[c * 20 + h] as number) ^ (ZH_LO[c * 20 + nh] as number);
      hHi ^= (ZH_HI[c * 20 + h] as number) ^ (ZH_HI[c * 20 + nh] as number);
      if (target < 32) occ[2 * o] = (occ[2 * o] as number) & ~(1 << target);
      else occ[2 * o + 1] = (occ[2 * o + 1] as number) & ~(1 << (target - 32));
      this.count[o] = (this.count[o] as number) - 1;
      hLo ^= ZP_LO[o * COLOUR_FIELDS + target] as number;
      hHi ^= ZP_HI[o * COLOUR_FIELDS + target] as number;
      const t = (target / 3) | 0;
      if (
        (((occ[0] as number) | (occ[2] as number)) & (TILE_LO[t] as number)) === 0 &&
        (((occ[1] as number) | (occ[3] as number)) & (TILE_HI[t] as number)) === 0
      ) {
        removed = cascadeRemoval(
          this.tiles,
          (occ[0] as number) | (occ[2] as number),
          (occ[1] as number) | (occ[3] as number),
          t,
        );
      }
      this.lastCollected = 0;
    } else {
      // C-TURN-2 step 1 / C-MOVE-1: move the piece.
      const from = move & 63;
      const to = (move >> 6) & 63;
      if (from < 32) occ[2 * c] = (occ[2 * c] as number) ^ (1 << from);
      else occ[2 * c + 1] = (occ[2 * c + 1] as number) ^ (1 << (from - 32));
      if (to < 32) occ[2 * c] = (occ[2 * c] as number) ^ (1 << to);
      else occ[2 * c + 1] = (occ[2 * c + 1] as number) ^ (1 << (to - 32));
      hLo ^=
        (ZP_LO[c * COLOUR_FIELDS + from] as number) ^ (ZP_LO[c * COLOUR_FIELDS + to] as number);
      hHi ^=
        (ZP_HI[c * COLOUR_FIELDS + from] as number) ^ (ZP_HI[c * COLOUR_FIELDS + to] as number);
      // C-TURN-2 step 2 / C-TILE-2: test the vacated tile (the destination is never empty).
      const t = (from / 3) | 0;
      const uLo = (occ[0] as number) | (occ[2] as number);
      const uHi = (occ[1] as number) | (occ[3] as number);
      if ((uLo & (TILE_LO[t] as number)) === 0 && (uHi & (TILE_HI[t] as number)) === 0) {
        removed = cascadeRemoval(this.tiles, uLo, uHi, t);
      }
      // C-TILE-3: the mover collects every tile removed in a step turn.
      const collected = removed === 0 ? 0 : popcount(removed);
      if (collected > 0) {
        const h = this.held[c] as number;
        const nh = h + collected;
        this.held[c] = nh;
        hLo ^= (ZH_LO[c * 20 + h] as number) ^ (ZH_LO[c * 20 + nh] as number);
        hHi ^= (ZH_HI[c * 20 + h] as number) ^ (ZH_HI[c * 20 + nh] as number);
      }
      this.lastCollected = collected;
      // C-CAPTURE-3: candidates are the destination's edge neighbours (opponent colour).
      const eb = c * COLOUR_FIELDS + to;
      capLo = (EN_LO[eb] as number) & (occ[2 * o] as number);
      capHi = (EN_HI[eb] as number) & (occ[2 * o + 1] as number);
    }
    if (removed !== 0) {
      this.tiles &= ~removed;
      let r = removed;
      while (r !== 0) {
        const t = 31 - Math.clz32(r & -r);
        r &= r - 1;
        this.pLo &= ~(TILE_LO[t] as number);
        this.pHi &= ~(TILE_HI[t] as number);
        hLo ^= ZT_LO[t] as number;
        hHi ^= ZT_HI[t] as number;
        // C-CAPTURE-3: plus the opponent fields facing each removed tile across a side.
        capLo |= (FACE_LO[2 * t + o] as number) & (occ[2 * o] as number);
        capHi |= (FACE_HI[2 * t + o] as number) & (occ[2 * o + 1] as number);
      }
    }
    // C-CAPTURE-1 / C-CAPTURE-2 / C-CAPTURE-5: a candidate opponent piece is captured iff every existing edge
    // neighbour holds a mover's piece (missing neighbours enclose). Enclosure depends only on
    // the mover's pieces and the tiles, so all captures are decided before any is removed; the
    // mover's own pieces are never candidates (C-CAPTURE-2). C-CAPTURE-4: capture is automatic,
    // there is no option to decline it. C-CAPTURE-6: a capture never empties a tile, so tile
    // removal never has to be re-run after captures.
    if ((capLo | capHi) !== 0) {
      const mLo = this.pLo & ~(occ[2 * c] as number);
      const mHi = this.pHi & ~(occ[2 * c + 1] as number);
      const ob = o * COLOUR_FIELDS;
      let kLo = 0;
      let kHi = 0;
      for (let w = 0; w < 2; w++) {
        let bits = w === 0 ? capLo : capHi;
        while (bits !== 0) {
          const q = 31 - Math.clz32(bits & -bits) + 32 * w;
          bits &= bits - 1;
          if (((EN_LO[ob + q] as number) & mLo) === 0 && ((EN_HI[ob + q] as number) & mHi) === 0) {
            if (w === 0) kLo |= 1 << q;
            else kHi |= 1 << (q - 32);
            hLo ^= ZP_LO[ob + q] as number;
            hHi ^= ZP_HI[ob + q] as number;
          }
        }
      }
      capLo = kLo;
      capHi = kHi;
      if ((kLo | kHi) !== 0) {
        occ[2 * o] = (occ[2 * o] as number) & ~kLo;
        occ[2 * o + 1] = (occ[2 * o + 1] as number) & ~kHi;
        this.count[o] = (this.count[o] as number) - popcount(kLo) - popcount(kHi);
      }
    }
    this.lastCapLo = capLo;
    this.lastCapHi = capHi;
    this.lastRemoved = removed;
    // C-TURN-3 (last line): the other side is to move.
    this.side = o;
    this.hLo = hLo ^ ZS_LO;
    this.hHi = hHi ^ ZS_HI;
    // C-END-5: captures, removals and exchanges are irreversible; repetition history restarts.
    if ((move & EXCHANGE) !== 0 || removed !== 0 || (capLo | capHi) !== 0) this.irrev = this.sp;
    // C-END-7, fast path: most positions have pieces and free fields on both sides and no
    // draw condition pending, so the full check runs only when one could apply.
    if (
      (this.count[o] as number) > 1 &&
      ((this.pLo & ~(occ[2 * o] as number)) | (this.pHi & ~(occ[2 * o + 1] as number))) !== 0
    ) {
      this.status = this.repetitionDraw && this.sp - 4 >= this.irrev ? this.repetition() : LIVE;
    } else {
      this.status = this.evaluate();
    }
  }

  undo(): void {
    if (this.sp <= this.base) throw new Error('CoerceoPosition.undo: nothing to undo');
    this.sp--;
    const s = this.stack;
    const b = this.sp * S;
    const occ = this.occ;
    occ[0] = s[b + S_WLO] as number;
    occ[1] = s[b + S_WHI] as number;
    occ[2] = s[b + S_BLO] as number;
    occ[3] = s[b + S_BHI] as number;
    this.tiles = s[b + S_TILES] as number;
    this.pLo = s[b + S_PLO] as number;
    this.pHi = s[b + S_PHI] as number;
    this.held[0] = s[b + S_HELDW] as number;
    this.held[1] = s[b + S_HELDB] as number;
    this.count[0] = s[b + S_CNTW] as number;
    this.count[1] = s[b + S_CNTB] as number;
    this.side = s[b + S_SIDE] as number;
    this.hLo = s[b + S_HLO] as number;
    this.hHi = s[b + S_HHI] as number;
    this.status = s[b + S_STATUS] as number;
    this.irrev = s[b + S_IRREV] as number;
  }

  /**
   * C-END-7: the end checks after a turn, in order (resignation is set from outside and never
   * reaches here): side to move without pieces → C-END-4 → C-END-6 → C-END-5. C-END-3: the
   * rulebook has no other end; C-END-4..6 are the boardrules rulings, each switchable.
   */
  evaluate(): number {
    const c = this.side;
    const occ = this.occ;
    // C-END-1: the side to move has no pieces: the opponent removed its last one and wins.
    if (this.count[c] === 0) return statusCode('captured-all', 1 - c);
    // C-END-4: no step (by C-TILE-4d: every existing field of its colour is occupied) and no
    // exchange. Ruling (boardrules): a draw; `noLegalMoves: 'loss'`: the side to move loses.
    if (
      (this.pLo & ~(occ[2 * c] as number)) === 0 &&
      (this.pHi & ~(occ[2 * c + 1] as number)) === 0 &&
      (this.held[c] as number) < this.exchangeCost
    ) {
      return statusCode('no-legal-moves', this.lossOnNoMoves ? 1 - c : DRAW);
    }
    // C-END-6: one piece each, and too few tiles left to ever pay for an exchange.
    if (
      this.insufficientDraw &&
      this.count[0] === 1 &&
      this.count[1] === 1 &&
      popcount(this.tiles) - 1 + Math.max(this.held[0] as number, this.held[1] as number) <
        this.exchangeCost
    ) {
      return statusCode('insufficient-material', DRAW);
    }
    // C-END-5 (see `repetition`).
    if (this.repetitionDraw && this.sp - 4 >= this.irrev) return this.repetition();
    return LIVE;
  }

  /**
   * C-END-5: the position occurred twice before (same side to move, so every second entry;
   * tiles, held tiles and counts cannot differ since the last irreversible turn, and a cycle
   * takes at least four plies). The hash filters; the piece sets decide.
   */
  private repetition(): number {
    let seen = 0;
    const occ = this.occ;
    const s = this.stack;
    const h = this.hLo;
    for (let j = this.sp - 4; j >= this.irrev; j -= 2) {
      const b = j * S;
      if (
        s[b + S_HLO] === h &&
        s[b + S_WLO] === occ[0] &&
        s[b + S_WHI] === occ[1] &&
        s[b + S_BLO] === occ[2] &&
        s[b + S_BHI] === occ[3] &&
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
    if (move & EXCHANGE) {
      return { type: 'exchange', target: fieldName(fieldOf(1 - this.side, move & 63)) };
    }
    return {
      type: 'step',
      from: fieldName(fieldOf(this.side, move & 63)),
      to: fieldName(fieldOf(this.side, (move >> 6) & 63)),
    };
  }

  /** The integer code of a move object; −1 when it cannot be a move of the side to move. */
  encodeOrNegative(move: CoerceoMove): number {
    if (move === null || typeof move !== 'object') return -1;
    if (move.type === 'exchange') {
      const id = typeof move.target === 'string' ? fieldByName(move.target) : -1;
      if (id < 0 || fieldColour(id) !== 1 - this.side) return -1;
      return EXCHANGE | colourIndex(id);
    }
    if (move.type === 'step') {
      const from = typeof move.from === 'string' ? fieldByName(move.from) : -1;
      const to = typeof move.to === 'string' ? fieldByName(move.to) : -1;
      if (from < 0 || to < 0 || fieldColour(from) !== this.side || fieldColour(to) !== this.side) {
        return -1;
      }
      return colourIndex(from) | (colourIndex(to) << 6);
    }
    return -1;
  }

  encode(move: CoerceoMove): number {
    const code = this.encodeOrNegative(move);
    if (code < 0)
      throw new Error(`CoerceoPosition.encode: not a move here: ${JSON.stringify(move)}`);
    return code;
  }

  /** Marks the game as resigned by `seat` (C-END-2). */
  resign(seat: 0 | 1): void {
    this.resigned = seat;
    this.status = statusCode('resignation', 1 - seat);
  }

  /**
   * The current position as an immutable state. `lastMove` (text) is recorded in the
   * repetition history when the last turn was reversible; pass it right after `play`.
   */
  snapshotState(since: readonly string[], history: CoerceoState['history']): CoerceoState {
    return {
      pieces: [this.occ[0], this.occ[1], this.occ[2], this.occ[3]] as [
        number,
        number,
        number,
        number,
      ],
      tiles: this.tiles,
      held: [this.held[0] as number, this.held[1] as number],
      side: this.side as 0 | 1,
      layout: this.layout,
      exchangeCost: this.exchangeCost as 1 | 2,
      rulings: this.rulings,
      history,
      since,
      resigned: this.resigned,
      status: this.status,
    };
  }

  /**
   * The state after the plays made on this position since construction, with the repetition
   * history (positions and move texts since the last irreversible turn) carried along.
   */
  state(): CoerceoState {
    const history: Array<readonly [number, number, number, number]> = [];
    const since: string[] = [];
    // Positions irrev..sp-1 are the earlier positions of the current segment; the moves between
    // them are the texts: preloaded ones from the state, later ones decoded from the stack.
    const first = this.irrev;
    const s = this.stack;
    for (let j = first; j < this.sp; j++) {
      const b = j * S;
      history.push([
        s[b + S_WLO] as number,
        s[b + S_WHI] as number,
        s[b + S_BLO] as number,
        s[b + S_BHI] as number,
      ]);
    }
    for (let j = first; j < this.sp; j++) {
      if (j < this.base) {
        since.push(this.since[this.since.length - this.base + j] as string);
      } else {
        since.push(this.moveTextBetween(j));
      }
    }
    return this.snapshotState(since, history);
  }

  /** The step text between stack position `j` and the next one (a reversible step). */
  private moveTextBetween(j: number): string {
    const s = this.stack;
    const b = j * S;
    const nb = (j + 1) * S;
    const c = s[b + S_SIDE] as number;
    const wb = S_WLO + 2 * c;
    const beforeLo = s[b + wb] as number;
    const beforeHi = s[b + wb + 1] as number;
    const afterLo = j + 1 < this.sp ? (s[nb + wb] as number) : (this.occ[2 * c] as number);
    const afterHi = j + 1 < this.sp ? (s[nb + wb + 1] as number) : (this.occ[2 * c + 1] as number);
    const goneLo = beforeLo & ~afterLo;
    const goneHi = beforeHi & ~afterHi;
    const newLo = afterLo & ~beforeLo;
    const newHi = afterHi & ~beforeHi;
    const from = goneLo !== 0 ? 31 - Math.clz32(goneLo) : 63 - Math.clz32(goneHi);
    const to = newLo !== 0 ? 31 - Math.clz32(newLo) : 63 - Math.clz32(newHi);
    return `${fieldName(fieldOf(c, from))}-${fieldName(fieldOf(c, to))}`;
  }
}
