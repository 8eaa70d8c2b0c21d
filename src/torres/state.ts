/**
 * The public, immutable Torres state (T-STATE-1) and its conversion to and from the compact
 * {@link Position}.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { ReturnsItsArgument, type Stamps, stateGuard } from '../core/guard.js';
import { quote } from '../core/quote.js';
import { isRngState, type RngState } from '../core/rng.js';
import { GameTree, type StateOrigin, Version } from '../core/tree.js';
import { labelRegions, makeRegions } from '../geometry/grid.js';
import { GRID } from './board.js';
import { type CardName, cardId, cardName } from './cards.js';
import {
  ACTIVE,
  ACTOR,
  AP_LIMIT,
  AP_USED,
  BOUGHT,
  BOUGHT_N,
  CARRY_SPREAD,
  DECK,
  DECK_N,
  H,
  LPS,
  MASTER,
  O_CARRY,
  O_DECK,
  O_DECK_N,
  O_HAND,
  O_KOFF,
  O_PLAYED,
  O_SCORE,
  O_STACKS,
  ORDER,
  P,
  PEND,
  PEND_N,
  PHASE,
  PLAYED,
  ROUND,
  SEAT_STRIDE,
  SEAT0,
  SETUP_N,
  SIZE,
  SPREAD_N,
  STEP,
  STEP_NAMES,
  SUPPLY,
  type TorresStep,
  TURN,
} from './layout.js';
import { resolveOptions } from './options.js';
import { MAX_STACK, stacksFor } from './phases.js';
import { Position } from './position.js';
import { KING } from './rules.js';
import type {
  CardView,
  TorresMove,
  TorresSeatState,
  TorresState,
  TorresTurnState,
} from './types.js';

function cardsOf(a: Int32Array, base: number): CardView[] {
  const out: CardView[] = [];
  for (let c = 0; c <= 10; c++) for (let i = 0; i < a[base + c]; i++) out.push(cardName(c));
  return out;
}

function deckOf(a: Int32Array, base: number, len: number): CardView[] {
  const out: CardView[] = [];
  for (let i = len - 1; i >= 0; i--) out.push(cardName(a[base + i]));
  return out;
}

/** A state and the entries a play changed in the state array since it (see {@link childState}). */
interface Previous {
  readonly state: TorresState;
  readonly changes: readonly number[];
}

/** `a[from .. from + n − 1]` as a plain array. */
function listOf(a: Int32Array, from: number, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[from + i];
  return out;
}

// The parts of a state a play's changes can touch (bits of `touchedParts`' result).
const T_HEIGHTS = 1;
const T_PIECES = 2;
const T_ORDER = 4;
const T_PENDING = 8;
const T_BOUGHT = 16;
const T_DECK = 32;
/**
 * Seat p's parts are the 5 bits from `T_SEAT0 << 5p`: its numbers (score, knights off, carry),
 * stacks, hand, deck and played cards (`SEAT_*`, in that order).
 */
const T_SEAT0 = 64;
const SEAT_NUMBERS = 1;
const SEAT_STACKS = 2;
const SEAT_HAND = 4;
const SEAT_DECK = 8;
const SEAT_PLAYED = 16;
/** Every part (a state built with no state before it). */
const T_ALL = -1;

/** The seat part (a `SEAT_*` bit) of offset `o` in a seat's entries. */
function seatPart(o: number): number {
  if (o < O_STACKS) return SEAT_NUMBERS;
  if (o < O_HAND) return SEAT_STACKS;
  if (o < O_DECK_N) return SEAT_HAND;
  if (o < O_PLAYED) return SEAT_DECK;
  return SEAT_PLAYED;
}

/** The parts of the state array the `(index, value)` pairs `changes` write into. */
function touchedParts(changes: readonly number[]): number {
  let t = 0;
  for (let k = 0; k < changes.length; k += 2) {
    const i = changes[k];
    if (i < P) t |= T_HEIGHTS;
    else if (i < SUPPLY) t |= T_PIECES;
    else if (i >= SEAT0) {
      const p = ((i - SEAT0) / SEAT_STRIDE) | 0;
      t |= (T_SEAT0 * seatPart(i - SEAT0 - p * SEAT_STRIDE)) << (5 * p);
    } else if (i >= DECK_N) t |= T_DECK;
    else if (i >= BOUGHT) t |= T_BOUGHT;
    else if (i >= PEND_N) t |= T_PENDING;
    else if (i >= ORDER) t |= T_ORDER;
  }
  return t;
}

