/**
 * The one validation of a Torres state (T-STATE-1), what `deserialize` runs and what the guard
 * runs on a caller's object: every field's type and range, then the game's invariants. A value
 * that is not a valid state is a `RulesError('INVALID_STATE')` naming the field or the broken
 * rule, never a `TypeError` deep inside the move generator.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { isRngState } from '../core/rng.js';
import { labelRegions, makeRegions } from '../geometry/grid.js';
import { GRID } from './engine/board.js';
import { type CardName, cardId } from './engine/cards.js';
import { STEP_NAMES, type TorresStep } from './engine/layout.js';
import { MAX_STACK, stacksFor } from './engine/phases.js';
import { resolveOptions } from './options.js';
import { idOf } from './state-data.js';
import type { CardView, TorresSeatState, TorresState, TorresTurnState } from './types.js';

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
 * The one validation of a state (T-STATE-1): every field's type and range ({@link readState}),
 * then the invariants ({@link checkInvariants}: T-GEO-5 height cap, T-GEO-9 block conservation,
 * T-KING-1, knight, card and step bookkeeping). Returns the normalized copy.
 */
export function validState(x: unknown): TorresState {
  const state = readState(x);
  checkInvariants(state);
  return state;
}

/**
 * Every field's type and range (what the compact position can hold): a fresh,
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
