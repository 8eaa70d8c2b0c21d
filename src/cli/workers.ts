/**
 * The CLI on every core: a pool of worker threads, each running this same CLI bundle in worker
 * mode (see `worker-main.ts`). A run sends every worker the whole list of jobs once, with a
 * counter in shared memory; each worker takes the next job by incrementing the counter, so a fast
 * worker takes more of them and no worker waits for the main thread between jobs (a round trip
 * per job left each worker idle for 6–10 % of a perft). Jobs are perft tasks (whose counts sum
 * exactly to the whole perft), the games of a bot match (each a pure function of the match's
 * flags and its index) and the positions of `analyze` (each a pure function of its record, ply
 * and limits), so the results are the same for any number of workers and any order.
 *
 * Worker threads need a JavaScript file to run: the built binary passes its own
 * (`dist/cli/main.js`); in-process callers without one cannot use `--workers`.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { isRulesError, RulesError, type RulesErrorCode } from '../core/errors.js';
import type { PerftTask } from '../core/perft.js';
import type { AnalyzeJob } from './analyze/engine.js';
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
 * A job of a game's own commands (its plug-in's `runJob` does it: say, the helper threads
 * of a protocol engine's search), answered only when it fails.
 */
export interface GameJobRequest {
  readonly kind: 'game';
  /** Answers to a failed job carry this. */
  readonly id: number;
  /** The registered game whose plug-in does the job. */
  readonly game: string;
  /** The job, as plain data (it is posted to the worker). */
  readonly job: unknown;
}

/** The message that has a worker do `job` with the plug-in of `game` (see {@link GameJobRequest}). */
export function gameJobRequest(game: string, job: unknown, id = -1): GameJobRequest {
  return { kind: 'game', id, game, job };
}

/** A job of a {@link WorkerPool} run. */
export type WorkerJob = PerftJob | MatchJob | AnalyzeJob;

/**
 * A pool run as a worker receives it: every job, and the shared counter (one `Int32Array`
 * element) from which each worker takes the index of its next job until it passes the end.
 */
export interface BatchRequest {
  readonly kind: 'batch';
  readonly jobs: readonly WorkerJob[];
  readonly next: SharedArrayBuffer;
}

/** What a worker can be sent: a pool run, or a job of a game's own commands. */
export type WorkerRequest = BatchRequest | GameJobRequest;

/** A job that threw: the message, with the code and rule of a {@link RulesError}. */
export interface FailedJob {
  readonly id: number;
  readonly error: string;
  readonly code?: RulesErrorCode;
  readonly rule?: string;
}

/** A worker's answer for job `id` of a run (or for a failed job of a game's own). */
export type WorkerReply = { readonly id: number; readonly result: unknown } | FailedJob;

/** The reply for a job that threw `e`. */
export function errorReply(id: number, e: unknown): WorkerReply {
  if (isRulesError(e)) return { id, error: e.message, code: e.code, rule: e.rule };
  return { id, error: e instanceof Error ? e.message : String(e) };
}

/**
 * The error a failed job's reply stands for: a {@link RulesError} as the worker threw it (so the
 * CLI reports bad input the same way with any number of workers), else an `Error` naming the job.
 */
function errorOf(reply: FailedJob): Error {
  if (reply.code === undefined) return new Error(`job ${reply.id}: ${reply.error}`);
  // A RulesError's message ends with its rule in brackets, which the constructor adds again.
  const suffix = reply.rule === undefined ? '' : ` (${reply.rule})`;
  const text = reply.error.endsWith(suffix)
    ? reply.error.slice(0, reply.error.length - suffix.length)
    : reply.error;
  return new RulesError(reply.code, text, reply.rule);
}

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
   * Does every job (in any order, each on whichever worker takes it first) and resolves to
   * their results in the order given; `onDone(done, total, result)` is called after each.
   * Rejects with the first job's error, and the workers take no further job of the run.
   */
  run<R>(
    jobs: readonly WorkerJob[],
    onDone?: (done: number, total: number, result: R) => void,
  ): Promise<R[]> {
    const results = new Array<R>(jobs.length);
    let done = 0;
    return new Promise((resolve, reject) => {
      if (jobs.length === 0) {
        resolve(results);
        return;
      }
      const next = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
      let failed = false;
      const stop = (): void => {
        Atomics.store(next, 0, jobs.length);
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
      const request: BatchRequest = { kind: 'batch', jobs, next: next.buffer as SharedArrayBuffer };
      for (const w of this.workers) {
        w.on('message', (reply: WorkerReply) => {
          if (failed) return;
          if ('error' in reply) {
            fail(errorOf(reply));
            return;
          }
          results[reply.id] = reply.result as R;
          done++;
          onDone?.(done, jobs.length, reply.result as R);
          if (done === jobs.length) {
            stop();
            resolve(results);
          }
        });
        w.on('error', fail);
        w.postMessage(request);
      }
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
