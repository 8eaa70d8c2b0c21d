import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import { isPlainObject, readOptions } from '../../src/core/options.js';

const KNOWN = ['size', 'colour'];

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return e.code;
  }
}

describe('readOptions: the one reader of option objects', () => {
  it('treats undefined and null as no options', () => {
    expect({ ...readOptions(undefined, 'x', KNOWN) }).toEqual({});
    expect({ ...readOptions(null, 'x', KNOWN) }).toEqual({});
  });

  it('reads own enumerable keys of plain and null-prototype objects', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.size = 3;
    expect({ ...readOptions(bare, 'x', KNOWN) }).toEqual({ size: 3 });
    expect({ ...readOptions(Object.freeze({ colour: 'red' }), 'x', KNOWN) }).toEqual({
      colour: 'red',
    });
  });

  it('never sees inherited keys: constructor, toString, __proto__', () => {
    const read = readOptions({ size: 1 }, 'x', KNOWN);
    expect(read.constructor).toBeUndefined();
    expect(read.toString).toBeUndefined();
    expect(() => readOptions({ constructor: 5 }, 'x', KNOWN)).toThrow(
      /x: unknown option 'constructor'/,
    );
    expect(() => readOptions(JSON.parse('{"__proto__":{}}'), 'x', KNOWN)).toThrow(
      /unknown option '__proto__'/,
    );
    // An object that inherits from another object is not plain: its options would be hidden.
    expect(codeOf(() => readOptions(Object.create({ size: 9 }), 'x', KNOWN))).toBe(
      'INVALID_OPTIONS',
    );
  });

  it('rejects non-objects, arrays and class instances with the given code', () => {
    for (const v of [5, 'size', true, 1n, Symbol('s'), [], new Map(), new Date(), () => 1]) {
      expect(codeOf(() => readOptions(v, 'x', KNOWN))).toBe('INVALID_OPTIONS');
      expect(codeOf(() => readOptions(v, 'x', KNOWN, 'INVALID_STATE'))).toBe('INVALID_STATE');
    }
    expect(() => readOptions(new Map(), 'hive options', KNOWN)).toThrow(
      /hive options must be a plain object, got a Map/,
    );
  });

  it('isPlainObject accepts literals and null prototypes only', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(new (class A {})())).toBe(false);
    expect(isPlainObject(null)).toBe(false);
  });
});
