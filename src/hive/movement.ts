/**
 * The scratch state of one move-generator call and the movement rules every bug shares: the
 * move set (H-MOVESET-1), slides and gates (H-MOVE-4/5), the One Hive pin (H-MOVE-3), the base
 * game's bugs' movements and the Pillbug's throw. moves.ts drives a call; fan-moves.ts adds the
 * fan bugs. The state lives here, module-level and written only during a call (single-threaded,
 * no allocation); the other two files read it.
 *
 * @module
 */
import { isCutCell, locallyUncut, markCutCells } from './articulation.js';

import { cellQ as I_cellQ, cellR as I_cellR, NB as I_NB, wrap as I_wrap } from './board.js';
import {
  CELLS as I_CELLS,
  PIECES as I_PIECES,
  SLOTS as I_SLOTS,
  OP_MOVE,
  OP_SPAN,
  SCORPION,
} from './constants.js';
import { SLOT_KIND as I_SLOT_KIND } from './pieces.js';
import type { Position } from './position.js';

// Local aliases: the test runner's module-namespace indirections would otherwise sit in the
// hottest loops. The build drops them (tsup.config.ts), so the bundle reads the numbers of
// constants.ts as literals.
const CELLS = I_CELLS;
const cellQ = I_cellQ;
const cellR = I_cellR;
const NB = I_NB;
const wrap = I_wrap;
const PIECES = I_PIECES;
const SLOT_KIND = I_SLOT_KIND;
const SLOTS = I_SLOTS;

/**
 * An upper bound on the number of legal moves in any position: at most 28 pieces are in play,
 * each with fewer than 200 destinations over all operations.
 */

// ---- scratch state shared by one generate() call (single-threaded, no allocation) ----------
export const marks: Uint32Array = new Uint32Array(4 * PIECES * CELLS);
let stamp = 0;
export const seen: Uint32Array = new Uint32Array(CELLS);
let seenStamp = 0;
/** The stamp of this generate call's cut cells (0 until the first `pinned` needs them). */
export let cutMark = 0;
/** An occupied cell to start the cut-cell search from. */
export let cutStart = 0;
export const queue: Int16Array = new Int16Array(CELLS);

export let P: Position;
export let height: Uint8Array;
export let top: Int8Array;
export let out: Int32Array;
export let n = 0;
export let mover = 0; // side to move
export let anchorQ = 0;
export let anchorR = 0;
export let frozen1 = -1; // F (H-FREEZE-1, H-FAN-GEN-2)
export let frozen2 = -1;
export let scorpions = false; // the game has a Scorpion (H-FAN-SCORPION-2 checks needed)

export function nextStamp(): void {
  if (++stamp === 0xffffffff) {
    marks.fill(0);
    stamp = 1;
  }
}

export function nextSeen(): number {
  if (++seenStamp === 0xffffffff) {
    seen.fill(0);
    seenStamp = 1;
  }
  return seenStamp;
}

/**
 * Sort key of a destination: `rank` (the mover's pieces by slot, then the opponent's thrown,
 * grabbed or swapped pieces), then the operation, then `r`, then `q` relative to the anchor (the
 * order of H-MOVESET-3).
 */
export function key(rank: number, op: number, c: number): number {
  return (
    (rank << 14) |
    (op << 12) |
    ((wrap(cellR(c) - anchorR) + 32) << 6) |
    (wrap(cellQ(c) - anchorQ) + 32)
  );
}

/**
 * Adds the move (operation, piece, cell) once (H-MOVESET-1): a throw that equals the piece's own
 * move is one move (H-PILLBUG-5), as are several Spider/Ladybug paths or Mosquito copies to one
 * hex.
 */
export function addOp(op: number, p: number, c: number): void {
  const i = op * OP_SPAN + p * CELLS + c;
  if (marks[i] === stamp) return;
  marks[i] = stamp;
  const slot = p % SLOTS;
  const own = p >= SLOTS ? 1 : 0;
  out[n++] = key((own === mover ? 0 : SLOTS) + slot, op, c);
}

