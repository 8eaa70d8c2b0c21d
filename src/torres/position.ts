/**
 * The compact mutable Torres position: the whole game state in one `Int32Array`, every write
 * logged for `undo` and folded into an incremental Zobrist-style hash. It holds the one move
 * generator (`generate`) and the one move executor (`play`) that both `moves`/`apply` and the
 * search fast path use, so the two paths cannot disagree.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { labelRegions, makeRegions, type Regions } from '../geometry/grid.js';
import { GRID, manhattan, markDoors, marked, markSteps } from './board.js';
import {
  ANY_DOOR,
  AP6,
  AP7,
  BLOCK_UNDER,
  CLIMB_TWO,
  DIAGONAL,
  HIDDEN,
  JUMP_KNIGHT,
  MOVE_BLOCK,
  RELOCATE,
  SUPPLY_BLOCK,
} from './cards.js';
import { MAX_STACK, stacksFor, type TorresOptions } from './options.js';
import { castlePoints, KING, kingBonus, masterPoints } from './rules.js';

// ---- steps (T-FLOW-1) ----
/** The steps of the state machine, by id. */
export const STEP_NAMES = [
  'setupCastle',
  'setupKnight',
  'setupKing',
  'chooseStack',
  'actions',
  'draftKeep',
  'draftReturn',
  'redistribute',
  'kingMove',
  'over',
] as const;
/** A step of the state machine (T-FLOW-1). */
export type TorresStep = (typeof STEP_NAMES)[number];
/** Step id of `setupCastle` (master setup). */
export const S_SETUP_CASTLE = 0;
/** Step id of `setupKnight`. */
export const S_SETUP_KNIGHT = 1;
/** Step id of `setupKing`. */
export const S_SETUP_KING = 2;
/** Step id of `chooseStack`. */
export const S_CHOOSE = 3;
/** Step id of `actions`. */
export const S_ACTIONS = 4;
/** Step id of `draftKeep`. */
export const S_KEEP = 5;
/** Step id of `draftReturn`. */
export const S_RETURN = 6;
/** Step id of `redistribute`. */
export const S_REDIST = 7;
/** Step id of `kingMove`. */
export const S_KING_MOVE = 8;
/** Step id of `over`. */
export const S_OVER = 9;

// ---- layout of the flat array ----
/** Layout: 64 heights. */
export const H = 0;
/** Layout: 64 pieces (T-GEO-3: at most one per square): 0 empty, 1..4 a knight of seat p − 1, 5 the king. */
export const P = 64;
/** Layout: blocks in the supply. */
export const SUPPLY = 128;
/** Layout: the phase 1..3. */
export const PHASE = 129;
/** Layout: the 0-based round. */
export const ROUND = 130;
/** Layout: index into the round's order. */
export const TURN = 131;
/** Layout: the step id. */
export const STEP = 132;
/** Layout: the seat that started the phase (lastPhaseStart). */
export const LPS = 133;
/** Layout: the seat to act. */
export const ACTOR = 134;
/** Layout: blocks left in the active stack (or still to spread). */
export const ACTIVE = 135;
/** Layout: the turn's AP limit. */
export const AP_LIMIT = 136;
/** Layout: AP spent this turn. */
export const AP_USED = 137;
/** Layout: purchases this turn. */
export const BOUGHT_N = 138;
/** Layout: 1 once a card was played this turn. */
export const PLAYED = 139;
/** Layout: blocks redistributed this turn. */
export const SPREAD_N = 140;
/** Layout: 1 while carried blocks are spread (T-RULE-4). */
export const CARRY_SPREAD = 141;
/** Layout: placements made in the current setup step. */
export const SETUP_N = 142;
/** Layout: the master card 1..8, or 0. */
export const MASTER = 143;
/** Layout: 4 seats of the round, in turn order. */
export const ORDER = 144;
/** Layout: number of pending draft cards. */
export const PEND_N = 148;
/** Layout: 3 pending draft cards, in drawn order. */
export const PEND = 149;
/** Layout: 11 counts of cards bought this turn, by card id (0 = hidden). */
export const BOUGHT = 152;
/** Layout: size of the shared deck. */
export const DECK_N = 163;
/** Layout: 40 shared-deck cards, bottom first (the top is at DECK + DECK_N − 1). */
export const DECK = 164;
/** Layout: offset of seat 0's record. */
export const SEAT0 = 204;
/** Layout: size of one seat's record. */
export const SEAT_STRIDE = 52;
/** Seat record: track position. */
export const O_SCORE = 0;
/** Seat record: knights off the board. */
export const O_KOFF = 1;
/** Seat record: carried blocks. */
export const O_CARRY = 2;
/** Seat record: 16 stack counts by size. */
export const O_STACKS = 3;
/** Seat record: 11 hand counts by card id (0 = hidden). */
export const O_HAND = 19;
/** Seat record: size of the seat's deck. */
export const O_DECK_N = 30;
/** Seat record: 10 deck cards, bottom first. */
export const O_DECK = 31;
/** Seat record: 11 counts of the cards the seat has played, by card id (public, T-OBS-1). */
export const O_PLAYED = 41;
/** Layout: the array length. */
export const SIZE: number = SEAT0 + 4 * SEAT_STRIDE;

// ---- move codes: kind | from << 4 | to << 10 | x << 16 | card << 22 ----
/** Move kind `castle`. */
export const K_CASTLE = 0;
/** Move kind `startKnight`. */
export const K_START = 1;
/** Move kind `king`. */
export const K_KING = 2;
/** Move kind `kingStay`. */
export const K_KING_STAY = 3;
/** Move kind `stack`. */
export const K_STACK = 4;
/** Move kind `block`. */
export const K_BLOCK = 5;
/** Move kind `knight`. */
export const K_KNIGHT = 6;
/** Move kind `move`. */
export const K_MOVE = 7;
/** Move kind `score`. */
export const K_SCORE = 8;
/** Move kind `buy`. */
export const K_BUY = 9;
/** Move kind `keep`. */
export const K_KEEP = 10;
/** Move kind `return`. */
export const K_RETURN = 11;
/** Move kind `spread`. */
export const K_SPREAD = 12;
/** Move kind `end`. */
export const K_END = 13;
/** Move kind `play` (the card id in the code's card field). */
export const K_PLAY = 14;
/** `x` of `blockUnder` when the block comes from the active stack. */
export const X_ACTIVE = 63;

