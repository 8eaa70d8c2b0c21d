/**
 * Why a Torres move is refused: the rule that forbids it (`docs/rules/torres.md`), with the
 * reason in words. `apply` refuses with it; {@link explainMove} answers it without throwing.
 * The generator decides what is legal; this module only names why something is not: first the
 * step of the turn and the action points, then the rule of the action itself.
 *
 * @module
 */
import { type Explanation, illegal, LEGAL, type Refusal, refusal } from '../core/explain.js';
import { CARD_NAMES } from './engine/cards.js';
import { cardOf, encode, fromOf, kindOf, MAX_MOVES, toOf } from './engine/codes.js';
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
} from './engine/constants.js';
import {
  ACTIVE,
  AP_LIMIT,
  AP_USED,
  BOUGHT,
  BOUGHT_N,
  H,
  O_HAND,
  O_KOFF,
  P,
  PLAYED,
  S_ACTIONS,
  S_CHOOSE,
  S_KEEP,
  S_KING_MOVE,
  S_OVER,
  S_REDIST,
  S_RETURN,
  S_SETUP_CASTLE,
  S_SETUP_KING,
  S_SETUP_KNIGHT,
  STEP_NAMES,
  seatOffset,
} from './engine/layout.js';
import type { Position } from './engine/position.js';
import type { TorresMove } from './types.js';

/** Every rule a Torres move can be refused by ({@link refusalOf} names no other). */
export const REFUSAL_RULES: readonly string[] = [
  'T-END-1',
  'T-FLOW-1',
  'T-FLOW-2',
  'T-MASTER-SETUP-1',
  'T-SETUP-3',
  'T-SETUP-4',
  'T-STACK-1',
  'T-BLOCK-1',
  'T-BLOCK-4',
  'T-KING-2',
  'T-KNIGHT-ADD-1',
  'T-KNIGHT-MOVE-1',
  'T-KNIGHT-MOVE-2',
  'T-KNIGHT-MOVE-3',
  'T-DOOR-1',
  'T-BUY-1',
  'T-BUY-2',
  'T-RULE-11',
  'T-PLAY-1',
  'T-PLAY-3',
  'T-CARD-SUPPLY-1',
  'T-CARD-UNDER-1',
  'T-CARD-MOVEBLOCK-1',
  'T-CARD-RELOCATE-1',
  'T-CARD-DIAGONAL-1',
  'T-CARD-DOOR-1',
  'T-CARD-JUMP-1',
  'T-CARD-CLIMB2-1',
  'T-DRAFT-1',
  'T-REDIST-1',
  'T-REDIST-2',
  'T-KING-5',
];

/** The step in which each move kind is played (T-FLOW-1), by kind code. */
const STEP_OF_KIND: readonly number[] = (() => {
  const t: number[] = [];
  t[K_CASTLE] = S_SETUP_CASTLE;
  t[K_START] = S_SETUP_KNIGHT;
  t[K_STACK] = S_CHOOSE;
  t[K_BLOCK] = S_ACTIONS;
  t[K_KNIGHT] = S_ACTIONS;
  t[K_MOVE] = S_ACTIONS;
  t[K_SCORE] = S_ACTIONS;
  t[K_BUY] = S_ACTIONS;
  t[K_PLAY] = S_ACTIONS;
  t[K_KEEP] = S_KEEP;
  t[K_RETURN] = S_RETURN;
  t[K_SPREAD] = S_REDIST;
  t[K_KING_STAY] = S_KING_MOVE;
  return t;
})();

/** Action points each action costs (T-FLOW-2), by kind code; 0 for the rest. */
const COST: readonly number[] = (() => {
  const t = new Array<number>(16).fill(0);
  t[K_BLOCK] = 1;
  t[K_KNIGHT] = 2;
  t[K_MOVE] = 1;
  t[K_SCORE] = 1;
  t[K_BUY] = 1;
  return t;
})();

/** The rule of each action card (T-CARD-…), by card id 1..10. */
const CARD_RULES: readonly string[] = [
  '',
  'T-CARD-AP6-1',
  'T-CARD-AP7-1',
  'T-CARD-SUPPLY-1',
  'T-CARD-UNDER-1',
  'T-CARD-MOVEBLOCK-1',
  'T-CARD-RELOCATE-1',
  'T-CARD-DIAGONAL-1',
  'T-CARD-DOOR-1',
  'T-CARD-JUMP-1',
  'T-CARD-CLIMB2-1',
];

/** Scratch move buffer (every use is synchronous and finishes before the next). */
const scratch = new Int32Array(MAX_MOVES);

function generated(pos: Position, c: number): boolean {
  const buf = scratch;
  const n = pos.generate(buf, 0);
  for (let i = 0; i < n; i++) if (buf[i] === c) return true;
  return false;
}

function orthogonal(a: number, b: number): boolean {
  const dr = Math.abs((a >> 3) - (b >> 3));
  const dc = Math.abs((a & 7) - (b & 7));
  return dr + dc === 1;
}

