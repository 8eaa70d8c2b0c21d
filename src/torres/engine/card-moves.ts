/**
 * The moves of the Torres action cards (T-CARD-*): what each card in the mover's hand allows
 * now, written as move codes for the generator (moves.ts).
 *
 * @module
 */
import { bitHi, bitLo, emitTo, growHi, growLo, lowest, ORTH } from './bits.js';
import { type Castles, GRID, labelCastles, makeCastles } from './board.js';
import {
  ANY_DOOR,
  AP6,
  AP7,
  BLOCK_UNDER,
  CLIMB_TWO,
  DIAGONAL,
  JUMP_KNIGHT,
  MOVE_BLOCK,
  RELOCATE,
  SUPPLY_BLOCK,
} from './cards.js';
import { code } from './codes.js';
import { K_PLAY, X_ACTIVE } from './constants.js';
import { ACTIVE, H, O_STACKS, P, SUPPLY, seatOffset } from './layout.js';
import { MAX_STACK } from './phases.js';
import type { Position } from './position.js';
import { KING, nextToOneCastle, raisable } from './rules.js';

/** The mover's knights as a list (see `listKnights`). */
const ownList = new Int8Array(64);
/** Scratch for one pair of bit-set halves (`lo`, `hi`). */
const pair = new Int32Array(2);

function addAnchored(pos: Position, q: number, p: Int32Array): void {
  const h = pos.data[H + q];
  p[0] = p[0] | (ORTH[2 * q] & ~pos.levels[2 * h]);
  p[1] = p[1] | (ORTH[2 * q + 1] & ~pos.levels[2 * h + 1]);
}

export function genCard(pos: Position, c: number, out: Int32Array, k0: number, r: Castles): number {
  const a = pos.data;
  let k = k0;
  const seat = pos.actor;
  const so = seatOffset(seat);
  const nm = listKnights(pos, seat);
  switch (c) {
    case AP6:
    case AP7:
      out[k++] = code(K_PLAY, 0, 0, 0, c); // T-PLAY-2: always playable
      break;
    case SUPPLY_BLOCK:
      // T-CARD-SUPPLY-1: one block from the supply under T-BLOCK-2/3/4; it needs supply ≥ 1
      // (T-RULE-8).
      if (a[SUPPLY] >= 1) {
        pos.blockTargets(pair, 0);
        k = emitTo(out, k, pair[0], pair[1], code(K_PLAY, 0, 0, 0, c));
      }
      break;
    case BLOCK_UNDER:
      for (let i0 = 0; i0 < nm; i0++) {
        const f = ownList[i0];
        const h = a[H + f];
        // T-CARD-UNDER-1: the cap in a castle; on the ground at most one adjacent castle.
        const ok = h >= 1 ? h + 1 <= r.areas[castleAt(r, f)] : adjacentCastles(f, r) <= 1;
        if (!ok) continue;
        if (a[ACTIVE] >= 1) out[k++] = code(K_PLAY, f, 0, X_ACTIVE, c);
        for (let s = 1; s <= MAX_STACK; s++)
          if (a[so + O_STACKS + s] > 0) out[k++] = code(K_PLAY, f, 0, s, c);
      }
      break;
    case MOVE_BLOCK:
      k = genMoveBlock(pos, out, k);
      break;
    case RELOCATE:
      k = genRelocate(pos, out, k, nm);
      break;
    case DIAGONAL:
      for (let i0 = 0; i0 < nm; i0++) {
        const f = ownList[i0];
        const h = a[H + f];
        const n = GRID.diagCount[f];
        // T-CARD-DIAGONAL-1: one diagonal square, up at most 1, down any (ascending order).
        for (let i = 0; i < n; i++) {
          const d = GRID.diag[4 * f + i];
          if (a[P + d] === 0 && a[H + d] <= h + 1) out[k++] = code(K_PLAY, f, d, 0, c);
        }
      }
      break;
    case ANY_DOOR:
      for (let i0 = 0; i0 < nm; i0++) {
        const f = ownList[i0];
        anyDoorTargets(pos, f, r, pair);
        k = emitTo(out, k, pair[0], pair[1], code(K_PLAY, f, 0, 0, c));
      }
      break;
    case JUMP_KNIGHT:
      for (let i0 = 0; i0 < nm; i0++) {
        const f = ownList[i0];
        // the four jumps in ascending order of the landing square
        for (let j = 8 * f; j < 8 * f + 8; j += 2) {
          const over = JUMPS[j];
          const to = JUMPS[j + 1];
          if (to < 0) continue;
          const mid = a[P + over];
          // T-CARD-JUMP-1: over one knight (the king only with jumpOverKing), onto a free square.
          const jumpable = (mid >= 1 && mid <= 4) || (mid === KING && pos.options.jumpOverKing);
          if (jumpable && a[P + to] === 0) out[k++] = code(K_PLAY, f, to, 0, c);
        }
      }
      break;
    case CLIMB_TWO: {
      const exact = pos.options.climbTwo === 'exact';
      for (let i0 = 0; i0 < nm; i0++) {
        const f = ownList[i0];
        const h = a[H + f];
        const n = GRID.orthCount[f];
        for (let i = 0; i < n; i++) {
          const d = GRID.orth[4 * f + i];
          const hd = a[H + d];
          // T-CARD-CLIMB2-1: exactly +2 ('exact') or at most +2 ('upTo'); ascending order.
          const ok = exact ? hd === h + 2 : hd <= h + 2;
          if (ok && a[P + d] === 0) out[k++] = code(K_PLAY, f, d, 0, c);
        }
      }
      break;
    }
    default:
      break;
  }
  return k;
}
/** The mover's knights, ascending, into `ownList`; returns how many. */
function listKnights(pos: Position, seat: number): number {
  let n = 0;
  for (let m = pos.knights[2 * seat]; m !== 0; m &= m - 1) ownList[n++] = lowest(m);
  for (let m = pos.knights[2 * seat + 1]; m !== 0; m &= m - 1) ownList[n++] = lowest(m) + 32;
  return n;
}

