/**
 * When an alpha-beta search must stop besides its depth and node limits: its time budget, and
 * for a helper the end of the shared search it helps.
 *
 * @module
 */
import type { SharedSearchTable } from '../shared-table.js';

/** Looked at every 1,024 nodes: has the time run out, or the shared search ended? */
export class Clock {
  /** True once the time budget ran out. */
  timedOut = false;

  /**
   * A clock for a search that must end by `deadline` (a `performance.now()` time; `Infinity`:
   * none), and, for a helper, when search number `search` of `shared` ends.
   */
  constructor(
    private readonly deadline: number,
    private readonly shared: SharedSearchTable | null = null,
    private readonly search = 0,
  ) {}

  /** True when the search must stop now. */
  expired(): boolean {
    let stop = false;
    if (performance.now() >= this.deadline) {
      stop = true;
      this.timedOut = true;
    }
    // A shared search ended by its coordinator: its helpers stop.
    if (this.shared !== null && !this.shared.isRunning(this.search)) stop = true;
    return stop;
  }
}
