/**
 * Determinization for Torres: sampling full states from what one seat sees, so MCTS can
 * search a game with hidden cards without peeking (see `mctsBot`'s `determinize` option).
 *
 * @module
 */
import { type Rng, rngFromSeed } from '../core/rng.js';
import { CARD_NAMES, type CardName } from './cards.js';
import type { CardView, TorresSeatState, TorresState } from './state.js';

/** Copies of each card type in the shared deck (T-RULE-17: 4 colours × 10 types). */
const SHARED_COPIES = 4;

function shuffleInPlace<T>(xs: T[], rng: Rng): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = xs[i] as T;
    xs[i] = xs[j] as T;
    xs[j] = t;
  }
}

/** A shuffled pool: `copies` of each type minus the visible cards (never below zero). */
function pool(copies: number, visible: readonly CardView[], rng: Rng): CardName[] {
  const left = new Map<CardName, number>(CARD_NAMES.map((c) => [c, copies]));
  for (const c of visible) if (c !== '?') left.set(c, Math.max(0, (left.get(c) ?? 0) - 1));
  const out: CardName[] = [];
  for (const c of CARD_NAMES) for (let i = 0; i < (left.get(c) ?? 0); i++) out.push(c);
  shuffleInPlace(out, rng);
  return out;
}

/** Replaces every `'?'` by the next pool card (a random type if the pool ran dry). */
function fill(cards: readonly CardView[], from: CardName[], rng: Rng): CardView[] {
  return cards.map((c) =>
    c === '?' ? (from.pop() ?? (CARD_NAMES[rng.int(CARD_NAMES.length)] as CardName)) : c,
  );
}

/** Picks `count` cards of `hand` at random (the hidden purchases are part of the hand). */
function pickFrom(hand: readonly CardView[], count: number, rng: Rng): CardView[] {
  const copy = hand.slice();
  shuffleInPlace(copy, rng);
  return copy.slice(0, count);
}

const hidden = (cs: readonly CardView[]): boolean => cs.includes('?');

/** Hands and purchases are listed in card order (T-STATE-1). */
function inCardOrder(cs: readonly CardView[]): CardView[] {
  const rank = (c: CardView): number => (c === '?' ? -1 : CARD_NAMES.indexOf(c));
  return cs.slice().sort((a, b) => rank(a) - rank(b));
}

/**
 * Samples a full Torres state consistent with `observed = torres.observe(s, seat)`: every
 * hidden card (`'?'`: other seats' hands, the decks, another buyer's purchases or pending
 * draft cards) becomes a card drawn without replacement from the cards the seat cannot place:
 * in the shared deck mode 4 copies of each type minus every visible card; in the per-colour
 * modes one of each type per seat minus that seat's visible cards. Hidden purchases are drawn
 * from the buyer's (sampled) hand, since bought cards go to the hand (T-BUY-2). The RNG state is
 * reseeded (all chance happens in `start`, T-RNG-2).
 *
 * Cards played earlier are not in the state, so a sample may hold a type the seat saw being
 * played: the sample is consistent with the observation, not with the whole history.
 */
export function determinizeTorres(observed: TorresState, _seat: number, rng: Rng): TorresState {
  const shared = observed.options.deckMode === 'shared';
  const actor = observed.actor;
  const turn = observed.turn;
  let seats: TorresSeatState[];
  let deck = observed.deck;
  let pending = turn.pending;
  if (shared) {
    const visible: CardView[] = [...observed.deck, ...turn.pending];
    for (const s of observed.seats) visible.push(...s.hand, ...s.deck);
    const from = pool(SHARED_COPIES, visible, rng);
    seats = observed.seats.map((s) =>
      hidden(s.hand) || hidden(s.deck)
        ? { ...s, hand: inCardOrder(fill(s.hand, from, rng)), deck: fill(s.deck, from, rng) }
        : s,
    );
    deck = fill(deck, from, rng);
    pending = fill(pending, from, rng);
  } else {
    seats = observed.seats.map((s, p) => {
      const own = p === actor ? turn.pending : [];
      if (!hidden(s.hand) && !hidden(s.deck) && !hidden(own)) return s;
      const from = pool(1, [...s.hand, ...s.deck, ...own], rng);
      const hand = inCardOrder(fill(s.hand, from, rng));
      const seatDeck = fill(s.deck, from, rng);
      if (p === actor) pending = fill(turn.pending, from, rng);
      return { ...s, hand, deck: seatDeck };
    });
  }
  const bought = hidden(turn.bought)
    ? inCardOrder(pickFrom(seats[actor]?.hand ?? [], turn.bought.length, rng))
    : turn.bought;
  return {
    ...observed,
    deck,
    rng: rngFromSeed(rng.uint32()),
    seats,
    turn: { ...turn, bought, pending },
  };
}
