/**
 * Determinization for bots that search games with hidden information (e.g. `mctsBot`): deal
 * the cards a seat cannot see back at random, consistently with everything it can see.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { RandomSource } from '../core/rng.js';
import { CARD_NAMES, type CardName, cardId } from './engine/cards.js';
import { checkState, trustState } from './state.js';
import type { CardView, TorresState } from './types.js';

function shuffled(cards: CardName[], rng: RandomSource): CardName[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = cards[i] as CardName;
    cards[i] = cards[j] as CardName;
    cards[j] = t;
  }
  return cards;
}

const byId = (a: CardView, b: CardView): number =>
  (a === '?' ? 0 : cardId(a)) - (b === '?' ? 0 : cardId(b));

/** Removes one copy of each known card from `pool`; throws if the observation is inconsistent. */
function take(pool: CardName[], known: readonly CardView[]): void {
  for (const c of known) {
    if (c === '?') continue;
    const i = pool.indexOf(c);
    if (i < 0)
      throw new RulesError('INVALID_STATE', `determinize: card '${c}' is accounted for twice`);
    pool.splice(i, 1);
  }
}

/** Fills the `'?'` entries of `list` from the front of `pool`. */
function fill(list: readonly CardView[], pool: CardName[]): CardView[] {
  return list.map((c) => (c === '?' ? (pool.shift() as CardName) : c));
}

/**
 * A full state consistent with what `seat` sees in `observed` (T-OBS-1/2): other seats' hands,
 * the decks, another buyer's draft and bought cards are dealt at random from the cards not
 * accounted for (by type; colours never matter), using only `rng`. Public information and the
 * seat's own cards are kept. The result is a valid state; its RNG and seed are the
 * observation's (placeholders: the deal no longer follows from a seed). With `seat` −1 on a
 * state observed by no seat, every hidden card is dealt afresh, uniformly: this is how a server
 * deals a match from its own cryptographic source.
 *
 * It is valid by construction, so it is not validated again (that was most of the cost of a
 * determinized MCTS playout): the observation passed `checkState`, only its `'?'` entries are
 * replaced, and by cards `take` has shown are not accounted for elsewhere. The tests check every
 * result through `deserialize`, which runs the full validation.
 */
export function determinize(observed: TorresState, seat: number, rng: RandomSource): TorresState {
  const s = checkState(observed, 'determinize');
  if (typeof rng !== 'object' || rng === null || typeof rng.int !== 'function') {
    throw new RulesError(
      'INVALID_OPTIONS',
      'determinize: rng must be a random source (an Rng, or an object with int(n))',
    );
  }
  const mode = s.options.deckMode;
  if (mode === 'masterHand') return s; // hands are public and there are no decks
  const actorHidden = s.actor !== seat;
  if (mode === 'shared') {
    // T-RULE-17: 4 of each type in all; minus everything visible.
    const pool: CardName[] = [0, 1, 2, 3].flatMap(() => [...CARD_NAMES]);
    take(pool, s.deck);
    for (const p of s.seats) {
      take(pool, p.hand);
      take(pool, p.played);
    }
    shuffled(pool, rng);
    const seats = s.seats.map((p) => ({ ...p, hand: fill(p.hand, pool).sort(byId) }));
    const actor = seats[s.actor] as (typeof seats)[number];
    // Hidden bought cards are some of the actor's (now dealt) hand.
    const bought = actorHidden ? pickFrom(actor.hand, s.turn.bought.length, rng) : s.turn.bought;
    return trustState({ ...s, seats, deck: fill(s.deck, pool), turn: { ...s.turn, bought } });
  }
  // perColour / draft: each seat's 10 cards, one of each type.
  const seats = s.seats.map((p, i) => {
    const pool = [...CARD_NAMES];
    take(pool, p.hand);
    take(pool, p.played);
    take(pool, p.deck);
    if (i === s.actor) take(pool, s.turn.pending);
    shuffled(pool, rng);
    const hand = fill(p.hand, pool).sort(byId);
    const pending = i === s.actor ? fill(s.turn.pending, pool) : null;
    return { seat: { ...p, hand, deck: fill(p.deck, pool) }, pending };
  });
  const me = seats[s.actor] as (typeof seats)[number];
  const bought = actorHidden ? pickFrom(me.seat.hand, s.turn.bought.length, rng) : s.turn.bought;
  return trustState({
    ...s,
    seats: seats.map((x) => x.seat),
    turn: { ...s.turn, pending: me.pending ?? s.turn.pending, bought },
  });
}

function pickFrom(hand: readonly CardView[], n: number, rng: RandomSource): CardView[] {
  const pool = [...hand] as CardName[];
  shuffled(pool, rng);
  return pool.slice(0, n).sort(byId);
}
