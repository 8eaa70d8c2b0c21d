/**
 * The text forms of a Hive state (UHP, H-UHP-*): the GameString (a whole game, with an option
 * block when the rule options are not the defaults), its GameStateString and TurnString fields,
 * and the MoveStrings of moves in a state, as `parseX` / `formatX` pairs.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { refusedMove } from '../core/explain.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import { isBoardField } from './board-field.js';
import { decodeMove } from './engine/codes.js';
import { findLegal } from './engine/moves.js';
import { parseGameTypeString } from './engine/pieces.js';
import type { Position } from './engine/position.js';
import { isOver } from './engine/rules.js';
import { refusalOf } from './explain.js';
import { ancestorVersion, childVersion, rootVersion } from './lineage.js';
import {
  formatMoveCode,
  formatOptionBlock,
  formatTurnString,
  type GameStateString,
  parseGameStateString,
  parseMoveCode,
  parseTurnString,
  parseTypeField,
  stateStringOf,
  type Turn,
  turnStringOf,
} from './notation.js';
import { type HiveOptions, resolveOptions } from './options.js';
import {
  boardPosition,
  checkedEncode,
  freezeState,
  livePosition,
  newPosition,
  replay,
  versionOf,
} from './state.js';
import type { HiveMove, HiveState } from './types.js';

/** Options of {@link parseGameString}: rule options for what the text leaves open, and `lenient`. */
export interface GameStringOptions extends Partial<HiveOptions> {
  /**
   * H-UHP-8: recompute the state and turn fields from the moves and ignore a mismatch, as
   * Mzinga does (its own test data has `Base;NotStarted;Black[1];wS1`). Default `false`: a
   * GameString whose state or turn field the moves do not produce is an error. Has no effect
   * with `strictInput`, under which a mismatch is always an error.
   */
  readonly lenient?: boolean;
}

/**
 * Loads a GameString (H-UHP-8): a plain UHP GameString, or one saved by {@link formatGameString}
 * with an option block after the type (`Base+MLP{MaxPlies=40};…`) or a board field after the
 * turn (a position set up by hand, `…;White[3];Board(White[3] wQ@-1,0 wS1@0,0 …);…`: see
 * `fromBoard`), whose placement is checked as `fromBoard` checks it. The type and any options in
 * the block come from the text; `options` gives the other rule options (defaults otherwise).
 * Every move is replayed and checked. Throws `PARSE_ERROR` for bad text, `ILLEGAL_MOVE` for an
 * illegal move, and `INVALID_STATE` when the state or turn field is not what the moves give
 * (unless `lenient`).
 */
export function parseGameString(text: string, options: GameStringOptions = {}): HiveState {
  if (typeof text !== 'string')
    throw new RulesError('PARSE_ERROR', `a GameString must be text, got ${quote(text)}`);
  if (options === null || typeof options !== 'object') {
    throw new RulesError('INVALID_OPTIONS', 'GameString options must be an object');
  }
  const { lenient = false, ...ruleOptions } = options;
  if (typeof lenient !== 'boolean') {
    throw new RulesError(
      'INVALID_OPTIONS',
      `option 'lenient' must be a boolean, got ${quote(lenient)}`,
    );
  }
  const given = resolveOptions(ruleOptions);
  // The option block may itself turn strictInput on: read it leniently first to find out.
  const saved = parseTypeField(text.trim().split(';')[0].trim()).options;
  const strict = given.strictInput || saved.strictInput === true;
  const parts = (strict ? text : text.trim()).split(';');
  if (parts.length < 3) {
    throw new RulesError('PARSE_ERROR', `a GameString needs type;state;turn, got ${quote(text)}`);
  }
  const field = (i: number): string => (strict ? parts[i] : parts[i].trim());
  const typeField = parseTypeField(field(0), strict);
  const type = parseGameTypeString(typeField.type, strict);
  const stateField = parseGameStateString(field(1), strict);
  const turnField = parseTurnString(field(2), strict);
  const resolved = resolveOptions({ ...given, ...typeField.options, type, roster: null });
  // A position set up by hand comes first, as a board field (board-field.ts).
  const board = parts.length > 3 && isBoardField(parts[3] as string, strict);
  const { pos, setup } = board
    ? boardPosition(resolved, parts[3] as string, strict, 'the board field')
    : { pos: newPosition(resolved), setup: undefined };
  const history = replay(pos, parts.slice(board ? 4 : 3), strict);
  if (strict || !lenient) checkStatusFields(pos, stateField, turnField);
  return freezeState(type, resolved, rootVersion(pos, history), setup);
}

