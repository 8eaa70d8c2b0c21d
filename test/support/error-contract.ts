/**
 * The error-contract suite: every export of an entry point, called with hostile values in each
 * argument position, either returns normally or throws a `RulesError` with a known code and a
 * short message (so building the message did not throw and did not echo a huge input).
 *
 * Each entry point's test lists every export with a {@link Spec}: how to call it validly (the
 * suite then replaces one argument at a time by junk: the fixed {@link HOSTILE} values,
 * mutations of the valid argument and random fast-check values), or that it is a plain value.
 * The list must name exactly the module's exports, the members of its namespace objects and the
 * methods of its classes, so a new export fails the suite until it is classified.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import { HOSTILE, hostile, mutations } from './junk.js';

/** Every code a `RulesError` may carry. */
export const CODES: ReadonlySet<string> = new Set([
  'ILLEGAL_MOVE',
  'PARSE_ERROR',
  'INVALID_STATE',
  'INVALID_OPTIONS',
  'INVALID_ARGUMENT',
  'GAME_OVER',
  'HIDDEN_INFORMATION',
  'UNSUPPORTED',
  'CANCELLED',
  'WORKER_FAILED',
]);

/** Longest message allowed: messages quote at most a short piece of their input. */
export const MAX_MESSAGE = 1000;

type Args = readonly unknown[];

/** How to call one function (or method, or constructor). */
export interface CallSpec {
  /** Valid argument lists; the suite replaces one argument of each at a time with junk. */
  readonly valid: () => readonly Args[];
  /** The function accepts any value in every position: it must not throw at all. */
  readonly total?: boolean;
  /**
   * Positions fed no junk, and why (a fast-path method trusting the integer codes its own
   * generator produced). Reported as lenient.
   */
  readonly trusted?: { readonly positions: readonly number[]; readonly why: string };
  /** Calls that are valid but too expensive to run here (a deep perft, a long search). */
  readonly skip?: (args: Args) => boolean;
  /** Extra checks of a normal result (e.g. an SVG never contains `NaN`). */
  readonly check?: (result: unknown) => void;
  /** Random junk values per argument position (default 25). */
  readonly randomRuns?: number;
}

/** A function export (or a namespace member). */
export interface FunctionSpec extends CallSpec {
  readonly kind: 'function';
  /** Methods of the object the function returns (e.g. a bot, a search position). */
  readonly returns?: MethodsSpec;
}

/** The methods of an object, each called on a fresh object from `make`. */
export interface MethodsSpec {
  /** A fresh valid object. */
  readonly make: () => object;
  /**
   * Every method (and getter) of the object's prototype chain and own functions: a call spec,
   * `'getter'`, `'private'` for a TypeScript-private method (not callable from typed code,
   * not run), or `'internal'` for a public member of the class behind an object whose declared
   * type does not expose it (a game's fast `Position` returned as a `SearchPosition`: typed code
   * sees only the interface; not run).
   */
  readonly methods: Readonly<Record<string, CallSpec | 'getter' | 'private' | 'internal'>>;
}

/** How one export is classified. */
export type Spec =
  | { readonly kind: 'value' }
  | FunctionSpec
  | ({
      readonly kind: 'class';
      /** The constructor's arguments. */
      readonly construct: CallSpec;
    } & MethodsSpec)
  | { readonly kind: 'namespace'; readonly members: Readonly<Record<string, Spec>> };

/** Counts of inputs run, by entry point (printed by the suites and checked to be non-trivial). */
export const inputCounts = new Map<string, number>();

/** What a throw was, for a failure message. */
function describeThrow(e: unknown): string {
  if (e instanceof Error) return `${e.constructor.name}: ${e.message}\n${e.stack ?? ''}`;
  return `a thrown ${typeof e}`;
}

/** A short label of a junk value for failure messages (never throws). */
function label(v: unknown): string {
  try {
    if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'symbol' || typeof v === 'function') return String(v).slice(0, 40);
    const s = JSON.stringify(v);
    return s === undefined ? typeof v : s.slice(0, 80);
  } catch {
    return `a ${typeof v}`;
  }
}

/** Runs one call and checks the contract; returns normally or throws an assertion error. */
function checkCall(name: string, spec: CallSpec, args: Args, call: () => unknown): void {
  let result: unknown;
  try {
    result = call();
  } catch (e) {
    const where = `${name}(${args.map(label).join(', ')})`;
    if (spec.total) throw new Error(`${where} must not throw, threw ${describeThrow(e)}`);
    if (!(e instanceof RulesError)) {
      throw new Error(`${where} threw a non-RulesError: ${describeThrow(e)}`);
    }
    expect(CODES.has(e.code), `${where}: unknown code ${e.code}`).toBe(true);
    expect(typeof e.message, where).toBe('string');
    expect(e.message.length, `${where}: message ${e.message.slice(0, 200)}…`).toBeLessThan(
      MAX_MESSAGE,
    );
    return;
  }
  if (spec.check) spec.check(result);
}

/**
 * Random junk for one argument position: a fresh sample each time (so positions see different
 * values), reproducible from the global fast-check seed (test/setup/fast-check.ts).
 */
