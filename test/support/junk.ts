/**
 * Shared pieces of the junk-state fuzz tests: every entry point that takes a state must either
 * work or throw a RulesError, and a value one entry point rejects must be rejected by all of them
 * as INVALID_STATE.
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
