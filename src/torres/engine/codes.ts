/**
 * Torres move codes: a move packed into one integer (the form the generator writes and the
 * search plays) and back to the move object of the public API. `decode` is the only
 * constructor of move objects, so every path builds them alike.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import type { TorresMove } from '../types.js';
import { squareIndex, squareName } from './board.js';
import { BLOCK_UNDER, CARD_NAMES, type CardName, cardId, cardName } from './cards.js';
import {
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
  X_ACTIVE,
} from './constants.js';

// ---- move codes: kind | from << 4 | to << 10 | x << 16 | card << 22 ----
// The kind numbers (K_CASTLE … K_PLAY, X_ACTIVE) live in constants.ts, so the build inlines them.

/** Packs a move code. */
export function code(kind: number, from: number, to: number, x: number, card: number): number {
  return kind | (from << 4) | (to << 10) | (x << 16) | (card << 22);
}
/** The kind of a move code. */
export const kindOf = (c: number): number => c & 15;
/** The `from` square of a move code. */
export const fromOf = (c: number): number => (c >> 4) & 63;
/** The `to` square of a move code. */
export const toOf = (c: number): number => (c >> 10) & 63;
/** The extra field of a move code (a size, a card, `where`). */
export const xOf = (c: number): number => (c >> 16) & 63;
/** The card id of a `play` code. */
export const cardOf = (c: number): number => (c >> 22) & 15;

/** An upper bound on the number of legal moves in any position. */
export const MAX_MOVES = 8192;

/**
 * Move objects are immutable values, so each code has one frozen object, built on first use:
 * `moves` is then lookups instead of new objects and square-name strings. The codes are a
 * small finite set (kinds × squares × sizes or cards), so the tables stay small. `moves` looks
 * up every move of every list, so the common codes are found by index in an array (a `Map`
 * lookup cost more than the rest of building a list): {@link slotOf} packs them into 17 bits,
 * and only the few codes with both a square and a size or card field go to the `Map`.
 */
const SLOTS = 1 << 17;
const bySlot: (TorresMove | null)[] = new Array<TorresMove | null>(SLOTS).fill(null);
const interned = new Map<number, TorresMove>();
/**
 * The code of each interned move object (`encode` reads it). A `Map`: the objects live as long
 * as the tables above anyway, and a lookup across a dozen move shapes costs half of reading a
 * private field stamped on each.
 */
const codeOfMove = new Map<unknown, number>();

/**
 * The slot of a code in `bySlot`, or −1 (one slot per code, never shared): kind, from, to for
 * codes with no size or card (a list's moves — one kind, one knight — sit side by side); card,
 * from, and the size for `blockUnder` or the square for every other card.
 */
function slotOf(c: number): number {
  const from = (c >> 4) & 63;
  const to = (c >> 10) & 63;
  if (c >>> 16 === 0) return ((c & 15) << 12) | (from << 6) | to;
  if ((c & 15) !== K_PLAY || c >>> 26 !== 0) return -1;
  const card = cardOf(c);
  const x = xOf(c);
  const last = card === BLOCK_UNDER ? (to === 0 ? x : -1) : x === 0 ? to : -1;
  return last < 0 ? -1 : (1 << 16) | (card << 12) | (from << 6) | last;
}

/** The move object of an integer move code (one shared frozen object per code). */
export function decode(c: number): TorresMove {
  const slot = slotOf(c);
  if (slot >= 0) {
    let move = bySlot[slot] as TorresMove | null;
    if (move === null) {
      move = intern(c);
      bySlot[slot] = move;
    }
    return move;
  }
  let move = interned.get(c);
  if (move === undefined) {
    move = intern(c);
    interned.set(c, move);
  }
  return move;
}

/** The frozen move object of code `c`, carrying its code. */
function intern(c: number): TorresMove {
  const move = build(c);
  // The code read off its fields: a code with stray bits (a caller's) is not carried along.
  codeOfMove.set(move, codeOfFields(move));
  return Object.freeze(move);
}

function build(c: number): TorresMove {
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
  // A move object `decode` built has its code in `codeOfMove`; any other is read field by field.
  return codeOfMove.get(move) ?? codeOfFields(move);
}

function codeOfFields(move: object): number {
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
