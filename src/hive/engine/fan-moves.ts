/**
 * The fan bugs' movements and abilities (H-FAN-*): the Fly, Wasp, Cockroach and Dragonfly move
 * generators and the Mantis's grab and the Centipede's swap, over the context of the current
 * generator call ({@link MoveGenerator}).
 *
 * @module
 */
import { NB } from './board.js';
import {
  CENTIPEDE,
  DRAGONFLY,
  OP_CARRY,
  OP_GRAB,
  OP_MOVE,
  OP_SWAP,
  PIECES,
  PILLBUG,
  SLOTS,
} from './constants.js';
import type { MoveGenerator } from './generator.js';
import { SLOT_KIND } from './pieces.js';
import type { Position } from './position.js';
/**
 * H-FAN-FLY-1 and H-FAN-FLY-2: one slide when the Fly has freedom to move (H-FAN-FLY-a: some slide passes H-MOVE-4,
 * One Hive ignored; H-FAN-FLY-d: then it must slide); otherwise a flight to any empty hex other than
 * its start that touches the hive (H-FAN-FLY-c). A Mosquito copying it judges freedom from its own
 * slides (H-FAN-FLY-e). H-FAN-GEN-6: the flight has no path, so gates and contact do not apply.
 * A pinned Fly has no moves at all (H-FAN-FLY-b: the caller never calls movers for a pinned piece).
 */
export function fly(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const top = g.top;
  const seen = g.seen;
  const P = g.pos as Position;
  const m = g.slides(c);
  if (m !== 0) {
    for (let d = 0; d < 6; d++) if (m & (1 << d)) g.add(p, NB[c * 6 + d]);
    return;
  }
  const vis = g.nextSeen();
  for (let x = 0; x < PIECES; x++) {
    const xc = P.cell[x];
    if (xc < 0 || top[xc] !== x) continue;
    for (let d = 0; d < 6; d++) {
      const e = NB[xc * 6 + d];
      if (height[e] !== 0 || e === c || seen[e] === vis) continue;
      seen[e] = vis;
      g.add(p, e);
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
export function wasp(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const top = g.top;
  const seen = g.seen;
  const mover = g.mover;
  const P = g.pos as Position;
  const vis = g.nextSeen();
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
        if (height[f] !== 0 && g.friendly(f)) {
          ok = false;
          break;
        }
      }
      if (ok) g.add(p, e);
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
export function roach(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const seen = g.seen;
  const queue = g.queue;
  const vis = g.nextSeen();
  const h0 = height[c];
  let head = 0;
  let tail = 0;
  for (let d = 0; d < 6; d++) {
    const b = NB[c * 6 + d];
    if (height[b] === 0 || !g.friendly(b) || g.immune(b) || !g.canStep(c, d, h0)) continue;
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
        if (y !== c && g.canStep(x, d, hx)) g.add(p, y);
      } else if (seen[y] !== vis && g.friendly(y) && !g.immune(y) && g.canStep(x, d, hx)) {
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
export function dragonfly(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const top = g.top;
  const frozen1 = g.frozen1;
  const frozen2 = g.frozen2;
  let carry = false;
  if (height[c] !== 0) {
    const under = top[c];
    carry =
      SLOT_KIND[under % SLOTS] !== DRAGONFLY &&
      under !== frozen1 &&
      under !== frozen2 &&
      !g.immune(c) &&
      // Lifting a ground piece must leave the hive whole (the Dragonfly is already lifted).
      !g.pinned(c);
  }
  for (let d = 0; d < 6; d++) {
    const d1 = d === 5 ? 0 : d + 1;
    const i1 = NB[c * 6 + d];
    const i2 = NB[c * 6 + d1];
    if (g.immune(i1) && g.immune(i2)) continue;
    const e = NB[i1 * 6 + d1];
    if (height[e] !== 0) {
      if (!g.immune(e)) g.add(p, e);
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
    g.addOp(carry ? OP_CARRY : OP_MOVE, p, e);
  }
}

/**
 * H-FAN-MANTIS-2: the grabs of a Mantis (or a Mosquito copying one) alone on the ground at `h`.
 * The target is alone on its hex (H-FAN-MANTIS-b), any colour and kind but a Scorpion, not frozen
 * (H-FAN-MANTIS-g), not pinned (H-FAN-MANTIS-e: the grabber may be), and a flank of the edge is empty
 * (H-FAN-MANTIS-d; H-MOVE-4/5 do not apply).
 */
export function grabs(g: MoveGenerator, h: number): void {
  const height = g.height;
  const top = g.top;
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    if (g.fixed(x) || !g.emptyFlank(h, dn) || g.pinned(nCell)) continue;
    g.addOp(OP_GRAB, x, h);
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
export function swaps(g: MoveGenerator, h: number): void {
  const height = g.height;
  const top = g.top;
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    const k = SLOT_KIND[x % SLOTS];
    if (k === CENTIPEDE || k === PILLBUG || g.fixed(x) || !g.emptyFlank(h, dn)) continue;
    g.addOp(OP_SWAP, x, h);
  }
}
