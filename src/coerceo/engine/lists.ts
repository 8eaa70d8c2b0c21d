/**
 * The move lists `moves` hands out: frozen arrays of the interned move objects, one per
 * generator input. A Coerceo move list depends on few words of the position — the mover's
 * pieces and the fields on present tiles (a step only needs a free field of its own colour,
 * which the opponent's pieces never occupy), plus the opponent's pieces when the mover can pay
 * for an exchange — so positions that differ elsewhere (the opponent's last step) share one
 * list. A search over `apply` meets the same mover's pieces again and again (every sibling of
 * a node leaves them as they were), and a hit is a comparison of a few integers where building
 * the list is a lookup and a store per move.
 *
 * @module
 */

import type { CoerceoMove } from '../types.js';
import { MAX_MOVES } from './constants.js';
import type { CoerceoPosition } from './position.js';

/** Lists remembered (a power of two), each in the slot its key hashes to. */
const SLOTS = 1024;
/**
 * Words of a key: the side to move, its pieces (lo, hi), the fields on present tiles (lo, hi)
 * and the opponent's pieces (lo, hi) when an exchange is affordable, else 0, 0 (an opponent
 * with no pieces has lost, so 0, 0 never stands for real pieces).
 */
const KEY = 7;
const keys = new Int32Array(SLOTS * KEY).fill(-1);
const lists: (readonly CoerceoMove[] | null)[] = new Array<readonly CoerceoMove[] | null>(
  SLOTS,
).fill(null);
/** The empty list of a finished game. */
const NONE: readonly CoerceoMove[] = Object.freeze([]);
/** Scratch move buffer (every use is synchronous and finishes before the next). */
const scratch = new Int32Array(MAX_MOVES);

/** C-MOVE-2: the legal moves of `pos` as a frozen list of interned move objects, in generation order. */
export function moveList(pos: CoerceoPosition): readonly CoerceoMove[] {
  if (pos.terminal()) return NONE;
  const c = pos.toMove();
  const o = 1 - c;
  const exchanges = pos.heldBy(c) >= pos.exchangeCost;
  const ownLo = pos.pieceWord(2 * c);
  const ownHi = pos.pieceWord(2 * c + 1);
  const pLo = pos.presentWord(0);
  const pHi = pos.presentWord(1);
  // The opponent's pieces only matter when they can be exchanged for.
  const oppLo = exchanges ? pos.pieceWord(2 * o) : 0;
  const oppHi = exchanges ? pos.pieceWord(2 * o + 1) : 0;
  let h = Math.imul(ownLo ^ c, 0x9e3779b1) ^ Math.imul(ownHi ^ pLo, 0x85ebca6b);
  h ^= Math.imul(pHi ^ oppLo, 0xc2b2ae35) ^ Math.imul(oppHi, 0x27d4eb2f);
  const slot = (h ^ (h >>> 15)) & (SLOTS - 1);
  const k = slot * KEY;
  const known = lists[slot];
  if (
    known !== null &&
    keys[k] === c &&
    keys[k + 1] === ownLo &&
    keys[k + 2] === ownHi &&
    keys[k + 3] === pLo &&
    keys[k + 4] === pHi &&
    keys[k + 5] === oppLo &&
    keys[k + 6] === oppHi
  ) {
    return known;
  }
  const n = pos.generate(scratch, 0);
  const list: CoerceoMove[] = new Array(n);
  for (let i = 0; i < n; i++) list[i] = pos.decode(scratch[i]);
  const frozen = Object.freeze(list);
  keys[k] = c;
  keys[k + 1] = ownLo;
  keys[k + 2] = ownHi;
  keys[k + 3] = pLo;
  keys[k + 4] = pHi;
  keys[k + 5] = oppLo;
  keys[k + 6] = oppHi;
  lists[slot] = frozen;
  return frozen;
}
