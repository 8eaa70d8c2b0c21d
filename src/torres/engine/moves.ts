/**
 * The Torres move generator: functions over a {@link Position} that write the legal move codes
 * of the current step in the stable order (the order `moves` returns). The action cards' moves
 * are in card-moves.ts. One generator serves `moves`, `apply`, perft and the bots.
 *
 * @module
 */
import { bitHi, bitLo, emitTo, lowest, ORTH } from './bits.js';
import { manhattan } from './board.js';
import { genCard } from './card-moves.js';
import { code } from './codes.js';
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
  K_RETURN,
  K_SCORE,
  K_SPREAD,
  K_STACK,
  K_START,
  MAX_STACK,
} from './constants.js';
import {
  ACTIVE,
  AP_LIMIT,
  AP_USED,
  BOUGHT,
  BOUGHT_N,
  H,
  O_HAND,
  O_KOFF,
  O_STACKS,
  PEND,
  PEND_N,
  PLAYED,
  S_ACTIONS,
  S_CHOOSE,
  S_KEEP,
  S_KING_MOVE,
  S_REDIST,
  S_RETURN,
  S_SETUP_CASTLE,
  S_SETUP_KING,
  S_SETUP_KNIGHT,
  STEP,
  seatOffset,
} from './layout.js';
import type { Position } from './position.js';

/** Scratch for one pair of bit-set halves (`lo`, `hi`). */
const pair = new Int32Array(2);

/** Writes the legal move codes at `out[off..]` in the stable order; returns the count. */
export function generateMoves(pos: Position, out: Int32Array, off: number): number {
  const a = pos.data;
  let k = off;
  switch (a[STEP]) {
    case S_SETUP_CASTLE: {
      // T-MASTER-SETUP-1: a ground square far enough from every castle square.
      for (let q = 0; q < 64; q++)
        if (canFoundMasterCastle(pos, q)) out[k++] = code(K_CASTLE, 0, q, 0, 0);
      break;
    }
    case S_SETUP_KNIGHT:
    case S_SETUP_KING: {
      // T-SETUP-3 / T-SETUP-4: a free castle square of a castle holding no knight. Every castle is
      // still one block, so the king starts at level 1 (T-RULE-6).
      const r = pos.castles();
      const kn = pos.knights;
      const knLo = kn[0] | kn[2] | kn[4] | kn[6];
      const knHi = kn[1] | kn[3] | kn[5] | kn[7];
      let lo = 0;
      let hi = 0;
      for (let id = 0; id < r.count; id++) {
        const cLo = r.sets[2 * id];
        const cHi = r.sets[2 * id + 1];
        if (((cLo & knLo) | (cHi & knHi)) !== 0) continue; // the castle holds a knight
        lo |= cLo;
        hi |= cHi;
      }
      const kind = a[STEP] === S_SETUP_KNIGHT ? K_START : K_KING;
      k = emitTo(out, k, pos.freeLo(lo), pos.freeHi(hi), code(kind, 0, 0, 0, 0));
      break;
    }
    case S_CHOOSE: {
      // T-STACK-1: one move per distinct stack size.
      const base = seatOffset(pos.actor) + O_STACKS;
      for (let s = 0; s <= MAX_STACK; s++)
        if (a[base + s] > 0) out[k++] = code(K_STACK, 0, 0, s, 0);
      break;
    }
    case S_ACTIONS:
      k = genActions(pos, out, k);
      break;
    case S_KEEP: {
      // T-DRAFT-1: keep one of the drawn cards (by type).
      const seen = new Uint8Array(11);
      for (let i = 0; i < a[PEND_N]; i++) seen[a[PEND + i]] = 1;
      for (let c = 0; c <= 10; c++) if (seen[c]) out[k++] = code(K_KEEP, 0, 0, c, 0);
      break;
    }
    case S_RETURN:
      // T-DRAFT-2: the rest go back together, on top or at the bottom.
      out[k++] = code(K_RETURN, 0, 0, 0, 0);
      out[k++] = code(K_RETURN, 0, 0, 1, 0);
      break;
    case S_REDIST: {
      // T-REDIST-1: one block onto a stack (by size) below the cap.
      const base = seatOffset(pos.actor) + O_STACKS;
      for (let s = 0; s < pos.stackCap; s++)
        if (a[base + s] > 0) out[k++] = code(K_SPREAD, 0, 0, s, 0);
      // T-REDIST-2: with 'optional', `end` returns the rest to the supply.
      if (pos.options.redistribution === 'optional') out[k++] = code(K_END, 0, 0, 0, 0);
      break;
    }
    case S_KING_MOVE: {
      // T-KING-5 / T-RULE-6: stay, or any free castle square at any level, never the ground.
      out[k++] = code(K_KING_STAY, 0, 0, 0, 0);
      for (let q = 0; q < 64; q++)
        if (a[H + q] > 0 && pos.isFree(q)) out[k++] = code(K_KING, 0, q, 0, 0);
      break;
    }
    default:
      break; // over: no moves (T-END-1)
  }
  return k - off;
}

