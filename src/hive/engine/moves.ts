/**
 * The Hive move generator: one function, {@link generate}, serves `moves`/`apply` and the
 * search fast path (perft, bots). It writes integer moves (`piece * CELLS + cell`, or `PASS`)
 * into a caller's buffer, allocation-free, in the public order of H-MOVESET-3;
 * {@link countMoves} runs it without ordering the moves or writing the placements.
 *
 * Structure: placements (§4), then per piece of the mover a bug generator chosen by kind from
 * {@link MOVERS} (§6, §12), and the abilities that leave the actor in place: Pillbug throws
 * (H-PILLBUG-2), Mantis grabs (H-FAN-MANTIS-2) and Centipede swaps (H-FAN-CENTIPEDE-1), each
 * recorded as a move of the piece that changes hex. Every movement generator runs with the mover
 * lifted off the board (H-MOVE-3), so it never serves as its own contact or gate. Moves form a
 * set keyed by (operation, piece, destination) (H-MOVESET-1): a stamp table drops repeats from
 * Spider/Ladybug paths, Mosquito copies and throws. The fan bugs use the same generator (their
 * movers are in fan-moves.ts, the shared scratch state and rules in movement.ts): no parallel
 * code path. (H-FAN-GEN-7 only summarises them; the per-bug rules cited below govern.) A call's
 * context (the board, the mover, the output, the set's marks) is a {@link MoveGenerator} that
 * every rule takes; this module owns the one its entry points use (scratch between calls, never
 * a cache).
 *
 * @module
 */

import { NB as I_NB } from './board.js';
import {
  CENTIPEDE,
  DRAGONFLY,
  FLY,
  ANT as I_ANT,
  BEETLE as I_BEETLE,
  CELLS as I_CELLS,
  GRASSHOPPER as I_GRASSHOPPER,
  KINDS as I_KINDS,
  LADYBUG as I_LADYBUG,
  MOSQUITO as I_MOSQUITO,
  ORIGIN_CELL as I_ORIGIN_CELL,
  PASS as I_PASS,
  PILLBUG as I_PILLBUG,
  QUEEN as I_QUEEN,
  SLOTS as I_SLOTS,
  SPIDER as I_SPIDER,
  MANTIS,
  OP_CARRY,
  OP_SPAN,
  ROACH,
  SCORPION,
  WASP,
} from './constants.js';
import { dragonfly, fly, grabs, roach, swaps, wasp } from './fan-moves.js';
import { MoveGenerator } from './generator.js';
import { ant, beetle, grasshopper, ladybug, slideOnce, spider, throws } from './movement.js';
import { KIND_SLOTS as I_KIND_SLOTS, SLOT_KIND as I_SLOT_KIND } from './pieces.js';
import type { Position } from './position.js';

// Local aliases: the test runner's module-namespace indirections would otherwise sit in the
// hottest loops. The build drops them (tsup.config.ts), so the bundle reads the numbers of
// constants.ts as literals.
const CELLS = I_CELLS;
const NB = I_NB;
const ANT = I_ANT;
const BEETLE = I_BEETLE;
const GRASSHOPPER = I_GRASSHOPPER;
const KIND_SLOTS = I_KIND_SLOTS;
const KINDS = I_KINDS;
const LADYBUG = I_LADYBUG;
const MOSQUITO = I_MOSQUITO;
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

/** The Mantis on the ground has no movement of its own (H-FAN-MANTIS-1); it grabs instead. */
function none(_g: MoveGenerator, _p: number, _c: number): void {}

/** A bug kind's movement rule, for a lifted, unpinned mover `p` taken off cell `c`. */
type Mover = (g: MoveGenerator, p: number, c: number) => void;

/**
 * Movement generators by bug kind, for a lifted, unpinned mover. The Mosquito and the abilities
 * (throw, grab, swap) are handled in {@link generatePiece}; the Pillbug's and the Centipede's own
 * moves are one slide, the Scorpion's is the Spider's.
 */
export const MOVERS: Mover[] = [];
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

/** Kinds whose power leaves the actor where it is, so a pinned actor keeps it (H-MOSQ-4, H-FAN-GEN-4). */
const IN_PLACE = (1 << PILLBUG) | (1 << MANTIS) | (1 << CENTIPEDE);

/**
 * All moves of the mover's uncovered, unfrozen piece `p` on cell `c` (including throws, grabs
 * and swaps). H-MOVE-7: colour never limits where a piece goes (but see H-FAN-WASP, H-FAN-ROACH);
 * only the mover's own pieces act.
 */
function generatePiece(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const top = g.top;
  const kind = SLOT_KIND[p % SLOTS];
  const h = height[c];
  // H-MOVE-3: a piece alone on an articulation cell is pinned; on a stack it never is.
  const isPinned = g.pinned(c);
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
    top[c] = (g.pos as Position).below[p];
    for (let k = 0; k < KINDS; k++) if (copies & (1 << k)) (MOVERS[k] as Mover)(g, p, c);
    height[c] = h;
    top[c] = p;
  }
  // H-PILLBUG-3, H-FAN-MANTIS-e, H-FAN-CENTIPEDE-c: these actors stay put, so they may be pinned;
  // each must be alone at level 0 (H-FAN-MANTIS-f, H-FAN-CENTIPEDE-a).
  if (h === 1 && (copies & IN_PLACE) !== 0) {
    if (copies & (1 << PILLBUG)) throws(g, c);
    if (copies & (1 << MANTIS)) grabs(g, c);
    if (copies & (1 << CENTIPEDE)) swaps(g, c);
  }
}

/**
 * Cells where the side to move may place (H-PLACE-1..4), written to `cells`; returns count. Fan
 * pieces are placed like any other (H-FAN-WASP-3).
 */
