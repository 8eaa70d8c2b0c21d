/**
 * The one error type every boardrules function throws on bad input.
 *
 * `code` is stable across releases (match on it); `message` is for humans and says what was
 * wrong and where (the offending token, field or position).
 */
import { quote } from './quote.js';

/** Every stable error code. New codes may be added; existing ones never change meaning. */
export type RulesErrorCode =
  /** A move that is well-formed but not legal in this state. */
  | 'ILLEGAL_MOVE'
  /** Text (a move, a position string, a game record) that cannot be read. */
  | 'PARSE_ERROR'
  /** A state or serialized state that violates the game's invariants. */
  | 'INVALID_STATE'
  /** An unknown option name or a value outside its domain. */
  | 'INVALID_OPTIONS'
  /**
   * Any other argument of the wrong type or outside its range: a coordinate, an index, a seat,
   * a count, a game record or a bot.
   */
  | 'INVALID_ARGUMENT'
  /** An operation on a game that has already ended. */
  | 'GAME_OVER'
  /** An operation that needs information the caller's observed state hides. */
  | 'HIDDEN_INFORMATION'
  /** A well-formed request the library does not support (e.g. a depth out of range). */
  | 'UNSUPPORTED'
  /** A search in a worker that was stopped before it answered (`BotWorker.cancel`). */
  | 'CANCELLED'
  /** A worker that could not start or died before it answered (`BotWorker`). */
  | 'WORKER_FAILED';

/**
 * The brand of a {@link RulesError}: one symbol for every copy of boardrules in a process
 * (`Symbol.for`), so that an error thrown by the CommonJS build is recognised by the ES module
 * build and the other way round, as in an app that both `require`s and `import`s boardrules
 * (each build has its own class, so the plain `instanceof` of one fails on the other's errors).
 */
const BRAND = Symbol.for('boardrules.RulesError');

/**
 * Whether `value` carries the brand every {@link RulesError} is built with, in any copy of the
 * library. The brand is a non-enumerable own property, so accidental look-alikes do not pass: a
 * spread or JSON copy of an error, a `structuredClone` of one (which drops symbol keys), a plain
 * object with the same fields. It must also be a real error object and have a string `code`.
 * It is not a security boundary: a caller who sets the brand on purpose makes an object pass, as
 * `Object.setPrototypeOf` could always make one pass `instanceof`.
 */
function branded(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.hasOwn(value, BRAND) &&
    (value as Record<symbol, unknown>)[BRAND] === true &&
    typeof (value as { code?: unknown }).code === 'string' &&
    Object.prototype.toString.call(value) === '[object Error]'
  );
}

/**
 * Thrown by every rules function on bad input; never a bare `Error` or `TypeError`. A refused
 * move (`ILLEGAL_MOVE`, and `GAME_OVER` for a move on a finished game) also names the rule that
 * forbids it: `rule` is its ID in the rulebook (`docs/rules/`), e.g. `'H-PLACE-5'`, and the
 * message ends with it in parentheses.
 *
 * `error instanceof RulesError` and {@link isRulesError} recognise the errors of every copy of
 * boardrules in the process, the CommonJS and the ES module build alike (see `docs/interface.md`,
 * "Errors").
 */
export class RulesError extends Error {
  /** Stable machine-readable code, e.g. `ILLEGAL_MOVE`. */
  readonly code: RulesErrorCode;
  /** The ID of the rule that forbids a refused move; `undefined` for other errors. */
  readonly rule: string | undefined;

  constructor(code: RulesErrorCode, message: string, rule?: string) {
    // Never throws, whatever it is given (a Symbol message would make `Error` throw).
    const text = typeof message === 'string' ? message : quote(message);
    const id = typeof rule === 'string' && rule !== '' ? rule : undefined;
    super(id === undefined ? text : `${text} (${id})`);
    this.name = 'RulesError';
    this.code = code;
    this.rule = id;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `value instanceof RulesError`: true for a RulesError of any copy of boardrules (its brand,
   * see the class comment). A subclass keeps the ordinary prototype test.
   */
  static override [Symbol.hasInstance](value: unknown): value is RulesError {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class left of instanceof
    if (this !== RulesError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return branded(value);
  }
}

/**
 * True when `e` is a {@link RulesError} of any copy of boardrules (the CommonJS or the ES module
 * build), optionally with the given code.
 */
export function isRulesError(e: unknown, code?: RulesErrorCode): e is RulesError {
  return branded(e) && (code === undefined || (e as RulesError).code === code);
}
