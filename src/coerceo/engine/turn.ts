/**
 * One Coerceo turn on a {@link CoerceoPosition} (C-TURN), the body of its `play`: the step half,
 * the exchange half, and the resolution both end in (tile removal, capture, the other side to
 * move, the end checks). `play` pushes the undo entry and calls one half.
 *
 * This is the hot kernel of perft and search, so it keeps the pieces, tiles, captures and the
 * hash in local variables, hands them from a half to {@link resolve} as int arguments, and
 * writes the position's fields once, at the end. Nothing is allocated and the fields are read
 * directly, not through accessors (which measured 10–20 % slower in bulk perft,
 * docs/architecture.md).
 *
 * @module
 */
import { EN_HI, EN_LO, FACE_HI, FACE_LO, popcount, TILE_HI, TILE_LO, TILE_OF } from './board.js';
import { enclosed } from './capture.js';
import { COLOUR_FIELDS, S as I_S, LIVE } from './constants.js';
import {
  pieceKeys,
  HELD_KEYS as ZH,
  PIECE_KEYS as ZP,
  SIDE_KEY_HI as ZS_HI,
  SIDE_KEY_LO as ZS_LO,
  TILE_KEYS as ZT,
} from './hash.js';
import type { CoerceoPosition } from './position.js';
import { endStatus, repetition } from './rules.js';
import { cascadeRemoval } from './tiles.js';
import { saveRare } from './undo.js';

// The undo-entry size (constants.ts), as a local alias: the test runner would read the imported
// name through a getter in every irreversible turn; the build drops the alias (tsup.config.ts).
const S = I_S;

/**
 * C-TURN-2: the step half of a turn (`move` a step code of the side to move). A step that
 * empties no tile and captures nothing, the common turn, is finished here; the others go on to
 * {@link resolve}. Measured: a first split that sent every turn through `resolve` (too big for
 * V8 to inline, so a 14-argument call per turn) ran played perft ~20 % slower than the one-piece
 * `play`; this one, with one call per common turn as before, measured no slower.
 */
export function playStep(pos: CoerceoPosition, move: number): void {
  const c = pos.side;
  const white = c === 0;
  let mLo = white ? pos.wLo : pos.bLo; // the mover's pieces
  let mHi = white ? pos.wHi : pos.bHi;
  const oLo = white ? pos.bLo : pos.wLo; // the opponent's pieces
  const oHi = white ? pos.bHi : pos.wHi;
  const mb = c * COLOUR_FIELDS;
  // C-TURN-2 step 1 / C-MOVE-1: move the piece.
  const from = move & 63;
  const to = (move >> 6) & 63;
  if (from < 32) mLo ^= 1 << from;
  else mHi ^= 1 << (from - 32);
  if (to < 32) mLo ^= 1 << to;
  else mHi ^= 1 << (to - 32);
  const hLo = pos.hLo ^ ZP[2 * (mb + from)] ^ ZP[2 * (mb + to)];
  const hHi = pos.hHi ^ ZP[2 * (mb + from) + 1] ^ ZP[2 * (mb + to) + 1];
  // C-TURN-2 step 2 / C-TILE-2: test the vacated tile (the destination is never empty).
  const t = TILE_OF[from];
  const uLo = mLo | oLo;
  const uHi = mHi | oHi;
  let removed = 0;
  if ((uLo & TILE_LO[t]) === 0 && (uHi & TILE_HI[t]) === 0) {
    removed = cascadeRemoval(pos.tiles, uLo, uHi, t);
  }
  // C-CAPTURE-3: candidates are the destination's edge neighbours (opponent colour).
  const capLo = EN_LO[mb + to] & oLo;
  const capHi = EN_HI[mb + to] & oHi;
  const oCount = white ? pos.cntB : pos.cntW;
  const held = white ? pos.heldW : pos.heldB;
  if (removed !== 0 || ((capLo | capHi) !== 0 && captures(pos, mLo, mHi, capLo, capHi))) {
    resolve(pos, false, mLo, mHi, oLo, oHi, held, oCount, hLo, hHi, removed, capLo, capHi);
    return;
  }
  // A reversible step: only the mover's pieces, the side and the hash change.
  if (white) {
    pos.wLo = mLo;
    pos.wHi = mHi;
  } else {
    pos.bLo = mLo;
    pos.bHi = mHi;
  }
  pos.lastCapLo = 0;
  pos.lastCapHi = 0;
  pos.lastRemoved = 0;
  pos.lastCollected = 0;
  endTurn(pos, hLo, hHi, oCount, oLo, oHi, pos.pLo, pos.pHi);
}

