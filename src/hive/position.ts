/**
 * The compact, mutable Hive position used by search, perft and (through copies) by the
 * immutable API: stacks in typed arrays indexed by torus cell (see `board.ts`), per-piece
 * location, the frozen piece, the result, an incremental Zobrist hash and an undo stack.
 *
 * One move generator (`moves.ts`) reads this structure for both the fast path (`play`/`undo`)
 * and `apply`, which copies a position and plays on the copy.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import {
  CELLS as I_CELLS,
  cellOf as I_cellOf,
  cellQ as I_cellQ,
  cellR as I_cellR,
  NB as I_NB,
  wrap as I_wrap,
} from './board.js';
import {
  EXP_M as I_EXP_M,
  EXP_P as I_EXP_P,
  PIECES as I_PIECES,
  SLOTS as I_SLOTS,
  slotInGame as I_slotInGame,
} from './pieces.js';

// Local aliases: module-namespace indirections (as some bundlers and test runners emit
// them) would otherwise sit in the hottest loops.
const CELLS = I_CELLS;
const cellOf = I_cellOf;
const cellQ = I_cellQ;
const cellR = I_cellR;
const NB = I_NB;
const wrap = I_wrap;
const EXP_M = I_EXP_M;
const EXP_P = I_EXP_P;
const PIECES = I_PIECES;
const SLOTS = I_SLOTS;
const slotInGame = I_slotInGame;

/** The integer move meaning `pass`. Every other move is `piece * CELLS + destinationCell`. */
export const PASS: number = PIECES * CELLS;

/** Result codes. */
export const IN_PROGRESS = 0;
/** White has won. */
export const WHITE_WINS = 1;
/** Black has won. */
export const BLACK_WINS = 2;
/** Drawn. */
export const DRAW = 3;

/** Rule options fixed for one game (H-OPT-1). */
export interface RuleOptions {
  readonly tournamentOpening: boolean;
  readonly repetitionDraw: boolean;
  readonly maxPlies: number;
}

/** Highest level a piece can reach: 1 ground piece + 4 Beetles + 2 Mosquitoes - 1. */
const LEVELS = 8;
const HIST = 6;

// Zobrist keys: per (piece, cell) and per (piece, level), as two 32-bit halves (53-bit hash).
const rng = new Rng(0x48495645);
const ZC_LO = new Int32Array(PIECES * CELLS);
const ZC_HI = new Int32Array(PIECES * CELLS);
const ZL_LO = new Int32Array(PIECES * LEVELS);
const ZL_HI = new Int32Array(PIECES * LEVELS);
const ZF_LO = new Int32Array(PIECES + 1);
const ZF_HI = new Int32Array(PIECES + 1);
for (let i = 0; i < ZC_LO.length; i++) {
  ZC_LO[i] = rng.uint32() | 0;
  ZC_HI[i] = rng.uint32() & 0x1fffff;
}
for (let i = 0; i < ZL_LO.length; i++) {
  ZL_LO[i] = rng.uint32() | 0;
  ZL_HI[i] = rng.uint32() & 0x1fffff;
}
for (let i = 1; i < ZF_LO.length; i++) {
  ZF_LO[i] = rng.uint32() | 0;
  ZF_HI[i] = rng.uint32() & 0x1fffff;
}
const ZS_LO = rng.uint32() | 0;
const ZS_HI = rng.uint32() & 0x1fffff;

/** The compact position. Fields are public for the move generator; treat them as read-only. */
export class Position {
  /** Expansion mask (EXP_M | EXP_L | EXP_P). */
  readonly mask: number;
  /** The game's rule options. */
  readonly rules: RuleOptions;
  /** Stack height per cell (H-COORD-4). */
  readonly height: Uint8Array;
  /** Top piece per cell, -1 when empty. */
  readonly top: Int8Array;
  /** Cell per piece, -1 while in hand. */
  readonly cell: Int16Array;
  /** Level per piece (0 = ground). */
  readonly level: Uint8Array;
  /** The piece directly under each piece, -1 when none. */
  readonly below: Int8Array;
  /** Real axial `q` per placed piece. */
  readonly rq: Int32Array;
  /** Real axial `r` per placed piece. */
  readonly rr: Int32Array;
  /** 1 when the piece belongs to this game type. */
  readonly inGame: Uint8Array;
  /** Plies played, passes included (H-TURN-2). */
  ply = 0;
  /** The frozen piece (H-FREEZE-1), -1 when none. */
  frozen = -1;
  /** IN_PROGRESS, WHITE_WINS, BLACK_WINS or DRAW. */
  result: number = IN_PROGRESS;
  /** The piece placed on ply 0: the anchor for real coordinates. */
  anchor = -1;
  /** Low 32 bits of the Zobrist hash. */
  hashLo = 0;
  /** High 21 bits of the Zobrist hash. */
  hashHi = 0;
  /** Undo stack, HIST ints per ply. */
  hist: Int32Array;
  /** Occurrence counts per hash, kept only with `repetitionDraw` (H-END-4). */
  repeats: Map<number, number> | null;

