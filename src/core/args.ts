/**
 * Guards for the plain arguments of public functions (numbers, texts, game records, search
 * positions), so that a wrong-typed argument is a `RulesError` naming the function and the
 * argument, never a `TypeError` from deep inside.
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */
import { RulesError, type RulesErrorCode } from './errors.js';
import type { Game, SearchPosition } from './game.js';
import { quote } from './quote.js';

/** Throws `RulesError(code)`: `<where>: <what> must be <want>, got <value>`. */
export function badArgument(
  where: string,
  what: string,
  want: string,
  value: unknown,
  code: RulesErrorCode = 'INVALID_ARGUMENT',
): never {
  throw new RulesError(code, `${where}: ${what} must be ${want}, got ${quote(value)}`);
}

/** `value` if it is a finite number, else a `RulesError`. */
export function finiteArg(where: string, what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    badArgument(where, what, 'a finite number', value);
  }
  return value;
}

/** `value` if it is an integer in `min..max`, else a `RulesError(code)`. */
export function integerArg(
  where: string,
  what: string,
  value: unknown,
  min: number = Number.MIN_SAFE_INTEGER,
  max: number = Number.MAX_SAFE_INTEGER,
  code: RulesErrorCode = 'INVALID_ARGUMENT',
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range =
      min === Number.MIN_SAFE_INTEGER
        ? 'an integer'
        : max === Number.MAX_SAFE_INTEGER
          ? `an integer >= ${min}`
          : `an integer in ${min}..${max}`;
    badArgument(where, what, range, value, code);
  }
  return value;
}

/** `value` if it is a string, else a `RulesError(code)`. */
export function stringArg(
  where: string,
  what: string,
  value: unknown,
  code: RulesErrorCode = 'INVALID_ARGUMENT',
): string {
  if (typeof value !== 'string') badArgument(where, what, 'a string', value, code);
  return value;
}

/** `value` if it is a non-null object (arrays included), else a `RulesError(code)`. */
export function objectArg(
  where: string,
  what: string,
  value: unknown,
  code: RulesErrorCode = 'INVALID_ARGUMENT',
): Record<string, unknown> {
  if (value === null || typeof value !== 'object')
    badArgument(where, what, 'an object', value, code);
  return value as Record<string, unknown>;
}

const GAME_FUNCTIONS = [
  'start',
  'players',
  'toMove',
  'moves',
  'apply',
  'terminal',
  'score',
  'formatMove',
  'parseMove',
  'serialize',
  'deserialize',
] as const;

/**
 * `value` if it looks like a {@link Game} record (its functions are present), else a
 * `RulesError('INVALID_ARGUMENT')`. A game's functions are the caller's; what they throw is
 * theirs.
 */
export function gameArg<S, M, O>(where: string, value: Game<S, M, O>): Game<S, M, O> {
  const g = objectArg(where, 'the game', value);
  for (const f of GAME_FUNCTIONS) {
    if (typeof g[f] !== 'function') badArgument(where, `the game's '${f}'`, 'a function', g[f]);
  }
  if (g.search !== undefined && typeof g.search !== 'function') {
    badArgument(where, "the game's 'search'", 'a function or absent', g.search);
  }
  if (g.observe !== undefined && typeof g.observe !== 'function') {
    badArgument(where, "the game's 'observe'", 'a function or absent', g.observe);
  }
  return value;
}

/** `value` if it looks like a {@link SearchPosition}, else a `RulesError('INVALID_ARGUMENT')`. */
export function searchPositionArg<M>(where: string, value: SearchPosition<M>): SearchPosition<M> {
  const p = objectArg(where, 'the position', value);
  integerArg(where, "the position's maxMoves", p.maxMoves, 1, 1 << 20);
  for (const f of ['toMove', 'terminal', 'generate', 'play', 'undo'] as const) {
    if (typeof p[f] !== 'function') badArgument(where, `the position's '${f}'`, 'a function', p[f]);
  }
  return value;
}

/**
 * `value` if it looks like a search node (an object with a `state()` function), as evaluators
 * receive from the bots; else `RulesError('INVALID_ARGUMENT')`.
 */
export function searchNodeArg<N extends { state(): unknown }>(where: string, value: N): N {
  const n = objectArg(where, 'the search node', value);
  if (typeof n.state !== 'function')
    badArgument(where, "the node's 'state'", 'a function', n.state);
  return value;
}
