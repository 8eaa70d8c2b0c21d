/**
 * The Torres turn flow (T-FLOW-*): what playing a move code does to a {@link Position}, and the
 * bookkeeping that follows on its own (forced choices, the end of a turn, a round, a phase and
 * the game). Functions over the position, writing through `Position.write` so every change is
 * logged for `undo`.
 *
 * @module
 */

import { RulesError } from '../../core/errors.js';
import { AP6, AP7, BLOCK_UNDER, HIDDEN, MOVE_BLOCK, SUPPLY_BLOCK } from './cards.js';
import { cardOf, code, fromOf, kindOf, toOf, xOf } from './codes.js';
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
  MAX_STACK,
  X_ACTIVE,
} from './constants.js';
import {
  ACTIVE,
  ACTOR,
  AP_LIMIT,
  AP_USED,
  BOUGHT,
  BOUGHT_N,
  CARRY_SPREAD,
  DECK,
  DECK_N,
  H,
  LPS,
  O_CARRY,
  O_DECK,
  O_DECK_N,
  O_HAND,
  O_KOFF,
  O_PLAYED,
  O_STACKS,
  ORDER,
  P,
  PEND,
  PEND_N,
  PHASE,
  PLAYED,
  ROUND,
  S_ACTIONS,
  S_CHOOSE,
  S_KEEP,
  S_KING_MOVE,
  S_OVER,
  S_REDIST,
  S_RETURN,
  S_SETUP_KING,
  S_SETUP_KNIGHT,
  SETUP_N,
  SPREAD_N,
  STEP,
  SUPPLY,
  seatOffset,
  TURN,
} from './layout.js';
import type { Position } from './position.js';
import { advance, KING, scorePhase } from './rules.js';

export function execute(pos: Position, c: number): void {
  const a = pos.data;
  const kind = kindOf(c);
  const f = fromOf(c);
  const t = toOf(c);
  const x = xOf(c);
  const seat = pos.actor;
  const so = seatOffset(seat);
  switch (kind) {
    case K_CASTLE:
      pos.write(H + t, 1);
      pos.addTo(SUPPLY, -1);
      pos.addTo(SETUP_N, 1);
      if (a[SETUP_N] === 8) {
        // T-MASTER-SETUP-2: then knights and king as in T-SETUP-3/4.
        pos.write(SETUP_N, 0);
        pos.write(STEP, S_SETUP_KNIGHT);
        pos.write(ACTOR, a[ORDER]);
      } else {
        pos.write(ACTOR, (seat + 1) % pos.players);
      }
      break;
    case K_START:
      pos.write(P + t, seat + 1);
      pos.addTo(so + O_KOFF, -1);
      pos.addTo(SETUP_N, 1);
      if (a[SETUP_N] === pos.players) {
        pos.write(SETUP_N, 0);
        pos.write(STEP, S_SETUP_KING); // T-SETUP-4: the last placer places the king
      } else {
        pos.write(ACTOR, (seat + 1) % pos.players);
      }
      break;
    case K_KING:
    case K_KING_STAY:
      if (kind === K_KING) {
        for (let q = 0; q < 64; q++) if (a[P + q] === KING) pos.write(P + q, 0);
        pos.write(P + t, KING);
      }
      if (a[STEP] === S_SETUP_KING) deal(pos); // T-SETUP-5: phase-1 stacks once setup is done
      startTurn(pos, true);
      break;
    case K_STACK:
      pos.addTo(so + O_STACKS + x, -1);
      pos.write(ACTIVE, x);
      pos.write(STEP, S_ACTIONS);
      break;
    case K_BLOCK:
      pos.addTo(H + t, 1);
      pos.addTo(ACTIVE, -1);
      pos.addTo(AP_USED, 1);
      break;
    case K_KNIGHT:
      pos.write(P + t, seat + 1);
      pos.addTo(so + O_KOFF, -1);
      pos.addTo(AP_USED, 2);
      break;
    case K_MOVE:
      movePiece(pos, f, t);
      pos.addTo(AP_USED, 1);
      break;
    case K_SCORE:
      advance(pos, seat, 1); // T-TRACK-3, leapfrogging (T-RULE-10)
      pos.addTo(AP_USED, 1);
      break;
    case K_BUY:
      buy(pos, seat);
      break;
    case K_KEEP: {
      // T-DRAFT-1: the kept card goes to the hand and counts as bought.
      const n = a[PEND_N];
      let i = 0;
      while (i < n && a[PEND + i] !== x) i++;
      for (let j = i; j < n - 1; j++) pos.write(PEND + j, a[PEND + j + 1]);
      pos.write(PEND + n - 1, 0);
      pos.write(PEND_N, n - 1);
      pos.addTo(so + O_HAND + x, 1);
      pos.addTo(BOUGHT + x, 1);
      pos.write(STEP, S_RETURN);
      break;
    }
    case K_RETURN:
      returnPending(pos, seat, x === 1);
      break;
    case K_SPREAD:
      // T-REDIST-1: one block onto a stack of size x.
      pos.addTo(so + O_STACKS + x, -1);
      pos.addTo(so + O_STACKS + x + 1, 1);
      pos.addTo(ACTIVE, -1);
      pos.addTo(SPREAD_N, 1);
      if (a[ACTIVE] === 0) afterRedistribution(pos);
      break;
    case K_END:
      if (a[STEP] === S_REDIST) {
        // T-REDIST-2 ('optional'): the rest returns to the supply.
        pos.addTo(SUPPLY, a[ACTIVE]);
        pos.write(ACTIVE, 0);
        afterRedistribution(pos);
      } else {
        endTurn(pos, seat);
      }
      break;
    case K_PLAY:
      playCard(pos, cardOf(c), f, t, x);
      break;
    default:
      throw new RulesError('ILLEGAL_MOVE', `unknown move code ${c}`);
  }
}

