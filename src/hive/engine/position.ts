/**
 * The compact, mutable Hive position: stacks in typed arrays indexed by torus cell (see
 * `board.ts`), per-piece location, the frozen piece, the result, an incremental Zobrist hash and
 * an undo stack. It implements the search interface itself (`hive.search` returns one).
 *
 * One move generator (`moves.ts`) reads this structure for both the fast path (`play`/`undo`)
 * and the immutable API, whose states share positions through their game tree (`lineage.ts`):
 * `apply` plays one move on the shared position of its state's tree, never on a copy.
 *
 * @module
 */

import { RulesError } from '../../core/errors.js';
import type { SearchPosition } from '../../core/game.js';
import type { StateOrigin } from '../../core/tree.js';
import type { HiveMove, HiveState } from '../types.js';
import { cellQ as I_cellQ, cellR as I_cellR, wrap as I_wrap, NB } from './board.js';
import { decodeMove, encodeMove, moveOp } from './codes.js';
import {
  FIRST_FAN_KIND,
  CELLS as I_CELLS,
  EXP_M as I_EXP_M,
  EXP_P as I_EXP_P,
  HIST as I_HIST,
  PIECES as I_PIECES,
  SLOTS as I_SLOTS,
  OP_MOVE,
  OP_SPAN,
  PASS,
  SCORPION,
} from './constants.js';
import { playFan, undoFan } from './fan-play.js';
import { countMoves, findLegal, generate, MAX_MOVES } from './moves.js';
import { inGameKinds, inGamePieces, inGameTable, SLOT_KIND } from './pieces.js';
import { IN_PROGRESS, judge, type RuleOptions, scoreOf } from './rules.js';
import { handBit, OCCUPIED as I_OCCUPIED, SPOT as I_SPOT, touchUnit } from './touch.js';
import {
  hashFromScratch,
  LEVELS as I_LEVELS,
  ZC as I_ZC,
  ZF as I_ZF,
  ZL as I_ZL,
  ZS_HI as I_ZS_HI,
  ZS_LO as I_ZS_LO,
  kindKey,
} from './zobrist.js';

// Local aliases: the test runner's module-namespace indirections would otherwise sit in the
// hottest loops. The build drops them (tsup.config.ts), so the bundle reads the numbers of
// constants.ts as literals.
const CELLS = I_CELLS;
const cellQ = I_cellQ;
const cellR = I_cellR;
const wrap = I_wrap;
const EXP_M = I_EXP_M;
const EXP_P = I_EXP_P;
const PIECES = I_PIECES;
const SLOTS = I_SLOTS;
const LEVELS = I_LEVELS;
const ZC = I_ZC;
const ZL = I_ZL;
const ZF = I_ZF;
const ZS_LO = I_ZS_LO;
const ZS_HI = I_ZS_HI;
const OCCUPIED = I_OCCUPIED;
const SPOT = I_SPOT;

const HIST = I_HIST;
const NO_ROSTER: readonly number[] = new Array<number>(14).fill(0);

/**
 * The compact position. Fields are public for the move generator; treat them as read-only.
 * As a {@link SearchPosition}, its `state()` is what its `origin` (set by `state.ts`'s
 * `searchPositionOf`) makes of it: the state it was made from plus the moves played since. The
 * position itself never builds a state.
 */
