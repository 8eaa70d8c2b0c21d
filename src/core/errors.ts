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

/** Thrown by every rules function on bad input; never a bare `Error` or `TypeError`. */
export class RulesError extends Error {
  /** Stable machine-readable code, e.g. `ILLEGAL_MOVE`. */
  readonly code: RulesErrorCode;

  constructor(code: RulesErrorCode, message: string) {
    // Never throws, whatever it is given (a Symbol message would make `Error` throw).
    super(typeof message === 'string' ? message : quote(message));
    this.name = 'RulesError';
    this.code = code;
  }
}

/** True when `e` is a {@link RulesError}, optionally with the given code. */
export function isRulesError(e: unknown, code?: RulesErrorCode): e is RulesError {
  return e instanceof RulesError && (code === undefined || e.code === code);
}
