/**
 * When an alpha-beta search must stop besides its depth and node limits: its time budget, its
 * caller's stop signal, and for a helper the end of the shared search it helps.
 *
 * @module
 */
import type { SharedSearchTable } from '../shared-table.js';
import type { StopSignal } from '../types.js';

/** Looked at every 1,024 nodes: has the time run out, the signal fired or the shared search ended? */
export class Clock {
  /** True once the time budget ran out. */
  timedOut = false;
  /** True once the stop signal was seen aborted. */
  stopped = false;

  /**
   * A clock for a search that must end by `deadline` (a `performance.now()` time; `Infinity`:
   * none) or when `signal` is aborted, and, for a helper, when search number `search` of
   * `shared` ends.
   */
  constructor(
    private readonly deadline: number,
    private readonly shared: SharedSearchTable | null = null,
    private readonly search = 0,
    private readonly signal: StopSignal | null = null,
  ) {}

  /** True when the search must stop now. */
  expired(): boolean {
    let stop = false;
    if (performance.now() >= this.deadline) {
      stop = true;
      this.timedOut = true;
    }
    // The caller stopped the search (an AbortSignal, a flag another thread sets).
    if (this.signal?.aborted === true) {
      stop = true;
      this.stopped = true;
    }
    // A shared search ended by its coordinator: its helpers stop.
    if (this.shared !== null && !this.shared.isRunning(this.search)) stop = true;
    return stop;
  }
}