/**
 * T-CARD-RELOCATE-1: lift the knight, then place it as if adding it (T-KNIGHT-ADD-1): onto a
 * free square next to another own knight A with h ≤ h(A). The `nm` knights are in `ownList`.
 */
function genRelocate(pos: Position, out: Int32Array, k: number, nm: number): number {
  for (let i = 0; i < nm; i++) {
    pair[0] = 0;
    pair[1] = 0;
    for (let j = 0; j < nm; j++) if (j !== i) addAnchored(pos, ownList[j], pair);
    const f = ownList[i];
    const lo = pos.freeLo(pair[0] & ~bitLo(f));
    const hi = pos.freeHi(pair[1] & ~bitHi(f));
    k = emitTo(out, k, lo, hi, code(K_PLAY, f, 0, 0, RELOCATE));
  }
  return k;
}

/**
 * T-CARD-DOOR-1 / T-RULE-19: enter any adjacent door at the knight's level (a neighbour N with
 * h(N) > h(from)), move freely inside N's castle C, and leave onto a free square `to` ≠ from
 * that some square Q ∈ C ∩ orth(to) with h(Q) > h(to) faces with a door (the knight does not
 * climb as it steps out).
 */
function anyDoorTargets(pos: Position, f: number, r: Castles, out: Int32Array): void {
  const lv = pos.levels;
  const s = pos.data[H + f];
  // the castles behind the doors at the knight's level (entrances: h > s)
  const eLo = ORTH[2 * f] & lv[2 * s];
  const eHi = ORTH[2 * f + 1] & lv[2 * s + 1];
  let cLo = 0;
  let cHi = 0;
  for (let id = 0; id < r.count; id++) {
    const lo = r.sets[2 * id];
    const hi = r.sets[2 * id + 1];
    if (((lo & eLo) | (hi & eHi)) === 0) continue;
    cLo |= lo;
    cHi |= hi;
  }
  // exits: squares next to a castle square Q with h(Q) > t ≥ their own height, for some t
  let xLo = 0;
  let xHi = 0;
  for (let t = 0; ; t++) {
    const inLo = cLo & lv[2 * t];
    const inHi = cHi & lv[2 * t + 1];
    if ((inLo | inHi) === 0) break;
    xLo |= growLo(inLo, inHi) & ~lv[2 * t];
    xHi |= growHi(inLo, inHi) & ~lv[2 * t + 1];
  }
  out[0] = pos.freeLo(xLo & ~bitLo(f));
  out[1] = pos.freeHi(xHi & ~bitHi(f));
}

/** T-CARD-MOVEBLOCK-1 / T-RULE-18, evaluated in the spec's order (lift, split, place, final). */
function genMoveBlock(pos: Position, out: Int32Array, k0: number): number {
  const a = pos.data;
  let k = k0;
  let shared = false; // the targets after lifting from a stack of 2 or more, once computed
  let sLo = 0;
  let sHi = 0;
  for (let f = 0; f < 64; f++) {
    const hf = a[H + f];
    if (hf < 1 || !pos.isFree(f)) continue; // an empty block, not under the king (T-KING-2)
    // 1. Lift the block: S′. Lifting from a stack of 2 or more changes no castle's squares
    // (and cannot make one too tall), so S′ has the current castles and the targets do not
    // depend on f; only a lifted foundation block (h = 1) needs a fresh labelling.
    if (hf > 1) {
      if (!shared) {
        const g = pos.levels;
        moveBlockTargets(pos.castles(), g, ~g[0], ~g[1], -1, pair);
        sLo = pair[0];
        sHi = pair[1];
        shared = true;
      }
      pair[0] = sLo;
      pair[1] = sHi;
    } else if (!liftFoundation(pos, f, pair)) continue;
    const lo = pos.freeLo(pair[0] & ~bitLo(f));
    const hi = pos.freeHi(pair[1] & ~bitHi(f));
    k = emitTo(out, k, lo, hi, code(K_PLAY, f, 0, 0, MOVE_BLOCK));
  }
  return k;
}

/**
 * T-CARD-MOVEBLOCK-1 for a lifted foundation block on f: relabels the castles of S′ (f on the
 * ground), checks that the rest of the old castle does not split (step 2), and writes the
 * targets (before occupancy) into `out`. Returns false when the lift splits a castle.
 */