/** Packs a move code. */
export function code(kind: number, from: number, to: number, x: number, card: number): number {
  return kind | (from << 4) | (to << 10) | (x << 16) | (card << 22);
}
/** The kind of a move code. */
export const kindOf = (c: number): number => c & 15;
/** The `from` square of a move code. */
export const fromOf = (c: number): number => (c >> 4) & 63;
/** The `to` square of a move code. */
export const toOf = (c: number): number => (c >> 10) & 63;
/** The extra field of a move code (a size, a card, `where`). */
export const xOf = (c: number): number => (c >> 16) & 63;
/** The card id of a `play` code. */
export const cardOf = (c: number): number => (c >> 22) & 15;

/** An upper bound on the number of legal moves in any position. */
export const MAX_MOVES = 8192;

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
// Zobrist keys computed on the fly from (index, value): values range widely (scores), so a
// table would be large; two independent 32-bit mixes give a 53-bit key.
const key1 = (i: number, v: number): number => mix(Math.imul(i + 1, 0x9e3779b1) ^ (v + 0x632be5ab));
const key2 = (i: number, v: number): number =>
  mix(Math.imul(i + 7, 0x85ebca77) ^ Math.imul(v + 3, 0xc2b2ae3d));

const regionsB: Regions = makeRegions(GRID);

/** The compact mutable position (see the module comment). */
export class Position {
  /** The resolved options (constant for a game). */
  readonly o: TorresOptions;
  /** Number of seats. */
  readonly n: number;
  /** The whole state, laid out as the `H`, `P`, … constants say. */
  readonly a: Int32Array;
  /** View of the heights. */
  readonly heights: Int32Array;
  /** View of the pieces. */
  readonly pieces: Int32Array;
  private readonly phases: readonly (readonly number[])[];
  private readonly cap: number;
  private lo = 0;
  private hi = 0;
  private log: Int32Array = new Int32Array(1 << 12);
  private logLen = 0;
  private plyMarks: Int32Array = new Int32Array(256);
  private depth = 0;
  private readonly marks = new Int32Array(64);
  private readonly anchors = new Int8Array(64);
  private readonly mine = new Int8Array(64);
  /** Castles of the current heights, recomputed only when a height changed (`heightsVersion`). */
  private readonly castles: Regions = makeRegions(GRID);
  private castlesAt = -1;
  private readonly placeable = new Uint8Array(64);
  private placeableAt = -1;
  private heightsVersion = 0;
  private stamp = 0;

  constructor(o: TorresOptions, a: Int32Array) {
    this.o = o;
    this.n = o.players;
    this.a = a;
    this.heights = a.subarray(H, H + 64);
    this.pieces = a.subarray(P, P + 64);
    this.phases = stacksFor(o);
    this.cap = o.stackCap ?? MAX_STACK;
    this.rehash();
  }

  /** A copy without history. */
  clone(): Position {
    return new Position(this.o, this.a.slice());
  }

  private rehash(): void {
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < SIZE; i++) {
      const v = this.a[i] as number;
      lo ^= key1(i, v);
      hi ^= key2(i, v);
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }

  /** The Zobrist hash, a non-negative 53-bit integer. */
  hash(): number {
    return (this.hi & 0x1fffff) * 0x100000000 + (this.lo >>> 0);
  }

  /** Every state change goes through here: logged for undo, folded into the hash. */
  w(i: number, v: number): void {
    const old = this.a[i] as number;
    if (old === v) return;
    if (this.logLen + 2 > this.log.length) {
      const bigger = new Int32Array(this.log.length * 2);
      bigger.set(this.log);
      this.log = bigger;
    }
    this.log[this.logLen++] = i;
    this.log[this.logLen++] = old;
    this.a[i] = v;
    if (i < 64) this.heightsVersion++;
    this.lo = (this.lo ^ key1(i, old) ^ key1(i, v)) >>> 0;
    this.hi = (this.hi ^ key2(i, old) ^ key2(i, v)) >>> 0;
  }

  private add(i: number, d: number): void {
    this.w(i, (this.a[i] as number) + d);
  }

  // ---- small accessors ----
  get step(): number {
    return this.a[STEP] as number;
  }
  get actor(): number {
    return this.a[ACTOR] as number;
  }
  /** Offset of seat p's record. */
  so(p: number): number {
    return SEAT0 + p * SEAT_STRIDE;
  }
  score(p: number): number {
    return this.a[this.so(p) + O_SCORE] as number;
  }
  /** Size of the deck the actor buys from (T-DECK-1); −1 when buying is impossible. */
  buyDeckLen(): number {
    const m = this.o.deckMode;
    if (m === 'masterHand') return -1;
    if (m === 'shared') return this.a[DECK_N] as number;
    return this.a[this.so(this.actor) + O_DECK_N] as number;
  }
  /** Rounds (= stacks per seat) of the current phase. */
  rounds(): number {
    return (this.phases[(this.a[PHASE] as number) - 1] as readonly number[]).length;
  }
  private free(q: number): boolean {
    return (this.a[P + q] as number) === 0;
  }

  /** T-GEO-4: the castles of the current heights (cached until a height changes). */
  regions(): Regions {
    if (this.castlesAt !== this.heightsVersion) {
      labelRegions(GRID, this.heights, this.castles);
      this.castlesAt = this.heightsVersion;
    }
    return this.castles;
  }

  // ---- move generation ----

