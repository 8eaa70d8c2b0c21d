/**
 * The MCTS tree: its nodes, their statistics, and the backup of one playout's rewards along the
 * path it took.
 *
 * @module
 */
import type { Cursor } from '../cursor.js';

/** A tree node: the move that led here and the statistics of the seat that chose it. */
export class TreeNode {
  /** Visits (backed-up playouts through this node). */
  visits = 0;
  /** Times this node's move was legal when its parent was visited (ISMCTS availability). */
  avail = 0;
  /** Sum of the rewards of `mover`. */
  reward = 0;
  /**
   * Perfect information: the legal moves here (generated once, on the first visit); the first
   * `kids.length` of them are expanded, `kids[i]` playing `codes[i]`.
   */
  codes: Int32Array | null = null;
  kids: TreeNode[] = [];
  /** Hidden information: children by move key (the legal moves vary between samples). */
  byKey: Map<number | string, TreeNode> | null = null;
  constructor(
    /**
     * The move's code in the position it was expanded in. Without hidden information that is
     * the code in every visit; with it, the code is looked up again by key in each sample.
     */
    readonly code: number,
    /** The seat that played it (-1 at the root). */
    readonly mover: number,
  ) {}
}

/** A node's children, whichever way they are stored (not for hot loops). */
export function childrenOf(node: TreeNode): Iterable<TreeNode> {
  return node.byKey ? node.byKey.values() : node.kids;
}

/** The number of nodes below `node` (0 for none). */
export function countTree(node: TreeNode | null): number {
  if (!node) return 0;
  let total = 0;
  for (const ch of childrenOf(node)) total += 1 + countTree(ch);
  return total;
}

/**
 * Backs one playout's `rewards` (per seat) up the `path` of nodes it played from the root, each
 * node adding the reward of the seat that chose it, and takes those moves back on `cursor`;
 * then counts the visit at `root`.
 */
export function backUp<S, M>(
  root: TreeNode,
  path: readonly TreeNode[],
  rewards: ArrayLike<number>,
  cursor: Cursor<S, M>,
): void {
  for (let i = path.length - 1; i >= 0; i--) {
    const p = path[i] as TreeNode;
    p.visits++;
    p.reward += rewards[p.mover] ?? 0;
    cursor.undo();
  }
  root.visits++;
}
