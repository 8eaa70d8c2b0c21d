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
 * The position handed out by {@link positionAt} is valid until the next call for another
 * version of the same tree: callers read it at once and never keep it.
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
import { formatMoveCode } from './notation.js';
import type { Position } from './position.js';
import type { HiveMove } from './types.js';

/** One shared position and the version it currently shows. */
interface Tree {
  readonly pos: Position;
  at: Version;
  /** The root version's history (the moves played before the tree began). */
  readonly rootHistory: readonly string[];
}

/** A state's place in its tree: the version of its parent plus one move. */
export interface Version {
  readonly tree: Tree;
  /** `null` for the root: the position the tree was built from. */
  readonly parent: Version | null;
  /** The integer move from the parent (unused at the root). */
  readonly move: number;
  /** `pos.ply` at this version; the root's may be above 0 (a loaded game). */
  readonly ply: number;
  /**
   * The move's text as the history records it (unused at the root); `null` until
   * {@link historyAt} formats it.
   */
  text: string | null;
  /** The history up to here, once built. */
  history: readonly string[] | null;
  /**
   * The legal moves here, once `moves` was asked (kept on the version rather than in a second
   * weak map keyed by the state: one lookup per call instead of two, and less for the collector).
   */
  moves: readonly HiveMove[] | null;
  /** Where in `moves` `apply` starts looking for its move (after the one found last). */
  cursor: number;
}

/**
 * A new tree whose root is `pos` as it stands, reached by the moves `history` (the tree owns
 * `pos` and the frozen `history` from now on).
 */
export function rootVersion(pos: Position, history: readonly string[]): Version {
  const rootHistory = Object.freeze(history);
  const tree = { pos, rootHistory } as Tree;
  const root: Version = {
    tree,
    parent: null,
    move: 0,
    ply: pos.ply,
    text: '',
    history: rootHistory,
    moves: null,
    cursor: 0,
  };
  tree.at = root;
  return root;
}

/** Moves to replay on the way down, reused between calls (deepest first). */
let path = new Int32Array(256);

/** The shared position moved to `v`: read it at once (see the module comment). */
export function positionAt(v: Version): Position {
  const tree = v.tree;
  if (tree.at === v) return tree.pos;
  const pos = tree.pos;
  let up: Version = tree.at;
  let down: Version = v;
  let n = 0;
  // Climb from both ends to the common ancestor: undo on the current side, remember the moves
  // on the target side. Both chains end at the same root, so the loop stops there at the latest.
  while (up.ply > down.ply) {
    pos.undo();
    up = up.parent as Version;
  }
  while (down.ply > up.ply) {
    n = remember(n, down.move);
    down = down.parent as Version;
  }
  while (up !== down) {
    pos.undo();
    up = up.parent as Version;
    n = remember(n, down.move);
    down = down.parent as Version;
  }
  while (n > 0) pos.play(path[--n]);
  tree.at = v;
  return pos;
}

function remember(n: number, move: number): number {
  if (n === path.length) {
    const bigger = new Int32Array(n * 2);
    bigger.set(path);
    path = bigger;
  }
  path[n] = move;
  return n + 1;
}

/**
 * The version after legal integer move `m` from `v`: the shared position plays it, so `v` need
 * not be the current version beforehand. `text` is the move's MoveString when the caller has it,
 * else `null` (formatted when a history is first read).
 */
export function childVersion(v: Version, m: number, text: string | null): Version {
  const pos = positionAt(v);
  pos.play(m);
  const child: Version = {
    tree: v.tree,
    parent: v,
    move: m,
    ply: pos.ply,
    text,
    history: null,
    moves: null,
    cursor: 0,
  };
  v.tree.at = child;
  return child;
}

/** The move texts from the start of the game to `v` (built once, then kept; frozen). */
export function historyAt(v: Version): readonly string[] {
  if (v.history !== null) return v.history;
  const root = v.tree.rootHistory;
  let n = root.length;
  for (let a: Version = v; a.parent !== null; a = a.parent) n++;
  const chain = new Array<Version>(n - root.length);
  let i = chain.length;
  for (let a: Version = v; a.parent !== null; a = a.parent) chain[--i] = a;
  const out = new Array<string>(n);
  for (i = 0; i < root.length; i++) out[i] = root[i] as string;
  // H-UHP-5: each missing MoveString is formatted in its parent's position. From the root down,
  // so that moving the shared position to each parent is one play.
  const at = v.tree.at;
  let moved = false;
  for (const a of chain) {
    if (a.text === null) {
      a.text = formatMoveCode(positionAt(a.parent as Version), a.move);
      moved = true;
    }
    out[i++] = a.text;
  }
  // Reading a history is a getter: it leaves the shared position where it found it, so a caller
  // holding the position of some version (see `positionAt`) may read histories meanwhile.
  if (moved) positionAt(at);
  v.history = Object.freeze(out);
  return v.history;
}

/** The ancestor `n` plies up, or `null` when the tree's root is nearer than that. */
export function ancestorVersion(v: Version, n: number): Version | null {
  let a: Version = v;
  for (let i = 0; i < n; i++) {
    if (a.parent === null) return null;
    a = a.parent;
  }
  return a;
}