  /** Writes the legal move codes at `out[off..]` in the stable order; returns the count. */
  generate(out: Int32Array, off: number): number {
    const a = this.a;
    let k = off;
    switch (a[STEP]) {
      case S_SETUP_CASTLE: {
        // T-MASTER-SETUP-1: a ground square far enough from every castle square.
        for (let q = 0; q < 64; q++)
          if (this.canFoundMasterCastle(q)) out[k++] = code(K_CASTLE, 0, q, 0, 0);
        break;
      }
      case S_SETUP_KNIGHT:
      case S_SETUP_KING: {
        // T-SETUP-3 / T-SETUP-4: a free castle square of a castle holding no knight. Every castle is
        // still one block, so the king starts at level 1 (T-RULE-6).
        const r = this.regions();
        const taken = new Uint8Array(r.count);
        for (let q = 0; q < 64; q++) {
          const p = a[P + q] as number;
          if (p >= 1 && p <= 4 && (r.labels[q] as number) >= 0) taken[r.labels[q] as number] = 1;
        }
        const kind = a[STEP] === S_SETUP_KNIGHT ? K_START : K_KING;
        for (let q = 0; q < 64; q++) {
          const id = r.labels[q] as number;
          if (id >= 0 && taken[id] === 0 && this.free(q)) out[k++] = code(kind, 0, q, 0, 0);
        }
        break;
      }
      case S_CHOOSE: {
        // T-STACK-1: one move per distinct stack size.
        const base = this.so(this.actor) + O_STACKS;
        for (let s = 0; s <= MAX_STACK; s++)
          if ((a[base + s] as number) > 0) out[k++] = code(K_STACK, 0, 0, s, 0);
        break;
      }
      case S_ACTIONS:
        k = this.genActions(out, k);
        break;
      case S_KEEP: {
        // T-DRAFT-1: keep one of the drawn cards (by type).
        const seen = new Uint8Array(11);
        for (let i = 0; i < (a[PEND_N] as number); i++) seen[a[PEND + i] as number] = 1;
        for (let c = 0; c <= 10; c++) if (seen[c]) out[k++] = code(K_KEEP, 0, 0, c, 0);
        break;
      }
      case S_RETURN:
        // T-DRAFT-2: the rest go back together, on top or at the bottom.
        out[k++] = code(K_RETURN, 0, 0, 0, 0);
        out[k++] = code(K_RETURN, 0, 0, 1, 0);
        break;
      case S_REDIST: {
        // T-REDIST-1: one block onto a stack (by size) below the cap.
        const base = this.so(this.actor) + O_STACKS;
        for (let s = 0; s < this.cap; s++)
          if ((a[base + s] as number) > 0) out[k++] = code(K_SPREAD, 0, 0, s, 0);
        // T-REDIST-2: with 'optional', `end` returns the rest to the supply.
        if (this.o.redistribution === 'optional') out[k++] = code(K_END, 0, 0, 0, 0);
        break;
      }
      case S_KING_MOVE: {
        // T-KING-5 / T-RULE-6: stay, or any free castle square at any level, never the ground.
        out[k++] = code(K_KING_STAY, 0, 0, 0, 0);
        for (let q = 0; q < 64; q++)
          if ((a[H + q] as number) > 0 && this.free(q)) out[k++] = code(K_KING, 0, q, 0, 0);
        break;
      }
      default:
        break; // over: no moves (T-END-1)
    }
    return k - off;
  }

  private canFoundMasterCastle(q: number): boolean {
    if ((this.a[H + q] as number) !== 0) return false;
    for (let c = 0; c < 64; c++) {
      if ((this.a[H + c] as number) === 0) continue;
      const d = manhattan(q, c);
      if (this.o.castleSpacing === 'manhattan') {
        if (d < 3) return false; // T-MASTER-SETUP-1: two empty squares between, Manhattan ≥ 3
      } else if (((q & 7) === (c & 7) || q >> 3 === c >> 3) && d < 3) {
        return false;
      } else if (d < 2) {
        return false; // never orthogonally adjacent (T-GEO-6)
      }
    }
    return true;
  }

  /** T-BLOCK-1..4 for square q with the regions `r` of the current heights. */
  /** T-BLOCK-2/3 by heights alone, cached per heights version (occupancy is checked by callers). */
  private placeableSquares(r: Regions): Uint8Array {
    if (this.placeableAt !== this.heightsVersion) {
      for (let c = 0; c < 64; c++) {
        const h = this.a[H + c] as number;
        this.placeable[c] =
          h > 0
            ? h + 1 <= (r.areas[r.labels[c] as number] as number) // T-BLOCK-2, T-GEO-5
              ? 1
              : 0
            : adjacentCastles(c, r) === 1 // T-BLOCK-3: exactly one castle (none founds, two merge)
              ? 1
              : 0;
      }
      this.placeableAt = this.heightsVersion;
    }
    return this.placeable;
  }

  private genActions(out: Int32Array, k0: number): number {
    const a = this.a;
    let k = k0;
    const seat = this.actor;
    const me = seat + 1;
    const so = this.so(seat);
    const left = (a[AP_LIMIT] as number) - (a[AP_USED] as number); // T-FLOW-2
    const r = this.regions();
    // The mover's knights, once.
    const mine = this.mine;
    let nm = 0;
    for (let f = 0; f < 64; f++) if (a[P + f] === me) mine[nm++] = f;
    // block{to}, 1 AP (T-BLOCK-1); squares with a piece never take one (T-BLOCK-4, T-KING-2)
    if ((a[ACTIVE] as number) >= 1 && left >= 1) {
      const ok = this.placeableSquares(r);
      for (let q = 0; q < 64; q++)
        if (ok[q] === 1 && a[P + q] === 0) out[k++] = code(K_BLOCK, 0, q, 0, 0);
    }
    // knight{to}, 2 AP (T-KNIGHT-ADD-1/2)
    if ((a[so + O_KOFF] as number) >= 1 && left >= 2) {
      // T-KNIGHT-ADD-1: a free square orthogonally next to an own knight A with h ≤ h(A).
      // T-KNIGHT-ADD-2: any such anchor suffices (so the highest decides); only own knights count.
      const st = ++this.stamp;
      for (let i0 = 0; i0 < nm; i0++) {
        const f = mine[i0] as number;
        const hf = a[H + f] as number;
        const n = GRID.orthCount[f] as number;
        for (let i = 0; i < n; i++) {
          const d = GRID.orth[4 * f + i] as number;
          if (a[P + d] === 0 && (a[H + d] as number) <= hf) this.marks[d] = st;
        }
      }
      for (let q = 0; q < 64; q++) if (this.marks[q] === st) out[k++] = code(K_KNIGHT, 0, q, 0, 0);
    }
    // move{from,to}, 1 AP (T-KNIGHT-MOVE-1): Step ∪ Door, each target once (T-FLOW-3)
    if (left >= 1) {
      for (let i0 = 0; i0 < nm; i0++) {
        const f = mine[i0] as number;
        const st = ++this.stamp;
        marked.count = 0;
        markSteps(this.heights, this.pieces, f, this.marks, st);
        markDoors(this.heights, this.pieces, f, this.marks, st);
        // the targets in ascending order (a short insertion sort of the marked squares)
        const list = marked.squares;
        const m = marked.count;
        for (let i = 1; i < m; i++) {
          const v = list[i] as number;
          let j = i - 1;
          while (j >= 0 && (list[j] as number) > v) {
            list[j + 1] = list[j] as number;
            j--;
          }
          list[j + 1] = v;
        }
        for (let i = 0; i < m; i++) out[k++] = code(K_MOVE, f, list[i] as number, 0, 0);
      }
      out[k++] = code(K_SCORE, 0, 0, 0, 0); // T-TRACK-3
      // T-BUY-1 / T-RULE-11: at most 2 per turn, from a non-empty deck, not in masterHand mode.
      if ((a[BOUGHT_N] as number) < 2 && this.buyDeckLen() > 0) out[k++] = code(K_BUY, 0, 0, 0, 0);
    }
    // play{card,…}, 0 AP, at most one per turn (T-PLAY-1), not a card bought this turn (T-BUY-2);
    // generated only here, in the mover's own actions step (T-PLAY-3)
    if (a[PLAYED] === 0) {
      for (let c = 1; c <= 10; c++) {
        if ((a[so + O_HAND + c] as number) - (a[BOUGHT + c] as number) > 0)
          k = this.genCard(c, out, k, r);
      }
    }
    out[k++] = code(K_END, 0, 0, 0, 0); // T-END-TURN-1
    return k;
  }

