/**
 * The Hive move generator: one function, {@link generate}, serves `moves`/`apply` and the
 * search fast path (perft, bots). It writes integer moves (`piece * CELLS + cell`, or `PASS`)
 * into a caller's buffer, allocation-free, in the public order of H-MOVESET-3.
 *
 * Structure: placements (§4), then per piece of the mover a bug generator chosen by kind from
 * {@link MOVERS} (§6), with Pillbug throws (H-PILLBUG-2) producing moves of the *thrown* piece.
 * Every generator runs with the mover lifted off the board (H-MOVE-3), so it never serves as
 * its own contact or gate. Moves form a set keyed by (piece, destination) (H-MOVESET-1): a stamp
 * table drops repeats from Spider/Ladybug paths, Mosquito copies and throws. Fan bugs (§12)
 * add kinds to {@link MOVERS}.
 *
 * @module
 */
import {
  CELLS as I_CELLS,
  cellQ as I_cellQ,
  cellR as I_cellR,
  NB as I_NB,
  wrap as I_wrap,
} from './board.js';
import {
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
} from './pieces.js';
import { ORIGIN_CELL as I_ORIGIN_CELL, PASS as I_PASS, type Position } from './position.js';

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

/** An upper bound on the number of legal moves in any position (28 movers × 196 cells). */
export const MAX_MOVES = 5600;

// ---- scratch state shared by one generate() call (single-threaded, no allocation) ----------
const marks = new Uint32Array(PIECES * CELLS);
let stamp = 0;
const seen = new Uint32Array(CELLS);
let seenStamp = 0;
const artic = new Uint32Array(CELLS);
const disc = new Int32Array(CELLS);
const low = new Int32Array(CELLS);
const parent = new Int16Array(CELLS);
let articStamp = 0;
let articDone = false;
let articStart = 0;
const stackCell = new Int16Array(64);
const stackDir = new Uint8Array(64);
const queue = new Int16Array(CELLS);

let P: Position;
let height: Uint8Array;
let top: Int8Array;
let out: Int32Array;
let n = 0;
let mover = 0; // side to move
let anchorQ = 0;
let anchorR = 0;

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
 * Sort key of a destination: `rank` (the mover's pieces by slot, then the opponent's thrown
 * pieces), then `r`, then `q` relative to the anchor (the order of H-MOVESET-3).
 */
function key(rank: number, c: number): number {
  return (rank << 12) | ((wrap(cellR(c) - anchorR) + 32) << 6) | (wrap(cellQ(c) - anchorQ) + 32);
}

/**
 * Adds the movement (piece, cell) once (H-MOVESET-1): a throw that equals the piece's own move is
 * one move (H-PILLBUG-5), as are several Spider/Ladybug paths or Mosquito copies to one hex.
 */
function add(p: number, c: number): void {
  const i = p * CELLS + c;
  if (marks[i] === stamp) return;
  marks[i] = stamp;
  const slot = p % SLOTS;
  const own = p >= SLOTS ? 1 : 0;
  out[n++] = key((own === mover ? 0 : SLOTS) + slot, c);
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
    (height[NB[b] as number] === 0 ? 0 : 1) |
      (height[NB[b + 1] as number] === 0 ? 0 : 2) |
      (height[NB[b + 2] as number] === 0 ? 0 : 4) |
      (height[NB[b + 3] as number] === 0 ? 0 : 8) |
      (height[NB[b + 4] as number] === 0 ? 0 : 16) |
      (height[NB[b + 5] as number] === 0 ? 0 : 32)
  ] as number;
}

/** H-MOVE-5: a step from `a` (height `hA` after lifting) to its neighbour in direction `d`. */
function canStep(a: number, d: number, hA: number): boolean {
  const hB = height[NB[a * 6 + d] as number] as number;
  const h1 = height[NB[a * 6 + ((d + 5) % 6)] as number] as number;
  const h2 = height[NB[a * 6 + ((d + 1) % 6)] as number] as number;
  if (hA === 0 && hB === 0 && h1 === 0 && h2 === 0) return false;
  return Math.min(h1, h2) <= Math.max(hA, hB);
}

// ---- One Hive: articulation points ---------------------------------------------------------

/**
 * H-MOVE-3 / H-COORD-5: marks every cell whose removal would split the hive (Tarjan's articulation points
 * over occupied cells, iterative). A piece alone on such a cell is pinned.
 */