/** Adds the placement-free movement of `p` to `c` (see {@link addOp}). */
export function add(p: number, c: number): void {
  addOp(OP_MOVE, p, c);
}

/**
 * H-FAN-SCORPION-2: the cell holds a Scorpion, which nothing may climb onto, jump or move
 * (H-FAN-SCORPION-e: friendly pieces neither). Only a real Scorpion is immune: a Mosquito copying
 * one is not (H-FAN-SCORPION-3, H-FAN-SCORPION-a). For contact, gates, placement, surrounding and
 * One Hive a Scorpion is an ordinary occupied hex of height 1 (H-FAN-SCORPION-f).
 */
export function immune(c: number): boolean {
  if (!scorpions) return false;
  const t = top[c];
  return t >= 0 && SLOT_KIND[t % SLOTS] === SCORPION;
}

/** The top piece of occupied cell `c` belongs to the side to move. */
export function friendly(c: number): boolean {
  return (top[c] >= SLOTS ? 1 : 0) === mover;
}

// ---- H-MOVE-4 / H-MOVE-5 -------------------------------------------------------------------

/**
 * H-MOVE-4 (slide: Freedom to Move + contact) as a table. Two occupied flanks form a gate; two
 * empty flanks would lose contact with the hive. For the 6-bit occupancy mask of a hex's neighbours (bit d = direction d
 * occupied), the mask of directions a level-0 slide may take (empty target, exactly one
 * occupied flank).
 */
const SLIDES: Uint8Array = (() => {
  const t = new Uint8Array(64);
  for (let m = 0; m < 64; m++) {
    let legal = 0;
    for (let d = 0; d < 6; d++) {
      const target = (m >> d) & 1;
      const f1 = (m >> ((d + 5) % 6)) & 1;
      const f2 = (m >> ((d + 1) % 6)) & 1;
      if (target === 0 && f1 !== f2) legal |= 1 << d;
    }
    t[m] = legal;
  }
  return t;
})();

/** The directions a level-0 slide from `a` may take (the mover already lifted), as a mask. */
export function slides(a: number): number {
  const b = a * 6;
  return SLIDES[
    (height[NB[b]] === 0 ? 0 : 1) |
      (height[NB[b + 1]] === 0 ? 0 : 2) |
      (height[NB[b + 2]] === 0 ? 0 : 4) |
      (height[NB[b + 3]] === 0 ? 0 : 8) |
      (height[NB[b + 4]] === 0 ? 0 : 16) |
      (height[NB[b + 5]] === 0 ? 0 : 32)
  ];
}

/** H-MOVE-5: a step from `a` (height `hA` after lifting) to its neighbour in direction `d`. */
export function canStep(a: number, d: number, hA: number): boolean {
  const hB = height[NB[a * 6 + d]];
  const h1 = height[NB[a * 6 + ((d + 5) % 6)]];
  const h2 = height[NB[a * 6 + ((d + 1) % 6)]];
  if (hA === 0 && hB === 0 && h1 === 0 && h2 === 0) return false;
  return Math.min(h1, h2) <= Math.max(hA, hB);
}

/**
 * H-MOVE-3: a piece alone on cell `c` is pinned when lifting it would split the hive. A local
 * test settles most cells; the rest use the articulation points, computed once per generate
 * call and only when needed.
 */
export function pinned(c: number): boolean {
  if (height[c] !== 1) return false; // on a stack: the hex stays occupied
  if (locallyUncut(height, c)) return false;
  if (cutMark === 0) cutMark = markCutCells(height, cutStart);
  return isCutCell(c, cutMark);
}

// ---- bug generators (the mover `p` is lifted off `c`) --------------------------------------

