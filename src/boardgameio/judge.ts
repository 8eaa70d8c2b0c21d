/**
 * The one place a move sent to a match is judged: the seat, the text's length and form, then
 * the rules. The server's `play` move and a client's {@link whyRefused} both ask it, so a
 * refusal a client reads is the one the server made.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { quote } from '../core/quote.js';

/**
 * The longest move text a match takes, in characters. Every move of the three games is far
 * shorter in its canonical form (Torres' longest, `play blockUnder c4 /active`, has 26); the
 * bound keeps a padded move from being stored and sent to every client.
 */
export const MAX_MOVE_LENGTH = 64;

/** Why a move is refused (see {@link whyRefused}). */
export interface Refused {
  /** What is wrong, in words. */
  readonly message: string;
  /** The rulebook ID of the rule that forbids the move (`'H-PLACE-5'`), when a rule does. */
  readonly rule?: string;
}

/** The seat of a boardgame.io player ID: `'0'`, `'1'`, … written canonically; −1 otherwise. */
export function seatOf(playerID: unknown): number {
  return typeof playerID === 'string' && /^(0|[1-9][0-9]?)$/.test(playerID) ? Number(playerID) : -1;
}

/** The move `text` means in `state` for `playerID`, or why it is refused. */
export function judge<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  playerID: unknown,
  text: unknown,
): { readonly move: M } | { readonly refused: Refused } {
  if (game.terminal(state)) return { refused: { message: 'the game is over: no move is legal' } };
  const seat = seatOf(playerID);
  const toMove = game.toMove(state);
  if (seat < 0) {
    return {
      refused: {
        message: `only a seat can move (got player ${quote(playerID ?? null)}); it is seat ${toMove}'s move`,
      },
    };
  }
  if (seat !== toMove)
    return { refused: { message: `it is seat ${toMove}'s move, not seat ${seat}'s` } };
  if (typeof text !== 'string') {
    return { refused: { message: `a move is a text in the game's notation, got ${quote(text)}` } };
  }
  if (text.length > MAX_MOVE_LENGTH) {
    return {
      refused: {
        message: `a move is at most ${MAX_MOVE_LENGTH} characters, got ${text.length}`,
      },
    };
  }
  let move: M;
  try {
    move = game.parseMove(state, text);
    // One text per move: the server stores and sends moves only as `formatMove` writes them.
    const canonical = game.formatMove(state, move);
    if (canonical !== text) {
      return {
        refused: {
          message: `${quote(text)} is not written canonically: send it as ${quote(canonical)}`,
        },
      };
    }
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { refused: refusedBy(e) };
  }
  // Legality without playing: `explain` needs nothing the seat cannot see (T-OBS-2), where
  // `apply` on a seat's view may need a hidden card (a purchase draws one).
  if (game.explain !== undefined) {
    const why = game.explain(state, move);
    return why.legal
      ? { move }
      : { refused: { message: `${text} is illegal: ${why.reason}`, rule: why.rule } };
  }
  try {
    game.apply(state, move);
    return { move };
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { refused: refusedBy(e) };
  }
}

function refusedBy(e: RulesError): Refused {
  return e.rule === undefined ? { message: e.message } : { message: e.message, rule: e.rule };
}
