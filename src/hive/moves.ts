/**
 * The Hive move generator: one function, {@link generate}, serves `moves`/`apply` and the
 * search fast path (perft, bots). It writes integer moves (`piece * CELLS + cell`, or `PASS`)
 * into a caller's buffer, allocation-free, in the public order of H-MOVESET-3.
 *
 * Structure: placements (§4), then per piece of the mover a bug generator chosen by kind from
 * {@link MOVERS} (§6, §12), and the abilities that leave the actor in place: Pillbug throws
 * (H-PILLBUG-2), Mantis grabs (H-FAN-MANTIS-2) and Centipede swaps (H-FAN-CENTIPEDE-1), each
 * recorded as a move of the piece that changes hex. Every movement generator runs with the mover
 * lifted off the board (H-MOVE-3), so it never serves as its own contact or gate. Moves form a
 * set keyed by (operation, piece, destination) (H-MOVESET-1): a stamp table drops repeats from
 * Spider/Ladybug paths, Mosquito copies and throws. The fan bugs use the same generator: no
 * parallel code path. (H-FAN-GEN-7 only summarises them; the per-bug rules cited below govern.)
 *
 * @module
 */
import { isCutCell, markCutCells } from './articulation.js';
import {
  CELLS as I_CELLS,
  cellQ as I_cellQ,
  cellR as I_cellR,
  NB as I_NB,
  ORIGIN_CELL as I_ORIGIN_CELL,
  wrap as I_wrap,
} from './board.js';
import { PASS as I_PASS, OP_CARRY, OP_GRAB, OP_MOVE, OP_SPAN, OP_SWAP } from './codes.js';
import {
  CENTIPEDE,
  DRAGONFLY,
  FLY,
  ANT as I_ANT,
  BEETLE as I_BEETLE,
  GRASSHOPPER as I_GRASSHOPPER,
  KIND_COUNT as I_KIND_COUNT,
  KIND_FIRST_SLOT as I_KIND_FIRST_SLOT,
  KINDS as I_KINDS,
  LADYBUG as I_LADYBUG,
  MOSQUITO as I_MOSQUITO,
  PIECES as I_PIECES,
  PILLBUG as I_PILLBUG,
  QUEEN as I_QUEEN,
  SLOT_KIND as I_SLOT_KIND,
  SLOTS as I_SLOTS,
  SPIDER as I_SPIDER,
  MANTIS,
  ROACH,
  SCORPION,
  WASP,
} from './pieces.js';
import type { Position } from './position.js';

// Local aliases: module-namespace indirections (as some bundlers and test runners emit
// them) would otherwise sit in the hottest loops.
const CELLS = I_CELLS;
const cellQ = I_cellQ;
const cellR = I_cellR;
const NB = I_NB;
const wrap = I_wrap;
const ANT = I_ANT;
const BEETLE = I_BEETLE;
const GRASSHOPPER = I_GRASSHOPPER;
const KIND_COUNT = I_KIND_COUNT;
const KIND_FIRST_SLOT = I_KIND_FIRST_SLOT;
const KINDS = I_KINDS;
const LADYBUG = I_LADYBUG;
const MOSQUITO = I_MOSQUITO;
const PIECES = I_PIECES;
const PILLBUG = I_PILLBUG;
const QUEEN = I_QUEEN;
const SLOT_KIND = I_SLOT_KIND;
const SLOTS = I_SLOTS;
const SPIDER = I_SPIDER;
const ORIGIN_CELL = I_ORIGIN_CELL;
const PASS = I_PASS;

/**
 * An upper bound on the number of legal moves in any position: at most 28 pieces are in play,
 * each with fewer than 200 destinations over all operations.
 */
export const MAX_MOVES = 5600;

// ---- scratch state shared by one generate() call (single-threaded, no allocation) ----------
const marks = new Uint32Array(4 * PIECES * CELLS);
let stamp = 0;
const seen = new Uint32Array(CELLS);
let seenStamp = 0;
/** The stamp of this generate call's cut cells (0 until the first `pinned` needs them). */
let cutMark = 0;
/** An occupied cell to start the cut-cell search from. */
let cutStart = 0;
const queue = new Int16Array(CELLS);