  private genCard(c: number, out: Int32Array, k0: number, r: Regions): number {
    const a = this.a;
    let k = k0;
    const seat = this.actor;
    const me = seat + 1;
    const so = this.so(seat);
    switch (c) {
      case AP6:
      case AP7:
        out[k++] = code(K_PLAY, 0, 0, 0, c); // T-PLAY-2: always playable
        break;
      case SUPPLY_BLOCK:
        // T-CARD-SUPPLY-1: one block from the supply under T-BLOCK-2/3/4; it needs supply ≥ 1
        // (T-RULE-8).
        if ((a[SUPPLY] as number) >= 1) {
          const ok = this.placeableSquares(r);
          for (let q = 0; q < 64; q++)
            if (ok[q] === 1 && a[P + q] === 0) out[k++] = code(K_PLAY, 0, q, 0, c);
        }
        break;
      case BLOCK_UNDER:
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const h = a[H + f] as number;
          // T-CARD-UNDER-1: the cap in a castle; on the ground at most one adjacent castle.
          const ok =
            h >= 1
              ? h + 1 <= (r.areas[r.labels[f] as number] as number)
              : adjacentCastles(f, r) <= 1;
          if (!ok) continue;
          if ((a[ACTIVE] as number) >= 1) out[k++] = code(K_PLAY, f, 0, X_ACTIVE, c);
          for (let s = 1; s <= MAX_STACK; s++)
            if ((a[so + O_STACKS + s] as number) > 0) out[k++] = code(K_PLAY, f, 0, s, c);
        }
        break;
      case MOVE_BLOCK:
        k = this.genMoveBlock(out, k);
        break;
      case RELOCATE: {
        // T-CARD-RELOCATE-1: lift the knight, then place it as if adding it: next to another own
        // knight at a level ≥ h(to). Count the anchors per square once, then discount the lifted one.
        const anchors = this.anchors;
        anchors.fill(0);
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const hf = a[H + f] as number;
          const n = GRID.orthCount[f] as number;
          for (let i = 0; i < n; i++) {
            const d = GRID.orth[4 * f + i] as number;
            if ((a[H + d] as number) <= hf) anchors[d] = (anchors[d] as number) + 1;
          }
        }
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const hf = a[H + f] as number;
          for (let q = 0; q < 64; q++) {
            if (q === f || a[P + q] !== 0) continue;
            let n = anchors[q] as number;
            // the lifted knight no longer anchors its own neighbours
            if (n > 0 && isOrthNeighbour(f, q) && (a[H + q] as number) <= hf) n--;
            if (n > 0) out[k++] = code(K_PLAY, f, q, 0, c);
          }
        }
        break;
      }
      case DIAGONAL:
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const h = a[H + f] as number;
          const n = GRID.diagCount[f] as number;
          // T-CARD-DIAGONAL-1: one diagonal square, up at most 1, down any (ascending order).
          for (let i = 0; i < n; i++) {
            const d = GRID.diag[4 * f + i] as number;
            if (a[P + d] === 0 && (a[H + d] as number) <= h + 1)
              out[k++] = code(K_PLAY, f, d, 0, c);
          }
        }
        break;
      case ANY_DOOR:
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const st = ++this.stamp;
          this.markAnyDoor(f, r, st);
          for (let q = 0; q < 64; q++)
            if (this.marks[q] === st) out[k++] = code(K_PLAY, f, q, 0, c);
        }
        break;
      case JUMP_KNIGHT:
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const fx = f & 7;
          const fy = f >> 3;
          // DIRS in ascending order of the landing square
          for (const [dx, dy] of DIRS) {
            const tx = fx + 2 * dx;
            const ty = fy + 2 * dy;
            if (tx < 0 || tx > 7 || ty < 0 || ty > 7) continue;
            const mid = a[P + 8 * (fy + dy) + fx + dx] as number;
            // T-CARD-JUMP-1: over one knight (the king only with jumpOverKing), onto a free square.
            const jumpable = (mid >= 1 && mid <= 4) || (mid === KING && this.o.jumpOverKing);
            if (jumpable && a[P + 8 * ty + tx] === 0) out[k++] = code(K_PLAY, f, 8 * ty + tx, 0, c);
          }
        }
        break;
      case CLIMB_TWO: {
        const exact = this.o.climbTwo === 'exact';
        for (let f = 0; f < 64; f++) {
          if (a[P + f] !== me) continue;
          const h = a[H + f] as number;
          const n = GRID.orthCount[f] as number;
          for (let i = 0; i < n; i++) {
            const d = GRID.orth[4 * f + i] as number;
            const hd = a[H + d] as number;
            // T-CARD-CLIMB2-1: exactly +2 ('exact') or at most +2 ('upTo'); ascending order.
            const ok = exact ? hd === h + 2 : hd <= h + 2;
            if (ok && a[P + d] === 0) out[k++] = code(K_PLAY, f, d, 0, c);
          }
        }
        break;
      }
      default:
        break;
    }
    return k;
  }

  /**
   * T-CARD-DOOR-1 / T-RULE-19: enter any adjacent door at the knight's level (a neighbour N with
   * h(N) > h(from)), move freely inside N's castle C, and leave onto a free square `to` ≠ from
   * that some square Q ∈ C ∩ orth(to) with h(Q) > h(to) faces with a door (the knight does not
   * climb as it steps out).
   */
  private markAnyDoor(f: number, r: Regions, st: number): void {
    const a = this.a;
    const s = a[H + f] as number;
    const nf = GRID.orthCount[f] as number;
    for (let i = 0; i < nf; i++) {
      const e = GRID.orth[4 * f + i] as number;
      if ((a[H + e] as number) <= s) continue;
      const c = r.labels[e] as number;
      for (let q = 0; q < 64; q++) {
        if (q === f || !this.free(q) || this.marks[q] === st) continue;
        const hq = a[H + q] as number;
        const n = GRID.orthCount[q] as number;
        for (let j = 0; j < n; j++) {
          const d = GRID.orth[4 * q + j] as number;
          if (r.labels[d] === c && (a[H + d] as number) > hq) {
            this.marks[q] = st;
            break;
          }
        }
      }
    }
  }

  /** T-CARD-MOVEBLOCK-1 / T-RULE-18, evaluated in the spec's order (lift, split, place, final). */
  private genMoveBlock(out: Int32Array, k0: number): number {
    const a = this.a;
    let k = k0;
    const h = this.heights;
    for (let f = 0; f < 64; f++) {
      const hf = a[H + f] as number;
      if (hf < 1 || !this.free(f)) continue; // an empty block, not under the king (T-KING-2)
      // 1. Lift the block: S′. Lifting from a stack of 2 or more changes no castle's squares
      // (and cannot make one too tall), so S′ has the current castles; only a lifted foundation
      // block (h = 1) needs a fresh labelling (raw writes, restored below; no hash change).
      let r: Regions;
      let ok = true;
      let badId = -1;
      if (hf > 1) {
        r = this.regions();
      } else {
        h[f] = 0;
        r = labelRegions(GRID, h, regionsB);
        h[f] = hf;
        // 2. The rest of the old castle must not split.
        let id = -1;
        const n = GRID.orthCount[f] as number;
        for (let i = 0; i < n; i++) {
          const l = r.labels[GRID.orth[4 * f + i] as number] as number;
          if (l < 0) continue;
          if (id >= 0 && l !== id) ok = false;
          id = l;
        }
        // A castle of S′ taller than its area can only be the lifted castle; at most one.
        for (let c = 0; c < r.count; c++)
          if ((r.tops[c] as number) > (r.areas[c] as number)) badId = c;
      }
      if (ok) {
        for (let q = 0; q < 64; q++) {
          if (q === f || !this.free(q)) continue;
          const hq = h[q] as number;
          let legal: boolean;
          if (hq >= 1) {
            // 3. raise (T-BLOCK-2) and 4. every castle valid, at least 6 castles (T-GEO-7).
            const id = r.labels[q] as number;
            legal = hq + 1 <= (r.areas[id] as number) && badId < 0 && r.count >= 6;
          } else {
            let id = -1;
            let many = false;
            const n = GRID.orthCount[q] as number;
            for (let i = 0; i < n; i++) {
              const l = r.labels[GRID.orth[4 * q + i] as number] as number;
              if (l < 0) continue;
              if (id >= 0 && l !== id) many = true;
              id = l;
            }
            if (many)
              legal = false; // merge (T-GEO-6)
            else if (id < 0)
              legal = badId < 0 && r.count + 1 >= 6; // founds a castle
            else
              legal =
                (badId < 0 ||
                  (badId === id && (r.tops[id] as number) <= (r.areas[id] as number) + 1)) &&
                r.count >= 6; // extends castle id
          }
          if (legal) out[k++] = code(K_PLAY, f, q, 0, MOVE_BLOCK);
        }
      }
    }
    return k;
  }

  // ---- playing moves ----

  /**
   * Plays a move code produced by `generate` (then the automatic bookkeeping, T-FLOW-4). Played
   * cards leave the game (T-DECK-2).
   */
  play(c: number): void {
    if (this.depth >= this.plyMarks.length) {
      const bigger = new Int32Array(this.plyMarks.length * 2);
      bigger.set(this.plyMarks);
      this.plyMarks = bigger;
    }
    this.plyMarks[this.depth++] = this.logLen;
    try {
      this.exec(c);
      this.autoAdvance();
    } catch (e) {
      this.undo();
      throw e;
    }
  }

  /** Takes back the last `play`. */
  undo(): void {
    if (this.depth === 0) throw new RulesError('UNSUPPORTED', 'undo: nothing to take back');
    const mark = this.plyMarks[--this.depth] as number;
    while (this.logLen > mark) {
      const old = this.log[--this.logLen] as number;
      const i = this.log[--this.logLen] as number;
      const v = this.a[i] as number;
      this.a[i] = old;
      if (i < 64) this.heightsVersion++;
      this.lo = (this.lo ^ key1(i, v) ^ key1(i, old)) >>> 0;
      this.hi = (this.hi ^ key2(i, v) ^ key2(i, old)) >>> 0;
    }
  }

  private exec(c: number): void {
    const a = this.a;
    const kind = kindOf(c);
    const f = fromOf(c);
    const t = toOf(c);
    const x = xOf(c);
    const seat = this.actor;
    const so = this.so(seat);
    switch (kind) {
      case K_CASTLE:
        this.w(H + t, 1);
        this.add(SUPPLY, -1);
        this.add(SETUP_N, 1);
        if (a[SETUP_N] === 8) {
          // T-MASTER-SETUP-2: then knights and king as in T-SETUP-3/4.
          this.w(SETUP_N, 0);
          this.w(STEP, S_SETUP_KNIGHT);
          this.w(ACTOR, a[ORDER] as number);
        } else {
          this.w(ACTOR, (seat + 1) % this.n);
        }
        break;
      case K_START:
        this.w(P + t, seat + 1);
        this.add(so + O_KOFF, -1);
        this.add(SETUP_N, 1);
        if (a[SETUP_N] === this.n) {
          this.w(SETUP_N, 0);
          this.w(STEP, S_SETUP_KING); // T-SETUP-4: the last placer places the king
        } else {
          this.w(ACTOR, (seat + 1) % this.n);
        }
        break;
      case K_KING:
      case K_KING_STAY:
        if (kind === K_KING) {
          for (let q = 0; q < 64; q++) if (a[P + q] === KING) this.w(P + q, 0);
          this.w(P + t, KING);
        }
        if (a[STEP] === S_SETUP_KING) this.deal(); // T-SETUP-5: phase-1 stacks once setup is done
        this.startTurn();
        break;
      case K_STACK:
        this.add(so + O_STACKS + x, -1);
        this.w(ACTIVE, x);
        this.w(STEP, S_ACTIONS);
        break;
      case K_BLOCK:
        this.add(H + t, 1);
        this.add(ACTIVE, -1);
        this.add(AP_USED, 1);
        break;
      case K_KNIGHT:
        this.w(P + t, seat + 1);
        this.add(so + O_KOFF, -1);
        this.add(AP_USED, 2);
        break;
      case K_MOVE:
        this.movePiece(f, t);
        this.add(AP_USED, 1);
        break;
      case K_SCORE:
        this.advance(seat, 1); // T-TRACK-3, leapfrogging (T-RULE-10)
        this.add(AP_USED, 1);
        break;
      case K_BUY:
        this.buy(seat);
        break;
      case K_KEEP: {
        // T-DRAFT-1: the kept card goes to the hand and counts as bought.
        const n = a[PEND_N] as number;
        let i = 0;
        while (i < n && a[PEND + i] !== x) i++;
        for (let j = i; j < n - 1; j++) this.w(PEND + j, a[PEND + j + 1] as number);
        this.w(PEND + n - 1, 0);
        this.w(PEND_N, n - 1);
        this.add(so + O_HAND + x, 1);
        this.add(BOUGHT + x, 1);
        this.w(STEP, S_RETURN);
        break;
      }
      case K_RETURN:
        this.returnPending(seat, x === 1);
        break;
      case K_SPREAD:
        // T-REDIST-1: one block onto a stack of size x.
        this.add(so + O_STACKS + x, -1);
        this.add(so + O_STACKS + x + 1, 1);
        this.add(ACTIVE, -1);
        this.add(SPREAD_N, 1);
        if (a[ACTIVE] === 0) this.afterRedistribution();
        break;
      case K_END:
        if (a[STEP] === S_REDIST) {
          // T-REDIST-2 ('optional'): the rest returns to the supply.
          this.add(SUPPLY, a[ACTIVE] as number);
          this.w(ACTIVE, 0);
          this.afterRedistribution();
        } else {
          this.endTurn(seat);
        }
        break;
      case K_PLAY:
        this.playCard(cardOf(c), f, t, x);
        break;
      default:
        throw new RulesError('ILLEGAL_MOVE', `unknown move code ${c}`);
    }
  }

  private movePiece(f: number, t: number): void {
    this.w(P + t, this.a[P + f] as number);
    this.w(P + f, 0);
  }

  private buy(seat: number): void {
    const a = this.a;
    const so = this.so(seat);
    this.add(AP_USED, 1);
    this.add(BOUGHT_N, 1);
    // T-DECK-2: decks are never reshuffled; T-DRAFT-3: a second purchase repeats the draw.
    const shared = this.o.deckMode === 'shared';
    const nIdx = shared ? DECK_N : so + O_DECK_N;
    const base = shared ? DECK : so + O_DECK;
    const len = a[nIdx] as number;
    if (this.o.deckMode === 'draft') {
      // T-DRAFT-1: the top min(3, deck) cards go to `pending`, in drawn order.
      const m = Math.min(3, len);
      for (let i = 0; i < m; i++) {
        const card = a[base + len - 1 - i] as number;
        if (card === HIDDEN) throw hidden();
        this.w(PEND + i, card);
        this.w(base + len - 1 - i, 0);
      }
      this.w(PEND_N, m);
      this.w(nIdx, len - m);
      this.w(STEP, S_KEEP);
      return;
    }
    const card = a[base + len - 1] as number;
    if (card === HIDDEN) throw hidden();
    this.w(base + len - 1, 0);
    this.w(nIdx, len - 1);
    this.add(so + O_HAND + card, 1);
    this.add(BOUGHT + card, 1); // T-BUY-2
  }

  private returnPending(seat: number, bottom: boolean): void {
    const a = this.a;
    const so = this.so(seat);
    const m = a[PEND_N] as number;
    const len = a[so + O_DECK_N] as number;
    const base = so + O_DECK;
    if (bottom) {
      // Shift the deck up by m, then the first drawn ends up above the later ones.
      for (let i = len - 1; i >= 0; i--) this.w(base + i + m, a[base + i] as number);
      for (let i = 0; i < m; i++) this.w(base + i, a[PEND + m - 1 - i] as number);
    } else {
      for (let i = 0; i < m; i++) this.w(base + len + i, a[PEND + m - 1 - i] as number);
    }
    this.w(so + O_DECK_N, len + m);
    for (let i = 0; i < 3; i++) this.w(PEND + i, 0);
    this.w(PEND_N, 0);
    this.w(STEP, S_ACTIONS);
  }

  private playCard(card: number, f: number, t: number, x: number): void {
    const a = this.a;
    const seat = this.actor;
    const so = this.so(seat);
    this.w(PLAYED, 1);
    this.add(so + O_HAND + card, -1); // T-PLAY-1: the card leaves the game
    this.add(so + O_PLAYED + card, 1); // … and stays on public record (T-OBS-1)
    switch (card) {
      case AP6:
        this.w(AP_LIMIT, 6); // T-CARD-AP6-1
        break;
      case AP7:
        this.w(AP_LIMIT, 7); // T-CARD-AP7-1: 7, [SEED]'s "instead of 6" is a misprint (T-RULE-21)
        break;
      case SUPPLY_BLOCK:
        this.add(SUPPLY, -1);
        this.add(H + t, 1);
        break;
      case BLOCK_UNDER:
        if (x === X_ACTIVE) this.add(ACTIVE, -1);
        else {
          this.add(so + O_STACKS + x, -1);
          this.add(so + O_STACKS + x - 1, 1);
        }
        this.add(H + f, 1);
        break;
      case MOVE_BLOCK:
        this.add(H + f, -1);
        this.add(H + t, 1);
        break;
      default:
        // relocate, diagonal, anyDoor, jumpKnight, climbTwo: the knight goes from f to t.
        if ((a[P + f] as number) !== seat + 1)
          throw new RulesError('ILLEGAL_MOVE', 'not your knight');
        this.movePiece(f, t);
        break;
    }
  }

  /**
   * T-TRACK-2 (leapfrog): move seat p by k, skipping every occupied space; AP steps leapfrog
   * too (T-RULE-10).
   */
  advance(p: number, k: number): void {
    if (k === 0) return;
    let target = this.score(p) + k;
    for (;;) {
      let taken = false;
      for (let q = 0; q < this.n; q++) if (q !== p && this.score(q) === target) taken = true;
      if (!taken) break;
      target++;
    }
    this.w(this.so(p) + O_SCORE, target);
  }

  private room(seat: number): number {
    const base = this.so(seat) + O_STACKS;
    let room = 0;
    for (let s = 0; s < this.cap; s++) room += (this.a[base + s] as number) * (this.cap - s);
    return room;
  }

  private otherStacks(seat: number): number {
    const base = this.so(seat) + O_STACKS;
    let n = 0;
    for (let s = 0; s <= MAX_STACK; s++) n += this.a[base + s] as number;
    return n;
  }

  /** T-END-TURN-1 and T-REDIST-1..3. */
  private endTurn(seat: number): void {
    const a = this.a;
    const u = a[ACTIVE] as number;
    if (this.otherStacks(seat) === 0) {
      // T-REDIST-3: the seat's last turn of the phase; T-RULE-4 may carry up to 3 blocks.
      const carry = this.o.carryOverBlocks && (a[PHASE] as number) < 3 ? Math.min(u, 3) : 0;
      this.add(SUPPLY, u - carry);
      this.w(this.so(seat) + O_CARRY, carry);
      this.w(ACTIVE, 0);
      this.finishTurn();
      return;
    }
    const r = Math.min(u, 3, this.room(seat));
    this.add(SUPPLY, u - r); // T-REDIST-2: the rest returns to the supply
    this.w(ACTIVE, r);
    if (r > 0) this.w(STEP, S_REDIST);
    else this.finishTurn();
  }

  private afterRedistribution(): void {
    if (this.a[CARRY_SPREAD] === 1) {
      this.w(CARRY_SPREAD, 0);
      this.w(SPREAD_N, 0);
      this.w(STEP, S_CHOOSE);
    } else {
      this.finishTurn();
    }
  }

  private resetTurn(): void {
    this.w(ACTIVE, 0);
    this.w(AP_LIMIT, 5); // T-AP-1
    this.w(AP_USED, 0);
    this.w(BOUGHT_N, 0);
    for (let c = 0; c <= 10; c++) this.w(BOUGHT + c, 0);
    this.w(PLAYED, 0);
    this.w(SPREAD_N, 0);
    this.w(CARRY_SPREAD, 0);
  }

  /** T-REDIST-4: the next seat, round or phase. A turn has at most 20 moves (T-FLOW-6). */
  private finishTurn(): void {
    const a = this.a;
    this.resetTurn();
    let ti = (a[TURN] as number) + 1;
    if (ti === this.n) {
      ti = 0;
      const round = (a[ROUND] as number) + 1;
      this.w(ROUND, round);
      this.w(TURN, 0);
      if (round === this.rounds()) {
        this.endPhase();
        return;
      }
      if (this.o.roundOrder === 'leaderEachRound') this.setOrder(this.leader(a[ORDER] as number));
    }
    this.w(TURN, ti);
    this.startTurn();
  }

  private setOrder(first: number): void {
    for (let i = 0; i < 4; i++) this.w(ORDER + i, i < this.n ? (first + i) % this.n : 0);
  }

  /** T-ORDER-3: the lowest scorer; ties (only possible on 0) go to the first clockwise from `from`. */
  lowest(from: number): number {
    let best = from;
    for (let i = 1; i < this.n; i++) {
      const p = (from + i) % this.n;
      if (this.score(p) < this.score(best)) best = p;
    }
    return best;
  }

  /** The highest scorer, ties clockwise from `from` (T-ORDER-2 'highest', T-ORDER-4). */
  leader(from: number): number {
    let best = from;
    for (let i = 1; i < this.n; i++) {
      const p = (from + i) % this.n;
      if (this.score(p) > this.score(best)) best = p;
    }
    return best;
  }

  /** The seats in scoring order (T-SCORE-2). */
  scoringOrder(): number[] {
    const lps = this.a[LPS] as number;
    const seats = Array.from({ length: this.n }, (_, i) => (lps + i) % this.n);
    if (this.o.scoringOrder === 'leaderFirst') seats.sort((x, y) => this.score(y) - this.score(x));
    return seats;
  }

  /** T-FLOW-5: score the phase, then end the game or deal and offer the king move. */
  private endPhase(): void {
    const a = this.a;
    const phase = a[PHASE] as number;
    // T-SCORE-4: the board as it stands after the phase's last turn; only knights score.
    const order = this.scoringOrder();
    // T-SCORE-3: all castles first (one movement each), then king bonuses, then the master card.
    const castles = castlePoints(this.heights, this.pieces, this.n);
    for (const p of order) this.advance(p, castles[p] as number);
    const bonus = kingBonus(this.heights, this.pieces, this.n, phase);
    for (const p of order) this.advance(p, bonus[p] as number);
    const master = a[MASTER] as number;
    if (master > 0) {
      const pts = masterPoints(master, this.heights, this.pieces, this.n, phase, this.o);
      for (const p of order) this.advance(p, pts[p] as number);
    }
    if (phase === 3) {
      this.w(STEP, S_OVER); // T-END-1
      this.w(ACTOR, 0);
      this.w(TURN, 0);
      return;
    }
    const lps = a[LPS] as number;
    const low = this.lowest(lps);
    let first = low; // T-ORDER-2, and T-MASTER-ORDER-1 in the master version
    if (this.o.phaseStartPlayer === 'highest') first = this.leader(lps);
    if (this.o.roundOrder === 'leaderEachRound') first = this.leader(lps);
    this.w(PHASE, phase + 1);
    this.w(ROUND, 0);
    this.w(TURN, 0);
    this.w(LPS, first);
    this.setOrder(first);
    this.deal();
    // T-KING-5: the lowest scorer may move the king (skipped when no castle square is free).
    this.w(STEP, S_KING_MOVE);
    this.w(ACTOR, low);
  }

  /**
   * T-PHASE-2: deal the phase's stacks from the supply in seat order, stack by stack. With the
   * default options the supply never runs short (T-RULE-8); otherwise later stacks get size 0.
   */
  private deal(): void {
    const a = this.a;
    const sizes = this.phases[(a[PHASE] as number) - 1] as readonly number[];
    for (const size of sizes) {
      for (let i = 0; i < this.n; i++) {
        const p = a[ORDER + i] as number;
        const got = Math.min(size, a[SUPPLY] as number);
        this.add(SUPPLY, -got);
        this.add(this.so(p) + O_STACKS + got, 1);
      }
    }
  }

  private startTurn(): void {
    const a = this.a;
    const seat = a[ORDER + (a[TURN] as number)] as number;
    this.w(ACTOR, seat);
    this.resetTurn();
    const so = this.so(seat);
    const carry = a[so + O_CARRY] as number;
    if (carry > 0) {
      // T-RULE-4: carried blocks are spread onto the new stacks first (cap applies).
      const r = Math.min(carry, this.room(seat));
      this.add(SUPPLY, carry - r);
      this.w(so + O_CARRY, 0);
      if (r > 0) {
        this.w(ACTIVE, r);
        this.w(CARRY_SPREAD, 1);
        this.w(STEP, S_REDIST);
        return;
      }
    }
    this.w(STEP, S_CHOOSE);
  }

  /** T-FLOW-4: the forced bookkeeping moves `apply` makes itself. */
  private autoAdvance(): void {
    const a = this.a;
    for (;;) {
      const step = a[STEP];
      const so = this.so(this.actor);
      if (step === S_CHOOSE) {
        let only = -1;
        let distinct = 0;
        for (let s = 0; s <= MAX_STACK; s++) {
          if ((a[so + O_STACKS + s] as number) > 0) {
            distinct++;
            only = s;
          }
        }
        if (distinct !== 1) return;
        this.exec(code(K_STACK, 0, 0, only, 0));
      } else if (step === S_REDIST) {
        if (this.o.redistribution === 'optional') return;
        let only = -1;
        let distinct = 0;
        for (let s = 0; s < this.cap; s++) {
          if ((a[so + O_STACKS + s] as number) > 0) {
            distinct++;
            only = s;
          }
        }
        if (distinct !== 1) return;
        this.exec(code(K_SPREAD, 0, 0, only, 0));
      } else if (step === S_KEEP) {
        if (a[PEND_N] !== 1) return;
        this.exec(code(K_KEEP, 0, 0, a[PEND] as number, 0));
      } else if (step === S_RETURN) {
        if (a[PEND_N] !== 0 && a[so + O_DECK_N] !== 0) return;
        this.exec(code(K_RETURN, 0, 0, 0, 0));
      } else if (step === S_KING_MOVE) {
        let any = false;
        for (let q = 0; q < 64 && !any; q++)
          if ((a[H + q] as number) > 0 && a[P + q] === 0) any = true;
        if (any) return;
        this.exec(code(K_KING_STAY, 0, 0, 0, 0));
      } else {
        return;
      }
    }
  }
}

