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
  | 'UNSUPPORTED';

/**
 * Thrown by every rules function on bad input; never a bare `Error` or `TypeError`. A refused
 * move (`ILLEGAL_MOVE`, and `GAME_OVER` for a move on a finished game) also names the rule that
 * forbids it: `rule` is its ID in the rulebook (`docs/rules/`), e.g. `'H-PLACE-5'`, and the
 * message ends with it in parentheses.
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
  }
}

/** True when `e` is a {@link RulesError}, optionally with the given code. */
export function isRulesError(e: unknown, code?: RulesErrorCode): e is RulesError {
  return e instanceof RulesError && (code === undefined || e.code === code);
}