/** Seat `p`, from `old` (the seat before) with the parts in `parts` (`SEAT_*` bits) rebuilt. */
function seatOf(
  a: Int32Array,
  p: number,
  old: TorresSeatState | undefined,
  parts: number,
): TorresSeatState {
  const so = SEAT0 + p * SEAT_STRIDE;
  const fresh = (part: number): boolean => old === undefined || (parts & part) !== 0;
  let stacks = old?.stacks as number[];
  if (fresh(SEAT_STACKS)) {
    stacks = [];
    for (let s = MAX_STACK; s >= 0; s--)
      for (let i = 0; i < a[so + O_STACKS + s]; i++) stacks.push(s);
  }
  return {
    score: a[so + O_SCORE],
    knightsOff: a[so + O_KOFF],
    carry: a[so + O_CARRY],
    stacks,
    hand: fresh(SEAT_HAND) ? cardsOf(a, so + O_HAND) : (old?.hand as CardView[]),
    deck: fresh(SEAT_DECK) ? deckOf(a, so + O_DECK, a[so + O_DECK_N]) : (old?.deck as CardView[]),
    played: fresh(SEAT_PLAYED)
      ? (cardsOf(a, so + O_PLAYED) as CardName[])
      : (old?.played as CardName[]),
  };
}

/** The `pieces` entry of a square's value in the state array. */
const pieceOf = (v: number): number | 'K' | null => (v === 0 ? null : v === KING ? 'K' : v - 1);

function piecesOf(a: Int32Array): (number | 'K' | null)[] {
  const pieces: (number | 'K' | null)[] = new Array(64);
  for (let q = 0; q < 64; q++) pieces[q] = pieceOf(a[P + q]);
  return pieces;
}

/**
 * A copy of `old` (the 64 squares of `heights` or `pieces`, kept in the state array from
 * `base`) with the squares `changes` wrote patched in as `entryOf` the new value: a copy of
 * a 64-entry array is a block move, rebuilding it reads and converts every square.
 */
function patched<T>(
  old: readonly T[],
  changes: readonly number[],
  base: number,
  entryOf: (v: number) => T,
): T[] {
  const out = old.slice();
  for (let k = 0; k < changes.length; k += 2) {
    const q = changes[k] - base;
    if (q >= 0 && q < 64) out[q] = entryOf(changes[k + 1]);
  }
  return out;
}

/** A height as `heights` holds it (the state array's value itself). */
const heightOf = (v: number): number => v;