/** H-QUEEN-1 (and the Pillbug's own move, H-PILLBUG-1): exactly one slide. */
export function slideOnce(p: number, c: number): void {
  const m = slides(c);
  for (let d = 0; d < 6; d++) if (m & (1 << d)) add(p, NB[c * 6 + d]);
}

/**
 * H-BEETLE-1: one step at any height (also the Mantis on the hive, H-FAN-MANTIS-3). It never
 * climbs onto a Scorpion (H-FAN-SCORPION-c).
 */
export function beetle(p: number, c: number): void {
  const hA = height[c];
  for (let d = 0; d < 6; d++) {
    const b = NB[c * 6 + d];
    if (canStep(c, d, hA) && !immune(b)) add(p, b);
  }
}

/** H-GRASS-1: jump the unbroken run of occupied hexes in a direction whose first hex is occupied. */
export function grasshopper(p: number, c: number): void {
  for (let d = 0; d < 6; d++) {
    let b = NB[c * 6 + d];
    if (height[b] === 0) continue;
    let blocked = false;
    while (height[b] !== 0) {
      // H-FAN-SCORPION-d: a run containing a Scorpion gives no move in that direction.
      if (immune(b)) blocked = true;
      b = NB[b * 6 + d];
    }
    if (!blocked) add(p, b);
  }
}

// H-MOVE-6: no generator ends a piece where it started (Spider, Ant and Ladybug exclude the start,
// a step or throw always changes hex).
/** H-SPIDER-1: endpoints of every path of exactly 3 slides through distinct hexes, never the start. */
export function spider(p: number, c: number): void {
  const m1 = slides(c);
  for (let d1 = 0; d1 < 6; d1++) {
    if ((m1 & (1 << d1)) === 0) continue;
    const b1 = NB[c * 6 + d1];
    const m2 = slides(b1);
    for (let d2 = 0; d2 < 6; d2++) {
      if ((m2 & (1 << d2)) === 0) continue;
      const b2 = NB[b1 * 6 + d2];
      if (b2 === c) continue;
      const m3 = slides(b2);
      for (let d3 = 0; d3 < 6; d3++) {
        if ((m3 & (1 << d3)) === 0) continue;
        const b3 = NB[b2 * 6 + d3];
        if (b3 === c || b3 === b1) continue;
        add(p, b3);
      }
    }
  }
}

/** H-ANT-1: every hex reachable by one or more slides, except the start. */
export function ant(p: number, c: number): void {
  const vis = nextSeen();
  seen[c] = vis;
  let head = 0;
  let tail = 0;
  queue[tail++] = c;
  while (head < tail) {
    const x = queue[head++];
    const m = slides(x);
    if (m === 0) continue;
    for (let d = 0; d < 6; d++) {
      if ((m & (1 << d)) === 0) continue;
      const y = NB[x * 6 + d];
      if (seen[y] === vis) continue;
      seen[y] = vis;
      queue[tail++] = y;
      add(p, y);
    }
  }
}

/**
 * H-LADY-1: up onto the hive, one step across it, down onto an empty hex other than the start.
 * Never onto a Scorpion (H-FAN-SCORPION-c).
 */
export function ladybug(p: number, c: number): void {
  const h0 = height[c];
  for (let d1 = 0; d1 < 6; d1++) {
    const b1 = NB[c * 6 + d1];
    if (height[b1] === 0 || !canStep(c, d1, h0) || immune(b1)) continue;
    const h1 = height[b1];
    for (let d2 = 0; d2 < 6; d2++) {
      const b2 = NB[b1 * 6 + d2];
      if (height[b2] === 0 || !canStep(b1, d2, h1) || immune(b2)) continue;
      const h2 = height[b2];
      for (let d3 = 0; d3 < 6; d3++) {
        const b3 = NB[b2 * 6 + d3];
        if (b3 === c || height[b3] !== 0 || !canStep(b2, d3, h2)) continue;
        add(p, b3);
      }
    }
  }
}

