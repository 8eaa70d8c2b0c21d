/**
 * `boardrules uhp` with its engine on a worker thread, so that input is read while `bestmove`
 * searches: the main thread reads the lines, queues them and writes the replies; the engine
 * thread handles one line at a time, streaming each reply's lines back. While a line waits in
 * the queue a flag in shared memory is set, which the engine reads as `inputWaiting`: with the
 * `StopOnInput` option True (a boardrules extension to UHP) the search then stops and answers
 * its best move so far, and the waiting line is handled next. One command, one reply, in order.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { UhpEngine, type UhpEngineOptions } from '../../../hive/index.js';
import type { CliStdio } from '../../plugin.js';
import { cliWorker, gameJobRequest, type WorkerReply } from '../../workers.js';
import { WorkerSearchHelpers } from './search-helpers.js';

/** The engine's construction options as plain data (they are posted to the engine thread). */
export type UhpThreadOptions = Pick<UhpEngineOptions, 'ruleOptions' | 'version' | 'threads'>;

/** The job that makes a CLI worker the engine's thread (the Hive plug-in's `runJob`). */
export interface UhpThreadJob {
  readonly kind: 'uhp-engine';
  /** Lines in (`{ line }`, `{ close }`), reply lines and ends of replies out. */
  readonly port: MessagePort;
  /** One `Int32Array` element: not 0 while a line waits behind the one being handled. */
  readonly waiting: SharedArrayBuffer;
  readonly options: UhpThreadOptions;
  /** The CLI bundle (a URL), which the search's helper threads run. */
  readonly script: string;
}

/** What the main thread sends the engine thread. */
type ToEngine = { readonly line: string } | { readonly close: true };
/** What the engine thread sends back. */
type FromEngine =
  | { readonly line: string }
  | { readonly done: true; readonly exit: boolean }
  | { readonly error: string }
  | { readonly closed: true };

/** True for a {@link UhpThreadJob} (the plug-in's other jobs are search helpers'). */
export function isUhpThreadJob(job: unknown): job is UhpThreadJob {
  return typeof job === 'object' && job !== null && (job as UhpThreadJob).kind === 'uhp-engine';
}

/** The engine's options, with `helpers` for its `Threads`. */
function engineOptions(options: UhpThreadOptions, helpers: WorkerSearchHelpers): UhpEngineOptions {
  return { ...options, helpers };
}

/** On the engine thread: serves the job's lines until the main thread closes it. */
export function serveUhpThread(job: UhpThreadJob): void {
  const { port } = job;
  const post = (message: FromEngine): void => port.postMessage(message);
  const helpers = new WorkerSearchHelpers(new URL(job.script), (error) => post({ error }));
  // The options were checked on the main thread: this cannot throw.
  const engine = new UhpEngine(engineOptions(job.options, helpers));
  helpers.prepare((job.options.threads ?? 1) - 1);
  const waiting = new Int32Array(job.waiting);
  const control = {
    inputWaiting: () => Atomics.load(waiting, 0) !== 0,
    onLine: (line: string) => post({ line }),
  };
  port.on('message', (message: ToEngine) => {
    if ('close' in message) {
      void helpers.close().then(() => {
        post({ closed: true });
        port.close();
      });
      return;
    }
    engine.handle(message.line, control);
    post({ done: true, exit: engine.done });
  });
}

/**
 * Runs the engine on a worker thread running `script` (the CLI bundle), with commands from
 * `input` and replies to `output` (helper failures to `errors`), until `exit` or the end of the
 * input. Throws `RulesError` for bad options before any thread starts.
 */
export async function runUhpThread(
  input: CliStdio['input'],
  output: CliStdio['output'],
  options: UhpThreadOptions,
  script: URL,
  errors?: CliStdio['errors'],
): Promise<void> {
  // Checked here, so that a bad option fails as it does in-process (no thread is started yet).
  new UhpEngine(engineOptions(options, new WorkerSearchHelpers(script, () => {})));
  const waiting = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const { port1, port2 } = new MessageChannel();
  const worker: Worker = cliWorker(script);
  const job: UhpThreadJob = {
    kind: 'uhp-engine',
    port: port2,
    waiting: waiting.buffer as SharedArrayBuffer,
    options,
    script: script.href,
  };
  worker.postMessage(gameJobRequest('hive', job), [port2]);
  // The real binary's stdin is a Node stream; any other source of text chunks is made one.
  const source = input instanceof Readable ? input : Readable.from(input);
  const lines = createInterface({
    input: source,
    crlfDelay: Number.POSITIVE_INFINITY,
    terminal: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      // Like other UHP engines it greets with the `info` reply (H-UHP-9).
      const queue: string[] = ['info'];
      let busy = false;
      let ended = false;
      let closing = false;
      const send = (message: ToEngine): void => port1.postMessage(message);
      const close = (): void => {
        if (closing) return;
        closing = true;
        lines.close();
        send({ close: true });
      };
      const next = (): void => {
        if (busy || closing) return;
        const line = queue.shift();
        if (line === undefined) {
          if (ended) close();
          return;
        }
        busy = true;
        // A line already waiting stops this one's search as soon as it starts (StopOnInput).
        Atomics.store(waiting, 0, queue.length > 0 ? 1 : 0);
        send({ line });
      };
      port1.on('message', (message: FromEngine) => {
        if ('line' in message) output.write(`${message.line}\n`);
        else if ('error' in message) errors?.write(`${message.error}\n`);
        else if ('closed' in message) resolve();
        else {
          busy = false;
          if (message.exit) close();
          else next();
        }
      });
      worker.on('message', (reply: WorkerReply) => {
        if ('error' in reply) reject(new Error(`UHP engine thread: ${reply.error}`));
      });
      worker.on('error', reject);
      worker.on('exit', () => reject(new Error('UHP engine thread: stopped')));
      lines.on('line', (line) => {
        if (closing) return;
        queue.push(line);
        // The engine reads this while it searches.
        if (busy) Atomics.store(waiting, 0, 1);
        next();
      });
      lines.on('close', () => {
        ended = true;
        next();
      });
      next();
    });
  } finally {
    lines.close();
    port1.close();
    await worker.terminate();
  }
}
