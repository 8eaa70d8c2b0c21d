/**
 * Why a Coerceo move is refused: the rule that forbids it (`docs/rules/coerceo.md`), with the
 * reason in words. `apply`, `parseMove` and `turnEffects` refuse with it; {@link explainMove}
 * answers it without throwing. The generator decides what is legal; this module only names why
 * something is not.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import {
  type Explanation,
  illegal,
  LEGAL,
  type Refusal,
  refusal,
  refusedMove,
} from '../core/explain.js';
import { quote } from '../core/quote.js';
import {
  COLOUR_FIELDS,
  colourIndex,
  fieldByName,
  fieldColour,
  VN_HI,
  VN_LO,
} from './engine/board.js';
import type { CoerceoPosition } from './engine/position.js';
import { LIVE } from './engine/rules.js';
import { quoteMove } from './notation.js';
import { legalCode, positionOf } from './state.js';
import type { CoerceoMove, CoerceoState } from './types.js';

/** Every rule a Coerceo move can be refused by ({@link refusalOf} names no other). */
export const REFUSAL_RULES: readonly string[] = [
  'C-END-7',
  'C-TURN-1',
  'C-TURN-2',
  'C-MOVE-1',
  'C-EXCHANGE-1',
];

const SEATS = ['White', 'Black'];

/** Whether colour-index bit `ci` is set in the two words `lo` (0..31) and `hi` (32..56). */
function has(lo: number, hi: number, ci: number): boolean {
  return ci < 32 ? ((lo >>> ci) & 1) === 1 : ((hi >>> (ci - 32)) & 1) === 1;
}

/** A field name of the move, or a thrown `ILLEGAL_MOVE` when the value names no field. */
function field(move: unknown, name: unknown): number {
  const id = typeof name === 'string' ? fieldByName(name) : -1;
  if (id < 0) throw new RulesError('ILLEGAL_MOVE', `not a Coerceo move: ${quoteMove(move)}`);
  return id;
}

/**
 * The refusal of `move` in `pos` (a checked state's position), or `null` when it is legal.
 * Throws `ILLEGAL_MOVE` (with no rule) for a value that is no Coerceo move at all. By position,
 * like Hive's and Torres' `refusalOf`.
 */
export function refusalOf(pos: CoerceoPosition, move: CoerceoMove): Refusal | null {
  if (move === null || typeof move !== 'object') {
    throw new RulesError('ILLEGAL_MOVE', `not a Coerceo move: ${quoteMove(move)}`);
  }
  const kind = (move as { kind?: unknown }).kind;
  if (kind === 'pass') return refusal('a player may not pass', 'C-TURN-1');
  if (kind !== 'step' && kind !== 'exchange') {
    throw new RulesError('ILLEGAL_MOVE', `not a Coerceo move: ${quoteMove(move)}`);
  }
  if (pos.terminal()) return refusal('the game is over: no move is legal', 'C-END-7');
  const c = pos.toMove();
  const o = 1 - c;
  if (move.kind === 'exchange') {
    const target = field(move, move.target);
    const ci = colourIndex(target);
    if (fieldColour(target) !== o || !has(pos.pieceWord(2 * o), pos.pieceWord(2 * o + 1), ci)) {
      return refusal(
        `an exchange removes an opponent piece; there is none on ${quote(move.target)}`,
        'C-EXCHANGE-1',
      );
    }
    if (pos.heldBy(c) < pos.exchangeCost) {
      return refusal(
        `an exchange costs ${pos.exchangeCost} tiles and ${SEATS[c]} holds ${pos.heldBy(c)}`,
        'C-EXCHANGE-1',
      );
    }
  } else {
    const from = field(move, move.from);
    const to = field(move, move.to);
    const fromCi = colourIndex(from);
    if (fieldColour(from) !== c || !has(pos.pieceWord(2 * c), pos.pieceWord(2 * c + 1), fromCi)) {
      return refusal(
        `a step moves a piece of ${SEATS[c]}; there is none on ${quote(move.from)}`,
        'C-TURN-2',
      );
    }
    const toCi = colourIndex(to);
    const base = c * COLOUR_FIELDS;
    if (fieldColour(to) !== c || !has(VN_LO[base + fromCi], VN_HI[base + fromCi], toCi)) {
      return refusal(
        `a piece steps to a vertex neighbour of its field; ${quote(move.to)} is not one of ${quote(move.from)}`,
        'C-MOVE-1',
      );
    }
    if (!has(pos.presentWord(0), pos.presentWord(1), toCi)) {
      return refusal(`${quote(move.to)} is on a removed tile`, 'C-MOVE-1');
    }
    if (has(pos.pieceWord(2 * c), pos.pieceWord(2 * c + 1), toCi)) {
      return refusal(`${quote(move.to)} is taken: a piece steps to a vacant field`, 'C-MOVE-1');
    }
  }
  // What the checks above allow the generator lists; a difference is a bug, named as such.
  if (legalCode(pos, move) >= 0) return null;
  throw new Error(`coerceo explain: ${quoteMove(move)} passes every check but is not generated`);
}

/**
 * Returns when `move` is legal in the checked `state`; otherwise throws its refusal, named after
 * `move` — `GAME_OVER` on a finished game, `ILLEGAL_MOVE` otherwise, `error.rule` set either way.
 */
export function assertLegal(state: CoerceoState, move: CoerceoMove): void {
  const refused = refusalOf(positionOf(state, 'coerceo'), move);
  if (refused === null) return;
  throw refusedMove(quoteMove(move), refused, state.status !== LIVE ? 'GAME_OVER' : 'ILLEGAL_MOVE');
}

/**
 * Whether `move` is legal in `pos` (a checked state's position), and which rule forbids it if
 * not.
 */
export function explainMove(pos: CoerceoPosition, move: CoerceoMove): Explanation {
  const r = refusalOf(pos, move);
  return r === null ? LEGAL : illegal(r);
}
