/**
 * Perft (performance test): the number of move sequences of a given length from a state,
 * the standard check that a move generator is exact.
 *
 * Counting convention, the same in every game: a terminal state has no children (it counts 1
 * at depth 0 and 0 below); a forced pass is a move like any other. perft(0) = 1.
 *
 * @module
 */
import { badArgument, gameArg, objectArg, searchPositionArg } from './args.js';
import { RulesError } from './errors.js';
import type { Game, SearchPosition } from './game.js';
import { readOptions } from './options.js';
import { quote } from './quote.js';

/** How {@link perft} walks the tree. */
export interface PerftOptions {
  /**
   * `'fast'` uses the game's {@link SearchPosition} (play/undo, bulk-counted leaves) when it
   * has one; `'apply'` always uses the immutable `moves`/`apply` path (one new state per
   * node). Default `'fast'`. Both give the same number.
   */
  readonly path?: 'fast' | 'apply';
}

/** Deepest perft supported (its move buffer grows with the depth). */
export const MAX_PERFT_DEPTH = 1000;

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new RulesError(
      'UNSUPPORTED',
      `perft depth must be an integer in 0..${MAX_PERFT_DEPTH}, got ${quote(depth)}`,
    );
  }
}

/** The walk `options` ask for (`'fast'` unless `path: 'apply'`). */
function pathOf(where: string, options: unknown): 'fast' | 'apply' {
  const path = readOptions(options, `${where} options`, ['path']).path ?? 'fast';
  if (path !== 'fast' && path !== 'apply') {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${where} option 'path' must be 'fast' or 'apply', got ${quote(path)}`,
    );
  }
  return path;
}

/**
 * The number of leaves of the game tree of the given depth below `state`. Throws
 * `RulesError('UNSUPPORTED')` for a depth outside `0..1000`, `INVALID_ARGUMENT` for a value that
 * is no game record and `INVALID_OPTIONS` for bad options.
 */
export function perft<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  depth: number,
  options: PerftOptions = {},
): number {
  gameArg('perft', game);
  checkDepth(depth);
  if (pathOf('perft', options) === 'fast' && game.search) {
    return perftPosition(game.search(state), depth);
  }
  return perftApply(game, state, depth);
}

function perftApply<S, M, O>(game: Game<S, M, O>, state: S, depth: number): number {
  if (depth === 0) return 1;
  if (game.terminal(state)) return 0;
  const moves = game.moves(state);
  if (depth === 1) return moves.length;
  let total = 0;
  // An index loop: `for…of` over the frozen list went through the generic array iterator.
  for (let i = 0; i < moves.length; i++) {
    total += perftApply(game, game.apply(state, moves[i] as M), depth - 1);
  }
  return total;
}

/**
 * Perft on a mutable {@link SearchPosition}, counting the last ply in bulk (the number of
 * moves, without playing them: the position's `count()` where it has one, else what `generate`
 * returns). Leaves the position as it found it.
 */
export function perftPosition<M>(pos: SearchPosition<M>, depth: number): number {
  searchPositionArg('perftPosition', pos);
  checkDepth(depth);
  const buffer = new Int32Array(pos.maxMoves * Math.max(depth, 1));
  const counts = typeof pos.count === 'function';
  const walk = (d: number, offset: number): number => {
    if (d === 0) return 1;
    if (pos.terminal()) return 0;
    if (d === 1) return counts ? (pos.count as () => number)() : pos.generate(buffer, offset);
    const n = pos.generate(buffer, offset);
    let total = 0;
    const next = offset + n;
    for (let i = offset; i < next; i++) {
      pos.play(buffer[i]);
      total += walk(d - 1, next);
      pos.undo();
    }
    return total;
  };
  return walk(depth, 0);
}

/**
 * {@link perft} counted one root move at a time, calling `onRootMove(done, total, nodes)` after
 * each (the moves done, their number and the leaves counted so far), so a long count can show
 * its progress. Same result as `perft`. Internal: the CLI's progress display uses it.
 */
export function perftByRootMove<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  depth: number,
  path: 'fast' | 'apply',
  onRootMove: (done: number, total: number, nodes: number) => void,
): number {
  gameArg('perft', game);
  checkDepth(depth);
  if (depth <= 1 || game.terminal(state)) return perft(game, state, depth, { path });
  let nodes = 0;
  if (path === 'fast' && game.search) {
    const pos = game.search(state);
    const roots = new Int32Array(pos.maxMoves);
    const n = pos.generate(roots, 0);
    for (let i = 0; i < n; i++) {
      pos.play(roots[i]);
      nodes += perftPosition(pos, depth - 1);
      pos.undo();
      onRootMove(i + 1, n, nodes);
    }
    return nodes;
  }
  const moves = game.moves(state);
  moves.forEach((m, i) => {
    nodes += perftApply(game, game.apply(state, m), depth - 1);
    onRootMove(i + 1, moves.length, nodes);
  });
  return nodes;
}

/** Perft split by first move: `[formatted move, count]` pairs in move order (for debugging). */
export function divide<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  depth: number,
  options: PerftOptions = {},
): Array<[string, number]> {
  gameArg('divide', game);
  checkDepth(depth);
  pathOf('divide', options);
  if (depth === 0 || game.terminal(state)) return [];
  return game
    .moves(state)
    .map((m) => [game.formatMove(state, m), perft(game, game.apply(state, m), depth - 1, options)]);
}

/**
 * One independent piece of a perft: the position reached from the root by `path` (moves in the
 * game's notation, as `formatMove` writes them), to be counted `depth − path.length` plies
 * deeper. The pieces of {@link perftTasks} sum exactly to the whole perft, so they can be
 * counted anywhere (worker threads, other machines) and added up.
 */
export interface PerftTask {
  /** The moves from the root, in the game's move notation. */
  readonly path: readonly string[];
  /** The depth of the whole perft (the task counts `depth − path.length` plies below `path`). */
  readonly depth: number;
}

/**
 * Splits `perft(game, state, depth)` at ply `splitDepth` (`0 ≤ splitDepth ≤ depth`): one task
 * per move sequence of that length, in move order. A game that ends before `splitDepth` adds
 * nothing below it, so such sequences are left out (their count is 0 when `depth > ply`).
 * `perft` = the sum of {@link perftTask} over the tasks.
 */
export function perftTasks<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  depth: number,
  splitDepth: number,
): PerftTask[] {
  gameArg('perftTasks', game);
  checkDepth(depth);
  if (!Number.isInteger(splitDepth) || splitDepth < 0 || splitDepth > depth) {
    throw new RulesError(
      'UNSUPPORTED',
      `perft split depth must be an integer in 0..${depth} (the depth), got ${quote(splitDepth)}`,
    );
  }
  const tasks: PerftTask[] = [];
  const walk = (s: S, path: string[]): void => {
    if (path.length === splitDepth) {
      // A game over exactly at the split counts 1 at depth 0 and 0 below: keep it only then.
      if (depth === splitDepth || !game.terminal(s)) tasks.push({ path: path.slice(), depth });
      return;
    }
    if (game.terminal(s)) return;
    for (const m of game.moves(s)) {
      path.push(game.formatMove(s, m));
      walk(game.apply(s, m), path);
      path.pop();
    }
  };
  walk(state, []);
  return tasks;
}

/**
 * Counts one {@link PerftTask} from the root `state`: plays its path (each move parsed and
 * checked as `parseMove` and `apply` do) and counts the rest of the depth below it.
 */
export function perftTask<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  task: PerftTask,
  options: PerftOptions = {},
): number {
  gameArg('perftTask', game);
  const t = objectArg('perftTask', 'the task', task);
  const path: unknown = t.path;
  const depth: unknown = t.depth;
  if (!Array.isArray(path) || !path.every((m) => typeof m === 'string')) {
    badArgument('perftTask', "the task's 'path'", 'an array of move texts', path);
  }
  if (typeof depth !== 'number') badArgument('perftTask', "the task's 'depth'", 'a number', depth);
  checkDepth(depth);
  if (path.length > depth) {
    throw new RulesError(
      'INVALID_ARGUMENT',
      `perftTask: a path of ${path.length} moves is longer than the depth ${depth}`,
    );
  }
  let s = state;
  for (const text of path) s = game.apply(s, game.parseMove(s, text));
  return perft(game, s, depth - path.length, options);
}
