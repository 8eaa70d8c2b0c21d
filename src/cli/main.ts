/**
 * The `boardrules` executable: wires {@link runCli} to the process.
 */
import { fileURLToPath } from 'node:url';
import { runCli } from './app.js';
import { serveJobs } from './worker-main.js';
import { isCliWorker } from './workers.js';

if (isCliWorker()) serveJobs();
else await main();

async function main(): Promise<void> {
  // A reader that stops early (`boardrules play <game> --games 200 | head`) closes the pipe: the
  // output is no longer wanted, so stop quietly, as other command-line tools do, rather than
  // crash with an unhandled EPIPE (worker threads end with the process).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  const code = await runCli(process.argv.slice(2), {
    io: {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    },
    // Progress of long runs goes to stderr: stdout stays what scripts parse.
    progress: { tty: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) },
    // A command that speaks a protocol (an engine's) does it on the process's streams.
    stdio: { input: process.stdin, output: process.stdout, errors: process.stderr },
    // Worker threads run this same file (built to dist/cli/main.js) in worker mode.
    workerScript: new URL(import.meta.url),
    // This binary, run by this Node: a game's command may start it again (a referee's engine).
    self: `${shellQuote(process.execPath)} ${shellQuote(fileURLToPath(import.meta.url))}`,
  });
  process.exitCode = code;
}

/** A path as one word of a shell command line (POSIX quoting; plain on Windows). */
function shellQuote(path: string): string {
  if (process.platform === 'win32') return `"${path}"`;
  return `'${path.replaceAll("'", "'\\''")}'`;
}