export class Position implements SearchPosition<HiveMove> {
  /** An upper bound on the number of legal moves in any position (`SearchPosition`). */
  readonly maxMoves: number = MAX_MOVES;
  /** What a search position was made from (see `state()`); `null` for other positions. */
  origin: StateOrigin<Position, HiveState> | null = null;
  /** Expansion mask (EXP_M | EXP_L | EXP_P). */
  readonly mask: number;
  /** The game's rule options. */
  readonly rules: RuleOptions;
  /** Stack height per cell (H-COORD-4). */
  readonly height: Uint8Array;
  /** Top piece per cell, -1 when empty. */
  readonly top: Int8Array;
  /**
   * `touching[cell]`: how many of the cell's six neighbours are stacks topped by White (bits
   * 0–2) and by Black (bits 4–6), and bit 7 set while the cell itself holds a stack. Kept by
   * every lift and drop, so that the placement rule (H-PLACE-3) and the end of the game (H-END-1)
   * read one byte per hex instead of looking at its six neighbours.
   */
  readonly touching: Uint8Array;
  /**
   * How many empty hexes White (low 16 bits) and Black (high 16 bits) may place on by H-PLACE-3,
   * kept with {@link touching}: what a bulk count of placements needs (see {@link spotsOf}).
   */
  spots = 0;
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
  /**
   * Per colour, bit `s` set when slot `s` of that colour is in the game and in hand: placements
   * read the pieces that may be placed (H-PLACE-7) from it. Kept by every placement and its undo.
   */
  readonly hand: Int32Array;
  /** The piece ids in the game per colour ({@link inGamePieces}). */
  readonly piecesInGame: Int8Array;
  /** The kinds in the game per colour ({@link inGameKinds}). */
  readonly kindsInGame: Int8Array;
  /** Plies played, passes included (H-TURN-2). */
  ply = 0;
  /** The ply this position began at: 0, or a set-up position's (`engine/from-board.ts`). */
  startPly = 0;
  /** The frozen piece (H-FREEZE-1), -1 when none. */
  frozen = -1;
  /**
   * The second frozen piece, -1 when none: grabs, swaps and carries move two pieces and freeze
   * both (H-FAN-GEN-2).
   */
  frozen2 = -1;
  /** True when the game has fan pieces (H-FAN), so the generator runs their extra checks. */
  readonly fan: boolean;
  /** True when the game has a Scorpion, whose immunity the generator must check (H-FAN-SCORPION-2). */
  readonly hasScorpion: boolean;
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
  /**
   * Occurrence counts per {@link repetitionKey}, kept with `repetitionDraw` `true` or
   * `'hivegame'` (H-END-4).
   */
  repeats: Map<number, number> | null;
  /** The {@link repetitionKey} after each ply (entry `i`: after ply `i + 1`), kept with `'nokamute'`. */
  keys: Float64Array | null;

  constructor(mask: number, rules: RuleOptions, from?: Position) {
    this.mask = mask;
    this.rules = rules;
    if (from) {
      this.height = from.height.slice();
      this.top = from.top.slice();
      this.touching = from.touching.slice();
      this.spots = from.spots;
      this.cell = from.cell.slice();
      this.level = from.level.slice();
      this.below = from.below.slice();
      this.rq = from.rq.slice();
      this.rr = from.rr.slice();
      this.inGame = from.inGame;
      this.hand = from.hand.slice();
      this.piecesInGame = from.piecesInGame;
      this.kindsInGame = from.kindsInGame;
      this.fan = from.fan;
      this.hasScorpion = from.hasScorpion;
      this.ply = from.ply;
      this.startPly = from.startPly;
      this.frozen = from.frozen;
      this.frozen2 = from.frozen2;
      this.result = from.result;
      this.anchor = from.anchor;
      this.hashLo = from.hashLo;
      this.hashHi = from.hashHi;
      this.hist = from.hist.slice();
      this.repeats = from.repeats ? new Map(from.repeats) : null;
      this.keys = from.keys ? from.keys.slice() : null;
      this.origin = from.origin;
      return;
    }
    this.height = new Uint8Array(CELLS);
    this.top = new Int8Array(CELLS).fill(-1);
    this.touching = new Uint8Array(CELLS);
    this.cell = new Int16Array(PIECES).fill(-1);
    this.level = new Uint8Array(PIECES);
    this.below = new Int8Array(PIECES).fill(-1);
    this.rq = new Int32Array(PIECES);
    this.rr = new Int32Array(PIECES);
    this.inGame = inGameTable(mask, rules.roster ?? NO_ROSTER);
    this.piecesInGame = inGamePieces(this.inGame);
    this.hand = new Int32Array(2);
    for (let p = 0; p < PIECES; p++)
      if (this.inGame[p]) this.hand[p >= SLOTS ? 1 : 0] |= handBit(p);
    this.kindsInGame = inGameKinds(this.inGame);
    let fan = false;
    let scorpion = false;
    for (let p = 0; p < PIECES; p++) {
      if (!this.inGame[p]) continue;
      const kind = SLOT_KIND[p % SLOTS];
      if (kind >= FIRST_FAN_KIND) fan = true;
      if (kind === SCORPION) scorpion = true;
    }
    this.fan = fan;
    this.hasScorpion = scorpion;
    this.hist = new Int32Array(64 * HIST);
    const rule = rules.repetitionDraw;
    this.repeats = rule === true || rule === 'hivegame' ? new Map() : null;
    this.keys = rule === 'nokamute' ? new Float64Array(64) : null;
  }