/**
 * Whether a step that removed no tile captures (C-CAPTURE-1, decided as in {@link resolve}):
 * the test that keeps the common step out of `resolve`.
 */
function captures(pos: CoerceoPosition, mLo: number, mHi: number, cLo: number, cHi: number) {
  const gapLo = pos.pLo & ~mLo;
  const gapHi = pos.pHi & ~mHi;
  const ob = (1 - pos.side) * COLOUR_FIELDS;
  return (enclosed(cLo, 0, gapLo, gapHi, ob) | enclosed(cHi, 32, gapLo, gapHi, ob)) !== 0;
}

/** C-TURN-3: the exchange half of a turn (`move` an exchange code of the side to move). */
export function playExchange(pos: CoerceoPosition, move: number): void {
  const c = pos.side;
  const white = c === 0;
  const mLo = white ? pos.wLo : pos.bLo; // the mover's pieces
  const mHi = white ? pos.wHi : pos.bHi;
  let oLo = white ? pos.bLo : pos.wLo; // the opponent's pieces
  let oHi = white ? pos.bHi : pos.wHi;
  const held = white ? pos.heldW : pos.heldB;
  const ob = (1 - c) * COLOUR_FIELDS;
  const hb = c * 20;
  // C-TURN-3 / C-EXCHANGE-1 / C-EXCHANGE-3: pay the cost, remove the chosen opponent piece,
  // remove the tiles this empties (uncollected, C-TILE-3), then capture what the removal
  // encloses. C-EXCHANGE-2: an exchange is one whole turn, so at most one per turn.
  const target = move & 63;
  const nh = held - pos.exchangeCost;
  let hLo = pos.hLo ^ ZH[2 * (hb + held)] ^ ZH[2 * (hb + nh)];
  let hHi = pos.hHi ^ ZH[2 * (hb + held) + 1] ^ ZH[2 * (hb + nh) + 1];
  if (target < 32) oLo &= ~(1 << target);
  else oHi &= ~(1 << (target - 32));
  const oCount = (white ? pos.cntB : pos.cntW) - 1;
  hLo ^= ZP[2 * (ob + target)];
  hHi ^= ZP[2 * (ob + target) + 1];
  const t = TILE_OF[target];
  const uLo = mLo | oLo;
  const uHi = mHi | oHi;
  let removed = 0;
  if ((uLo & TILE_LO[t]) === 0 && (uHi & TILE_HI[t]) === 0) {
    removed = cascadeRemoval(pos.tiles, uLo, uHi, t);
  }
  resolve(pos, true, mLo, mHi, oLo, oHi, nh, oCount, hLo, hHi, removed, 0, 0);
}

/**
 * The end of an irreversible turn (any exchange; a step that removes a tile or captures):
 * collects the tiles `removed` by a step (C-TILE-3), removes them (C-CAPTURE-3: the opponent
 * fields facing them become candidates too), captures the enclosed candidates `capLo/capHi`,
 * saves the rare fields and writes the turn into the position, then {@link endTurn}. The
 * arguments are the half's locals: the mover's and opponent's pieces, the mover's held tiles,
 * the opponent's piece count and the hash.
 */
