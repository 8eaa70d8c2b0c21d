/**
 * A CLI worker thread's loop (see `workers.ts`): does each job it is sent and answers with its
 * result or its error message. Root states of perft tasks are read once per worker.
 */
import { parentPort } from 'node:worker_threads';
import type { Game } from '../core/game.js';
import { perftTask } from '../core/perft.js';
import { playMatchGame } from './play.js';
import type { GamePlugin } from './plugin.js';
import { games } from './registry.js';
import { helpHiveSearch } from './search-helpers.js';
import type { WorkerReply, WorkerRequest } from './workers.js';

/** Serves jobs until the main thread terminates the worker. */
export function serveJobs(): void {
  const roots = new Map<string, unknown>();
  const pluginOf = (name: string): GamePlugin => {
    const plugin = games.get(name);
    if (!plugin) throw new Error(`unknown game '${name}'`);
    return plugin;
  };
  parentPort?.on('message', (req: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      if (req.kind === 'hive-help') {
        // No answer unless it fails: the results are in the shared table.
        helpHiveSearch(req.index, req.job);
        return;
      }
      if (req.kind === 'perft') {
        const game = pluginOf(req.game).game as Game<unknown, unknown, unknown>;
        const key = `${req.game}\n${req.state}`;
        let root = roots.get(key);
        if (root === undefined) {
          root = game.deserialize(req.state);
          roots.set(key, root);
        }
        reply = { id: req.id, result: perftTask(game, root, req.task, { path: req.walk }) };
      } else {
        const plugin = pluginOf(req.job.game);
        reply = { id: req.id, result: playMatchGame(req.job.game, plugin, req.job) };
      }
    } catch (e) {
      reply = { id: req.id, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
  });
}