  /** How many of the six neighbours of `cell` hold a stack (from {@link touching}). */
  occupiedAround(cell: number): number {
    const t = this.touching[cell];
    return (t & 0x07) + ((t >> 4) & 0x07);
  }

  /** How many empty hexes `colour` may place on by H-PLACE-3 (from {@link spots}). */
  spotsOf(colour: number): number {
    return colour === 0 ? this.spots & 0xffff : this.spots >>> 16;
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
    return this.anchor < 0 ? 0 : this.cell[this.anchor];
  }

  /** Real `q` of a cell within the hive's window. */
  realQ(c: number): number {
    if (this.anchor < 0) return 0;
    const a = this.cell[this.anchor];
    return this.rq[this.anchor] + wrap(cellQ(c) - cellQ(a));
  }

  /** Real `r` of a cell within the hive's window. */
  realR(c: number): number {
    if (this.anchor < 0) return 0;
    const a = this.cell[this.anchor];
    return this.rr[this.anchor] + wrap(cellR(c) - cellR(a));
  }

  /** The 53-bit Zobrist hash. */
  hash(): number {
    return (this.hashHi >>> 0) * 0x100000000 + (this.hashLo >>> 0);
  }

  /**
   * H-END-4: what counts as the same position under the game's repetition rule — the hash with
   * the frozen pieces' keys taken out for `'hivegame'`; for `'nokamute'`, {@link kindKey}.
   */
  repetitionKey(): number {
    const rule = this.rules.repetitionDraw;
    if (rule === 'nokamute') return kindKey(this.cell, this.level);
    if (rule !== 'hivegame') return this.hash();
    const f1 = 2 * (this.frozen + 1);
    const f2 = 2 * (this.frozen2 + 1);
    const lo = this.hashLo ^ ZF[f1] ^ ZF[f2];
    const hi = this.hashHi ^ ZF[f1 + 1] ^ ZF[f2 + 1];
    return (hi >>> 0) * 0x100000000 + (lo >>> 0);
  }

  /** The hash recomputed from scratch (tests compare it with the incremental one). */
  recomputeHash(): number {
    return hashFromScratch(this.cell, this.level, this.ply, this.frozen, this.frozen2);
  }

  /**
   * Keeps {@link touching} in step when the top of cell `c` changes from piece `was` to piece
   * `now` (-1: no piece): each neighbour loses the old top's colour unit and gains the new one's,
   * and {@link spots} follows the empty ones.
   */
  private retop(c: number, was: number, now: number): void {
    const change = touchUnit(now) - touchUnit(was);
    if (change === 0) return;
    // Module-level tables as locals, read once (see articulation.ts `visit`).
    const t = this.touching;
    const nb = NB;
    const spot = SPOT;
    let spots = this.spots;
    for (let d = 0; d < 6; d++) {
      const e = nb[c * 6 + d];
      const before = t[e];
      const after = before + change;
      t[e] = after;
      spots += spot[after] - spot[before]; // 0 for an occupied hex, before and after
    }
    this.spots = spots;
  }

