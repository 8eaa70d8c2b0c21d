/**
 * Selection and expansion: one MCTS iteration's descent from the root by UCB1 to a node it
 * expands (or a leaf of a full tree), on perfect information with each node's move list kept,
 * or on a determinized sample with children matched by move key and availability counts
 * (single-observer ISMCTS).
 *
 * @module
 */
import type { RandomStream } from '../../core/stream.js';
import type { Cursor } from '../cursor.js';
import { bestByEvaluation, orderByEvaluation } from './guide.js';
import type { MctsSettings } from './options.js';
import { TreeNode } from './tree.js';

/** Scratch room for one position's moves, grown to the largest `maxMoves` met. */
export class MoveRoom {
  /** The moves of the position at hand. */
  moves: Int32Array = new Int32Array(0);
  /** Hidden information: the children legal in this sample, and their codes in it. */
  known: TreeNode[] = [];
  knownCodes: Int32Array = new Int32Array(0);
  /** The nodes of the current descent, from the root's child down. */
  readonly path: TreeNode[] = [];

  /** Makes room for `maxMoves` moves. */
  ensure(maxMoves: number): void {
    if (this.moves.length < maxMoves) {
      this.moves = new Int32Array(maxMoves);
      this.known = new Array<TreeNode>(maxMoves);
      this.knownCodes = new Int32Array(maxMoves);
    }
  }
}

/** The descents of one search: they grow the tree and count the moves they play. */
export class Descent<S, M> {
  /** Moves played by the descents. */
  nodes = 0;

  /**
   * Descents with the bot's `settings`, drawing from `stream`, in `room`, on a tree of
   * `treeNodes` nodes to start with.
   */
  constructor(
    private readonly settings: MctsSettings<S, M>,
    private readonly stream: RandomStream,
    private readonly room: MoveRoom,
    /** Nodes in the tree (a kept subtree counts one per visit, at most what it has). */
    public treeNodes: number,
  ) {}

  /**
   * Descends from `root`, playing on `cursor`, until it expands a node, reaches the end of the
   * game or a leaf of a full tree; the nodes played are `room.path`. Returns their number.
   */
  descend(root: TreeNode, cursor: Cursor<S, M>): number {
    const path = this.room.path;
    path.length = 0;
    const hidden = this.settings.hidden;
    let node: TreeNode | null = root;
    while (node !== null && !cursor.terminal()) {
      node = hidden ? this.sampleStep(node, cursor) : this.step(node, cursor);
    }
    return path.length;
  }

  /** Plays `node`'s move (`code` here) on `cursor` and adds it to the path. */
  private enter(node: TreeNode, code: number, cursor: Cursor<S, M>): void {
    cursor.play(code);
    this.nodes++;
    this.room.path.push(node);
  }

  /**
   * Perfect information: from `node`, expands its next untried move (and returns null) or goes
   * to the child UCB1 prefers (and returns it); null at a leaf of a full tree.
   */
  private step(node: TreeNode, cursor: Cursor<S, M>): TreeNode | null {
    const { guided, evaluate, maxTreeNodes, exploration: c } = this.settings;
    const mover = cursor.toMove();
    // The move list is fixed: keep it in the node.
    let codes = node.codes;
    if (codes === null) {
      const n = cursor.generate(this.room.moves, 0);
      codes = node.codes = this.room.moves.slice(0, n);
      if (guided && evaluate) orderByEvaluation(cursor, evaluate, codes, mover);
    }
    const kids = node.kids;
    const k = kids.length;
    if (k < codes.length && this.treeNodes < maxTreeNodes) {
      // Expand the next untried move: the best evaluated when guided (`codes` is sorted),
      // else a random one (swapped to position k).
      const j = guided || k + 1 === codes.length ? k : k + this.stream.int(codes.length - k);
      const code = codes[j];
      codes[j] = codes[k];
      codes[k] = code;
      const child = new TreeNode(code, mover);
      this.treeNodes++;
      kids.push(child);
      this.enter(child, code, cursor);
      return null;
    }
    if (k === 0) return null; // the tree is full: roll out from this leaf
    // UCB1 with the parent's visits.
    const logN = Math.log(node.visits);
    let next = kids[0] as TreeNode;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < k; i++) {
      const child = kids[i] as TreeNode;
      const value = child.reward / child.visits + c * Math.sqrt(logN / child.visits);
      if (value > bestValue) {
        bestValue = value;
        next = child;
      }
    }
    this.enter(next, next.code, cursor);
    return next;
  }

  /**
   * Hidden information: as {@link step}, matching this sample's legal moves to the children by
   * key; UCB1 with availability counts in place of the parent's visits.
   */
  private sampleStep(node: TreeNode, cursor: Cursor<S, M>): TreeNode | null {
    const { guided, evaluate, maxTreeNodes, exploration: c } = this.settings;
    const room = this.room;
    const moves = room.moves;
    const known = room.known;
    const knownCodes = room.knownCodes;
    const mover = cursor.toMove();
    const n = cursor.generate(moves, 0);
    if (node.byKey === null) node.byKey = new Map();
    const children = node.byKey;
    let untried = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const code = moves[i];
      const child = children.get(cursor.key(code));
      if (child === undefined) moves[untried++] = code;
      else {
        // Availability: this move was legal on this visit.
        child.avail++;
        known[k] = child;
        // The child's move may have another code in this sample (apply path: its index).
        knownCodes[k++] = code;
      }
    }
    if (untried > 0 && this.treeNodes < maxTreeNodes) {
      const pick =
        untried === 1
          ? 0
          : guided && evaluate
            ? bestByEvaluation(cursor, evaluate, moves, untried, mover)
            : this.stream.int(untried);
      const code = moves[pick];
      const child = new TreeNode(code, mover);
      this.treeNodes++;
      child.avail = 1;
      children.set(cursor.key(code), child);
      this.enter(child, code, cursor);
      return null;
    }
    if (k === 0) return null; // the tree is full: roll out from this leaf
    let next = known[0] as TreeNode;
    let nextCode = knownCodes[0];
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < k; i++) {
      const child = known[i] as TreeNode;
      const value =
        child.reward / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
      if (value > bestValue) {
        bestValue = value;
        next = child;
        nextCode = knownCodes[i];
      }
    }
    this.enter(next, nextCode, cursor);
    return next;
  }
}
