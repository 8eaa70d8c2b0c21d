/**
 * `boardrules perft <game>`: one line per depth on stdout (text or `--json`), and, once a run
 * has taken a second, progress on stderr: a live line (root moves done, nodes, rate, elapsed
 * time) when stderr is a terminal, plain lines as each depth starts and ends otherwise. Scripts
 * parse stdout, so progress never goes there.
 */
import { perft, perftByRootMove } from '../core/perft.js';
import { quote } from '../core/quote.js';
import { intFlag } from './flags.js';
import type { Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';

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
}

/** A run shows progress once it has taken this long (short runs stay quiet). */
export const PROGRESS_AFTER_MS = 1000;
/** A terminal's progress line is rewritten at most this often. */
const REDRAW_MS = 200;

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

/** Runs `perft` for the command's flags, printing one line per depth. */
export function runPerft(
  io: PerftIO,
  name: string,
  plugin: GamePlugin,
  flags: Flags,
  state: unknown,
): void {
  const depth = intFlag(flags, 'depth', undefined, 0);
  const path = flags.path ?? 'fast';
  if (path !== 'fast' && path !== 'apply') {
    throw new UsageError(`--path must be 'fast' or 'apply', got ${quote(path)}`);
  }
  const variant = plugin.variant(state);
  const progress = io.progress ? new PerftProgress(io, io.progress, depth) : undefined;
  // perft(0) = 1 by definition: `--depth 0` prints that line alone.
  for (let d = depth === 0 ? 0 : 1; d <= depth; d++) {
    progress?.depthStarts(d);
    const t0 = io.now();
    const nodes = progress
      ? perftByRootMove(plugin.game, state, d, path, (done, total, sofar) =>
          progress.rootMove(d, done, total, sofar),
        )
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
}
