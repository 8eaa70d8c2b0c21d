/**
 * `boardrules uhp`: the Universal Hive Protocol engine on a pair of streams (stdin/stdout for
 * the real binary). Like other UHP engines it greets with the `info` reply (H-UHP-9), then
 * answers every line (a blank one with `ok` alone) until `exit` or the end of the input.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UhpEngine, type UhpRuleOptions } from '../../../hive/index.js';
import type { CliStdio } from '../../plugin.js';
import { WorkerSearchHelpers } from './search-helpers.js';

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
 * or too many threads). With `workerScript` (the CLI bundle), the `Threads` option can use
 * worker threads; their failures are written to `errors`.
 */
export async function runUhp(
  input: CliStdio['input'],
  output: CliStdio['output'],
  run: Partial<UhpRun> = {},
  workerScript?: URL,
  errors?: CliStdio['errors'],
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
    // The real binary's stdin is a Node stream; any other source of text chunks is made one.
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
  } finally {
    await helpers?.close();
  }
}
