/**
 * Checking the bots' options and search limits, so a wrong value is a
 * `RulesError('INVALID_OPTIONS')` naming the bot and the option when the bot is made (or the
 * search is called), not a `TypeError` or a search that never stops.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';
import type { SearchLimits } from './types.js';

/** What one option may be. */
export type OptionKind =
  /** Any number (a seed; reduced to 32 bits like `rngFromSeed`). */
  | 'number'
  /** A finite number ≥ 0. */
  | 'nonNegative'
  /** A number ≥ 0, `Infinity` allowed. */
  | 'nonNegativeOrInfinity'
  /** An integer ≥ 0. */
  | 'count'
  /** An integer ≥ 1. */
  | 'positiveCount'
  | 'boolean'
  | 'function'
  /** `'fast'` or `'apply'`. */
  | 'path'
  /** A {@link SearchLimits} object. */
  | 'limits'
  /** Anything (checked where it is used, e.g. a state by the game). */
  | 'any';

/** Largest move room or table size a bot allocates up front. */
const MAX_ALLOCATION = 1 << 24;

function valid(kind: OptionKind, v: unknown): boolean {
  switch (kind) {
    case 'number':
      return typeof v === 'number';
    case 'nonNegative':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0;
    case 'nonNegativeOrInfinity':
      return typeof v === 'number' && v >= 0;
    case 'count':
      return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_ALLOCATION;
    case 'positiveCount':
      return Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_ALLOCATION;
    case 'boolean':
      return typeof v === 'boolean';
    case 'function':
      return typeof v === 'function';
    case 'path':
      return v === 'fast' || v === 'apply';
    case 'limits':
    case 'any':
      return true; // limits: checked by checkLimits, with its own message
  }
}

const WANT: Readonly<Record<OptionKind, string>> = {
  number: 'a number',
  nonNegative: 'a finite number >= 0',
  nonNegativeOrInfinity: 'a number >= 0',
  count: `an integer in 0..${MAX_ALLOCATION}`,
  positiveCount: `an integer in 1..${MAX_ALLOCATION}`,
  boolean: 'true or false',
  function: 'a function',
  path: "'fast' or 'apply'",
  limits: 'search limits',
  any: 'anything',
};

/**
 * `options` checked against `kinds` (option name → kind): unknown names and wrong values are a
 * `RulesError('INVALID_OPTIONS')` naming `where` (e.g. `mctsBot`). Returns a copy holding only
 * the options given (absent ones stay `undefined`).
 */
export function checkOptions<T>(
  where: string,
  options: unknown,
  kinds: Readonly<Record<string, OptionKind>>,
): T {
  const o = readOptions(options, `${where} options`, Object.keys(kinds));
  for (const [name, kind] of Object.entries(kinds)) {
    const v = o[name];
    if (v === undefined) continue;
    if (kind === 'limits') checkLimits(`${where} option '${name}'`, v);
    else if (!valid(kind, v)) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `${where}: option '${name}' must be ${WANT[kind]}, got ${quote(v)}`,
      );
    }
  }
  return o as T;
}

const LIMIT_KINDS: Readonly<Record<keyof SearchLimits, OptionKind>> = {
  timeMs: 'nonNegative',
  iterations: 'count',
  depth: 'count',
  nodes: 'nonNegative',
};

/**
 * `limits` checked (see {@link SearchLimits}): known names only, each a number `>= 0` (counts
 * whole). `undefined` stays `undefined` (the bot's defaults apply).
 */
export function checkLimits(where: string, limits: unknown): SearchLimits | undefined {
  if (limits === undefined) return undefined;
  if (limits === null) {
    throw new RulesError('INVALID_OPTIONS', `${where}: search limits must be an object, got null`);
  }
  return checkOptions<SearchLimits>(where, limits, LIMIT_KINDS);
}
