/**
 * Rule tests for the fan bugs Mantis, Fly, Scorpion and Wasp (spec §12.3–§12.6). Each test
 * builds a position with `layout` and asserts exact move sets; the Scorpion tests compare a
 * position with the same position holding a Spider instead, so the difference is exactly what
 * the immunity removes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELLS, cellOf } from '../../src/hive/board.js';
import { moveOp, movePiece, OP_MOVE, PASS } from '../../src/hive/codes.js';
import { formatMoveCode } from '../../src/hive/notation.js';
import { PIECES, pieceFromName, pieceName } from '../../src/hive/pieces.js';
import { BLACK_WINS, IN_PROGRESS, type Position, WHITE_WINS } from '../../src/hive/position.js';
import {
  destinations,
  hexes,
  layout,
  legalMoves,
  moveTexts,
  type Placed,
  posOf,
} from './helpers.js';

type Hex = readonly [number, number];

/** H-COORD-2 directions NW NE E SE SW W. */
const DIRS: readonly Hex[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

function around([q, r]: Hex): Hex[] {
  return DIRS.map(([dq, dr]) => [q + dq, r + dr] as const);
}

const key = ([q, r]: Hex): string => `${q},${r}`;

/** The stack on a hex, bottom to top. */
function stack(pos: Position, q: number, r: number): string[] {
  const c = cellOf(q, r);
  const found: number[] = [];
  for (let p = 0; p < PIECES; p++) if (pos.cell[p] === c) found.push(p);
  return found.sort((a, b) => (pos.level[a] as number) - (pos.level[b] as number)).map(pieceName);
}

const OPS = ['move', 'grab', 'swap', 'carry'];

/**
 * The legal moves as `op piece q,r` (the piece that changes hex, and its destination; for a
 * grab, the grabber's hex), sorted. `rename` maps piece names (to compare with a control).
 */
function moveKeys(pos: Position, rename: Record<string, string> = {}): string[] {
  return legalMoves(pos)
    .map((m) => {
      if (m === PASS) return 'pass';
      const name = pieceName(movePiece(m));
      const c = m % CELLS;
      return `${OPS[moveOp(m)]} ${rename[name] ?? name} ${pos.realQ(c)},${pos.realR(c)}`;
    })
    .sort();
}

/** Plays the legal move whose canonical text is `text`. */
function play(pos: Position, text: string): void {
  const m = legalMoves(pos).find((x) => formatMoveCode(pos, x) === text);
  if (m === undefined) throw new Error(`${text} is not legal: ${moveTexts(pos).join(';')}`);
  pos.play(m);
}

/** Plays the legal placement or movement of `piece` to (q, r). */
function playTo(pos: Position, piece: string, q: number, r: number): void {
  const p = pieceFromName(piece);
  const c = cellOf(q, r);
  const m = legalMoves(pos).find(
    (x) => x !== PASS && moveOp(x) === OP_MOVE && movePiece(x) === p && x % CELLS === c,
  );
  if (m === undefined) throw new Error(`${piece} to ${q},${r} is not legal`);
  pos.play(m);
}

/** The canonical texts of the grabs (`T *X`) in a position. */
function grabs(pos: Position): string[] {
  return moveTexts(pos).filter((t) => t.includes('*'));
}

/** Empty hexes that touch an occupied hex of `occupied` (an independent oracle). */
function emptyNeighbours(occupied: readonly Hex[]): string[] {
  const occ = new Set(occupied.map(key));
  const out = new Set<string>();
  for (const h of occupied) for (const n of around(h)) if (!occ.has(key(n))) out.add(key(n));
  return [...out].sort();
}

/**
 * H-FAN-WASP-1 as an oracle: the empty hexes other than `start` whose occupied neighbours, with
 * the piece on `start` lifted, are all topped by `enemy` (at least one).
 */
function waspOracle(pieces: readonly Placed[], start: Hex, enemy: 'w' | 'b'): string[] {
  const tops = new Map<string, string>();
  const occupied: Hex[] = [];
  for (const [name, q, r] of pieces) {
    tops.set(key([q, r]), name);
    if (q !== start[0] || r !== start[1]) occupied.push([q, r]);
  }
  tops.delete(key(start)); // the Wasp is alone on its hex
  const out: string[] = [];
  for (const e of emptyNeighbours(occupied)) {
    if (e === key(start)) continue;
    const [q, r] = e.split(',').map(Number) as [number, number];
    const touching = around([q, r])
      .map((n) => tops.get(key(n)))
      .filter((t): t is string => t !== undefined);
    if (touching.length > 0 && touching.every((t) => t[0] === enemy)) out.push(e);
  }
  return out.sort();
}

/**
 * Builds `pieces` and a control (of `ctrlType`) where each Scorpion named in `swap` is replaced
 * by the given Spider, and returns the moves the control has and the Scorpion position lacks (`lost`) and the
 * reverse (`gained`), with names mapped back.
 */
function vsSpider(
  type: string,
  pieces: readonly Placed[],
  swap: Record<string, string>,
  toMove: 'w' | 'b' = 'w',
  ctrlType: string = type,
): { lost: string[]; gained: string[] } {
  const rename: Record<string, string> = {};
  for (const [k, s] of Object.entries(swap)) {
    rename[k] = s;
    rename[s] = k;
  }
  const scorp = layout(type, pieces, { toMove });
  const ctrl = layout(
    ctrlType,
    pieces.map(([n, q, r]) => [swap[n] ?? n, q, r] as const),
    { toMove },
  );
  const a = moveKeys(scorp);
  const b = moveKeys(ctrl, rename);
  return { lost: b.filter((x) => !a.includes(x)), gained: a.filter((x) => !b.includes(x)) };
}

// ---- §12.3 Mantis ------------------------------------------------------------------------------

describe('§12.3 Mantis (H-FAN-MANTIS)', () => {
  const TM = 'Base+MLP:wT:b';

  it('H-FAN-MANTIS-1: a Mantis on the ground never moves itself, but it may grab', () => {
    const pieces: Placed[] = [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['wQ', 1, -1],
      ['bQ', 2, -1],
    ];
    const pos = layout(TM, pieces);
    expect(destinations(pos, 'wT1')).toEqual([]);
    expect(moveTexts(pos).filter((t) => t.startsWith('wT1'))).toEqual(['wT1 *bA1', 'wT1 *wQ']);
    // Control: a Beetle on the same hex has four steps.
    const beetle = layout(
      TM,
      pieces.map(([n, q, r]) => [n === 'wT1' ? 'wB1' : n, q, r] as const),
    );
    expect(destinations(beetle, 'wB1')).toEqual(hexes([0, -1], [1, -1], [1, 0], [0, 1]));
  });

  it('H-FAN-MANTIS-2 / H-FAN-MANTIS-a: no grab with both flanks occupied; the grab; a Mantis that steps down is locked', () => {
    // Both flanks of wT1 -> bA1, (1,-1) and (0,1), are occupied.
    const shut = layout(TM, [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['wQ', 1, -1],
      ['bQ', 0, 1],
    ]);
    expect(grabs(shut)).toEqual(['wT1 *bQ', 'wT1 *wQ']);
    // The flank (0,1) empty: the grab is legal.
    const pos = layout(TM, [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['wQ', 1, -1],
      ['bQ', -1, 1],
    ]);
    expect(grabs(pos)).toEqual(['wT1 *bA1', 'wT1 *bQ', 'wT1 *wQ']);
    const before = moveKeys(pos);
    play(pos, 'wT1 *bA1');
    expect(stack(pos, 1, 0)).toEqual([]);
    expect(stack(pos, 0, 0)).toEqual(['bA1', 'wT1']);
    pos.undo();
    expect(stack(pos, 1, 0)).toEqual(['bA1']);
    expect(stack(pos, 0, 0)).toEqual(['wT1']);
    expect([pos.frozen, pos.frozen2]).toEqual([-1, -1]);
    expect(moveKeys(pos)).toEqual(before);
    // MANTIS-a: on the hive it steps like a Beetle, down to the ground included...
    play(pos, 'wT1 *bA1');
    playTo(pos, 'bS1', -2, 2);
    expect(destinations(pos, 'wT1')).toEqual(
      hexes([0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]),
    );
    playTo(pos, 'wT1', 1, 0);
    expect(pos.level[pieceFromName('wT1')]).toBe(0);
    playTo(pos, 'bS2', -3, 3);
    // ...and from its next ply on, at level 0, it has no movement, only grabs.
    expect(destinations(pos, 'wT1')).toEqual([]);
    expect(moveTexts(pos).filter((t) => t.startsWith('wT1'))).toEqual(['wT1 *wQ']);
  });

  it('H-FAN-MANTIS-3: a Mantis on the hive moves exactly as a Beetle would (H-MOVE-5 gates included)', () => {
    // X on bA1 at (0,0); the flanks of the step to (1,0) are height-2 stacks: a gate.
    const at = (x: string): Placed[] => [
      ['bA1', 0, 0],
      [x, 0, 0],
      ['wQ', 1, -1],
      ['bB1', 1, -1],
      ['bQ', 0, 1],
      ['bB2', 0, 1],
    ];
    const expected = hexes([0, -1], [1, -1], [0, 1], [-1, 1], [-1, 0]);
    const mantis = layout(TM, at('wT1'));
    const beetle = layout(TM, at('wB1'));
    expect(destinations(beetle, 'wB1')).toEqual(expected);
    expect(destinations(mantis, 'wT1')).toEqual(expected);
    expect(moveKeys(mantis, { wT1: 'X', wB1: 'Y' })).toEqual(
      moveKeys(beetle, { wB1: 'X', wT1: 'Y' }),
    );
  });

  it('H-FAN-MANTIS-a: ground level is judged at the start of the ply (a Mantis on top may step down)', () => {
    const pos = layout(TM, [
      ['bA1', 0, 0],
      ['wT1', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    // On top at the start of the ply: it moves (here down to the ground) as a Beetle.
    expect(destinations(pos, 'wT1')).toEqual(
      hexes([0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]),
    );
    playTo(pos, 'wT1', 0, 1);
    playTo(pos, 'bS1', 2, 0);
    expect(destinations(pos, 'wT1')).toEqual([]);
  });

  it('H-FAN-MANTIS-b: any colour and kind may be grabbed but a Scorpion, and only a piece alone on its hex', () => {
    const pos = layout('Base+MLP:wT:bK', [
      ['wT1', 0, 0],
      ['bK1', 1, 0], // immune (H-FAN-SCORPION-b)
      ['bA1', -1, 0],
      ['wB1', -1, 0], // a stack: neither piece is grabbed
      ['wQ', 0, -1], // own Queen: allowed
      ['bQ', 0, 1],
    ]);
    expect(grabs(pos)).toEqual(['wT1 *bQ', 'wT1 *wQ']);
    // A lone Pillbug, Mosquito, Mantis or Centipede may be grabbed.
    const odd = layout('Base+MLP:wTC:bT', [
      ['wT1', 0, 0],
      ['bP', 0, -1],
      ['bM', 1, -1],
      ['bT1', 0, 1],
      ['wC', -1, 1],
      ['wQ', 1, -2],
      ['bQ', -1, 2],
    ]);
    expect(grabs(odd)).toEqual(['wT1 *bM', 'wT1 *bP', 'wT1 *bT1', 'wT1 *wC']);
  });

  it('H-FAN-MANTIS-c: the grabbed piece ends at level 0 on the Mantis hex, the Mantis at level 1 on it', () => {
    const pos = layout(TM, [
      ['wT1', 0, 0],
      ['bQ', 1, 0],
      ['bA1', 1, -1],
      ['wQ', -1, 0],
    ]);
    play(pos, 'wT1 *bQ');
    const t = pieceFromName('wT1');
    const q = pieceFromName('bQ');
    const c = cellOf(0, 0);
    expect([pos.cell[q], pos.cell[t]]).toEqual([c, c]);
    expect([pos.level[q], pos.level[t]]).toEqual([0, 1]);
    expect([pos.height[c], pos.top[c], pos.height[cellOf(1, 0)]]).toEqual([2, t, 0]);
    expect(stack(pos, 0, 0)).toEqual(['bQ', 'wT1']);
  });

  it('H-FAN-MANTIS-d: a grab needs an empty flank of the edge; H-MOVE-4/5 do not apply', () => {
    // Both flanks empty (a slide would lose contact): legal.
    const open = layout(TM, [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['wQ', -1, 0],
      ['bQ', -2, 0],
    ]);
    expect(grabs(open)).toEqual(['wT1 *bA1']);
    // One flank a height-2 stack, the other empty: legal.
    const tall = layout(TM, [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['bQ', 1, -1],
      ['wB1', 1, -1],
      ['wQ', -1, 0],
    ]);
    expect(grabs(tall)).toEqual(['wT1 *bA1', 'wT1 *wQ']);
    // Both flanks occupied: no grab of bA1.
    const shut = layout(TM, [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['bQ', 1, -1],
      ['wA1', 0, 1],
      ['wQ', -1, 0],
    ]);
    expect(grabs(shut)).toEqual(['wT1 *bQ', 'wT1 *wA1', 'wT1 *wQ']);
  });

  it('H-FAN-MANTIS-e: a pinned Mantis may grab; a pinned target may not be grabbed', () => {
    // wT1 joins wQ to bA1-bQ (pinned); bA1 joins wT1 to bQ (pinned).
    const pos = layout(TM, [
      ['wT1', 0, 0],
      ['wQ', -1, 0],
      ['bA1', 1, 0],
      ['bQ', 2, 0],
    ]);
    expect(grabs(pos)).toEqual(['wT1 *wQ']);
    play(pos, 'wT1 *wQ');
    expect(stack(pos, 0, 0)).toEqual(['wQ', 'wT1']);
    expect(stack(pos, -1, 0)).toEqual([]);
  });

  it('H-FAN-MANTIS-f: a Mantis on the hive cannot grab; a covered Mantis does nothing', () => {
    const up = layout(TM, [
      ['bA1', 0, 0],
      ['wT1', 0, 0],
      ['bQ', 1, 0],
      ['wQ', -1, 0],
    ]);
    expect(grabs(up)).toEqual([]);
    expect(destinations(up, 'wT1').length).toBe(6);
    const ground: Placed[] = [
      ['wT1', 0, 0],
      ['wQ', 1, 0],
      ['bQ', -1, 0],
      ['bA1', 0, -1],
    ];
    expect(grabs(layout(TM, ground))).not.toEqual([]);
    const covered = layout(TM, [...ground.slice(0, 1), ['bB1', 0, 0], ...ground.slice(1)]);
    expect(moveTexts(covered).filter((t) => t.startsWith('wT1'))).toEqual([]);
    expect(destinations(covered, 'wT1')).toEqual([]);
  });

  it('H-FAN-MANTIS-g: a frozen piece cannot be grabbed; after a grab F = {Mantis, grabbed}', () => {
    const pieces: Placed[] = [
      ['wT1', 0, 0],
      ['bA1', 1, 0],
      ['bQ', 1, -1],
      ['wQ', -1, 0],
    ];
    expect(grabs(layout(TM, pieces))).toEqual(['wT1 *bA1', 'wT1 *bQ', 'wT1 *wQ']);
    expect(grabs(layout(TM, pieces, { frozen: 'bA1' }))).toEqual(['wT1 *bQ', 'wT1 *wQ']);
    expect(grabs(layout(TM, pieces, { frozen: 'bA1', frozen2: 'bQ' }))).toEqual(['wT1 *wQ']);
    // A frozen Mantis grabs nothing (H-FAN-GEN-3).
    expect(grabs(layout(TM, pieces, { frozen2: 'wT1' }))).toEqual([]);
    const pos = layout(TM, pieces);
    play(pos, 'wT1 *bA1');
    expect([pos.frozen, pos.frozen2].map(pieceName).sort()).toEqual(['bA1', 'wT1']);
    pos.undo();
    expect([pos.frozen, pos.frozen2]).toEqual([-1, -1]);
  });

  it('H-FAN-MANTIS-h: a grabbed Queen is covered but in play, and it can still be surrounded', () => {
    const pos = layout(TM, [
      ['wT1', 0, 0],
      ['bQ', 1, 0],
      ['bA1', 1, -1],
      ['wQ', -1, 0],
    ]);
    play(pos, 'wT1 *bQ');
    expect(pos.result).toBe(IN_PROGRESS);
    // Black (turn 6) still moves: its Queen is in play (H-MOVE-1, H-PLACE-6 would force it).
    expect(destinations(pos, 'bA1').length).toBeGreaterThan(0);
    expect(moveTexts(pos).some((t) => t.startsWith('bQ'))).toBe(false);
    // Five neighbours of the covered bQ occupied; White fills the sixth.
    const end = layout(TM, [
      ['bQ', 0, 0],
      ['wT1', 0, 0],
      ['wQ', 0, -1],
      ['bA1', 1, -1],
      ['bA2', 1, 0],
      ['wA1', 0, 1],
      ['wA2', -1, 1],
    ]);
    playTo(end, 'wS1', -1, 0);
    expect(end.result).toBe(WHITE_WINS);
  });
});

// ---- §12.4 Fly ---------------------------------------------------------------------------------

describe('§12.4 Fly (H-FAN-FLY)', () => {
  const TF = 'Base+MLP:wF:b';

  it('H-FAN-FLY-1: a Fly with freedom to move moves as a Queen (one slide)', () => {
    const pos = layout(TF, [
      ['wF1', 0, 0],
      ['bQ', 1, 0],
      ['wQ', 2, 0],
    ]);
    expect(destinations(pos, 'wF1')).toEqual(hexes([1, -1], [0, 1]));
    const queen = layout(TF, [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wF1', 2, 0],
    ]);
    expect(destinations(queen, 'wQ')).toEqual(destinations(pos, 'wF1'));
  });

  // NW, NE, SE, SW occupied; E and W gates; the pairs joined around the west, enclosing (-1,0).
  const gated: Placed[] = [
    ['wF1', 0, 0],
    ['wQ', 0, -1],
    ['bQ', 1, -1],
    ['bA1', 0, 1],
    ['wA1', -1, 1],
    ['bS1', -1, -1],
    ['wB1', -1, -1],
    ['wS1', -2, 0],
    ['bB1', -2, 1],
  ];
  const occupiedBut = (pieces: readonly Placed[], skip: string): Hex[] =>
    pieces.filter(([n]) => n !== skip).map(([, q, r]) => [q, r] as const);

  it('H-FAN-FLY-2: an unpinned Fly without freedom flies to every empty hex next to the hive but its own', () => {
    const pos = layout(TF, gated);
    const d = destinations(pos, 'wF1');
    expect(d).toEqual(emptyNeighbours(occupiedBut(gated, 'wF1')).filter((h) => h !== '0,0'));
    expect(d).toContain('1,0'); // the E gate
    expect(d).toContain('-1,0'); // the W gate, an enclosed hole
    expect(d.length).toBe(15);
  });

  it('H-FAN-FLY-a: freedom = some empty neighbour passes H-MOVE-4 (every neighbour pattern, ring 2 full)', () => {
    const ring2: Hex[] = [
      [0, -2],
      [1, -2],
      [2, -2],
      [2, -1],
      [2, 0],
      [1, 1],
      [0, 2],
      [-1, 2],
      [-2, 2],
      [-2, 1],
      [-2, 0],
      [-1, -1],
    ];
    const ring2Names = [
      'wQ',
      'bQ',
      'wS1',
      'bS1',
      'wS2',
      'bS2',
      'wB1',
      'bB1',
      'wB2',
      'bB2',
      'wG1',
      'bG1',
    ];
    const ring1Names = ['wA1', 'bA1', 'wA2', 'bA2', 'wA3', 'bA3'];
    let flights = 0;
    for (let mask = 1; mask < 64; mask++) {
      const pieces: Placed[] = [['wF1', 0, 0]];
      ring2.forEach(([q, r], i) => {
        pieces.push([ring2Names[i] as string, q, r]);
      });
      DIRS.forEach(([q, r], d) => {
        if (mask & (1 << d)) pieces.push([ring1Names[d] as string, q, r]);
      });
      const occ = (d: number): boolean => ((mask >> ((d + 6) % 6)) & 1) === 1;
      const empties = [0, 1, 2, 3, 4, 5].filter((d) => !occ(d));
      // The physical reading: some empty neighbour is not between two occupied ones.
      const free = empties.some((d) => !(occ(d - 1) && occ(d + 1)));
      // H-MOVE-4: exactly one occupied flank.
      const slides = empties
        .filter((d) => occ(d - 1) !== occ(d + 1))
        .map((d) => key(DIRS[d] as Hex))
        .sort();
      expect(slides.length > 0, `mask ${mask}`).toBe(free);
      const pos = layout(TF, pieces);
      const want = free
        ? slides
        : emptyNeighbours(occupiedBut(pieces, 'wF1')).filter((h) => h !== '0,0');
      if (!free) flights++;
      expect(destinations(pos, 'wF1'), `mask ${mask}`).toEqual(want);
    }
    // Every empty neighbour gated: the independent sets of empties on the 6-ring, 18 masks.
    expect(flights).toBe(18);
  });

  it('H-FAN-FLY-b: a pinned Fly has no moves at all', () => {
    // Gated and pinned: without the western chain the two pairs meet only at the Fly.
    const gatedPinned = layout(TF, gated.slice(0, 5));
    expect(destinations(gatedPinned, 'wF1')).toEqual([]);
    // Free to slide but pinned.
    const slidePinned = layout(TF, [
      ['wF1', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(slidePinned, 'wF1')).toEqual([]);
    expect(moveTexts(slidePinned).some((t) => t.startsWith('wF1'))).toBe(false);
  });

  it('H-FAN-FLY-c: a flight reaches holes, ignores colours, never lands on top and never stays', () => {
    const pos = layout(TF, gated);
    const d = destinations(pos, 'wF1');
    expect(d).toContain('-1,0'); // hole
    expect(d).toContain('2,-2'); // touches only bQ
    expect(d).toContain('-3,0'); // touches only wS1
    expect(d).not.toContain('0,0'); // its start
    const occupied = new Set(gated.map(([, q, r]) => key([q, r])));
    expect(d.filter((h) => occupied.has(h))).toEqual([]); // e.g. not onto the wB1 stack
    // Flying away leaves it at level 0.
    playTo(pos, 'wF1', -1, 0);
    expect(stack(pos, -1, 0)).toEqual(['wF1']);
  });

  it('H-FAN-FLY-d: a Fly with freedom must slide, even when it has only two slides', () => {
    const pos = layout(TF, [
      ['wF1', 0, 0],
      ['wQ', 0, -1],
      ['bQ', 1, -1],
      ['bA1', 1, 0],
      ['wA1', 0, 1],
    ]);
    expect(destinations(pos, 'wF1')).toEqual(hexes([-1, 1], [-1, 0]));
  });

  it('H-FAN-FLY-e: a Mosquito copying a Fly judges freedom from its own slides', () => {
    // bF1 is gated (E a hole, W a gate) but wM, its only copyable neighbour, can slide.
    const pieces: Placed[] = [
      ['bF1', 0, 0],
      ['wM', 0, -1],
      ['bM', 1, -1],
      ['wQ', 2, -1],
      ['bQ', 2, 0],
      ['bA1', 1, 1],
      ['bA2', 0, 1],
      ['wA1', -1, 1],
    ];
    const pos = layout('Base+MLP:w:bF', pieces);
    expect(destinations(pos, 'wM')).toEqual(hexes([1, -2], [-1, 0]));
    const black = layout('Base+MLP:w:bF', pieces, { toMove: 'b' });
    expect(destinations(black, 'bF1')).toEqual(
      emptyNeighbours(occupiedBut(pieces, 'bF1')).filter((h) => h !== '0,0'),
    );
    // Conversely: a gated Mosquito next to a free Fly (and Queens) flies.
    const gatedM: Placed[] = [
      ['wM', 0, 0],
      ['bF1', 0, -1],
      ['wQ', 1, -1],
      ['bQ', 0, 1],
      ['bM', -1, 1],
      ['bA1', 2, -1],
      ['bA2', 2, 0],
      ['bA3', 1, 1],
    ];
    const pos2 = layout('Base+MLP:w:bF', gatedM);
    expect(destinations(pos2, 'wM')).toEqual(
      emptyNeighbours(occupiedBut(gatedM, 'wM')).filter((h) => h !== '0,0'),
    );
    expect(destinations(layout('Base+MLP:w:bF', gatedM, { toMove: 'b' }), 'bF1').length).toBe(2);
  });
});

// ---- §12.5 Scorpion ----------------------------------------------------------------------------

describe('§12.5 Scorpion (H-FAN-SCORPION)', () => {
  it('H-FAN-SCORPION-1: the Scorpion moves as a Spider', () => {
    const line = (x: string): Placed[] => [
      ['bQ', 0, 0],
      ['wQ', 1, 0],
      ['wA1', 2, 0],
      [x, 3, 0],
    ];
    const k = layout('Base+MLP:wK:b', line('wK1'));
    const s = layout('Base+MLP:wK:b', line('wS1'));
    expect(destinations(k, 'wK1')).toEqual(hexes([1, -1], [0, 1]));
    expect(destinations(s, 'wS1')).toEqual(hexes([1, -1], [0, 1]));
  });

  it('H-FAN-SCORPION-2: no jump over it, no climb onto it, no throw of it', () => {
    const pieces: Placed[] = [
      ['wG1', 0, 0],
      ['bK1', 1, 0], // (2,0) beyond it is empty
      ['wB1', 1, -1],
      ['wP', 2, -1],
      ['wQ', 0, -1],
      ['bQ', 0, 1],
    ];
    const { lost, gained } = vsSpider('Base+MLP:w:bK', pieces, { bK1: 'bS1' });
    expect(gained).toEqual([]);
    expect(lost).toEqual(
      [
        'move wG1 2,0', // the jump over it
        'move wB1 1,0', // the climb onto it
        'move bK1 2,-2', // the throws of it
        'move bK1 3,-2',
        'move bK1 3,-1',
        'move bK1 2,0',
      ].sort(),
    );
    const pos = layout('Base+MLP:w:bK', pieces);
    expect(destinations(pos, 'wG1')).toEqual(hexes([0, -2], [2, -2], [0, 2]));
    expect(destinations(pos, 'bK1')).toEqual([]);
  });

  it('H-FAN-SCORPION-3 / H-FAN-SCORPION-a: a Mosquito copying a Scorpion gets the Spider move, not the immunity', () => {
    const pos = layout('Base+MLP:w:bK', [
      ['wQ', 0, 0],
      ['bK1', 1, 0],
      ['wM', 2, 0],
      ['bQ', -1, 0],
    ]);
    expect(destinations(pos, 'wM')).toEqual(hexes([0, -1], [-1, 1]));
    // Black to move: wM (next to bK1) can be climbed and jumped.
    const black = layout(
      'Base+MLP:w:bK',
      [
        ['wM', 0, 0],
        ['bK1', 1, 0],
        ['bB1', 0, 1],
        ['bG1', 0, -1],
        ['wQ', -1, 0],
        ['bQ', 1, -1],
      ],
      { toMove: 'b' },
    );
    expect(destinations(black, 'bB1')).toEqual(hexes([0, 0], [1, 1], [-1, 1]));
    expect(destinations(black, 'bG1')).toEqual(hexes([2, -1], [0, 2], [-2, 1]));
  });

  it('H-FAN-SCORPION-b: throws, grabs and swaps never move it; it moves itself', () => {
    const pieces: Placed[] = [
      ['bK1', 0, 0],
      ['wT1', 1, 0],
      ['wP', 0, -1],
      ['wQ', 1, -1],
      ['bQ', 2, -1],
    ];
    const w = vsSpider('Base+MLP:wT:bK', pieces, { bK1: 'bS1' });
    expect(w.gained).toEqual([]);
    expect(w.lost).toEqual(
      ['grab bK1 1,0', 'move bK1 0,-2', 'move bK1 1,-2', 'move bK1 -1,0', 'move bK1 -1,-1'].sort(),
    );
    // Its owner moves it as a Spider, as the control's Spider moves.
    const b = vsSpider('Base+MLP:wT:bK', pieces, { bK1: 'bS1' }, 'b');
    expect(b).toEqual({ lost: [], gained: [] });
    expect(destinations(layout('Base+MLP:wT:bK', pieces, { toMove: 'b' }), 'bK1').length).toBe(2);
    // Swaps.
    const swap = vsSpider(
      'Base+MLP:wC:bK',
      [
        ['bK1', 0, 0],
        ['wC', 1, 0],
        ['wQ', 1, -1],
        ['bQ', 2, -1],
      ],
      { bK1: 'bS1' },
    );
    expect(swap).toEqual({ lost: ['swap bK1 1,0'], gained: [] });
  });

  it('H-FAN-SCORPION-c: no Beetle, Mantis or Mosquito step, Ladybug or Cockroach path, or Dragonfly landing enters its hex', () => {
    for (const x of ['wB1', 'wT1', 'wM']) {
      const r = vsSpider(
        'Base+MLP:wT:bK',
        [
          ['wA1', 0, 0],
          [x, 0, 0],
          ['bK1', 1, 0],
          ['wQ', -1, 0],
          ['bQ', 2, 0],
        ],
        { bK1: 'bS1' },
      );
      expect(r, x).toEqual({ lost: [`move ${x} 1,0`], gained: [] });
    }
    const lady: Placed[] = [
      ['wL', 0, 0],
      ['wQ', 1, 0],
      ['bK1', 2, 0],
      ['bQ', 1, -1],
    ];
    expect(vsSpider('Base+MLP:w:bK', lady, { bK1: 'bS1' })).toEqual({
      lost: ['move wL 2,1', 'move wL 3,-1', 'move wL 3,0'],
      gained: [],
    });
    expect(destinations(layout('Base+MLP:w:bK', lady), 'wL')).toEqual(
      hexes([1, -2], [2, -2], [2, -1], [0, -1], [1, 1], [0, 1]),
    );
    // A Ladybug whose only way up is the Scorpion has no move.
    const lady2: Placed[] = [
      ['wL', 0, 0],
      ['bK1', 1, 0],
      ['wQ', 2, 0],
      ['bQ', 2, -1],
    ];
    expect(destinations(layout('Base+MLP:w:bK', lady2), 'wL')).toEqual([]);
    const l2 = vsSpider('Base+MLP:w:bK', lady2, { bK1: 'bS1' });
    expect(l2.gained).toEqual([]);
    expect(l2.lost.length).toBeGreaterThan(0);
    expect(l2.lost.every((k) => k.startsWith('move wL '))).toBe(true);
    // Its only way up is the (friendly) Scorpion: the Cockroach has no move (H-FAN-ROACH-e).
    const roach: Placed[] = [
      ['wR', 0, 0],
      ['wK1', 1, 0],
      ['wA1', 2, 0],
      ['wQ', 2, -1],
      ['bQ', 3, 0],
    ];
    expect(destinations(layout('Base+MLP:wRK:b', roach), 'wR')).toEqual([]);
    const rr = vsSpider('Base+MLP:wRK:b', roach, { wK1: 'wS1' });
    expect(rr.gained).toEqual([]);
    expect(rr.lost).toEqual(
      [
        [1, -1],
        [1, 1],
        [0, 1],
        [3, -1],
        [2, 1],
        [2, -2],
        [3, -2],
      ]
        .map(([q, r]) => `move wR ${q},${r}`)
        .sort(),
    );
    const dragon: Placed[] = [
      ['wD', 0, 0],
      ['wQ', 1, 0],
      ['bK1', 2, -1],
      ['bQ', 2, 0],
    ];
    expect(vsSpider('Base+MLP:wD:bK', dragon, { bK1: 'bS1' })).toEqual({
      lost: ['move wD 2,-1'],
      gained: [],
    });
    expect(destinations(layout('Base+MLP:wD:bK', dragon), 'wD')).toEqual(hexes([1, 1]));
  });

  it('H-FAN-SCORPION-d: no jump over it (Grasshopper, copying Mosquito, Dragonfly intermediate); flights are not jumps', () => {
    // A run with the Scorpion in the middle.
    expect(
      vsSpider(
        'Base+MLP:w:bK',
        [
          ['wG1', 0, 0],
          ['wQ', 1, 0],
          ['bK1', 2, 0],
          ['bQ', 3, 0],
        ],
        { bK1: 'bS1' },
      ),
    ).toEqual({ lost: ['move wG1 4,0'], gained: [] });
    // A Mosquito copying wG1 cannot jump the run wG1, bK1 (and neither can wG1 jump bK1).
    const m = vsSpider(
      'Base+MLP:w:bK',
      [
        ['wM', 0, 0],
        ['wG1', 1, 0],
        ['bK1', 2, 0],
        ['wQ', 1, -1],
        ['bQ', 2, -1],
      ],
      { bK1: 'bS1' },
    );
    expect(m).toEqual({ lost: ['move wG1 3,0', 'move wM 3,0'], gained: [] });
    // Dragonfly: both intermediates of (1,-2) are Scorpions -> no move; one is enough.
    const d: Placed[] = [
      ['wD', 0, 0],
      ['bK1', 0, -1],
      ['bK2', 1, -1],
      ['wQ', 1, 0],
      ['bQ', 2, 0],
    ];
    expect(
      vsSpider('Base+MLP:wD:bK2', d, { bK1: 'bS1', bK2: 'bS2' }, 'w', 'Base+MLP:wD:b'),
    ).toEqual({
      lost: ['move wD 1,-2'],
      gained: [],
    });
    expect(destinations(layout('Base+MLP:wD:bK2', d), 'wD')).toEqual(
      hexes([2, -1], [1, 1], [-1, -1]),
    );
    // A Wasp flies across a wall of Scorpions (H-FAN-GEN-6).
    const w: Placed[] = [
      ['bK1', 0, 0],
      ['bK2', 1, 0],
      ['wW1', 1, -1],
      ['wQ', 2, -1],
      ['bQ', -1, 0],
    ];
    expect(destinations(layout('Base+MLP:wW:bK2', w), 'wW1')).toEqual(
      hexes([0, -1], [0, 1], [-1, 1], [1, 1], [-1, -1], [-2, 0], [-2, 1]),
    );
    expect(
      vsSpider('Base+MLP:wW:bK2', w, { bK1: 'bS1', bK2: 'bS2' }, 'w', 'Base+MLP:wW:b'),
    ).toEqual({
      lost: [],
      gained: [],
    });
  });

  it('H-FAN-SCORPION-e: the immunity holds against friendly pieces', () => {
    const { lost, gained } = vsSpider(
      'Base+MLP:wTK:b',
      [
        ['wK1', 0, 0],
        ['wB1', 1, -1],
        ['wP', 0, -1],
        ['wG1', -1, 0],
        ['wT1', 0, 1],
        ['wQ', -1, -1],
        ['bQ', -1, 1],
      ],
      { wK1: 'wS1' },
    );
    expect(gained).toEqual([]);
    expect(lost).toEqual(
      ['grab wK1 0,1', 'move wB1 0,0', 'move wG1 1,0', 'move wK1 0,-2', 'move wK1 1,-2'].sort(),
    );
  });

  it('H-FAN-SCORPION-f: it is an occupied height-1 hex for gates, contact, placement, One Hive and surrounding', () => {
    // bK1 and bA1 gate (1,0), a hole; wQ slides along bK1 to (0,-1).
    const pieces: Placed[] = [
      ['wQ', 0, 0],
      ['bK1', 1, -1],
      ['bA1', 0, 1],
      ['bQ', 2, -1],
      ['wA1', 2, 0],
      ['wA2', 1, 1],
    ];
    const pos = layout('Base+MLP:w:bK', pieces);
    expect(destinations(pos, 'wQ')).toEqual(hexes([0, -1], [-1, 1]));
    // Placement: nothing next to bK1.
    expect(destinations(pos, 'wS1')).toEqual(hexes([-1, 0], [3, 0], [2, 1], [1, 2]));
    // One Hive: wA1 holds bK1 to the hive.
    const pinned = layout('Base+MLP:w:bK', [
      ['wQ', 0, 0],
      ['wA1', 1, 0],
      ['bK1', 2, 0],
      ['bQ', -1, 0],
    ]);
    expect(destinations(pinned, 'wA1')).toEqual([]);
    expect(
      destinations(
        layout('Base+MLP:w:bK', [
          ['wQ', 0, 0],
          ['wA1', 1, 0],
          ['bQ', -1, 0],
        ]),
        'wA1',
      ).length,
    ).toBeGreaterThan(0);
    // Surrounding: bK1 is one of the six neighbours of wQ.
    const end = layout(
      'Base+MLP:w:bK',
      [
        ['wQ', 0, 0],
        ['bK1', 0, -1],
        ['bA1', 1, -1],
        ['bA2', 1, 0],
        ['bA3', 0, 1],
        ['wA1', -1, 1],
        ['bB1', -1, -1],
        ['bQ', 2, -1],
      ],
      { toMove: 'b' },
    );
    playTo(end, 'bB1', -1, 0);
    expect(end.result).toBe(BLACK_WINS);
  });

  it('H-FAN-SCORPION-g: a Scorpion is always alone at level 0 (random games)', () => {
    const types = ['Base+MLP:wT2K2D:bK2TDC', 'Base+MLP:wTFKWRDC:bTFKWRDC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.array(fc.nat(), { minLength: 40, maxLength: 160, size: 'max' }),
        (type, choices) => {
          const pos = posOf(`${type};NotStarted;White[1]`);
          const scorpions = ['wK1', 'wK2', 'bK1', 'bK2']
            .map(pieceFromName)
            .filter((p) => pos.inGame[p] === 1);
          for (const c of choices) {
            if (pos.result !== IN_PROGRESS) break;
            const moves = legalMoves(pos);
            pos.play(moves[c % moves.length] as number);
            for (const k of scorpions) {
              const cell = pos.cell[k] as number;
              if (cell < 0) continue;
              expect(pos.level[k]).toBe(0);
              expect(pos.height[cell]).toBe(1);
              expect(pos.top[cell]).toBe(k);
            }
          }
        },
      ),
      { numRuns: 40, seed: 12 },
    );
  });
});

// ---- §12.6 Wasp --------------------------------------------------------------------------------

describe('§12.6 Wasp (H-FAN-WASP)', () => {
  const TW = 'Base+MLP:wW:b';

  it('H-FAN-WASP-1 / H-FAN-WASP-2: two holes: one touched only by black stacks (legal), one also by a white one', () => {
    const pieces: Placed[] = [
      ['bQ', 0, 0],
      ['bA1', 1, -1],
      ['bA2', 2, -1],
      ['bA3', 2, 0],
      ['bS1', 1, 1],
      ['bS2', 0, 1],
      ['bG1', 3, 0],
      ['bG2', 2, 2],
      ['bG3', 1, 2],
      ['wQ', 3, 1],
      ['wW1', 0, -1],
    ];
    const pos = layout(TW, pieces);
    const d = destinations(pos, 'wW1');
    expect(d).toContain('1,0'); // enclosed by six black pieces
    expect(d).not.toContain('2,1'); // enclosed, but touches wQ
    expect(d).toEqual(waspOracle(pieces, [0, -1], 'b'));
    playTo(pos, 'wW1', 1, 0);
    expect(stack(pos, 1, 0)).toEqual(['wW1']);
  });

  it('H-FAN-WASP-2: it leaves a surrounded hex (no slide needed) and must be unpinned', () => {
    const pieces: Placed[] = [
      ['wW1', 0, 0],
      ['bQ', 0, -1],
      ['bA1', 1, -1],
      ['bA2', 1, 0],
      ['bA3', 0, 1],
      ['bS1', -1, 1],
      ['bS2', -1, 0],
      ['wQ', 2, -1],
    ];
    const pos = layout(TW, pieces);
    const d = destinations(pos, 'wW1');
    expect(d).toEqual(waspOracle(pieces, [0, 0], 'b'));
    expect(d).toContain('0,-2');
    expect(d).not.toContain('2,0'); // touches wQ
    expect(d.length).toBe(9);
    const pinned = layout(TW, [
      ['wW1', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
      ['bA1', 2, 0],
    ]);
    expect(destinations(pinned, 'wW1')).toEqual([]);
  });

  it('H-FAN-WASP-3: it is placed normally, and friendly pieces may stand next to it', () => {
    const pos = layout(TW, [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wA1', -1, 0],
      ['bA1', 2, 0],
    ]);
    const places = hexes([0, -1], [-1, 1], [-2, 1], [-2, 0], [-1, -1]);
    expect(destinations(pos, 'wW1')).toEqual(places);
    expect(destinations(pos, 'wS1')).toEqual(places);
    playTo(pos, 'wW1', 0, -1); // next to wQ and wA1
    playTo(pos, 'bA2', 3, 0);
    // White may place next to it; the Wasp itself flies only next to black stacks.
    expect(destinations(pos, 'wS1')).toContain('0,-2');
    expect(destinations(pos, 'wS1')).toContain('1,-2');
    expect(destinations(pos, 'wW1')).toEqual(
      hexes([2, -1], [1, 1], [3, -1], [2, 1], [4, -1], [4, 0], [3, 1]),
    );
  });

  it('H-FAN-WASP-a: "opponent" is relative to the mover (a copying Mosquito flies next to its own opponent)', () => {
    const pieces: Placed[] = [
      ['bW1', 0, 0],
      ['wM', 1, 0],
      ['bM', 1, -1],
      ['wQ', 0, -1],
      ['bQ', 1, -2],
    ];
    const white = layout('Base+MLP:w:bW', pieces);
    expect(destinations(white, 'wM')).toEqual(
      hexes([0, 1], [-1, 1], [2, -2], [2, -1], [1, -3], [2, -3]),
    );
    expect(destinations(white, 'wM')).toEqual(waspOracle(pieces, [1, 0], 'b'));
    const black = layout('Base+MLP:w:bW', pieces, { toMove: 'b' });
    expect(destinations(black, 'bW1')).toEqual(hexes([2, 0], [1, 1], [0, 1], [-1, 0], [-1, -1]));
    expect(destinations(black, 'bW1')).toEqual(waspOracle(pieces, [0, 0], 'w'));
  });

  it('H-FAN-WASP-b: a stack counts by its top piece only', () => {
    const pos = layout(TW, [
      ['wA1', 0, 0],
      ['bB1', 0, 0], // black on top of white: black
      ['bQ', 1, 0],
      ['bA1', 2, 0],
      ['wB1', 2, 0], // white on top of black: white
      ['wW1', 1, -1],
      ['wQ', 3, 0],
    ]);
    // (0,1) touches the black-topped stack and bQ; (1,1) and (2,-1) touch the white-topped one.
    expect(destinations(pos, 'wW1')).toEqual(hexes([0, -1], [-1, 0], [-1, 1], [0, 1]));
  });

  it('H-FAN-WASP-c: the Wasp never lands on top, not even on an enemy stack', () => {
    const pieces: Placed[] = [
      ['bQ', 0, 0],
      ['bA1', 1, 0],
      ['bB1', 1, 0],
      ['wW1', 0, -1],
      ['wQ', -1, 0],
    ];
    const pos = layout(TW, pieces);
    const d = destinations(pos, 'wW1');
    expect(d).toEqual(waspOracle(pieces, [0, -1], 'b'));
    expect(d.length).toBeGreaterThan(0);
    expect(d).not.toContain('0,0');
    expect(d).not.toContain('1,0');
  });

  it('H-FAN-WASP-d: the Wasp rule limits neither placements nor throws', () => {
    const pos = layout(TW, [
      ['wP', 0, 0],
      ['wW1', 1, 0],
      ['wQ', -1, 0],
      ['bQ', -2, 0],
    ]);
    // Thrown by wP next to white pieces, besides its own flights next to bQ.
    expect(destinations(pos, 'wW1')).toEqual(
      hexes([0, -1], [1, -1], [0, 1], [-1, 1], [-2, -1], [-3, 0], [-3, 1]),
    );
    // Placed next to white pieces only (never next to the black ones it flies to).
    const hand = layout(TW, [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(hand, 'wW1')).toEqual(hexes([0, -1], [-1, 1], [-1, 0]));
  });
});
