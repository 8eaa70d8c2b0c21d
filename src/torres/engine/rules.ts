/**
 * The Torres rule helpers the generator, the turn flow and the queries share: end-of-phase
 * scoring (§10) and the master cards (§11) as pure functions of the board, the scoring of a
 * phase on a position (leapfrogging in scoring order), and the block-placement sets (T-BLOCK-2/3).
 *
 * `pieces[q]` is 0 for an empty square, `p + 1` for a knight of seat p and {@link KING}.
 *
 * @module
 */

import { labelRegions, makeRegions, type Regions } from '../../geometry/grid.js';
import type { TorresOptions } from '../options.js';
import { bitHi, bitLo, flood, growHi, growLo, lowest } from './bits.js';
import { type Castles, GRID, labelCastles, makeCastles } from './board.js';
import { KING } from './constants.js';
import { LPS, MASTER, O_SCORE, PHASE, seatOffset } from './layout.js';
import type { Position } from './position.js';

// The king's value lives in constants.ts so the build inlines it.
export { KING } from './constants.js';

const regionsBuf: Regions = makeRegions(GRID);

/** Scratch castles of the scoring functions. */
const scoring: Castles = makeCastles();
/** Scratch of {@link readBoard}. */
const boardSets = new Int32Array(10);
/** Scratch of {@link kingBonus}: the king's castle. */
const kingCastle = new Int32Array(2);

/**
 * The board as bit sets (see `bits.ts`): the squares with h > 0 at `[0, 1]`, then the knights of
 * colour p at `[2 + 2p, 3 + 2p]`. The scoring functions take them from a caller that keeps them
 * (the position) or read them from the arrays.
 */
export function readBoard(heights: ArrayLike<number>, pieces: ArrayLike<number>): Int32Array {
  boardSets.fill(0);
  for (let q = 0; q < 64; q++) {
    const half = q >> 5;
    const bit = 1 << (q & 31);
    if (heights[q] > 0) boardSets[half] = boardSets[half] | bit;
    const p = pieces[q];
    if (p >= 1 && p <= 4) boardSets[2 * p + half] = boardSets[2 * p + half] | bit;
  }
  return boardSets;
}

/** Whether a knight of the set `lo, hi` stands at exactly `level`. */
function anyAt(heights: ArrayLike<number>, lo: number, hi: number, level: number): boolean {
  for (let m = lo; m !== 0; m &= m - 1) if (heights[lowest(m)] === level) return true;
  for (let m = hi; m !== 0; m &= m - 1) if (heights[lowest(m) + 32] === level) return true;
  return false;
}

/** The highest level of a knight in the set `lo, hi` (0 when it is empty). */
function highest(heights: ArrayLike<number>, lo: number, hi: number): number {
  let best = 0;
  for (let m = lo; m !== 0; m &= m - 1) best = Math.max(best, heights[lowest(m)]);
  for (let m = hi; m !== 0; m &= m - 1) best = Math.max(best, heights[lowest(m) + 32]);
  return best;
}

/**
 * T-SCORE-1: each seat's castle points: for every castle holding a knight of the seat at level
 * ≥ 1, area × the highest level of the seat's knights there (once per castle). Level-0 knights
 * are in no castle (T-GEO-4) and score nothing. `sets`: the board as {@link readBoard} gives it.
 */
export function castlePoints(
  heights: ArrayLike<number>,
  pieces: ArrayLike<number>,
  n: number,
  sets: Int32Array = readBoard(heights, pieces),
): number[] {
  const r = scoring;
  labelCastles(sets[0], sets[1], r);
  const out = new Array<number>(n).fill(0);
  for (let id = 0; id < r.count; id++) {
    const cLo = r.sets[2 * id];
    const cHi = r.sets[2 * id + 1];
    for (let p = 0; p < n; p++) {
      const top = highest(heights, cLo & sets[2 + 2 * p], cHi & sets[3 + 2 * p]);
      out[p] = out[p] + r.areas[id] * top;
    }
  }
  return out;
}

/**
 * T-KING-4: after phase `phase`, 5 × phase for each seat with a knight in the king's castle at
 * level exactly `phase` (once per seat). `sets`: the board as {@link readBoard} gives it.
 */
export function kingBonus(
  heights: ArrayLike<number>,
  pieces: ArrayLike<number>,
  n: number,
  phase: number,
  sets?: Int32Array,
): number[] {
  const out = new Array<number>(n).fill(0);
  let king = -1;
  for (let q = 0; q < 64; q++) if (pieces[q] === KING) king = q;
  // T-KING-3: the king's castle is the one under the king at scoring time (never eliminated).
  if (king < 0 || heights[king] === 0) return out;
  const b = sets ?? readBoard(heights, pieces);
  flood(bitLo(king), bitHi(king), b[0], b[1], kingCastle, 0);
  const cLo = kingCastle[0];
  const cHi = kingCastle[1];
  for (let p = 0; p < n; p++) {
    const lo = cLo & b[2 + 2 * p];
    const hi = cHi & b[3 + 2 * p];
    if (anyAt(heights, lo, hi, phase)) out[p] = 5 * phase;
  }
  return out;
}

