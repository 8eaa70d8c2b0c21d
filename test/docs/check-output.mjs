// The runtime side of the docs examples' `//=>` comments (see examples.test.ts): an
// instrumented example imports these, registers its expectations, and fails (throws, or exits
// with code 1) on a value that differs from its comment or an expectation never reached.
import { inspect, isDeepStrictEqual } from 'node:util';

const reached = new Map();

function show(value) {
  return inspect(value, { depth: null, breakLength: Infinity });
}

function check(where, actual, expected) {
  reached.set(where, (reached.get(where) ?? 0) + 1);
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(
      `${where}: the comment says ${show(expected)} but the code gives ${show(actual)}`,
    );
  }
}

function missedExpectations() {
  return [...reached].filter(([, n]) => n === 0).map(([where]) => where);
}

/** Declares the expectations of one example; each must be checked at least once. */
export function __expectations(all) {
  for (const where of all) reached.set(where, 0);
  process.on('exit', (code) => {
    const missed = missedExpectations();
    if (missed.length > 0 && code === 0) {
      console.error(`expected output never produced: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  });
}

/** The line `__finished` writes; the harness looks for it (see harness.ts). */
export const FINISHED = '[boardrules docs example finished]';

/**
 * Called after an example's last statement: writes {@link FINISHED} to stderr with whether every
 * expectation was reached and what could still keep the process alive (timers, sockets, …; the
 * standard streams left out). Node 20 can deadlock while it shuts down (nodejs/node#54918: the
 * main thread drains V8's background tasks while a concurrent compile job waits for it to collect
 * garbage), so a process may finish its example and never exit; with nothing left to keep it
 * alive, the harness knows the hang is Node's, not the example's.
 */
export function __finished() {
  const standard = new Set([
    'TTYWrap',
    'PipeWrap',
    'WriteWrap',
    'TCPWrap',
    'ShutdownWrap',
    'CloseReq',
  ]);
  const pending = process.getActiveResourcesInfo().filter((r) => !standard.has(r));
  const missed = missedExpectations();
  process.stderr.write(`\n${FINISHED} ${JSON.stringify({ missed, pending })}\n`);
}

/** `expr; //=> literal`: the expression's value deep-equals the literal. */
export function __expect(where, actual, expected) {
  check(where, actual, expected());
  return actual;
}

/** `console.log(a, b); //=> x, y`: prints as usual; the arguments deep-equal `[x, y]`. */
export function __expectLog(where, args, expected) {
  console.log(...args);
  check(where, args, expected());
}
