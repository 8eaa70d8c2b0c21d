/**
 * `boardrules perft <game>`: one line per depth on stdout (text or `--json`), and, once a run
 * has taken a second, progress on stderr: a live line (root moves done, nodes, rate, elapsed
 * time) when stderr is a terminal, plain lines as each depth starts and ends otherwise. Scripts
 * parse stdout, so progress never goes there.
 */
import { readFileSync } from 'node:fs';
import { type PerftTask, perft, perftByRootMove, perftTask, perftTasks } from '../core/perft.js';
import { quote } from '../core/quote.js';
import { intFlag } from './flags.js';
import type { Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { PROGRESS_AFTER_MS, REDRAW_MS } from './progress.js';
import { WorkerPool } from './workers.js';

/** Where progress goes (stderr for the real binary). */
export interface ProgressSink {
  /** True when the sink is a terminal: progress is one line, rewritten in place. */
  readonly tty: boolean;
  /** Writes text as is (no newline added). */
  write(text: string): void;
}

/** What {@link runPerft} needs from the CLI. */
export interface PerftIO {
  out(line: string): void;
  /** Milliseconds since an arbitrary origin. */
  now(): number;
  /** Progress of long runs; absent: none. */
  readonly progress?: ProgressSink;
  /** The script worker threads run (the CLI bundle itself); absent: `--workers` is refused. */
  readonly workerScript?: URL;
}

/** One line of `perft --split-depth`: a task with the game and root state it belongs to. */
interface TaskLine extends PerftTask {
  readonly game: string;
  readonly state: string;
}

/** A depth is split across workers only from this depth on (shallower ones are instant). */
const PARALLEL_FROM_DEPTH = 3;
/** A split gives each worker at least this many tasks, so that uneven subtrees even out. */
const TASKS_PER_WORKER = 8;

/** `1234567` as `1.23 M`: rates and counts for a person to read. */
function human(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** Progress of one perft run over depths `1..last` (see the module comment). */
class PerftProgress {
  private readonly t0: number;
  private nodes = 0;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private drawn = false;

  constructor(
    private readonly io: PerftIO,
    private readonly sink: ProgressSink,
    private readonly last: number,
  ) {
    this.t0 = io.now();
  }

  private elapsed(now: number): number {
    return now - this.t0;
  }

  private rate(now: number, nodes: number): string {
    const s = this.elapsed(now) / 1000;
    return s > 0 ? `${human(nodes / s)} nodes/s` : '';
  }

  /** A depth starts: a plain line when not on a terminal (once the run is long). */
  depthStarts(depth: number): void {
    const now = this.io.now();
    if (this.sink.tty || this.elapsed(now) < PROGRESS_AFTER_MS) return;
    this.sink.write(
      `perft: depth ${depth} of ${this.last} started, ${this.seconds(now)} elapsed\n`,
    );
  }

  private seconds(now: number): string {
    return `${(this.elapsed(now) / 1000).toFixed(1)} s`;
  }

  /** A root move of `depth` is done: the terminal's line is redrawn (throttled). */
  rootMove(depth: number, done: number, total: number, nodes: number): void {
    if (!this.sink.tty) return;
    const now = this.io.now();
    if (this.elapsed(now) < PROGRESS_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    const all = this.nodes + nodes;
    this.sink.write(
      `\r\x1b[Kperft(${depth}): ${done}/${total} root moves, ${human(nodes)} nodes, ${this.rate(now, all)}, ${this.seconds(now)}`,
    );
  }

  /**
   * A depth is done: its nodes count towards the rate; the terminal's line is cleared, or a
   * plain line says so (once the run is long).
   */
  depthDone(depth: number, nodes: number): void {
    this.nodes += nodes;
    if (this.drawn) {
      this.sink.write('\r\x1b[K');
      this.drawn = false;
    }
    const now = this.io.now();
    if (this.sink.tty || this.elapsed(now) < PROGRESS_AFTER_MS) return;
    this.sink.write(
      `perft: depth ${depth} of ${this.last} done, ${this.seconds(now)} elapsed, ${this.rate(now, this.nodes)}\n`,
    );
  }
}

/**
 * Runs `perft` for the command's flags: one line per depth; or, with `--split-depth K`, the
 * tasks of the split as JSON lines; or, with `--tasks FILE`, the sum of the tasks in that file.
 * `--workers N` counts on N worker threads (same numbers).
 */
export async function runPerft(
  io: PerftIO,
  name: string,
  plugin: GamePlugin,
  flags: Flags,
  state: unknown,
): Promise<void> {
  const path = flags.path ?? 'fast';
  if (path !== 'fast' && path !== 'apply') {
    throw new UsageError(`--path must be 'fast' or 'apply', got ${quote(path)}`);
  }
  const workers = intFlag(flags, 'workers', 1, 1);
  if (workers > 1 && !io.workerScript) {
    throw new UsageError('--workers needs the boardrules binary (worker threads run its file)');
  }
  if (flags.tasks !== undefined) {
    if (flags.depth !== undefined || flags['split-depth'] !== undefined) {
      throw new UsageError('--tasks takes its depth from the file: no --depth or --split-depth');
    }
    return countTaskFile(io, name, plugin, flags, path, workers);
  }
  const depth = intFlag(flags, 'depth', undefined, 0);
  if (flags['split-depth'] !== undefined) {
    const split = intFlag(flags, 'split-depth', undefined, 0);
    if (split > depth) {
      throw new UsageError(`--split-depth must be at most --depth (${depth}), got ${split}`);
    }
    const root = plugin.game.serialize(state);
    for (const task of perftTasks(plugin.game, state, depth, split)) {
      io.out(JSON.stringify({ game: name, state: root, depth, path: task.path }));
    }
    return;
  }
  const variant = plugin.variant(state);
  const progress = io.progress ? new PerftProgress(io, io.progress, depth) : undefined;
  const pool =
    workers > 1 && io.workerScript ? new WorkerPool(io.workerScript, workers) : undefined;
  try {
    // perft(0) = 1 by definition: `--depth 0` prints that line alone.
    for (let d = depth === 0 ? 0 : 1; d <= depth; d++) {
      progress?.depthStarts(d);
      const t0 = io.now();
      const onDone = (done: number, total: number, sofar: number): void =>
        progress?.rootMove(d, done, total, sofar);
      const nodes =
        pool && d >= PARALLEL_FROM_DEPTH
          ? await perftOnPool(pool, name, plugin, state, d, path, onDone)
          : progress
            ? perftByRootMove(plugin.game, state, d, path, onDone)
            : perft(plugin.game, state, d, { path });
      const ms = io.now() - t0;
      progress?.depthDone(d, nodes);
      const nps = ms > 0 ? Math.round((nodes / ms) * 1000) : nodes;
      if (flags.json) {
        io.out(
          JSON.stringify({
            game: name,
            variant,
            depth: d,
            nodes,
            ms: Math.round(ms * 1000) / 1000,
            nps,
          }),
        );
      } else {
        io.out(`perft(${d}) = ${nodes}  ${ms.toFixed(1)} ms  ${nps} nodes/s  [${name} ${variant}]`);
      }
    }
  } finally {
    await pool?.close();
  }
}

/**
 * perft(depth) on the pool: split at the shallowest ply that gives every worker
 * {@link TASKS_PER_WORKER} tasks (at most one ply above the leaves), summed.
 */
async function perftOnPool(
  pool: WorkerPool,
  name: string,
  plugin: GamePlugin,
  state: unknown,
  depth: number,
  walk: 'fast' | 'apply',
  onDone: (done: number, total: number, nodes: number) => void,
): Promise<number> {
  let split = 1;
  let tasks = perftTasks(plugin.game, state, depth, split);
  while (tasks.length < TASKS_PER_WORKER * pool.size && split < depth - 1) {
    split++;
    tasks = perftTasks(plugin.game, state, depth, split);
  }
  const root = plugin.game.serialize(state);
  let nodes = 0;
  const counts = await pool.run<number>(
    tasks.map((task) => ({ kind: 'perft', game: name, state: root, task, walk })),
    (done, total, n) => {
      nodes += n;
      onDone(done, total, nodes);
    },
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Reads a `--split-depth` task file: one JSON task per non-blank line, all of game `name`. */
function readTaskFile(file: string, name: string): TaskLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--tasks: cannot read ${quote(file)}: ${(e as Error).message}`);
  }
  const tasks: TaskLine[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `--tasks ${quote(file)} line ${i + 1}`;
    let t: Partial<TaskLine>;
    try {
      t = JSON.parse(line) as Partial<TaskLine>;
    } catch {
      throw new UsageError(`${where}: not JSON: ${quote(line)}`);
    }
    if (t === null || typeof t !== 'object' || typeof t.state !== 'string') {
      throw new UsageError(`${where}: expected {game, state, depth, path}, got ${quote(line)}`);
    }
    if (t.game !== name) {
      throw new UsageError(`${where}: a task of game ${quote(t.game)}, not ${quote(name)}`);
    }
    tasks.push(t as TaskLine);
  });
  return tasks;
}

/** `perft --tasks FILE`: the tasks' sum (one line, or JSON), counted on the pool if asked. */
async function countTaskFile(
  io: PerftIO,
  name: string,
  plugin: GamePlugin,
  flags: Flags,
  walk: 'fast' | 'apply',
  workers: number,
): Promise<void> {
  const file = String(flags.tasks);
  const lines = readTaskFile(file, name);
  const t0 = io.now();
  let nodes = 0;
  if (workers > 1 && io.workerScript) {
    const pool = new WorkerPool(io.workerScript, workers);
    try {
      const counts = await pool.run<number>(
        lines.map(({ state, depth, path }) => ({
          kind: 'perft',
          game: name,
          state,
          task: { depth, path },
          walk,
        })),
      );
      nodes = counts.reduce((a, b) => a + b, 0);
    } finally {
      await pool.close();
    }
  } else {
    const roots = new Map<string, unknown>();
    for (const { state, depth, path } of lines) {
      let root = roots.get(state);
      if (root === undefined) {
        root = plugin.game.deserialize(state);
        roots.set(state, root);
      }
      nodes += perftTask(plugin.game, root, { depth, path }, { path: walk });
    }
  }
  const ms = io.now() - t0;
  if (flags.json) {
    io.out(
      JSON.stringify({ game: name, tasks: lines.length, nodes, ms: Math.round(ms * 1000) / 1000 }),
    );
  } else {
    io.out(
      `tasks: ${lines.length}, nodes = ${nodes}  ${ms.toFixed(1)} ms  [${name} ${quote(file)}]`,
    );
  }
}
