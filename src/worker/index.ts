/**
 * Searching off the main thread: any boardrules bot in a Web Worker (or a Node.js worker
 * thread), with cancellation. The worker's script calls {@link serveBots} with the games it
 * serves; the page makes a {@link BotWorker} from a plain-data {@link BotSpec} and awaits its
 * searches, and can stop one at any time ({@link BotWorker.cancel}). No `SharedArrayBuffer` is
 * needed, so it works on any static host (GitHub Pages has no cross-origin isolation). This entry
 * names no game: the worker's script imports the games it serves, so its bundle carries only
 * those. See `docs/bots.md`, "Searching off the main thread".
 *
 * ```ts
 * // bots.worker.ts
 * import { serveBots } from 'boardrules/worker';
 * import { hive, hiveEvaluator } from 'boardrules/hive';
 * serveBots(self, [{ game: hive, evaluate: hiveEvaluator }]);
 *
 * // the page
 * import { BotWorker } from 'boardrules/worker';
 * import { hive } from 'boardrules/hive';
 * const bot = new BotWorker(hive, { bot: 'alphabeta' }, () =>
 *   new Worker(new URL('./bots.worker.js', import.meta.url), { type: 'module' }),
 * );
 * const { move } = await bot.search(hive.start(), { timeMs: 1000 });
 * ```
 *
 * @module boardrules/worker
 */

export type { ServedGame } from './bots.js';
export { BotWorker, type BotWorkerResult, type WorkerEvent, type WorkerLike } from './client.js';
export type {
  BotKind,
  BotReply,
  BotRequest,
  BotSpec,
  PostableAlphaBetaOptions,
  PostableMctsOptions,
  PostedResult,
} from './protocol.js';
export { serveBots, type WorkerScope } from './serve.js';
