/**
 * Search positions of Torres states (`torres.search`): a copy of the state's tree position that
 * plays on by itself, and whose `state()` turns it back into a state through its origin (the
 * position knows no state).
 *
 * @module
 */

import type { RngState } from '../core/rng.js';
import type { StateOrigin } from '../core/tree.js';
import type { Position } from './engine/position.js';
import { knownVersion, rootState } from './state.js';
import { decodeState } from './state-data.js';
import type { TorresState } from './types.js';

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
  const v = knownVersion(state, where);
  const pos = v === null ? decodeState(state as TorresState) : v.tree.positionAt(v).clone();
  pos.origin = new SearchOrigin((state as TorresState).rng);
  return pos;
}
