/**
 * A seeded, serialisable pseudo-random number generator.
 *
 * Algorithm: **sfc32** (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit variant,
 * from PractRand), seeded from a 32-bit integer by running **splitmix32** four times to fill the
 * 128-bit state, then discarding 12 outputs. sfc32 passes PractRand and BigCrush, has a period of
 * at least 2^32 and typically ~2^127, and needs only 32-bit integer arithmetic, so every platform
 * produces the same sequence.
 *
 * The state is four unsigned 32-bit integers (a plain array), so it fits in a game state and
 * survives `JSON.stringify`. The functions here are pure: each draw returns the next state
 * alongside the value, never mutating its input.
 *
 * @module
 */

import { badArgument } from './args.js';

/**
 * Anything that draws uniform integers: an {@link Rng}, or a server's cryptographic source
 * (`boardrules/boardgameio` deals hidden cards from `crypto.getRandomValues`).
 */
export interface RandomSource {
  /** A uniform integer in `[0, n)`, for an integer `1 <= n <= 2**32`. */
  int(n: number): number;
}

/** The generator's state: four unsigned 32-bit integers `[a, b, c, counter]`. */
export type RngState = readonly [number, number, number, number];

/** `s` if it is an {@link RngState}, else `RulesError('INVALID_ARGUMENT')`. */
function stateArg(where: string, s: unknown): RngState {
  if (!isRngState(s)) badArgument(where, 'the RNG state', 'four unsigned 32-bit integers', s);
  return s;
}

/** `n` if it is a valid bound of {@link nextInt}, else `RulesError('INVALID_ARGUMENT')`. */
function boundArg(where: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 0x100000000) {
    badArgument(where, 'n', 'an integer in 1..2^32', n);
  }
  return n;
}

/** The initial state of a seed or a saved state, for the mutable generators. */
export function seedOrStateArg(where: string, seedOrState: unknown): RngState {
  if (typeof seedOrState === 'number') return rngFromSeed(seedOrState);
  if (!isRngState(seedOrState)) {
    badArgument(where, 'the seed', 'a number or an RNG state', seedOrState);
  }
  return seedOrState;
}

function splitmix32(x: number): [next: number, out: number] {
  const next = (x + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [next, z >>> 0];
}

/** One sfc32 step: the 32-bit output and the successor state. */
function step(s: RngState): [out: number, next: RngState] {
  let [a, b, c, d] = s;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}

/**
 * The initial state for a seed. Any number is accepted; it is reduced to a 32-bit integer
 * (`seed >>> 0` after truncation, `NaN` and infinities to 0), so seeds 1 and 2**32 + 1 give the
 * same sequence. Throws `RulesError('INVALID_ARGUMENT')` for anything but a number.
 */
export function rngFromSeed(seed: number): RngState {
  if (typeof seed !== 'number') badArgument('rngFromSeed', 'the seed', 'a number', seed);
  let x = Math.trunc(Number.isFinite(seed) ? seed : 0) | 0;
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [next, out] = splitmix32(x);
    x = next;
    words.push(out);
  }
  let s: RngState = [words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0];
  for (let i = 0; i < 12; i++) s = step(s)[1];
  return s;
}

/** The next unsigned 32-bit integer. */
export function nextUint32(s: RngState): [value: number, next: RngState] {
  return step(stateArg('nextUint32', s));
}

/**
 * A uniform integer in `[0, n)` for `1 <= n <= 2**32`, without modulo bias (rejection
 * sampling on the top of the 32-bit range).
 */
export function nextInt(s: RngState, n: number): [value: number, next: RngState] {
  return drawInt(stateArg('nextInt', s), boundArg('nextInt', n));
}

/** {@link nextInt} on checked arguments. */
function drawInt(s: RngState, n: number): [value: number, next: RngState] {
  const limit = 0x100000000 - (0x100000000 % n);
  let state = s;
  for (;;) {
    const [v, next] = step(state);
    state = next;
    if (v < limit) return [v % n, state];
  }
}

/** A float in `[0, 1)` with 32 bits of randomness. */
export function nextFloat(s: RngState): [value: number, next: RngState] {
  const [v, next] = step(stateArg('nextFloat', s));
  return [v / 0x100000000, next];
}

/**
 * Fisher–Yates shuffle from the last index down, drawing `j = nextInt(i + 1)` for
 * `i = n-1 .. 1`. Returns a new array and the successor state; the input is not touched.
 */
export function shuffle<T>(items: readonly T[], s: RngState): [shuffled: T[], next: RngState] {
  if (!Array.isArray(items)) badArgument('shuffle', 'the items', 'an array', items);
  const out = items.slice();
  let state = stateArg('shuffle', s);
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = drawInt(state, i + 1);
    state = next;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, state];
}

/** True when `x` is a well-formed {@link RngState} (four unsigned 32-bit integers). */
export function isRngState(x: unknown): x is RngState {
  return (
    Array.isArray(x) &&
    x.length === 4 &&
    x.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 0xffffffff)
  );
}

/**
 * A small mutable wrapper for tools and bots that draw many numbers in a loop (never used
 * inside rules, which thread {@link RngState} values instead).
 */
export class Rng {
  private s: RngState;

  constructor(seedOrState: number | RngState) {
    this.s = seedOrStateArg('new Rng', seedOrState);
  }

  /** The current state, to save and restore the stream. */
  get state(): RngState {
    return this.s;
  }

  /** Next unsigned 32-bit integer. */
  uint32(): number {
    const [v, n] = step(this.s);
    this.s = n;
    return v;
  }

  /** Uniform integer in `[0, n)`. */
  int(n: number): number {
    const [v, next] = drawInt(this.s, boundArg('Rng.int', n));
    this.s = next;
    return v;
  }

  /** Float in `[0, 1)`. */
  float(): number {
    const [v, next] = nextFloat(this.s);
    this.s = next;
    return v;
  }
}
