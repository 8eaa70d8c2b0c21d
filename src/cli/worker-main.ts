/**
 * A CLI worker thread's loop (see `workers.ts`). For a pool run it takes jobs from the run's
 * shared counter until none is left, answering each with its result or its error message (and
 * taking no further job after an error); a job of a game's own commands (say, the
 * helper threads of an engine's search) goes to that game's plug-in and is answered only if it fails. Root states of perft
 * tasks are read once per worker.
 */
import { parentPort } from 'node:worker_threads';
import type { Game } from '../core/game.js';
import { perftTask } from '../core/perft.js';
import { runAnalyzeJob } from './analyze/engine.js';
import { playMatchGame } from './play.js';
import type { GamePlugin } from './plugin.js';
import { games } from './registry.js';
import { errorReply, type WorkerJob, type WorkerReply, type WorkerRequest } from './workers.js';

/** Serves requests until the main thread terminates the worker. */
export function serveJobs(): void {
  const roots = new Map<string, unknown>();
  const pluginOf = (name: string): GamePlugin => {
    const plugin = games.get(name);
    if (!plugin) throw new Error(`unknown game '${name}'`);
    return plugin;
  };
  const resultOf = (job: WorkerJob): unknown => {
    if (job.kind === 'perft') {
      const game = pluginOf(job.game).game as Game<unknown, unknown, unknown>;
      const key = `${job.game}\n${job.state}`;
      let root = roots.get(key);
      if (root === undefined) {
        root = game.deserialize(job.state);
        roots.set(key, root);
      }
      return perftTask(game, root, job.task, { path: job.walk });
    }
    if (job.kind === 'analyze') return runAnalyzeJob(job, pluginOf(job.game));
    return playMatchGame(job.job.game, pluginOf(job.job.game), job.job);
  };
  parentPort?.on('message', (req: WorkerRequest) => {
    if (req.kind === 'game') {
      try {
        const plugin = pluginOf(req.game);
        if (plugin.runJob === undefined) throw new Error(`game '${req.game}' takes no jobs`);
        // No answer unless it fails: a game's job keeps its results (say, in a shared table).
        plugin.runJob(req.job);
      } catch (e) {
        parentPort?.postMessage(errorReply(req.id, e));
      }
      return;
    }
    const next = new Int32Array(req.next);
    for (let id = Atomics.add(next, 0, 1); id < req.jobs.length; id = Atomics.add(next, 0, 1)) {
      let reply: WorkerReply;
      try {
        reply = { id, result: resultOf(req.jobs[id] as WorkerJob) };
      } catch (e) {
        parentPort?.postMessage(errorReply(id, e));
        return;
      }
      parentPort?.postMessage(reply);
    }
  });
}
