// The page's side of a Web Worker running the engine (worker.ts): start a request, hear its
// answers, stop it. Browsers refuse to start a worker from a file:// script, so the worker's
// code comes inside this page's script (the build defines ANALYSIS_WORKER_SOURCE) and starts
// from a blob: URL, which works opened from disk and served alike.
import type { EngineReply, EngineRequest } from './protocol.js';

/** The worker's bundled code, put here by scripts/build-playground.mjs. */
declare const ANALYSIS_WORKER_SOURCE: string;

let workerUrl: string | null = null;

function newWorker(): Worker {
  workerUrl ??= URL.createObjectURL(
    new Blob([ANALYSIS_WORKER_SOURCE], { type: 'text/javascript' }),
  );
  return new Worker(workerUrl);
}

/**
 * One worker and the request it is on. A new request stops the one before (the worker is
 * terminated if it is still searching, since a search cannot be interrupted, and a fresh one
 * started); an idle worker is kept for the next request.
 */
export class EngineClient {
  private worker: Worker | null = null;
  private id = 0;
  private listener: ((reply: EngineReply) => void) | null = null;
  /** Whether the worker is on a request. */
  busy = false;

  /** Starts `request`; `onReply` hears each of its answers (never those of an earlier one). */
  run(request: EngineRequest, onReply: (reply: EngineReply) => void): void {
    if (this.busy) this.stop();
    const worker = (this.worker ??= this.start());
    this.id++;
    this.listener = onReply;
    this.busy = true;
    worker.postMessage({ ...request, id: this.id });
  }

  /** Stops the request under way, if any (its answers are dropped). */
  stop(): void {
    if (this.busy) {
      this.worker?.terminate();
      this.worker = null;
    }
    this.busy = false;
    this.listener = null;
    this.id++;
  }

  private start(): Worker {
    const worker = newWorker();
    worker.onmessage = (event: MessageEvent<EngineReply>) => {
      const reply = event.data;
      if (reply.id !== this.id || this.worker !== worker) return;
      if (reply.kind === 'done' || reply.kind === 'error') this.busy = false;
      this.listener?.(reply);
    };
    worker.onerror = (event) => {
      if (this.worker !== worker) return;
      event.preventDefault();
      this.busy = false;
      this.worker = null;
      worker.terminate();
      this.listener?.({
        kind: 'error',
        id: this.id,
        message: event.message || 'the worker failed',
      });
    };
    return worker;
  }
}
