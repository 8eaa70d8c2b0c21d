/**
 * The compact mutable Torres position: the whole game state in one `Int32Array`, every write
 * logged for `undo` and folded into an incremental Zobrist-style hash. It holds the one move
 * generator (`generate`) and the one move executor (`play`) that both `moves`/`apply` and the
 * search fast path use, so the two paths cannot disagree.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { bitHi, bitLo, emitTo, growHi, growLo, lowest, ORTH } from './bits.js';
import {
  type Castles,
  doorReach,
  GRID,
  joinCastles,
  LEVELS,
  labelCastles,
  makeCastles,
  manhattan,
  stepReach,
} from './board.js';
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

function zeroHash(key: (i: number, v: number) => number): number {
  let h = 0;
  for (let i = 0; i < SIZE; i++) h ^= key(i, 0);
  return h;
}
/** The hash halves of the all-zero array, so `rehash` only visits the non-zero entries. */
const ZERO_LO = zeroHash(key1);
const ZERO_HI = zeroHash(key2);

const EMPTY = new Int32Array(0);

// ---- caches of what the heights imply, shared by all positions ----
// A position stamps each height change with a fresh value of `clock`, so a stamp names one board
// of one position: an entry made for another position (or an older board) never matches. The
// caches need no per-position memory (a position is cheap to build) and no invalidation; only
// the door cache, which outlives height changes far from the knight, checks what changed.
let clock = 0;
/** The castles of the board with ground stamp `castlesAt`. */
const castleCache: Castles = makeCastles();
let castlesAt = -1;
/** T-BLOCK-3: ground squares next to exactly one castle, for ground stamp `ground1At`. */
const ground1 = new Int32Array(2);
let ground1At = -1;
/** T-BLOCK-2/3: squares that take a block by heights alone, for heights stamp `placeableAt`. */
const placeable = new Int32Array(2);
let placeableAt = -1;
/**
 * Door(f) before occupancy at `[2f, 2f + 1]`, computed for position `doorOwner[f]` after its
 * `doorSeq[f]`-th height change, with the squares it depends on at `doorDeps[2f..]`: it stays
 * valid until one of those squares changes height (see `doorValid`).
 */
const doorCache = new Int32Array(128);
const doorDeps = new Int32Array(128);
const doorOwner: number[] = new Array<number>(64).fill(-1);
const doorSeq: number[] = new Array<number>(64).fill(0);
/** How many recent height changes a position remembers (a power of two). */
const RING = 16;
// ---- scratch for one generate call ----
/** The mover's knights as a list (see `listKnights`). */
const ownList = new Int8Array(64);
const pair = new Int32Array(2);
/** Scratch of `boardSets`. */
const scoringSets = new Int32Array(10);
/** `foldHash`'s marks of the indices already folded, per fold. */
const foldMark = new Int32Array(SIZE);
let foldStamp = 0;

