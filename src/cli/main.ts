/**
 * The `boardrules` executable: wires {@link runCli} to the process.
 */
import { runCli } from './app.js';

const code = await runCli(process.argv.slice(2), {
  io: {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
  uhp: async () => {
    const { runUhp } = await import('./uhp.js');
    await runUhp(process.stdin, process.stdout);
  },
});
process.exitCode = code;