function resolve(
  pos: CoerceoPosition,
  exchanged: boolean,
  mLo: number,
  mHi: number,
  oLo: number,
  oHi: number,
  held: number,
  oCount: number,
  hLo: number,
  hHi: number,
  removed: number,
  capLo: number,
  capHi: number,
): void {
  const white = pos.side === 0;
  const o = 1 - pos.side;
  const ob = o * COLOUR_FIELDS;
  let pLo = pos.pLo;
  let pHi = pos.pHi;
  let collected = 0;
  if (removed !== 0 && !exchanged) {
    // C-TILE-3: the mover collects every tile removed in a step turn.
    collected = popcount(removed);
    const hb = pos.side * 20;
    const nh = held + collected;
    hLo ^= ZH[2 * (hb + held)] ^ ZH[2 * (hb + nh)];
    hHi ^= ZH[2 * (hb + held) + 1] ^ ZH[2 * (hb + nh) + 1];
    held = nh;
  }
  if (removed !== 0) {
    let r = removed;
    while (r !== 0) {
      const t = 31 - Math.clz32(r & -r);
      r &= r - 1;
      pLo &= ~TILE_LO[t];
      pHi &= ~TILE_HI[t];
      hLo ^= ZT[2 * t];
      hHi ^= ZT[2 * t + 1];
      // C-CAPTURE-3: plus the opponent fields facing each removed tile across a side.
      capLo |= FACE_LO[2 * t + o] & oLo;
      capHi |= FACE_HI[2 * t + o] & oHi;
    }
  }
  // C-CAPTURE-1 / C-CAPTURE-2 / C-CAPTURE-5: a candidate opponent piece is captured iff every
  // existing edge neighbour holds a mover's piece (missing neighbours enclose). Enclosure
  // depends only on the mover's pieces and the tiles, so all captures are decided before any
  // is removed; the mover's own pieces are never candidates (C-CAPTURE-2). C-CAPTURE-4:
  // capture is automatic, there is no option to decline it. C-CAPTURE-6: a capture never
  // empties a tile, so tile removal never has to be re-run after captures.
  if ((capLo | capHi) !== 0) {
    const gapLo = pLo & ~mLo; // existing fields of the mover's colour without a mover piece
    const gapHi = pHi & ~mHi;
    const kLo = enclosed(capLo, 0, gapLo, gapHi, ob);
    const kHi = enclosed(capHi, 32, gapLo, gapHi, ob);
    capLo = kLo;
    capHi = kHi;
    if ((kLo | kHi) !== 0) {
      hLo ^= pieceKeys(0, ob, kLo, kHi);
      hHi ^= pieceKeys(1, ob, kLo, kHi);
      oLo &= ~kLo;
      oHi &= ~kHi;
      oCount -= popcount(kLo) + popcount(kHi);
    }
  }
  pos.lastCapLo = capLo;
  pos.lastCapHi = capHi;
  pos.lastRemoved = removed;
  pos.lastCollected = collected;
  saveRare(pos, (pos.sp - 1) * S);
  pos.tiles &= ~removed;
  pos.pLo = pLo;
  pos.pHi = pHi;
  if (white) {
    pos.wLo = mLo;
    pos.wHi = mHi;
    pos.bLo = oLo;
    pos.bHi = oHi;
    pos.heldW = held;
    pos.cntB = oCount;
  } else {
    pos.bLo = mLo;
    pos.bHi = mHi;
    pos.wLo = oLo;
    pos.wHi = oHi;
    pos.heldB = held;
    pos.cntW = oCount;
  }
  // C-END-5: captures, removals and exchanges are irreversible; repetition history restarts.
  pos.irrev = pos.sp;
  endTurn(pos, hLo, hHi, oCount, oLo, oHi, pLo, pHi);
}

/**
 * The last lines of every turn: the other side is to move (C-TURN-3), with the hash `hLo/hHi`
 * of the new board, and the end checks run. `oCount, oLo/oHi` are the new side's pieces,
 * `pLo/pHi` the fields on present tiles.
 */
function endTurn(
  pos: CoerceoPosition,
  hLo: number,
  hHi: number,
  oCount: number,
  oLo: number,
  oHi: number,
  pLo: number,
  pHi: number,
): void {
  // C-TURN-3 (last line): the other side is to move.
  pos.side ^= 1;
  pos.hLo = hLo ^ ZS_LO;
  pos.hHi = hHi ^ ZS_HI;
  // C-END-7, fast path: while the side to move has two or more pieces and a free field, the
  // only end that can still apply is repetition.
  if (oCount > 1 && ((pLo & ~oLo) | (pHi & ~oHi)) !== 0) {
    pos.status = pos.sp - 8 >= pos.irrev && pos.repDraw ? repetition(pos) : LIVE;
  } else {
    pos.status = endStatus(pos);
  }
}