function stateOf(pos: Position, rng: RngState, prev: Previous | null): TorresState {
  const a = pos.data;
  const n = pos.players;
  const old = prev?.state;
  const changes = prev?.changes;
  const touched = changes === undefined ? T_ALL : touchedParts(changes);
  const kept = (part: number): boolean => (touched & part) === 0;
  // Most moves (blocks, knight moves) touch no seat: the seat list itself is then shared.
  let seats = old?.seats as TorresSeatState[];
  if (touched >>> 6 !== 0) {
    seats = new Array<TorresSeatState>(n);
    for (let p = 0; p < n; p++) {
      const parts = (touched >>> (6 + 5 * p)) & 31;
      const before = old?.seats[p];
      seats[p] = parts === 0 ? (before as TorresSeatState) : seatOf(a, p, before, parts);
    }
  }
  let heights: number[];
  let pieces: (number | 'K' | null)[];
  if (old === undefined || changes === undefined) {
    heights = listOf(a, H, 64);
    pieces = piecesOf(a);
  } else {
    heights = kept(T_HEIGHTS)
      ? (old.heights as number[])
      : patched(old.heights, changes, H, heightOf);
    pieces = kept(T_PIECES)
      ? (old.pieces as (number | 'K' | null)[])
      : patched(old.pieces, changes, P, pieceOf);
  }
  let pending = old?.turn.pending as CardView[];
  if (!kept(T_PENDING)) {
    pending = [];
    for (let i = 0; i < a[PEND_N]; i++) pending.push(cardName(a[PEND + i]));
  }
  return {
    options: pos.options,
    heights,
    pieces,
    supply: a[SUPPLY],
    phase: a[PHASE],
    round: a[ROUND],
    order: kept(T_ORDER) ? (old?.order as number[]) : listOf(a, ORDER, n),
    turnIndex: a[TURN],
    step: STEP_NAMES[a[STEP]] as TorresStep,
    actor: a[ACTOR],
    lastPhaseStart: a[LPS],
    setupCount: a[SETUP_N],
    deck: kept(T_DECK) ? (old?.deck as CardView[]) : deckOf(a, DECK, a[DECK_N]),
    masterCard: a[MASTER] === 0 ? null : a[MASTER],
    rng,
    seats,
    turn: {
      active: a[ACTIVE],
      apLimit: a[AP_LIMIT],
      apUsed: a[AP_USED],
      buys: a[BOUGHT_N],
      bought: kept(T_BOUGHT) ? (old?.turn.bought as CardView[]) : cardsOf(a, BOUGHT),
      played: a[PLAYED] === 1,
      pending,
      spread: a[SPREAD_N],
      carrySpread: a[CARRY_SPREAD] === 1,
    },
  };
}

/** A new position decoded from the fields of a valid state. */
function decodeState(s: TorresState): Position {
  const a = new Int32Array(SIZE);
  for (let q = 0; q < 64; q++) {
    a[H + q] = s.heights[q];
    const v = s.pieces[q];
    a[P + q] = v === null || v === undefined ? 0 : v === 'K' ? KING : v + 1;
  }
  a[SUPPLY] = s.supply;
  a[PHASE] = s.phase;
  a[ROUND] = s.round;
  a[TURN] = s.turnIndex;
  a[STEP] = STEP_NAMES.indexOf(s.step);
  a[LPS] = s.lastPhaseStart;
  a[ACTOR] = s.actor;
  a[SETUP_N] = s.setupCount;
  a[MASTER] = s.masterCard ?? 0;
  s.order.forEach((p, i) => {
    a[ORDER + i] = p;
  });
  const t = s.turn;
  a[ACTIVE] = t.active;
  a[AP_LIMIT] = t.apLimit;
  a[AP_USED] = t.apUsed;
  a[BOUGHT_N] = t.buys;
  for (const c of t.bought) a[BOUGHT + idOf(c)]++;
  a[PLAYED] = t.played ? 1 : 0;
  t.pending.forEach((c, i) => {
    a[PEND + i] = idOf(c);
  });
  a[PEND_N] = t.pending.length;
  a[SPREAD_N] = t.spread;
  a[CARRY_SPREAD] = t.carrySpread ? 1 : 0;
  a[DECK_N] = s.deck.length;
  s.deck.forEach((c, i) => {
    a[DECK + s.deck.length - 1 - i] = idOf(c);
  });
  s.seats.forEach((seat, p) => {
    const so = SEAT0 + p * SEAT_STRIDE;
    a[so + O_SCORE] = seat.score;
    a[so + O_KOFF] = seat.knightsOff;
    a[so + O_CARRY] = seat.carry;
    for (const z of seat.stacks) a[so + O_STACKS + z]++;
    for (const c of seat.hand) a[so + O_HAND + idOf(c)]++;
    for (const c of seat.played) a[so + O_PLAYED + idOf(c)]++;
    a[so + O_DECK_N] = seat.deck.length;
    seat.deck.forEach((c, i) => {
      a[so + O_DECK + seat.deck.length - 1 - i] = idOf(c);
    });
  });
  return new Position(s.options, a);
}

function idOf(c: CardView): number {
  return c === '?' ? 0 : cardId(c);
}

// ---- strict validation (deserialize) and the entry-point guard ----

