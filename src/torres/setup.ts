/**
 * The Torres start (T-SETUP-*, T-RNG-2): the RNG draws of a new game in their specified order,
 * and the start position they lead to.
 *
 * @module
 */

import { nextInt, type RngState, rngFromSeed, shuffle } from '../core/rng.js';
import {
  ACTOR,
  AP_LIMIT,
  DECK,
  DECK_N,
  H,
  LPS,
  MASTER,
  O_DECK,
  O_DECK_N,
  O_HAND,
  O_KOFF,
  ORDER,
  PHASE,
  S_SETUP_CASTLE,
  S_SETUP_KNIGHT,
  SEAT_STRIDE,
  SEAT0,
  SIZE,
  STEP,
  SUPPLY,
} from './layout.js';
import { resolveStartOptions, type TorresOptions } from './options.js';
import { Position } from './position.js';
import { toState } from './state.js';
import type { TorresState } from './types.js';

/** T-RNG-2: all draws happen here, in the specified order. */
export function startState(options?: Partial<TorresOptions>): TorresState {
  const o = resolveStartOptions(options);
  let rng = rngFromSeed(o.seed);
  let first = 0;
  if (o.firstPlayer === 'random') [first, rng] = nextInt(rng, o.players);
  else first = o.firstPlayer;
  let master = 0;
  if (o.version === 'master') {
    if (o.masterCard === 'random') {
      let m: number;
      [m, rng] = nextInt(rng, 8);
      master = m + 1;
    } else master = o.masterCard;
  }
  const types = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  let shared: number[] = [];
  const seatDecks: number[][] = [];
  if (o.deckMode === 'shared') {
    // T-RULE-17: all 40 cards, colour 0..3 then type order, whatever the player count.
    [shared, rng] = shuffle([...types, ...types, ...types, ...types], rng);
  } else if (o.deckMode === 'perColour' || o.deckMode === 'draft') {
    for (let p = 0; p < o.players; p++) {
      let d: number[];
      [d, rng] = shuffle(types, rng);
      seatDecks.push(d);
    }
  }
  const pos = startPosition(o, rng, first, master, shared, seatDecks);
  return toState(pos, rng, true);
}

/** Builds the start position for resolved options and their RNG draws (see `index.ts`). */
export function startPosition(
  o: TorresOptions,
  rng: RngState,
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
  return new Position(o, a, rng);
}
