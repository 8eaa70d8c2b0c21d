/**
 * How a long run shows its progress on stderr while stdout keeps only the results: on a terminal
 * one line rewritten in place (at most every {@link REDRAW_MS}, and always at the last step) and
 * cleared at the end; elsewhere (a log, a pipe) a plain line at most once a second and none in
 * the first second, so short runs and tests stay silent and long ones leave a compact trace.
 * `play --quiet` (its match's games) and `analyze` (its positions) show theirs with it.
 */
import type { ProgressSink } from './perft.js';

/** A run shows progress once it has taken this long (short runs stay quiet). */
export const PROGRESS_AFTER_MS = 1000;
/** A terminal's progress line is rewritten at most this often. */
export const REDRAW_MS = 200;

/** One line of progress (see the module comment). */
export class ProgressLine {
  private readonly t0: number;
  private lastWrite: number;
  private drawn = false;

  constructor(
    private readonly sink: ProgressSink,
    private readonly now: () => number,
  ) {
    this.t0 = now();
    this.lastWrite = this.t0;
  }

  /**
   * Shows the text `line` makes of the time since the run began (`12.3 s`), reading the clock
   * once; `last`: the run's last step, which a terminal always shows.
   */
  update(line: (elapsed: string) => string, last: boolean): void {
    const now = this.now();
    const text = line(`${((now - this.t0) / 1000).toFixed(1)} s`);
    if (this.sink.tty) {
      if (now - this.lastWrite < REDRAW_MS && !last) return;
      this.sink.write(`\r\x1b[K${text}`);
      this.drawn = true;
    } else {
      if (now - this.lastWrite < PROGRESS_AFTER_MS) return;
      this.sink.write(`${text}\n`);
    }
    this.lastWrite = now;
  }

  /** The run is over: a terminal's line is cleared for the results. */
  end(): void {
    if (this.drawn) this.sink.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** A bar of `width` cells, `done` of `total` filled: `[#######-------]`. */
export function progressBar(done: number, total: number, width = 24): string {
  const filled = total <= 0 ? width : Math.min(width, Math.floor((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
