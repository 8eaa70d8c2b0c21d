/**
 * {@link whyRefused}: a client's answer to "why did the server refuse my move?".
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { BoardrulesG } from './definition.js';
import { judge, type Refused } from './judge.js';

/**
 * Why the move `text` would be refused for `playerID` in the state a client sees (`G` of its
 * view), or `null` when the server takes it: the same judgement the server's `play` makes (the
 * seat, the text's length and canonical form, then the rules), with the rule's ID
 * (`RulesError.rule`) where a rule decides. Works on a seat's own view: a move's legality never
 * depends on what the seat cannot see (T-OBS-2). Never throws: an unreadable `G` is a refusal.
 */
export function whyRefused<S, M, O>(
  game: Game<S, M, O>,
  G: BoardrulesG,
  playerID: string | null | undefined,
  text: string,
): Refused | null {
  let state: S;
  try {
    if (G?.error !== undefined) return { message: `the match could not be read: ${G.error}` };
    state = game.deserialize(G?.state);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { message: `the match could not be read: ${e.message}` };
  }
  const judged = judge(game, state, playerID, text);
  return 'refused' in judged ? judged.refused : null;
}