function knightsOf(pieces: ArrayLike<number>, seat: number): number[] {
  const out: number[] = [];
  for (let q = 0; q < 64; q++) if (pieces[q] === seat + 1) out.push(q);
  return out;
}

const isEdge = (q: number): boolean =>
  (q & 7) === 0 || (q & 7) === 7 || q >> 3 === 0 || q >> 3 === 7;
const isDiag = (q: number): boolean => (q & 7) === q >> 3 || (q & 7) + (q >> 3) === 7;

function countCardPoints(
  pieces: ArrayLike<number>,
  n: number,
  phase: number,
  on: (q: number) => boolean,
): number[] {
  // T-MASTER-EDGE-1 / T-MASTER-DIAG-1: 2/5/10 per knight plus the same for a strict majority.
  const per = [0, 2, 5, 10][phase];
  const counts = Array.from({ length: n }, (_, p) => knightsOf(pieces, p).filter(on).length);
  const most = Math.max(...counts);
  const leaders = counts.filter((c) => c === most).length;
  return counts.map((c) => c * per + (c === most && c > 0 && leaders === 1 ? per : 0));
}

function connected(qs: readonly number[], eightWay: boolean): boolean {
  const set = new Set(qs);
  const seen = new Set([qs[0]]);
  const todo = [qs[0]];
  while (todo.length > 0) {
    const q = todo.pop() as number;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        if (dx === 0 && dy === 0) continue;
        if (dx !== 0 && dy !== 0 && !eightWay) continue; // diagonal contact only with 'eightWay'
        const x = (q & 7) + dx;
        const y = (q >> 3) + dy;
        const d = 8 * y + x;
        if (x < 0 || x > 7 || y < 0 || y > 7 || !set.has(d) || seen.has(d)) continue;
        seen.add(d);
        todo.push(d);
      }
    }
  }
  return seen.size === qs.length;
}

function inLine(qs: readonly number[], withDiagonals: boolean): boolean {
  if (qs.length === 1) return true;
  const dirs = withDiagonals
    ? [
        [1, 0],
        [0, 1],
        [1, 1],
        [1, -1],
      ]
    : [
        [1, 0],
        [0, 1],
      ];
  const set = new Set(qs);
  for (const [dx, dy] of dirs as [number, number][]) {
    // Find the end of the line with no predecessor, then walk it.
    for (const q of qs) {
      const px = (q & 7) - dx;
      const py = (q >> 3) - dy;
      if (px >= 0 && px < 8 && py >= 0 && py < 8 && set.has(8 * py + px)) continue;
      let len = 1;
      let x = (q & 7) + dx;
      let y = (q >> 3) + dy;
      while (x >= 0 && x < 8 && y >= 0 && y < 8 && set.has(8 * y + x)) {
        len++;
        x += dx;
        y += dy;
      }
      if (len === qs.length) return true;
    }
  }
  return false;
}

function hasSquare(qs: readonly number[], anyOrientation: boolean): boolean {
  const set = new Set(qs);
  const at = (x: number, y: number): boolean =>
    x >= 0 && x < 8 && y >= 0 && y < 8 && set.has(8 * y + x);
  for (const q of qs) {
    const x = q & 7;
    const y = q >> 3;
    for (let a = 1; a < 8; a++) {
      for (let b = 0; b < 8; b++) {
        if (b > 0 && !anyOrientation) break;
        // Corners q, q + (a, b), q + (a − b, a + b), q + (−b, a): a square of side vector (a, b).
        if (at(x + a, y + b) && at(x + a - b, y + b + a) && at(x - b, y + a)) return true;
      }
    }
  }
  return false;
}

/**
 * The master card's points per seat after `phase` (T-MASTER-CARD-1 and the eight
 * T-MASTER-* rules). `card` is 1..8 in table order.
 */
export function masterPoints(
  card: number,
  heights: ArrayLike<number>,
  pieces: ArrayLike<number>,
  n: number,
  phase: number,
  o: TorresOptions,
): number[] {
  if (card === 1) return countCardPoints(pieces, n, phase, isEdge); // T-MASTER-EDGE-1
  if (card === 2) return countCardPoints(pieces, n, phase, isDiag); // T-MASTER-DIAG-1
  const out = new Array<number>(n).fill(0);
  if (card === 3) {
    // T-MASTER-CASTLES-1: exactly 4 / 5 / 6 distinct castles after phase 1 / 2 / 3.
    const r = labelRegions(GRID, heights, regionsBuf);
    for (let p = 0; p < n; p++) {
      const ids = new Set<number>();
      for (const q of knightsOf(pieces, p)) if (r.labels[q] >= 0) ids.add(r.labels[q]);
      if (ids.size === phase + 3) out[p] = [0, 5, 15, 30][phase];
    }
    return out;
  }
  if (phase !== 3) return out; // cards 4..8 score after phase 3 only
  for (let p = 0; p < n; p++) {
    const qs = knightsOf(pieces, p);
    // T-RULE-9: a card about all the seat's knights needs masterMinKnights on the board.
    const enough = qs.length >= o.masterMinKnights && qs.length > 0;
    const levels = qs.map((q) => heights[q]);
    let pts = 0;
    if (card === 4 && enough && connected(qs, o.masterContiguity === 'eightWay')) pts = 40; // T-MASTER-CONTIG-1
    if (card === 5 && enough && new Set(levels).size === levels.length) pts = 40; // T-MASTER-LEVELS-1
    if (card === 6 && enough && inLine(qs, o.masterLine === 'withDiagonals')) pts = 50; // T-MASTER-LINE-1
    if (card === 7 && qs.length >= 4 && hasSquare(qs, o.masterSquare === 'anyOrientation'))
      pts = 50; // T-MASTER-SQUARE-1
    if (card === 8 && enough && new Set(levels).size === 1) pts = 50; // T-MASTER-SAME-1
    out[p] = pts;
  }
  return out;
}

