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

/** Declares the expectations of one example; each must be checked at least once. */
export function __expectations(all) {
  for (const where of all) reached.set(where, 0);
  process.on('exit', (code) => {
    const missed = [...reached].filter(([, n]) => n === 0).map(([where]) => where);
    if (missed.length > 0 && code === 0) {
      console.error(`expected output never produced: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  });
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
