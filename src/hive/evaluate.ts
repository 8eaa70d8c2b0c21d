/**
 * A static evaluation of Hive positions for the bots (alpha-beta's horizon, MCTS cut-offs).
 *
 * @module
 */

import { integerArg, searchNodeArg } from '../core/args.js';
import { twoSeatValues } from '../core/curve.js';
import type { Evaluator, SearchNode } from '../search/types.js';
import { isCutCell, locallyUncut, markCutCells } from './engine/articulation.js';
import { CELLS, NB as I_NB } from './engine/board.js';
import {
  ANT,
  BEETLE,
  CENTIPEDE,
  DRAGONFLY,
  FLY,
  GRASSHOPPER,
  KIND_FIRST_SLOT,
  KINDS,
  LADYBUG,
  MANTIS,
  MOSQUITO,
  PIECES,
  PILLBUG,
  QUEEN,
  ROACH,
  SCORPION,
  SLOT_KIND,
  SLOTS,
  SPIDER,
  WASP,
} from './engine/pieces.js';
import { Position } from './engine/position.js';
import { livePosition } from './state.js';
import type { HiveMove, HiveState } from './types.js';

const NB = I_NB;

/**
 * What a piece of each kind is worth, in points: in hand it counts once, on the board twice
 * while it can move and not at all while it is pinned. The Queen's value (its own mobility, a
 * Queen that can step away from danger) comes with the aggression ({@link HiveWeights}).
 * Mosquitoes take the value of what they can copy.
 */
const KIND_VALUE: Int32Array = (() => {
  const t = new Int32Array(KINDS);
  t[SPIDER] = 2;
  t[BEETLE] = 6;
  t[GRASSHOPPER] = 2;
  t[ANT] = 7;
  t[MOSQUITO] = 8;
  t[LADYBUG] = 6;
  t[PILLBUG] = 5;
  // Fan bugs (H-FAN), by how far each usually reaches compared with the bugs above.
  t[MANTIS] = 5;
  t[FLY] = 7;
  t[SCORPION] = 3;
  t[WASP] = 7;
  t[ROACH] = 5;
  t[DRAGONFLY] = 6;
  t[CENTIPEDE] = 4;
  return t;
})();

/** The weights of the Queen terms, set by an aggression of 1..5 (the UHP option `Aggression`). */
interface HiveWeights {
  /** A free Queen's value (twice this on the board). */
  readonly queen: number;
  /** A piece next to its own Queen: the full cost if it cannot leave, half if it can. */
  readonly ownLiberty: number;
  /** A piece next to the opponent's Queen: what it costs that Queen's side. */
  readonly enemyLiberty: number;
  /** A Pillbug power beside one's own Queen with a roomy hex to lift her to. */
  readonly pillbugDefence: number;
}

/** The weights of an aggression level: the Queen terms grow with it. */
function weightsOf(aggression: number): HiveWeights {
  return {
    queen: 4 * aggression,
    ownLiberty: 10 * aggression,
    enemyLiberty: 12 * aggression,
    pillbugDefence: 40 * aggression,
  };
}

/** The aggression of {@link hiveEvaluator}. */
export const DEFAULT_AGGRESSION = 3;
const DEFAULT_WEIGHTS = weightsOf(DEFAULT_AGGRESSION);
/** Balance (White − Black) that maps to about 73 % in the [0, 1] value. */
const SCALE = 120;

/** True when a ground piece on `c` has a free slide (an empty neighbour not behind a gate). */
function canSlideOut(height: Uint8Array, c: number): boolean {
  const b = c * 6;
  for (let d = 0; d < 6; d++) {
    if (height[NB[b + d]] !== 0) continue;
    const f1 = height[NB[b + ((d + 5) % 6)]] > 0;
    const f2 = height[NB[b + ((d + 1) % 6)]] > 0;
    if (f1 !== f2) return true;
  }
  return false;
}

/** Whether a ground piece of this kind needs a free slide to move at all. */
function crawls(kind: number): boolean {
  return (
    kind === QUEEN ||
    kind === SPIDER ||
    kind === ANT ||
    kind === PILLBUG ||
    kind === SCORPION ||
    kind === CENTIPEDE
  );
}

const kindAt = (top: Int8Array, c: number): number => SLOT_KIND[top[c] % SLOTS];
const colourAt = (top: Int8Array, c: number): number => (top[c] >= SLOTS ? 1 : 0);

/**
 * Scratch marks of the cells next to each Queen: `near[c] === stamp` (White's Queen) or
 * `stamp + 1` (Black's) — a cell next to both is handled by {@link nearQueen}'s two checks.
 */
const nearWhite = new Uint32Array(CELLS);
const nearBlack = new Uint32Array(CELLS);
let nearStamp = 0;