const DIRS: readonly (readonly [number, number])[] = [
  [0, -1],
  [-1, 0],
  [1, 0],
  [0, 1],
];

function isOrthNeighbour(a: number, b: number): boolean {
  const d = a > b ? a - b : b - a;
  return d === 8 || (d === 1 && a >> 3 === b >> 3);
}

/** The number of different castles orthogonally adjacent to ground square q. */
export function adjacentCastles(q: number, r: Regions): number {
  let first = -1;
  let second = -1;
  let count = 0;
  const n = GRID.orthCount[q] as number;
  for (let i = 0; i < n; i++) {
    const l = r.labels[GRID.orth[4 * q + i] as number] as number;
    if (l < 0 || l === first || l === second) continue;
    if (first < 0) first = l;
    else if (second < 0) second = l;
    count++;
  }
  return count;
}

function hidden(): RulesError {
  return new RulesError(
    'HIDDEN_INFORMATION',
    'buy: the deck order is hidden in this observed state',
  );
}

/** Builds the start position for resolved options and their RNG draws (see `index.ts`). */
export function startPosition(
  o: TorresOptions,
  first: number,
  master: number,
  sharedDeck: readonly number[],
  seatDecks: readonly (readonly number[])[],
): Position {
  const a = new Int32Array(SIZE);
  const n = o.players;
  let supply = o.totalBlocks;
  if (o.version === 'basic') {
    // T-SETUP-2: one block on each start square.
    for (const s of o.startSquares) {
      a[H + (s.charCodeAt(0) - 97) + 8 * (s.charCodeAt(1) - 49)] = 1;
      supply--;
    }
  }
  a[SUPPLY] = supply;
  a[PHASE] = 1;
  a[STEP] = o.version === 'master' ? S_SETUP_CASTLE : S_SETUP_KNIGHT;
  a[LPS] = first;
  a[ACTOR] = first;
  a[AP_LIMIT] = 5;
  a[MASTER] = master;
  for (let i = 0; i < n; i++) a[ORDER + i] = (first + i) % n; // T-ORDER-1
  // Decks are stored bottom first; the given lists are top first.
  a[DECK_N] = sharedDeck.length;
  for (let i = 0; i < sharedDeck.length; i++)
    a[DECK + i] = sharedDeck[sharedDeck.length - 1 - i] as number;
  for (let p = 0; p < n; p++) {
    const so = SEAT0 + p * SEAT_STRIDE;
    a[so + O_KOFF] = o.knightsPerPlayer;
    const d = seatDecks[p] ?? [];
    a[so + O_DECK_N] = d.length;
    for (let i = 0; i < d.length; i++) a[so + O_DECK + i] = d[d.length - 1 - i] as number;
    // T-MASTER-HAND-1 / T-DECK-1 'masterHand': all 10 cards of the seat's colour in hand.
    if (o.deckMode === 'masterHand') for (let c = 1; c <= 10; c++) a[so + O_HAND + c] = 1;
  }
  return new Position(o, a);
}
