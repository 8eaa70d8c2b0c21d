/**
 * The context of one move-generator call, as an object: the board it reads, the buffer it
 * writes, the side to move, the frozen pieces, the anchor of the sort keys, and the scratch marks
 * that make the moves a set (H-MOVESET-1). Every movement rule (movement.ts, fan-moves.ts) takes
 * it as its first argument, so each signature says what it reads and writes. moves.ts owns one
 * generator and starts every call with {@link MoveGenerator.begin}; nothing of a call survives
 * it but the marks' freshness stamps.
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
 * H-MOVE-4 (slide: Freedom to Move + contact) as a table. Two occupied flanks form a gate; two
 * empty flanks would lose contact with the hive. For the 6-bit occupancy mask of a hex's
 * neighbours (bit d = direction d occupied), the mask of directions a level-0 slide may take
 * (empty target, exactly one occupied flank).
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

const NO_CELLS = new Uint8Array(0);
const NO_TOPS = new Int8Array(0);
const NO_MOVES = new Int32Array(0);

/** One generator: the context of the call it runs, and its reusable scratch (see the module). */
export class MoveGenerator {
  /** The position being generated. */
  pos: Position | null = null;
  /** `pos.height`: stack height per cell (the mover is lifted while its moves are found). */
  height: Uint8Array = NO_CELLS;
  /** `pos.top`: the top piece per cell, −1 for none. */
  top: Int8Array = NO_TOPS;
  /** Where the moves go. */
  out: Int32Array = NO_MOVES;
  /** The next free index of `out`. */
  n = 0;
  /** The side to move. */
  mover = 0;
  /** The anchor of the sort keys' relative coordinates (H-MOVESET-3). */
  anchorQ = 0;
  /** The anchor of the sort keys' relative coordinates (H-MOVESET-3). */
  anchorR = 0;
  /** F: the pieces that moved last and may not be moved by another (H-FREEZE-1, H-FAN-GEN-2). */
  frozen1 = -1;
  /** The second frozen piece (a Dragonfly's carried piece). */
  frozen2 = -1;
  /** The game has a Scorpion, so H-FAN-SCORPION-2 checks are needed. */
  scorpions = false;
  /** The stamp of this call's cut cells (0 until the first {@link pinned} needs them). */
  cutMark = 0;
  /** An occupied cell to start the cut-cell search from. */
  cutStart = 0;
  /** Per (operation, piece, cell): the stamp of the call that added that move (H-MOVESET-1). */
  private marks: Uint32Array = new Uint32Array(0);
  private stamp = 0;
  /** Per cell: visited in the current search (the stamp {@link nextSeen} returned). */
  readonly seen: Uint32Array = new Uint32Array(CELLS);
  private seenStamp = 0;
  /** A breadth-first queue of cells. */
  readonly queue: Int16Array = new Int16Array(CELLS);

  /**
   * Starts a call on `pos`: the moves go to `buf` from `offset` (see {@link emit}); the board,
   * the mover, the frozen pieces and the anchor are read from `pos`.
   */
  begin(pos: Position, buf: Int32Array, offset: number): void {
    // Object fields are stored only when they change (a write barrier each): a search's calls
    // rarely change them.
    if (this.pos !== pos) {
      this.pos = pos;
      this.height = pos.height;
      this.top = pos.top;
    }
    if (this.out !== buf) this.out = buf;
    this.n = offset;
    this.mover = pos.ply & 1;
    const ac = pos.anchorCell();
    this.anchorQ = cellQ(ac);
    this.anchorR = cellR(ac);
    this.frozen1 = pos.frozen;
    this.frozen2 = pos.frozen2;
    this.scorpions = pos.hasScorpion;
    // The marks (3.5 MB) are made by the first call, not when the module loads.
    if (this.marks.length === 0) this.marks = new Uint32Array(4 * PIECES * CELLS);
    if (++this.stamp === 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 1;
    }
  }

  /** Starts the movements (H-MOVE-3): the cut cells are found from `start` if a piece needs them. */
  beginMovements(start: number): void {
    this.cutMark = 0;
    this.cutStart = start;
  }

  /** A fresh stamp for {@link seen}: a cell is visited in this search when `seen[c]` equals it. */
  nextSeen(): number {
    if (++this.seenStamp === 0xffffffff) {
      this.seen.fill(0);
      this.seenStamp = 1;
    }
    return this.seenStamp;
  }

  /**
   * Sort key of a destination: `rank` (the mover's pieces by slot, then the opponent's thrown,
   * grabbed or swapped pieces), then the operation, then `r`, then `q` relative to the anchor
   * (the order of H-MOVESET-3).
   */
  key(rank: number, op: number, c: number): number {
    return (
      (rank << 14) |
      (op << 12) |
      ((wrap(cellR(c) - this.anchorR) + 32) << 6) |
      (wrap(cellQ(c) - this.anchorQ) + 32)
    );
  }