function fail(field: string, why: string): never {
  throw new RulesError('INVALID_STATE', `state field '${field}' ${why}`);
}

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function keys(o: Record<string, unknown>, field: string, want: readonly string[]): void {
  for (const k of Object.keys(o))
    if (!want.includes(k)) fail(`${field}${field ? '.' : ''}${k}`, 'is not a known field');
  for (const k of want) if (!(k in o)) fail(`${field}${field ? '.' : ''}${k}`, 'is missing');
}

function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    fail(field, `must be an integer in ${min}..${max}, got ${quote(v)}`);
  }
  return v;
}

function list(v: unknown, field: string, min: number, max: number): unknown[] {
  if (!Array.isArray(v) || v.length < min || v.length > max)
    fail(field, `must be a list of ${min}..${max} entries`);
  // No holes: `map` and `forEach` would skip them unchecked.
  for (let i = 0; i < v.length; i++) if (!(i in v)) fail(`${field}[${i}]`, 'is missing');
  return v;
}

function cards(v: unknown, field: string, max: number): CardView[] {
  return list(v, field, 0, max).map((c, i) => {
    if (c !== '?' && (typeof c !== 'string' || cardId(c) < 0))
      fail(`${field}[${i}]`, `is not a card: ${quote(c)}`);
    return c as CardView;
  });
}

function played(v: unknown, field: string): CardName[] {
  const out = cards(v, field, 40);
  out.forEach((c, i) => {
    if (c === '?') fail(`${field}[${i}]`, 'played cards are public, never hidden');
    if (i > 0 && idOf(c) < idOf(out[i - 1] as CardView)) fail(field, 'must be in card order');
  });
  return out as CardName[];
}

function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') fail(field, 'must be true or false');
  return v;
}

const STATE_KEYS = [
  'options',
  'heights',
  'pieces',
  'supply',
  'phase',
  'round',
  'order',
  'turnIndex',
  'step',
  'actor',
  'lastPhaseStart',
  'setupCount',
  'deck',
  'masterCard',
  'rng',
  'seats',
  'turn',
] as const;
const SEAT_KEYS = ['score', 'knightsOff', 'carry', 'stacks', 'hand', 'deck', 'played'] as const;
const TURN_KEYS = [
  'active',
  'apLimit',
  'apUsed',
  'buys',
  'bought',
  'played',
  'pending',
  'spread',
  'carrySpread',
] as const;

/**
 * A state's place in its game tree (core/tree.ts), with what Torres keeps per state. The states
 * of one tree share the tree's position, which is moved to whichever state is asked about.
 */
export class TorresVersion extends Version<Position> {
  /** `torres.moves` of the state, once asked for. */
  moves: readonly TorresMove[] | undefined = undefined;
  /** The move codes of `moves`, index for index (set with it). */
  codes: number[] | undefined = undefined;
  /** `moves` as a plain array (set with it), which `apply` searches. */
  listed: TorresMove[] | undefined = undefined;
  /** Where in `listed` `apply` starts looking for its move (after the one found last). */
  cursor = 0;
  /**
   * Whether the state's arrays are the library's own (it was made from a position), so that
   * the states after it may share them (see {@link childState}). A caller's object is not.
   */
  readonly own: boolean;

  constructor(
    tree: GameTree<Position>,
    parent: TorresVersion | null,
    move: number,
    depth: number,
    own: boolean,
  ) {
    super(tree, parent, move, depth);
    this.own = own;
  }
}

/**
 * The private field the guard keeps each state's version in (`null`: a valid state whose tree is
 * not made yet). Declared in this module, not made by the shared `stampsFor`: V8 shares inline
 * caches among closures of one source site, so a field declared in common code is read through
 * one cache for every game's states, which goes megamorphic once an app uses two games (Hive's
 * apply-path perft ran 7.5 % more instructions after a few Coerceo and Torres states had been
 * through the guard).
 */
class TorresStamp extends ReturnsItsArgument {
  #version: TorresVersion | null;
  constructor(state: object, version: TorresVersion | null) {
    super(state);
    this.#version = version;
  }
  static readonly stamps: Stamps<TorresVersion | null> = {
    has: (o) => #version in o,
    get: (o) => (o as TorresStamp).#version,
    set: (o, v) => {
      (o as TorresStamp).#version = v;
    },
    add: (o, v) => {
      new TorresStamp(o, v);
    },
  };
}

