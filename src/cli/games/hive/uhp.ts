/**
 * `boardrules uhp`: the Universal Hive Protocol engine on a pair of streams (stdin/stdout for
 * the real binary). Like other UHP engines it greets with the `info` reply (H-UHP-9), then
 * answers every line (a blank one with `ok` alone) until `exit` or the end of the input. The
 * binary runs the engine on a worker thread (`uhp-thread.ts`), so that a line can stop a
 * search (the `StopOnInput` extension); without worker threads it runs in-process.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UhpEngine, type UhpRuleOptions } from '../../../hive/index.js';
import type { CliStdio } from '../../plugin.js';
import { runUhpThread } from './uhp-thread.js';

/** How `boardrules uhp` runs its engine. */
export interface UhpRun {
  /** The rule options given as flags: the engine's start-up UHP options (H-UHP-10). */
  readonly ruleOptions: Partial<UhpRuleOptions>;
  /** The version `info` reports. */
  readonly version: string;
  /** Start-up value of the engine's `Threads` option (`--threads`; default 1). */
  readonly threads?: number;
}

/**
 * Runs a UHP engine reading commands from `input` and writing replies to `output`, with the
 * start-up rule options, threads and version of `run` (throws `RulesError` for bad rule options
 * or too many threads). With `workerScript` (the CLI bundle), the engine runs on a worker
 * thread and its `Threads` option can use more of them; their failures are written to
 * `errors`.
 */
export async function runUhp(
  input: CliStdio['input'],
  output: CliStdio['output'],
  run: Partial<UhpRun> = {},
  workerScript?: URL,
  errors?: CliStdio['errors'],
): Promise<void> {
  const options = {
    ...(run.version === undefined ? {} : { version: run.version }),
    ruleOptions: run.ruleOptions ?? {},
    ...(run.threads === undefined ? {} : { threads: run.threads }),
  };
  if (workerScript !== undefined) {
    await runUhpThread(input, output, options, workerScript, errors);
    return;
  }
  // In-process: one thread, and a search runs to its end before the next line is read.
  const engine = new UhpEngine(options);
  output.write(`${engine.handle('info')}\n`);
  // Any source of text chunks is made a Node stream.
  const source = input instanceof Readable ? input : Readable.from(input);
  const lines = createInterface({
    input: source,
    crlfDelay: Number.POSITIVE_INFINITY,
    terminal: false,
  });
  for await (const line of lines) {
    output.write(`${engine.handle(line)}\n`);
    if (engine.done) break;
  }
  lines.close();
}
