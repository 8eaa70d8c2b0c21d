/**
 * Checking the bots' options and search limits, so a wrong value is a
 * `RulesError('INVALID_OPTIONS')` naming the bot and the option when the bot is made (or the
 * search is called), not a `TypeError` or a search that never stops.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { type OptionCheck, readCheckedOptions } from '../core/options.js';
import type { SearchLimits } from './types.js';

/** Largest move room or table size a bot allocates up front. */
const MAX_ALLOCATION = 1 << 24;

/** The checks of the bots' options, by what the option holds. */
export const CHECKS: Readonly<
  Record<
    | 'number'
    | 'nonNegative'
    | 'nonNegativeOrInfinity'
    | 'count'
    | 'positiveCount'
    | 'boolean'
    | 'function'
    | 'path'
    | 'limits'
    | 'any',
    OptionCheck
  >
> = {
  /** Any number (a seed; reduced to 32 bits like `rngFromSeed`). */
  number: (v) => (typeof v === 'number' ? undefined : 'a number'),
  /** A finite number ≥ 0. */
  nonNegative: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : 'a finite number >= 0',
  /** A number ≥ 0, `Infinity` allowed. */
  nonNegativeOrInfinity: (v) => (typeof v === 'number' && v >= 0 ? undefined : 'a number >= 0'),
  /** An integer ≥ 0 (bounded: buffers are allocated from it). */
  count: (v) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_ALLOCATION
      ? undefined
      : `an integer in 0..${MAX_ALLOCATION}`,
  /** An integer ≥ 1 (bounded). */
  positiveCount: (v) =>
    Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_ALLOCATION
      ? undefined
      : `an integer in 1..${MAX_ALLOCATION}`,
  boolean: (v) => (typeof v === 'boolean' ? undefined : 'true or false'),
  function: (v) => (typeof v === 'function' ? undefined : 'a function'),
  path: (v) => (v === 'fast' || v === 'apply' ? undefined : "'fast' or 'apply'"),
  /** {@link SearchLimits}, checked by {@link checkLimits}. */
  limits: (v) => {
    checkLimits('search limits', v);
    return undefined;
  },
  /** Anything (checked where it is used, e.g. a state by the game). */
  any: () => undefined,
};

/** A stop signal: an `AbortSignal`, or any object with a boolean `aborted`. */
const stopSignal: OptionCheck = (v) =>
  typeof v === 'object' && v !== null && typeof (v as { aborted?: unknown }).aborted === 'boolean'
    ? undefined
    : "an AbortSignal (an object with a boolean 'aborted')";

const LIMIT_CHECKS: Readonly<Record<keyof SearchLimits, OptionCheck>> = {
  timeMs: CHECKS.nonNegative,
  iterations: CHECKS.count,
  depth: CHECKS.count,
  nodes: CHECKS.nonNegative,
  signal: stopSignal,
  onIteration: CHECKS.function,
  multiPv: CHECKS.positiveCount,
};

/**
 * `limits` checked (see {@link SearchLimits}): known names only, each a number `>= 0` (counts
 * whole; `multiPv` at least 1), `signal` an `AbortSignal` or an object with a boolean `aborted`,
 * `onIteration` a function. `undefined` stays `undefined` (the bot's defaults apply).
 */
export function checkLimits<M = unknown>(
  where: string,
  limits: unknown,
): SearchLimits<M> | undefined {
  if (limits === undefined) return undefined;
  if (limits === null) {
    throw new RulesError('INVALID_OPTIONS', `${where} must be a plain object, got null`);
  }
  return readCheckedOptions(limits, where, LIMIT_CHECKS) as SearchLimits<M>;
}