/**
 * The one state guard (core/guard.ts): a state passes by {@link validState}, the checks
 * `deserialize` runs, and is remembered with its version (states are immutable, T-STATE-1, and
 * a hand-edited copy is a new object). A state that passed gets its tree when first asked
 * about ({@link versionOf}).
 */
const guard = stateGuard<TorresVersion | null>(
  'Torres',
  (state) => {
    try {
      validState(state);
    } catch (e) {
      if (e instanceof RulesError) throw e;
      throw new RulesError('INVALID_STATE', 'is not a readable object');
    }
    return null;
  },
  TorresStamp.stamps,
);

/**
 * The version of a valid `state` (checked at entry point `where`). A state the library did not
 * make from a position (`deserialize`, `observe`, `determinize`, a caller's object) becomes the
 * root of a tree of its own here, on the first call that needs its position, decoded from its
 * fields.
 */
export function versionOf(state: unknown, where: string): TorresVersion {
  const v = guard.check(state, where);
  if (v !== null) return v;
  const tree = new GameTree(decodeState(state as TorresState), rootOf(false));
  guard.trust(state as TorresState, tree.at as TorresVersion);
  return tree.at as TorresVersion;
}

/** Makes the root version of a new tree (see {@link GameTree}). */
const rootOf =
  (own: boolean) =>
  (tree: GameTree<Position>): TorresVersion =>
    new TorresVersion(tree, null, 0, 0, own);

/**
 * The position of a valid `state` (checked at entry point `where`): its tree's position, moved
 * to it. **Valid until the next call on the state's tree** and **read-only**: callers read it at
 * once, and `clone()` it to play on it or keep it.
 */
export function positionOf(state: unknown, where: string): Position {
  const v = versionOf(state, where);
  return v.tree.positionAt(v);
}

/**
 * The state `pos` shows, with the RNG state `rng` (T-RNG-2: no draws after the start): the root
 * of a new tree over `pos`, which the tree owns from now on.
 */
export function rootState(pos: Position, rng: RngState): TorresState {
  const tree = new GameTree(pos, rootOf(true));
  return guard.trustNew(stateOf(pos, rng, null), tree.at as TorresVersion);
}

/**
 * The state after `code`, a legal move in `state` (whose version is `v`): played on the tree's
 * position, which then shows the new state. The new state shares with `state` every part the
 * move leaves alone (a move changes a few squares or one seat), when `state`'s arrays are the
 * library's own.
 */
export function childState(state: TorresState, v: TorresVersion, code: number): TorresState {
  const tree = v.tree;
  const child = tree.grow(v, code, new TorresVersion(tree, v, code, v.depth + 1, true));
  const pos = tree.pos;
  const changes = v.own ? pos.lastChanges() : null;
  const prev = changes === null ? null : { state, changes };
  return guard.trustNew(stateOf(pos, state.rng, prev), child);
}

/** Marks a state the library built without a position (an observation) as valid. */
export function trustState<S extends TorresState>(state: S): S {
  return guard.trust(state, null);
}

/**
 * The guard of every public entry point: returns `state` typed as a {@link TorresState} if it
 * is a valid one, or throws `RulesError('INVALID_STATE')` prefixed by `where` (the entry point)
 * and naming the field or the broken invariant. Never throws anything else.
 *
 * It runs exactly the checks `deserialize` runs ({@link validState}: every field's type and
 * range, then the game's invariants), so no entry point accepts a state whose serialization
 * the library would refuse to read back. Observations (`torres.observe`) pass: a hidden card
 * `'?'` counts as a card of unknown type and the RNG is any placeholder. States that pass, and
 * the states the library builds, are remembered by the guard: the hot path pays one lookup
 * per call. States are immutable; one mutated after it passed is not checked again.
 */
export function checkState(state: unknown, where: string): TorresState {
  guard.check(state, where);
  return state as TorresState;
}