let P: Position;
let height: Uint8Array;
let top: Int8Array;
let out: Int32Array;
let n = 0;
let mover = 0; // side to move
let anchorQ = 0;
let anchorR = 0;
let frozen1 = -1; // F (H-FREEZE-1, H-FAN-GEN-2)
let frozen2 = -1;
let scorpions = false; // the game has a Scorpion (H-FAN-SCORPION-2 checks needed)

function nextStamp(): void {
  if (++stamp === 0xffffffff) {
    marks.fill(0);
    stamp = 1;
  }
}

function nextSeen(): number {
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
function key(rank: number, op: number, c: number): number {
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
function addOp(op: number, p: number, c: number): void {
  const i = op * OP_SPAN + p * CELLS + c;
  if (marks[i] === stamp) return;
  marks[i] = stamp;
  const slot = p % SLOTS;
  const own = p >= SLOTS ? 1 : 0;
  out[n++] = key((own === mover ? 0 : SLOTS) + slot, op, c);
}

/** Adds the placement-free movement of `p` to `c` (see {@link addOp}). */
function add(p: number, c: number): void {
  addOp(OP_MOVE, p, c);
}

/**
 * H-FAN-SCORPION-2: the cell holds a Scorpion, which nothing may climb onto, jump or move
 * (H-FAN-SCORPION-e: friendly pieces neither). Only a real Scorpion is immune: a Mosquito copying
 * one is not (H-FAN-SCORPION-3, H-FAN-SCORPION-a). For contact, gates, placement, surrounding and
 * One Hive a Scorpion is an ordinary occupied hex of height 1 (H-FAN-SCORPION-f).
 */
function immune(c: number): boolean {
  if (!scorpions) return false;
  const t = top[c];
  return t >= 0 && SLOT_KIND[t % SLOTS] === SCORPION;
}

/** The top piece of occupied cell `c` belongs to the side to move. */
function friendly(c: number): boolean {
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
function slides(a: number): number {
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
function canStep(a: number, d: number, hA: number): boolean {
  const hB = height[NB[a * 6 + d]];
  const h1 = height[NB[a * 6 + ((d + 5) % 6)]];
  const h2 = height[NB[a * 6 + ((d + 1) % 6)]];
  if (hA === 0 && hB === 0 && h1 === 0 && h2 === 0) return false;
  return Math.min(h1, h2) <= Math.max(hA, hB);
}

/**
 * Number of separate runs of occupied neighbours around a hex, by 6-bit occupancy mask. With at
 * most one run, every neighbour reaches every other one without the hex, so it cannot be an
 * articulation point.
 */
const RUNS: Uint8Array = (() => {
  const t = new Uint8Array(64);
  for (let m = 0; m < 64; m++) {
    let runs = 0;
    for (let d = 0; d < 6; d++) {
      if ((m >> d) & 1 && !((m >> ((d + 5) % 6)) & 1)) runs++;
    }
    t[m] = m === 63 ? 1 : runs;
  }
  return t;
})();

/**
 * H-MOVE-3: a piece alone on cell `c` is pinned when lifting it would split the hive. A local
 * test settles most cells; the rest use the articulation points, computed once per generate
 * call and only when needed.
 */
function pinned(c: number): boolean {
  if (height[c] !== 1) return false; // on a stack: the hex stays occupied
  const b = c * 6;
  const m =
    (height[NB[b]] === 0 ? 0 : 1) |
    (height[NB[b + 1]] === 0 ? 0 : 2) |
    (height[NB[b + 2]] === 0 ? 0 : 4) |
    (height[NB[b + 3]] === 0 ? 0 : 8) |
    (height[NB[b + 4]] === 0 ? 0 : 16) |
    (height[NB[b + 5]] === 0 ? 0 : 32);
  if (RUNS[m] <= 1) return false;
  if (cutMark === 0) cutMark = markCutCells(height, cutStart);
  return isCutCell(c, cutMark);
}

// ---- bug generators (the mover `p` is lifted off `c`) --------------------------------------

/** H-QUEEN-1 (and the Pillbug's own move, H-PILLBUG-1): exactly one slide. */
function slideOnce(p: number, c: number): void {
  const m = slides(c);
  for (let d = 0; d < 6; d++) if (m & (1 << d)) add(p, NB[c * 6 + d]);
}

/**
 * H-BEETLE-1: one step at any height (also the Mantis on the hive, H-FAN-MANTIS-3). It never
 * climbs onto a Scorpion (H-FAN-SCORPION-c).
 */
function beetle(p: number, c: number): void {
  const hA = height[c];
  for (let d = 0; d < 6; d++) {
    const b = NB[c * 6 + d];
    if (canStep(c, d, hA) && !immune(b)) add(p, b);
  }
}

/** H-GRASS-1: jump the unbroken run of occupied hexes in a direction whose first hex is occupied. */
function grasshopper(p: number, c: number): void {
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
function spider(p: number, c: number): void {
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
function ant(p: number, c: number): void {
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
function ladybug(p: number, c: number): void {
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

/**
 * H-FAN-FLY-1 and H-FAN-FLY-2: one slide when the Fly has freedom to move (H-FAN-FLY-a: some slide passes H-MOVE-4,
 * One Hive ignored; H-FAN-FLY-d: then it must slide); otherwise a flight to any empty hex other than
 * its start that touches the hive (H-FAN-FLY-c). A Mosquito copying it judges freedom from its own
 * slides (H-FAN-FLY-e). H-FAN-GEN-6: the flight has no path, so gates and contact do not apply.
 * A pinned Fly has no moves at all (H-FAN-FLY-b: the caller never calls movers for a pinned piece).
 */
function fly(p: number, c: number): void {
  const m = slides(c);
  if (m !== 0) {
    for (let d = 0; d < 6; d++) if (m & (1 << d)) add(p, NB[c * 6 + d]);
    return;
  }
  const vis = nextSeen();
  for (let x = 0; x < PIECES; x++) {
    const xc = P.cell[x];
    if (xc < 0 || top[xc] !== x) continue;
    for (let d = 0; d < 6; d++) {
      const e = NB[xc * 6 + d];
      if (height[e] !== 0 || e === c || seen[e] === vis) continue;
      seen[e] = vis;
      add(p, e);
    }
  }
}

/**
 * H-FAN-WASP-1 and H-FAN-WASP-2: a flight to any empty hex other than the start whose occupied neighbours, with
 * the Wasp lifted, are all topped by the mover's opponent (at least one; H-FAN-WASP-a: the opponent of
 * the mover, also for a copying Mosquito; H-FAN-WASP-b: tops only). No path (H-FAN-GEN-6).
 * It never lands on top (H-FAN-WASP-c), and its rule is about its own flights only: placements and
 * throws of a Wasp are ordinary (H-FAN-WASP-d, H-FAN-WASP-3).
 */
function wasp(p: number, c: number): void {
  const vis = nextSeen();
  const first = (1 - mover) * SLOTS;
  for (let x = first; x < first + SLOTS; x++) {
    const xc = P.cell[x];
    if (xc < 0 || top[xc] !== x) continue;
    for (let d = 0; d < 6; d++) {
      const e = NB[xc * 6 + d];
      if (height[e] !== 0 || e === c || seen[e] === vis) continue;
      seen[e] = vis;
      let ok = true;
      for (let d2 = 0; d2 < 6; d2++) {
        const f = NB[e * 6 + d2];
        if (height[f] !== 0 && friendly(f)) {
          ok = false;
          break;
        }
      }
      if (ok) add(p, e);
    }
  }
}

/**
 * H-FAN-ROACH-1 and H-FAN-ROACH-2: up onto an adjacent stack, any number of steps across stacks, down onto an
 * empty hex other than the start; every step passes H-MOVE-5 and every stack climbed or crossed
 * is topped by the mover's colour (H-FAN-ROACH-b) and is no Scorpion (H-FAN-ROACH-e). The destinations are
 * the empty hexes one legal down-step from a reachable stack (H-FAN-ROACH-d): up then straight
 * down is the shortest path (H-FAN-ROACH-a), and the colours around the landing hex do not matter
 * (H-FAN-ROACH-c).
 */
function roach(p: number, c: number): void {
  const vis = nextSeen();
  const h0 = height[c];
  let head = 0;
  let tail = 0;
  for (let d = 0; d < 6; d++) {
    const b = NB[c * 6 + d];
    if (height[b] === 0 || !friendly(b) || immune(b) || !canStep(c, d, h0)) continue;
    if (seen[b] === vis) continue;
    seen[b] = vis;
    queue[tail++] = b;
  }
  while (head < tail) {
    const x = queue[head++];
    const hx = height[x];
    for (let d = 0; d < 6; d++) {
      const y = NB[x * 6 + d];
      if (height[y] === 0) {
        if (y !== c && canStep(x, d, hx)) add(p, y);
      } else if (seen[y] !== vis && friendly(y) && !immune(y) && canStep(x, d, hx)) {
        seen[y] = vis;
        queue[tail++] = y;
      }
    }
  }
}

/**
 * H-FAN-DRAGONFLY-1 and H-FAN-DRAGONFLY-2: a hop to one of the six off-axis hexes at distance 2 (H-FAN-DRAGONFLY-a/b),
 * flying over an intermediate that is not a Scorpion (H-FAN-DRAGONFLY-c), onto an empty hex or on top
 * of any stack but a Scorpion (H-FAN-DRAGONFLY-d). A Dragonfly that started on the hive and goes to an
 * empty hex carries the piece under it when allowed (H-FAN-DRAGONFLY-e): not a Dragonfly, not frozen,
 * and, when that piece is on the ground, not pinned. An empty destination must touch the rest of
 * the hive (H-FAN-DRAGONFLY-g); it is never next to the start, so lifting a carried piece never changes
 * that. A Mosquito copying it flies from the ground and so never carries.
 */
// H-FAN-DRAGONFLY-b: destination d is start + dir[d] + dir[d+1], over start + dir[d] or
// start + dir[d+1]. H-FAN-DRAGONFLY-f: only the piece directly under it is carried.
// H-FAN-DRAGONFLY-h: it may land on a Dragonfly; it only never carries one.
function dragonfly(p: number, c: number): void {
  let carry = false;
  if (height[c] !== 0) {
    const under = top[c];
    carry =
      SLOT_KIND[under % SLOTS] !== DRAGONFLY &&
      under !== frozen1 &&
      under !== frozen2 &&
      !immune(c) &&
      // Lifting a ground piece must leave the hive whole (the Dragonfly is already lifted).
      !pinned(c);
  }
  for (let d = 0; d < 6; d++) {
    const d1 = d === 5 ? 0 : d + 1;
    const i1 = NB[c * 6 + d];
    const i2 = NB[c * 6 + d1];
    if (immune(i1) && immune(i2)) continue;
    const e = NB[i1 * 6 + d1];
    if (height[e] !== 0) {
      if (!immune(e)) add(p, e);
      continue;
    }
    const b = e * 6;
    if (
      height[NB[b]] === 0 &&
      height[NB[b + 1]] === 0 &&
      height[NB[b + 2]] === 0 &&
      height[NB[b + 3]] === 0 &&
      height[NB[b + 4]] === 0 &&
      height[NB[b + 5]] === 0
    ) {
      continue;
    }
    addOp(carry ? OP_CARRY : OP_MOVE, p, e);
  }
}

/** The Mantis on the ground has no movement of its own (H-FAN-MANTIS-1); it grabs instead. */
function none(): void {}

/**
 * Movement generators by bug kind, for a lifted, unpinned mover. The Mosquito and the abilities
 * (throw, grab, swap) are handled in {@link generatePiece}; the Pillbug's and the Centipede's own
 * moves are one slide, the Scorpion's is the Spider's.
 */
export const MOVERS: ((p: number, c: number) => void)[] = [];
MOVERS[QUEEN] = slideOnce;
MOVERS[SPIDER] = spider;
MOVERS[BEETLE] = beetle;
MOVERS[GRASSHOPPER] = grasshopper;
MOVERS[ANT] = ant;
MOVERS[MOSQUITO] = none; // H-MOSQ-3: a Mosquito copies nothing from a Mosquito.
MOVERS[LADYBUG] = ladybug;
MOVERS[PILLBUG] = slideOnce; // H-PILLBUG-1: its own move is one slide.
MOVERS[MANTIS] = none; // H-FAN-MANTIS-1: a grounded Mantis never moves itself.
MOVERS[FLY] = fly;
MOVERS[SCORPION] = spider; // H-FAN-SCORPION-1: it moves as a Spider.
MOVERS[WASP] = wasp;
MOVERS[ROACH] = roach;
MOVERS[DRAGONFLY] = dragonfly;
MOVERS[CENTIPEDE] = slideOnce; // H-FAN-CENTIPEDE-1: its own move is one slide.

/** True when the piece may not be relocated by another piece this ply (H-FREEZE-2, H-FAN-GEN-3). */
function fixed(x: number): boolean {
  return x === frozen1 || x === frozen2 || (scorpions && SLOT_KIND[x % SLOTS] === SCORPION);
}

/**
 * H-PILLBUG-2: the throws of a Pillbug (or a Mosquito using the Pillbug's power) standing alone
 * at level 0 on `h`. Each throw is recorded as a move of the thrown piece (H-UHP-4). H-FAN-GEN-5:
 * any fan piece may be thrown but a Scorpion.
 */
function throws(h: number): void {
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
function emptyFlank(h: number, dn: number): boolean {
  return height[NB[h * 6 + ((dn + 5) % 6)]] === 0 || height[NB[h * 6 + ((dn + 1) % 6)]] === 0;
}

/**
 * H-FAN-MANTIS-2: the grabs of a Mantis (or a Mosquito copying one) alone on the ground at `h`.
 * The target is alone on its hex (H-FAN-MANTIS-b), any colour and kind but a Scorpion, not frozen
 * (H-FAN-MANTIS-g), not pinned (H-FAN-MANTIS-e: the grabber may be), and a flank of the edge is empty
 * (H-FAN-MANTIS-d; H-MOVE-4/5 do not apply).
 */
function grabs(h: number): void {
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    if (fixed(x) || !emptyFlank(h, dn) || pinned(nCell)) continue;
    addOp(OP_GRAB, x, h);
  }
}

/**
 * H-FAN-CENTIPEDE-1 and H-FAN-CENTIPEDE-2: the swaps of a Centipede (or a Mosquito copying one) alone on the ground
 * at `h`: with a neighbour alone on its hex (H-FAN-CENTIPEDE-a), either colour, not a Centipede,
 * Pillbug or Scorpion, not frozen (H-FAN-CENTIPEDE-b), across an edge with an empty flank
 * (H-FAN-CENTIPEDE-d). No One Hive test (H-FAN-CENTIPEDE-c): the occupied hexes do not change.
 * A Mosquito copying a Centipede has the same limits and may swap while pinned; a Centipede may
 * swap with a Mosquito (H-FAN-CENTIPEDE-e).
 */
function swaps(h: number): void {
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    const k = SLOT_KIND[x % SLOTS];
    if (k === CENTIPEDE || k === PILLBUG || fixed(x) || !emptyFlank(h, dn)) continue;
    addOp(OP_SWAP, x, h);
  }
}

/** Kinds whose power leaves the actor where it is, so a pinned actor keeps it (H-MOSQ-4, H-FAN-GEN-4). */
const IN_PLACE = (1 << PILLBUG) | (1 << MANTIS) | (1 << CENTIPEDE);

/**
 * All moves of the mover's uncovered, unfrozen piece `p` on cell `c` (including throws, grabs
 * and swaps). H-MOVE-7: colour never limits where a piece goes (but see H-FAN-WASP, H-FAN-ROACH);
 * only the mover's own pieces act.
 */
function generatePiece(p: number, c: number): void {
  const kind = SLOT_KIND[p % SLOTS];
  const h = height[c];
  // H-MOVE-3: a piece alone on an articulation cell is pinned; on a stack it never is.
  const isPinned = pinned(c);
  let copies = 0;
  if (kind === MOSQUITO) {
    if (h === 1) {
      // H-MOSQ-1/3, H-FAN-GEN-4: the kinds of the adjacent top pieces, Mosquitoes excluded.
      // H-PILLBUG-4: next to a Pillbug it also gets the throw (even if that Pillbug is frozen
      // or pinned, H-FREEZE-3); likewise the grab and the swap of a Mantis or Centipede.
      for (let d = 0; d < 6; d++) {
        const b = NB[c * 6 + d];
        if (height[b] === 0) continue;
        copies |= 1 << SLOT_KIND[top[b] % SLOTS];
      }
      copies &= ~(1 << MOSQUITO);
    } else {
      // H-MOSQ-2: above ground it moves only as a Beetle and never throws.
      copies = 1 << BEETLE;
    }
  } else if (kind === MANTIS && h > 1) {
    // H-FAN-MANTIS-a: "on the ground" is judged now, at the start of the ply.
    copies = 1 << BEETLE; // H-FAN-MANTIS-3: on the hive a Mantis is a Beetle.
  } else {
    copies = 1 << kind;
  }
  if (!isPinned && (copies & ~(1 << MANTIS)) !== 0) {
    // Lift the mover (H-MOVE-3): it is never its own contact or blocker.
    height[c] = h - 1;
    top[c] = P.below[p];
    for (let k = 0; k < KINDS; k++) if (copies & (1 << k)) (MOVERS[k] as typeof slideOnce)(p, c);
    height[c] = h;
    top[c] = p;
  }
  // H-PILLBUG-3, H-FAN-MANTIS-e, H-FAN-CENTIPEDE-c: these actors stay put, so they may be pinned;
  // each must be alone at level 0 (H-FAN-MANTIS-f, H-FAN-CENTIPEDE-a).
  if (h === 1 && (copies & IN_PLACE) !== 0) {
    if (copies & (1 << PILLBUG)) throws(c);
    if (copies & (1 << MANTIS)) grabs(c);
    if (copies & (1 << CENTIPEDE)) swaps(c);
  }
}

/**
 * Cells where the side to move may place (H-PLACE-1..4), written to `cells`; returns count. Fan
 * pieces are placed like any other (H-FAN-WASP-3).
 */
function placementCells(pos: Position, cells: Int32Array): number {
  let k = 0;
  if (pos.ply === 0) {
    cells[k++] = ORIGIN_CELL; // H-PLACE-1
    return k;
  }
  if (pos.ply === 1) {
    // H-PLACE-2: any of the six hexes next to the first piece.
    const a = pos.cell[pos.anchor];
    for (let d = 0; d < 6; d++) cells[k++] = NB[a * 6 + d];
    return k;
  }
  // H-PLACE-3: empty, next to a friendly-topped stack, next to no enemy-topped stack.
  // H-PLACE-4: only empty hexes qualify, so a placed piece is always at level 0.
  const vis = nextSeen();
  const me = mover;
  for (let s = 0; s < SLOTS; s++) {
    const p = me * SLOTS + s;
    const c = pos.cell[p];
    if (c < 0 || top[c] !== p) continue;
    for (let d = 0; d < 6; d++) {
      const e = NB[c * 6 + d];
      if (height[e] !== 0 || seen[e] === vis) continue;
      seen[e] = vis;
      let ok = true;
      for (let d2 = 0; d2 < 6; d2++) {
        const f = NB[e * 6 + d2];
        if (height[f] !== 0 && (top[f] >= SLOTS ? 1 : 0) !== me) {
          ok = false;
          break;
        }
      }
      if (ok) cells[k++] = e;
    }
  }
  return k;
}

const placeCells = new Int32Array(CELLS);

/** Sorts `buf[from..to)` ascending (insertion sort: the runs here are short or nearly sorted). */
function insertionSort(buf: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = buf[i];
    let j = i - 1;
    while (j >= from && buf[j] > v) {
      buf[j + 1] = buf[j];
      j--;
    }
    buf[j + 1] = v;
  }
}

/**
 * §4: writes the placements of the side to move, by kind (Q S B G A M L P) and then by (r, q)
 * of the destination (H-MOVESET-3).
 */
function generatePlacements(pos: Position, turn: number, queenInPlay: boolean): void {
  let inHand = false;
  for (let s = 0; s < SLOTS && !inHand; s++) {
    const p = mover * SLOTS + s;
    inHand = pos.inGame[p] === 1 && pos.cell[p] === -1;
  }
  if (!inHand) return;
  const nc = placementCells(pos, placeCells);
  // Order the cells once by (r, q), so each kind's run comes out sorted.
  for (let i = 0; i < nc; i++) {
    const c = placeCells[i];
    placeCells[i] = (key(0, 0, c) << 12) | c;
  }
  insertionSort(placeCells, 0, nc);
  for (let i = 0; i < nc; i++) placeCells[i] = placeCells[i] & (CELLS - 1);
  // H-PLACE-6: a Queen still in hand on the 4th turn or later -> only Queen placements.
  const onlyQueen = !queenInPlay && turn >= 4;
  for (let kind = 0; kind < KINDS; kind++) {
    if (onlyQueen && kind !== QUEEN) break;
    // H-PLACE-5: no Queen on the first turn (tournament opening).
    if (kind === QUEEN && turn === 1 && pos.rules.tournamentOpening) continue;
    // H-PLACE-7: only the lowest-numbered piece of a kind in hand may be placed.
    const first = KIND_FIRST_SLOT[kind];
    const count = KIND_COUNT[kind];
    let piece = -1;
    for (let s = first; s < first + count; s++) {
      const p = mover * SLOTS + s;
      if (pos.inGame[p] && pos.cell[p] === -1) {
        piece = p;
        break;
      }
    }
    if (piece < 0) continue;
    const base = piece * CELLS;
    for (let i = 0; i < nc; i++) out[n++] = base + placeCells[i];
  }
}

/**
 * Writes every legal move of `pos` into `buf` from `offset` (H-MOVESET-3 order) and returns how
 * many. H-TURN-1: each is one placement, one movement or ability use, or the forced pass. A
 * forced pass is the single move `PASS` (H-TURN-3); a finished game has none (H-END-7).
 */
export function generate(pos: Position, buf: Int32Array, offset: number): number {
  if (pos.result !== 0) return 0;
  P = pos;
  height = pos.height;
  top = pos.top;
  out = buf;
  n = offset;
  mover = pos.ply & 1;
  const ac = pos.anchorCell();
  anchorQ = cellQ(ac);
  anchorR = cellR(ac);
  frozen1 = pos.frozen;
  frozen2 = pos.frozen2;
  scorpions = pos.hasScorpion;
  nextStamp();
  const turn = (pos.ply >> 1) + 1; // H-TURN-2
  const queen = mover * SLOTS;
  const queenInPlay = pos.cell[queen] !== -1;
  generatePlacements(pos, turn, queenInPlay);
  // Movements are collected as sort keys from here on.
  const moveStart = n;
  // H-MOVE-1: no movement or ability before the mover's Queen is in play.
  if (queenInPlay) {
    cutMark = 0;
    cutStart = pos.cell[queen];
    for (let s = 0; s < SLOTS; s++) {
      const p = mover * SLOTS + s;
      const c = pos.cell[p];
      // H-MOVE-2: only uncovered pieces act; H-FREEZE-2, H-FAN-GEN-3: not a piece that just moved.
      if (c < 0 || top[c] !== p || p === frozen1 || p === frozen2) continue;
      generatePiece(p, c);
    }
  }
  if (n === offset) {
    buf[offset] = PASS; // H-TURN-3 / H-MOVESET-2
    return 1;
  }
  // Sort the movement keys (rank, r, q): they arrive grouped by piece. Then decode them.
  insertionSort(buf, moveStart, n);
  for (let i = moveStart; i < n; i++) {
    const k = buf[i];
    const rank = k >> 14;
    const op = (k >> 12) & 3;
    const c = ((anchorQ + (k & 63) - 32) & 63) | (((anchorR + ((k >> 6) & 63) - 32) & 63) << 6);
    const p = rank < SLOTS ? mover * SLOTS + rank : (1 - mover) * SLOTS + rank - SLOTS;
    buf[i] = op * OP_SPAN + p * CELLS + c;
  }
  return n - offset;
}

/**
 * The legal move of `pos` that `m` names, or -1. A Dragonfly move named without its carry
 * matches the carrying move: the carry is implied by the destination (H-FAN-DRAGONFLY-e,
 * H-FAN-UHP-3).
 */
export function findLegal(pos: Position, m: number): number {
  const k = generate(pos, scratch, 0);
  const carried = m >= 0 && m < OP_SPAN ? m + OP_CARRY * OP_SPAN : -2;
  for (let i = 0; i < k; i++) {
    const x = scratch[i];
    if (x === m || x === carried) return x;
  }
  return -1;
}

/** True when `m` is among the legal moves of `pos` (uses a scratch buffer). */
export function isLegal(pos: Position, m: number): boolean {
  return findLegal(pos, m) === m;
}

const scratch = new Int32Array(MAX_MOVES);
