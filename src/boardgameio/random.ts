/**
 * The server's randomness: drawn from the platform's cryptographic generator
 * (`crypto.getRandomValues`, in Node.js 20 and every browser), never from the time and never from
 * boardgame.io's seeded generator, whose seed the lobby can let a player guess.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { RandomSource } from '../core/rng.js';

/** The platform's `crypto.getRandomValues`, or a `RulesError` where there is none. */
function fill(words: Uint32Array): Uint32Array {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } })
    .crypto;
  if (crypto === undefined || typeof crypto.getRandomValues !== 'function') {
    throw new RulesError(
      'INVALID_ARGUMENT',
      'cryptoRandom: this platform has no crypto.getRandomValues to deal hidden cards from',
    );
  }
  return crypto.getRandomValues(words);
}

/**
 * A {@link RandomSource} over the platform's cryptographic generator: `int(n)` is uniform in
 * `[0, n)` (rejection sampling, no modulo bias). What a server deals hidden cards from.
 */
export function cryptoRandom(): RandomSource {
  const word = new Uint32Array(1);
  return {
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > 0x100000000) {
        throw new RulesError(
          'INVALID_ARGUMENT',
          `cryptoRandom: int(n) needs 1 <= n <= 2^32, got ${n}`,
        );
      }
      // The largest multiple of n that fits in 32 bits: draws at or above it are redrawn.
      const limit = 0x100000000 - (0x100000000 % n);
      for (;;) {
        const v = fill(word)[0] as number;
        if (v < limit) return v % n;
      }
    },
  };
}

/** A 32-bit seed from the cryptographic generator (for a game's public draws). */
export function cryptoSeed(): number {
  return fill(new Uint32Array(1))[0] as number;
}
