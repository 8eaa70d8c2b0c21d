/**
 * The CLI on every core: a pool of worker threads, each running this same CLI bundle in worker
 * mode (see `worker-main.ts`), doing jobs handed out one at a time so that a fast worker takes
 * more of them. Jobs are perft tasks (whose counts sum exactly to the whole perft) and the games
 * of a bot match (each a pure function of the match's flags and its index), so the results are
 * the same for any number of workers.
 *
 * Worker threads need a JavaScript file to run: the built binary passes its own
 * (`dist/cli/main.js`); in-process callers without one cannot use `--workers`.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import type { PerftTask } from '../core/perft.js';
import type { UhpHelperJob } from '../hive/uhp-engine.js';
import type { Flags } from './plugin.js';

/** A perft task for a worker: the root state's saved text and the path below it. */
export interface PerftJob {
  readonly kind: 'perft';
  /** The registered game's name. */
  readonly game: string;
  /** The root state, as the game's `serialize` writes it. */
  readonly state: string;
  readonly task: PerftTask;
  /** The walk below the path (see `PerftOptions.path`). */
  readonly walk: 'fast' | 'apply';
}

/** One game of a bot match for a worker. */
export interface MatchJob {
  readonly kind: 'match';
  readonly job: { readonly game: string; readonly flags: Flags; readonly index: number };
}

/**
 * A lazy-SMP helper search for `boardrules uhp` (see `search-helpers.ts`): answered only when
 * it fails, since its results are in the shared table.
 */
export interface HiveHelpJob {
  readonly kind: 'hive-help';
  /** The helper's number, 1 up. */
  readonly index: number;
  readonly job: UhpHelperJob;
}

/** What a worker can be asked to do. */
export type WorkerJob = PerftJob | MatchJob | HiveHelpJob;

/** A job as sent, and the worker's answer. */
export type WorkerRequest = { readonly id: number } & WorkerJob;
export type WorkerReply =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: string };

/** The marker a worker thread is started with. */
const WORKER_MARK = 'boardrules-cli-worker';

/** True in a thread started by {@link cliWorker}: the bundle must serve jobs, not run the CLI. */
export function isCliWorker(): boolean {
  return !isMainThread && workerData === WORKER_MARK;
}

/** A worker thread running `script` (the CLI bundle) in worker mode. */
export function cliWorker(script: URL): Worker {
  return new Worker(script, { workerData: WORKER_MARK });
}

/** A fixed set of worker threads doing CLI jobs. */
export class WorkerPool {
  private readonly workers: Worker[];

  /** Starts `size` workers running `script` (the CLI bundle). */
  constructor(script: URL, size: number) {
    this.workers = Array.from({ length: size }, () => cliWorker(script));
  }

  /** How many workers the pool has. */
  get size(): number {
    return this.workers.length;
  }

  /**
   * Does every job (in any order, on whichever worker is free) and resolves to their results
   * in the order given; `onDone(done, total, result)` is called after each. Rejects with the
   * first job's error.
   */
  run<R>(
    jobs: readonly WorkerJob[],
    onDone?: (done: number, total: number, result: R) => void,
  ): Promise<R[]> {
    const results = new Array<R>(jobs.length);
    let next = 0;
    let done = 0;
    return new Promise((resolve, reject) => {
      if (jobs.length === 0) {
        resolve(results);
        return;
      }
      let failed = false;
      const stop = (): void => {
        for (const w of this.workers) {
          w.removeAllListeners('message');
          w.removeAllListeners('error');
        }
      };
      const fail = (e: Error): void => {
        if (failed) return;
        failed = true;
        stop();
        reject(e);
      };
      const feed = (w: Worker): void => {
        if (next >= jobs.length) return;
        const id = next++;
        w.postMessage({ id, ...jobs[id] } as WorkerRequest);
      };
      for (const w of this.workers) {
        w.on('message', (reply: WorkerReply) => {
          if (failed) return;
          if ('error' in reply) {
            fail(new Error(`job ${reply.id}: ${reply.error}`));
            return;
          }
          results[reply.id] = reply.result as R;
          done++;
          onDone?.(done, jobs.length, reply.result as R);
          if (done === jobs.length) {
            stop();
            resolve(results);
          } else feed(w);
        });
        w.on('error', fail);
        feed(w);
      }
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
