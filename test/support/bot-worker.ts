// Workers for the tests of boardrules/worker and its users (the playground): a real Node.js
// worker thread running the BUILT entry (dist/worker, as a user's worker script would), and a
// loopback: `serveBots` from src/ on one end of a MessageChannel in this very thread, the client on
// the other (every message still goes through structured cloning; the searches run here).
import { resolve } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { ServedGame, WorkerLike } from '../../src/worker/index.js';
import { serveBots } from '../../src/worker/index.js';

const root = resolve(import.meta.dirname, '../..');
const dist = (path: string): string => JSON.stringify(resolve(root, 'dist', path));

/**
 * The source of a worker thread serving the three games with their evaluators (the games'
 * default determinizer: Torres' own), from the built package; `extra` runs first.
 */
export function threadScript(extra = ''): string {
  return `${extra}
const { parentPort } = require('node:worker_threads');
const { serveBots } = require(${dist('worker/index.cjs')});
const { hive, hiveEvaluator } = require(${dist('hive/index.cjs')});
const { coerceo, coerceoEvaluator } = require(${dist('coerceo/index.cjs')});
const { torres, torresEvaluator } = require(${dist('torres/index.cjs')});
serveBots(parentPort, [
  { game: hive, evaluate: hiveEvaluator },
  { game: coerceo, evaluate: coerceoEvaluator },
  { game: torres, evaluate: torresEvaluator },
]);
`;
}

/** Starts worker threads running {@link threadScript}; `started` counts them. */
export function threadSpawner(extra = ''): { spawn: () => WorkerLike; started: () => number } {
  let n = 0;
  const script = threadScript(extra);
  return {
    spawn: () => {
      n++;
      return new Worker(script, { eval: true });
    },
    started: () => n,
  };
}

/** A worker in this thread: `serveBots(port, games)` behind a MessageChannel. */
export function loopback(games: readonly ServedGame[]): () => WorkerLike {
  return () => {
    const { port1, port2 } = new MessageChannel();
    serveBots(port2, games);
    port2.unref();
    return {
      postMessage: (m) => port1.postMessage(m),
      terminate: () => {
        port1.close();
        port2.close();
      },
      on: (type, listener) => {
        if (type === 'message' || type === 'messageerror') port1.on(type, listener);
      },
      ref: () => port1.ref(),
      unref: () => port1.unref(),
    };
  };
}

/** A port `serveBots` serves in this thread, and the replies it posts, awaited one by one. */
export function servedPort(games: readonly ServedGame[]): {
  send(message: unknown): void;
  next(): Promise<unknown>;
  close(): void;
} {
  const { port1, port2 } = new MessageChannel();
  serveBots(port2, games);
  const replies: unknown[] = [];
  const waiting: ((r: unknown) => void)[] = [];
  port1.on('message', (r) => {
    const w = waiting.shift();
    if (w) w(r);
    else replies.push(r);
  });
  return {
    send: (m) => port1.postMessage(m),
    next: () =>
      replies.length > 0
        ? Promise.resolve(replies.shift())
        : new Promise((done) => waiting.push(done)),
    close: () => {
      port1.close();
      port2.close();
    },
  };
}