/** A position's state array and hash halves, as {@link Position.snapshot} takes them. */
export interface Snapshot {
  readonly a: Int32Array;
  /** Whether `lo`/`hi` hold the hash of `a` (a position computes it on first demand). */
  readonly known: boolean;
  readonly lo: number;
  readonly hi: number;
}

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
  /** The undo log: (index, old value) pairs; grown on demand (many positions never play). */
  private log: Int32Array = EMPTY;
  private logLen = 0;
  /** Whether `lo`/`hi` are set; until then no write is folded (`hashedLen` stays 0). */
  private hashKnown = false;
  /** The log length already folded into `lo`/`hi`. */
  private hashedLen = 0;
  private plyMarks: Int32Array = EMPTY;
  private depth = 0;
  // ---- bit sets derived from the board, kept in step with every write (`track`) ----
  /** `levels[2t], levels[2t + 1]`: the squares with h > t (see `LEVELS`). */
  readonly levels: Int32Array = new Int32Array(2 * LEVELS);
  /** The occupied squares (any piece). */
  private readonly occupied = new Int32Array(2);
  /** The knights of seat p at `[2p, 2p + 1]` (any of the four colours, as `pieces` holds them). */
  private readonly knights = new Int32Array(8);
  /** This position's identity for the shared caches. */
  private readonly id = ++clock;
  /** The number of height changes so far; the last `RING` squares are in `changed`. */
  private heightChanges = 0;
  private readonly changed = new Int8Array(RING);
  /** The heights' stamp: a fresh `clock` value on every height change (see the caches). */
  private heightsVersion = ++clock;
  /** The ground's stamp: renewed when a square turns from ground to castle or back. */
  private groundVersion = ++clock;
  /** The ground stamp before the last ground change if that was a rise (of `risen`), else −1. */
  private priorGround = -1;
  private risen = 0;

  /**
   * A position over the state array `a` (owned from now on). `hash`, when given, carries the
   * hash halves of `a` if known (from {@link snapshot}); otherwise the hash is computed on first
   * demand, so playouts that never ask for it never pay for it.
   */
  constructor(o: TorresOptions, a: Int32Array, hash?: Snapshot) {
    this.o = o;
    this.n = o.players;
    this.a = a;
    this.heights = a.subarray(H, H + 64);
    this.pieces = a.subarray(P, P + 64);
    this.phases = stacksFor(o);
    this.cap = o.stackCap ?? MAX_STACK;
    if (hash?.known === true) {
      this.lo = hash.lo;
      this.hi = hash.hi;
      this.hashKnown = true;
    }
    for (let q = 0; q < 64; q++) {
      const h = a[H + q];
      const p = a[P + q];
      if (h !== 0) this.track(H + q, 0, h);
      if (p !== 0) this.track(P + q, 0, p);
    }
  }

  /** Keeps the derived bit sets in step with a write of `v` over `old` at index i. */
  private track(i: number, old: number, v: number): void {
    if (i < 64) this.heightChanged(i, old, v);
    else if (i < 128) this.pieceChanged(i - 64, old, v);
  }

  private heightChanged(q: number, old: number, v: number): void {
    this.heightsVersion = ++clock;
    this.changed[this.heightChanges++ & (RING - 1)] = q;
    if ((old === 0) !== (v === 0)) {
      // a square rising from the ground can usually be added to the cached castles (`castles`)
      this.priorGround = old === 0 ? this.groundVersion : -1;
      this.risen = q;
      this.groundVersion = ++clock;
    }
    const lo = bitLo(q);
    const hi = bitHi(q);
    const lv = this.levels;
    for (let t = v; t < old; t++) {
      lv[2 * t] = lv[2 * t] & ~lo;
      lv[2 * t + 1] = lv[2 * t + 1] & ~hi;
    }
    for (let t = old; t < v; t++) {
      lv[2 * t] = lv[2 * t] | lo;
      lv[2 * t + 1] = lv[2 * t + 1] | hi;
    }
  }

  private pieceChanged(q: number, old: number, v: number): void {
    const lo = bitLo(q);
    const hi = bitHi(q);
    const occ = this.occupied;
    const kn = this.knights;
    if (old >= 1 && old <= 4) {
      kn[2 * old - 2] = kn[2 * old - 2] & ~lo;
      kn[2 * old - 1] = kn[2 * old - 1] & ~hi;
    }
    if (v >= 1 && v <= 4) {
      kn[2 * v - 2] = kn[2 * v - 2] | lo;
      kn[2 * v - 1] = kn[2 * v - 1] | hi;
    }
    occ[0] = v === 0 ? occ[0] & ~lo : occ[0] | lo;
    occ[1] = v === 0 ? occ[1] & ~hi : occ[1] | hi;
  }

  /** A copy without history. */
  clone(): Position {
    const s = this.snapshot();
    return new Position(this.o, s.a, s);
  }

  /** A copy of the state array with its hash (history and caches are not part of it). */
  snapshot(): Snapshot {
    return this.handOver(this.a.slice());
  }

  /**
   * The state array itself with its hash, without a copy: for a position that is not used
   * again (the caller gives up the position).
   */
  release(): Snapshot {
    return this.handOver(this.a);
  }

  private handOver(a: Int32Array): Snapshot {
    if (this.hashKnown) this.foldHash();
    return { a, known: this.hashKnown, lo: this.lo, hi: this.hi };
  }

  /** A fresh position from a snapshot (the snapshot stays untouched and reusable). */
  static restore(o: TorresOptions, s: Snapshot): Position {
    return new Position(o, s.a.slice(), s);
  }

  private rehash(): void {
    // Start from the all-zero array's hash and swap in each non-zero entry's keys.
    let lo = ZERO_LO;
    let hi = ZERO_HI;
    for (let i = 0; i < SIZE; i++) {
      const v = this.a[i];
      if (v === 0) continue;
      lo ^= key1(i, 0) ^ key1(i, v);
      hi ^= key2(i, 0) ^ key2(i, v);
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }

  /** The Zobrist hash, a non-negative 53-bit integer. */
  hash(): number {
    this.foldHash();
    return (this.hi & 0x1fffff) * 0x100000000 + (this.lo >>> 0);
  }

  /**
   * Every state change goes through here: logged for undo as (index, old value) and folded into
   * the hash lazily (`foldHash`), so playouts that never ask for the hash never compute it.
   */
  w(i: number, v: number): void {
    const old = this.a[i];
    if (old === v) return;
    if (this.logLen + 2 > this.log.length) this.growLog();
    const log = this.log;
    log[this.logLen++] = i;
    log[this.logLen++] = old;
    this.a[i] = v;
    if (i < 128) this.track(i, old, v);
  }

  /**
   * Grows the undo log (allocated on the first write: 4,096 entries hold a whole random 4-player
   * game, about 2,000), doubling it after that.
   */
  private growLog(): void {
    const bigger = new Int32Array(Math.max(4096, this.log.length * 2));
    bigger.set(this.log);
    this.log = bigger;
  }

  /**
   * Folds the writes logged since the last fold into the hash (computing it the first time).
   * The writes to one index telescope: only its value before the first of them and its value
   * now count, so each index is folded once (`foldMark` finds the first write).
   */
  private foldHash(): void {
    if (!this.hashKnown) {
      this.rehash(); // the array as it stands, every logged write included
      this.hashKnown = true;
      this.hashedLen = this.logLen;
      return;
    }
    const log = this.log;
    let lo = this.lo;
    let hi = this.hi;
    const st = ++foldStamp;
    for (let j = this.hashedLen; j < this.logLen; j += 2) {
      const i = log[j];
      if (foldMark[i] === st) continue;
      foldMark[i] = st;
      const old = log[j + 1];
      const v = this.a[i];
      lo ^= key1(i, old) ^ key1(i, v);
      hi ^= key2(i, old) ^ key2(i, v);
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
    this.hashedLen = this.logLen;
  }

  private add(i: number, d: number): void {
    this.w(i, this.a[i] + d);
  }

  // ---- small accessors ----
  get step(): number {
    return this.a[STEP];
  }
  get actor(): number {
    return this.a[ACTOR];
  }
  /** Offset of seat p's record. */
  so(p: number): number {
    return SEAT0 + p * SEAT_STRIDE;
  }
  score(p: number): number {
    return this.a[this.so(p) + O_SCORE];
  }
  /** Size of the deck the actor buys from (T-DECK-1); −1 when buying is impossible. */
  buyDeckLen(): number {
    const m = this.o.deckMode;
    if (m === 'masterHand') return -1;
    if (m === 'shared') return this.a[DECK_N];
    return this.a[this.so(this.actor) + O_DECK_N];
  }
  /** Rounds (= stacks per seat) of the current phase. */
  rounds(): number {
    return (this.phases[this.a[PHASE] - 1] as readonly number[]).length;
  }
  private free(q: number): boolean {
    return this.a[P + q] === 0;
  }

  /**
   * T-GEO-4: the castles of the current heights, ids in no particular order (cached until a
   * square turns ground or castle; a square rising next to one castle joins it in place).
   */
  castles(): Castles {
    if (castlesAt !== this.groundVersion) {
      const oneRiseBehind = castlesAt === this.priorGround;
      if (!oneRiseBehind || !joinCastles(castleCache, this.risen))
        labelCastles(this.levels[0], this.levels[1], castleCache);
      castlesAt = this.groundVersion;
    }
    return castleCache;
  }

  /** Whether the cached Door(f) is this position's and no square it depends on changed since. */
  private doorValid(f: number): boolean {
    if (doorOwner[f] !== this.id) return false;
    const from = doorSeq[f];
    if (this.heightChanges - from > RING) return false;
    const lo = doorDeps[2 * f];
    const hi = doorDeps[2 * f + 1];
    for (let j = from; j < this.heightChanges; j++) {
      const q = this.changed[j & (RING - 1)];
      if (((q < 32 ? lo >>> q : hi >>> (q - 32)) & 1) !== 0) return false;
    }
    return true;
  }

  /** The squares of the set `lo, hi` that hold no piece (T-KNIGHT-MOVE-3, T-BLOCK-4). */
  private freeLo(lo: number): number {
    return lo & ~this.occupied[0];
  }
  private freeHi(hi: number): number {
    return hi & ~this.occupied[1];
  }

  /**
   * The squares that take a block now by T-BLOCK-2/3/4 (heights and occupancy; AP, the active
   * stack and the supply are the caller's business), at `out[o], out[o + 1]`. The generator's
   * `block` and supply-card moves and the `canTakeBlock` query all read this one set.
   */
  blockTargets(out: Int32Array, o: number): void {
    const ok = this.placeableSet();
    out[o] = this.freeLo(ok[0]);
    out[o + 1] = this.freeHi(ok[1]);
  }

  /** Step(f) (T-KNIGHT-MOVE-2) onto free squares (T-KNIGHT-MOVE-3), at `out[o], out[o + 1]`. */
  stepTargets(f: number, out: Int32Array, o: number): void {
    stepReach(this.levels, f, this.a[H + f], out, o);
    out[o] = this.freeLo(out[o]);
    out[o + 1] = this.freeHi(out[o + 1]);
  }

  /**
   * Door(f) (T-DOOR-2) onto free squares (T-KNIGHT-MOVE-3), at `out[o], out[o + 1]`. Door(f)
   * depends on the heights only, so it is cached per square until a height changes.
   */
  doorTargets(f: number, out: Int32Array, o: number): void {
    this.refreshDoor(f);
    out[o] = this.freeLo(doorCache[2 * f]);
    out[o + 1] = this.freeHi(doorCache[2 * f + 1]);
  }

  /** Makes `doorCache[2f..]` hold this position's Door(f) before occupancy (T-DOOR-2). */
  private refreshDoor(f: number): void {
    if (!this.doorValid(f)) {
      const s = this.a[H + f];
      doorReach(this.levels, this.castles(), f, s, doorCache, 2 * f, doorDeps);
      doorOwner[f] = this.id;
    }
    doorSeq[f] = this.heightChanges;
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
        const r = this.castles();
        const kn = this.knights;
        const knLo = kn[0] | kn[2] | kn[4] | kn[6];
        const knHi = kn[1] | kn[3] | kn[5] | kn[7];
        let lo = 0;
        let hi = 0;
        for (let id = 0; id < r.count; id++) {
          const cLo = r.sets[2 * id];
          const cHi = r.sets[2 * id + 1];
          if (((cLo & knLo) | (cHi & knHi)) !== 0) continue; // the castle holds a knight
          lo |= cLo;
          hi |= cHi;
        }
        const kind = a[STEP] === S_SETUP_KNIGHT ? K_START : K_KING;
        k = emitTo(out, k, this.freeLo(lo), this.freeHi(hi), code(kind, 0, 0, 0, 0));
        break;
      }
      case S_CHOOSE: {
        // T-STACK-1: one move per distinct stack size.
        const base = this.so(this.actor) + O_STACKS;
        for (let s = 0; s <= MAX_STACK; s++)
          if (a[base + s] > 0) out[k++] = code(K_STACK, 0, 0, s, 0);
        break;
      }
      case S_ACTIONS:
        k = this.genActions(out, k);
        break;
      case S_KEEP: {
        // T-DRAFT-1: keep one of the drawn cards (by type).
        const seen = new Uint8Array(11);
        for (let i = 0; i < a[PEND_N]; i++) seen[a[PEND + i]] = 1;
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
          if (a[base + s] > 0) out[k++] = code(K_SPREAD, 0, 0, s, 0);
        // T-REDIST-2: with 'optional', `end` returns the rest to the supply.
        if (this.o.redistribution === 'optional') out[k++] = code(K_END, 0, 0, 0, 0);
        break;
      }
      case S_KING_MOVE: {
        // T-KING-5 / T-RULE-6: stay, or any free castle square at any level, never the ground.
        out[k++] = code(K_KING_STAY, 0, 0, 0, 0);
        for (let q = 0; q < 64; q++)
          if (a[H + q] > 0 && this.free(q)) out[k++] = code(K_KING, 0, q, 0, 0);
        break;
      }
      default:
        break; // over: no moves (T-END-1)
    }
    return k - off;
  }

  private canFoundMasterCastle(q: number): boolean {
    if (this.a[H + q] !== 0) return false;
    const near = this.o.castleSpacing === 'manhattan' ? TOO_CLOSE_MANHATTAN : TOO_CLOSE_ROW_COLUMN;
    const lv = this.levels; // lv[0..1]: the castle squares
    return ((near[2 * q] & lv[0]) | (near[2 * q + 1] & lv[1])) === 0;
  }

  /** T-BLOCK-3: ground squares next to exactly one castle, cached per ground stamp. */
  private groundNextToOne(): Int32Array {
    if (ground1At !== this.groundVersion) {
      const g = this.levels;
      nextToOneCastle(this.castles(), ~g[0], ~g[1], ground1);
      ground1At = this.groundVersion;
    }
    return ground1;
  }

  /**
   * T-BLOCK-2/3 by heights alone, cached per heights stamp (occupancy, T-BLOCK-4, is checked by
   * callers): a ground square next to exactly one castle, or a castle square that may rise.
   */
  private placeableSet(): Int32Array {
    if (placeableAt !== this.heightsVersion) {
      const g = this.groundNextToOne();
      placeable[0] = g[0];
      placeable[1] = g[1];
      raisable(this.castles(), this.levels, placeable);
      placeableAt = this.heightsVersion;
    }
    return placeable;
  }

  private genActions(out: Int32Array, k0: number): number {
    const a = this.a;
    let k = k0;
    const seat = this.actor;
    const so = this.so(seat);
    const left = a[AP_LIMIT] - a[AP_USED]; // T-FLOW-2
    const r = this.castles();
    const mineLo = this.knights[2 * seat];
    const mineHi = this.knights[2 * seat + 1];
    // block{to}, 1 AP (T-BLOCK-1); squares with a piece never take one (T-BLOCK-4, T-KING-2)
    if (a[ACTIVE] >= 1 && left >= 1) {
      this.blockTargets(pair, 0);
      k = emitTo(out, k, pair[0], pair[1], K_BLOCK);
    }
    // knight{to}, 2 AP (T-KNIGHT-ADD-1/2)
    if (a[so + O_KOFF] >= 1 && left >= 2) k = this.genKnightAdds(out, k, mineLo, mineHi);
    // move{from,to}, 1 AP (T-KNIGHT-MOVE-1): Step ∪ Door, each target once (T-FLOW-3), ascending
    if (left >= 1) {
      for (let m = mineLo; m !== 0; m &= m - 1) k = this.genKnightMoves(out, k, lowest(m));
      for (let m = mineHi; m !== 0; m &= m - 1) k = this.genKnightMoves(out, k, lowest(m) + 32);
      out[k++] = code(K_SCORE, 0, 0, 0, 0); // T-TRACK-3
      // T-BUY-1 / T-RULE-11: at most 2 per turn, from a non-empty deck, not in masterHand mode.
      if (a[BOUGHT_N] < 2 && this.buyDeckLen() > 0) out[k++] = code(K_BUY, 0, 0, 0, 0);
    }
    // play{card,…}, 0 AP, at most one per turn (T-PLAY-1), not a card bought this turn (T-BUY-2);
    // generated only here, in the mover's own actions step (T-PLAY-3)
    if (a[PLAYED] === 0) {
      for (let c = 1; c <= 10; c++) {
        const held = a[so + O_HAND + c];
        if (held !== 0 && held - a[BOUGHT + c] > 0) k = this.genCard(c, out, k, r);
      }
    }
    out[k++] = code(K_END, 0, 0, 0, 0); // T-END-TURN-1
    return k;
  }

  /**
   * T-KNIGHT-ADD-1: a free square orthogonally next to an own knight A with h ≤ h(A).
   * T-KNIGHT-ADD-2: any such anchor suffices (so the highest decides); only own knights count.
   */
  private genKnightAdds(out: Int32Array, k: number, mineLo: number, mineHi: number): number {
    // `addAnchored` with the set in locals (this runs on most generates)
    const a = this.a;
    const lv = this.levels;
    let lo = 0;
    let hi = 0;
    for (let m = mineLo; m !== 0; m &= m - 1) {
      const q = lowest(m);
      const h = a[H + q];
      lo |= ORTH[2 * q] & ~lv[2 * h];
      hi |= ORTH[2 * q + 1] & ~lv[2 * h + 1];
    }
    for (let m = mineHi; m !== 0; m &= m - 1) {
      const q = lowest(m) + 32;
      const h = a[H + q];
      lo |= ORTH[2 * q] & ~lv[2 * h];
      hi |= ORTH[2 * q + 1] & ~lv[2 * h + 1];
    }
    return emitTo(out, k, this.freeLo(lo), this.freeHi(hi), K_KNIGHT);
  }

  /** Adds the neighbours of anchor q at or below its level (T-KNIGHT-ADD-1) to the set `p`. */
  private addAnchored(q: number, p: Int32Array): void {
    const h = this.a[H + q];
    p[0] = p[0] | (ORTH[2 * q] & ~this.levels[2 * h]);
    p[1] = p[1] | (ORTH[2 * q + 1] & ~this.levels[2 * h + 1]);
  }

  /** The move{from,to} codes of the knight on f: Step ∪ Door (T-KNIGHT-MOVE-1), ascending. */
  private genKnightMoves(out: Int32Array, k: number, f: number): number {
    // Step(f) (T-KNIGHT-MOVE-2, as `stepReach`: a neighbour at most one level up) and the cached
    // Door(f), read in place rather than through `stepTargets`/`doorTargets` (the hottest loop).
    const lv = this.levels;
    const s = this.a[H + f];
    this.refreshDoor(f);
    const lo = (ORTH[2 * f] & ~lv[2 * s + 2]) | doorCache[2 * f];
    const hi = (ORTH[2 * f + 1] & ~lv[2 * s + 3]) | doorCache[2 * f + 1];
    // only free squares (T-KNIGHT-MOVE-3)
    return emitTo(out, k, this.freeLo(lo), this.freeHi(hi), K_MOVE | (f << 4));
  }

  private genCard(c: number, out: Int32Array, k0: number, r: Castles): number {
    const a = this.a;
    let k = k0;
    const seat = this.actor;
    const so = this.so(seat);
    const nm = this.listKnights(seat);
    switch (c) {
      case AP6:
      case AP7:
        out[k++] = code(K_PLAY, 0, 0, 0, c); // T-PLAY-2: always playable
        break;
      case SUPPLY_BLOCK:
        // T-CARD-SUPPLY-1: one block from the supply under T-BLOCK-2/3/4; it needs supply ≥ 1
        // (T-RULE-8).
        if (a[SUPPLY] >= 1) {
          this.blockTargets(pair, 0);
          k = emitTo(out, k, pair[0], pair[1], code(K_PLAY, 0, 0, 0, c));
        }
        break;
      case BLOCK_UNDER:
        for (let i0 = 0; i0 < nm; i0++) {
          const f = ownList[i0];
          const h = a[H + f];
          // T-CARD-UNDER-1: the cap in a castle; on the ground at most one adjacent castle.
          const ok = h >= 1 ? h + 1 <= r.areas[castleAt(r, f)] : adjacentCastles(f, r) <= 1;
          if (!ok) continue;
          if (a[ACTIVE] >= 1) out[k++] = code(K_PLAY, f, 0, X_ACTIVE, c);
          for (let s = 1; s <= MAX_STACK; s++)
            if (a[so + O_STACKS + s] > 0) out[k++] = code(K_PLAY, f, 0, s, c);
        }
        break;
      case MOVE_BLOCK:
        k = this.genMoveBlock(out, k);
        break;
      case RELOCATE:
        k = this.genRelocate(out, k, nm);
        break;
      case DIAGONAL:
        for (let i0 = 0; i0 < nm; i0++) {
          const f = ownList[i0];
          const h = a[H + f];
          const n = GRID.diagCount[f];
          // T-CARD-DIAGONAL-1: one diagonal square, up at most 1, down any (ascending order).
          for (let i = 0; i < n; i++) {
            const d = GRID.diag[4 * f + i];
            if (a[P + d] === 0 && a[H + d] <= h + 1) out[k++] = code(K_PLAY, f, d, 0, c);
          }
        }
        break;
      case ANY_DOOR:
        for (let i0 = 0; i0 < nm; i0++) {
          const f = ownList[i0];
          this.anyDoorTargets(f, r, pair);
          k = emitTo(out, k, pair[0], pair[1], code(K_PLAY, f, 0, 0, c));
        }
        break;
      case JUMP_KNIGHT:
        for (let i0 = 0; i0 < nm; i0++) {
          const f = ownList[i0];
          // the four jumps in ascending order of the landing square
          for (let j = 8 * f; j < 8 * f + 8; j += 2) {
            const over = JUMPS[j];
            const to = JUMPS[j + 1];
            if (to < 0) continue;
            const mid = a[P + over];
            // T-CARD-JUMP-1: over one knight (the king only with jumpOverKing), onto a free square.
            const jumpable = (mid >= 1 && mid <= 4) || (mid === KING && this.o.jumpOverKing);
            if (jumpable && a[P + to] === 0) out[k++] = code(K_PLAY, f, to, 0, c);
          }
        }
        break;
      case CLIMB_TWO: {
        const exact = this.o.climbTwo === 'exact';
        for (let i0 = 0; i0 < nm; i0++) {
          const f = ownList[i0];
          const h = a[H + f];
          const n = GRID.orthCount[f];
          for (let i = 0; i < n; i++) {
            const d = GRID.orth[4 * f + i];
            const hd = a[H + d];
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
  /** The mover's knights, ascending, into `ownList`; returns how many. */
  private listKnights(seat: number): number {
    let n = 0;
    for (let m = this.knights[2 * seat]; m !== 0; m &= m - 1) ownList[n++] = lowest(m);
    for (let m = this.knights[2 * seat + 1]; m !== 0; m &= m - 1) ownList[n++] = lowest(m) + 32;
    return n;
  }

  /**
   * T-CARD-RELOCATE-1: lift the knight, then place it as if adding it (T-KNIGHT-ADD-1): onto a
   * free square next to another own knight A with h ≤ h(A). The `nm` knights are in `ownList`.
   */
  private genRelocate(out: Int32Array, k: number, nm: number): number {
    for (let i = 0; i < nm; i++) {
      pair[0] = 0;
      pair[1] = 0;
      for (let j = 0; j < nm; j++) if (j !== i) this.addAnchored(ownList[j], pair);
      const f = ownList[i];
      const lo = this.freeLo(pair[0] & ~bitLo(f));
      const hi = this.freeHi(pair[1] & ~bitHi(f));
      k = emitTo(out, k, lo, hi, code(K_PLAY, f, 0, 0, RELOCATE));
    }
    return k;
  }

  /**
   * T-CARD-DOOR-1 / T-RULE-19: enter any adjacent door at the knight's level (a neighbour N with
   * h(N) > h(from)), move freely inside N's castle C, and leave onto a free square `to` ≠ from
   * that some square Q ∈ C ∩ orth(to) with h(Q) > h(to) faces with a door (the knight does not
   * climb as it steps out).
   */
  private anyDoorTargets(f: number, r: Castles, out: Int32Array): void {
    const lv = this.levels;
    const s = this.a[H + f];
    // the castles behind the doors at the knight's level (entrances: h > s)
    const eLo = ORTH[2 * f] & lv[2 * s];
    const eHi = ORTH[2 * f + 1] & lv[2 * s + 1];
    let cLo = 0;
    let cHi = 0;
    for (let id = 0; id < r.count; id++) {
      const lo = r.sets[2 * id];
      const hi = r.sets[2 * id + 1];
      if (((lo & eLo) | (hi & eHi)) === 0) continue;
      cLo |= lo;
      cHi |= hi;
    }
    // exits: squares next to a castle square Q with h(Q) > t ≥ their own height, for some t
    let xLo = 0;
    let xHi = 0;
    for (let t = 0; ; t++) {
      const inLo = cLo & lv[2 * t];
      const inHi = cHi & lv[2 * t + 1];
      if ((inLo | inHi) === 0) break;
      xLo |= growLo(inLo, inHi) & ~lv[2 * t];
      xHi |= growHi(inLo, inHi) & ~lv[2 * t + 1];
    }
    out[0] = this.freeLo(xLo & ~bitLo(f));
    out[1] = this.freeHi(xHi & ~bitHi(f));
  }

  /** T-CARD-MOVEBLOCK-1 / T-RULE-18, evaluated in the spec's order (lift, split, place, final). */
  private genMoveBlock(out: Int32Array, k0: number): number {
    const a = this.a;
    let k = k0;
    let shared = false; // the targets after lifting from a stack of 2 or more, once computed
    let sLo = 0;
    let sHi = 0;
    for (let f = 0; f < 64; f++) {
      const hf = a[H + f];
      if (hf < 1 || !this.free(f)) continue; // an empty block, not under the king (T-KING-2)
      // 1. Lift the block: S′. Lifting from a stack of 2 or more changes no castle's squares
      // (and cannot make one too tall), so S′ has the current castles and the targets do not
      // depend on f; only a lifted foundation block (h = 1) needs a fresh labelling.
      if (hf > 1) {
        if (!shared) {
          const g = this.levels;
          moveBlockTargets(this.castles(), g, ~g[0], ~g[1], -1, pair);
          sLo = pair[0];
          sHi = pair[1];
          shared = true;
        }
        pair[0] = sLo;
        pair[1] = sHi;
      } else if (!this.liftFoundation(f, pair)) continue;
      const lo = this.freeLo(pair[0] & ~bitLo(f));
      const hi = this.freeHi(pair[1] & ~bitHi(f));
      k = emitTo(out, k, lo, hi, code(K_PLAY, f, 0, 0, MOVE_BLOCK));
    }
    return k;
  }

  /**
   * T-CARD-MOVEBLOCK-1 for a lifted foundation block on f: relabels the castles of S′ (f on the
   * ground), checks that the rest of the old castle does not split (step 2), and writes the
   * targets (before occupancy) into `out`. Returns false when the lift splits a castle.
   */
  private liftFoundation(f: number, out: Int32Array): boolean {
    const lv = this.levels;
    const allLo = lv[0] & ~bitLo(f);
    const allHi = lv[1] & ~bitHi(f);
    const r = liftedCastles;
    labelCastles(allLo, allHi, r);
    // 2. The rest of the old castle must not split: f's castle neighbours are in one castle.
    const nLo = ORTH[2 * f];
    const nHi = ORTH[2 * f + 1];
    let touching = 0;
    // A castle of S′ taller than its area can only be the lifted castle (the last one found).
    let badId = -1;
    for (let id = 0; id < r.count; id++) {
      const lo = r.sets[2 * id];
      const hi = r.sets[2 * id + 1];
      if (((lo & nLo) | (hi & nHi)) !== 0) touching++;
      const t = r.areas[id];
      if (((lo & lv[2 * t]) | (hi & lv[2 * t + 1])) !== 0) badId = id;
    }
    if (touching > 1) return false;
    moveBlockTargets(r, lv, ~allLo, ~allHi, badId, out);
    return true;
  }

  // ---- playing moves ----

  /**
   * Plays a move code produced by `generate` (then the automatic bookkeeping, T-FLOW-4). Played
   * cards leave the game (T-DECK-2).
   */
  play(c: number): void {
    if (this.depth >= this.plyMarks.length) {
      const bigger = new Int32Array(Math.max(256, this.plyMarks.length * 2));
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
    const mark = this.plyMarks[--this.depth];
    const log = this.log;
    while (this.logLen > mark) {
      this.logLen -= 2;
      const i = log[this.logLen];
      const old = log[this.logLen + 1];
      const v = this.a[i]; // undone in reverse order: the value this write set
      this.a[i] = old;
      if (i < 128) this.track(i, v, old);
      if (this.logLen < this.hashedLen) {
        // this write was already folded into the hash: take it out again
        this.lo = (this.lo ^ key1(i, v) ^ key1(i, old)) >>> 0;
        this.hi = (this.hi ^ key2(i, v) ^ key2(i, old)) >>> 0;
      }
    }
    if (this.hashedLen > this.logLen) this.hashedLen = this.logLen;
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
          this.w(ACTOR, a[ORDER]);
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
        this.startTurn(true);
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
        const n = a[PEND_N];
        let i = 0;
        while (i < n && a[PEND + i] !== x) i++;
        for (let j = i; j < n - 1; j++) this.w(PEND + j, a[PEND + j + 1]);
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
          this.add(SUPPLY, a[ACTIVE]);
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
    this.w(P + t, this.a[P + f]);
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
    const len = a[nIdx];
    if (this.o.deckMode === 'draft') {
      // T-DRAFT-1: the top min(3, deck) cards go to `pending`, in drawn order.
      const m = Math.min(3, len);
      for (let i = 0; i < m; i++) {
        const card = a[base + len - 1 - i];
        if (card === HIDDEN) throw hidden();
        this.w(PEND + i, card);
        this.w(base + len - 1 - i, 0);
      }
      this.w(PEND_N, m);
      this.w(nIdx, len - m);
      this.w(STEP, S_KEEP);
      return;
    }
    const card = a[base + len - 1];
    if (card === HIDDEN) throw hidden();
    this.w(base + len - 1, 0);
    this.w(nIdx, len - 1);
    this.add(so + O_HAND + card, 1);
    this.add(BOUGHT + card, 1); // T-BUY-2
  }

  private returnPending(seat: number, bottom: boolean): void {
    const a = this.a;
    const so = this.so(seat);
    const m = a[PEND_N];
    const len = a[so + O_DECK_N];
    const base = so + O_DECK;
    if (bottom) {
      // Shift the deck up by m, then the first drawn ends up above the later ones.
      for (let i = len - 1; i >= 0; i--) this.w(base + i + m, a[base + i]);
      for (let i = 0; i < m; i++) this.w(base + i, a[PEND + m - 1 - i]);
    } else {
      for (let i = 0; i < m; i++) this.w(base + len + i, a[PEND + m - 1 - i]);
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
        if (a[P + f] !== seat + 1) throw new RulesError('ILLEGAL_MOVE', 'not your knight');
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
    for (let s = 0; s < this.cap; s++) room += this.a[base + s] * (this.cap - s);
    return room;
  }

  private otherStacks(seat: number): number {
    const base = this.so(seat) + O_STACKS;
    let n = 0;
    for (let s = 0; s <= MAX_STACK; s++) n += this.a[base + s];
    return n;
  }

  /** T-END-TURN-1 and T-REDIST-1..3. */
  private endTurn(seat: number): void {
    const a = this.a;
    const u = a[ACTIVE];
    if (this.otherStacks(seat) === 0) {
      // T-REDIST-3: the seat's last turn of the phase; T-RULE-4 may carry up to 3 blocks.
      const carry = this.o.carryOverBlocks && a[PHASE] < 3 ? Math.min(u, 3) : 0;
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
    let ti = a[TURN] + 1;
    if (ti === this.n) {
      ti = 0;
      const round = a[ROUND] + 1;
      this.w(ROUND, round);
      this.w(TURN, 0);
      if (round === this.rounds()) {
        this.endPhase();
        return;
      }
      if (this.o.roundOrder === 'leaderEachRound') this.setOrder(this.leader(a[ORDER]));
    }
    this.w(TURN, ti);
    this.startTurn(false); // the turn state was just reset above
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
    const lps = this.a[LPS];
    const seats = new Array<number>(this.n);
    for (let i = 0; i < this.n; i++) seats[i] = (lps + i) % this.n;
    if (this.o.scoringOrder === 'leaderFirst') seats.sort((x, y) => this.score(y) - this.score(x));
    return seats;
  }

  /** The board's bit sets in the layout of `readBoard` (rules.ts), from the kept ones. */
  private boardSets(): Int32Array {
    scoringSets[0] = this.levels[0];
    scoringSets[1] = this.levels[1];
    scoringSets.set(this.knights, 2);
    return scoringSets;
  }

  /** T-FLOW-5: score the phase, then end the game or deal and offer the king move. */
  private endPhase(): void {
    const a = this.a;
    const phase = a[PHASE];
    // T-SCORE-4: the board as it stands after the phase's last turn; only knights score.
    const order = this.scoringOrder();
    // T-SCORE-3: all castles first (one movement each), then king bonuses, then the master card.
    const sets = this.boardSets();
    const castles = castlePoints(this.heights, this.pieces, this.n, sets);
    for (const p of order) this.advance(p, castles[p]);
    const bonus = kingBonus(this.heights, this.pieces, this.n, phase, sets);
    for (const p of order) this.advance(p, bonus[p]);
    const master = a[MASTER];
    if (master > 0) {
      const pts = masterPoints(master, this.heights, this.pieces, this.n, phase, this.o);
      for (const p of order) this.advance(p, pts[p]);
    }
    if (phase === 3) {
      this.w(STEP, S_OVER); // T-END-1
      this.w(ACTOR, 0);
      this.w(TURN, 0);
      return;
    }
    const lps = a[LPS];
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
    const sizes = this.phases[a[PHASE] - 1] as readonly number[];
    for (const size of sizes) {
      for (let i = 0; i < this.n; i++) {
        const p = a[ORDER + i];
        const got = Math.min(size, a[SUPPLY]);
        this.add(SUPPLY, -got);
        this.add(this.so(p) + O_STACKS + got, 1);
      }
    }
  }

  /** Starts the turn of the seat at TURN; `reset` is false when the caller just ran `resetTurn`. */
  private startTurn(reset: boolean): void {
    const a = this.a;
    const seat = a[ORDER + a[TURN]];
    this.w(ACTOR, seat);
    if (reset) this.resetTurn();
    const so = this.so(seat);
    const carry = a[so + O_CARRY];
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
          if (a[so + O_STACKS + s] > 0) {
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
          if (a[so + O_STACKS + s] > 0) {
            distinct++;
            only = s;
          }
        }
        if (distinct !== 1) return;
        this.exec(code(K_SPREAD, 0, 0, only, 0));
      } else if (step === S_KEEP) {
        if (a[PEND_N] !== 1) return;
        this.exec(code(K_KEEP, 0, 0, a[PEND], 0));
      } else if (step === S_RETURN) {
        if (a[PEND_N] !== 0 && a[so + O_DECK_N] !== 0) return;
        this.exec(code(K_RETURN, 0, 0, 0, 0));
      } else if (step === S_KING_MOVE) {
        let any = false;
        for (let q = 0; q < 64 && !any; q++) if (a[H + q] > 0 && a[P + q] === 0) any = true;
        if (any) return;
        this.exec(code(K_KING_STAY, 0, 0, 0, 0));
      } else {
        return;
      }
    }
  }
}

/**
 * The jumps of T-CARD-JUMP-1 from each square f: at `8f + 2i` the square jumped over and at
 * `8f + 2i + 1` the landing square (−1 off the board), in ascending order of the landing square.
 */
const JUMPS: Int8Array = jumpTable();

function jumpTable(): Int8Array {
  const out = new Int8Array(512).fill(-1);
  const dirs = [-8, -1, 1, 8]; // down, left, right, up: landing squares ascend
  for (let f = 0; f < 64; f++) {
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      const x = (f & 7) + 2 * (d === 1 ? 1 : d === -1 ? -1 : 0);
      const y = (f >> 3) + 2 * (d === 8 ? 1 : d === -8 ? -1 : 0);
      if (x < 0 || x > 7 || y < 0 || y > 7) continue;
      out[8 * f + 2 * i] = f + d;
      out[8 * f + 2 * i + 1] = f + 2 * d;
    }
  }
  return out;
}

/**
 * T-MASTER-SETUP-1: for each ground square q, the squares (at `[2q, 2q + 1]`) where a castle
 * forbids founding one on q: Manhattan distance < 3 ('manhattan', two empty squares between);
 * with 'rowColumn' distance < 3 in q's row or column and orthogonal contact elsewhere (T-GEO-6).
 */
const TOO_CLOSE_MANHATTAN: Int32Array = tooCloseTable(false);
const TOO_CLOSE_ROW_COLUMN: Int32Array = tooCloseTable(true);

function tooCloseTable(rowColumn: boolean): Int32Array {
  const out = new Int32Array(128);
  for (let q = 0; q < 64; q++) {
    for (let c = 0; c < 64; c++) {
      const d = manhattan(q, c);
      const inLine = (q & 7) === (c & 7) || q >> 3 === c >> 3;
      const close = !rowColumn || inLine ? d < 3 : d < 2;
      if (!close) continue;
      out[2 * q] = out[2 * q] | bitLo(c);
      out[2 * q + 1] = out[2 * q + 1] | bitHi(c);
    }
  }
  return out;
}

/** The number of different castles orthogonally adjacent to ground square q. */
export function adjacentCastles(q: number, r: Castles): number {
  const nLo = ORTH[2 * q];
  const nHi = ORTH[2 * q + 1];
  let n = 0;
  for (let id = 0; id < r.count; id++)
    if (((r.sets[2 * id] & nLo) | (r.sets[2 * id + 1] & nHi)) !== 0) n++;
  return n;
}

/** The id of the castle of `r` holding square q, or −1 on the ground. */
function castleAt(r: Castles, q: number): number {
  const lo = bitLo(q);
  const hi = bitHi(q);
  for (let id = 0; id < r.count; id++)
    if (((r.sets[2 * id] & lo) | (r.sets[2 * id + 1] & hi)) !== 0) return id;
  return -1;
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
  for (let i = 0; i < sharedDeck.length; i++) a[DECK + i] = sharedDeck[sharedDeck.length - 1 - i];
  for (let p = 0; p < n; p++) {
    const so = SEAT0 + p * SEAT_STRIDE;
    a[so + O_KOFF] = o.knightsPerPlayer;
    const d = seatDecks[p] ?? [];
    a[so + O_DECK_N] = d.length;
    for (let i = 0; i < d.length; i++) a[so + O_DECK + i] = d[d.length - 1 - i];
    // T-MASTER-HAND-1 / T-DECK-1 'masterHand': all 10 cards of the seat's colour in hand.
    if (o.deckMode === 'masterHand') for (let c = 1; c <= 10; c++) a[so + O_HAND + c] = 1;
  }
  return new Position(o, a);
}

/** Castles of a board with one foundation block lifted (scratch of `genMoveBlock`). */
const liftedCastles: Castles = makeCastles();

/**
 * T-BLOCK-3 on a labelled board: the ground squares (`groundLo, groundHi`) next to exactly one
 * castle of `r` (none founds a castle, two would merge). Written at `out[0], out[1]`.
 */
function nextToOneCastle(r: Castles, groundLo: number, groundHi: number, out: Int32Array): void {
  let onceLo = 0;
  let onceHi = 0;
  let twiceLo = 0;
  let twiceHi = 0;
  for (let id = 0; id < r.count; id++) {
    const lo = r.sets[2 * id];
    const hi = r.sets[2 * id + 1];
    const nLo = growLo(lo, hi);
    const nHi = growHi(lo, hi);
    twiceLo |= onceLo & nLo;
    twiceHi |= onceHi & nHi;
    onceLo |= nLo;
    onceHi |= nHi;
  }
  out[0] = onceLo & ~twiceLo & groundLo;
  out[1] = onceHi & ~twiceHi & groundHi;
}

/**
 * T-BLOCK-2, T-GEO-5: the castle squares of `r` that may rise by one, h + 1 ≤ the castle's area,
 * i.e. outside the level set of height area − 1. ORed into `out[0], out[1]`.
 */
function raisable(r: Castles, levels: Int32Array, out: Int32Array): void {
  let lo = out[0];
  let hi = out[1];
  for (let id = 0; id < r.count; id++) {
    const t = r.areas[id] - 1;
    lo |= r.sets[2 * id] & ~levels[2 * t];
    hi |= r.sets[2 * id + 1] & ~levels[2 * t + 1];
  }
  out[0] = lo;
  out[1] = hi;
}

/**
 * T-CARD-MOVEBLOCK-1 steps 3 and 4 on the board S′ after the lift (castles `r`, ground squares
 * `groundLo, groundHi`, `badId` the castle taller than its area or −1): the squares the block
 * may go to, before occupancy and the lifted square. 3. a castle square by T-BLOCK-2, or a ground
 * square next to at most one castle (two would merge, T-GEO-6); 4. afterwards every castle is
 * valid and there are at least 6 castles (T-GEO-7). A too-tall castle can only be mended by
 * extending it onto the ground.
 */
function moveBlockTargets(
  r: Castles,
  levels: Int32Array,
  groundLo: number,
  groundHi: number,
  badId: number,
  out: Int32Array,
): void {
  const n = r.count;
  if (badId >= 0) {
    const lo = r.sets[2 * badId];
    const hi = r.sets[2 * badId + 1];
    const t = r.areas[badId] + 1; // the extended castle's top must be ≤ area + 1
    const fits = ((lo & levels[2 * t]) | (hi & levels[2 * t + 1])) === 0;
    nextToOneCastle(r, groundLo, groundHi, out);
    out[0] = n >= 6 && fits ? out[0] & growLo(lo, hi) : 0;
    out[1] = n >= 6 && fits ? out[1] & growHi(lo, hi) : 0;
    return;
  }
  let lo = 0;
  let hi = 0;
  if (n >= 6) {
    // extends a castle or raises a stack
    nextToOneCastle(r, groundLo, groundHi, out);
    raisable(r, levels, out);
    lo = out[0];
    hi = out[1];
  }
  if (n + 1 >= 6) {
    // founds a castle: a ground square next to none
    let cLo = 0;
    let cHi = 0;
    for (let id = 0; id < n; id++) {
      cLo |= r.sets[2 * id];
      cHi |= r.sets[2 * id + 1];
    }
    lo |= groundLo & ~growLo(cLo, cHi);
    hi |= groundHi & ~growHi(cLo, cHi);
  }
  out[0] = lo;
  out[1] = hi;
}
