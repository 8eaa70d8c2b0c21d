import type { Explanation } from '../core/explain.js';
import type { Game } from '../core/game.js';
import { listedIndex } from '../core/listed.js';

/** The legal moves of each state asked for, built once. */
import { codeOfListed, decodeMoves } from './engine/codes.js';
import { generate, MAX_MOVES } from './engine/moves.js';
import { isOver, scoreOf } from './engine/rules.js';
import { explainMove } from './explain.js';
import { boardOf, fromBoard, type HiveBoard, type HiveBoardOf } from './from-board.js';
import {
  formatGameString,
  formatMoveString,
  parseGameString,
  parseMoveString,
} from './game-string.js';
import { positionAt, rootVersion } from './lineage.js';
import { type HiveOptions, resolveOptions } from './options.js';
import { hiveRecords } from './records.js';
import {
  checkedEncode,
  freezeState,
  livePosition,
  newPosition,
  searchPositionOf,
  successor,
  versionOf,
} from './state.js';
import type { HiveMove, HivePosition, HiveState } from './types.js';

/** Scratch move buffer (every use is synchronous and finishes before the next). */
const buffer = new Int32Array(MAX_MOVES);

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'hive' as const;

/**
 * Hive, the complete official game for the eight game types (Base plus any of Mosquito,
 * Ladybug, Pillbug), as a {@link Game}. Seat 0 is White, seat 1 Black.
 *
 * `serialize` writes a GameString ({@link formatGameString}): plain UHP, byte-identical to
 * Mzinga's, for a game with default rule options; otherwise the non-default options follow the
 * type in an option block, `Base+MLP{TournamentOpening=False,MaxPlies=40};InProgress;…`, so a
 * saved game comes back with them. `deserialize` reads either form ({@link parseGameString}),
 * replays every move, and throws `RulesError('INVALID_STATE')` when the state or turn field is
 * not what the moves give (`Base+MLP;WhiteWins;White[1]`); pass `{ lenient: true }` to
 * `parseGameString` to recompute those fields as Mzinga does. A game set up by hand
 * (`fromBoard`) is saved with its position as a board field after the turn,
 * `Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0);…`.
 */
export const hive: {
  /**
   * Whether `move` is legal in `state`, and if not, the rules that forbid it (their IDs in
   * `docs/rules/hive.md`, the deciding one first) and why, in words — what `hive.apply` would
   * throw, without throwing (see {@link Game.explain}). Throws `INVALID_STATE` for a bad state
   * and `ILLEGAL_MOVE` for a value that names no move (not a move object, an unknown piece).
   *
   * @example
   * ```ts
   * import { hive } from 'boardrules/hive';
   * const s = hive.start({ tournamentOpening: true });
   * hive.explain(s, { kind: 'place', piece: 'wQ', q: 0, r: 0 });
   * // { legal: false, rule: 'H-PLACE-5', rules: ['H-PLACE-5'],
   * //   reason: 'the Queen may not be placed on the first turn' }
   * ```
   */
  explain(state: HiveState, move: HiveMove): Explanation;
  /** The mutable search position over `state`, for perft and bots (see {@link HivePosition}). */
  search(state: HiveState): HivePosition;
  /** {@link fromBoard}: a state from pieces put on the board, checked by the rules. */
  fromBoard(board: HiveBoard): HiveState;
  /** {@link boardOf}: a state's position in the shape `fromBoard` takes. */
  boardOf(state: HiveState): HiveBoardOf;
} & Game<HiveState, HiveMove, HiveOptions> = {
  name,
  scoring: 'winloss',
  seats: { min: 2, max: 2 },
  rulebook: { prefix: 'H', page: 'hive' },
  records: hiveRecords,
  start(options?: Partial<HiveOptions>): HiveState {
    const resolved = resolveOptions(options ?? {});
    return freezeState(resolved.type, resolved, rootVersion(newPosition(resolved), []));
  },
  players(): number {
    return 2;
  },
  toMove(state: HiveState): number {
    return livePosition(state, 'hive.toMove').ply & 1;
  },
  moves(state: HiveState): readonly HiveMove[] {
    const version = versionOf(state, 'hive.moves');
    if (version.moves !== null) return version.moves;
    const pos = positionAt(version);
    const n = generate(pos, buffer, 0);
    const list: HiveMove[] = new Array(n);
    decodeMoves(pos, buffer, 0, n, list);
    version.moves = Object.freeze(list);
    return version.moves;
  },
  apply(state: HiveState, move: HiveMove): HiveState {
    const version = versionOf(state, 'hive.apply');
    // A move object `moves` handed out for this state is legal and carries its code: no
    // second generation to check it.
    const listed = version.moves;
    if (listed !== null && listedIndex(listed, move, version) >= 0) {
      return successor(state, codeOfListed(move));
    }
    const pos = positionAt(version);
    return successor(state, checkedEncode(pos, move));
  },
  explain(state: HiveState, move: HiveMove): Explanation {
    const pos = livePosition(state, 'hive.explain');
    return explainMove(pos, move);
  },
  terminal(state: HiveState): boolean {
    return isOver(livePosition(state, 'hive.terminal'));
  },
  score(state: HiveState): readonly number[] {
    return scoreOf(livePosition(state, 'hive.score'));
  },
  formatMove(state: HiveState, move: HiveMove): string {
    return formatMoveString(state, move);
  },
  parseMove(state: HiveState, text: string): HiveMove {
    return parseMoveString(state, text);
  },
  /** {@link formatGameString}: a GameString with the rule options in an option block. */
  serialize(state: HiveState): string {
    return formatGameString(state);
  },
  /** {@link parseGameString} with defaults: strict about the state and turn fields. */
  deserialize(text: string): HiveState {
    return parseGameString(text);
  },
  search(state: HiveState): HivePosition {
    return searchPositionOf(state);
  },
  fromBoard(board: HiveBoard): HiveState {
    return fromBoard(board);
  },
  boardOf(state: HiveState): HiveBoardOf {
    return boardOf(state);
  },
};