function findArticulations(start: number): void {
  articStamp++;
  const vis = nextSeen();
  let time = 1;
  let sp = 0;
  let rootChildren = 0;
  stackCell[0] = start;
  stackDir[0] = 0;
  seen[start] = vis;
  disc[start] = low[start] = time++;
  parent[start] = -1;
  while (sp >= 0) {
    const v = stackCell[sp] as number;
    const d = stackDir[sp] as number;
    if (d < 6) {
      stackDir[sp] = d + 1;
      const w = NB[v * 6 + d] as number;
      if (height[w] === 0) continue;
      if (seen[w] !== vis) {
        seen[w] = vis;
        disc[w] = low[w] = time++;
        parent[w] = v;
        sp++;
        stackCell[sp] = w;
        stackDir[sp] = 0;
      } else if (w !== parent[v]) {
        if ((disc[w] as number) < (low[v] as number)) low[v] = disc[w] as number;
      }
    } else {
      sp--;
      if (sp >= 0) {
        const u = stackCell[sp] as number;
        if ((low[v] as number) < (low[u] as number)) low[u] = low[v] as number;
        if (parent[u] === -1) rootChildren++;
        else if ((low[v] as number) >= (disc[u] as number)) artic[u] = articStamp;
      }
    }
  }
  if (rootChildren >= 2) artic[start] = articStamp;
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
    (height[NB[b] as number] === 0 ? 0 : 1) |
    (height[NB[b + 1] as number] === 0 ? 0 : 2) |
    (height[NB[b + 2] as number] === 0 ? 0 : 4) |
    (height[NB[b + 3] as number] === 0 ? 0 : 8) |
    (height[NB[b + 4] as number] === 0 ? 0 : 16) |
    (height[NB[b + 5] as number] === 0 ? 0 : 32);
  if ((RUNS[m] as number) <= 1) return false;
  if (!articDone) {
    findArticulations(articStart);
    articDone = true;
  }
  return artic[c] === articStamp;
}

// ---- bug generators (the mover `p` is lifted off `c`) --------------------------------------

/** H-QUEEN-1 (and the Pillbug's own move, H-PILLBUG-1): exactly one slide. */
function slideOnce(p: number, c: number): void {
  const m = slides(c);
  for (let d = 0; d < 6; d++) if (m & (1 << d)) add(p, NB[c * 6 + d] as number);
}

/** H-BEETLE-1: one step at any height. */
function beetle(p: number, c: number): void {
  const hA = height[c] as number;
  for (let d = 0; d < 6; d++) if (canStep(c, d, hA)) add(p, NB[c * 6 + d] as number);
}

/** H-GRASS-1: jump the unbroken run of occupied hexes in a direction whose first hex is occupied. */
function grasshopper(p: number, c: number): void {
  for (let d = 0; d < 6; d++) {
    let b = NB[c * 6 + d] as number;
    if (height[b] === 0) continue;
    while (height[b] !== 0) b = NB[b * 6 + d] as number;
    add(p, b);
  }
}