/**
 * Validates untrusted data as a {@link TorresState} (what `deserialize` reads): a fresh,
 * normalized copy, trusted from then on. Throws `RulesError('INVALID_STATE')` naming the field
 * or the broken invariant.
 */
export function validateState(x: unknown): TorresState {
  return trustState(validState(x));
}

/**
 * The one validation of a state (T-STATE-1): every field's type and range ({@link readState}),
 * then the invariants ({@link checkInvariants}: T-GEO-5 height cap, T-GEO-9 block conservation,
 * T-KING-1, knight, card and step bookkeeping). Returns the normalized copy.
 */
function validState(x: unknown): TorresState {
  const state = readState(x);
  checkInvariants(state);
  return state;
}

/**
 * Every field's type and range (what the compact {@link Position} can hold): a fresh,
 * normalized copy of `x`, or `RulesError('INVALID_STATE')` naming the field.
 */
function readState(x: unknown): TorresState {
  if (!isObj(x)) fail('', `must be an object, got ${Array.isArray(x) ? 'a list' : quote(x)}`);
  keys(x, '', STATE_KEYS);
  const options = resolveOptions(x.options, 'INVALID_STATE', true);
  const n = options.players;
  const heights = list(x.heights, 'heights', 64, 64).map((v, i) => int(v, `heights[${i}]`, 0, 64));
  // Any of the four colours here (hand-built boards use them as blockers); seats < n is an invariant.
  const pieces = list(x.pieces, 'pieces', 64, 64).map((v, i) => {
    if (v === null || v === 'K') return v;
    return int(v, `pieces[${i}]`, 0, 3);
  });
  const supply = int(x.supply, 'supply', 0, options.totalBlocks);
  const phase = int(x.phase, 'phase', 1, 3);
  const rounds = (stacksFor(options)[phase - 1] as readonly number[]).length;
  // After the last turn of phase 3 the round counter stands at `rounds` (all rounds played).
  const round = int(x.round, 'round', 0, x.step === 'over' ? rounds : rounds - 1);
  const order = list(x.order, 'order', n, n).map((v, i) => int(v, `order[${i}]`, 0, n - 1));
  // Each seat exactly once (so turn order always terminates); clockwise is an invariant.
  if (new Set(order).size !== n) fail('order', 'must name every seat once');
  const turnIndex = int(x.turnIndex, 'turnIndex', 0, n - 1);
  if (typeof x.step !== 'string' || !(STEP_NAMES as readonly string[]).includes(x.step)) {
    fail('step', `must be one of ${STEP_NAMES.join(', ')}`);
  }
  const step = x.step as TorresStep;
  const actor = int(x.actor, 'actor', 0, n - 1);
  const lastPhaseStart = int(x.lastPhaseStart, 'lastPhaseStart', 0, n - 1);
  const setupCount = int(x.setupCount, 'setupCount', 0, 8);
  const deck = cards(x.deck, 'deck', 40);
  const masterCard = x.masterCard === null ? null : int(x.masterCard, 'masterCard', 1, 8);
  if ((masterCard !== null) !== (options.version === 'master'))
    fail('masterCard', 'must be set exactly in the master version');
  if (!isRngState(x.rng)) fail('rng', 'must be four unsigned 32-bit integers');
  const rng = x.rng;
  const seatsRaw = list(x.seats, 'seats', n, n);
  const seats: TorresSeatState[] = seatsRaw.map((sv, p) => {
    const f = `seats[${p}]`;
    if (!isObj(sv)) fail(f, 'must be an object');
    keys(sv, f, SEAT_KEYS);
    const stacks = list(sv.stacks, `${f}.stacks`, 0, 8).map((v, i) =>
      int(v, `${f}.stacks[${i}]`, 0, MAX_STACK),
    );
    for (let i = 1; i < stacks.length; i++) {
      if (stacks[i] > stacks[i - 1]) fail(`${f}.stacks`, 'must be largest first');
    }
    const hand = cards(sv.hand, `${f}.hand`, 40);
    for (let i = 1; i < hand.length; i++) {
      if (idOf(hand[i] as CardView) < idOf(hand[i - 1] as CardView))
        fail(`${f}.hand`, 'must be in card order');
    }
    return {
      score: int(sv.score, `${f}.score`, 0, 1_000_000),
      knightsOff: int(sv.knightsOff, `${f}.knightsOff`, 0, options.knightsPerPlayer),
      carry: int(sv.carry, `${f}.carry`, 0, 3),
      stacks,
      hand,
      deck: cards(sv.deck, `${f}.deck`, 10),
      played: played(sv.played, `${f}.played`),
    };
  });
  if (!isObj(x.turn)) fail('turn', 'must be an object');
  const tv = x.turn;
  keys(tv, 'turn', TURN_KEYS);
  const bought = cards(tv.bought, 'turn.bought', 2);
  for (let i = 1; i < bought.length; i++) {
    if (idOf(bought[i] as CardView) < idOf(bought[i - 1] as CardView))
      fail('turn.bought', 'must be in card order');
  }
  const turn: TorresTurnState = {
    active: int(tv.active, 'turn.active', 0, MAX_STACK),
    apLimit: int(tv.apLimit, 'turn.apLimit', 5, 7),
    apUsed: int(tv.apUsed, 'turn.apUsed', 0, 7),
    buys: int(tv.buys, 'turn.buys', 0, 2),
    bought,
    played: bool(tv.played, 'turn.played'),
    pending: cards(tv.pending, 'turn.pending', 3),
    spread: int(tv.spread, 'turn.spread', 0, 3),
    carrySpread: bool(tv.carrySpread, 'turn.carrySpread'),
  };
  return {
    options,
    heights,
    pieces: pieces as (number | 'K' | null)[],
    supply,
    phase,
    round,
    order,
    turnIndex,
    step,
    actor,
    lastPhaseStart,
    setupCount,
    deck,
    masterCard,
    rng,
    seats,
    turn,
  };
}

