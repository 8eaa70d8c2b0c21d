/**
 * How a UHP command fails: a {@link CommandError} carries the reply's first word (`err`, or
 * `invalidmove` for an illegal or unparsable move), and `UhpEngine.handle` prints it with the
 * message. Shared by the engine and its option and search modules.
 *
 * @module
 */

/** A failed UHP command: `prefix` starts the reply line, `message` follows it. */
export class CommandError extends Error {
  readonly prefix: 'err' | 'invalidmove';
  constructor(prefix: 'err' | 'invalidmove', message: string) {
    super(message);
    this.prefix = prefix;
  }
}

/** Fails the command with `err <message>`. */
export function fail(message: string): never {
  throw new CommandError('err', message);
}
