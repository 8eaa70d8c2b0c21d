// How one click on the board becomes a move, a selection, a choice between moves, or a refusal
// with the library's reason. Pure: the page applies the outcome.
import { isRulesError } from '../../src/index.js';
import type { Adapter, Attempt, ClickKeys } from './adapter.js';

/** What a click on the board does. */
export type ClickOutcome<M> =
  /** Play this move. */
  | { readonly kind: 'play'; readonly move: M }
  /** Several moves fit the click: offer them as buttons. */
  | { readonly kind: 'choose'; readonly moves: readonly M[] }
  /**
   * Select `source` (or clear the selection with `null`); `also` are the moves the same click
   * could mean without a source (a Torres block on a square whose block a card could move),
   * offered as buttons.
   */
  | { readonly kind: 'select'; readonly source: string | null; readonly also: readonly M[] }
  /**
   * The click names no legal move: say why, in a sentence, and which rule of the rulebook
   * forbids it (the library names one for every move it refuses).
   */
  | { readonly kind: 'refuse'; readonly why: string; readonly rule?: string };

/**
 * The reason `attempt` is refused and its rule: the page's own words, or for a move the
 * library's reason and rule (`explain`, else the `RulesError` of `apply`); `null` when the move
 * is legal after all.
 */
export function reasonOf<S, M>(
  adapter: Adapter<S, M>,
  state: S,
  attempt: Attempt<M>,
): { readonly reason: string; readonly rule?: string } | null {
  if ('why' in attempt) {
    return attempt.rule === undefined
      ? { reason: attempt.why }
      : { reason: attempt.why, rule: attempt.rule };
  }
  const { game } = adapter;
  if (game.explain) {
    const e = game.explain(state, attempt.move);
    return e.legal ? null : { reason: e.reason, rule: e.rule };
  }
  try {
    game.apply(state, attempt.move);
    return null;
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return e.rule === undefined ? { reason: e.message } : { reason: e.message, rule: e.rule };
  }
}

/** A refusal saying `why`, with its rule when there is one. */
function refuse<M>(why: string, rule: string | undefined): ClickOutcome<M> {
  return rule === undefined ? { kind: 'refuse', why } : { kind: 'refuse', why, rule };
}

function oneOrChoice<M>(moves: readonly M[]): ClickOutcome<M> {
  return moves.length === 1
    ? { kind: 'play', move: moves[0] as M }
    : { kind: 'choose', moves: [...moves] };
}

/**
 * The outcome of a click with keys `keys` while `selected` is selected. In this order: a legal
 * move from the selection to the target; selecting (or, clicked again, deselecting) a piece of
 * the player to move — unless it has no legal move and the click means nothing else: then a
 * refusal saying why it cannot move; a legal move that needs no source onto the target (never
 * while something is selected: then a click elsewhere means "move it there"); otherwise a
 * refusal, with the library's reason for the move the click meant and its rule.
 */
export function resolveClick<S, M>(
  adapter: Adapter<S, M>,
  state: S,
  legal: readonly M[],
  selected: string | null,
  keys: ClickKeys,
): ClickOutcome<M> {
  const { source, target } = keys;
  if (selected !== null && target !== null) {
    const moves = legal.filter(
      (m) => adapter.source(m) === selected && adapter.target(m) === target,
    );
    if (moves.length > 0) return oneOrChoice(moves);
  }
  const free =
    target === null
      ? []
      : legal.filter((m) => adapter.source(m) === null && adapter.target(m) === target);
  if (
    source !== null &&
    (adapter.ownPiece(state, source) || legal.some((m) => adapter.source(m) === source))
  ) {
    if (selected === source) return { kind: 'select', source: null, also: [] };
    const also = selected === null ? free : [];
    if (also.length === 0 && !legal.some((m) => adapter.source(m) === source)) {
      // A piece of the player to move that cannot move: say why rather than select it.
      const why = reasonOf(adapter, state, adapter.stuck(state, source));
      if (why !== null) {
        return refuse(`${adapter.cannot(state, source)}: ${why.reason}`, why.rule);
      }
    }
    return { kind: 'select', source, also };
  }
  if (selected === null && free.length > 0) return oneOrChoice(free);
  const attempt = adapter.attempt(state, selected, keys);
  if (attempt === null) return { kind: 'select', source: null, also: [] };
  if ('why' in attempt) return refuse(attempt.why, attempt.rule);
  // Not in `legal`, so the library refuses it and says why; should it not, the move is legal
  // after all and is played.
  const why = reasonOf(adapter, state, attempt);
  return why === null
    ? { kind: 'play', move: attempt.move }
    : refuse(`Not allowed: ${why.reason}`, why.rule);
}
