/**
 * The few things the record readers ask of Hive's rules, on states: a start, whose turn it is,
 * whether the game is over, and a move played with its canonical MoveString or refused with the
 * rule that forbids it. Built on the state layer, not on `hive` itself, which carries the record
 * rules and so imports this folder.
 *
 * @module
 */
import type { Refusal } from '../../core/explain.js';
import { isOver, outcomeOf } from '../engine/rules.js';
import { explainMove } from '../explain.js';
import { rootVersion } from '../lineage.js';
import { formatMoveCode } from '../notation.js';
import { type HiveOptions, resolveOptions } from '../options.js';
import { checkedEncode, freezeState, livePosition, newPosition, successor } from '../state.js';
import type { HiveMove, HiveOutcome, HiveState } from '../types.js';

/** The start of a game with `options` (what `hive.start` makes). */
export function startState(options: Partial<HiveOptions>): HiveState {
  const resolved = resolveOptions(options);
  return freezeState(resolved.type, resolved, rootVersion(newPosition(resolved), []));
}

/** 0 when White is to move, 1 when Black is. */
export function sideToMove(state: HiveState): 0 | 1 {
  return (livePosition(state).ply & 1) as 0 | 1;
}

/** The number of plies played. */
export function pliesOf(state: HiveState): number {
  return livePosition(state).ply;
}

/** Whether the game is over (H-END-7). */
export function isTerminal(state: HiveState): boolean {
  return isOver(livePosition(state));
}

/** How a finished game ended, or `null` while it goes on. */
export function outcomeOfState(state: HiveState): HiveOutcome | null {
  return outcomeOf(livePosition(state));
}

/** A move played: the state after it and its canonical MoveString in the state before. */
export type Played =
  | { readonly state: HiveState; readonly text: string }
  | { readonly refusal: Refusal; readonly over: boolean };

/**
 * `move` played in `state`, or the rule that refuses it (with `over` when the game had already
 * ended). Throws `ILLEGAL_MOVE` only for a value that names no move.
 */
export function play(state: HiveState, move: HiveMove): Played {
  const pos = livePosition(state);
  const why = explainMove(pos, move);
  if (!why.legal) return { refusal: why, over: isOver(pos) };
  const code = checkedEncode(pos, move);
  const text = formatMoveCode(pos, code);
  return { state: successor(state, code), text };
}