  constructor(mask: number, rules: RuleOptions, from?: Position) {
    this.mask = mask;
    this.rules = rules;
    if (from) {
      this.height = from.height.slice();
      this.top = from.top.slice();
      this.cell = from.cell.slice();
      this.level = from.level.slice();
      this.below = from.below.slice();
      this.rq = from.rq.slice();
      this.rr = from.rr.slice();
      this.inGame = from.inGame;
      this.ply = from.ply;
      this.frozen = from.frozen;
      this.result = from.result;
      this.anchor = from.anchor;
      this.hashLo = from.hashLo;
      this.hashHi = from.hashHi;
      this.hist = from.hist.slice();
      this.repeats = from.repeats ? new Map(from.repeats) : null;
      return;
    }
    this.height = new Uint8Array(CELLS);
    this.top = new Int8Array(CELLS).fill(-1);
    this.cell = new Int16Array(PIECES).fill(-1);
    this.level = new Uint8Array(PIECES);
    this.below = new Int8Array(PIECES).fill(-1);
    this.rq = new Int32Array(PIECES);
    this.rr = new Int32Array(PIECES);
    this.inGame = new Uint8Array(PIECES);
    for (let p = 0; p < PIECES; p++) this.inGame[p] = slotInGame(p % SLOTS, mask) ? 1 : 0;
    this.hist = new Int32Array(64 * HIST);
    this.repeats = rules.repetitionDraw ? new Map() : null;
  }

  /** A deep copy (the copy's undo stack is the same history). */
  clone(): Position {
    return new Position(this.mask, this.rules, this);
  }

  /** True when the game type has the Pillbug (so throws exist at all). */
  get hasPillbug(): boolean {
    return (this.mask & EXP_P) !== 0;
  }

  /** True when the game type has the Mosquito. */
  get hasMosquito(): boolean {
    return (this.mask & EXP_M) !== 0;
  }

  /** Side to move: 0 White, 1 Black (H-SETUP-1: White moves first, on ply 0). */
  toMove(): number {
    return this.ply & 1;
  }

  /** The cell real coordinates are measured from (the anchor's cell; cell 0 before ply 0). */
  anchorCell(): number {
    return this.anchor < 0 ? 0 : (this.cell[this.anchor] as number);
  }

  /** Real `q` of a cell within the hive's window. */
  realQ(c: number): number {
    if (this.anchor < 0) return 0;
    const a = this.cell[this.anchor] as number;
    return (this.rq[this.anchor] as number) + wrap(cellQ(c) - cellQ(a));
  }

  /** Real `r` of a cell within the hive's window. */
  realR(c: number): number {
    if (this.anchor < 0) return 0;
    const a = this.cell[this.anchor] as number;
    return (this.rr[this.anchor] as number) + wrap(cellR(c) - cellR(a));
  }

  /** The 53-bit Zobrist hash. */
  hash(): number {
    return (this.hashHi >>> 0) * 0x100000000 + (this.hashLo >>> 0);
  }

  /** The hash recomputed from scratch (tests compare it with the incremental one). */
  recomputeHash(): number {
    let lo = 0;
    let hi = 0;
    for (let p = 0; p < PIECES; p++) {
      const c = this.cell[p] as number;
      if (c < 0) continue;
      const lv = this.level[p] as number;
      lo ^= (ZC_LO[p * CELLS + c] as number) ^ (ZL_LO[p * LEVELS + lv] as number);
      hi ^= (ZC_HI[p * CELLS + c] as number) ^ (ZL_HI[p * LEVELS + lv] as number);
    }
    if (this.ply & 1) {
      lo ^= ZS_LO;
      hi ^= ZS_HI;
    }
    lo ^= ZF_LO[this.frozen + 1] as number;
    hi ^= ZF_HI[this.frozen + 1] as number;
    return (hi >>> 0) * 0x100000000 + (lo >>> 0);
  }

  private lift(p: number): void {
    const c = this.cell[p] as number;
    const lv = this.level[p] as number;
    this.hashLo ^= (ZC_LO[p * CELLS + c] as number) ^ (ZL_LO[p * LEVELS + lv] as number);
    this.hashHi ^= (ZC_HI[p * CELLS + c] as number) ^ (ZL_HI[p * LEVELS + lv] as number);
    this.height[c] = lv;
    this.top[c] = this.below[p] as number;
    this.below[p] = -1;
    this.cell[p] = -1;
  }

  private drop(p: number, c: number): void {
    const lv = this.height[c] as number;
    this.below[p] = this.top[c] as number;
    this.level[p] = lv;
    this.height[c] = lv + 1;
    this.top[c] = p;
    this.cell[p] = c;
    this.hashLo ^= (ZC_LO[p * CELLS + c] as number) ^ (ZL_LO[p * LEVELS + lv] as number);
    this.hashHi ^= (ZC_HI[p * CELLS + c] as number) ^ (ZL_HI[p * LEVELS + lv] as number);
  }

