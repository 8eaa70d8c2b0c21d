import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUOTE_LIMIT, quote } from '../../src/core/quote.js';

describe('quote: a caller value in an error message', () => {
  it('shows strings in single quotes, numbers, bigints, symbols and the literals', () => {
    expect(quote('wS1')).toBe("'wS1'");
    expect(quote(5)).toBe('5');
    expect(quote(-0)).toBe('-0');
    expect(quote(Number.NaN)).toBe('NaN');
    expect(quote(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(quote(10n)).toBe('10n');
    expect(quote(Symbol('s'))).toBe('Symbol(s)');
    expect(quote(undefined)).toBe('undefined');
    expect(quote(null)).toBe('null');
    expect(quote(true)).toBe('true');
    expect(quote(() => 1)).toBe('a function');
  });

  it('shows plain data as JSON and other objects by their kind', () => {
    expect(quote({ kind: 'place', piece: 5 })).toBe('{"kind":"place","piece":5}');
    expect(quote([1, 'a'])).toBe('[1,"a"]');
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(quote(bare)).toBe('{"a":1}');
    expect(quote(new Map())).toBe('a Map');
    expect(quote(new Date(0))).toBe('a Date');
    expect(quote(new Int32Array(2))).toBe('an Int32Array');
  });

  it('never throws: BigInts inside objects, cycles, throwing getters and toJSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const badJson = {
      toJSON() {
        throw new Error('boom');
      },
    };
    expect(quote({ n: 1n })).toBe('an object');
    expect(quote(cyclic)).toBe('an object');
    expect(quote(getter)).toBe('an object');
    expect(quote(badJson)).toBe('an object');
    expect(quote({ toString: 5, valueOf: null })).toBe('{"toString":5,"valueOf":null}');
  });

  it('cuts long text to QUOTE_LIMIT characters with an ellipsis', () => {
    const long = 'x'.repeat(10_000_000);
    expect(quote(long)).toBe(`'${'x'.repeat(QUOTE_LIMIT)}…'`);
    expect(quote([long]).length).toBeLessThanOrEqual(QUOTE_LIMIT + 1);
    // A surrogate pair straddling the cut is dropped whole, never halved.
    const emoji = `${'x'.repeat(QUOTE_LIMIT - 1)}😀tail`;
    expect(quote(emoji)).toBe(`'${'x'.repeat(QUOTE_LIMIT - 1)}…'`);
  });

  it('keeps a message on one line: control characters are escaped', () => {
    expect(quote('a\nb\r\tc\u0000\u2028')).toBe("'a\\nb\\r\\tc\\u0000\\u2028'");
  });

  it('returns a short single-line string for any value (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withNullPrototype: true,
          withObjectString: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withBoxedValues: true,
          withDate: true,
        }),
        (v) => {
          const q = quote(v);
          expect(typeof q).toBe('string');
          expect(q).not.toMatch(/[\n\r]/);
          expect(q.length).toBeLessThanOrEqual(QUOTE_LIMIT + 3);
        },
      ),
    );
  });
});
