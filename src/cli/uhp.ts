/**
 * `boardrules uhp`: the Universal Hive Protocol engine on a pair of streams (stdin/stdout for
 * the real binary). Like other UHP engines it greets with the `info` reply (H-UHP-9), then
 * answers every line (a blank one with `ok` alone) until `exit` or the end of the input.
 */
import { createInterface } from 'node:readline';
import { UhpEngine } from '../hive/uhp-engine.js';
import type { UhpRun } from './app.js';
import { WorkerSearchHelpers } from './search-helpers.js';

/**
 * Runs a UHP engine reading commands from `input` and writing replies to `output`, with the
 * start-up rule options, threads and version of `run` (throws `RulesError` for bad rule options
 * or too many threads). With `workerScript` (the CLI bundle), the `Threads` option can use
 * worker threads; their failures are written to `errors`.
 */
export async function runUhp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  run: Partial<UhpRun> = {},
  workerScript?: URL,
  errors?: NodeJS.WritableStream,
): Promise<void> {
  const helpers =
    workerScript === undefined
      ? undefined
      : new WorkerSearchHelpers(workerScript, (message) => errors?.write(`${message}\n`));
  try {
    const engine = new UhpEngine({
      ...(run.version === undefined ? {} : { version: run.version }),
      ruleOptions: run.ruleOptions ?? {},
      ...(helpers === undefined ? {} : { helpers }),
      ...(run.threads === undefined ? {} : { threads: run.threads }),
    });
    // Threads asked for at start-up are started now, not during the first search.
    helpers?.prepare((run.threads ?? 1) - 1);
    output.write(`${engine.handle('info')}\n`);
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
    for await (const line of lines) {
      output.write(`${engine.handle(line)}\n`);
      if (engine.done) break;
    }
    lines.close();
  } finally {
    await helpers?.close();
  }
}
