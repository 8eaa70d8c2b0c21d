/**
 * `boardrules uhp`: the Universal Hive Protocol engine on a pair of streams (stdin/stdout for
 * the real binary). Like other UHP engines it greets with the `info` reply (H-UHP-9), then
 * answers one command per line until `exit` or the end of the input.
 */
import { createInterface } from 'node:readline';
import { UhpEngine } from '../hive/uhp-engine.js';

/** Runs a UHP engine reading commands from `input` and writing replies to `output`. */
export async function runUhp(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<void> {
  const engine = new UhpEngine();
  output.write(`${engine.handle('info')}\n`);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    output.write(`${engine.handle(line)}\n`);
    if (engine.done) break;
  }
  lines.close();
}