function movePiece(pos: Position, f: number, t: number): void {
  pos.write(P + t, pos.data[P + f]);
  pos.write(P + f, 0);
}

function buy(pos: Position, seat: number): void {
  const a = pos.data;
  const so = seatOffset(seat);
  pos.addTo(AP_USED, 1);
  pos.addTo(BOUGHT_N, 1);
  // T-DECK-2: decks are never reshuffled; T-DRAFT-3: a second purchase repeats the draw.
  const shared = pos.options.deckMode === 'shared';
  const nIdx = shared ? DECK_N : so + O_DECK_N;
  const base = shared ? DECK : so + O_DECK;
  const len = a[nIdx];
  if (pos.options.deckMode === 'draft') {
    // T-DRAFT-1: the top min(3, deck) cards go to `pending`, in drawn order.
    const m = Math.min(3, len);
    for (let i = 0; i < m; i++) {
      const card = a[base + len - 1 - i];
      if (card === HIDDEN) throw hidden();
      pos.write(PEND + i, card);
      pos.write(base + len - 1 - i, 0);
    }
    pos.write(PEND_N, m);
    pos.write(nIdx, len - m);
    pos.write(STEP, S_KEEP);
    return;
  }
  const card = a[base + len - 1];
  if (card === HIDDEN) throw hidden();
  pos.write(base + len - 1, 0);
  pos.write(nIdx, len - 1);
  pos.addTo(so + O_HAND + card, 1);
  pos.addTo(BOUGHT + card, 1); // T-BUY-2
}

function returnPending(pos: Position, seat: number, bottom: boolean): void {
  const a = pos.data;
  const so = seatOffset(seat);
  const m = a[PEND_N];
  const len = a[so + O_DECK_N];
  const base = so + O_DECK;
  if (bottom) {
    // Shift the deck up by m, then the first drawn ends up above the later ones.
    for (let i = len - 1; i >= 0; i--) pos.write(base + i + m, a[base + i]);
    for (let i = 0; i < m; i++) pos.write(base + i, a[PEND + m - 1 - i]);
  } else {
    for (let i = 0; i < m; i++) pos.write(base + len + i, a[PEND + m - 1 - i]);
  }
  pos.write(so + O_DECK_N, len + m);
  for (let i = 0; i < 3; i++) pos.write(PEND + i, 0);
  pos.write(PEND_N, 0);
  pos.write(STEP, S_ACTIONS);
}

function playCard(pos: Position, card: number, f: number, t: number, x: number): void {
  const a = pos.data;
  const seat = pos.actor;
  const so = seatOffset(seat);
  pos.write(PLAYED, 1);
  pos.addTo(so + O_HAND + card, -1); // T-PLAY-1: the card leaves the game
  pos.addTo(so + O_PLAYED + card, 1); // … and stays on public record (T-OBS-1)
  switch (card) {
    case AP6:
      pos.write(AP_LIMIT, 6); // T-CARD-AP6-1
      break;
    case AP7:
      pos.write(AP_LIMIT, 7); // T-CARD-AP7-1: 7, [SEED]'s "instead of 6" is a misprint (T-RULE-21)
      break;
    case SUPPLY_BLOCK:
      pos.addTo(SUPPLY, -1);
      pos.addTo(H + t, 1);
      break;
    case BLOCK_UNDER:
      if (x === X_ACTIVE) pos.addTo(ACTIVE, -1);
      else {
        pos.addTo(so + O_STACKS + x, -1);
        pos.addTo(so + O_STACKS + x - 1, 1);
      }
      pos.addTo(H + f, 1);
      break;
    case MOVE_BLOCK:
      pos.addTo(H + f, -1);
      pos.addTo(H + t, 1);
      break;
    default:
      // relocate, diagonal, anyDoor, jumpKnight, climbTwo: the knight goes from f to t.
      if (a[P + f] !== seat + 1) throw new RulesError('ILLEGAL_MOVE', 'not your knight');
      movePiece(pos, f, t);
      break;
  }
}

