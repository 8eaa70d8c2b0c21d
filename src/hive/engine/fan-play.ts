/**
 * The two-piece fan operations on a position (H-FAN-GEN-2: both pieces whose hex or level
 * changed are frozen): the Mantis's grab, the Centipede's swap and the Dragonfly's carry, played
 * and taken back. Out of the position's own `play`/`undo`, which the base game's moves keep to.
 *
 * @module
 */
import { OP_GRAB, OP_SWAP } from './constants.js';
import type { Position } from './position.js';

/** Plays the two-piece operation `op` of piece `p` from cell `from` to cell `to`. */
export function playFan(pos: Position, op: number, p: number, from: number, to: number): void {
  const rq = pos.rq;
  const rr = pos.rr;
  if (op === OP_GRAB) {
    // H-FAN-MANTIS-2 / H-FAN-MANTIS-c: `p` goes under the grabber, which ends at level 1 on its hex.
    const a = pos.top[to] as number;
    pos.lift(a);
    pos.lift(p);
    pos.drop(p, to);
    pos.drop(a, to);
    rq[p] = rq[a] as number;
    rr[p] = rr[a] as number;
    pos.frozen = a;
    pos.frozen2 = p;
  } else if (op === OP_SWAP) {
    // H-FAN-CENTIPEDE-1: the two pieces trade hexes, both at level 0; H-FAN-CENTIPEDE-f: both
    // are frozen.
    const a = pos.top[to] as number;
    pos.lift(p);
    pos.lift(a);
    pos.drop(p, to);
    pos.drop(a, from);
    const q = rq[p] as number;
    const r = rr[p] as number;
    rq[p] = rq[a] as number;
    rr[p] = rr[a] as number;
    rq[a] = q;
    rr[a] = r;
    pos.frozen = a;
    pos.frozen2 = p;
  } else {
    // H-FAN-DRAGONFLY-3: the carried piece lands at level 0, the Dragonfly on top of it.
    const y = pos.below[p] as number;
    const q = pos.realQ(to);
    const r = pos.realR(to);
    pos.lift(p);
    pos.lift(y);
    pos.drop(y, to);
    pos.drop(p, to);
    rq[p] = q;
    rr[p] = r;
    rq[y] = q;
    rr[y] = r;
    pos.frozen = p;
    pos.frozen2 = y;
  }
}

/**
 * Takes back the two-piece operation `op` of piece `p` from `from` to `to`; `q`, `r` are the
 * real coordinates `p` had before it.
 */
export function undoFan(
  pos: Position,
  op: number,
  p: number,
  from: number,
  to: number,
  q: number,
  r: number,
): void {
  const rq = pos.rq;
  const rr = pos.rr;
  if (op === OP_GRAB) {
    const a = pos.top[to] as number;
    pos.lift(a);
    pos.lift(p);
    pos.drop(p, from);
    pos.drop(a, to);
    rq[p] = q;
    rr[p] = r;
  } else if (op === OP_SWAP) {
    const a = pos.top[from] as number;
    pos.lift(p);
    pos.lift(a);
    pos.drop(p, from);
    pos.drop(a, to);
    rq[a] = rq[p] as number;
    rr[a] = rr[p] as number;
    rq[p] = q;
    rr[p] = r;
  } else {
    const y = pos.below[p] as number;
    pos.lift(p);
    pos.lift(y);
    pos.drop(y, from);
    pos.drop(p, from);
    rq[p] = q;
    rr[p] = r;
    rq[y] = q;
    rr[y] = r;
  }
}