/**
 * T-BLOCK-3 on a labelled board: the ground squares (`groundLo, groundHi`) next to exactly one
 * castle of `r` (none founds a castle, two would merge). Written at `out[0], out[1]`.
 */
export function nextToOneCastle(
  r: Castles,
  groundLo: number,
  groundHi: number,
  out: Int32Array,
): void {
  let onceLo = 0;
  let onceHi = 0;
  let twiceLo = 0;
  let twiceHi = 0;
  for (let id = 0; id < r.count; id++) {
    const lo = r.sets[2 * id];
    const hi = r.sets[2 * id + 1];
    const nLo = growLo(lo, hi);
    const nHi = growHi(lo, hi);
    twiceLo |= onceLo & nLo;
    twiceHi |= onceHi & nHi;
    onceLo |= nLo;
    onceHi |= nHi;
  }
  out[0] = onceLo & ~twiceLo & groundLo;
  out[1] = onceHi & ~twiceHi & groundHi;
}

/**
 * T-BLOCK-2, T-GEO-5: the castle squares of `r` that may rise by one, h + 1 ≤ the castle's area,
 * i.e. outside the level set of height area − 1. ORed into `out[0], out[1]`.
 */
export function raisable(r: Castles, levels: Int32Array, out: Int32Array): void {
  let lo = out[0];
  let hi = out[1];
  for (let id = 0; id < r.count; id++) {
    const t = r.areas[id] - 1;
    lo |= r.sets[2 * id] & ~levels[2 * t];
    hi |= r.sets[2 * id + 1] & ~levels[2 * t + 1];
  }
  out[0] = lo;
  out[1] = hi;
}

// ---- scoring a phase on the position (T-SCORE-*, T-TRACK-2) ----

/** Scratch of `positionSets`. */
const scoringSets = new Int32Array(10);

/**
 * T-TRACK-2 (leapfrog): move seat p by k, skipping every occupied space; AP steps leapfrog
 * too (T-RULE-10).
 */
export function advance(pos: Position, p: number, k: number): void {
  if (k === 0) return;
  let target = pos.seatScore(p) + k;
  for (;;) {
    let taken = false;
    for (let q = 0; q < pos.players; q++) if (q !== p && pos.seatScore(q) === target) taken = true;
    if (!taken) break;
    target++;
  }
  pos.write(seatOffset(p) + O_SCORE, target);
}

/** The seats in scoring order (T-SCORE-2). */
function scoringOrder(pos: Position): number[] {
  const lps = pos.data[LPS];
  const seats = new Array<number>(pos.players);
  for (let i = 0; i < pos.players; i++) seats[i] = (lps + i) % pos.players;
  if (pos.options.scoringOrder === 'leaderFirst')
    seats.sort((x, y) => pos.seatScore(y) - pos.seatScore(x));
  return seats;
}

/** The board's bit sets in the layout of `readBoard` (rules.ts), from the kept ones. */
function positionSets(pos: Position): Int32Array {
  scoringSets[0] = pos.levels[0];
  scoringSets[1] = pos.levels[1];
  scoringSets.set(pos.knights, 2);
  return scoringSets;
}

/**
 * Scores the current phase (T-SCORE-1, castles; T-KING-4, the king bonus; §11, the master card).
 * `queries.projectedScores` runs it on a copy.
 */
export function scorePhase(pos: Position): void {
  const phase = pos.data[PHASE];
  // T-SCORE-4: the board as it stands after the phase's last turn; only knights on it score.
  // T-SCORE-3: every seat's castles first, one movement each, then the king bonuses, then the
  // master card, each a separate movement in scoring order (T-SCORE-2), leapfrogging (T-TRACK-2).
  const order = scoringOrder(pos);
  const sets = positionSets(pos);
  const castles = castlePoints(pos.heights, pos.pieces, pos.players, sets);
  for (const p of order) advance(pos, p, castles[p]);
  const bonus = kingBonus(pos.heights, pos.pieces, pos.players, phase, sets);
  for (const p of order) advance(pos, p, bonus[p]);
  const master = pos.data[MASTER];
  if (master > 0) {
    const pts = masterPoints(master, pos.heights, pos.pieces, pos.players, phase, pos.options);
    for (const p of order) advance(pos, p, pts[p]);
  }
}