  /** Lifts piece `p` off its stack (the hash and the touch counts follow). @internal */
  lift(p: number): void {
    const c = this.cell[p];
    const lv = this.level[p];
    const kc = 2 * (c * PIECES + p);
    const kl = 2 * (p * LEVELS + lv);
    this.hashLo ^= ZC[kc] ^ ZL[kl];
    this.hashHi ^= ZC[kc + 1] ^ ZL[kl + 1];
    const under = this.below[p];
    this.height[c] = lv;
    this.top[c] = under;
    if (lv === 0) {
      // The hex is empty again.
      const t = this.touching[c] & ~OCCUPIED;
      this.touching[c] = t;
      this.spots += SPOT[t];
    }
    this.retop(c, p, under);
    this.below[p] = -1;
    this.cell[p] = -1;
  }

  /** Drops piece `p` on top of cell `c` (the hash and the touch counts follow). @internal */
  drop(p: number, c: number): void {
    const lv = this.height[c];
    const under = this.top[c];
    if (lv === 0) {
      // The hex is no longer empty.
      const t = this.touching[c];
      this.touching[c] = t | OCCUPIED;
      this.spots -= SPOT[t];
    }
    this.below[p] = under;
    this.level[p] = lv;
    this.height[c] = lv + 1;
    this.top[c] = p;
    this.retop(c, under, p);
    this.cell[p] = c;
    const kc = 2 * (c * PIECES + p);
    const kl = 2 * (p * LEVELS + lv);
    this.hashLo ^= ZC[kc] ^ ZL[kl];
    this.hashHi ^= ZC[kc + 1] ^ ZL[kl + 1];
  }

  /**
   * XORs the side-to-move key and the keys of the frozen pieces before (`f1`, `f2`) and now into
   * the hash: the same toggle plays and undoes the ply's change of turn and of F.
   */
  private toggleTurnKeys(f1: number, f2: number): void {
    const zf = ZF;
    const a = 2 * (f1 + 1);
    const b = 2 * (this.frozen + 1);
    let lo = ZS_LO ^ zf[a] ^ zf[b];
    let hi = ZS_HI ^ zf[a + 1] ^ zf[b + 1];
    // The second frozen piece exists only after a two-piece fan move: otherwise both are "none"
    // and their keys cancel, so the common case reads four keys, not eight.
    const now2 = this.frozen2;
    if (f2 !== now2) {
      const c = 2 * (f2 + 1);
      const d = 2 * (now2 + 1);
      lo ^= zf[c] ^ zf[d];
      hi ^= zf[c + 1] ^ zf[d + 1];
    }
    this.hashLo ^= lo;
    this.hashHi ^= hi;
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
    const prevFrozen2 = this.frozen2;
    hist[h++] = m;
    hist[h++] = prevFrozen;
    hist[h++] = prevFrozen2;
    hist[h++] = this.result;
    this.frozen2 = -1;
    if (m === PASS) {
      hist[h] = -1;
      this.frozen = -1; // H-FREEZE-1: a pass freezes nothing.
    } else {
      const op = (m / OP_SPAN) | 0;
      const rest = m - op * OP_SPAN;
      const p = (rest / CELLS) | 0;
      const to = rest - p * CELLS;
      const from = this.cell[p];
      hist[h++] = from;
      hist[h++] = this.rq[p];
      hist[h] = this.rr[p];
      if (op === OP_MOVE) {
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
        else this.hand[p >= SLOTS ? 1 : 0] ^= handBit(p);
        this.drop(p, to);
        this.rq[p] = q;
        this.rr[p] = r;
        // H-FREEZE-1: the placed, moved or thrown piece is frozen for the next ply.
        this.frozen = p;
      } else {
        playFan(this, op, p, from, to);
      }
    }
    this.toggleTurnKeys(prevFrozen, prevFrozen2);
    this.ply++;
    this.result = judge(this);
  }

