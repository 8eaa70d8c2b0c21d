/**
 * The start position (T-SETUP-2, T-ORDER-1, T-MASTER-HAND-1): the board and the seats before the
 * first move, once the draws of a new game are made (setup.ts makes them, T-RNG-2).
 *
 * @module
 */

import type { TorresOptions } from '../options.js';
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
import { Position } from './position.js';

/**
 * The start position for resolved options and the outcome of their RNG draws (setup.ts draws
 * them): the first player, the master card (0 in the basic game) and the decks, top first.
 */
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
