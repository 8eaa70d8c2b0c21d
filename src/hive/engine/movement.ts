/**
 * The movement rules every bug shares, over the context of one generator call
 * ({@link MoveGenerator}: the board, the mover, the output): the base game's bugs' movements
 * and the Pillbug's throw. moves.ts drives a call; fan-moves.ts adds the fan bugs. Each rule
 * adds its destinations with `g.add` (H-MOVESET-1: a set).
 *
 * @module
 */
import { NB as I_NB } from './board.js';
import type { MoveGenerator } from './generator.js';

// Local alias: the test runner's module-namespace indirection would otherwise sit in the
// hottest loops. The build drops it (tsup.config.ts).
const NB = I_NB;

// ---- bug generators (the mover `p` is lifted off `c`) --------------------------------------

/** H-QUEEN-1 (and the Pillbug's own move, H-PILLBUG-1): exactly one slide. */
export function slideOnce(g: MoveGenerator, p: number, c: number): void {
  const m = g.slides(c);
  for (let d = 0; d < 6; d++) if (m & (1 << d)) g.add(p, NB[c * 6 + d]);
}

/**
 * H-BEETLE-1: one step at any height (also the Mantis on the hive, H-FAN-MANTIS-3). It never
 * climbs onto a Scorpion (H-FAN-SCORPION-c).
 */
export function beetle(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const hA = height[c];
  for (let d = 0; d < 6; d++) {
    const b = NB[c * 6 + d];
    if (g.canStep(c, d, hA) && !g.immune(b)) g.add(p, b);
  }
}

/** H-GRASS-1: jump the unbroken run of occupied hexes in a direction whose first hex is occupied. */
export function grasshopper(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  for (let d = 0; d < 6; d++) {
    let b = NB[c * 6 + d];
    if (height[b] === 0) continue;
    let blocked = false;
    while (height[b] !== 0) {
      // H-FAN-SCORPION-d: a run containing a Scorpion gives no move in that direction.
      if (g.immune(b)) blocked = true;
      b = NB[b * 6 + d];
    }
    if (!blocked) g.add(p, b);
  }
}

// H-MOVE-6: no generator ends a piece where it started (Spider, Ant and Ladybug exclude the start,
// a step or throw always changes hex).
/** H-SPIDER-1: endpoints of every path of exactly 3 slides through distinct hexes, never the start. */
export function spider(g: MoveGenerator, p: number, c: number): void {
  const m1 = g.slides(c);
  for (let d1 = 0; d1 < 6; d1++) {
    if ((m1 & (1 << d1)) === 0) continue;
    const b1 = NB[c * 6 + d1];
    const m2 = g.slides(b1);
    for (let d2 = 0; d2 < 6; d2++) {
      if ((m2 & (1 << d2)) === 0) continue;
      const b2 = NB[b1 * 6 + d2];
      if (b2 === c) continue;
      const m3 = g.slides(b2);
      for (let d3 = 0; d3 < 6; d3++) {
        if ((m3 & (1 << d3)) === 0) continue;
        const b3 = NB[b2 * 6 + d3];
        if (b3 === c || b3 === b1) continue;
        g.add(p, b3);
      }
    }
  }
}

/** H-ANT-1: every hex reachable by one or more slides, except the start. */
export function ant(g: MoveGenerator, p: number, c: number): void {
  const seen = g.seen;
  const queue = g.queue;
  const vis = g.nextSeen();
  seen[c] = vis;
  let head = 0;
  let tail = 0;
  queue[tail++] = c;
  while (head < tail) {
    const x = queue[head++];
    const m = g.slides(x);
    if (m === 0) continue;
    for (let d = 0; d < 6; d++) {
      if ((m & (1 << d)) === 0) continue;
      const y = NB[x * 6 + d];
      if (seen[y] === vis) continue;
      seen[y] = vis;
      queue[tail++] = y;
      g.add(p, y);
    }
  }
}

/**
 * H-LADY-1: up onto the hive, one step across it, down onto an empty hex other than the start.
 * Never onto a Scorpion (H-FAN-SCORPION-c).
 */
export function ladybug(g: MoveGenerator, p: number, c: number): void {
  const height = g.height;
  const h0 = height[c];
  for (let d1 = 0; d1 < 6; d1++) {
    const b1 = NB[c * 6 + d1];
    if (height[b1] === 0 || !g.canStep(c, d1, h0) || g.immune(b1)) continue;
    const h1 = height[b1];
    for (let d2 = 0; d2 < 6; d2++) {
      const b2 = NB[b1 * 6 + d2];
      if (height[b2] === 0 || !g.canStep(b1, d2, h1) || g.immune(b2)) continue;
      const h2 = height[b2];
      for (let d3 = 0; d3 < 6; d3++) {
        const b3 = NB[b2 * 6 + d3];
        if (b3 === c || height[b3] !== 0 || !g.canStep(b2, d3, h2)) continue;
        g.add(p, b3);
      }
    }
  }
}

/**
 * H-PILLBUG-2: the throws of a Pillbug (or a Mosquito using the Pillbug's power) standing alone
 * at level 0 on `h`. Each throw is recorded as a move of the thrown piece (H-UHP-4). H-FAN-GEN-5:
 * any fan piece may be thrown but a Scorpion.
 */
export function throws(g: MoveGenerator, h: number): void {
  const height = g.height;
  const top = g.top;
  for (let dn = 0; dn < 6; dn++) {
    const nCell = NB[h * 6 + dn];
    // (a) only a piece alone on its hex is thrown.
    if (height[nCell] !== 1) continue;
    const x = top[nCell];
    // (b) H-FREEZE-2: not a piece that moved last; H-FAN-SCORPION-b: never a Scorpion.
    if (g.fixed(x)) continue;
    // (c) not pinned: lifting it must leave the hive whole.
    if (g.pinned(nCell)) continue;
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
      g.add(x, e);
    }
    height[nCell] = 1;
    top[nCell] = x;
  }
}
