/**
 * Perft on every core: a pool of worker threads, each running this same CLI bundle in worker
 * mode (`isPerftWorker`), counts {@link PerftTask}s handed out one at a time, so a fast worker
 * takes more of them. The tasks of a split sum exactly to the whole perft, so the result is the
 * same for any number of workers.
 *
 * Worker threads need a JavaScript file to run: the built binary passes its own
 * (`dist/cli/main.js`); in-process callers without one cannot use `--workers`.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Game } from '../core/game.js';
import { type PerftTask, perftTask } from '../core/perft.js';
import { games } from './registry.js';

/** One task for a worker: the root state's saved text and the path below it. */
export interface WorkerTask {
  /** The registered game's name. */
  readonly game: string;
  /** The root state, as the game's `serialize` writes it. */
  readonly state: string;
  readonly task: PerftTask;
  /** The walk below the path (see `PerftOptions.path`). */
  readonly walk: 'fast' | 'apply';
}

/** What a worker is told to do, and what it answers. */
type Request = { readonly id: number } & WorkerTask;
type Reply =
  | { readonly id: number; readonly nodes: number }
  | { readonly id: number; readonly error: string };

/** The marker a worker thread is started with. */
const WORKER_MARK = 'boardrules-perft-worker';

/** True in a thread started by {@link PerftPool}: the bundle must serve tasks, not run the CLI. */
export function isPerftWorker(): boolean {
  return !isMainThread && workerData === WORKER_MARK;
}

/** The worker's loop: counts each task it is sent (root states are deserialized once each). */
export function servePerftTasks(): void {
  const roots = new Map<string, unknown>();
  parentPort?.on('message', (req: Request) => {
    let reply: Reply;
    try {
      const plugin = games.get(req.game);
      if (!plugin) throw new Error(`unknown game '${req.game}'`);
      const game = plugin.game as Game<unknown, unknown, unknown>;
      const key = `${req.game}\n${req.state}`;
      let root = roots.get(key);
      if (root === undefined) {
        root = game.deserialize(req.state);
        roots.set(key, root);
      }
      reply = { id: req.id, nodes: perftTask(game, root, req.task, { path: req.walk }) };
    } catch (e) {
      reply = { id: req.id, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
  });
}

/** A fixed set of worker threads counting perft tasks. */
export class PerftPool {
  private readonly workers: Worker[];

  /** Starts `size` workers running `script` (the CLI bundle). */
  constructor(script: URL, size: number) {
    this.workers = Array.from(
      { length: size },
      () => new Worker(script, { workerData: WORKER_MARK }),
    );
  }

  /** How many workers the pool has. */
  get size(): number {
    return this.workers.length;
  }

  /**
   * Counts every task (in any order, on whichever worker is free) and resolves to their counts
   * in the order given; `onDone(done, total, nodes)` is called after each. Rejects with the
   * first task's error.
   */
  count(
    tasks: readonly WorkerTask[],
    onDone?: (done: number, total: number, nodes: number) => void,
  ): Promise<number[]> {
    const counts = new Array<number>(tasks.length).fill(0);
    let next = 0;
    let done = 0;
    let nodes = 0;
    return new Promise((resolve, reject) => {
      if (tasks.length === 0) {
        resolve(counts);
        return;
      }
      let failed = false;
      const cleanup = (): void => {
        for (const w of this.workers) {
          w.removeAllListeners('message');
          w.removeAllListeners('error');
        }
      };
      const feed = (w: Worker): void => {
        if (next >= tasks.length) return;
        const id = next++;
        w.postMessage({ id, ...tasks[id] } satisfies Request);
      };
      for (const w of this.workers) {
        const onMessage = (reply: Reply): void => {
          if (failed) return;
          if ('error' in reply) {
            failed = true;
            cleanup();
            reject(new Error(`perft task ${reply.id}: ${reply.error}`));
            return;
          }
          counts[reply.id] = reply.nodes;
          nodes += reply.nodes;
          done++;
          onDone?.(done, tasks.length, nodes);
          if (done === tasks.length) {
            cleanup();
            resolve(counts);
          } else feed(w);
        };
        const onError = (e: Error): void => {
          if (failed) return;
          failed = true;
          cleanup();
          reject(e);
        };
        w.on('message', onMessage);
        w.on('error', onError);
        feed(w);
      }
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
