/**
 * Hostile input for the fuzz tests: the junk-state harness (every entry point that takes a state
 * must either work or throw a RulesError, and a value one entry point rejects must be rejected by
 * all of them as INVALID_STATE), and the hostile values and mutations the error-contract suite
 * (`error-contract.ts`) feeds to every export.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { RulesError } from '../../src/core/errors.js';

/** One entry point under test: its name and a call of it on a state. */
export type EntryPoint<S> = readonly [name: string, call: (state: S) => unknown];

/** The result of `fn`: its value, or the code of the RulesError it threw (anything else fails). */
export function outcomeOf(name: string, fn: () => unknown): { value: unknown } | { code: string } {
  try {
    return { value: fn() };
  } catch (e) {
    if (!(e instanceof RulesError)) {
      throw new Error(`${name} threw a non-RulesError: ${e instanceof Error ? e.stack : e}`);
    }
    return { code: e.code };
  }
}

/**
 * Checks one value against every entry point. `probe` decides whether the value is accepted as a
 * state; `junk` says it can never be one.
 */
export function checkEntryPoints<S>(
  entryPoints: readonly EntryPoint<S>[],
  probe: EntryPoint<S>,
  state: unknown,
  junk: boolean,
): void {
  const accepted = !('code' in outcomeOf(probe[0], () => probe[1](state as S)));
  if (junk) expect(accepted).toBe(false);
  for (const [name, fn] of entryPoints) {
    const r = outcomeOf(name, () => fn(state as S));
    // A rejected state is rejected by every entry point, always as INVALID_STATE.
    if (!accepted) expect(r, name).toEqual({ code: 'INVALID_STATE' });
  }
}

/** Any value at all, including objects with `toString` keys, null prototypes and boxed values. */
export const anything: fc.Arbitrary<unknown> = fc.anything({
  withObjectString: true,
  withNullPrototype: true,
  withBoxedValues: true,
});

/** A cyclic object: JSON.stringify throws on it. */
function cyclic(): Record<string, unknown> {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
}

/** An object whose `toString` throws: `String(x)` and template strings throw on it. */
const throwingToString = {
  toString(): string {
    throw new Error('toString was called');
  },
};

/** A null-prototype object with a key: it has no `toString` at all. */
function bare(): Record<string, unknown> {
  const o = Object.create(null) as Record<string, unknown>;
  o.kind = 'place';
  return o;
}

/**
 * Hostile values every argument position is fed, one kind each: the primitives with their edge
 * cases, strings that are huge, control characters, unpaired surrogates or the names of
 * `Object.prototype` keys, arrays, plain and non-plain objects, and objects that make a careless
 * error message throw (a BigInt, a Symbol, no prototype, a throwing `toString`, a cycle).
 */
export const HOSTILE: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  2.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  0n,
  12n,
  -(2n ** 70n),
  Symbol('junk'),
  Symbol.iterator,
  '',
  ' ',
  'x',
  '0',
  '-1',
  'NaN',
  'x'.repeat(1 << 20),
  ';'.repeat(10_000),
  '\u0000\u0001\n\r\t\u001b[31m',
  '\ud800',
  '😀💥',
  'ｗＳ１',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  [],
  [1, 2, 3],
  [null],
  ['x'],
  new Array(3),
  Object.freeze([0, 0, 0, 0]),
  {},
  Object.freeze({}),
  JSON.parse('{"__proto__":{"x":1}}'),
  { constructor: 5 },
  { toString: 5, valueOf: 5 },
  { toString: null, valueOf: null, toJSON: 5 },
  throwingToString,
  Object.create(null),
  bare(),
  cyclic(),
  { length: 2, 0: 'a', 1: 'b' },
  () => 1,
  function named() {},
  class Junk {},
  new Date(Number.NaN),
  new Map([['kind', 'place']]),
  new Set([1]),
  new WeakMap(),
  new Int32Array(4),
  new ArrayBuffer(8),
  /re/g,
  new Error('junk'),
  Object('boxed string'),
  Object(7),
  Object(Symbol('boxed')),
  Math,
  JSON,
  globalThis,
];

/** Random hostile values (fast-check), beyond the fixed {@link HOSTILE} list. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.double(),
  fc.bigInt(),
);

/** A few hostile values of different kinds, for replacing one field of a valid value. */
const FIELD_JUNK: readonly unknown[] = [
  undefined,
  null,
  -1,
  2.5,
  Number.NaN,
  12n,
  Symbol('field'),
  '',
  'x'.repeat(10_000),
  [],
  {},
  Object.create(null),
  throwingToString,
  new Map(),
];

/**
 * Hostile variants of a valid value: for a plain object or array, copies with one own field
 * (down to `depth` levels) replaced by a hostile value, with that field deleted, or with one
 * unexpected key added. Getters are read once (a Hive state's history is a getter).
 */
export function mutations(valid: unknown, depth = 2): unknown[] {
  if (valid === null || typeof valid !== 'object' || ArrayBuffer.isView(valid)) return [];
  const out: unknown[] = [];
  const isArray = Array.isArray(valid);
  const copy = (): Record<string, unknown> =>
    (isArray ? [...(valid as unknown[])] : { ...valid }) as Record<string, unknown>;
  const keys = Object.keys(valid);
  // Long arrays: mutate the ends only, which is where off-by-one checks live.
  const picked = keys.length > 12 ? [...keys.slice(0, 4), ...keys.slice(-4)] : keys;
  for (const k of picked) {
    for (const junk of FIELD_JUNK) {
      const c = copy();
      c[k] = junk;
      out.push(c);
    }
    const without = copy();
    delete without[k];
    out.push(isArray ? (without as unknown as unknown[]).filter(() => true) : without);
    if (depth > 1) {
      for (const inner of mutations((valid as Record<string, unknown>)[k], depth - 1)) {
        const c = copy();
        c[k] = inner;
        out.push(c);
      }
    }
  }
  if (!isArray) {
    out.push({ ...valid, constructor: 1 }, { ...valid, extra: 1 });
    out.push(Object.assign(Object.create(null), valid));
  } else {
    out.push([...(valid as unknown[]), 'extra']);
  }
  return out;
}
