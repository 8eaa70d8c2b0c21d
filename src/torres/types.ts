/**
 * The public Torres types: the state (T-STATE-1), its seat and turn records, and the move
 * union (tagged by `kind`).
 *
 * @module
 */
import type { RngState } from '../core/rng.js';
import type { CardName } from './engine/cards.js';
import type { TorresStep } from './engine/layout.js';
import type { TorresOptions } from './options.js';

/** A card as the state shows it: its type, or `'?'` when hidden from the observer (T-OBS-2). */
export type CardView = CardName | '?';

/** One seat's part of the state. */
export interface TorresSeatState {
  /** Track position = points (T-TRACK-1). */
  readonly score: number;
  /** Knights not yet on the board. */
  readonly knightsOff: number;
  /** Blocks carried into the next phase (T-RULE-4). */
  readonly carry: number;
  /** Remaining block stacks by size, largest first (T-STATE-2). */
  readonly stacks: readonly number[];
  /** Action cards in hand, in card order (hidden ones first). */
  readonly hand: readonly CardView[];
  /** The seat's own deck, top first (per-colour modes; empty otherwise). */
  readonly deck: readonly CardView[];
  /** The cards the seat has played (out of the game, public; T-OBS-1), in card order. */
  readonly played: readonly CardName[];
}

/** The turn record (T-STATE-1). */
export interface TorresTurnState {
  /** Blocks left in the chosen stack (during redistribution: blocks still to spread). */
  readonly active: number;
  /** 5, or 6/7 after an AP card (T-AP-1). */
  readonly apLimit: number;
  /** AP spent this turn (T-FLOW-2). */
  readonly apUsed: number;
  /** Purchases this turn (T-BUY-1). */
  readonly buys: number;
  /** The card types bought this turn, which cannot be played this turn (T-BUY-2). */
  readonly bought: readonly CardView[];
  /** Whether a card was played this turn (T-PLAY-1). */
  readonly played: boolean;
  /** Draft: the drawn cards not yet kept or returned, in drawn order (T-DRAFT-1). */
  readonly pending: readonly CardView[];
  /** Blocks redistributed so far this turn. */
  readonly spread: number;
  /** True while carried blocks are spread at a turn start (T-RULE-4). */
  readonly carrySpread: boolean;
}

/** The whole Torres state: a plain, JSON-friendly, immutable value. */
export interface TorresState {
  /** The full resolved options. */
  readonly options: TorresOptions;
  /** Blocks per square, index 8y + x (T-GEO-1). */
  readonly heights: readonly number[];
  /** Per square: `null`, the seat of a knight, or `'K'` for the king. */
  readonly pieces: readonly (number | 'K' | null)[];
  /** Blocks in the common supply. */
  readonly supply: number;
  /** 1..3. */
  readonly phase: number;
  /** 0-based round within the phase. */
  readonly round: number;
  /** The seats of the current round, in turn order. */
  readonly order: readonly number[];
  /** Index into `order` of the seat on turn. */
  readonly turnIndex: number;
  /** The state-machine step (T-FLOW-1). */
  readonly step: TorresStep;
  /** The seat to act. */
  readonly actor: number;
  /** The seat that started the current phase (T-SCORE-2, T-ORDER-3). */
  readonly lastPhaseStart: number;
  /** Placements made in the current setup step. */
  readonly setupCount: number;
  /** The shared deck, top first (shared mode; empty otherwise). */
  readonly deck: readonly CardView[];
  /** The master card 1..8 (master version), or `null`. */
  readonly masterCard: number | null;
  /** The RNG state (T-RNG-1); all draws happen in `start` (T-RNG-2). */
  readonly rng: RngState;
  /** Per seat. */
  readonly seats: readonly TorresSeatState[];
  /** The current turn. */
  readonly turn: TorresTurnState;
}

/** A card played with no parameters (T-CARD-AP6-1, T-CARD-AP7-1). */
export interface PlayPlain {
  /** Playing an action card. */
  readonly kind: 'play';
  /** The card: 6 or 7 action points this turn. */
  readonly card: 'ap6' | 'ap7';
}
/** T-CARD-SUPPLY-1. */
export interface PlaySupply {
  /** Playing an action card. */
  readonly kind: 'play';
  /** The card: a block from the common supply. */
  readonly card: 'supplyBlock';
  /** Where the block goes. */
  readonly to: string;
}
/** T-CARD-UNDER-1: `stack` is a remaining stack's size or `'active'`. */
export interface PlayUnder {
  /** Playing an action card. */
  readonly kind: 'play';
  /** The card: a block slipped under a knight. */
  readonly card: 'blockUnder';
  /** The knight's square. */
  readonly from: string;
  /** The stack the block comes from: a remaining stack's size or `'active'`. */
  readonly stack: number | 'active';
}
/** The cards that move a block or a knight from one square to another. */
export interface PlayFromTo {
  /** Playing an action card. */
  readonly kind: 'play';
  /** The card. */
  readonly card: 'moveBlock' | 'relocate' | 'diagonal' | 'anyDoor' | 'jumpKnight' | 'climbTwo';
  /** The square the block or knight leaves. */
  readonly from: string;
  /** The square it goes to. */
  readonly to: string;
}

/** One atomic Torres move (T-FLOW-1). Squares are names such as `'c4'`. */
export type TorresMove =
  | {
      /** Master setup: place a one-block castle. */
      readonly kind: 'castle';
      /** Its square. */
      readonly to: string;
    }
  | {
      /** Setup: place a starting knight. */
      readonly kind: 'startKnight';
      /** Its square. */
      readonly to: string;
    }
  | {
      /** Place or move the king. */
      readonly kind: 'king';
      /** Its square. */
      readonly to: string;
    }
  | {
      /** Leave the king where it is. */
      readonly kind: 'kingStay';
    }
  | {
      /** Choose the block stack for this turn. */
      readonly kind: 'stack';
      /** The stack's size. */
      readonly size: number;
    }
  | {
      /** Place a block (1 AP). */
      readonly kind: 'block';
      /** Its square. */
      readonly to: string;
    }
  | {
      /** Bring a new knight onto the board (2 AP). */
      readonly kind: 'knight';
      /** Its square. */
      readonly to: string;
    }
  | {
      /** Move a knight (1 AP): a step or through doors. */
      readonly kind: 'move';
      /** The knight's square. */
      readonly from: string;
      /** Where it goes. */
      readonly to: string;
    }
  | {
      /** Advance the score marker one step (1 AP). */
      readonly kind: 'score';
    }
  | {
      /** Buy an action card (1 AP). */
      readonly kind: 'buy';
    }
  | {
      /** Draft: keep one of the drawn cards. */
      readonly kind: 'keep';
      /** The card kept. */
      readonly card: CardName | '?';
    }
  | {
      /** Draft: return the other drawn cards. */
      readonly kind: 'return';
      /** Where they go in the deck. */
      readonly where: 'top' | 'bottom';
    }
  | {
      /** Redistribute: spread blocks onto a stack. */
      readonly kind: 'spread';
      /** The size of the stack receiving a block. */
      readonly size: number;
    }
  | {
      /** End the turn. */
      readonly kind: 'end';
    }
  | PlayPlain
  | PlaySupply
  | PlayUnder
  | PlayFromTo;

/** Why a game ended: the scoring after the third phase (T-END-1); Torres has no other end. */
export type TorresEndReason = 'final-scoring';

/** The result of a finished game (T-END-3). */
export interface TorresOutcome {
  /** The winning seat, or `null` when seats share the best score (only possible on 0). */
  readonly winner: number | null;
  /** Why the game ended. */
  readonly reason: TorresEndReason;
}