  /**
   * Adds the move (operation, piece, cell) once (H-MOVESET-1): a throw that equals the piece's
   * own move is one move (H-PILLBUG-5), as are several Spider/Ladybug paths or Mosquito copies to
   * one hex.
   */
  addOp(op: number, p: number, c: number): void {
    const i = op * OP_SPAN + p * CELLS + c;
    const marks = this.marks;
    if (marks[i] === this.stamp) return;
    marks[i] = this.stamp;
    const slot = p % SLOTS;
    const own = p >= SLOTS ? 1 : 0;
    this.out[this.n++] = this.key((own === this.mover ? 0 : SLOTS) + slot, op, c);
  }

  /** Adds the placement-free movement of `p` to `c` (see {@link addOp}). */
  add(p: number, c: number): void {
    this.addOp(OP_MOVE, p, c);
  }

  /** Writes one finished move code (a placement) at the end of the output. */
  emit(m: number): void {
    this.out[this.n++] = m;
  }

  /** Counts `count` moves without writing them (one kind's placements, for `countMoves`). */
  skipRun(count: number): void {
    this.n += count;
  }

  /**
   * Writes `base + cells[i]` for i < `count` (one kind's placements): the count and the buffer
   * in locals, not a field write per move of the hottest loop.
   */
  emitRun(base: number, cells: Int32Array, count: number): void {
    const o = this.out;
    let k = this.n;
    for (let i = 0; i < count; i++) o[k++] = base + (cells[i] as number);
    this.n = k;
  }

  /**
   * H-FAN-SCORPION-2: the cell holds a Scorpion, which nothing may climb onto, jump or move
   * (H-FAN-SCORPION-e: friendly pieces neither). Only a real Scorpion is immune: a Mosquito
   * copying one is not (H-FAN-SCORPION-3, H-FAN-SCORPION-a). For contact, gates, placement,
   * surrounding and One Hive a Scorpion is an ordinary occupied hex of height 1
   * (H-FAN-SCORPION-f).
   */
  immune(c: number): boolean {
    if (!this.scorpions) return false;
    const t = this.top[c] as number;
    return t >= 0 && SLOT_KIND[t % SLOTS] === SCORPION;
  }

  /** The top piece of occupied cell `c` belongs to the side to move. */
  friendly(c: number): boolean {
    return ((this.top[c] as number) >= SLOTS ? 1 : 0) === this.mover;
  }

  /** The directions a level-0 slide from `a` may take (the mover already lifted), as a mask. */
  slides(a: number): number {
    const height = this.height;
    const b = a * 6;
    return SLIDES[
      (height[NB[b]] === 0 ? 0 : 1) |
        (height[NB[b + 1]] === 0 ? 0 : 2) |
        (height[NB[b + 2]] === 0 ? 0 : 4) |
        (height[NB[b + 3]] === 0 ? 0 : 8) |
        (height[NB[b + 4]] === 0 ? 0 : 16) |
        (height[NB[b + 5]] === 0 ? 0 : 32)
    ] as number;
  }

  /** H-MOVE-5: a step from `a` (height `hA` after lifting) to its neighbour in direction `d`. */
  canStep(a: number, d: number, hA: number): boolean {
    const height = this.height;
    const hB = height[NB[a * 6 + d]] as number;
    const h1 = height[NB[a * 6 + ((d + 5) % 6)]] as number;
    const h2 = height[NB[a * 6 + ((d + 1) % 6)]] as number;
    if (hA === 0 && hB === 0 && h1 === 0 && h2 === 0) return false;
    return Math.min(h1, h2) <= Math.max(hA, hB);
  }

  /**
   * H-MOVE-3: a piece alone on cell `c` is pinned when lifting it would split the hive. A local
   * test settles most cells; the rest use the articulation points, computed once per call and
   * only when needed.
   */
  pinned(c: number): boolean {
    const height = this.height;
    if (height[c] !== 1) return false; // on a stack: the hex stays occupied
    if (locallyUncut(height, c)) return false;
    if (this.cutMark === 0) this.cutMark = markCutCells(height, this.cutStart);
    return isCutCell(c, this.cutMark);
  }

  /** True when the piece may not be relocated by another piece this ply (H-FREEZE-2, H-FAN-GEN-3). */
  fixed(x: number): boolean {
    return (
      x === this.frozen1 ||
      x === this.frozen2 ||
      (this.scorpions && SLOT_KIND[x % SLOTS] === SCORPION)
    );
  }

  /** A flank of the edge `h -> NB[h][dn]` is empty: the "shared unoccupied space" of a grab or swap. */
  emptyFlank(h: number, dn: number): boolean {
    const height = this.height;
    return height[NB[h * 6 + ((dn + 5) % 6)]] === 0 || height[NB[h * 6 + ((dn + 1) % 6)]] === 0;
  }
}
