/**
 * The one bridge between immutable states and a mutable position, for every game.
 *
 * A game tree owns one mutable position. Each immutable state of the tree is a {@link Version}:
 * its parent version and the integer move that led to it. The tree's position is moved to
 * whichever version is asked for, by `undo` up to the common ancestor and `play` down again.
 * `play` and `undo` are exact inverses (each game's perft and property tests prove it), so a
 * version's position is the same whichever way it is reached, and nothing is ever copied:
 * walking a tree in depth-first order (perft or a search over `apply`, a game played forward)
 * costs one `play` or `undo` per step, like the fast path itself. Jumping between distant
 * branches costs the plies between them.
 *
 * The tree belongs to the states it serves, not to a module: two games' states, or two trees of
 * one game, never share a position. A position handed out by {@link positionAt} is valid until
 * the next call on the same tree; callers read it at once and never keep it.
 *
 * A game keeps what it knows of a state (its move list, the text of its move, …) in an
 * extension of {@link Version}, and finds the version through its own state stamp (`core/guard.ts`).
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */

/** What the bridge needs of a position: play a legal integer move, take back the last one. */
export interface TreePosition {
  /** Plays a legal move (throws, changing nothing, if it cannot). */
  play(move: number): void;
  /** Takes back the last move played. */
  undo(): void;
}

/**
 * What a search position was made from, as its game's state layer knows it: a kernel position
 * keeps one as an opaque field and answers `SearchPosition.state()` with `stateOf(this)`, so the
 * kernel never builds or knows a state itself.
 */
export interface StateOrigin<P, S> {
  /** The immutable state of `pos` (a position made from this origin, played on since). */
  stateOf(pos: P): S;
}

/** One tree: its position, the version the position shows, and the walk's scratch. */
export class GameTree<P extends TreePosition> {
  /** The tree's one mutable position. */
  readonly pos: P;
  /** The version `pos` shows now. */
  at: Version<P>;
  /** Moves to replay on the way down, deepest first (grown on demand). */
  private path: Int32Array = new Int32Array(64);

  constructor(pos: P, root: (tree: GameTree<P>) => Version<P>) {
    this.pos = pos;
    this.at = root(this);
  }

  /**
   * The position moved to `v`, a version of this tree. Read it at once: the next call on this
   * tree may move it.
   */
  positionAt(v: Version<P>): P {
    if (this.at === v) return this.pos;
    const pos = this.pos;
    let up: Version<P> = this.at;
    let down: Version<P> = v;
    let n = 0;
    // Climb from both ends to the common ancestor: undo on the current side, remember the moves
    // on the target side. Both chains end at the same root, so the loop stops there at the latest.
    while (up.depth > down.depth) {
      pos.undo();
      up = up.parent as Version<P>;
    }
    while (down.depth > up.depth) {
      n = this.remember(n, down.move);
      down = down.parent as Version<P>;
    }
    while (up !== down) {
      pos.undo();
      up = up.parent as Version<P>;
      n = this.remember(n, down.move);
      down = down.parent as Version<P>;
    }
    const path = this.path;
    while (n > 0) pos.play(path[--n] as number);
    this.at = v;
    return pos;
  }

  /**
   * Plays the legal move `m` from `parent` on the tree's position and makes `child` (a new
   * version whose parent is `parent` and move is `m`) the version it shows. If `play` throws,
   * the position still shows `parent`.
   */
  grow<V extends Version<P>>(parent: Version<P>, m: number, child: V): V {
    this.positionAt(parent).play(m);
    this.at = child;
    return child;
  }

  private remember(n: number, move: number): number {
    if (n === this.path.length) {
      const bigger = new Int32Array(n * 2);
      bigger.set(this.path);
      this.path = bigger;
    }
    this.path[n] = move;
    return n + 1;
  }
}

/**
 * A state's place in its tree: its parent version and the move from it. Games extend it with
 * what they keep per state.
 *
 * An interface, not a class: each game makes its versions as object literals from one function
 * (one literal site, so all of a game's versions share one hidden class). `apply` makes one per
 * call, and as subclasses of a class with field initializers they cost V8 a constructor chain
 * and an initializer call each time, which showed in profiles of the apply-path perfts.
 */
export interface Version<P extends TreePosition> {
  /** The tree this version belongs to. */
  readonly tree: GameTree<P>;
  /** `null` for the root: the position the tree was built from. */
  readonly parent: Version<P> | null;
  /** The integer move from the parent (0 at the root). */
  readonly move: number;
  /** Plies below the tree's root (0 at the root). */
  readonly depth: number;
}

/** The tree's position moved to `v` (see {@link GameTree.positionAt}). */
export function positionAt<P extends TreePosition>(v: Version<P>): P {
  return v.tree.positionAt(v);
}

/** The ancestor `n` plies up, or `null` when the tree's root is nearer than that. */
export function ancestorOf<V extends Version<TreePosition>>(v: V, n: number): V | null {
  let a: Version<TreePosition> = v;
  for (let i = 0; i < n; i++) {
    if (a.parent === null) return null;
    a = a.parent;
  }
  return a as V;
}