function liftFoundation(pos: Position, f: number, out: Int32Array): boolean {
  const lv = pos.levels;
  const allLo = lv[0] & ~bitLo(f);
  const allHi = lv[1] & ~bitHi(f);
  const r = liftedCastles;
  labelCastles(allLo, allHi, r);
  // 2. The rest of the old castle must not split: f's castle neighbours are in one castle.
  const nLo = ORTH[2 * f];
  const nHi = ORTH[2 * f + 1];
  let touching = 0;
  // A castle of S′ taller than its area can only be the lifted castle (the last one found).
  let badId = -1;
  for (let id = 0; id < r.count; id++) {
    const lo = r.sets[2 * id];
    const hi = r.sets[2 * id + 1];
    if (((lo & nLo) | (hi & nHi)) !== 0) touching++;
    const t = r.areas[id];
    if (((lo & lv[2 * t]) | (hi & lv[2 * t + 1])) !== 0) badId = id;
  }
  if (touching > 1) return false;
  moveBlockTargets(r, lv, ~allLo, ~allHi, badId, out);
  return true;
}

/**
 * The jumps of T-CARD-JUMP-1 from each square f: at `8f + 2i` the square jumped over and at
 * `8f + 2i + 1` the landing square (−1 off the board), in ascending order of the landing square.
 */
const JUMPS: Int8Array = jumpTable();

function jumpTable(): Int8Array {
  const out = new Int8Array(512).fill(-1);
  const dirs = [-8, -1, 1, 8]; // down, left, right, up: landing squares ascend
  for (let f = 0; f < 64; f++) {
    for (let i = 0; i < 4; i++) {
      const d = dirs[i];
      const x = (f & 7) + 2 * (d === 1 ? 1 : d === -1 ? -1 : 0);
      const y = (f >> 3) + 2 * (d === 8 ? 1 : d === -8 ? -1 : 0);
      if (x < 0 || x > 7 || y < 0 || y > 7) continue;
      out[8 * f + 2 * i] = f + d;
      out[8 * f + 2 * i + 1] = f + 2 * d;
    }
  }
  return out;
}

/** The number of different castles orthogonally adjacent to ground square q. */
export function adjacentCastles(q: number, r: Castles): number {
  const nLo = ORTH[2 * q];
  const nHi = ORTH[2 * q + 1];
  let n = 0;
  for (let id = 0; id < r.count; id++)
    if (((r.sets[2 * id] & nLo) | (r.sets[2 * id + 1] & nHi)) !== 0) n++;
  return n;
}

/** The id of the castle of `r` holding square q, or −1 on the ground. */
function castleAt(r: Castles, q: number): number {
  const lo = bitLo(q);
  const hi = bitHi(q);
  for (let id = 0; id < r.count; id++)
    if (((r.sets[2 * id] & lo) | (r.sets[2 * id + 1] & hi)) !== 0) return id;
  return -1;
}

/** Castles of a board with one foundation block lifted (scratch of `genMoveBlock`). */
const liftedCastles: Castles = makeCastles();

/**
 * T-CARD-MOVEBLOCK-1 steps 3 and 4 on the board S′ after the lift (castles `r`, ground squares
 * `groundLo, groundHi`, `badId` the castle taller than its area or −1): the squares the block
 * may go to, before occupancy and the lifted square. 3. a castle square by T-BLOCK-2, or a ground
 * square next to at most one castle (two would merge, T-GEO-6); 4. afterwards every castle is
 * valid and there are at least 6 castles (T-GEO-7). A too-tall castle can only be mended by
 * extending it onto the ground.
 */
function moveBlockTargets(
  r: Castles,
  levels: Int32Array,
  groundLo: number,
  groundHi: number,
  badId: number,
  out: Int32Array,
): void {
  const n = r.count;
  if (badId >= 0) {
    const lo = r.sets[2 * badId];
    const hi = r.sets[2 * badId + 1];
    const t = r.areas[badId] + 1; // the extended castle's top must be ≤ area + 1
    const fits = ((lo & levels[2 * t]) | (hi & levels[2 * t + 1])) === 0;
    nextToOneCastle(r, groundLo, groundHi, out);
    out[0] = n >= 6 && fits ? out[0] & growLo(lo, hi) : 0;
    out[1] = n >= 6 && fits ? out[1] & growHi(lo, hi) : 0;
    return;
  }
  let lo = 0;
  let hi = 0;
  if (n >= 6) {
    // extends a castle or raises a stack
    nextToOneCastle(r, groundLo, groundHi, out);
    raisable(r, levels, out);
    lo = out[0];
    hi = out[1];
  }
  if (n + 1 >= 6) {
    // founds a castle: a ground square next to none
    let cLo = 0;
    let cHi = 0;
    for (let id = 0; id < n; id++) {
      cLo |= r.sets[2 * id];
      cHi |= r.sets[2 * id + 1];
    }
    lo |= groundLo & ~growLo(cLo, cHi);
    hi |= groundHi & ~growHi(cLo, cHi);
  }
  out[0] = lo;
  out[1] = hi;
}