// H-MOVE-6: no generator ends a piece where it started (Spider, Ant and Ladybug exclude the start,
// a step or throw always changes hex).
/** H-SPIDER-1: endpoints of every path of exactly 3 slides through distinct hexes, never the start. */
function spider(p: number, c: number): void {
  const m1 = slides(c);
  for (let d1 = 0; d1 < 6; d1++) {
    if ((m1 & (1 << d1)) === 0) continue;
    const b1 = NB[c * 6 + d1] as number;
    const m2 = slides(b1);
    for (let d2 = 0; d2 < 6; d2++) {
      if ((m2 & (1 << d2)) === 0) continue;
      const b2 = NB[b1 * 6 + d2] as number;
      if (b2 === c) continue;
      const m3 = slides(b2);
      for (let d3 = 0; d3 < 6; d3++) {
        if ((m3 & (1 << d3)) === 0) continue;
        const b3 = NB[b2 * 6 + d3] as number;
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
    const x = queue[head++] as number;
    const m = slides(x);
    if (m === 0) continue;
    for (let d = 0; d < 6; d++) {
      if ((m & (1 << d)) === 0) continue;
      const y = NB[x * 6 + d] as number;
      if (seen[y] === vis) continue;
      seen[y] = vis;
      queue[tail++] = y;
      add(p, y);
    }
  }
}

/** H-LADY-1: up onto the hive, one step across it, down onto an empty hex other than the start. */
function ladybug(p: number, c: number): void {
  const h0 = height[c] as number;
  for (let d1 = 0; d1 < 6; d1++) {
    const b1 = NB[c * 6 + d1] as number;
    if (height[b1] === 0 || !canStep(c, d1, h0)) continue;
    const h1 = height[b1] as number;
    for (let d2 = 0; d2 < 6; d2++) {
      const b2 = NB[b1 * 6 + d2] as number;
      if (height[b2] === 0 || !canStep(b1, d2, h1)) continue;
      const h2 = height[b2] as number;
      for (let d3 = 0; d3 < 6; d3++) {
        const b3 = NB[b2 * 6 + d3] as number;
        if (b3 === c || height[b3] !== 0 || !canStep(b2, d3, h2)) continue;
        add(p, b3);
      }
    }
  }
}

/**
 * Movement generators by bug kind, for a lifted, unpinned mover. The Mosquito and the Pillbug's
 * ability are handled in {@link generatePiece}; the Pillbug's own move is one slide.
 */
export const MOVERS: ((p: number, c: number) => void)[] = [];
MOVERS[QUEEN] = slideOnce;
MOVERS[SPIDER] = spider;
MOVERS[BEETLE] = beetle;
MOVERS[GRASSHOPPER] = grasshopper;
MOVERS[ANT] = ant;
MOVERS[MOSQUITO] = () => {}; // H-MOSQ-3: a Mosquito copies nothing from a Mosquito.
MOVERS[LADYBUG] = ladybug;
MOVERS[PILLBUG] = slideOnce; // H-PILLBUG-1: its own move is one slide.

/**
 * H-PILLBUG-2: the throws of a Pillbug (or a Mosquito using the Pillbug's power) standing alone
 * at level 0 on `h`. Each throw is recorded as a move of the thrown piece (H-UHP-4).
 */
function throws(h: number): void {
  const frozen = P.frozen;
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn] as number;
    // (a) only a piece alone on its hex is thrown.
    if (height[nCell] !== 1) continue;
    const x = top[nCell] as number;
    // (b) H-FREEZE-2: not the piece that moved last.
    if (x === frozen) continue;
    // (c) not pinned: lifting it must leave the hive whole.
    if (pinned(nCell)) continue;
    // (d) pick-up N -> H: blocked iff both flanks have height >= 2.
    if (
      (height[NB[h * 6 + ((dn + 5) % 6)] as number] as number) >= 2 &&
      (height[NB[h * 6 + ((dn + 1) % 6)] as number] as number) >= 2
    ) {
      continue;
    }
    height[nCell] = 0;
    top[nCell] = -1;
    for (let de = 0; de < 6; de++) {
      if (de === dn) continue;
      const e = NB[h * 6 + de] as number;
      if (height[e] !== 0) continue;
      // (e) drop H -> E with X on top of the thrower: blocked iff both flanks >= 2.
      if (
        (height[NB[h * 6 + ((de + 5) % 6)] as number] as number) >= 2 &&
        (height[NB[h * 6 + ((de + 1) % 6)] as number] as number) >= 2
      ) {
        continue;
      }
      add(x, e);
    }
    height[nCell] = 1;
    top[nCell] = x;
  }
}

/**
 * All moves of the mover's uncovered, unfrozen piece `p` on cell `c` (including throws).
 * H-MOVE-7: colour never limits where a piece goes; only the mover's own pieces act.
 */
function generatePiece(p: number, c: number): void {
  const kind = SLOT_KIND[p % SLOTS] as number;
  const h = height[c] as number;
  // H-MOVE-3: a piece alone on an articulation cell is pinned; on a stack it never is.
  const isPinned = pinned(c);
  let copies = 0;
  let throwPower = kind === PILLBUG;
  if (kind === MOSQUITO) {
    if (h === 1) {
      // H-MOSQ-1/3: the kinds of the adjacent top pieces, Mosquitoes excluded.
      for (let d = 0; d < 6; d++) {
        const b = NB[c * 6 + d] as number;
        if (height[b] === 0) continue;
        const k = SLOT_KIND[(top[b] as number) % SLOTS] as number;
        if (k !== MOSQUITO) copies |= 1 << k;
      }
      // H-PILLBUG-4: next to a Pillbug it also gets the throw (even if that Pillbug is frozen
      // or pinned, H-FREEZE-3).
      throwPower = (copies & (1 << PILLBUG)) !== 0;
    } else {
      // H-MOSQ-2: above ground it moves only as a Beetle and never throws.
      copies = 1 << BEETLE;
    }
  } else {
    copies = 1 << kind;
  }
  if (!isPinned && copies !== 0) {
    // Lift the mover (H-MOVE-3): it is never its own contact or blocker.
    height[c] = h - 1;
    top[c] = P.below[p] as number;
    for (let k = 0; k < KINDS; k++) if (copies & (1 << k)) (MOVERS[k] as typeof slideOnce)(p, c);
    height[c] = h;
    top[c] = p;
  }
  // H-PILLBUG-3: the thrower stays put, so it may be pinned; it must be alone at level 0.
  // H-MOSQ-4: a pinned level-0 Mosquito therefore keeps only the Pillbug's throw.
  if (throwPower && h === 1) throws(c);
}