/** Marks the six neighbours of `queen` (if placed) in `near` with a fresh stamp. */
function markNear(near: Uint32Array, queen: number, stamp: number): void {
  if (queen < 0) return;
  const base = queen * 6;
  for (let d = 0; d < 6; d++) near[NB[base + d]] = stamp;
}

/** The empty neighbours of `lib`, counting the Queen's own cell `queen` as empty. */
function libertiesOf(height: Uint8Array, queen: number, lib: number): number {
  let n = 0;
  const base = lib * 6;
  for (let d = 0; d < 6; d++) {
    const c = NB[base + d];
    if (c === queen || height[c] === 0) n++;
  }
  return n;
}

/** Whether `colour` may place on the empty cell `c` (no neighbour shows the other colour). */
function placeable(height: Uint8Array, top: Int8Array, c: number, colour: number): boolean {
  if (height[c] !== 0) return false;
  const base = c * 6;
  for (let d = 0; d < 6; d++) {
    const n = NB[base + d];
    if (height[n] > 0 && colourAt(top, n) !== colour) return false;
  }
  return true;
}

/**
 * The balance of a compact Hive position, White minus Black, in points (see
 * {@link hiveEvaluator} for the terms). Independent of the side to move, so swapping the
 * colours of every piece negates it.
 */
export function hiveBalance(pos: Position, weights: HiveWeights = DEFAULT_WEIGHTS): number {
  const height = pos.height;
  const top = pos.top;
  const cell = pos.cell;
  const inGame = pos.inGame;
  // Pinned pieces: alone on a cell whose removal splits the hive. The articulation pass runs
  // only when the local test leaves a cell open (0: not run yet).
  let cutMark = 0;
  const whiteQueen = cell[0];
  const blackQueen = cell[SLOTS];
  if (++nearStamp === 0xffffffff) {
    nearWhite.fill(0);
    nearBlack.fill(0);
    nearStamp = 1;
  }
  const stamp = nearStamp;
  markNear(nearWhite, whiteQueen, stamp);
  markNear(nearBlack, blackQueen, stamp);
  // White's points minus Black's; Queen-liberty costs are already signed.
  let balance = 0;
  let whiteDefended = false;
  let blackDefended = false;
  for (let p = 0; p < PIECES; p++) {
    const white = p < SLOTS;
    const sign = white ? 1 : -1;
    const c = cell[p];
    if (c < 0) {
      // In hand: worth its value once (a reserve to bring in where it is needed).
      if (inGame[p]) {
        const kind = SLOT_KIND[p % SLOTS];
        balance += sign * (kind === QUEEN ? weights.queen : KIND_VALUE[kind]);
      }
      continue;
    }
    if (top[c] !== p) continue; // covered: pinned, and its cell counts through the top piece
    const kind = SLOT_KIND[p % SLOTS];
    const stacked = height[c] > 1;
    let value = kind === QUEEN ? weights.queen : KIND_VALUE[kind];
    let crawler = crawls(kind);
    let pillbugPowers = kind === PILLBUG;
    if (kind === MOSQUITO) {
      // A Mosquito is what it can copy: a Beetle on top, else its best non-Queen neighbour.
      value = 0;
      crawler = !stacked;
      if (stacked) value = KIND_VALUE[BEETLE];
      else {
        const base = c * 6;
        for (let d = 0; d < 6; d++) {
          const n = NB[base + d];
          if (height[n] === 0) continue;
          const k = kindAt(top, n);
          if (k !== QUEEN && KIND_VALUE[k] > value) value = KIND_VALUE[k];
          if (k === PILLBUG) pillbugPowers = true;
          if (!crawls(k)) crawler = false;
        }
      }
    }
    let pinned = false;
    if (!stacked) {
      if (crawler && !canSlideOut(height, c)) pinned = true;
      else if (!locallyUncut(height, c)) {
        if (cutMark === 0) cutMark = markCutCells(height, c);
        pinned = isCutCell(c, cutMark);
      }
    }
    if (stacked) value *= 2;
    const ownQueen = white ? whiteQueen : blackQueen;
    if ((white ? nearWhite : nearBlack)[c] === stamp) {
      // Filling one's own Queen's liberty: a piece that can step away again costs half.
      balance -= sign * (pinned ? weights.ownLiberty : weights.ownLiberty / 2);
      if (pillbugPowers && height[ownQueen] === 1 && roomyEscape(height, ownQueen, c)) {
        if (white) whiteDefended = true;
        else blackDefended = true;
      }
    }
    if ((white ? nearBlack : nearWhite)[c] === stamp) {
      // Pressing the opponent's Queen: the piece's own value is spent on it.
      value = 0;
      balance += sign * weights.enemyLiberty;
    }
    if (!pinned) balance += sign * 2 * value;
  }
  balance +=
    pillbugDefence(pos, 0, whiteDefended, weights.pillbugDefence) -
    pillbugDefence(pos, 1, blackDefended, weights.pillbugDefence);
  return balance;
}