function placementCells(g: MoveGenerator, pos: Position, cells: Int32Array): number {
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
  // Every candidate is next to one of the mover's tops, so only the enemy count decides.
  const vis = g.nextSeen();
  const me = g.mover;
  const enemy = me === 0 ? 0x70 : 0x07; // Black's count for White, White's for Black
  const touching = pos.touching;
  const pieces = pos.piecesInGame;
  const cellOf = pos.cell;
  // Fields and module-level bindings as locals, read once (see articulation.ts `visit`).
  const nb = NB;
  const ht = g.height;
  const tp = g.top;
  const seenAt = g.seen;
  for (let i = me * (SLOTS + 1), p = pieces[i]; p >= 0; p = pieces[++i]) {
    const c = cellOf[p];
    if (c < 0 || tp[c] !== p) continue;
    for (let d = 0; d < 6; d++) {
      const e = nb[c * 6 + d];
      if (ht[e] !== 0 || seenAt[e] === vis) continue;
      seenAt[e] = vis;
      if ((touching[e] & enemy) === 0) cells[k++] = e;
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
 * of the destination (H-MOVESET-3); when not `ordered`, only counts them.
 */
function generatePlacements(
  g: MoveGenerator,
  pos: Position,
  turn: number,
  queenInPlay: boolean,
  ordered: boolean,
): void {
  const mover = g.mover;
  const hand = pos.hand[mover];
  if (hand === 0) return;
  // A bulk count from ply 2 on needs only how many hexes qualify, which the position keeps.
  const nc = ordered || pos.ply < 2 ? placementCells(g, pos, placeCells) : pos.spotsOf(mover);
  if (ordered) {
    // Order the cells once by (r, q), so each kind's run comes out sorted.
    for (let i = 0; i < nc; i++) {
      const c = placeCells[i];
      placeCells[i] = (g.key(0, 0, c) << 12) | c;
    }
    insertionSort(placeCells, 0, nc);
    for (let i = 0; i < nc; i++) placeCells[i] = placeCells[i] & (CELLS - 1);
  }
  // H-PLACE-6: a Queen still in hand on the 4th turn or later -> only Queen placements.
  const onlyQueen = !queenInPlay && turn >= 4;
  const kinds = pos.kindsInGame;
  for (let j = mover * (KINDS + 1), kind = kinds[j]; kind >= 0; kind = kinds[++j]) {
    if (onlyQueen && kind !== QUEEN) break;
    // H-PLACE-5: no Queen on the first turn (tournament opening).
    if (kind === QUEEN && turn === 1 && pos.rules.tournamentOpening) continue;
    // H-PLACE-7: only the lowest-numbered piece of a kind in hand may be placed.
    const slots = hand & KIND_SLOTS[kind];
    if (slots === 0) continue;
    const piece = mover * SLOTS + 31 - Math.clz32(slots & -slots);
    if (ordered) g.emitRun(piece * CELLS, placeCells, nc);
    else g.skipRun(nc);
  }
}

/**
 * Writes every legal move of `pos` into `buf` from `offset` (H-MOVESET-3 order) and returns how
 * many. H-TURN-1: each is one placement, one movement or ability use, or the forced pass. A
 * forced pass is the single move `PASS` (H-TURN-3); a finished game has none (H-END-7).
 */
export function generate(pos: Position, buf: Int32Array, offset: number): number {
  return run(generator, pos, buf, offset, true);
}

/**
 * The number of legal moves of `pos`, as {@link generate} returns it: the same generator, but
 * the moves are neither ordered nor decoded, and placements are counted without being written
 * (what a perft adds at its last ply, the "bulk count").
 */
export function countMoves(pos: Position): number {
  return run(generator, pos, scratch, 0, false);
}

/** {@link generate} (`ordered`) or {@link countMoves}: one generator for both. */
function run(
  g: MoveGenerator,
  pos: Position,
  buf: Int32Array,
  offset: number,
  ordered: boolean,
): number {
  if (pos.result !== 0) return 0;
  g.begin(pos, buf, offset);
  const mover = g.mover;
  const turn = (pos.ply >> 1) + 1; // H-TURN-2
  const queen = mover * SLOTS;
  const queenInPlay = pos.cell[queen] !== -1;
  generatePlacements(g, pos, turn, queenInPlay, ordered);
  // Movements are collected as sort keys from here on.
  const moveStart = g.n;
  // H-MOVE-1: no movement or ability before the mover's Queen is in play.
  if (queenInPlay) {
    g.beginMovements(pos.cell[queen]);
    const pieces = pos.piecesInGame;
    const top = g.top;
    const frozen1 = g.frozen1;
    const frozen2 = g.frozen2;
    for (let i = mover * (SLOTS + 1), p = pieces[i]; p >= 0; p = pieces[++i]) {
      const c = pos.cell[p];
      // H-MOVE-2: only uncovered pieces act; H-FREEZE-2, H-FAN-GEN-3: not a piece that just moved.
      if (c < 0 || top[c] !== p || p === frozen1 || p === frozen2) continue;
      generatePiece(g, p, c);
    }
  }
  const n = g.n;
  if (n === offset) {
    buf[offset] = PASS; // H-TURN-3 / H-MOVESET-2
    return 1;
  }
  if (!ordered) return n - offset;
  // Sort the movement keys (rank, r, q): they arrive grouped by piece. Then decode them.
  insertionSort(buf, moveStart, n);
  for (let i = moveStart; i < n; i++) {
    const k = buf[i];
    const rank = k >> 14;
    const op = (k >> 12) & 3;
    const c = ((g.anchorQ + (k & 63) - 32) & 63) | (((g.anchorR + ((k >> 6) & 63) - 32) & 63) << 6);
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

/** The generator of this module's entry points (its context lives only during a call). */
const generator = new MoveGenerator();