/** Cells where the side to move may place (H-PLACE-1..4), written to `cells`; returns count. */
function placementCells(pos: Position, cells: Int32Array): number {
  let k = 0;
  if (pos.ply === 0) {
    cells[k++] = ORIGIN_CELL; // H-PLACE-1
    return k;
  }
  if (pos.ply === 1) {
    // H-PLACE-2: any of the six hexes next to the first piece.
    const a = pos.cell[pos.anchor] as number;
    for (let d = 0; d < 6; d++) cells[k++] = NB[a * 6 + d] as number;
    return k;
  }
  // H-PLACE-3: empty, next to a friendly-topped stack, next to no enemy-topped stack.
  // H-PLACE-4: only empty hexes qualify, so a placed piece is always at level 0.
  const vis = nextSeen();
  const me = mover;
  for (let s = 0; s < SLOTS; s++) {
    const p = me * SLOTS + s;
    const c = pos.cell[p] as number;
    if (c < 0 || top[c] !== p) continue;
    for (let d = 0; d < 6; d++) {
      const e = NB[c * 6 + d] as number;
      if (height[e] !== 0 || seen[e] === vis) continue;
      seen[e] = vis;
      let ok = true;
      for (let d2 = 0; d2 < 6; d2++) {
        const f = NB[e * 6 + d2] as number;
        if (height[f] !== 0 && ((top[f] as number) >= SLOTS ? 1 : 0) !== me) {
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
    const v = buf[i] as number;
    let j = i - 1;
    while (j >= from && (buf[j] as number) > v) {
      buf[j + 1] = buf[j] as number;
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
    const c = placeCells[i] as number;
    placeCells[i] = (key(0, c) << 12) | c;
  }
  insertionSort(placeCells, 0, nc);
  for (let i = 0; i < nc; i++) placeCells[i] = (placeCells[i] as number) & (CELLS - 1);
  // H-PLACE-6: a Queen still in hand on the 4th turn or later -> only Queen placements.
  const onlyQueen = !queenInPlay && turn >= 4;
  for (let kind = 0; kind < KINDS; kind++) {
    if (onlyQueen && kind !== QUEEN) break;
    // H-PLACE-5: no Queen on the first turn (tournament opening).
    if (kind === QUEEN && turn === 1 && pos.rules.tournamentOpening) continue;
    // H-PLACE-7: only the lowest-numbered piece of a kind in hand may be placed.
    const first = KIND_FIRST_SLOT[kind] as number;
    const count = KIND_COUNT[kind] as number;
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
    for (let i = 0; i < nc; i++) out[n++] = base + (placeCells[i] as number);
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
  nextStamp();
  const turn = (pos.ply >> 1) + 1; // H-TURN-2
  const queen = mover * SLOTS;
  const queenInPlay = pos.cell[queen] !== -1;
  generatePlacements(pos, turn, queenInPlay);
  // Movements are collected as sort keys from here on.
  const moveStart = n;
  // H-MOVE-1: no movement or ability before the mover's Queen is in play.
  if (queenInPlay) {
    articDone = false;
    articStart = pos.cell[queen] as number;
    const frozen = pos.frozen;
    for (let s = 0; s < SLOTS; s++) {
      const p = mover * SLOTS + s;
      const c = pos.cell[p] as number;
      // H-MOVE-2: only uncovered pieces act; H-FREEZE-2: not the piece that just moved.
      if (c < 0 || top[c] !== p || p === frozen) continue;
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
    const k = buf[i] as number;
    const rank = k >> 12;
    const c = ((anchorQ + (k & 63) - 32) & 63) | (((anchorR + ((k >> 6) & 63) - 32) & 63) << 6);
    const p = rank < SLOTS ? mover * SLOTS + rank : (1 - mover) * SLOTS + rank - SLOTS;
    buf[i] = p * CELLS + c;
  }
  return n - offset;
}

/** True when `m` is among the legal moves of `pos` (uses a scratch buffer). */
export function isLegal(pos: Position, m: number): boolean {
  const k = generate(pos, scratch, 0);
  for (let i = 0; i < k; i++) if (scratch[i] === m) return true;
  return false;
}

const scratch = new Int32Array(MAX_MOVES);