function room(pos: Position, seat: number): number {
  const base = seatOffset(seat) + O_STACKS;
  let room = 0;
  for (let s = 0; s < pos.stackCap; s++) room += pos.data[base + s] * (pos.stackCap - s);
  return room;
}

function otherStacks(pos: Position, seat: number): number {
  const base = seatOffset(seat) + O_STACKS;
  let n = 0;
  for (let s = 0; s <= MAX_STACK; s++) n += pos.data[base + s];
  return n;
}

/** T-END-TURN-1 and T-REDIST-1..3. */
function endTurn(pos: Position, seat: number): void {
  const a = pos.data;
  const u = a[ACTIVE];
  if (otherStacks(pos, seat) === 0) {
    // T-REDIST-3: the seat's last turn of the phase; T-RULE-4 may carry up to 3 blocks.
    const carry = pos.options.carryOverBlocks && a[PHASE] < 3 ? Math.min(u, 3) : 0;
    pos.addTo(SUPPLY, u - carry);
    pos.write(seatOffset(seat) + O_CARRY, carry);
    pos.write(ACTIVE, 0);
    finishTurn(pos);
    return;
  }
  const r = Math.min(u, 3, room(pos, seat));
  pos.addTo(SUPPLY, u - r); // T-REDIST-2: the rest returns to the supply
  pos.write(ACTIVE, r);
  if (r > 0) pos.write(STEP, S_REDIST);
  else finishTurn(pos);
}

function afterRedistribution(pos: Position): void {
  if (pos.data[CARRY_SPREAD] === 1) {
    pos.write(CARRY_SPREAD, 0);
    pos.write(SPREAD_N, 0);
    pos.write(STEP, S_CHOOSE);
  } else {
    finishTurn(pos);
  }
}

function resetTurn(pos: Position): void {
  pos.write(ACTIVE, 0);
  pos.write(AP_LIMIT, 5); // T-AP-1
  pos.write(AP_USED, 0);
  pos.write(BOUGHT_N, 0);
  for (let c = 0; c <= 10; c++) pos.write(BOUGHT + c, 0);
  pos.write(PLAYED, 0);
  pos.write(SPREAD_N, 0);
  pos.write(CARRY_SPREAD, 0);
}

/** T-REDIST-4: the next seat, round or phase. A turn has at most 20 moves (T-FLOW-6). */
function finishTurn(pos: Position): void {
  const a = pos.data;
  resetTurn(pos);
  let ti = a[TURN] + 1;
  if (ti === pos.players) {
    ti = 0;
    const round = a[ROUND] + 1;
    pos.write(ROUND, round);
    pos.write(TURN, 0);
    if (round === pos.rounds()) {
      endPhase(pos);
      return;
    }
    if (pos.options.roundOrder === 'leaderEachRound') setOrder(pos, leader(pos, a[ORDER]));
  }
  pos.write(TURN, ti);
  startTurn(pos, false); // the turn state was just reset above
}

function setOrder(pos: Position, first: number): void {
  for (let i = 0; i < 4; i++) pos.write(ORDER + i, i < pos.players ? (first + i) % pos.players : 0);
}

/** T-ORDER-3: the lowest scorer; ties (only possible on 0) go to the first clockwise from `from`. */
function lowest(pos: Position, from: number): number {
  let best = from;
  for (let i = 1; i < pos.players; i++) {
    const p = (from + i) % pos.players;
    if (pos.seatScore(p) < pos.seatScore(best)) best = p;
  }
  return best;
}

/** The highest scorer, ties clockwise from `from` (T-ORDER-2 'highest', T-ORDER-4). */
function leader(pos: Position, from: number): number {
  let best = from;
  for (let i = 1; i < pos.players; i++) {
    const p = (from + i) % pos.players;
    if (pos.seatScore(p) > pos.seatScore(best)) best = p;
  }
  return best;
}