function canFoundMasterCastle(pos: Position, q: number): boolean {
  if (pos.data[H + q] !== 0) return false;
  const near =
    pos.options.castleSpacing === 'manhattan' ? TOO_CLOSE_MANHATTAN : TOO_CLOSE_ROW_COLUMN;
  const lv = pos.levels; // lv[0..1]: the castle squares
  return ((near[2 * q] & lv[0]) | (near[2 * q + 1] & lv[1])) === 0;
}

function genActions(pos: Position, out: Int32Array, k0: number): number {
  const a = pos.data;
  let k = k0;
  const seat = pos.actor;
  const so = seatOffset(seat);
  const left = a[AP_LIMIT] - a[AP_USED]; // T-FLOW-2
  const r = pos.castles();
  const mineLo = pos.knights[2 * seat];
  const mineHi = pos.knights[2 * seat + 1];
  // block{to}, 1 AP (T-BLOCK-1); squares with a piece never take one (T-BLOCK-4, T-KING-2)
  if (a[ACTIVE] >= 1 && left >= 1) {
    pos.blockTargets(pair, 0);
    for (let lo = pair[0]; lo !== 0; lo &= lo - 1)
      out[k++] = K_BLOCK | ((31 - Math.clz32(lo & -lo)) << 10);
    for (let hi = pair[1]; hi !== 0; hi &= hi - 1)
      out[k++] = K_BLOCK | ((63 - Math.clz32(hi & -hi)) << 10);
  }
  // knight{to}, 2 AP (T-KNIGHT-ADD-1/2)
  if (a[so + O_KOFF] >= 1 && left >= 2) k = genKnightAdds(pos, out, k, mineLo, mineHi);
  // move{from,to}, 1 AP (T-KNIGHT-MOVE-1): Step ∪ Door, each target once (T-FLOW-3), ascending
  if (left >= 1) {
    // Step(f) as `stepReach` computes it, Door(f) from its cache, onto free squares
    // (T-KNIGHT-MOVE-2/3), the codes written here: the generator's hottest loop, written out in
    // genActions itself. A targets method and `emitTo` per knight cost about 15 % of a random
    // game; a helper function, or even `lowest` for the bit scans (hence `Math.clz32`, a
    // builtin), uses up V8's inlining budget for genActions and leaves the `emitTo` calls
    // around this loop as calls (about 10 % of a random game, measured). For the same reason
    // the block and knight-add codes above are written out too: which callees fit the budget
    // depends on their sizes (a smaller `castles()` once let `genKnightAdds` in and pushed its
    // `emitTo` out: 10 % slower, seen with --trace-turbo-inlining).
    const lv = pos.levels;
    const occ = pos.occupied;
    for (let m = mineLo, add = 0; ; m &= m - 1) {
      if (m === 0) {
        if (add !== 0 || mineHi === 0) break;
        m = mineHi;
        add = 32;
      }
      const f = 31 - Math.clz32(m & -m) + add;
      const s = a[H + f];
      const door = pos.doorSets(f);
      let lo = ((ORTH[2 * f] & ~lv[2 * s + 2]) | door[2 * f]) & ~occ[0];
      let hi = ((ORTH[2 * f + 1] & ~lv[2 * s + 3]) | door[2 * f + 1]) & ~occ[1];
      const base = K_MOVE | (f << 4);
      for (; lo !== 0; lo &= lo - 1) out[k++] = base | ((31 - Math.clz32(lo & -lo)) << 10);
      for (; hi !== 0; hi &= hi - 1) out[k++] = base | ((63 - Math.clz32(hi & -hi)) << 10);
    }
    out[k++] = code(K_SCORE, 0, 0, 0, 0); // T-TRACK-3
    // T-BUY-1 / T-RULE-11: at most 2 per turn, from a non-empty deck, not in masterHand mode.
    if (a[BOUGHT_N] < 2 && pos.buyDeckLen() > 0) out[k++] = code(K_BUY, 0, 0, 0, 0);
  }
  // play{card,…}, 0 AP, at most one per turn (T-PLAY-1), not a card bought this turn (T-BUY-2);
  // generated only here, in the mover's own actions step (T-PLAY-3)
  if (a[PLAYED] === 0) {
    for (let c = 1; c <= 10; c++) {
      const held = a[so + O_HAND + c];
      if (held !== 0 && held - a[BOUGHT + c] > 0) k = genCard(pos, c, out, k, r);
    }
  }
  out[k++] = code(K_END, 0, 0, 0, 0); // T-END-TURN-1
  return k;
}

