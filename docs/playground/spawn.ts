// Starting the pages' bot worker (bots-worker.ts). Browsers refuse to start a worker from a
// file:// script, so the worker's code comes inside the page's script (the build defines
// BOTS_WORKER_SOURCE) and starts from a blob: URL, which works opened from disk and served alike.
import type { WorkerLike } from '../../src/worker/index.js';

/** The worker's bundled code, put here by scripts/build-playground.mjs. */
declare const BOTS_WORKER_SOURCE: string;

let workerUrl: string | null = null;

/** A new worker serving the playground's bots. */
export function spawnBotWorker(): WorkerLike {
  workerUrl ??= URL.createObjectURL(new Blob([BOTS_WORKER_SOURCE], { type: 'text/javascript' }));
  return new Worker(workerUrl);
}