/**
 * H-UHP-8: the state and turn fields must be what the moves give; throws `INVALID_STATE`
 * naming each field that is not.
 */
function checkStatusFields(pos: Position, stateField: GameStateString, turnField: Turn): void {
  const wrong: string[] = [];
  const state = stateStringOf(pos);
  if (stateField !== state) wrong.push(`state field '${stateField}' but the moves give '${state}'`);
  const turn = turnStringOf(pos);
  const given = formatTurnString(turnField);
  if (given !== turn) wrong.push(`turn field '${given}' but the moves give '${turn}'`);
  if (wrong.length > 0) {
    throw new RulesError('INVALID_STATE', `GameString has ${wrong.join(', and ')}`);
  }
}

/**
 * The three status fields of a GameString, with the option block when `options` says so, and
 * the board field of a game set up by hand (canonical, whatever a state from JSON spelled).
 */
function headOf(state: HiveState, pos: Position, withOptions: boolean): string {
  const block = withOptions ? formatOptionBlock(state.options) : '';
  const head = `${state.type}${block};${stateStringOf(pos)};${turnStringOf(pos)}`;
  const setup = setupOf(state);
  return setup === undefined ? head : `${head};${setup.field}`;
}

/** A state's set-up position, checked and canonical: its field and a new copy of its position. */
function setupOf(state: HiveState): { field: string; pos: Position } | undefined {
  if (state.setup === undefined) return undefined;
  const { pos, setup } = boardPosition(state.options, state.setup, false, 'setup');
  return setup === undefined ? undefined : { field: setup, pos };
}

/** Options of {@link formatGameString}. */
export interface FormatGameStringOptions {
  /**
   * Write plain UHP (H-UHP-1): leave out the option block, so UHP tools can read the text; the
   * rule options are then lost. Default `false`.
   */
  readonly uhp?: boolean;
  /**
   * Re-render every move canonically (H-UHP-5, H-UHP-8) instead of keeping each MoveString as
   * it was given (normalised for case and blanks). Default `false`.
   */
  readonly canonical?: boolean;
}

/**
 * The GameString of a state (H-UHP-1/2). A game with non-default rule options (H-OPT-1:
 * `tournamentOpening`, `repetitionDraw`, `maxPlies`, `strictInput`) gets them in an option block
 * right after the type, in the order and spelling of the UHP `options` command:
 * `Base+MLP{TournamentOpening=False,MaxPlies=40};Draw;White[21];…`. `{` is not part of any
 * GameTypeString, fan-extended or not, so the block cannot be mistaken for one, and UHP engines
 * refuse it rather than misread the game. With default options, or with `uhp: true`, the text is
 * a plain UHP GameString. A game set up by hand (`fromBoard`) has its position as a board field
 * after the turn, `Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0);…`,
 * even with `uhp: true`: no UHP text holds a placement, and UHP engines refuse the field rather
 * than misread the game. The moves are as given unless `canonical: true`.
 * {@link parseGameString} reads every form.
 */