/** T-FLOW-5: score the phase, then end the game or deal and offer the king move. */
function endPhase(pos: Position): void {
  const a = pos.data;
  const phase = a[PHASE];
  scorePhase(pos);
  if (phase === 3) {
    pos.write(STEP, S_OVER); // T-END-1
    pos.write(ACTOR, 0);
    pos.write(TURN, 0);
    return;
  }
  const lps = a[LPS];
  const low = lowest(pos, lps);
  let first = low; // T-ORDER-2, and T-MASTER-ORDER-1 in the master version
  if (pos.options.phaseStartPlayer === 'highest') first = leader(pos, lps);
  if (pos.options.roundOrder === 'leaderEachRound') first = leader(pos, lps);
  pos.write(PHASE, phase + 1);
  pos.write(ROUND, 0);
  pos.write(TURN, 0);
  pos.write(LPS, first);
  setOrder(pos, first);
  deal(pos);
  // T-KING-5: the lowest scorer may move the king (skipped when no castle square is free).
  pos.write(STEP, S_KING_MOVE);
  pos.write(ACTOR, low);
}

/**
 * T-PHASE-2: deal the phase's stacks from the supply in seat order, stack by stack. With the
 * default options the supply never runs short (T-RULE-8); otherwise later stacks get size 0.
 */
function deal(pos: Position): void {
  const a = pos.data;
  const sizes = pos.phaseStacks[a[PHASE] - 1] as readonly number[];
  for (const size of sizes) {
    for (let i = 0; i < pos.players; i++) {
      const p = a[ORDER + i];
      const got = Math.min(size, a[SUPPLY]);
      pos.addTo(SUPPLY, -got);
      pos.addTo(seatOffset(p) + O_STACKS + got, 1);
    }
  }
}

/** Starts the turn of the seat at TURN; `reset` is false when the caller just ran `resetTurn`. */
function startTurn(pos: Position, reset: boolean): void {
  const a = pos.data;
  const seat = a[ORDER + a[TURN]];
  pos.write(ACTOR, seat);
  if (reset) resetTurn(pos);
  const so = seatOffset(seat);
  const carry = a[so + O_CARRY];
  if (carry > 0) {
    // T-RULE-4: carried blocks are spread onto the new stacks first (cap applies).
    const r = Math.min(carry, room(pos, seat));
    pos.addTo(SUPPLY, carry - r);
    pos.write(so + O_CARRY, 0);
    if (r > 0) {
      pos.write(ACTIVE, r);
      pos.write(CARRY_SPREAD, 1);
      pos.write(STEP, S_REDIST);
      return;
    }
  }
  pos.write(STEP, S_CHOOSE);
}

/** T-FLOW-4: the forced bookkeeping moves `apply` makes itself. */
export function settle(pos: Position): void {
  const a = pos.data;
  for (;;) {
    const step = a[STEP];
    const so = seatOffset(pos.actor);
    if (step === S_CHOOSE) {
      let only = -1;
      let distinct = 0;
      for (let s = 0; s <= MAX_STACK; s++) {
        if (a[so + O_STACKS + s] > 0) {
          distinct++;
          only = s;
        }
      }
      if (distinct !== 1) return;
      execute(pos, code(K_STACK, 0, 0, only, 0));
    } else if (step === S_REDIST) {
      if (pos.options.redistribution === 'optional') return;
      let only = -1;
      let distinct = 0;
      for (let s = 0; s < pos.stackCap; s++) {
        if (a[so + O_STACKS + s] > 0) {
          distinct++;
          only = s;
        }
      }
      if (distinct !== 1) return;
      execute(pos, code(K_SPREAD, 0, 0, only, 0));
    } else if (step === S_KEEP) {
      if (a[PEND_N] !== 1) return;
      execute(pos, code(K_KEEP, 0, 0, a[PEND], 0));
    } else if (step === S_RETURN) {
      if (a[PEND_N] !== 0 && a[so + O_DECK_N] !== 0) return;
      execute(pos, code(K_RETURN, 0, 0, 0, 0));
    } else if (step === S_KING_MOVE) {
      let any = false;
      for (let q = 0; q < 64 && !any; q++) if (a[H + q] > 0 && a[P + q] === 0) any = true;
      if (any) return;
      execute(pos, code(K_KING_STAY, 0, 0, 0, 0));
    } else {
      return;
    }
  }
}

function hidden(): RulesError {
  return new RulesError(
    'HIDDEN_INFORMATION',
    'buy: the deck order is hidden in this observed state',
  );
}
