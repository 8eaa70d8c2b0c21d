/**
 * Lazy SMP for `boardrules uhp`: the helper threads behind the engine's `Threads` option. Each
 * helper is a worker thread running the CLI bundle in worker mode; for every `bestmove time`
 * search it rebuilds the position from its GameString and searches it with an alpha-beta bot on
 * the engine's shared table until the engine ends the search (see `SharedSearchTable`).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import {
  type HiveMove,
  type HiveState,
  hive,
  hiveEvaluatorWith,
  type UhpHelperJob,
  type UhpSearchHelpers,
} from '../../../hive/index.js';
import { type AlphaBetaBot, alphaBetaBot } from '../../../search/alphabeta.js';
import { SharedSearchTable } from '../../../search/shared-table.js';
import { cliWorker, gameJobRequest, type WorkerReply } from '../../workers.js';

/** Worker threads searching beside the UHP engine; started when first needed. */
export class WorkerSearchHelpers implements UhpSearchHelpers {
  /** One helper per core beside the engine's own thread (at least one, so `Threads 2` works). */
  readonly max: number = Math.max(1, availableParallelism() - 1);
  private readonly workers: Worker[] = [];

  /**
   * Helpers running `script` (the CLI bundle); a helper's failure is reported through
   * `onError` (the engine's search goes on without it).
   */
  constructor(
    private readonly script: URL,
    private readonly onError: (message: string) => void,
  ) {}

  /** Starts helper threads up to `count` now (each loads the bundle, about 0.1 s). */
  prepare(count: number): void {
    while (this.workers.length < Math.min(count, this.max)) {
      const worker = cliWorker(this.script);
      // An idle helper must not keep the engine's process alive after `exit`.
      worker.unref();
      worker.on('message', (reply: WorkerReply) => {
        if ('error' in reply) this.onError(`search helper: ${reply.error}`);
      });
      worker.on('error', (e) => this.onError(`search helper: ${e.message}`));
      this.workers.push(worker);
    }
  }

  start(job: UhpHelperJob): void {
    this.prepare(job.count);
    for (let i = 0; i < Math.min(job.count, this.workers.length); i++) {
      const help: HelperJob = { index: i + 1, job };
      this.workers[i]?.postMessage(gameJobRequest('hive', help));
    }
  }

  /** Stops every helper thread. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}

/** What one helper thread is sent: its number (1 up) and the engine's job. */
export interface HelperJob {
  readonly index: number;
  readonly job: UhpHelperJob;
}

/** The helper thread's bot, kept while the engine's table and evaluator stay the same. */
let helper: { tableId: number; aggression: number; bot: AlphaBetaBot<HiveState, HiveMove> } | null =
  null;

/**
 * In a helper thread (the Hive plug-in's `runJob`): searches `job`'s position into the shared
 * table until the search ends.
 */
export function helpHiveSearch({ index, job }: HelperJob): void {
  if (helper === null || helper.tableId !== job.tableId || helper.aggression !== job.aggression) {
    helper = {
      tableId: job.tableId,
      aggression: job.aggression,
      bot: alphaBetaBot(hive, {
        evaluate: hiveEvaluatorWith(job.aggression),
        maxDepth: 64,
        shared: new SharedSearchTable(job.table),
      }),
    };
  }
  const state = hive.deserialize(job.state);
  helper.bot.help(state, { search: job.search, index }, { timeMs: job.timeMs });
}