let samples = 0;
function randomJunk(runs: number): unknown[] {
  const base = fc.readConfigureGlobal().seed ?? 0;
  return fc.sample(hostile, { numRuns: runs, seed: (base + 7919 * ++samples) | 0 });
}

/** The junk argument lists for one valid list: one position replaced at a time. */
function* junkArgs(spec: CallSpec, valid: Args): Generator<Args> {
  const trusted = new Set(spec.trusted?.positions ?? []);
  yield valid;
  // No arguments at all (unless the function trusts some: then they are not optional).
  if (trusted.size === 0) yield [];
  for (let i = 0; i < valid.length; i++) {
    if (trusted.has(i)) continue;
    const replace = (v: unknown): Args => valid.map((a, j) => (j === i ? v : a));
    for (const v of HOSTILE) yield replace(v);
    for (const v of mutations(valid[i])) yield replace(v);
    const runs = spec.randomRuns ?? 25;
    if (runs > 0) for (const v of randomJunk(runs)) yield replace(v);
  }
}

/** Calls `fn` with every junk argument list of `spec`; returns the number of calls. */
function runCalls(name: string, spec: CallSpec, call: (args: Args) => unknown): number {
  let n = 0;
  for (const valid of spec.valid()) {
    for (const args of junkArgs(spec, valid)) {
      if (spec.skip?.(args)) continue;
      checkCall(name, spec, args, () => call(args));
      n++;
    }
  }
  return n;
}

function runMethods(name: string, m: MethodsSpec, expected: readonly string[]): number {
  expect(Object.keys(m.methods).sort(), `${name}: classified methods`).toEqual(
    [...expected].sort(),
  );
  let n = 0;
  for (const [method, spec] of Object.entries(m.methods)) {
    if (spec === 'private' || spec === 'internal') continue;
    if (spec === 'getter') {
      const obj = m.make() as Record<string, unknown>;
      expect(() => obj[method], `${name}.${method}`).not.toThrow();
      n++;
      continue;
    }
    n += runCalls(`${name}.${method}`, spec, (args) => {
      const obj = m.make() as Record<string, (...a: unknown[]) => unknown>;
      return (obj[method] as (...a: unknown[]) => unknown).apply(obj, args as unknown[]);
    });
  }
  return n;
}

/** The public method and getter names of an object: its prototype chain up to the built-ins. */
export function methodNames(obj: object): string[] {
  const names = new Set<string>();
  for (const k of Object.keys(obj)) {
    if (typeof (obj as Record<string, unknown>)[k] === 'function') names.add(k);
  }
  for (
    let p = Object.getPrototypeOf(obj);
    p !== null && p !== Object.prototype && p !== Error.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (k !== 'constructor') names.add(k);
    }
  }
  return [...names];
}

function run(name: string, value: unknown, spec: Spec): number {
  switch (spec.kind) {
    case 'value':
      expect(typeof value === 'function', `${name} is a function: classify it`).toBe(false);
      return 0;
    case 'function': {
      expect(typeof value, name).toBe('function');
      const fn = value as (...a: unknown[]) => unknown;
      let n = runCalls(name, spec, (args) => fn(...args));
      if (spec.returns) n += runMethods(name, spec.returns, methodNames(spec.returns.make()));
      return n;
    }
    case 'class': {
      expect(typeof value, name).toBe('function');
      const C = value as new (...a: unknown[]) => unknown;
      let n = runCalls(`new ${name}`, spec.construct, (args) => new C(...args));
      n += runMethods(name, spec, methodNames(spec.make()));
      return n;
    }
    case 'namespace': {
      const ns = value as Record<string, unknown>;
      expect(Object.keys(spec.members).sort(), `${name}: classified members`).toEqual(
        Object.keys(ns).sort(),
      );
      let n = 0;
      for (const [k, s] of Object.entries(spec.members)) n += run(`${name}.${k}`, ns[k], s);
      return n;
    }
  }
}

/**
 * One vitest test per export of `module` (an entry point), plus one checking that `specs`
 * classifies exactly the module's exports. Input counts are added to {@link inputCounts}.
 */
export function runErrorContract(
  entry: string,
  module: Readonly<Record<string, unknown>>,
  specs: Readonly<Record<string, Spec>>,
): void {
  it(`${entry}: every export is classified`, () => {
    expect(Object.keys(specs).sort()).toEqual(Object.keys(module).sort());
  });
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.kind === 'value') continue;
    it(`${entry}: ${name} returns or throws a RulesError on junk in any argument`, () => {
      const n = run(name, module[name], spec);
      inputCounts.set(entry, (inputCounts.get(entry) ?? 0) + n);
    });
  }
}

/** An SVG string never shows `NaN`, `Infinity` or `undefined` (bad numbers leaking through). */
export function checkSvg(result: unknown): void {
  expect(typeof result).toBe('string');
  expect(result as string).not.toMatch(/NaN|Infinity|undefined/);
}

/** The `RulesError` code `f` throws, `undefined` when it returns, or a marker for any other throw. */
export function codeOf(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    return isRulesError(e) ? e.code : `not a RulesError: ${String(e)}`;
  }
}