/**
 * T-KNIGHT-ADD-1: a free square orthogonally next to an own knight A with h ≤ h(A).
 * T-KNIGHT-ADD-2: any such anchor suffices (so the highest decides); only own knights count.
 */
function genKnightAdds(
  pos: Position,
  out: Int32Array,
  k: number,
  mineLo: number,
  mineHi: number,
): number {
  // card-moves.ts' `addAnchored` with the set in locals (this runs on most generates)
  const a = pos.data;
  const lv = pos.levels;
  let lo = 0;
  let hi = 0;
  for (let m = mineLo; m !== 0; m &= m - 1) {
    const q = lowest(m);
    const h = a[H + q];
    lo |= ORTH[2 * q] & ~lv[2 * h];
    hi |= ORTH[2 * q + 1] & ~lv[2 * h + 1];
  }
  for (let m = mineHi; m !== 0; m &= m - 1) {
    const q = lowest(m) + 32;
    const h = a[H + q];
    lo |= ORTH[2 * q] & ~lv[2 * h];
    hi |= ORTH[2 * q + 1] & ~lv[2 * h + 1];
  }
  // the codes written here, not by `emitTo` (see `genActions`)
  for (lo = pos.freeLo(lo); lo !== 0; lo &= lo - 1)
    out[k++] = K_KNIGHT | ((31 - Math.clz32(lo & -lo)) << 10);
  for (hi = pos.freeHi(hi); hi !== 0; hi &= hi - 1)
    out[k++] = K_KNIGHT | ((63 - Math.clz32(hi & -hi)) << 10);
  return k;
}

/**
 * T-MASTER-SETUP-1: for each ground square q, the squares (at `[2q, 2q + 1]`) where a castle
 * forbids founding one on q: Manhattan distance < 3 ('manhattan', two empty squares between);
 * with 'rowColumn' distance < 3 in q's row or column and orthogonal contact elsewhere (T-GEO-6).
 */
const TOO_CLOSE_MANHATTAN: Int32Array = tooCloseTable(false);
const TOO_CLOSE_ROW_COLUMN: Int32Array = tooCloseTable(true);

function tooCloseTable(rowColumn: boolean): Int32Array {
  const out = new Int32Array(128);
  for (let q = 0; q < 64; q++) {
    for (let c = 0; c < 64; c++) {
      const d = manhattan(q, c);
      const inLine = (q & 7) === (c & 7) || q >> 3 === c >> 3;
      const close = !rowColumn || inLine ? d < 3 : d < 2;
      if (!close) continue;
      out[2 * q] = out[2 * q] | bitLo(c);
      out[2 * q + 1] = out[2 * q + 1] | bitHi(c);
    }
  }
  return out;
}
