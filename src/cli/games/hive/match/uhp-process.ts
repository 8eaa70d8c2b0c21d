/**
 * A UHP engine running as a child process, for `boardrules match`: sends one command line at a
 * time and reads its reply (every line up to the `ok` that ends it, H-UHP-9). Whatever the engine
 * does — exits, stops answering, floods its output — comes back as an {@link EngineFailure} the
 * referee can score, never as an exception that ends the match, and never as a wait without end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** How an engine failed: the referee scores the game against it and says which. */
export type EngineFault = 'crashed' | 'hung' | 'garbage';

/** An engine that crashed, hung or answered something that is not a UHP reply. */
export class EngineFailure extends Error {
  constructor(
    readonly fault: EngineFault,
    message: string,
  ) {
    super(message);
    this.name = 'EngineFailure';
  }
}

/** The longest reply read before the engine is judged to be flooding its output. */
const MAX_REPLY_LINES = 10_000;
/** The stderr lines kept to explain a crash. */
const STDERR_TAIL = 5;

/**
 * One running engine process. `start` waits for the greeting (the `info` reply every UHP engine
 * prints on start-up); `send` writes a command and resolves to its reply lines without the final
 * `ok`. After a failure the process is killed and every later `send` fails at once.
 */
export class UhpProcess {
  /** The engine's `id` line without `id ` (its name and version), or the command. */
  name: string;
  /** The greeting's lines (the `id` line and the capabilities). */
  greeting: readonly string[] = [];
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  /** How many `ok` lines `lines` holds (each ends one reply). */
  private oks = 0;
  private waiting: (() => void) | undefined;
  private exited: string | undefined;
  private failure: EngineFailure | undefined;
  private closed = false;
  private readonly stderrTail: string[] = [];

  private constructor(readonly command: string) {
    this.name = command;
    // A shell reads the command as a user types it (quotes, paths with blanks); detached makes
    // the shell and the engine one process group, so a hung engine is killed with its shell.
    this.child = spawn(command, {
      shell: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    const out = createInterface({ input: this.child.stdout as NodeJS.ReadableStream });
    out.on('line', (line) => {
      const text = line.replace(/\r$/, '');
      this.lines.push(text);
      if (text === 'ok') this.oks++;
      this.wake();
    });
    const err = createInterface({ input: this.child.stderr as NodeJS.ReadableStream });
    err.on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > STDERR_TAIL) this.stderrTail.shift();
    });
    // Writing to an engine that has exited: the exit is what the referee reports.
    this.child.stdin?.on('error', () => {});
    this.child.on('error', (e) => {
      this.exited ??= `could not run: ${e.message}`;
      this.wake();
    });
    this.child.on('exit', (code, signal) => {
      this.exited ??= signal === null ? `exited with code ${code}` : `killed by ${signal}`;
      this.wake();
    });
  }

  /** Starts `command`; {@link greet} then reads its greeting. */
  static spawn(command: string): UhpProcess {
    return new UhpProcess(command);
  }

  /** Reads the greeting (the `info` reply) within `timeoutMs`; the `id` line names the engine. */
  async greet(timeoutMs: number): Promise<void> {
    const greeting = await this.reply('start-up', timeoutMs);
    this.greeting = greeting;
    const id = greeting.find((line) => line.startsWith('id '));
    if (id !== undefined && id.length > 3) this.name = id.slice(3).trim();
  }

  /** Whether the process is still usable (no failure so far). */
  get alive(): boolean {
    return this.failure === undefined && this.exited === undefined && !this.closed;
  }

  /** Sends one command line and resolves to its reply lines (without `ok`). */
  async send(command: string, timeoutMs: number): Promise<string[]> {
    if (this.failure) throw this.failure;
    if (this.closed) throw new EngineFailure('crashed', 'the engine was closed');
    this.child.stdin?.write(`${command}\n`);
    return this.reply(command, timeoutMs);
  }

  /** Ends the process: `exit` first, then a kill for an engine that does not go. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.exited !== undefined) return;
    this.child.stdin?.write('exit\n');
    this.child.stdin?.end();
    const gone = await this.until(() => this.exited !== undefined, 1000);
    if (!gone) this.kill();
  }

  /** The reply to `what`: lines up to `ok`, or a failure after `timeoutMs`. */
  private async reply(what: string, timeoutMs: number): Promise<string[]> {
    const found = await this.until(
      () => this.oks > 0 || this.exited !== undefined || this.lines.length > MAX_REPLY_LINES,
      timeoutMs,
    );
    if (this.oks > 0) {
      this.oks--;
      const end = this.lines.indexOf('ok');
      return this.lines.splice(0, end + 1).slice(0, end);
    }
    if (!found) {
      return this.fail('hung', `no reply to '${clip(what)}' within ${timeoutMs} ms`);
    }
    if (this.lines.length > MAX_REPLY_LINES) {
      return this.fail(
        'garbage',
        `more than ${MAX_REPLY_LINES} lines without 'ok' after '${clip(what)}'`,
      );
    }
    const stderr = this.stderrTail.length > 0 ? `; stderr: ${this.stderrTail.join(' | ')}` : '';
    return this.fail('crashed', `${this.exited} during '${clip(what)}'${stderr}`);
  }

  private fail(fault: EngineFault, message: string): never {
    this.failure = new EngineFailure(fault, message);
    this.kill();
    throw this.failure;
  }

  /** Kills the engine (and its shell) at once; for a referee that is being stopped. */
  kill(): void {
    if (this.exited !== undefined || this.child.pid === undefined) return;
    try {
      if (process.platform === 'win32') this.child.kill('SIGKILL');
      else process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone between the check and the kill.
    }
  }

  /** Resolves `true` as soon as `done()` holds, `false` when `timeoutMs` passes first. */
  private until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(done());
      }, timeoutMs);
      this.waiting = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(true);
      };
    });
  }

  private wake(): void {
    this.waiting?.();
  }
}

/** A command or reply shortened for a message. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