export function formatGameString(state: HiveState, options: FormatGameStringOptions = {}): string {
  const pos = livePosition(state, 'formatGameString');
  if (!isPlainObject(options)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `formatGameString: options must be an object, got ${quote(options)}`,
    );
  }
  for (const key of ['uhp', 'canonical'] as const) {
    const v = (options as Record<string, unknown>)[key];
    if (v !== undefined && typeof v !== 'boolean') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `formatGameString: option '${key}' must be a boolean, got ${quote(v)}`,
      );
    }
  }
  const head = headOf(state, pos, options.uhp !== true);
  let moves: readonly string[] = state.history;
  if (options.canonical === true) {
    const replayed = setupOf(state)?.pos ?? newPosition(state.options);
    const texts: string[] = [];
    for (let i = replayed.ply; i < pos.ply; i++) {
      const m = pos.moveAt(i);
      texts.push(formatMoveCode(replayed, m));
      replayed.play(m);
    }
    moves = texts;
  }
  return moves.length === 0 ? head : `${head};${moves.join(';')}`;
}

/** The GameStateString of a state (H-UHP-2). */
export function gameStateString(state: HiveState): GameStateString {
  return stateStringOf(livePosition(state, 'gameStateString'));
}

/** The TurnString of a state (H-UHP-2). */
export function turnString(state: HiveState): string {
  return turnStringOf(livePosition(state, 'turnString'));
}

/** The MoveString of `move` in `state` (canonical, H-UHP-5). Throws if the move is illegal. */
export function formatMoveString(state: HiveState, move: HiveMove): string {
  const pos = livePosition(state, 'formatMoveString');
  return formatMoveCode(pos, checkedEncode(pos, move));
}

/**
 * Reads a MoveString in `state` (lenient unless the state's `strictInput`) and returns the legal
 * move it names. Throws `PARSE_ERROR` for bad text, `ILLEGAL_MOVE` for a move not in the legal
 * set, `GAME_OVER` when the game has ended.
 */
export function parseMoveString(state: HiveState, text: string): HiveMove {
  const { pos, m } = legalMoveOf(state, text, 'parseMoveString');
  return decodeMove(pos, m);
}

/**
 * The legal move code a MoveString names in `state` (checked at entry point `where`), with the
 * state's position and the text normalised; throws as {@link parseMoveString} says.
 */
function legalMoveOf(
  state: HiveState,
  text: string,
  where: string,
): { pos: Position; m: number; normalized: string } {
  const pos = livePosition(state, where);
  if (isOver(pos)) {
    throw new RulesError('GAME_OVER', 'the game is over: no move is legal', 'H-END-7');
  }
  const parsed = parseMoveCode(pos, text, state.options.strictInput);
  const m = findLegal(pos, parsed.move);
  if (m < 0) {
    throw refusedMove(quote(text), refusalOf(pos, parsed.move));
  }
  return { pos, m, normalized: parsed.normalized };
}

/**
 * Plays a MoveString, keeping it as given (normalised for case and blanks) in the history, as a
 * UHP engine echoes it (H-UHP-8).
 */
export function playMoveString(state: HiveState, text: string): HiveState {
  const { m, normalized } = legalMoveOf(state, text, 'playMoveString');
  const next = childVersion(versionOf(state, 'playMoveString'), m, normalized);
  return freezeState(state.type, state.options, next, state.setup);
}

/** The state with the last `n` plies taken back. */
export function undoPlies(state: HiveState, n = 1): HiveState {
  const pos = livePosition(state, 'undoPlies');
  // A game set up by hand goes back to its set-up position, no further.
  const played = pos.ply - pos.startPly;
  if (!Number.isInteger(n) || n < 1 || n > played) {
    throw new RulesError('UNSUPPORTED', `cannot undo ${quote(n)} plies of ${played}`);
  }
  const ancestor = ancestorVersion(versionOf(state, 'undoPlies'), n);
  if (ancestor !== null) return freezeState(state.type, state.options, ancestor, state.setup);
  // Further back than this tree reaches (a loaded game): a new tree from a copy.
  const back = pos.clone();
  for (let i = 0; i < n; i++) back.undo();
  const history = state.history.slice(0, played - n);
  return freezeState(state.type, state.options, rootVersion(back, history), state.setup);
}
