/**
 * A Torres state's fields and its position's state array, both ways: the state a position shows
 * ({@link stateOf}, sharing with the state before every part a play left alone) and the
 * position a state's fields describe ({@link decodeState}).
 *
 * @module
 */

import type { RngState } from '../core/rng.js';
import { type CardName, cardId, cardName } from './engine/cards.js';
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
} from './engine/layout.js';
import { MAX_STACK } from './engine/phases.js';
import { Position } from './engine/position.js';
import { KING } from './engine/rules.js';
import type { CardView, TorresSeatState, TorresState } from './types.js';

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

/** A state and the entries a play changed in the state array since it (see {@link stateOf}). */
export interface Previous {
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

/**
 * The state `pos` shows, with the RNG state `rng`. With `prev` (the state before the last play
 * of `pos`, and the entries that play changed), every part of `prev` the changes leave alone is
 * shared rather than rebuilt: a move changes a few squares or one seat.
 */
export function stateOf(pos: Position, rng: RngState, prev: Previous | null): TorresState {
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
export function decodeState(s: TorresState): Position {
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

/** The card id of a card as a state shows it (a hidden card `'?'` is 0). */
export function idOf(c: CardView): number {
  return c === '?' ? 0 : cardId(c);
}
