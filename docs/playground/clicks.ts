// How one click on the board becomes a move, a selection, a choice between moves, or a refusal
// with the library's reason. Pure: the page applies the outcome.
import { isRulesError } from '../../src/index.js';
import type { Adapter, ClickKeys } from './adapter.js';

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
   * The click names no legal move: say why, and (when the library refused a move) which rule of
   * the rulebook forbids it.
   */
  | { readonly kind: 'refuse'; readonly why: string; readonly rule?: string };

function oneOrChoice<M>(moves: readonly M[]): ClickOutcome<M> {
  return moves.length === 1
    ? { kind: 'play', move: moves[0] as M }
    : { kind: 'choose', moves: [...moves] };
}

/**
 * The outcome of a click with keys `keys` while `selected` is selected. In this order: a legal
 * move from the selection to the target; selecting (or, clicked again, deselecting) a piece of
 * the player to move; a legal move that needs no source onto the target (never while something
 * is selected: then a click elsewhere means "move it there"); otherwise a refusal, with the
 * reason `apply` gives for the move the click meant.
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
    return { kind: 'select', source, also: selected === null ? free : [] };
  }
  if (selected === null && free.length > 0) return oneOrChoice(free);
  const attempt = adapter.attempt(state, selected, keys);
  if (attempt === null) return { kind: 'select', source: null, also: [] };
  if ('why' in attempt) return { kind: 'refuse', why: attempt.why };
  try {
    // Not in `legal`, so `apply` refuses it and says why; should it not, the move is legal
    // after all and is played.
    adapter.game.apply(state, attempt.move);
    return { kind: 'play', move: attempt.move };
  } catch (e) {
    if (isRulesError(e)) {
      return e.rule === undefined
        ? { kind: 'refuse', why: e.message }
        : { kind: 'refuse', why: e.message, rule: e.rule };
    }
    throw e;
  }
}