  /** Plays an integer move (trusted: it must come from the generator for this position). */
  play(m: number): void {
    let h = this.ply * HIST;
    if (h + HIST > this.hist.length) {
      const grown = new Int32Array(this.hist.length * 2);
      grown.set(this.hist);
      this.hist = grown;
    }
    const hist = this.hist;
    const prevFrozen = this.frozen;
    hist[h++] = m;
    hist[h++] = prevFrozen;
    hist[h++] = this.result;
    if (m === PASS) {
      hist[h++] = -1;
      this.frozen = -1; // H-FREEZE-1: a pass freezes nothing.
    } else {
      const p = (m / CELLS) | 0;
      const to = m - p * CELLS;
      const from = this.cell[p] as number;
      hist[h++] = from;
      hist[h++] = this.rq[p] as number;
      hist[h++] = this.rr[p] as number;
      let q: number;
      let r: number;
      if (this.anchor < 0) {
        // H-PLACE-1: the first piece goes to (0,0).
        this.anchor = p;
        q = 0;
        r = 0;
      } else {
        q = this.realQ(to);
        r = this.realR(to);
      }
      // H-SETUP-3: a placed piece only ever moves between hexes; it never returns to the hand.
      if (from >= 0) this.lift(p);
      this.drop(p, to);
      this.rq[p] = q;
      this.rr[p] = r;
      // H-FREEZE-1: the placed, moved or thrown piece is frozen for the next ply.
      this.frozen = p;
    }
    this.hashLo ^= ZS_LO ^ (ZF_LO[prevFrozen + 1] as number) ^ (ZF_LO[this.frozen + 1] as number);
    this.hashHi ^= ZS_HI ^ (ZF_HI[prevFrozen + 1] as number) ^ (ZF_HI[this.frozen + 1] as number);
    this.ply++;
    this.result = this.judge();
  }

  /** Takes back the last move. */
  undo(): void {
    if (this.ply === 0) throw new RulesError('UNSUPPORTED', 'nothing to undo');
    if (this.repeats) {
      const k = this.hash();
      const n = (this.repeats.get(k) ?? 1) - 1;
      if (n === 0) this.repeats.delete(k);
      else this.repeats.set(k, n);
    }
    this.ply--;
    const h = this.ply * HIST;
    const hist = this.hist;
    const m = hist[h] as number;
    const prevFrozen = hist[h + 1] as number;
    this.hashLo ^= ZS_LO ^ (ZF_LO[prevFrozen + 1] as number) ^ (ZF_LO[this.frozen + 1] as number);
    this.hashHi ^= ZS_HI ^ (ZF_HI[prevFrozen + 1] as number) ^ (ZF_HI[this.frozen + 1] as number);
    this.frozen = prevFrozen; // H-FREEZE-4: undo restores F from the previous ply.
    this.result = hist[h + 2] as number;
    if (m !== PASS) {
      const p = (m / CELLS) | 0;
      const from = hist[h + 3] as number;
      this.lift(p);
      if (from >= 0) {
        this.drop(p, from);
        this.rq[p] = hist[h + 4] as number;
        this.rr[p] = hist[h + 5] as number;
      } else {
        this.level[p] = 0;
        this.rq[p] = 0;
        this.rr[p] = 0;
      }
      if (this.ply === 0) this.anchor = -1;
    }
  }

  /** The integer move of ply `i` (0-based) from the undo stack. */
  moveAt(i: number): number {
    return this.hist[i * HIST] as number;
  }

  /** H-END-1: the Queen of `colour` is in play and all six neighbours are occupied. */
  surrounded(colour: number): boolean {
    const c = this.cell[colour * SLOTS] as number;
    if (c < 0) return false;
    const b = c * 6;
    const height = this.height;
    return (
      (height[NB[b] as number] as number) > 0 &&
      (height[NB[b + 1] as number] as number) > 0 &&
      (height[NB[b + 2] as number] as number) > 0 &&
      (height[NB[b + 3] as number] as number) > 0 &&
      (height[NB[b + 4] as number] as number) > 0 &&
      (height[NB[b + 5] as number] as number) > 0
    );
  }

  /** The result after the ply just played (H-END-2..6). */
  private judge(): number {
    let repeated = false;
    if (this.repeats) {
      // H-END-4: record (pieces, side to move, F) after every ply; the third occurrence draws.
      const k = this.hash();
      const n = (this.repeats.get(k) ?? 0) + 1;
      this.repeats.set(k, n);
      repeated = n >= 3;
    }
    const w = this.surrounded(0);
    const b = this.surrounded(1);
    // H-END-3: both Queens surrounded on the same ply is a draw.
    if (w && b) return DRAW;
    // H-END-2: exactly one surrounded Queen loses, whoever made the move.
    if (w) return BLACK_WINS;
    if (b) return WHITE_WINS;
    // H-END-6: surrounding takes precedence over repetition and the ply cap.
    let result = repeated ? DRAW : IN_PROGRESS;
    // H-END-5: the ply cap.
    if (this.rules.maxPlies > 0 && this.ply >= this.rules.maxPlies) result = DRAW;
    return result;
  }
}

/** The cell of the first placement, (0,0). */
export const ORIGIN_CELL: number = cellOf(0, 0);
