/**
 * Torres moves as plain objects (the API form) and their integer codes (the search form).
 * `decode` is the only constructor of move objects, so every path builds them alike.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { squareIndex, squareName } from './board.js';
import { CARD_NAMES, type CardName, cardId, cardName } from './cards.js';
import {
  cardOf,
  code,
  fromOf,
  K_BLOCK,
  K_BUY,
  K_CASTLE,
  K_END,
  K_KEEP,
  K_KING,
  K_KING_STAY,
  K_KNIGHT,
  K_MOVE,
  K_PLAY,
  K_RETURN,
  K_SCORE,
  K_SPREAD,
  K_STACK,
  K_START,
  kindOf,
  toOf,
  X_ACTIVE,
  xOf,
} from './position.js';

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

/** The move object of an integer move code. */
export function decode(c: number): TorresMove {
  const t = squareName(toOf(c));
  const f = squareName(fromOf(c));
  const x = xOf(c);
  switch (kindOf(c)) {
    case K_CASTLE:
      return { kind: 'castle', to: t };
    case K_START:
      return { kind: 'startKnight', to: t };
    case K_KING:
      return { kind: 'king', to: t };
    case K_KING_STAY:
      return { kind: 'kingStay' };
    case K_STACK:
      return { kind: 'stack', size: x };
    case K_BLOCK:
      return { kind: 'block', to: t };
    case K_KNIGHT:
      return { kind: 'knight', to: t };
    case K_MOVE:
      return { kind: 'move', from: f, to: t };
    case K_SCORE:
      return { kind: 'score' };
    case K_BUY:
      return { kind: 'buy' };
    case K_KEEP:
      return { kind: 'keep', card: cardName(x) };
    case K_RETURN:
      return { kind: 'return', where: x === 1 ? 'bottom' : 'top' };
    case K_SPREAD:
      return { kind: 'spread', size: x };
    case K_END:
      return { kind: 'end' };
    case K_PLAY: {
      const card = CARD_NAMES[cardOf(c) - 1] as CardName;
      if (card === 'ap6' || card === 'ap7') return { kind: 'play', card };
      if (card === 'supplyBlock') return { kind: 'play', card, to: t };
      if (card === 'blockUnder')
        return { kind: 'play', card, from: f, stack: x === X_ACTIVE ? 'active' : x };
      return { kind: 'play', card, from: f, to: t };
    }
    default:
      throw new RulesError('ILLEGAL_MOVE', `not a Torres move code: ${c}`);
  }
}

function bad(what: string): never {
  throw new RulesError('ILLEGAL_MOVE', `malformed Torres move: ${what}`);
}

function sq(m: Record<string, unknown>, field: string): number {
  const v = m[field];
  const i = typeof v === 'string' ? squareIndex(v) : -1;
  if (i < 0) bad(`'${field}' must be a square name a1..h8, got ${quote(v)}`);
  return i;
}

function size(m: Record<string, unknown>, field: string): number {
  const v = m[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 15) {
    bad(`'${field}' must be a stack size 0..15, got ${quote(v)}`);
  }
  return v;
}

/** The integer code of a move object (its shape is checked; legality is not). */
export function encode(move: unknown): number {
  if (typeof move !== 'object' || move === null) bad('not an object');
  const m = move as Record<string, unknown>;
  switch (m.kind) {
    case 'castle':
      return code(K_CASTLE, 0, sq(m, 'to'), 0, 0);
    case 'startKnight':
      return code(K_START, 0, sq(m, 'to'), 0, 0);
    case 'king':
      return code(K_KING, 0, sq(m, 'to'), 0, 0);
    case 'kingStay':
      return code(K_KING_STAY, 0, 0, 0, 0);
    case 'stack':
      return code(K_STACK, 0, 0, size(m, 'size'), 0);
    case 'block':
      return code(K_BLOCK, 0, sq(m, 'to'), 0, 0);
    case 'knight':
      return code(K_KNIGHT, 0, sq(m, 'to'), 0, 0);
    case 'move':
      return code(K_MOVE, sq(m, 'from'), sq(m, 'to'), 0, 0);
    case 'score':
      return code(K_SCORE, 0, 0, 0, 0);
    case 'buy':
      return code(K_BUY, 0, 0, 0, 0);
    case 'keep': {
      const id = m.card === '?' ? 0 : typeof m.card === 'string' ? cardId(m.card) : -1;
      if (id < 0) bad(`'card' must be a card name, got ${quote(m.card)}`);
      return code(K_KEEP, 0, 0, id, 0);
    }
    case 'return':
      if (m.where !== 'top' && m.where !== 'bottom') bad(`'where' must be 'top' or 'bottom'`);
      return code(K_RETURN, 0, 0, m.where === 'bottom' ? 1 : 0, 0);
    case 'spread':
      return code(K_SPREAD, 0, 0, size(m, 'size'), 0);
    case 'end':
      return code(K_END, 0, 0, 0, 0);
    case 'play': {
      const id = typeof m.card === 'string' ? cardId(m.card) : -1;
      if (id < 0) bad(`'card' must be an action card name, got ${quote(m.card)}`);
      if (m.card === 'ap6' || m.card === 'ap7') return code(K_PLAY, 0, 0, 0, id);
      if (m.card === 'supplyBlock') return code(K_PLAY, 0, sq(m, 'to'), 0, id);
      if (m.card === 'blockUnder') {
        const x = m.stack === 'active' ? X_ACTIVE : size(m, 'stack');
        if (x === 0) bad(`'stack' must be 'active' or a size ≥ 1`);
        return code(K_PLAY, sq(m, 'from'), 0, x, id);
      }
      return code(K_PLAY, sq(m, 'from'), sq(m, 'to'), 0, id);
    }
    default:
      return bad(`unknown kind ${quote(m.kind)}`);
  }
}
