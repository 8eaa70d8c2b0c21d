/**
 * Immutable Hive states without a copy of the board per state.
 *
 * Cloning the compact {@link Position} for every `apply` cost about 13 kB per call (typed arrays
 * and the undo stack). Instead, the states of one game tree share a single mutable position: each
 * state is a {@link Version} — its parent version and the integer move that led to it — and the
 * shared position is moved to whichever version is asked for by `undo` up to the common ancestor
 * and `play` down again. Play and undo are exact inverses (the perft tests compare both paths),
 * so a version's position is the same whichever way it is reached.
 *
 * Walking the tree in depth-first order (perft, search over `apply`, a game played forward) costs
 * one `play` or `undo` per step, like the fast path. Jumping between distant branches costs the
 * plies between them; nothing is ever copied.
 *
 * The tree and its walk are the one bridge every game uses (`core/tree.ts`); this module adds
 * what Hive keeps per version. The position handed out by {@link positionAt} is valid until the
 * next call for another version of the same tree: callers read it at once and never keep it.
 *
 * The move texts live here too: a version keeps the text of its own move, and a state's history
 * array is built from the chain only when it is first read ({@link historyAt}), so `apply` does
 * not copy the history either. A version made by `apply` does not even format its text: the
 * MoveString names a neighbouring piece, which takes a look around the destination, and a search
 * through `apply` never reads it. `historyAt` formats the missing texts, each in its parent's
 * position.
 *
 * @module
 */
import { GameTree, positionAt as treePositionAt, type Version } from '../core/tree.js';
import type { Position } from './engine/position.js';
import { formatMoveCode } from './notation.js';
import type { HiveMove } from './types.js';

/** A state's place in its tree, with what Hive keeps per state. */
export interface HiveVersion extends Version<Position> {
  /**
   * The move's text as the history records it (unused at the root); `null` until
   * {@link historyAt} formats it.
   */
  text: string | null;
  /** The history up to here, once built (the root's: the moves played before the tree began). */
  history: readonly string[] | null;
  /**
   * The legal moves here, once `moves` was asked (kept on the version rather than in a second
   * weak map keyed by the state: one lookup per call instead of two, and less for the collector).
   */
  moves: readonly HiveMove[] | null;
  /** Where in `moves` `apply` starts looking for its move (after the one found last). */
  cursor: number;
}

/** A new version (the one literal site of Hive's versions: see `Version`). */
function newVersion(
  tree: GameTree<Position>,
  parent: HiveVersion | null,
  move: number,
  depth: number,
  text: string | null,
  history: readonly string[] | null,
): HiveVersion {
  return { tree, parent, move, depth, text, history, moves: null, cursor: 0 };
}

/**
 * A new tree whose root is `pos` as it stands, reached by the moves `history` (the tree owns
 * `pos` and the frozen `history` from now on).
 */
export function rootVersion(pos: Position, history: readonly string[]): HiveVersion {
  const rootHistory = Object.freeze(history);
  const tree = new GameTree(pos, (t) => newVersion(t, null, 0, 0, '', rootHistory));
  return tree.at as HiveVersion;
}

/** The shared position moved to `v`: read it at once (see the module comment). */
export function positionAt(v: HiveVersion): Position {
  return treePositionAt(v);
}

/**
 * The version after legal integer move `m` from `v`: the shared position plays it, so `v` need
 * not be the current version beforehand. `text` is the move's MoveString when the caller has it,
 * else `null` (formatted when a history is first read).
 */
export function childVersion(v: HiveVersion, m: number, text: string | null): HiveVersion {
  return v.tree.grow(v, m, newVersion(v.tree, v, m, v.depth + 1, text, null));
}

/** The root of `v`'s tree. */
function rootOf(v: HiveVersion): HiveVersion {
  let a = v;
  while (a.parent !== null) a = a.parent as HiveVersion;
  return a;
}

/** The move texts from the start of the game to `v` (built once, then kept; frozen). */
export function historyAt(v: HiveVersion): readonly string[] {
  if (v.history !== null) return v.history;
  const root = rootOf(v).history as readonly string[];
  const chain = new Array<HiveVersion>(v.depth);
  let i = chain.length;
  for (let a: HiveVersion = v; a.parent !== null; a = a.parent as HiveVersion) chain[--i] = a;
  const out = new Array<string>(root.length + chain.length);
  for (i = 0; i < root.length; i++) out[i] = root[i] as string;
  // H-UHP-5: each missing MoveString is formatted in its parent's position. From the root down,
  // so that moving the shared position to each parent is one play.
  const at = v.tree.at;
  let moved = false;
  for (const a of chain) {
    if (a.text === null) {
      a.text = formatMoveCode(positionAt(a.parent as HiveVersion), a.move);
      moved = true;
    }
    out[i++] = a.text;
  }
  // Reading a history is a getter: it leaves the shared position where it found it, so a caller
  // holding the position of some version (see `positionAt`) may read histories meanwhile.
  if (moved) v.tree.positionAt(at);
  v.history = Object.freeze(out);
  return v.history;
}

/** The ancestor `n` plies up, or `null` when the tree's root is nearer than that. */
export function ancestorVersion(v: HiveVersion, n: number): HiveVersion | null {
  let a: HiveVersion = v;
  for (let i = 0; i < n; i++) {
    if (a.parent === null) return null;
    a = a.parent as HiveVersion;
  }
  return a;
}
