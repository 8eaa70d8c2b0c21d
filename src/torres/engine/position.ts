/**
 * The fast mutable Torres position: the whole game state in one `Int32Array` (laid out as
 * layout.ts says), every write logged for `undo` and folded into an incremental Zobrist-style
 * hash (keys in zobrist.ts), and the bit sets derived from the board kept in step with every
 * write. It is what `torres.search` returns: it implements {@link SearchPosition} itself, with
 * the one generator (moves.ts) and the one turn flow (turn.ts) that `moves`/`apply` also use, so
 * the two paths cannot disagree.
 *
 * @module
 */

import { RulesError } from '../../core/errors.js';
import type { SearchPosition } from '../../core/game.js';
import type { StateOrigin } from '../../core/tree.js';
import type { TorresOptions } from '../options.js';
import type { TorresMove, TorresState } from '../types.js';
import { bitHi, bitLo } from './bits.js';
import {
  type Castles,
  doorReach,
  joinCastles,
  LEVELS,
  labelCastles,
  makeCastles,
  stepReach,
  trackPiece,
} from './board.js';
import { decode, encode, MAX_MOVES } from './codes.js';
import {
  ACTOR,
  DECK_N,
  H,
  O_DECK_N,
  O_SCORE,
  P,
  PHASE,
  S_OVER,
  SIZE,
  STEP,
  seatOffset,
} from './layout.js';
import { generateMoves } from './moves.js';
import { MAX_STACK, stacksFor } from './phases.js';
import { nextToOneCastle, raisable } from './rules.js';
import { execute, settle } from './turn.js';
import { foldWrites, key1, key2, wholeHash } from './zobrist.js';

const EMPTY = new Int32Array(0);
/** A door stamp older than any: `heightChanges - NEVER` exceeds `RING`. */
const NEVER = -0x40000000;
/**
 * The door stamps of a position that never asked for a door: all {@link NEVER}, so the first
 * door asked for misses and `findDoor` gives the position arrays of its own. Never written.
 */
// Not frozen: a frozen array has another elements kind, and the stamp reads would see two.
const NO_DOORS: readonly number[] = new Array<number>(64).fill(NEVER);
/** The castles of a position that never asked for them: empty, never written. */
const NO_CASTLES: Castles = Object.freeze(makeCastles());

/** How many recent height changes a position remembers (a power of two; see `doorValid`). */
const RING = 16;
/** Marks of the indices already listed by `lastChanges`, per call. */
const changeMark = new Int32Array(SIZE);
let changeStamp = 0;

/** Where `foldHash` passes the hash halves to zobrist.ts and back. */
const halves = [0, 0];

/** Where `count` writes the moves it counts. */
const countScratch = new Int32Array(MAX_MOVES);

/** The compact mutable position (see the module comment). */
export class Position implements SearchPosition<TorresMove> {
  /** An upper bound on the number of legal moves in any position (`SearchPosition`). */
  readonly maxMoves: number = MAX_MOVES;
  /** The resolved options (constant for a game). */
  readonly options: TorresOptions;
  /** Number of seats. */
  readonly players: number;
  /** The whole state, laid out as layout.ts says. */
  readonly data: Int32Array;
  /** View of the heights. */
  readonly heights: Int32Array;
  /** View of the pieces. */
  readonly pieces: Int32Array;
  /** The stack sizes each seat is dealt, per phase (T-PHASE-2). */
  readonly phaseStacks: readonly (readonly number[])[];
  /** The largest stack redistribution may build (T-REDIST-1). */
  readonly stackCap: number;
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
  readonly occupied: Int32Array = new Int32Array(2);
  /** The knights of seat p at `[2p, 2p + 1]` (any of the four colours, as `pieces` holds them). */
  readonly knights: Int32Array = new Int32Array(8);
  // ---- caches of what the heights imply, this position's own ----
  // Each height change takes a fresh value of `clock` as the heights' stamp (and, when a square
  // turns ground or castle, as the ground's), so a cache made for an older board never matches.
  // A position made from another position, or from a state, starts with empty caches; the
  // arrays are allocated on their first use (a position asked nothing of its castles or doors
  // never pays for them). Only the door cache, which outlives height changes far from the
  // knight, checks what changed (`doorValid`).
  /** The source of this position's stamps. */
  private clock = 0;
  /** The number of height changes so far; the last `RING` squares are in `changed`. */
  private heightChanges = 0;
  private readonly changed = new Int8Array(RING);
  /** The heights' stamp: a fresh `clock` value on every height change. */
  private heightsVersion = 0;
  /** The ground's stamp: renewed when a square turns from ground to castle or back. */
  private groundVersion = 0;
  /** The ground stamp before the last ground change if that was a rise (of `risen`), else −1. */
  private priorGround = -1;
  private risen = 0;
  /** T-GEO-4: the castles of the board with ground stamp `castlesAt` (−1: none yet). */
  private castleCache: Castles = NO_CASTLES;
  private castlesAt = -1;
  /** T-BLOCK-3: ground squares next to exactly one castle, for ground stamp `ground1At`. */
  private ground1: Int32Array = EMPTY;
  private ground1At = -1;
  /** T-BLOCK-2/3: squares that take a block by heights alone, for heights stamp `placeableAt`. */
  private placeable: Int32Array = EMPTY;
  private placeableAt = -1;
  /**
   * Door(f) before occupancy at `[2f, 2f + 1]`, computed after this position's `doorSeq[f]`-th
   * height change, with the squares it depends on at `doorDeps[2f..]`: it stays valid until one
   * of those squares changes height (see `doorValid`).
   */
  private door: Int32Array = EMPTY;
  private doorDeps: Int32Array = EMPTY;
  private doorSeq: number[] = NO_DOORS as number[];

