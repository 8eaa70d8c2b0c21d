// RulesError's brand: what `instanceof RulesError` and `isRulesError` accept. The CommonJS and
// ES module builds are checked against each other in test/package/dual-errors.test.ts.
import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';

const BRAND = Symbol.for('boardrules.RulesError');

describe('RulesError brand', () => {
  it('every RulesError carries the shared brand, hidden from copies', () => {
    const e = new RulesError('PARSE_ERROR', 'bad', 'H-PLACE-5');
    expect((e as unknown as Record<symbol, unknown>)[BRAND]).toBe(true);
    expect(Object.getOwnPropertyDescriptor(e, BRAND)).toMatchObject({ enumerable: false });
    expect(Object.keys(e)).not.toContain(BRAND);
    expect(e instanceof RulesError && e instanceof Error).toBe(true);
    expect(isRulesError(e, 'PARSE_ERROR') && !isRulesError(e, 'ILLEGAL_MOVE')).toBe(true);
  });

  it('a RulesError of another copy of the library (same brand, other class) is recognised', () => {
    // What a second copy's class looks like: built by its own constructor, branded the same way.
    class OtherCopy extends Error {
      readonly code = 'ILLEGAL_MOVE';
      constructor() {
        super('other copy');
        Object.defineProperty(this, BRAND, { value: true });
      }
    }
    const e = new OtherCopy();
    expect(e instanceof RulesError).toBe(true);
    expect(isRulesError(e, 'ILLEGAL_MOVE')).toBe(true);
  });

  it('look-alikes without the brand, or not errors at all, are not recognised', () => {
    const e = new RulesError('PARSE_ERROR', 'bad');
    const fakes: unknown[] = [
      { ...e },
      { name: 'RulesError', code: 'PARSE_ERROR', message: 'bad' },
      Object.assign(new Error('bad'), { name: 'RulesError', code: 'PARSE_ERROR' }),
      Object.create(RulesError.prototype),
      // The brand on a plain object: not an error object.
      Object.defineProperty({ code: 'PARSE_ERROR' }, BRAND, { value: true }),
      // The brand on an error without a string code.
      Object.defineProperty(new Error('x'), BRAND, { value: true }),
      // The brand inherited rather than own.
      Object.create(e),
      null,
      undefined,
      'RulesError',
      42,
    ];
    for (const f of fakes) {
      expect(f instanceof RulesError, String(f)).toBe(false);
      expect(isRulesError(f), String(f)).toBe(false);
    }
  });

  it('a subclass keeps the ordinary instanceof, and its instances are RulesErrors', () => {
    class Sub extends RulesError {}
    const sub = new Sub('UNSUPPORTED', 'x');
    const plain = new RulesError('UNSUPPORTED', 'x');
    expect(sub instanceof Sub && sub instanceof RulesError && isRulesError(sub)).toBe(true);
    expect(plain instanceof Sub).toBe(false);
  });
});
