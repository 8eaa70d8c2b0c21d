import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../src/cli/suggest.js';

describe('did you mean', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('seats', 'seats')).toBe(0);
    expect(editDistance('seat', 'seats')).toBe(1);
    expect(editDistance('depht', 'depth')).toBe(1);
    expect(editDistance('plya', 'play')).toBe(1);
    expect(editDistance('torres', 'hive')).toBe(5); // t→h, o→i, r→v, −r, e, −s
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the nearest word within a third of its length, then a unique longer word it begins', () => {
    const flags = ['seats', 'games', 'time', 'iterations', 'depth', 'seed', 'state'];
    expect(didYouMean('seat', flags)).toBe('seats');
    expect(didYouMean('SEATS', flags)).toBe('seats');
    expect(didYouMean('iter', flags)).toBe('iterations');
    expect(didYouMean('dpeth', flags)).toBe('depth');
    // 'see' is one edit from 'seed' (the first near word wins over the prefix rule).
    expect(didYouMean('see', flags)).toBe('seed');
    // Two letters begin no unique word and are near none: no guess rather than a wild one.
    expect(didYouMean('st', flags)).toBeUndefined();
    expect(didYouMean('xyzzy', flags)).toBeUndefined();
    expect(didYouMean('json', flags)).toBeUndefined();
    // Ties go to the first known word.
    expect(didYouMean('gam', ['game', 'gama'])).toBe('game');
  });
});
