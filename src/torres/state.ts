/**
 * Torres states and their positions. A state is plain data (T-STATE-1); the library keeps, for
 * each state it built or checked, its {@link TorresVersion} in a game tree (`core/tree.ts`): the
 * states `apply` makes are children in their parent's tree, whose one position is moved to
 * whichever state is asked about, and every other state (a start, a save read back, an
 * observation, a determinized sample, a caller's object, a search position's state) is the root
 * of a tree of its own, made when a position is first needed for it.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { ReturnsItsArgument, type Stamps, stateGuard } from '../core/guard.js';
import type { RngState } from '../core/rng.js';
import { GameTree, type Version } from '../core/tree.js';
import type { Position } from './engine/position.js';
import { decodeState, stateOf } from './state-data.js';
import type { TorresMove, TorresState } from './types.js';
import { validState } from './validate.js';

/**
 * A state's place in its game tree (core/tree.ts), with what Torres keeps per state. The states
 * of one tree share the tree's position, which is moved to whichever state is asked about.
 */
export interface TorresVersion extends Version<Position> {
  /** `torres.moves` of the state, once asked for. */
  moves: readonly TorresMove[] | undefined;
  /** The move codes of `moves`, index for index (set with it). */
  codes: number[] | undefined;
  /** `moves` as a plain array (set with it), which `apply` searches. */
  listed: TorresMove[] | undefined;
  /** Where in `listed` `apply` starts looking for its move (after the one found last). */
  cursor: number;
  /**
   * Whether the state's arrays are the library's own (it was made from a position), so that
   * the states after it may share them (see {@link childState}). A caller's object is not.
   */
  readonly own: boolean;
}

/** A new version (the one literal site of Torres' versions: see `Version`). */
function newVersion(
  tree: GameTree<Position>,
  parent: TorresVersion | null,
  move: number,
  depth: number,
  own: boolean,
): TorresVersion {
  const none = undefined;
  return { tree, parent, move, depth, moves: none, codes: none, listed: none, cursor: 0, own };
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
    newVersion(tree, null, 0, 0, own);

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
  const child = tree.grow(v, code, newVersion(tree, v, code, v.depth + 1, true));
  const pos = tree.pos;
  const changes = v.own ? pos.lastChanges() : null;
  const prev = changes === null ? null : { state, changes };
  return guard.trustNew(stateOf(pos, state.rng, prev), child);
}

/**
 * The version of a checked `state` if its tree is made, else `null` (checked at entry point
 * `where`): for a caller that wants the position without making a tree for it.
 */
export function knownVersion(state: unknown, where: string): TorresVersion | null {
  return guard.check(state, where);
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
