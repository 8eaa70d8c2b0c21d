/**
 * The answer of an MCTS search: the most visited root child that is legal in the real position
 * (ties: the better mean), its mean reward, and the most visited line below it.
 *
 * @module
 */
import type { Cursor } from '../cursor.js';
import type { TreeNode } from './tree.js';

/** Plies of the most visited line shown, at most. */
const PV_PLIES = 32;

/** What a search answers, before its counters. */
export interface Answer<M> {
  readonly move: M;
  /** The move's mean reward, ½ when it was never visited. */
  readonly value: number;
  /** The move, then (perfect information) the most visited line below it. */
  readonly pv: M[];
}

/** The better of two children for the answer: more visits, then the better mean. */
function better(child: TreeNode, best: TreeNode | null): boolean {
  return (
    best === null ||
    child.visits > best.visits ||
    (child.visits === best.visits &&
      child.reward / Math.max(1, child.visits) > best.reward / Math.max(1, best.visits))
  );
}

/**
 * The answer of the tree `root` searched for the position of `cursor` (the real one: a move is
 * answered only if legal there; `moves` is room for its moves), children matched by key with
 * `hidden` information. Leaves the cursor where it was.
 */
export function answer<S, M>(
  root: TreeNode,
  cursor: Cursor<S, M>,
  moves: Int32Array,
  hidden: boolean,
): Answer<M> {
  const n = cursor.generate(moves, 0);
  let bestCode = moves[0];
  let bestNode: TreeNode | null = null;
  for (let i = 0; i < n; i++) {
    const code = moves[i];
    const child = hidden
      ? root.byKey?.get(cursor.key(code))
      : root.kids.find((kid) => kid.code === code);
    if (child && better(child, bestNode)) {
      bestNode = child;
      bestCode = code;
    }
  }
  const move = cursor.decode(bestCode);
  const pv: M[] = [move];
  if (!hidden && bestNode) {
    // Most-visited line, for display.
    cursor.play(bestCode);
    let plies = 1;
    let at: TreeNode = bestNode;
    while (plies < PV_PLIES && !cursor.terminal()) {
      let next: TreeNode | null = null;
      for (const ch of at.kids) if (!next || ch.visits > next.visits) next = ch;
      if (!next || next.visits === 0) break;
      pv.push(cursor.decode(next.code));
      cursor.play(next.code);
      plies++;
      at = next;
    }
    for (let i = 0; i < plies; i++) cursor.undo();
  }
  const value = bestNode && bestNode.visits > 0 ? bestNode.reward / bestNode.visits : 0.5;
  return { move, value, pv };
}
