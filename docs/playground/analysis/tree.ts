// Where the analysis board stands in a record, and how it moves: a path of child indices from
// the record's root (`[]` is the start, `[0, 0, 1]` the second choice at ply 3 after the main
// line's first two moves), the keyboard's steps between paths, the move list as a flat list of
// tokens (moves, and where each variation opens and closes), and a move added as a variation.
// Everything is iterative, so a record of any length or depth is no stack overflow. No DOM.
import { type RecordedGame, type RecordNode, recordNode } from '../../../src/index.js';

/** A place in a record: the child index taken at each ply from the root. */
export type Path = readonly number[];

/** The path as text (`0.0.1`; `''` for the start), for `data-path` and links. */
export function pathKey(path: Path): string {
  return path.join('.');
}

/** A path read back from {@link pathKey}'s text, or `null` for text that is not one. */
export function readPathKey(text: string): Path | null {
  if (text === '') return [];
  if (!/^\d+(\.\d+)*$/.test(text)) return null;
  return text.split('.').map(Number);
}

/** The children of the node at `path` (the record's first moves for `[]`); `null`: no node. */
export function childrenAt(record: RecordedGame, path: Path): readonly RecordNode[] | null {
  let children: readonly RecordNode[] = record.children;
  for (const i of path) {
    const node = children[i];
    if (node === undefined) return null;
    children = node.children;
  }
  return children;
}

/** The nodes from the root to `path`, one per ply; `null` when the record has no such place. */
export function nodesTo(record: RecordedGame, path: Path): RecordNode[] | null {
  const nodes: RecordNode[] = [];
  let children: readonly RecordNode[] = record.children;
  for (const i of path) {
    const node = children[i];
    if (node === undefined) return null;
    nodes.push(node);
    children = node.children;
  }
  return nodes;
}

/** The node at `path`, or `null` at the start or for a path the record does not have. */
export function nodeAt(record: RecordedGame, path: Path): RecordNode | null {
  return nodesTo(record, path)?.at(-1) ?? null;
}

/** The main line's path `plies` plies in (shorter when the main line is). */
export function mainPath(record: RecordedGame, plies = Number.POSITIVE_INFINITY): number[] {
  const path: number[] = [];
  for (
    let c = record.children;
    c.length > 0 && path.length < plies;
    c = (c[0] as RecordNode).children
  ) {
    path.push(0);
  }
  return path;
}

/** Whether `path` is on the main line (every index 0). */
export function onMainLine(path: Path): boolean {
  return path.every((i) => i === 0);
}

/** A keyboard step: ← back a ply, → on along the line, Home, End, ↑/↓ between variations. */
export type Step = 'back' | 'forward' | 'start' | 'end' | 'up' | 'down';

/** The key that takes each step. */
export const STEP_KEYS: Readonly<Record<string, Step>> = {
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  Home: 'start',
  End: 'end',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * Where `step` goes from `path`: back to the ply before, on to the first child (the line's
 * continuation), to the start, to the end of the current line (first children all the way), or
 * to the previous or next of the moves played in the same position (the main move and its
 * variations). A step with nowhere to go stays.
 */
export function stepFrom(record: RecordedGame, path: Path, step: Step): Path {
  switch (step) {
    case 'back':
      return path.slice(0, -1);
    case 'forward':
      return (childrenAt(record, path)?.length ?? 0) > 0 ? [...path, 0] : path;
    case 'start':
      return [];
    case 'end': {
      const end = [...path];
      for (let c = childrenAt(record, end) ?? []; c.length > 0; c = (c[0] as RecordNode).children) {
        end.push(0);
      }
      return end;
    }
    case 'up':
    case 'down': {
      if (path.length === 0) return path;
      const siblings = childrenAt(record, path.slice(0, -1))?.length ?? 0;
      const i = (path.at(-1) as number) + (step === 'up' ? -1 : 1);
      return i < 0 || i >= siblings ? path : [...path.slice(0, -1), i];
    }
  }
}

/** One entry of the move list. */
export type Token =
  /** A move: where it is, its ply (1-based), and what the record says about it. */
  | { readonly kind: 'move'; readonly path: Path; readonly ply: number; readonly node: RecordNode }
  /** A variation opens (before its first move) or closes (after its last). */
  | { readonly kind: 'open' }
  | { readonly kind: 'close' };

type Task =
  | { readonly t: 'line'; readonly path: Path; readonly ply: number }
  | { readonly t: 'alt'; readonly path: Path; readonly ply: number }
  | { readonly t: 'open' }
  | { readonly t: 'close' };

/**
 * The move list in reading order, as PGN prints it: each move of a line, and after a move the
 * variations that replace it (each opened and closed), before the line goes on.
 */
export function moveTokens(record: RecordedGame): Token[] {
  const tokens: Token[] = [];
  const tasks: Task[] = [{ t: 'line', path: [], ply: 1 }];
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    if (task.t === 'open' || task.t === 'close') {
      tokens.push({ kind: task.t });
      continue;
    }
    let path = task.path;
    if (task.t === 'alt') {
      tokens.push({ kind: 'move', path, ply: task.ply, node: nodeAt(record, path) as RecordNode });
      tasks.push({ t: 'line', path, ply: task.ply + 1 });
      continue;
    }
    const children = childrenAt(record, path) ?? [];
    const main = children[0];
    if (main === undefined) continue;
    path = [...path, 0];
    tokens.push({ kind: 'move', path, ply: task.ply, node: main });
    // Popped in reverse: each variation (open, its line, close), then the line goes on.
    tasks.push({ t: 'line', path, ply: task.ply + 1 });
    for (let i = children.length - 1; i >= 1; i--) {
      tasks.push({ t: 'close' });
      tasks.push({ t: 'alt', path: [...task.path, i], ply: task.ply });
      tasks.push({ t: 'open' });
    }
  }
  return tokens;
}

/** A NAG as it is written after a move: `!`, `?`, `!!`, `??`, `!?`, `?!`, else `$n`. */
export function glyph(nag: number): string {
  return ['', '!', '?', '!!', '??', '!?', '?!'][nag] ?? `$${nag}`;
}

/**
 * The record with `move` played after `path`: the child there when one has that move already,
 * else a new last child (a new variation, or the line's continuation where it had none).
 */
export function withMove(
  record: RecordedGame,
  path: Path,
  move: string,
): { record: RecordedGame; path: Path } {
  const nodes = nodesTo(record, path);
  if (nodes === null) throw new Error(`no place ${pathKey(path)} in the record`);
  const children = childrenAt(record, path) as readonly RecordNode[];
  const found = children.findIndex((c) => c.move === move);
  if (found >= 0) return { record, path: [...path, found] };
  let replaced: readonly RecordNode[] = [...children, recordNode(move)];
  // Copy the nodes on the path, from the deepest up, each with its new children.
  for (let k = nodes.length - 1; k >= 0; k--) {
    const node = nodes[k] as RecordNode;
    const copy: RecordNode = { ...node, children: replaced };
    const parentChildren = k === 0 ? record.children : (nodes[k - 1] as RecordNode).children;
    replaced = parentChildren.map((c, i) => (i === path[k] ? copy : c));
  }
  return { record: { ...record, children: replaced }, path: [...path, children.length] };
}