  /**
   * What this position was made from, which makes its {@link state}: set by the state layer on
   * the positions `torres.search` hands out; `null` on the others, whose `state()` throws.
   */
  origin: StateOrigin<Position, TorresState> | null = null;

  /**
   * A position over the state array `a` (owned from now on) of a game with `options`. Its hash
   * is computed on first demand, so playouts that never ask for it never pay for it.
   */
  constructor(options: TorresOptions, a: Int32Array) {
    this.options = options;
    this.players = options.players;
    this.data = a;
    this.heights = a.subarray(H, H + 64);
    this.pieces = a.subarray(P, P + 64);
    this.phaseStacks = stacksFor(options);
    this.stackCap = options.stackCap ?? MAX_STACK;
    this.trackAll();
  }

  /** Builds the derived bit sets from the board, starting from empty ones. */
  private trackAll(): void {
    const a = this.data;
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
    else if (i < 128) trackPiece(this.occupied, this.knights, i - 64, old, v);
  }

  private heightChanged(q: number, old: number, v: number): void {
    this.heightsVersion = ++this.clock;
    this.changed[this.heightChanges++ & (RING - 1)] = q;
    if ((old === 0) !== (v === 0)) {
      // a square rising from the ground can usually be added to the cached castles (`castles`)
      this.priorGround = old === 0 ? this.groundVersion : -1;
      this.risen = q;
      this.groundVersion = ++this.clock;
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

  /** A copy without history (with the hash, if known, and the same {@link origin}). */
  clone(): Position {
    const copy = new Position(this.options, this.data.slice());
    if (this.hashKnown) {
      this.foldHash();
      copy.lo = this.lo;
      copy.hi = this.hi;
      copy.hashKnown = true;
    }
    copy.origin = this.origin;
    return copy;
  }

  /**
   * The entries the last `play` changed, as `(index, new value)` pairs, each index once; `null`
   * when nothing was played since the position was made.
   *
   * @internal
   */
  lastChanges(): number[] | null {
    if (this.depth === 0) return null;
    const log = this.log;
    // A plain array: a small typed array costs more to allocate than the few entries it holds.
    const changes: number[] = [];
    const stamp = ++changeStamp;
    for (let k = this.plyMarks[this.depth - 1]; k < this.logLen; k += 2) {
      const i = log[k];
      if (changeMark[i] !== stamp) {
        changeMark[i] = stamp;
        changes.push(i, this.data[i]);
      }
    }
    return changes;
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
  write(i: number, v: number): void {
    const old = this.data[i];
    if (old === v) return;
    if (this.logLen + 2 > this.log.length) this.growLog();
    const log = this.log;
    log[this.logLen++] = i;
    log[this.logLen++] = old;
    this.data[i] = v;
    if (i < 128) this.track(i, old, v);
  }

  /**
   * Grows the undo log, doubling it; allocated on the first write with room for a whole random
   * 4-player game (about 2,000 entries).
   */
  private growLog(): void {
    const bigger = new Int32Array(Math.max(4096, this.log.length * 2));
    bigger.set(this.log);
    this.log = bigger;
  }

  /** Folds the writes logged since the last fold into the hash (computing it the first time). */
  private foldHash(): void {
    const h = halves;
    if (this.hashKnown) {
      h[0] = this.lo;
      h[1] = this.hi;
      foldWrites(this.data, this.log, this.hashedLen, this.logLen, h);
    } else {
      wholeHash(this.data, h); // the array as it stands, every logged write included
      this.hashKnown = true;
    }
    this.lo = h[0];
    this.hi = h[1];
    this.hashedLen = this.logLen;
  }

  /** Adds `d` to index i (through {@link write}). */
  addTo(i: number, d: number): void {
    this.write(i, this.data[i] + d);
  }

  // ---- small accessors ----
  get step(): number {
    return this.data[STEP];
  }
  get actor(): number {
    return this.data[ACTOR];
  }
  /** Seat p's position on the score track. */
  seatScore(p: number): number {
    return this.data[seatOffset(p) + O_SCORE];
  }
  /** Size of the deck the actor buys from (T-DECK-1); −1 when buying is impossible. */
  buyDeckLen(): number {
    const m = this.options.deckMode;
    if (m === 'masterHand') return -1;
    if (m === 'shared') return this.data[DECK_N];
    return this.data[seatOffset(this.actor) + O_DECK_N];
  }
  /** Rounds (= stacks per seat) of the current phase. */
  rounds(): number {
    return this.phaseStacks[this.data[PHASE] - 1].length;
  }
  /** Whether square q holds no piece. */
  isFree(q: number): boolean {
    return this.data[P + q] === 0;
  }

  /**
   * T-GEO-4: the castles of the current heights, ids in no particular order (cached until a
   * square turns ground or castle; a square rising next to one castle joins it in place).
   */
  castles(): Castles {
    // The miss in a method of its own: this one is inlined into the generator's hot loops,
    // whose inlining budget is small (see moves.ts, `genActions`).
    if (this.castlesAt !== this.groundVersion) this.relabel();
    return this.castleCache;
  }

  /** Brings the castle cache up to date with the ground (see {@link castles}). */
  private relabel(): void {
    let r = this.castleCache;
    if (r === NO_CASTLES) r = this.castleCache = makeCastles();
    const at = this.castlesAt;
    const oneRiseBehind = at >= 0 && at === this.priorGround;
    if (!oneRiseBehind || !joinCastles(r, this.risen))
      labelCastles(this.levels[0], this.levels[1], r);
    this.castlesAt = this.groundVersion;
  }

  /**
   * Whether the cached Door(f) was made at most `RING` height changes ago, none of them on a
   * square it depends on.
   */
  private doorValid(f: number): boolean {
    const from = this.doorSeq[f];
    if (this.heightChanges - from > RING) return false;
    const deps = this.doorDeps;
    const lo = deps[2 * f];
    const hi = deps[2 * f + 1];
    for (let j = from; j < this.heightChanges; j++) {
      const q = this.changed[j & (RING - 1)];
      if (((q < 32 ? lo >>> q : hi >>> (q - 32)) & 1) !== 0) return false;
    }
    return true;
  }

  /** The squares of the set `lo, hi` that hold no piece (T-KNIGHT-MOVE-3, T-BLOCK-4). */
  freeLo(lo: number): number {
    return lo & ~this.occupied[0];
  }
  /** The high half of {@link freeLo}. */
  freeHi(hi: number): number {
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
    stepReach(this.levels, f, this.data[H + f], out, o);
    out[o] = this.freeLo(out[o]);
    out[o + 1] = this.freeHi(out[o + 1]);
  }

  /**
   * Door(f) (T-DOOR-2) onto free squares (T-KNIGHT-MOVE-3), at `out[o], out[o + 1]`. Door(f)
   * depends on the heights only, so it is cached per square until a height changes.
   */
  doorTargets(f: number, out: Int32Array, o: number): void {
    const door = this.doorSets(f);
    out[o] = this.freeLo(door[2 * f]);
    out[o + 1] = this.freeHi(door[2 * f + 1]);
  }

  /** Computes Door(f) before occupancy into the door cache (T-DOOR-2; see {@link doorSets}). */
  private findDoor(f: number): void {
    if (this.doorSeq === NO_DOORS) this.allocateDoors();
    doorReach(this.levels, this.castles(), f, this.data[H + f], this.door, 2 * f, this.doorDeps);
  }

  /**
   * Gives this position a door cache of its own (on its first door). A method of its own, so
   * that it stays out of the generator's inlining budget (see moves.ts, `genActions`).
   */
  private allocateDoors(): void {
    this.door = new Int32Array(128);
    this.doorDeps = new Int32Array(128);
    this.doorSeq = new Array<number>(64).fill(NEVER);
  }

  /**
   * Door(f) (T-DOOR-2) before occupancy, at `[2f, 2f + 1]` of the array returned: this
   * position's door cache, brought up to date for f (read it before the next height change).
   * The generator's knight loop reads it in place (moves.ts, `genActions`).
   */
  doorSets(f: number): Int32Array {
    if (!this.doorValid(f)) this.findDoor(f);
    this.doorSeq[f] = this.heightChanges;
    return this.door;
  }

  /** T-BLOCK-3: ground squares next to exactly one castle, cached per ground stamp. */
  private groundNextToOne(): Int32Array {
    if (this.ground1At !== this.groundVersion) {
      if (this.ground1 === EMPTY) this.ground1 = new Int32Array(2);
      const lv = this.levels;
      nextToOneCastle(this.castles(), ~lv[0], ~lv[1], this.ground1);
      this.ground1At = this.groundVersion;
    }
    return this.ground1;
  }

  /**
   * T-BLOCK-2/3 by heights alone, cached per heights stamp (occupancy, T-BLOCK-4, is checked by
   * callers): a ground square next to exactly one castle, or a castle square that may rise.
   */
  private placeableSet(): Int32Array {
    if (this.placeableAt !== this.heightsVersion) this.findPlaceable();
    return this.placeable;
  }

  /** Brings {@link placeableSet}'s cache up to date with the heights. */
  private findPlaceable(): void {
    if (this.placeable === EMPTY) this.placeable = new Int32Array(2);
    const ok = this.placeable;
    const g = this.groundNextToOne();
    ok[0] = g[0];
    ok[1] = g[1];
    raisable(this.castles(), this.levels, ok);
    this.placeableAt = this.heightsVersion;
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
      execute(this, c);
      settle(this);
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
      const v = this.data[i]; // undone in reverse order: the value this write set
      this.data[i] = old;
      if (i < 128) this.track(i, v, old);
      if (this.logLen < this.hashedLen) {
        // this write was already folded into the hash: take it out again
        this.lo = (this.lo ^ key1(i, v) ^ key1(i, old)) >>> 0;
        this.hi = (this.hi ^ key2(i, v) ^ key2(i, old)) >>> 0;
      }
    }
    if (this.hashedLen > this.logLen) this.hashedLen = this.logLen;
  }

  // ---- the search interface ----

  /** Writes the legal move codes at `out[off..]` in the stable order; returns the count. */
  generate(out: Int32Array, off: number): number {
    return generateMoves(this, out, off);
  }
  /**
   * How many legal moves there are (`generate`'s count). Torres writes them into a scratch
   * buffer: its lists are short and its bulk counts are not a hot path.
   */
  count(): number {
    return generateMoves(this, countScratch, 0);
  }
  /** The seat to act. */
  toMove(): number {
    return this.actor;
  }
  /** Whether the game is over (T-END-1). */
  terminal(): boolean {
    return this.step === S_OVER;
  }
  /** Every seat's track position (T-END-2). */
  score(): readonly number[] {
    return Array.from({ length: this.players }, (_, p) => this.seatScore(p));
  }
  /** The move object of a code. */
  decode(move: number): TorresMove {
    return decode(move);
  }
  /** The code of a move object. */
  encode(move: TorresMove): number {
    return encode(move);
  }
  /**
   * The immutable state of this position (a copy: the position plays on), made by its
   * {@link origin}: the kernel knows no state.
   */
  state(): TorresState {
    const origin = this.origin;
    if (origin === null) {
      throw new RulesError('UNSUPPORTED', 'state: this position was not made by torres.search');
    }
    return origin.stateOf(this);
  }
}