/** The game's invariants over a {@link readState} result (what `deserialize` adds). */
function checkInvariants(state: TorresState): void {
  const { options, heights, pieces, supply, phase, round, order, turnIndex, step, actor } = state;
  const { deck, seats, turn } = state;
  const n = options.players;
  for (let i = 0; i < n; i++)
    if (order[i] !== (order[0] + i) % n) fail('order', 'must be clockwise');
  pieces.forEach((v, q) => {
    if (typeof v === 'number' && v >= n)
      fail(`pieces[${q}]`, `must be a seat 0..${n - 1}, got ${v}`);
  });
  const bought = turn.bought;
  if (turn.apUsed > turn.apLimit) fail('turn.apUsed', 'exceeds turn.apLimit');
  if (bought.length > turn.buys) fail('turn.bought', 'lists more cards than turn.buys');
  if (
    order[turnIndex] !== actor &&
    ['chooseStack', 'actions', 'draftKeep', 'draftReturn', 'redistribute'].includes(step)
  ) {
    fail('actor', 'must be the seat on turn');
  }
  // Deck modes (T-DECK-1)
  if (options.deckMode !== 'shared' && deck.length > 0)
    fail('deck', `must be empty in '${options.deckMode}' mode`);
  const perColour = options.deckMode === 'perColour' || options.deckMode === 'draft';
  seats.forEach((s, p) => {
    if (!perColour && s.deck.length > 0)
      fail(`seats[${p}].deck`, `must be empty in '${options.deckMode}' mode`);
  });
  const drafting = step === 'draftKeep' || step === 'draftReturn';
  if (!drafting && turn.pending.length > 0)
    fail('turn.pending', 'must be empty outside the draft steps');
  if (step === 'draftKeep' && turn.pending.length < 2)
    fail('turn.pending', 'must hold 2 or 3 cards in draftKeep');
  // Cards (T-COMP-1, T-DECK-1): every card is in a deck, a hand, a draft or on the played record.
  const tally = (
    lists: readonly (readonly CardView[])[],
    per: number,
    total: number,
    field: string,
  ): void => {
    const counts = new Array<number>(11).fill(0);
    let n = 0;
    for (const l of lists) {
      for (const c of l) {
        counts[idOf(c)] = counts[idOf(c)] + 1;
        n++;
      }
    }
    if (n !== total) fail(field, `must account for ${total} cards, found ${n}`);
    for (let c = 1; c <= 10; c++)
      if (counts[c] > per) fail(field, `has more than ${per} of a card`);
  };
  if (options.deckMode === 'shared') {
    tally([deck, turn.pending, ...seats.flatMap((p) => [p.hand, p.played])], 4, 40, 'seats');
  } else {
    seats.forEach((p, i) => {
      const pending = i === actor ? turn.pending : [];
      tally([p.hand, p.deck, p.played, pending], 1, 10, `seats[${i}]`);
    });
  }
  // Step consistency (T-FLOW-1): each step's bookkeeping fields.
  const me = seats[actor] as TorresSeatState;
  if (step === 'chooseStack' && (turn.active !== 0 || me.stacks.length === 0)) {
    fail('turn.active', 'must be 0 in chooseStack, with a stack to choose');
  }
  if (step === 'redistribute' && turn.active < 1)
    fail('turn.active', 'must hold the blocks to spread');
  if (step === 'draftReturn' && turn.pending.length > 2)
    fail('turn.pending', 'holds at most 2 cards to return');
  if (turn.carrySpread && step !== 'redistribute')
    fail('turn.carrySpread', 'is only set while redistributing');
  const setup = step === 'setupCastle' || step === 'setupKnight' || step === 'setupKing';
  if (setup && (phase !== 1 || round !== 0 || turnIndex !== 0))
    fail('step', 'setup steps happen before the first turn');
  if (step === 'setupCastle' && options.version !== 'master')
    fail('step', "'setupCastle' exists only in the master version");
  // Board invariants
  const r = labelRegions(GRID, heights, makeRegions(GRID));
  for (let id = 0; id < r.count; id++) {
    if (r.tops[id] > r.areas[id]) fail('heights', 'has a castle taller than its area (T-GEO-5)');
  }
  const onBoard = new Array<number>(n).fill(0);
  let kings = 0;
  pieces.forEach((v, q) => {
    if (v === 'K') {
      kings++;
      if (heights[q] === 0) fail(`pieces[${q}]`, 'puts the king on the ground (T-KING-1)');
    } else if (v !== null) onBoard[v as number]++;
  });
  if (kings > 1) fail('pieces', 'has more than one king');
  seats.forEach((s, p) => {
    if (onBoard[p] + s.knightsOff !== options.knightsPerPlayer) {
      fail(`seats[${p}].knightsOff`, 'does not add up with the knights on the board');
    }
  });
  // T-GEO-9: supply + board + stacks + carry (+ the active stack) = totalBlocks.
  let blocks = supply + turn.active;
  for (const h of heights) blocks += h;
  for (const s of seats) blocks += s.carry + s.stacks.reduce((u, v) => u + v, 0);
  if (blocks !== options.totalBlocks)
    fail('supply', `blocks do not add up to totalBlocks (${blocks})`);
}

/**
 * What a search position was made from: the RNG state of the game (T-RNG-2: no draws after the
 * start), which every state it makes carries. One class, so `state()` calls stay monomorphic.
 */
class SearchOrigin implements StateOrigin<Position, TorresState> {
  private readonly rng: RngState;
  constructor(rng: RngState) {
    this.rng = rng;
  }
  stateOf(pos: Position): TorresState {
    // A tree of its own for the state: a copy of the position, which plays on for the search.
    const copy = pos.clone();
    copy.origin = null;
    return rootState(copy, this.rng);
  }
}

/**
 * A position of its own for search and perft, made from `state` (checked at entry point
 * `where`): a copy of its tree's position, or, for a state with no tree yet (a determinized
 * sample, say), one decoded from its fields without making a tree. Its `state()` gives the
 * state after the plays made on it.
 */
export function searchPosition(state: unknown, where: string): Position {
  const v = guard.check(state, where);
  const pos = v === null ? decodeState(state as TorresState) : v.tree.positionAt(v).clone();
  pos.origin = new SearchOrigin((state as TorresState).rng);
  return pos;
}
