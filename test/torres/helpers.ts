/** Small constructed positions in the spec's test notation (§0): `h: c3=1 d3=2`, `W@b3 B@d3 K@c3`. */
import { expect } from 'vitest';
import {
  CARD_NAMES,
  type CardName,
  type CardView,
  squareIndex,
  type TorresMove,
  type TorresOptions,
  type TorresState,
  torres,
} from '../../src/torres/index.js';

const COLOURS = 'WBGR';

export function heightsOf(h: string): number[] {
  const out = new Array<number>(64).fill(0);
  for (const tok of h.split(/\s+/).filter(Boolean)) {
    const [sq, v] = tok.split('=');
    out[squareIndex(sq as string)] = Number(v);
  }
  return out;
}

export function piecesOf(p: string): (number | 'K' | null)[] {
  const out: (number | 'K' | null)[] = new Array(64).fill(null);
  for (const tok of p.split(/\s+/).filter(Boolean)) {
    const [who, sq] = tok.split('@');
    out[squareIndex(sq as string)] = who === 'K' ? 'K' : COLOURS.indexOf(who as string);
  }
  return out;
}

export interface Setup {
  h?: string;
  p?: string;
  options?: Partial<TorresOptions>;
  /** Patch of the turn record. */
  turn?: Partial<TorresState['turn']>;
  /** Patch of seat 0 (the mover). */
  me?: Partial<TorresState['seats'][number]>;
  state?: Partial<TorresState>;
}

/**
 * A state in seat 0's `actions` step (stack already chosen) with the given board, made valid by
 * {@link balanced}: the library refuses states that break the game's invariants (T-STATE-1).
 */
export function at(s: Setup): TorresState {
  const base = torres.start({ players: 2, seed: 1, ...s.options });
  const n = base.options.players;
  const heights = heightsOf(s.h ?? '');
  const pieces = piecesOf(s.p ?? '');
  const seats = base.seats.map((seat, i) => {
    const st = { ...seat, stacks: [2, 2] };
    return i === 0 ? { ...st, ...s.me } : st;
  });
  // chooseStack has no active stack yet (T-FLOW-1).
  const active = s.state?.step === 'chooseStack' ? 0 : 2;
  return balanced(
    {
      ...base,
      heights,
      pieces,
      step: 'actions',
      actor: 0,
      order: Array.from({ length: n }, (_, i) => i),
      turnIndex: 0,
      lastPhaseStart: 0,
      setupCount: 0,
      seats,
      turn: { ...base.turn, active, ...s.turn },
      ...s.state,
    },
    {
      supply: s.state?.supply !== undefined,
      deck: s.state?.deck !== undefined,
      knightsOff: s.me?.knightsOff !== undefined,
      seatDeck: s.me?.deck !== undefined,
    },
  );
}

/** Which fields of a hand-built state the test fixed (the others {@link balanced} may adjust). */
export interface Fixed {
  /** The supply was given: `totalBlocks` is set to match it instead. */
  supply?: boolean;
  /** The shared deck was given: cards missing elsewhere go to the last seat's played pile. */
  deck?: boolean;
  /** Seat 0's `knightsOff` was given: `knightsPerPlayer` is set to match it instead. */
  knightsOff?: boolean;
  /** Seat 0's own deck was given (per-colour modes): missing cards go to its played pile. */
  seatDeck?: boolean;
}

const cardCount = (cards: readonly string[], c: string): number =>
  cards.filter((x) => x === c).length;

