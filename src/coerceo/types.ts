/**
 * The public value types of `boardrules/coerceo`: state, move and outcome.
 *
 * @module
 */
import type { CoerceoRulings } from './options.js';

/** A side: `'white'` (seat 0, up-pointing fields, moves first) or `'black'` (seat 1). */
export type Colour = 'white' | 'black';

/** One turn: a step of one piece, or an exchange of held tiles for an opponent piece. */
export type CoerceoMove =
  /** C-MOVE-1: the piece on `from` steps to the empty vertex neighbour `to` (field names). */
  | {
      /** A step. */
      readonly kind: 'step';
      /** The field the piece leaves. */
      readonly from: string;
      /** The field it steps to. */
      readonly to: string;
    }
  /** C-EXCHANGE-1: pay the exchange cost in held tiles and remove the opponent piece on `target`. */
  | {
      /** An exchange. */
      readonly kind: 'exchange';
      /** The field of the opponent piece removed. */
      readonly target: string;
    };

/** The board part of a position: piece sets, present tiles, held tiles, side, layout, cost. */
export interface PositionData {
  /** Pieces: White lo, White hi, Black lo, Black hi (colour-index bit sets, see `engine/board.ts`). */
  readonly pieces: readonly [number, number, number, number];
  /** Present tiles as a bit set over tile indices 0..18. */
  readonly tiles: number;
  /** Tiles held by White and by Black. */
  readonly held: readonly [number, number];
  /** Seat to move: 0 White, 1 Black. */
  readonly side: 0 | 1;
  /** The layout letter (C-NOTATION-3): Laurentius, Ocius or custom; metadata only. */
  readonly layout: 'L' | 'O' | 'C';
  /** Tiles an exchange costs. */
  readonly exchangeCost: 1 | 2;
}

/**
 * An immutable Coerceo state. The board is held compactly: each colour's pieces as a 57-bit
 * set over that colour's fields (two 32-bit words, see `engine/board.ts`) and the present tiles as a
 * 19-bit set. Read it through the queries of this module (`pieceAt`, `tilesHeld`, `removedTiles`
 * …) rather than these fields.
 */
export interface CoerceoState extends PositionData {
  /** The rulings in force. */
  readonly rulings: CoerceoRulings;
  /** Piece sets of the earlier positions since the last irreversible turn, oldest first. */
  readonly history: readonly (readonly [number, number, number, number])[];
  /** The moves (canonical text) since the last irreversible turn, oldest first. */
  readonly since: readonly string[];
  /** The seat that resigned, if any (C-END-2). */
  readonly resigned: 0 | 1 | null;
  /** Cached end status (see `engine/rules.ts`); 0 while the game goes on. */
  readonly status: number;
}

/** Why a game ended (C-END-7). */
export type CoerceoEndReason =
  | 'captured-all'
  | 'resignation'
  | 'no-legal-moves'
  | 'insufficient-material'
  | 'repetition';

/** The result of a finished game; `winner` is `null` for a draw. */
export interface CoerceoOutcome {
  /** The winner, or `null` for a draw. */
  readonly winner: Colour | null;
  /** Why the game ended. */
  readonly reason: CoerceoEndReason;
}
