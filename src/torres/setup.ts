/**
 * The Torres start (T-SETUP-*, T-RNG-2): the RNG draws of a new game in their specified order,
 * and the start position they lead to.
 *
 * @module
 */

import { nextInt, rngFromSeed, shuffle } from '../core/rng.js';
import { startPosition } from './engine/start.js';
import { resolveStartOptions, type TorresOptions } from './options.js';
import { rootState } from './state.js';
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
  const pos = startPosition(o, first, master, shared, seatDecks);
  return rootState(pos, rng);
}
