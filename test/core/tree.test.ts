// The one bridge between states and positions (src/core/tree.ts), on a position that records
// the moves it was played: random trees are grown, their versions read in random order, and
// each must find the position showing exactly its own path from the root.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ancestorOf,
  GameTree,
  positionAt,
  type TreePosition,
  type Version,
} from '../../src/core/tree.js';

/** A position whose state is the list of moves played on it; `play` refuses negative moves. */
class Trail implements TreePosition {
  readonly moves: number[] = [];
  plays = 0;
  play(m: number): void {
    if (m < 0) throw new Error(`refused ${m}`);
    this.moves.push(m);
    this.plays++;
  }
  undo(): void {
    if (this.moves.pop() === undefined) throw new Error('nothing to undo');
  }
}

interface Node extends Version<Trail> {
  readonly path: readonly number[];
}

const node = (
  tree: GameTree<Trail>,
  parent: Node | null,
  move: number,
  depth: number,
  path: readonly number[],
): Node => ({ tree, parent, move, depth, path });

const rootOf = (start: number[]): Node => {
  const pos = new Trail();
  for (const m of start) pos.play(m);
  return new GameTree(pos, (t) => node(t, null, 0, 0, start)).at as Node;
};
const child = (v: Node, m: number): Node =>
  v.tree.grow(v, m, node(v.tree, v, m, v.depth + 1, [...v.path, m]));

describe('the state-position bridge (core/tree.ts)', () => {
  it('any version, reached in any order, shows its own path; a walk costs the plies between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.nat(9)), { minLength: 1, maxLength: 80 }),
        fc.array(fc.nat(), { maxLength: 80 }),
        (growth, reads) => {
          const root = rootOf([7, 7]);
          const nodes: Node[] = [root];
          for (const [from, m] of growth) nodes.push(child(nodes[from % nodes.length] as Node, m));
          for (const r of [...reads, ...nodes.keys()]) {
            const v = nodes[r % nodes.length] as Node;
            const before = v.tree.pos.plays;
            const at = v.tree.at as Node;
            expect(positionAt(v).moves).toEqual(v.path);
            expect(v.tree.at).toBe(v);
            // Never more plays than the way down from the common ancestor.
            let common: Version<Trail> | null = at;
            const ancestors = new Set<Version<Trail>>();
            for (let a: Version<Trail> | null = v; a !== null; a = a.parent) ancestors.add(a);
            while (common !== null && !ancestors.has(common)) common = common.parent;
            expect(v.tree.pos.plays - before).toBe(v.depth - (common?.depth ?? 0));
          }
        },
      ),
    );
  });

  it('a move the position refuses leaves the tree showing the parent', () => {
    const root = rootOf([]);
    const a = child(root, 1);
    const b = child(a, 2);
    expect(() => child(a, -1)).toThrow(/refused/);
    expect(root.tree.at).toBe(a);
    expect(positionAt(b).moves).toEqual([1, 2]);
  });

  it('ancestorOf climbs n plies, or answers null past the root', () => {
    const root = rootOf([3]);
    const a = child(root, 4);
    const b = child(a, 5);
    expect(ancestorOf(b, 0)).toBe(b);
    expect(ancestorOf(b, 2)).toBe(root);
    expect(ancestorOf(b, 3)).toBeNull();
  });

  it('two trees never share a position', () => {
    const x = child(rootOf([]), 1);
    const y = child(rootOf([]), 2);
    expect(positionAt(x).moves).toEqual([1]);
    expect(positionAt(y).moves).toEqual([2]);
    expect(positionAt(x)).not.toBe(positionAt(y));
  });
});
