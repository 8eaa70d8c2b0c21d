/**
 * The `boardrules` executable: wires {@link runCli} to the process.
 */
import { runCli } from './app.js';

const code = await runCli(process.argv.slice(2), {
  io: {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
  // Progress of long runs goes to stderr: stdout stays what scripts parse.
  progress: { tty: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) },
  uhp: async (run) => {
    const { runUhp } = await import('./uhp.js');
    await runUhp(process.stdin, process.stdout, run);
  },
});
process.exitCode = code;