/** True when the piece may not be relocated by another piece this ply (H-FREEZE-2, H-FAN-GEN-3). */
export function fixed(x: number): boolean {
  return x === frozen1 || x === frozen2 || (scorpions && SLOT_KIND[x % SLOTS] === SCORPION);
}

/**
 * H-PILLBUG-2: the throws of a Pillbug (or a Mosquito using the Pillbug's power) standing alone
 * at level 0 on `h`. Each throw is recorded as a move of the thrown piece (H-UHP-4). H-FAN-GEN-5:
 * any fan piece may be thrown but a Scorpion.
 */
export function throws(h: number): void {
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    // (a) only a piece alone on its hex is thrown.
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    // (b) H-FREEZE-2: not a piece that moved last; H-FAN-SCORPION-b: never a Scorpion.
    if (fixed(x)) continue;
    // (c) not pinned: lifting it must leave the hive whole.
    if (pinned(nCell)) continue;
    // (d) pick-up N -> H: blocked iff both flanks have height >= 2.
    if (height[NB[h * 6 + ((dn + 5) % 6)]] >= 2 && height[NB[h * 6 + ((dn + 1) % 6)]] >= 2) {
      continue;
    }
    height[nCell] = 0;
    top[nCell] = -1;
    for (let de = 0; de < 6; de++) {
      if (de === dn) continue;
      const e = NB[h * 6 + de];
      if (height[e] !== 0) continue;
      // (e) drop H -> E with X on top of the thrower: blocked iff both flanks >= 2.
      if (height[NB[h * 6 + ((de + 5) % 6)]] >= 2 && height[NB[h * 6 + ((de + 1) % 6)]] >= 2) {
        continue;
      }
      add(x, e);
    }
    height[nCell] = 1;
    top[nCell] = x;
  }
}

/** A flank of the edge `h -> NB[h][dn]` is empty: the "shared unoccupied space" of a grab or swap. */
export function emptyFlank(h: number, dn: number): boolean {
  return height[NB[h * 6 + ((dn + 5) % 6)]] === 0 || height[NB[h * 6 + ((dn + 1) % 6)]] === 0;
}

/**
 * Starts a generate call on `pos`: the moves go to `buf` from `offset` (see {@link emit}); the
 * call's scratch state (the board, the mover, the frozen pieces, the anchor) is set from `pos`.
 */
export function beginGenerate(pos: Position, buf: Int32Array, offset: number): void {
  // An object stored in a module-level binding costs a write barrier (5 % of a perft when every
  // call stored these four): store them only when they change, which a search's calls rarely do.
  if (P !== pos) {
    P = pos;
    height = pos.height;
    top = pos.top;
  }
  if (out !== buf) out = buf;
  n = offset;
  mover = pos.ply & 1;
  const ac = pos.anchorCell();
  anchorQ = cellQ(ac);
  anchorR = cellR(ac);
  frozen1 = pos.frozen;
  frozen2 = pos.frozen2;
  scorpions = pos.hasScorpion;
  nextStamp();
}

/** Starts the movements (H-MOVE-3): the cut cells are found from `start` if a piece needs them. */
export function beginMovements(start: number): void {
  cutMark = 0;
  cutStart = start;
}

/** Writes one finished move code (a placement) at the end of the output. */
export function emit(m: number): void {
  out[n++] = m;
}

/**
 * Counts `count` moves without writing them (one kind's placements, when only the number is
 * wanted: `countMoves`).
 */
export function skipRun(count: number): void {
  n += count;
}

/**
 * Writes `base + cells[i]` for i < `count` (one kind's placements): the count and the buffer
 * in locals, since a module-level `n` is a memory write on every move of the hottest loop.
 */
export function emitRun(base: number, cells: Int32Array, count: number): void {
  const o = out;
  let k = n;
  for (let i = 0; i < count; i++) o[k++] = base + (cells[i] as number);
  n = k;
}
