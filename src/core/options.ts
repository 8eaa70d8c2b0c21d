/**
 * Reading a caller's options object, the one way every boardrules function does it: only the
 * object's own enumerable keys count (an inherited `constructor` or `__proto__` is never an
 * option), only plain objects are accepted, and every key must be known.
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */
import { RulesError, type RulesErrorCode } from './errors.js';
import { quote } from './quote.js';

/** The values of an options object by name (a null-prototype copy: no inherited keys). */
export type OptionValues = Readonly<Record<string, unknown>>;

/** True for `{…}` literals, `JSON.parse` objects and `Object.create(null)`: no class instances. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  // `Object.prototype` of this realm or another one (a vm context, an iframe).
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The own enumerable options of `value`, checked against the `known` names. `undefined` and
 * `null` mean "no options". Anything but a plain object, and any unknown key, is a
 * `RulesError(code)` whose message starts with `what` (e.g. `hive options`).
 */
export function readOptions(
  value: unknown,
  what: string,
  known: readonly string[],
  code: RulesErrorCode = 'INVALID_OPTIONS',
): OptionValues {
  const out: Record<string, unknown> = Object.create(null);
  if (value === undefined || value === null) return out;
  if (!isPlainObject(value)) {
    throw new RulesError(code, `${what} must be a plain object, got ${quote(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new RulesError(
        code,
        `${what}: unknown option ${quote(key)} (known: ${known.join(', ')})`,
      );
    }
    out[key] = value[key];
  }
  return out;
}

/**
 * A check of one option's value: `undefined` when the value is fine, else what it must be
 * (`'a boolean'`), for the error message.
 */
export type OptionCheck = (value: unknown) => string | undefined;

/**
 * {@link readOptions} with a check per known option: the first option whose value fails its
 * check is a `RulesError(code)` saying `<what>: '<name>' must be <want>, got <value>`.
 * Options given as `undefined` are not checked (they mean "the default").
 */
export function readCheckedOptions(
  value: unknown,
  what: string,
  checks: Readonly<Record<string, OptionCheck>>,
  code: RulesErrorCode = 'INVALID_OPTIONS',
): OptionValues {
  const o = readOptions(value, what, Object.keys(checks), code);
  for (const [name, check] of Object.entries(checks)) {
    const v = o[name];
    if (v === undefined) continue;
    const want = check(v);
    if (want !== undefined) {
      throw new RulesError(code, `${what}: '${name}' must be ${want}, got ${quote(v)}`);
    }
  }
  return o;
}