  /** Takes back the last move. */
  undo(): void {
    if (this.ply <= this.startPly) throw new RulesError('UNSUPPORTED', 'nothing to undo');
    if (this.repeats) {
      const k = this.repetitionKey();
      const n = (this.repeats.get(k) ?? 1) - 1;
      if (n === 0) this.repeats.delete(k);
      else this.repeats.set(k, n);
    }
    this.ply--;
    const h = this.ply * HIST;
    const hist = this.hist;
    const m = hist[h];
    const prevFrozen = hist[h + 1];
    const prevFrozen2 = hist[h + 2];
    this.toggleTurnKeys(prevFrozen, prevFrozen2);
    // H-FREEZE-4: undo restores F from the previous ply.
    this.frozen = prevFrozen;
    this.frozen2 = prevFrozen2;
    this.result = hist[h + 3];
    if (m !== PASS) {
      const op = (m / OP_SPAN) | 0;
      const rest = m - op * OP_SPAN;
      const p = (rest / CELLS) | 0;
      const to = rest - p * CELLS;
      const from = hist[h + 4];
      const q = hist[h + 5];
      const r = hist[h + 6];
      const rq = this.rq;
      const rr = this.rr;
      if (op === OP_MOVE) {
        this.lift(p);
        if (from >= 0) {
          this.drop(p, from);
          rq[p] = q;
          rr[p] = r;
        } else {
          this.level[p] = 0;
          rq[p] = 0;
          rr[p] = 0;
          this.hand[p >= SLOTS ? 1 : 0] ^= handBit(p);
        }
        if (this.ply === 0) this.anchor = -1;
      } else {
        undoFan(this, op, p, from, to, q, r);
      }
    }
  }

  /** The integer move of ply `i` (0-based) from the undo stack. */
  moveAt(i: number): number {
    return this.hist[i * HIST];
  }

  /** True when `piece` cannot act or be relocated on this ply (H-FREEZE-2, H-FAN-GEN-2). */
  isFrozen(piece: number): boolean {
    return piece === this.frozen || piece === this.frozen2;
  }

  /** H-FAN-SCORPION-g: the top piece of `cell` is a Scorpion (so the cell is immune). */
  scorpionAt(cell: number): boolean {
    const t = this.top[cell];
    return t >= 0 && SLOT_KIND[t % SLOTS] === SCORPION;
  }

  // ---- the search interface: perft over it counts as H-PERFT-1 and H-PERFT-2 say (a finished
  // position has no children, a forced pass is one move), which the H-PERFT-3 tables and the
  // H-PERFT-5 runs check ----

  /** Whether the game is over (H-END). */
  terminal(): boolean {
    return this.result !== IN_PROGRESS;
  }
  /** `[1, 0]`, `[0, 1]`, `[0.5, 0.5]` at the end, `[0.5, 0.5]` while the game goes on. */
  score(): readonly number[] {
    return scoreOf(this);
  }
  /** Writes the legal move codes at `out[offset..]` (the order of `hive.moves`); returns the count. */
  generate(out: Int32Array, offset: number): number {
    return generate(this, out, offset);
  }
  /** How many legal moves there are: `generate`'s count, neither ordered nor all written. */
  count(): number {
    return countMoves(this);
  }
  /** The move object of a code. */
  decode(move: number): HiveMove {
    return decodeMove(this, move);
  }
  /** The code of a move object; a Dragonfly move names its carry only by its destination. */
  encode(move: HiveMove): number {
    const m = encodeMove(this, move);
    // H-FAN-DRAGONFLY-e: the legal code (a carry or not) is the one the generator writes.
    if (m !== PASS && moveOp(m) === OP_MOVE && this.fan) {
      const legal = findLegal(this, m);
      if (legal >= 0) return legal;
    }
    return m;
  }
  /** The immutable state of this position: its origin's state plus the moves since. */
  state(): HiveState {
    if (this.origin === null) {
      throw new RulesError('UNSUPPORTED', 'state: this position was not made by hive.search');
    }
    return this.origin.stateOf(this);
  }
}
