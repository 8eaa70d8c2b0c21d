/**
 * Hive positions set up by hand: {@link fromBoard} builds a state from pieces put on the board,
 * checked by the rules, and {@link boardOf} reads any state's position back in the same shape.
 * The state's saved text is its GameString with a board field (`board-field.ts`).
 *
 * @module
 */

import {
  buildBoard,
  checkBoard,
  formatBoardField,
  type HiveBoardPiece,
  readBoardArg,
  readBoardOptions,
} from './board-field.js';
import type { HiveGameType } from './engine/pieces.js';
import { rootVersion } from './lineage.js';
import type { HiveOptions } from './options.js';
import { piecesOnBoard } from './queries.js';
import { freezeState, livePosition, newPosition } from './state.js';
import type { HiveState } from './types.js';

export type { HiveBoardPiece } from './board-field.js';

/**
 * A Hive position to set up with {@link fromBoard}: the pieces on the board (every other piece
 * of the game type is in hand), the side to move and its turn, and the game's type and options.
 * {@link boardOf} returns one for any state.
 */
export interface HiveBoard {
  /**
   * The game type (H-SETUP-2), as `options.type`; default `options.type`, else `'Base+MLP'`.
   * When both are given they must agree.
   */
  readonly type?: HiveGameType;
  /** The game's rule options (H-OPT-1); defaults as `hive.start`. */
  readonly options?: Partial<HiveOptions>;
  /**
   * The pieces on the board, each once, in any order: a hex's stack is its pieces by `level`.
   * The shape {@link piecesOnBoard} returns.
   */
  readonly pieces: readonly HiveBoardPiece[];
  /** The side to move, `'w'` or `'b'`. Default `'w'`. */
  readonly toMove?: 'w' | 'b';
  /**
   * The side to move's turn number (H-TURN-2: White's n-th turn is ply 2n−2, Black's 2n−1),
   * 1 to 5000. Default: the lowest the pieces allow (each side has had at least as many turns
   * as it has pieces on the board).
   */
  readonly turn?: number;
}

/** A state's position as {@link boardOf} gives it: every field present, every piece's level too. */
export interface HiveBoardOf extends Required<Omit<HiveBoard, 'pieces'>> {
  /** Every piece on the board, in piece order (White first), as `piecesOnBoard` lists them. */
  readonly pieces: readonly Required<HiveBoardPiece>[];
}

/**
 * A state whose position is the one described: the given pieces on the board, the rest in
 * hand, `toMove` to move on its turn `turn`. The placement must be one that play can reach as
 * far as the position shows; otherwise `RulesError('INVALID_STATE')` names the rule, the piece
 * and the hex:
 *
 * - H-SETUP-2: every piece belongs to the game type (expansion pieces only with their
 *   expansion, fan pieces only with their roster) and is on the board once;
 * - H-PLACE-7: identical bugs are numbered in placement order, so `wA3` needs `wA1` and `wA2`;
 * - H-COORD-4: a hex holds one stack, levels 0, 1, 2, … without a gap;
 * - H-BEETLE-1: only a Beetle or a Mosquito (H-MOSQ-2), and the fan Mantis and Dragonfly, stand
 *   above the ground; H-FAN-SCORPION-2: nothing stands on a Scorpion;
 * - H-MOVE-1: a piece above the ground has moved, so its owner's Queen is on the board;
 * - H-MOVE-3: the pieces form one hive;
 * - H-PLACE-6: a side without its Queen has at most 3 pieces on the board;
 * - H-PLACE-5 (with `tournamentOpening`): a side's Queen is never its only piece;
 * - H-TURN-1, H-PLACE-1, H-PLACE-2: each side has had at least as many turns as it has pieces,
 *   and each side's first turn placed a piece.
 *
 * A position whose game is over (a surrounded Queen, H-END-2/3; the ply cap, H-END-5) is
 * accepted, and the state is terminal. What a placement cannot show starts empty: the piece
 * that moved last, which the next ply may not move or throw (H-FREEZE-1), and the positions the
 * repetition rule counts (H-END-4). `history` holds the moves played since; `hive.serialize`
 * writes the position as the GameString's board field, which `hive.deserialize` reads back.
 * The start of the game (White on turn 1, an empty board) is `hive.start(options)` itself.
 * A board that is not an object of this shape is `INVALID_ARGUMENT`.
 *
 * @example
 * ```ts
 * import { hive } from 'boardrules/hive';
 * const s = hive.fromBoard({
 *   type: 'Base',
 *   pieces: [
 *     { piece: 'wS1', q: 0, r: 0 },
 *     { piece: 'bS1', q: 1, r: 0 },
 *     { piece: 'wQ', q: -1, r: 0 },
 *     { piece: 'bQ', q: 2, r: 0 },
 *   ],
 * });
 * hive.serialize(s); // 'Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)'
 * ```
 */
export function fromBoard(board: HiveBoard): HiveState {
  const where = 'hive.fromBoard';
  const raw = readBoardArg(where, board);
  const resolved = readBoardOptions(where, board as unknown as Record<string, unknown>);
  const pos = newPosition(resolved);
  const checked = checkBoard(raw, resolved, pos.inGame, where, 'INVALID_ARGUMENT');
  buildBoard(pos, checked);
  const setup = pos.ply === 0 ? undefined : formatBoardField(checked);
  return freezeState(resolved.type, resolved, rootVersion(pos, []), setup);
}

/**
 * The position of `state` in the shape {@link fromBoard} takes: its type and options, every
 * piece on the board, the side to move and its turn. `fromBoard(boardOf(s))` has the same
 * position and legal moves as `s`, except what the board cannot hold: the piece that moved last
 * (H-FREEZE-1) and the positions seen before (H-END-4).
 */
export function boardOf(state: HiveState): HiveBoardOf {
  const pos = livePosition(state, 'hive.boardOf');
  const ply = pos.ply;
  return {
    type: state.type,
    options: state.options,
    pieces: piecesOnBoard(state),
    toMove: ply & 1 ? 'b' : 'w',
    turn: (ply >> 1) + 1,
  };
}
