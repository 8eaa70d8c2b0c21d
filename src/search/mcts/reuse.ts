/**
 * Tree reuse: the tree a bot keeps between searches, and finding the next searched state among
 * the descendants of its root (within `reuseDepth` plies, by hash then by `serialize`), so that
 * a bot playing a whole game advances its root along its own move and the replies.
 *
 * @module
 */
import type { Game } from '../../core/game.js';
import { cursorFor } from '../cursor.js';
import type { MctsSettings } from './options.js';
import { childrenOf, TreeNode } from './tree.js';

/** Descendants of the old root looked at, at most, to find the new state. */
const WALK_BUDGET = 20_000;

/** The tree of the last search, and the state it was the tree of. */
export class KeptTree<S, M, O> {
  /** The root of the last (or current) search's tree; null before any or after `clear`. */
  root: TreeNode | null = null;
  private state: S | null = null;
  private text = '';

  constructor(
    private readonly game: Game<S, M, O>,
    private readonly settings: MctsSettings<S, M>,
  ) {}

  /** Forgets the tree. */
  clear(): void {
    this.root = null;
    this.state = null;
    this.text = '';
  }

  /**
   * The root of a search of `state`: the kept node of `state` (a descendant of the old root,
   * or the root itself) when reuse finds one, else a new root; kept for the next search when
   * reuse is on. `reused` is then the kept node's visits.
   */
  rootFor(state: S): { root: TreeNode; reused: number } {
    const kept = this.find(state);
    const root = kept ?? new TreeNode(-1, -1);
    this.root = root;
    if (this.settings.reuse) {
      this.state = state;
      this.text = this.game.serialize(state);
    }
    return { root, reused: kept ? kept.visits : 0 };
  }

  /** After a search: a tree is kept only when reuse is on. */
  finish(): void {
    if (!this.settings.reuse) this.root = null;
  }

  /** The node of `state` among the descendants of the kept root, or null. */
  private find(state: S): TreeNode | null {
    const { game, root } = this;
    const { reuse, path, maxMoves, reuseDepth } = this.settings;
    if (!reuse || root === null || this.state === null) return null;
    const text = game.serialize(state);
    if (text === this.text) return root;
    const cursor = cursorFor(game, this.state, path, maxMoves);
    const target = cursorFor(game, state, path, maxMoves).hash();
    const depthLimit = reuseDepth ?? 2 * cursor.players;
    let budget = WALK_BUDGET;
    const walk = (node: TreeNode, depth: number): TreeNode | null => {
      if (depth >= depthLimit) return null;
      for (const child of childrenOf(node)) {
        if (child.visits === 0 || --budget < 0) continue;
        cursor.play(child.code);
        let found: TreeNode | null = null;
        if (cursor.hash() === target && game.serialize(cursor.state()) === text) found = child;
        else found = walk(child, depth + 1);
        cursor.undo();
        if (found) return found;
      }
      return null;
    };
    return walk(root, 0);
  }
}
