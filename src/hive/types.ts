/**
 * The public Hive types: the state, the move (a union tagged by `kind`), where a piece is, and
 * the result.
 *
 * @module
 */

import type { SearchPosition } from '../core/game.js';
import type { HiveGameType } from './engine/pieces.js';
import type { HiveOptions } from './options.js';

/**
 * An immutable Hive game state: the game type, the options it was created with, and the moves
 * played so far as UHP MoveStrings. Plain data (it survives `JSON.stringify`); the compact
 * position is derived from it on demand.
 */
export interface HiveState {
  /** The game type (canonical; fan-extended when tiles are turned, H-FAN-UHP-2). */
  readonly type: HiveGameType;
  /** The options fixed for this game (H-OPT-1). */
  readonly options: Readonly<HiveOptions>;
  /**
   * The position the game began from when it was set up by hand (`hive.fromBoard`), as the board
   * field of its GameString, e.g. `'Board(Black[2] wS1@0,0 wQ@0,-1 bS1@1,0)'`; absent for a game
   * played from the start. `history` holds the moves since.
   */
  readonly setup?: string;
  /** The MoveStrings played, as given (normalised for case and blanks, H-UHP-8). */
  readonly history: readonly string[];
}

/**
 * A Hive move. Throws are written as a `move` of the thrown piece (H-UHP-4); a Dragonfly's carry
 * is implied by its destination (H-FAN-DRAGONFLY-e), so it is a `move` too.
 */
export type HiveMove =
  | {
      /** Placement from hand or movement of a piece on the board. */
      readonly kind: 'place' | 'move';
      /** The piece's UHP name, e.g. `wS1`. */
      readonly piece: string;
      /** Destination `q` (axial, H-COORD-1). */
      readonly q: number;
      /** Destination `r`. */
      readonly r: number;
    }
  | {
      /**
       * A fan operation (H-FAN-GEN-3): a Mantis (or a Mosquito copying one) grabs `target` from
       * a neighbouring hex and puts it under itself (H-FAN-MANTIS-2), or a Centipede (or a
       * copying Mosquito) swaps places with `target` (H-FAN-CENTIPEDE-1).
       */
      readonly kind: 'grab' | 'swap';
      /** The acting piece's UHP name, e.g. `wT1`. */
      readonly piece: string;
      /** The piece grabbed or swapped with, e.g. `bA1`. */
      readonly target: string;
      /** `q` of the actor's hex, where the target ends up. */
      readonly q: number;
      /** `r` of the actor's hex. */
      readonly r: number;
    }
  | {
      /** A pass (only when forced, H-TURN-3). */
      readonly kind: 'pass';
    };

/** Where a piece is: `null` in hand, else its hex and level. */
export interface PiecePlace {
  /** Axial q. */
  readonly q: number;
  /** Axial r. */
  readonly r: number;
  /** 0 = ground. */
  readonly level: number;
}

/** The result of a game as UHP names it (H-UHP-2): `InProgress` while it goes on. */
export type HiveResult = 'InProgress' | 'WhiteWins' | 'BlackWins' | 'Draw';

/**
 * Why a game ended: a Queen surrounded (H-END-2), both at once (H-END-3, a draw), the third
 * occurrence of a position with `repetitionDraw` (H-END-4) or the ply cap `maxPlies` (H-END-5).
 */
export type HiveEndReason =
  | 'queen-surrounded'
  | 'both-queens-surrounded'
  | 'repetition'
  | 'ply-limit';

/** The result of a finished game, as the three games report it. */
export interface HiveOutcome {
  /** The winning colour, or `null` for a draw. */
  readonly winner: 'white' | 'black' | null;
  /** Why the game ended. */
  readonly reason: HiveEndReason;
}

/**
 * What `hive.search(state)` returns: the mutable search position over a state, with integer
 * moves, `generate`, `play`, `undo` and a 53-bit incremental Zobrist `hash()` (the generic
 * {@link SearchPosition} of Hive moves). Made only by `hive.search`.
 */
export type HivePosition = SearchPosition<HiveMove>;