/**
 * The refusal of `move` in `pos`, or `null` when it is legal. Throws `ILLEGAL_MOVE` (with no
 * rule) for a value that is no Torres move at all.
 */
export function refusalOf(pos: Position, move: TorresMove): Refusal | null {
  const c = encode(move);
  if (generated(pos, c)) return null;
  const a = pos.data;
  const step = pos.step;
  const k = kindOf(c);
  if (step === S_OVER) return refusal('the game is over: no move is legal', 'T-END-1');
  const stepName = STEP_NAMES[step];
  // Kinds with more than one step: a king is placed in setup and moved after scoring; `end`
  // ends the actions and, with optional spreading, the redistribution.
  const inStep =
    k === K_KING
      ? step === S_SETUP_KING || step === S_KING_MOVE
      : k === K_END
        ? step === S_ACTIONS || step === S_REDIST
        : STEP_OF_KIND[k] === step;
  if (!inStep) {
    if (k === K_PLAY) {
      return refusal("a card is played only in the actions of one's own turn", 'T-PLAY-3');
    }
    return refusal(`'${move.kind}' moves are not played in the ${stepName} step`, 'T-FLOW-1');
  }
  const seat = pos.actor;
  const so = seatOffset(seat);
  const left = a[AP_LIMIT] - a[AP_USED];
  if (COST[k] > left) {
    return refusal(`${move.kind} costs ${COST[k]} action points and ${left} are left`, 'T-FLOW-2');
  }
  const to = toOf(c);
  switch (k) {
    case K_CASTLE:
      return refusal(
        'a new castle needs a ground square far enough from every castle',
        'T-MASTER-SETUP-1',
      );
    case K_START:
      return refusal(
        'a starting knight goes on a free square of a castle without a knight',
        'T-SETUP-3',
      );
    case K_KING:
      return step === S_SETUP_KING
        ? refusal('the king starts on a free square of a castle without a knight', 'T-SETUP-4')
        : refusal('the king moves to a free castle square', 'T-KING-5');
    case K_STACK:
      return refusal("the chosen stack must be one of the seat's remaining stacks", 'T-STACK-1');
    case K_BLOCK:
      if (a[ACTIVE] < 1) return refusal('no block is left in the chosen stack', 'T-BLOCK-1');
      if (a[P + to] === 5) return refusal("no block goes on the king's square", 'T-KING-2');
      return refusal(
        'a block goes on a free square it may raise or extend a castle to',
        'T-BLOCK-4',
      );
    case K_KNIGHT:
      if (a[so + O_KOFF] < 1)
        return refusal('the seat has no knight left to bring in', 'T-KNIGHT-ADD-1');
      return refusal(
        'a new knight goes on a free square next to an own knight, no higher than it',
        'T-KNIGHT-ADD-1',
      );
    case K_MOVE: {
      const from = fromOf(c);
      if (a[P + from] !== seat + 1) {
        return refusal(
          `there is no knight of the seat on ${move.kind === 'move' ? move.from : ''}`,
          'T-KNIGHT-MOVE-1',
        );
      }
      if (a[P + to] !== 0) return refusal('a knight never moves onto a piece', 'T-KNIGHT-MOVE-3');
      if (orthogonal(from, to)) {
        return refusal(
          `a step goes at most one level up (the knight is at ${a[H + from]}, the square at ${a[H + to]})`,
          'T-KNIGHT-MOVE-2',
        );
      }
      return refusal('no step or passage through a castle door leads there', 'T-DOOR-1');
    }
    case K_BUY:
      if (a[BOUGHT_N] >= 2) return refusal('at most two cards are bought in a turn', 'T-RULE-11');
      return refusal('there is no card to buy', 'T-BUY-1');
    case K_PLAY: {
      const card = cardOf(c);
      const held = a[so + O_HAND + card];
      if (a[PLAYED] !== 0) return refusal('one card is played per turn', 'T-PLAY-1');
      if (held === 0) {
        return refusal(`the seat holds no ${CARD_NAMES[card - 1]} card`, 'T-PLAY-1');
      }
      if (held - a[BOUGHT + card] <= 0) {
        return refusal('a card is not played in the turn it is bought', 'T-BUY-2');
      }
      return refusal(`the ${CARD_NAMES[card - 1]} card cannot do that here`, CARD_RULES[card]);
    }
    case K_KEEP:
      return refusal('the kept card must be one of the cards drawn', 'T-DRAFT-1');
    case K_SPREAD:
      return refusal('a block is spread onto a remaining stack below the cap', 'T-REDIST-1');
    case K_END:
      return refusal('the unused blocks must be spread before the turn ends', 'T-REDIST-2');
    default:
      // kingStay, return and score are legal whenever their step is (and AP allow).
      throw new Error(
        `torres explain: ${JSON.stringify(move)} passes every check but is not generated`,
      );
  }
}

/** Whether `move` is legal in `pos`, and which rule forbids it if not. */
export function explainMove(pos: Position, move: TorresMove): Explanation {
  const r = refusalOf(pos, move);
  return r === null ? LEGAL : illegal(r);
}