/** Whether a piece with Pillbug powers on `c` could lift the Queen on `queen` to a roomy hex. */
function roomyEscape(height: Uint8Array, queen: number, c: number): boolean {
  const base = c * 6;
  for (let d = 0; d < 6; d++) {
    const lib = NB[base + d];
    if (height[lib] === 0 && libertiesOf(height, queen, lib) > 2) return true;
  }
  return false;
}

/**
 * The Pillbug defence of `colour`: full when a Pillbug power stands ready beside its Queen,
 * half when a Pillbug in hand could still be placed beside a free Queen, else nothing.
 */
function pillbugDefence(pos: Position, colour: number, ready: boolean, full: number): number {
  if (ready) return full;
  const { height, top, cell, inGame } = pos;
  const queen = cell[colour * SLOTS];
  const pillbug = colour * SLOTS + KIND_FIRST_SLOT[PILLBUG];
  if (queen < 0 || height[queen] !== 1 || !inGame[pillbug] || cell[pillbug] >= 0) return 0;
  const base = queen * 6;
  for (let d = 0; d < 6; d++) {
    if (placeable(height, top, NB[base + d], colour)) return full / 2;
  }
  return 0;
}

/** The compact position behind a search node (the live one on the fast path). */
function positionFor(node: SearchNode<HiveState, HiveMove>): Position {
  const p = searchNodeArg('hiveEvaluator', node).position;
  return p instanceof Position ? p : livePosition(node.state(), 'hiveEvaluator');
}

/**
 * The Hive evaluator: one value per seat in [0, 1] (White, Black), summing to 1; ½ each is
 * even. In points, each side gets:
 *
 * - **pieces**: every piece has a value by kind (Queen 12, Mosquito 8, Ant 7, Beetle and Ladybug
 *   6, Pillbug 5, Grasshopper and Spider 2; the fan bugs: Fly and Wasp 7, Dragonfly 6, Mantis and
 *   Cockroach 5, Centipede 4, Scorpion 3). A piece in hand counts its value once; a piece on the
 *   board counts it twice while it can move and nothing while it is **pinned** (alone on a cell
 *   whose removal would split the hive, or a sliding bug — Queen, Spider, Ant, Pillbug,
 *   Scorpion, Centipede — with no free slide out of its gaps); a piece on top of a stack counts
 *   double (it can always move, and it pins what it covers). A Mosquito is worth the best bug
 *   beside it (a Beetle on top of the hive);
 * - **Queen liberties**: every piece next to one's own Queen costs 30 points, or 15 if it can
 *   step away; every piece next to the opponent's Queen costs the opponent 36 and is worth
 *   nothing else (it is spent on the attack);
 * - **Pillbug defence**: 120 points when a Pillbug (or a Mosquito beside one) stands next to
 *   one's own Queen with a roomy empty hex to lift her to; 60 when a Pillbug in hand could still
 *   be placed beside her.
 *
 * These are the weights at the default aggression 3; the UHP engine's `Aggression` option
 * scales the Queen terms (see `hiveEvaluatorWith`). White's points minus Black's go through a
 * logistic curve (120 points ≈ 73 %). The side to
 * move is ignored, so swapping the colours of every piece swaps the two values. The terms and
 * weights follow the shape of nokamute's evaluator (the engine behind hivegame.com's bot), and
 * are measured by `boardrules match` against it.
 */
export const hiveEvaluator: Evaluator<HiveState, HiveMove> = (node) =>
  twoSeatValues(hiveBalance(positionFor(node)), SCALE);

/**
 * {@link hiveEvaluator} with another aggression (an integer 1..5, default 3): the Queen terms
 * scale with it — the Queen's value 4×, a liberty 10× (an attacker's 12×), the Pillbug defence
 * 40× the level. The UHP engine's `Aggression` option, and what a helper thread of its search
 * (`UhpSearchHelpers`) evaluates with. Throws `RulesError('INVALID_ARGUMENT')` for another value.
 */
export function hiveEvaluatorWith(aggression: number): Evaluator<HiveState, HiveMove> {
  integerArg('hiveEvaluatorWith', 'the aggression', aggression, 1, 5);
  if (aggression === DEFAULT_AGGRESSION) return hiveEvaluator;
  const weights = weightsOf(aggression);
  return (node) => twoSeatValues(hiveBalance(positionFor(node), weights), SCALE);
}

/** {@link hiveEvaluator} on an immutable state: `[White, Black]` in [0, 1]. */
export function evaluateHive(state: HiveState): number[] {
  return twoSeatValues(hiveBalance(livePosition(state, 'evaluateHive')), SCALE);
}
