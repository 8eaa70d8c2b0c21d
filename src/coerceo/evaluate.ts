/**
 * A static evaluation of Coerceo positions for the bots (alpha-beta's horizon, MCTS cut-offs).
 *
 * @module
 */

import { searchNodeArg } from '../core/args.js';
import { twoSeatValues } from '../core/curve.js';
import type { Evaluator, SearchNode } from '../search/types.js';
import { COLOUR_FIELDS, EN_HI, EN_LO, popcount, VN_HI, VN_LO } from './engine/board.js';
import { CoerceoPosition } from './engine/position.js';
import { positionOf } from './state.js';
import type { CoerceoMove, CoerceoState } from './types.js';

/** Points per piece on the board. */
const MATERIAL = 10;
/** Points per legal step (a small tie-breaker: room to manoeuvre). */
const MOBILITY = 0.15;
/** A held tile is worth this share of the piece it can buy (exchange cost tiles per piece). */
const TILE_SHARE = 0.4;
/** Penalty for a threatened piece of the side that just moved (the opponent may take it now). */
const THREAT_EXPOSED = 4;
/** Penalty for a threatened piece of the side to move (it can still react). */
const THREAT_SAFE = 1.5;
/**
 * Balance (White − Black) that maps to about 73 % in the [0, 1] value: two pieces. Not less:
 * alpha-beta reads values at a resolution of 1/10,000, and a steeper curve made a lead of ten
 * pieces look the same as one of eleven, so a winning side saw no gain in capturing more.
 */
const SCALE = 20;

/** Number of set bits in a 57-bit set held as two words. */
function count2(lo: number, hi: number): number {
  return popcount(lo) + popcount(hi);
}

/** The steps colour `c` could make if it were to move (C-MOVE-1: to empty existing vertex neighbours). */
function mobility(pos: CoerceoPosition, c: number): number {
  const oLo = pos.pieceWord(2 * c);
  const oHi = pos.pieceWord(2 * c + 1);
  const freeLo = pos.presentWord(0) & ~oLo;
  const freeHi = pos.presentWord(1) & ~oHi;
  const base = c * COLOUR_FIELDS;
  let n = 0;
  for (let w = 0; w < 2; w++) {
    let bits = w === 0 ? oLo : oHi;
    while (bits !== 0) {
      const ci = 31 - Math.clz32(bits & -bits) + 32 * w;
      bits &= bits - 1;
      n += count2(VN_LO[base + ci] & freeLo, VN_HI[base + ci] & freeHi);
    }
  }
  return n;
}

/**
 * Pieces of colour `c` that one opponent step could capture (C-CAPTURE-1): every existing edge
 * neighbour but one is held by the opponent, and an opponent piece that is not one of the
 * enclosers stands on a vertex neighbour of that last gap.
 */
function threatened(pos: CoerceoPosition, c: number): number {
  const o = 1 - c;
  const eLo = pos.pieceWord(2 * o);
  const eHi = pos.pieceWord(2 * o + 1);
  const base = c * COLOUR_FIELDS;
  let n = 0;
  for (let w = 0; w < 2; w++) {
    let bits = pos.pieceWord(2 * c + w);
    while (bits !== 0) {
      const ci = 31 - Math.clz32(bits & -bits) + 32 * w;
      bits &= bits - 1;
      const nLo = EN_LO[base + ci] & pos.presentWord(0);
      const nHi = EN_HI[base + ci] & pos.presentWord(1);
      const gapLo = nLo & ~eLo;
      const gapHi = nHi & ~eHi;
      if (count2(gapLo, gapHi) !== 1) continue;
      const gap = gapLo !== 0 ? 31 - Math.clz32(gapLo) : 63 - Math.clz32(gapHi);
      // Attackers: opponent pieces next to the gap that are not needed to enclose.
      const aLo = VN_LO[o * COLOUR_FIELDS + gap] & eLo & ~nLo;
      const aHi = VN_HI[o * COLOUR_FIELDS + gap] & eHi & ~nHi;
      if ((aLo | aHi) !== 0) n++;
    }
  }
  return n;
}

/**
 * The balance of a compact Coerceo position, White minus Black, in points (see
 * {@link coerceoEvaluator} for the terms). Swapping the colours (pieces, tiles held and the
 * side to move) of a position negates it.
 */
export function coerceoBalance(pos: CoerceoPosition): number {
  const tile = (TILE_SHARE * MATERIAL) / Math.max(1, pos.exchangeCost);
  let balance = 0;
  for (let c = 0; c < 2; c++) {
    const sign = c === 0 ? 1 : -1;
    const threat = pos.toMove() === c ? THREAT_SAFE : THREAT_EXPOSED;
    const value =
      MATERIAL * pos.pieceCount(c) +
      tile * pos.heldBy(c) +
      MOBILITY * mobility(pos, c) -
      threat * threatened(pos, c);
    balance += sign * value;
  }
  return balance;
}

function positionFor(node: SearchNode<CoerceoState, CoerceoMove>): CoerceoPosition {
  const p = searchNodeArg('coerceoEvaluator', node).position;
  return p instanceof CoerceoPosition ? p : positionOf(node.state(), 'coerceoEvaluator');
}

/**
 * The Coerceo evaluator: one value per seat in [0, 1] (White, Black), summing to 1; ½ each is
 * even. In plain words, per colour it counts:
 *
 * - **material**: 10 points per piece on the board;
 * - **tiles held**: 40 % of a piece's value per exchange's worth of tiles (4 points per tile
 *   at the standard cost of 2): tiles buy exchanges, but an exchange spends a turn;
 * - **mobility**: 0.15 points per step the colour could make (room to manoeuvre, and fewer
 *   pieces stuck on a shrinking board);
 * - **threatened pieces**: a piece the opponent could capture with one step (all its existing
 *   edge neighbours but one held by the opponent, and a free opponent piece next to the gap)
 *   costs 4 points when its side has just moved (the opponent is to move and may take it) and
 *   1.5 when its side is to move (it can still save it).
 *
 * White's total minus Black's goes through a logistic curve (20 points, two pieces, ≈ 73 %; one
 * piece ≈ 62 %), gentle enough that a bigger lead still scores higher when far ahead.
 * Swapping the colours of everything (pieces, tiles held, side to move) swaps the two values.
 */
export const coerceoEvaluator: Evaluator<CoerceoState, CoerceoMove> = (node) =>
  twoSeatValues(coerceoBalance(positionFor(node)), SCALE);

/** {@link coerceoEvaluator} on an immutable state: `[White, Black]` in [0, 1]. */
export function evaluateCoerceo(state: CoerceoState): number[] {
  return twoSeatValues(coerceoBalance(positionOf(state, 'evaluateCoerceo')), SCALE);
}