/** `cards` without the first occurrence of each card in `taken`. */
function without(cards: readonly CardView[], taken: readonly CardView[]): CardView[] {
  const out = [...cards];
  for (const c of taken) {
    const i = out.indexOf(c);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

const inCardOrder = (cards: readonly CardName[]): CardName[] =>
  [...cards].sort((a, b) => CARD_NAMES.indexOf(a) - CARD_NAMES.indexOf(b));

/**
 * Makes a hand-built position satisfy the game's invariants, so every entry point accepts it
 * (as `deserialize` would): knights off the board add up with those on it (T-COMP-1), every
 * card is in exactly one deck, hand, draft or played pile (T-DECK-1), and the blocks add up to
 * `totalBlocks` (T-GEO-9). What the test fixed (see {@link Fixed}) is kept and the option it
 * depends on adjusted instead, as are `knightsPerPlayer` and `totalBlocks` when the board holds
 * more than they allow; a position that cannot be balanced throws.
 */
export function balanced(state: TorresState, fixed: Fixed = {}): TorresState {
  let options = state.options;
  const n = options.players;
  const onBoard = (p: number): number => state.pieces.filter((v) => v === p).length;
  if (fixed.knightsOff) {
    options = {
      ...options,
      knightsPerPlayer: onBoard(0) + (state.seats[0] as TorresState['seats'][number]).knightsOff,
    };
  }
  // Hand-built boards may hold more knights of a seat than the default 6 (as obstacles).
  const most = Math.max(...state.seats.map((_, p) => onBoard(p)));
  if (most > options.knightsPerPlayer && !fixed.knightsOff) {
    options = { ...options, knightsPerPlayer: most };
  }
  const kpp = options.knightsPerPlayer;
  let seats = state.seats.map((seat, p) => {
    const knightsOff = kpp - onBoard(p);
    if (knightsOff < 0) throw new Error(`seat ${p} has more than ${kpp} knights on the board`);
    return { ...seat, knightsOff };
  });
  let deck = state.deck;
  if (options.deckMode === 'shared') {
    const elsewhere = [
      ...state.turn.pending,
      ...seats.flatMap((seat) => [...seat.hand, ...seat.played]),
    ];
    if (!fixed.deck) deck = without(deck, elsewhere);
    const missing: CardName[] = [];
    for (const c of CARD_NAMES) {
      const extra = 4 - cardCount([...deck, ...elsewhere], c);
      if (extra < 0) throw new Error(`more than 4 '${c}' cards`);
      for (let i = 0; i < extra; i++) missing.push(c);
    }
    const last = n - 1;
    seats = seats.map((seat, p) =>
      p === last && missing.length > 0
        ? { ...seat, played: inCardOrder([...seat.played, ...missing]) }
        : seat,
    );
  } else if (options.deckMode !== 'masterHand') {
    seats = seats.map((seat, p) => {
      const pending = p === state.actor ? state.turn.pending : [];
      const elsewhere = [...seat.hand, ...seat.played, ...pending];
      const own = fixed.seatDeck && p === 0 ? seat.deck : without(seat.deck, elsewhere);
      const missing = CARD_NAMES.filter((c) => cardCount([...own, ...elsewhere], c) === 0);
      return { ...seat, deck: own, played: inCardOrder([...seat.played, ...missing]) };
    });
  }
  let used = state.turn.active;
  for (const h of state.heights) used += h;
  for (const seat of seats) used += seat.carry + seat.stacks.reduce((a, b) => a + b, 0);
  let supply = state.supply;
  // A busy board with the test's stacks may need more than the default 92 blocks.
  if (fixed.supply || used > options.totalBlocks) {
    options = { ...options, totalBlocks: used + (fixed.supply ? supply : 0) };
  }
  supply = options.totalBlocks - used;
  return { ...state, options, seats, deck, supply };
}

export function kinds(state: TorresState, kind: TorresMove['kind'], card?: string): TorresMove[] {
  return torres
    .moves(state)
    .filter(
      (m) => m.kind === kind && (card === undefined || (m as { card?: string }).card === card),
    );
}

/** The `to` squares (optionally only moves from `from`) of the moves of a kind, sorted. */
export function targets(
  state: TorresState,
  kind: TorresMove['kind'],
  card?: string,
  from?: string,
): string[] {
  return kinds(state, kind, card)
    .filter((m) => from === undefined || (m as { from?: string }).from === from)
    .map((m) => (m as { to: string }).to)
    .sort();
}

export function sorted(xs: string): string[] {
  return xs
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort();
}

export function play(state: TorresState, ...texts: string[]): TorresState {
  let s = state;
  for (const t of texts) s = torres.apply(s, torres.parseMove(s, t));
  return s;
}

export function texts(state: TorresState): string[] {
  return torres.moves(state).map((m) => torres.formatMove(state, m));
}

export function expectSet(actual: string[], expected: string): void {
  expect([...actual].sort()).toEqual(sorted(expected));
}

/**
 * Plays from `state` until `until` holds: `choose` may pick a move text; by default a seat in
 * `actions` ends its turn and any other step takes its first listed move.
 */
export function drive(
  state: TorresState,
  until: (s: TorresState) => boolean,
  choose: (s: TorresState, moves: string[]) => string | undefined = () => undefined,
  max = 3000,
): TorresState {
  let s = state;
  for (let i = 0; i < max && !until(s); i++) {
    if (torres.terminal(s)) throw new Error('game over before the condition held');
    const ms = texts(s);
    const pick = choose(s, ms) ?? (ms.includes('end') ? 'end' : (ms[0] as string));
    s = play(s, pick);
  }
  if (!until(s)) throw new Error('condition never held');
  return s;
}

/** Plays the setup (knights on the first free castle squares, the king likewise). */
export function afterSetup(options: Partial<TorresOptions>): TorresState {
  return drive(
    torres.start(options),
    (s) => !['setupCastle', 'setupKnight', 'setupKing'].includes(s.step),
  );
}
