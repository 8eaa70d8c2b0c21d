/**
 * Rule tests for the fan bugs, part B (spec `hive.md` §12.0 General, §12.7 Cockroach,
 * §12.8 Dragonfly, §12.9 Centipede). Positions are built directly with {@link layout}; every
 * test asserts exact move sets and includes negative cases.
 */
import { describe, expect, it } from 'vitest';
import { CELLS, cellOf } from '../../src/hive/board.js';
import {
  moveOp,
  movePiece,
  OP_CARRY,
  OP_GRAB,
  OP_MOVE,
  OP_SWAP,
  PASS,
} from '../../src/hive/codes.js';
import { findLegal } from '../../src/hive/moves.js';
import { formatMoveCode, parseMoveCode } from '../../src/hive/notation.js';
import {
  CENTIPEDE,
  gameSetup,
  inGameTable,
  KIND_LETTERS,
  kindOf,
  PIECES,
  PILLBUG,
  pieceFromName,
  pieceName,
  SLOTS,
} from '../../src/hive/pieces.js';
import type { Position } from '../../src/hive/position.js';
import { destinations, hexes, layout, legalMoves, moveTexts, type Placed } from './helpers.js';

// ---- local helpers -------------------------------------------------------------------------

/** The legal move whose canonical text is `text` (fails the test when there is none). */
function moveOf(pos: Position, text: string): number {
  const m = legalMoves(pos).find((x) => formatMoveCode(pos, x) === text);
  if (m === undefined) throw new Error(`${text} is not legal; legal: ${moveTexts(pos).join(';')}`);
  return m;
}

/** Plays the legal move `text` and returns it. */
function playText(pos: Position, text: string): number {
  const m = moveOf(pos, text);
  pos.play(m);
  return m;
}

/** Real `[q, r, level]` of a piece on the board, or null when in hand. */
function at(pos: Position, name: string): [number, number, number] | null {
  const p = pieceFromName(name);
  const c = pos.cell[p] as number;
  if (c < 0) return null;
  return [pos.realQ(c), pos.realR(c), pos.level[p] as number];
}

/** The frozen set F as sorted piece names (H-FREEZE-1, H-FAN-GEN-2). */
function frozenSet(pos: Position): string[] {
  return [pos.frozen, pos.frozen2]
    .filter((p) => p >= 0)
    .map((p) => pieceName(p))
    .sort();
}

/**
 * The difference between the incremental and the recomputed hash. {@link layout} sets the ply
 * and F without updating the hash, so this is not 0; a correct `play` keeps it unchanged.
 */
function drift(pos: Position): bigint {
  return BigInt(pos.hash()) ^ BigInt(pos.recomputeHash());
}

/** Everything `undo` must restore. */
function snap(pos: Position): unknown {
  return {
    hash: pos.hash(),
    ply: pos.ply,
    frozen: pos.frozen,
    frozen2: pos.frozen2,
    cell: Array.from(pos.cell),
    level: Array.from(pos.level),
    below: Array.from(pos.below),
    rq: Array.from(pos.rq),
    rr: Array.from(pos.rr),
    height: Array.from(pos.height),
    top: Array.from(pos.top),
  };
}

/** The canonical texts of the legal moves made with `actor` (its movements, grabs and swaps). */
function movesBy(pos: Position, actor: string): string[] {
  return moveTexts(pos).filter((t) => t.startsWith(`${actor} `));
}

/** The grabs and swaps among the legal moves, as text. */
function abilities(pos: Position): string[] {
  return moveTexts(pos).filter((t) => / [*~]/.test(t));
}

/** The destinations of `piece` reached by operation `op` (OP_MOVE or OP_CARRY), sorted. */
function destsByOp(pos: Position, piece: string, op: number): string[] {
  const p = pieceFromName(piece);
  return legalMoves(pos)
    .filter((m) => m !== PASS && moveOp(m) === op && movePiece(m) === p)
    .map((m) => `${pos.realQ(m % CELLS)},${pos.realR(m % CELLS)}`)
    .sort();
}

/** The legal movement (plain or carrying) of `piece` to real hex (q, r). */
function moveTo(pos: Position, piece: string, q: number, r: number): number {
  const p = pieceFromName(piece);
  const m = legalMoves(pos).find(
    (x) =>
      x !== PASS &&
      (moveOp(x) === OP_MOVE || moveOp(x) === OP_CARRY) &&
      movePiece(x) === p &&
      pos.realQ(x % CELLS) === q &&
      pos.realR(x % CELLS) === r,
  );
  if (m === undefined) throw new Error(`${piece} cannot move to ${q},${r}`);
  return m;
}

/** Axial directions NW, NE, E, SE, SW, W. */
const DIRS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/** The pieces of one colour that a game type gives (H-FAN-GEN-1). */
function roster(type: string, colour: 'w' | 'b'): string[] {
  const s = gameSetup(type);
  const t = inGameTable(s.mask, s.roster);
  const out: string[] = [];
  for (let p = 0; p < PIECES; p++) {
    if (t[p] && (p >= SLOTS ? 'b' : 'w') === colour) out.push(pieceName(p));
  }
  return out.sort();
}

// =============================================================================================
describe('§12.0 fan bugs, general (H-FAN-GEN)', () => {
  it('H-FAN-GEN-1: fan tiles only replace standard ones; no player ever has more pieces than the standard type gives', () => {
    const std = (type: string) => roster(type, 'w').length;
    expect(std('Base')).toBe(11);
    expect(std('Base+MLP')).toBe(14);
    // Every tile turned: White still has 14 pieces, none of the standard faces but the Queen.
    const all = 'Base+MLP:wT2F3K2W3RDC:bT';
    expect(roster(all, 'w')).toEqual(
      [
        'wQ',
        'wT1',
        'wT2',
        'wF1',
        'wF2',
        'wF3',
        'wK1',
        'wK2',
        'wW1',
        'wW2',
        'wW3',
        'wR',
        'wD',
        'wC',
      ].sort(),
    );
    // Black turned one Beetle: one Beetle (renumbered wB1) and one Mantis, 14 pieces in all.
    const black = roster(all, 'b');
    expect(black).toHaveLength(14);
    expect(black).toContain('bB1');
    expect(black).toContain('bT1');
    expect(black).not.toContain('bB2');
    expect(black).not.toContain('bT2');
    // Base with one Mantis: 11 pieces, one Beetle and one Mantis.
    const one = roster('Base:wT:b', 'w');
    expect(one).toHaveLength(11);
    expect(one.filter((n) => /^w[BT]/.test(n))).toEqual(['wB1', 'wT1']);
    expect(roster('Base:wT:b', 'b')).toEqual(roster('Base', 'b'));
    // More tiles than exist, or R/D/C without their expansion, are rejected.
    expect(() => gameSetup('Base:wT3:b')).toThrow();
    expect(() => gameSetup('Base:wF4:b')).toThrow();
    expect(() => gameSetup('Base+M:wR:b')).toThrow();
    expect(() => gameSetup('Base:w:bD')).toThrow();
    expect(() => gameSetup('Base+L:wC:b')).toThrow();
  });

  it('H-FAN-GEN-2: after a grab, a swap or a carry F holds both pieces whose (hex, level) changed; undo restores everything', () => {
    // Grab: wT1 *bA1.
    const g = layout('Base:wT:b', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wT1', -1, 0],
      ['bA1', -2, 0],
    ]);
    const g0 = snap(g);
    const dg = drift(g);
    const mg = playText(g, 'wT1 *bA1');
    expect(moveOp(mg)).toBe(OP_GRAB);
    expect(at(g, 'bA1')).toEqual([-1, 0, 0]);
    expect(at(g, 'wT1')).toEqual([-1, 0, 1]);
    expect(frozenSet(g)).toEqual(['bA1', 'wT1']);
    expect(drift(g)).toBe(dg);
    g.undo();
    expect(snap(g)).toEqual(g0);

    // Swap: wC ~bA1.
    const s = centipedeSpecPosition(false);
    const s0 = snap(s);
    const ds = drift(s);
    const ms = playText(s, 'wC ~bA1');
    expect(moveOp(ms)).toBe(OP_SWAP);
    expect(at(s, 'wC')).toEqual([-1, 0, 0]);
    expect(at(s, 'bA1')).toEqual([0, 0, 0]);
    expect(frozenSet(s)).toEqual(['bA1', 'wC']);
    expect(drift(s)).toBe(ds);
    s.undo();
    expect(snap(s)).toEqual(s0);

    // Carry: wD takes bQ along.
    const c = dragonflyOnQueen(false);
    const c0 = snap(c);
    const dc = drift(c);
    const mc = playText(c, 'wD /wQ');
    expect(moveOp(mc)).toBe(OP_CARRY);
    expect(frozenSet(c)).toEqual(['bQ', 'wD']);
    expect(drift(c)).toBe(dc);
    c.undo();
    expect(snap(c)).toEqual(c0);

    // A plain movement still freezes one piece only.
    const mm = playText(c, 'wD bA2');
    expect(moveOp(mm)).toBe(OP_MOVE);
    expect(frozenSet(c)).toEqual(['wD']);
    c.undo();
    expect(snap(c)).toEqual(c0);
  });

  it('H-FAN-GEN-3: grabs and swaps need an uncovered, unfrozen actor and must not relocate a frozen piece or a Scorpion', () => {
    // bA1 - wC - wQ - bQ - wT1 - bA2 in a line: wC and wT1 are pinned, which they may be.
    const line = (
      opts: { frozen?: string; frozen2?: string } = {},
      extra: Placed[] = [],
      type = 'Base+MP:wTDC:bK2',
      ends: [string, string] = ['bA1', 'bA2'],
    ) =>
      layout(
        type,
        [
          ['wQ', 0, 0],
          ['wC', -1, 0],
          [ends[0], -2, 0],
          ['bQ', 1, 0],
          ['wT1', 2, 0],
          [ends[1], 3, 0],
          ...extra,
        ],
        opts,
      );
    // Baseline. wQ is pinned but a swap has no One Hive test; bQ is pinned, so not grabbed.
    expect(abilities(line())).toEqual(['wC ~bA1', 'wC ~wQ', 'wT1 *bA2']);
    // A frozen actor does nothing.
    expect(abilities(line({ frozen: 'wC' }))).toEqual(['wT1 *bA2']);
    expect(abilities(line({ frozen: 'wT1' }))).toEqual(['wC ~bA1', 'wC ~wQ']);
    // A frozen target is not relocated (F may hold two pieces).
    expect(abilities(line({ frozen: 'bA1', frozen2: 'bA2' }))).toEqual(['wC ~wQ']);
    expect(abilities(line({ frozen2: 'bA2' }))).toEqual(['wC ~bA1', 'wC ~wQ']);
    // A covered actor does nothing.
    expect(
      abilities(
        line({}, [
          ['bB1', -1, 0],
          ['bB2', 2, 0],
        ]),
      ),
    ).toEqual([]);
    // A Scorpion is never grabbed or swapped.
    expect(abilities(line({}, [], 'Base+MP:wTDC:bK2', ['bK1', 'bK2']))).toEqual(['wC ~wQ']);

    // The owner's Queen must be in play (turn 3: White's Queen still in hand).
    const noQueen = (withQueen: boolean) =>
      layout(
        'Base+MP:wTDC:b',
        [
          ['bQ', 0, 0],
          ['wC', -1, 0],
          ['bA1', -2, 0],
          ['wT1', 1, 0],
          ['bA2', 2, 0],
          ...(withQueen ? ([['wQ', 0, -1]] as Placed[]) : []),
        ],
        { turn: 3 },
      );
    expect(abilities(noQueen(false))).toEqual([]);
    expect(legalMoves(noQueen(false)).every((m) => m === PASS || moveOp(m) === OP_MOVE)).toBe(true);
    expect(movesBy(noQueen(false), 'wC')).toEqual([]);
    expect(abilities(noQueen(true))).toEqual(['wC ~bA1', 'wC ~bQ', 'wC ~wQ', 'wT1 *bA2']);

    // A covered or frozen Dragonfly neither moves nor carries.
    expect(destinations(dragonflyOnQueen(false), 'wD')).not.toEqual([]);
    expect(destinations(dragonflyOnQueen(false, { frozen: 'wD' }), 'wD')).toEqual([]);
    const covered = layout('Base+M:wD:b', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wD', 1, 0],
      ['bB1', 1, 0],
      ['bA1', 1, -1],
    ]);
    expect(destinations(covered, 'wD')).toEqual([]);
    expect(destinations(covered, 'bQ')).toEqual([]);
  });

  it('H-FAN-GEN-4: a level-0 Mosquito next to a Mantis grabs like it, also while pinned', () => {
    // bM sits between wT1 (west) and two black leaves: it is pinned.
    const pinned = layout(
      'Base+MLP:wT:b',
      [
        ['wQ', 0, 0],
        ['wT1', 1, 0],
        ['bM', 2, 0],
        ['bQ', 2, 1],
        ['bA1', 3, -1],
      ],
      { toMove: 'b' },
    );
    // wT1 is pinned (it holds wQ), so only the two leaves can be grabbed; no movement (pinned).
    expect(movesBy(pinned, 'bM')).toEqual(['bM *bA1', 'bM *bQ']);
    expect(destinations(pinned, 'bM')).toEqual([]);
    const m = playText(pinned, 'bM *bA1');
    expect(moveOp(m)).toBe(OP_GRAB);
    expect(at(pinned, 'bA1')).toEqual([2, 0, 0]);
    expect(at(pinned, 'bM')).toEqual([2, 0, 1]);
    expect(frozenSet(pinned)).toEqual(['bA1', 'bM']);
    pinned.undo();

    // Unpinned, next to wT1 and bQ: the copied Mantis lock does not remove the Queen's slides.
    const free = layout(
      'Base+MLP:wT:b',
      [
        ['wQ', 0, 0],
        ['wT1', 1, 0],
        ['bQ', 0, 1],
        ['bM', 1, 1],
      ],
      { toMove: 'b' },
    );
    expect(destinations(free, 'bM')).toEqual(hexes([2, 0], [0, 2]));
    expect(movesBy(free, 'bM').filter((t) => t.includes('*'))).toEqual(['bM *bQ', 'bM *wT1']);
    // The real Mantis, by contrast, is locked on the ground.
    const white = layout('Base+MLP:wT:b', [
      ['wQ', 0, 0],
      ['wT1', 1, 0],
      ['bQ', 0, 1],
      ['bM', 1, 1],
    ]);
    expect(destinations(white, 'wT1')).toEqual([]);
  });

  it('H-FAN-GEN-4: a Mosquito copying a Fly without freedom to move flies (judged from its own slides)', () => {
    // bM at (0,0) with NW, NE, SE, SW occupied; E and W are gates. The pairs join around the east,
    // so bM is not pinned. It touches wF1, wQ, bQ and wA1, none of which gives it a slide.
    const pos = layout(
      'Base+M:wF:b',
      [
        ['bM', 0, 0],
        ['wF1', 0, -1],
        ['wQ', 1, -1],
        ['bQ', 0, 1],
        ['wA1', -1, 1],
        ['bA1', 2, -1],
        ['wA2', 2, 0],
        ['bA2', 1, 1],
      ],
      { toMove: 'b' },
    );
    // H-FAN-GEN-6: the flight has no path, so the enclosed hole (1,0) and the gated (-1,0) count.
    expect(destinations(pos, 'bM')).toEqual(
      hexes(
        [0, -2],
        [1, -2],
        [-1, 0],
        [-1, -1],
        [2, -2],
        [1, 0],
        [0, 2],
        [-1, 2],
        [-2, 2],
        [-2, 1],
        [3, -2],
        [3, -1],
        [3, 0],
        [2, 1],
        [1, 2],
      ),
    );
    // Without the Fly next to it (wF1 replaced by a Spider) the Mosquito is stuck.
    const noFly = layout(
      'Base+M',
      [
        ['bM', 0, 0],
        ['wS1', 0, -1],
        ['wQ', 1, -1],
        ['bQ', 0, 1],
        ['wA1', -1, 1],
        ['bA1', 2, -1],
        ['wA2', 2, 0],
        ['bA2', 1, 1],
      ],
      { toMove: 'b' },
    );
    expect(destinations(noFly, 'bM')).toEqual([]);
  });

  it("H-FAN-GEN-4: a Mosquito copying a Wasp flies next to its own opponent's stacks (the Mosquito's colour)", () => {
    const pos = layout(
      'Base+M:wW:b',
      [
        ['wQ', 0, 0],
        ['wW1', 1, 0],
        ['bQ', -1, 0],
        ['bM', 2, 0],
      ],
      { toMove: 'b' },
    );
    // Hexes whose occupied neighbours (bM lifted) are all White: never those next to bQ.
    expect(destinations(pos, 'bM')).toEqual(hexes([1, -1], [0, 1], [2, -1], [1, 1]));
  });

  it('H-FAN-GEN-4: a level-0 Mosquito copying a Dragonfly flies but never carries; on the hive it is only a Beetle', () => {
    const ground = layout(
      'Base+M:wD:b',
      [
        ['wQ', 0, 0],
        ['wD', 1, 0],
        ['bM', 0, 1],
        ['bQ', -1, 1],
        ['bA1', -1, 0],
      ],
      { toMove: 'b' },
    );
    // Queen slides (1,1) and (-1,2); Dragonfly hops (1,-1), (2,0), (-2,2) and onto bA1 at (-1,0).
    expect(destinations(ground, 'bM')).toEqual(
      hexes([1, 1], [-1, 2], [1, -1], [2, 0], [-2, 2], [-1, 0]),
    );
    expect(destsByOp(ground, 'bM', OP_CARRY)).toEqual([]);
    // On top of bQ, next to wD: Beetle steps only, no hop and no carry.
    const high = layout(
      'Base+M:wD:b',
      [
        ['wQ', 0, 0],
        ['wD', 1, 0],
        ['bQ', 0, 1],
        ['bM', 0, 1],
      ],
      { toMove: 'b' },
    );
    expect(destinations(high, 'bM')).toEqual(
      hexes([0, 0], [1, 0], [1, 1], [0, 2], [-1, 2], [-1, 1]),
    );
    expect(destsByOp(high, 'bM', OP_CARRY)).toEqual([]);
  });

  it('H-FAN-GEN-4: a Mosquito copying a Centipede swaps with the same target limits, also while pinned', () => {
    // bM is pinned (wC hangs on it); it touches wC (Centipede), bQ and wQ.
    const pos = layout(
      'Base+MP:wC:b',
      [
        ['bM', 0, 0],
        ['wC', 1, 0],
        ['bQ', -1, 0],
        ['wQ', 0, -1],
      ],
      { toMove: 'b' },
    );
    // Not with the Centipede it copies; with either Queen.
    expect(movesBy(pos, 'bM')).toEqual(['bM ~bQ', 'bM ~wQ']);
    const m = playText(pos, 'bM ~wQ');
    expect(moveOp(m)).toBe(OP_SWAP);
    expect(at(pos, 'bM')).toEqual([0, -1, 0]);
    expect(at(pos, 'wQ')).toEqual([0, 0, 0]);
    expect(frozenSet(pos)).toEqual(['bM', 'wQ']);
  });

  it('H-FAN-GEN-4: a Mosquito copying a Scorpion moves as a Spider but is not immune', () => {
    const spider = layout(
      'Base+M:wK:b',
      [
        ['wK1', 0, 0],
        ['bM', 1, 0],
        ['wQ', -1, 0],
        ['bQ', -2, 0],
      ],
      { toMove: 'b' },
    );
    expect(destinations(spider, 'bM')).toEqual(hexes([-1, -1], [-2, 1]));

    // White to move: a Beetle may climb onto bM, a Grasshopper may jump it, a Pillbug may throw it.
    const pos = layout('Base+MP:wK:b', [
      ['wK1', 0, 0],
      ['bM', 1, 0],
      ['bQ', 2, 0],
      ['wQ', -1, 0],
      ['wB1', 2, -1],
      ['wG1', 1, -1],
      ['wP', 0, 1],
    ]);
    expect(destinations(pos, 'wB1')).toEqual(hexes([1, -1], [1, 0], [2, -2], [2, 0], [3, -1]));
    // Over bM to (1,1) and over wB1 to (3,-1); never over the real Scorpion wK1 (to (-1,1)).
    expect(destinations(pos, 'wG1')).toEqual(hexes([1, 1], [3, -1]));
    expect(destinations(pos, 'bM')).toEqual(hexes([1, 1], [0, 2], [-1, 2], [-1, 1]));
    // wK1 itself is pinned (wQ hangs on it): no moves of its own.
    expect(destinations(pos, 'wK1')).toEqual([]);
  });

  it('H-FAN-GEN-5: a Pillbug may throw any fan piece that satisfies H-PILLBUG-2 except a Scorpion, whatever the piece’s own rules', () => {
    // wP at the centre; around it W bC, NW bT1, NE bK1, E bW1, SE bD; SW empty (the only landing).
    const pos = layout('Base+MP:w:bTKWDC', [
      ['wP', 0, 0],
      ['bC', -1, 0],
      ['bT1', 0, -1],
      ['bK1', 1, -1],
      ['bW1', 1, 0],
      ['bD', 0, 1],
      ['wQ', -1, -1],
      ['bQ', 2, -1],
    ]);
    // The Mantis (locked), the Wasp ((-1,1) touches wP, so it could not fly there itself), the
    // Dragonfly and the Centipede are thrown; the Scorpion is not.
    for (const x of ['bC', 'bT1', 'bW1', 'bD'])
      expect(destinations(pos, x), x).toEqual(hexes([-1, 1]));
    expect(destinations(pos, 'bK1')).toEqual([]);
    // With a Spider instead of the Scorpion, the same tile is thrown.
    const spider = layout('Base+MP:w:bTWDC', [
      ['wP', 0, 0],
      ['bC', -1, 0],
      ['bT1', 0, -1],
      ['bS1', 1, -1],
      ['bW1', 1, 0],
      ['bD', 0, 1],
      ['wQ', -1, -1],
      ['bQ', 2, -1],
    ]);
    expect(destinations(spider, 'bS1')).toEqual(hexes([-1, 1]));
  });

  it('H-FAN-GEN-6: a Wasp flight has no path: it reaches an enclosed hole ringed by a Scorpion and other black stacks', () => {
    // Hole at (1,1), ringed by six black pieces, one of them the Scorpion bK1.
    const pos = layout('Base:wFW:bK', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['bK1', 2, 0],
      ['bA1', 2, 1],
      ['bA2', 1, 2],
      ['bA3', 0, 2],
      ['bG1', 0, 1],
      ['wW1', -1, 0],
    ]);
    expect(destinations(pos, 'wW1')).toEqual(
      hexes([1, 1], [2, -1], [3, -1], [3, 0], [3, 1], [2, 2], [1, 3], [0, 3], [-1, 3], [-1, 2]),
    );
  });

  it('H-FAN-GEN-7: summary rows: a Pillbug throws a Mantis or a Dragonfly only when it is alone at level 0', () => {
    const row = (stacked: boolean) =>
      layout(
        'Base+MP:w:bTD',
        stacked
          ? [
              ['wP', 0, 0],
              ['wQ', -1, 0],
              ['bQ', 0, -1],
              ['bT1', 0, -1],
              ['bA1', 1, -1],
              ['bD', 1, -1],
            ]
          : [
              ['wP', 0, 0],
              ['wQ', -1, 0],
              ['bQ', 0, -1],
              ['bT1', 1, -1],
              ['bD', 1, 0],
            ],
      );
    expect(destinations(row(false), 'bT1')).toEqual(hexes([0, 1], [-1, 1]));
    expect(destinations(row(false), 'bD')).toEqual(hexes([0, 1], [-1, 1]));
    expect(destinations(row(true), 'bT1')).toEqual([]);
    expect(destinations(row(true), 'bD')).toEqual([]);
    expect(destinations(row(true), 'bA1')).toEqual([]);
    // Centipede row: a pinned Centipede cannot slide, but its swaps have no One Hive test.
    const pinned = layout('Base+P:wC:b', [
      ['wQ', 0, 0],
      ['wC', 1, 0],
      ['bQ', 2, 0],
    ]);
    expect(destinations(pinned, 'wC')).toEqual([]);
    expect(movesBy(pinned, 'wC')).toEqual(['wC ~bQ', 'wC ~wQ']);
  });
});

// =============================================================================================
describe('§12.7 Cockroach (H-FAN-ROACH)', () => {
  /** wR west of wQ, then bQ, then wA1 in a line; optionally a stack on (0,1). */
  const roachLine = (under: Placed[] = []) =>
    layout('Base+L:wR:b', [['wQ', 0, 0], ['wR', -1, 0], ['bQ', 1, 0], ['wA1', 2, 0], ...under]);

  it('H-FAN-ROACH-1: up, across friendly tops, down; every step passes H-MOVE-5 and the Cockroach must be unpinned', () => {
    // wQ east of wR, with both flanks height-2 black-topped stacks: the up-step is a gate.
    const gated = (height2: boolean) =>
      layout('Base+L:wR:b', [
        ['wR', 0, 0],
        ['wQ', 1, 0],
        ['wA1', 1, -1],
        ['bB1', 1, -1],
        ['wA2', 0, 1],
        ...(height2 ? ([['bB2', 0, 1]] as Placed[]) : []),
        ['bQ', 2, -2],
      ]);
    expect(destinations(gated(true), 'wR')).toEqual([]);
    // With one flank lowered to a white piece the climb is legal (and wA2 may be crossed).
    expect(destinations(gated(false), 'wR')).toEqual(
      hexes([2, -1], [2, 0], [1, 1], [0, 2], [-1, 2], [-1, 1]),
    );
    // A pinned Cockroach has no moves.
    const pinned = layout('Base+L:wR:b', [
      ['wR', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(pinned, 'wR')).toEqual([]);
  });

  it('H-FAN-ROACH-2: it never moves over an enemy piece (spec test: a white stack leading to a black one)', () => {
    // It lands beside wQ but never crosses bQ to reach the hexes around bQ and wA1.
    expect(destinations(roachLine(), 'wR')).toEqual(hexes([0, -1], [1, -1], [0, 1], [-1, 1]));
  });

  it('H-FAN-ROACH-a: the shortest move is up then down (k = 0), and travel across friendly tops is unlimited', () => {
    // Only wQ is reachable: the Ladybug's "one step across" would give nothing here.
    expect(destinations(roachLine(), 'wR')).toHaveLength(4);
    // Ring of white pieces: far hexes such as (0,3) need several steps across.
    expect(destinations(roachRing(), 'wR')).toContain('0,3');
  });

  it('H-FAN-ROACH-b: it climbs and crosses friendly-topped stacks only, even with an enemy piece buried under a friendly top', () => {
    // (0,1) holds bA1 under wB1: crossable, so it reaches (1,1), (0,2) and (-1,2).
    expect(
      destinations(
        roachLine([
          ['bA1', 0, 1],
          ['wB1', 0, 1],
        ]),
        'wR',
      ),
    ).toEqual(hexes([0, -1], [1, -1], [-1, 1], [1, 1], [0, 2], [-1, 2]));
    // wB1 under bB1 (black top): not crossable.
    expect(
      destinations(
        roachLine([
          ['wB1', 0, 1],
          ['bB1', 0, 1],
        ]),
        'wR',
      ),
    ).toEqual(hexes([0, -1], [1, -1], [-1, 1]));
  });

  it('H-FAN-ROACH-c: the colours around the landing hex do not matter', () => {
    // (1,-1) and (0,1) touch bQ (the placement rule would forbid them); they are still legal.
    const d = destinations(roachLine(), 'wR');
    expect(d).toContain('1,-1');
    expect(d).toContain('0,1');
  });

  it('H-FAN-ROACH-d: destinations are the empty hexes one legal down-step from any reachable friendly stack (ring revisits add nothing)', () => {
    expect(destinations(roachRing(), 'wR')).toEqual(
      hexes(
        [1, 1],
        [1, -1],
        [2, -1],
        [3, -1],
        [3, 1],
        [2, 2],
        [1, 3],
        [0, 3],
        [-1, 3],
        [-1, 2],
        [-1, 1],
      ),
    );
  });

  it('H-FAN-ROACH-e: it never climbs or crosses a Scorpion, friendly or not', () => {
    const line = (mid: string) =>
      layout(mid === 'wK1' ? 'Base+L:wRK:b' : 'Base+L:wR:b', [
        ['wQ', 0, 0],
        ['wR', -1, 0],
        [mid, 1, 0],
        ['wA1', 2, 0],
        ['bQ', 3, 0],
      ]);
    // Through a white Spider it reaches the hexes around wS1 and wA1.
    expect(destinations(line('wS1'), 'wR')).toEqual(
      hexes([0, -1], [1, -1], [0, 1], [-1, 1], [2, -1], [1, 1], [3, -1], [2, 1]),
    );
    // A white Scorpion blocks it.
    expect(destinations(line('wK1'), 'wR')).toEqual(hexes([0, -1], [1, -1], [0, 1], [-1, 1]));
    // A Scorpion next to the Cockroach cannot be climbed either.
    const adj = layout('Base+L:wRK:b', [
      ['wK1', 0, 0],
      ['wR', -1, 0],
      ['wQ', 1, 0],
      ['bQ', 2, 0],
    ]);
    expect(destinations(adj, 'wR')).toEqual([]);
  });
});

/** wR at (0,0) next to a ring of white pieces around the hole (1,1); bQ outside. */
function roachRing(): Position {
  return layout('Base+L:wR:b', [
    ['wR', 0, 0],
    ['wQ', 1, 0],
    ['wA1', 2, 0],
    ['wA2', 2, 1],
    ['wA3', 1, 2],
    ['wG1', 0, 2],
    ['wG2', 0, 1],
    ['bQ', 3, 0],
  ]);
}

// =============================================================================================

/**
 * wD on top of bQ at (1,0), wQ at (0,0), bA2 at (0,-1); bA1 at (1,-1) (bQ unpinned) or at (2,0)
 * (bQ pinned).
 */
function dragonflyOnQueen(
  pinned: boolean,
  o: { frozen?: string; frozen2?: string } = {},
): Position {
  return layout(
    'Base+M:wD:b',
    [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wD', 1, 0],
      pinned ? ['bA1', 2, 0] : ['bA1', 1, -1],
      ...(pinned ? [] : ([['bA2', 0, -1]] as Placed[])),
    ],
    o,
  );
}

describe('§12.8 Dragonfly (H-FAN-DRAGONFLY)', () => {
  /** wD at (0,0) ringed by six pieces, with a [bG1, bB1] stack at (1,-2). */
  const ringed = () =>
    layout('Base+M:wD:b', [
      ['wD', 0, 0],
      ['wQ', 0, -1],
      ['bQ', 1, -1],
      ['wA1', 1, 0],
      ['bA1', 0, 1],
      ['wA2', -1, 1],
      ['bA2', -1, 0],
      ['bG1', 1, -2],
      ['bB1', 1, -2],
    ]);

  /**
   * wD at (0,0) with the Scorpions wK1 (NE) and wK2 (E), wQ beyond them at (2,-1), bA1 (NW),
   * bQ (W) and the Scorpion bK1 on the off-axis hex (-1,-1).
   */
  const scorpions = () =>
    layout('Base+M:wK2D:bK', [
      ['wD', 0, 0],
      ['wK1', 1, -1],
      ['wK2', 1, 0],
      ['wQ', 2, -1],
      ['bQ', -1, 0],
      ['bA1', 0, -1],
      ['bK1', -1, -1],
    ]);

  it('H-FAN-DRAGONFLY-1: one space forward then forward-left or forward-right, and it may land on top of the hive', () => {
    const pos = ringed();
    expect(destinations(pos, 'wD')).toEqual(
      hexes([1, -2], [2, -1], [1, 1], [-1, 2], [-2, 1], [-1, -1]),
    );
    playText(pos, 'wD bB1');
    expect(at(pos, 'wD')).toEqual([1, -2, 2]);
    expect(frozenSet(pos)).toEqual(['wD']);
  });

  it('H-FAN-DRAGONFLY-a: pieces have no facing: for each of the six directions d, forward-left and forward-right are destinations', () => {
    const d = destinations(ringed(), 'wD');
    for (let i = 0; i < 6; i++) {
      const f = DIRS[i] as readonly [number, number];
      const left = DIRS[(i + 5) % 6] as readonly [number, number];
      const right = DIRS[(i + 1) % 6] as readonly [number, number];
      expect(d).toContain(`${f[0] + left[0]},${f[1] + left[1]}`);
      expect(d).toContain(`${f[0] + right[0]},${f[1] + right[1]}`);
    }
  });

  it('H-FAN-DRAGONFLY-b: the destinations are exactly the six off-axis hexes at distance 2, each with two intermediates', () => {
    const offAxis = DIRS.map((f, i) => {
      const g = DIRS[(i + 1) % 6] as readonly [number, number];
      return [f[0] + g[0], f[1] + g[1]] as const;
    });
    expect(destinations(ringed(), 'wD')).toEqual(hexes(...offAxis));
    // The on-axis hexes at distance 2 are empty and touch the ring, yet are never destinations.
    const onAxis = DIRS.map(([q, r]) => `${2 * q},${2 * r}`);
    for (const h of onAxis) expect(destinations(ringed(), 'wD')).not.toContain(h);
    // Two intermediates: (1,-2) over bA1 or wK1 is legal; (2,-1) over wK1 or wK2 is not.
    expect(destinations(scorpions(), 'wD')).toContain('1,-2');
    expect(destinations(scorpions(), 'wD')).not.toContain('2,-1');
  });

  it('H-FAN-DRAGONFLY-c: it flies: intermediates may be empty and off the hive, or occupied; only two Scorpion intermediates stop it', () => {
    // wD leaf at (0,0) hanging on wQ (-1,0); a chain curls round to (3,-2). To reach (2,-1) it flies
    // over (1,-1) and (1,0), both empty and touching no piece.
    const chain = layout('Base+M:wD:b', [
      ['wD', 0, 0],
      ['wQ', -1, 0],
      ['bQ', -1, -1],
      ['wA1', 0, -2],
      ['bA1', 1, -3],
      ['wA2', 2, -3],
      ['bA2', 3, -3],
      ['wA3', 3, -2],
    ]);
    expect(destinations(chain, 'wD')).toEqual(hexes([-1, -1], [-2, 1], [1, -2], [2, -1]));
    // Scorpions: wK1 (NE) and wK2 (E) both flank (2,-1), so no hop there (even onto wQ); one
    // Scorpion intermediate is fine ((1,-2) over bA1/wK1, (1,1) over wK2/empty).
    const sc = scorpions();
    expect(destinations(sc, 'wD')).toEqual(hexes([1, -2], [1, 1], [-2, 1]));
  });

  it('H-FAN-DRAGONFLY-d: it lands on an empty hex or on any stack not topped by a Scorpion, with no carry', () => {
    // Never onto a Scorpion: bK1 sits on the off-axis (-1,-1), next to the hive.
    expect(destinations(scorpions(), 'wD')).not.toContain('-1,-1');
    // From on top of bQ: onto bA2 (a stack) it moves alone.
    const pos = dragonflyOnQueen(false);
    expect(destsByOp(pos, 'wD', OP_MOVE)).toEqual(hexes([0, -1]));
    playText(pos, 'wD bA2');
    expect(at(pos, 'wD')).toEqual([0, -1, 1]);
    expect(at(pos, 'bQ')).toEqual([1, 0, 0]);
    pos.undo();
    // Onto a height-2 stack it lands at level 2.
    const r = ringed();
    playText(r, 'wD bB1');
    expect(at(r, 'wD')).toEqual([1, -2, 2]);
  });

  it('H-FAN-DRAGONFLY-2: from on top of a stack to an empty hex it carries the piece under it (spec test: wD on bQ)', () => {
    // bQ unpinned: both go; the destination must touch the rest (wQ, bA1, bA2).
    const pos = dragonflyOnQueen(false);
    expect(destsByOp(pos, 'wD', OP_CARRY)).toEqual(hexes([2, -2], [-1, 1]));
    // bQ pinned: wD moves alone, to every empty off-axis hex touching the rest (bQ included).
    const pin = dragonflyOnQueen(true);
    expect(destsByOp(pin, 'wD', OP_CARRY)).toEqual([]);
    expect(destsByOp(pin, 'wD', OP_MOVE)).toEqual(hexes([3, -1], [2, 1], [-1, 1], [0, -1]));
    playText(pin, 'wD /wQ');
    expect(at(pin, 'wD')).toEqual([-1, 1, 0]);
    expect(at(pin, 'bQ')).toEqual([1, 0, 0]);
    expect(frozenSet(pin)).toEqual(['wD']);
  });

  it('H-FAN-DRAGONFLY-3: after a carry the carried piece is at level 0 on the destination and the Dragonfly on top', () => {
    const pos = dragonflyOnQueen(false);
    const before = snap(pos);
    playText(pos, 'wD /wQ');
    expect(at(pos, 'bQ')).toEqual([-1, 1, 0]);
    expect(at(pos, 'wD')).toEqual([-1, 1, 1]);
    const c = pos.cell[pieceFromName('bQ')] as number;
    expect(pos.height[c]).toBe(2);
    expect(pieceName(pos.top[c] as number)).toBe('wD');
    // The origin (1,0) is empty now; no piece was lost.
    expect(pos.height[cellOf(1, 0)]).toBe(0);
    expect(Array.from(pos.height).reduce((a, b) => a + b, 0)).toBe(5);
    pos.undo();
    expect(snap(pos)).toEqual(before);
  });

  it('H-FAN-DRAGONFLY-e: the carry is automatic, never with a frozen or pinned piece, and needs no notation', () => {
    const pos = dragonflyOnQueen(false);
    // One move per destination: a carry whenever allowed, never the same hop without it.
    const wd = legalMoves(pos).filter((m) => movePiece(m) === pieceFromName('wD'));
    expect(wd.map((m) => moveOp(m)).sort()).toEqual([OP_MOVE, OP_CARRY, OP_CARRY].sort());
    expect(new Set(wd.map((m) => m % CELLS)).size).toBe(wd.length);
    // The plain MoveString names the carry.
    const parsed = parseMoveCode(pos, 'wD /wQ').move;
    expect(moveOp(parsed)).toBe(OP_MOVE);
    expect(moveOp(findLegal(pos, parsed))).toBe(OP_CARRY);
    expect(formatMoveCode(pos, findLegal(pos, parsed))).toBe('wD /wQ');
    // bQ frozen: wD moves alone.
    const fr = dragonflyOnQueen(false, { frozen: 'bQ' });
    expect(destsByOp(fr, 'wD', OP_CARRY)).toEqual([]);
    expect(destsByOp(fr, 'wD', OP_MOVE)).toEqual(hexes([2, -2], [-1, 1], [0, -1]));
    // bQ pinned: wD moves alone (see -2).
    expect(destsByOp(dragonflyOnQueen(true), 'wD', OP_CARRY)).toEqual([]);
    // A level-0 Dragonfly never carries.
    expect(legalMoves(ringed()).some((m) => m !== PASS && moveOp(m) === OP_CARRY)).toBe(false);
  });

  it('H-FAN-DRAGONFLY-f: only the piece directly underneath is carried; lower pieces stay', () => {
    const pos = layout('Base+M:wD:b', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wB1', 1, 0],
      ['wD', 1, 0],
      ['bA1', 2, 0],
    ]);
    // bQ is pinned, but the carried wB1 is at level 1 so the origin stays occupied.
    expect(destsByOp(pos, 'wD', OP_CARRY)).toEqual(hexes([3, -1], [2, 1], [-1, 1], [0, -1]));
    expect(destsByOp(pos, 'wD', OP_MOVE)).toEqual([]);
    pos.play(moveTo(pos, 'wD', 3, -1));
    expect(at(pos, 'wB1')).toEqual([3, -1, 0]);
    expect(at(pos, 'wD')).toEqual([3, -1, 1]);
    expect(at(pos, 'bQ')).toEqual([1, 0, 0]);
    expect(frozenSet(pos)).toEqual(['wB1', 'wD']);
  });

  it('H-FAN-DRAGONFLY-g: One Hive: a level-0 Dragonfly must be unpinned, an empty destination must touch the rest, and an emptied origin must leave the rest whole', () => {
    // Pinned on the ground: no move at all (not even onto bA1 at the off-axis (3,-1)).
    const pinned = layout('Base+M:wD:b', [
      ['wQ', 0, 0],
      ['wD', 1, 0],
      ['bQ', 2, 0],
      ['bA1', 3, -1],
    ]);
    expect(destinations(pinned, 'wD')).toEqual([]);
    // Unpinned variant (a bridge over the top): it may hop.
    const free = layout('Base+M:wD:b', [
      ['wQ', 0, 0],
      ['wD', 1, 0],
      ['bQ', 2, 0],
      ['bA1', 3, -1],
      ['wA1', 1, -1],
      ['bA2', 2, -1],
    ]);
    expect(destinations(free, 'wD')).toContain('3,-1');
    // Carrying bQ: (3,-1), (2,1) and (0,2) touch nothing once wD and bQ are lifted.
    expect(destinations(dragonflyOnQueen(false), 'wD')).toEqual(hexes([2, -2], [-1, 1], [0, -1]));
    // The emptied origin must leave the rest whole: pinned bQ is left behind.
    expect(destsByOp(dragonflyOnQueen(true), 'wD', OP_CARRY)).toEqual([]);
  });

  it('H-FAN-DRAGONFLY-h: it never carries another Dragonfly, but it may land on top of one', () => {
    const land = layout('Base+M:wD:bD', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['bD', 2, 0],
      ['wD', 0, 1],
    ]);
    expect(destinations(land, 'wD')).toEqual(hexes([-1, 0], [1, -1], [2, 0]));
    playText(land, 'wD bD');
    expect(at(land, 'wD')).toEqual([2, 0, 1]);
    expect(movesBy(land, 'bD')).toEqual([]); // covered
    // wD on bD (unpinned): it moves alone; on a bA1 in the same place it would carry.
    const onTop = (under: string) =>
      layout('Base+M:wD:bD', [
        ['wQ', 0, 0],
        ['bQ', 1, 0],
        [under, 1, -1],
        ['wD', 1, -1],
      ]);
    expect(destsByOp(onTop('bD'), 'wD', OP_MOVE)).toEqual(hexes([2, 0], [0, 1], [-1, 0]));
    expect(destsByOp(onTop('bD'), 'wD', OP_CARRY)).toEqual([]);
    expect(destsByOp(onTop('bA1'), 'wD', OP_CARRY)).toEqual(hexes([2, 0], [0, 1], [-1, 0]));
  });
});

// =============================================================================================

/**
 * wC at (0,0): bQ east with both flanks occupied (bP NE, a [wA1, bB1] stack SE), bA1 west.
 * Unpinned: a [wA2, bB2] stack SW (bA1 has one empty flank). Pinned: bA1 is a leaf on wC.
 */
function centipedeSpecPosition(pinned: boolean): Position {
  return layout('Base+MP:wC:b', [
    ['wC', 0, 0],
    ['bQ', 1, 0],
    ['bP', 1, -1],
    ['wA1', 0, 1],
    ['bB1', 0, 1],
    ['bA1', -1, 0],
    ['wQ', 2, 0],
    ...(pinned
      ? []
      : ([
          ['wA2', -1, 1],
          ['bB2', -1, 1],
        ] as Placed[])),
  ]);
}

describe('§12.9 Centipede (H-FAN-CENTIPEDE)', () => {
  it('H-FAN-CENTIPEDE-1: one slide or one swap with an adjacent piece', () => {
    const pos = layout('Base+P:wC:b', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wC', 0, 1],
    ]);
    expect(destinations(pos, 'wC')).toEqual(hexes([1, 1], [-1, 1]));
    expect(movesBy(pos, 'wC').filter((t) => t.includes('~'))).toEqual(['wC ~bQ', 'wC ~wQ']);
    expect(movesBy(pos, 'wC')).toHaveLength(4);
    const m = playText(pos, 'wC ~bQ');
    expect(moveOp(m)).toBe(OP_SWAP);
    expect(at(pos, 'wC')).toEqual([1, 0, 0]);
    expect(at(pos, 'bQ')).toEqual([0, 1, 0]);
  });

  it('H-FAN-CENTIPEDE-2: a swap needs an empty shared hex (spec test: only wC ~bA1, also when wC is pinned)', () => {
    for (const pinned of [false, true]) {
      const pos = centipedeSpecPosition(pinned);
      expect(movesBy(pos, 'wC'), `pinned=${pinned}`).toEqual(['wC ~bA1']);
    }
  });

  it('H-FAN-CENTIPEDE-a: both pieces must be alone at level 0: no swap with a stacked piece, with a Pillbug or Centipede, or while covered', () => {
    // NW bP (Pillbug), E bA1 under wB1 (stack), SW bQ: only bQ.
    const pos = layout('Base+MP:wC:b', [
      ['wC', 0, 0],
      ['bP', 0, -1],
      ['bA1', 1, 0],
      ['wB1', 1, 0],
      ['bQ', -1, 1],
      ['wQ', 2, 0],
    ]);
    expect(abilities(pos)).toEqual(['wC ~bQ']);
    // Covered by bB1: nothing.
    const covered = layout('Base+MP:wC:b', [
      ['wC', 0, 0],
      ['bB1', 0, 0],
      ['bQ', -1, 1],
      ['wQ', 1, 0],
    ]);
    expect(abilities(covered)).toEqual([]);
    // Two Centipedes never swap, from either side.
    const two = (toMove: 'w' | 'b') =>
      layout(
        'Base+P:wC:bC',
        [
          ['wC', 0, 0],
          ['bC', 1, 0],
          ['wQ', -1, 0],
          ['bQ', 2, 0],
        ],
        { toMove },
      );
    expect(abilities(two('w'))).toEqual(['wC ~wQ']);
    expect(abilities(two('b'))).toEqual(['bC ~bQ']);
  });

  it('H-FAN-CENTIPEDE-b: the partner may be either colour, Queens included, but not a Scorpion and not frozen', () => {
    const pos = (third: string, frozen?: string) =>
      layout(
        third === 'bK1' ? 'Base+P:wC:bK' : 'Base+P:wC:b',
        [
          ['wC', 0, 0],
          ['wQ', 0, -1],
          ['bQ', 1, 0],
          [third, -1, 1],
        ],
        frozen ? { frozen } : {},
      );
    expect(abilities(pos('bA1'))).toEqual(['wC ~bA1', 'wC ~bQ', 'wC ~wQ']);
    expect(abilities(pos('bK1'))).toEqual(['wC ~bQ', 'wC ~wQ']);
    expect(abilities(pos('bA1', 'bQ'))).toEqual(['wC ~bA1', 'wC ~wQ']);
  });

  it('H-FAN-CENTIPEDE-c: no One Hive test: a pinned Centipede swaps, and so does a pinned partner', () => {
    // wC leaf at (0,0), bQ pinned between it and wQ.
    const pos = layout('Base+P:wC:b', [
      ['wC', 0, 0],
      ['bQ', 1, 0],
      ['wQ', 2, 0],
    ]);
    expect(destinations(pos, 'wC')).toEqual(hexes([1, -1], [0, 1]));
    expect(abilities(pos)).toEqual(['wC ~bQ']);
    // Pinned Centipede: see -2 (spec test) and GEN-7.
    expect(movesBy(centipedeSpecPosition(true), 'wC')).toEqual(['wC ~bA1']);
  });

  it('H-FAN-CENTIPEDE-d: the empty shared hex (≥ 1 flank of height 0) replaces H-MOVE-4/5 for the swap', () => {
    // bQ east with both flanks occupied (a step there would pass H-MOVE-5): no swap. wQ west with
    // both flanks empty (a slide there would lose contact): swap.
    const pos = layout('Base+P:wC:b', [
      ['wC', 0, 0],
      ['bQ', 1, 0],
      ['wA1', 1, -1],
      ['wA2', 0, 1],
      ['wQ', -1, 0],
    ]);
    expect(abilities(pos)).toEqual(['wC ~wA1', 'wC ~wA2', 'wC ~wQ']);
  });

  it('H-FAN-CENTIPEDE-e: a Mosquito copying it has the same limits and may swap while pinned; a Centipede may swap with a Mosquito', () => {
    const pos = (toMove: 'w' | 'b') =>
      layout(
        'Base+MP:wC:b',
        [
          ['bM', 0, 0],
          ['wC', 1, 0],
          ['bQ', -1, 0],
          ['wQ', 0, -1],
        ],
        { toMove },
      );
    expect(movesBy(pos('b'), 'bM')).toEqual(['bM ~bQ', 'bM ~wQ']);
    expect(movesBy(pos('w'), 'wC').filter((t) => t.includes('~'))).toEqual(['wC ~bM']);
    expect(destinations(pos('w'), 'wC')).toEqual(hexes([1, -1], [0, 1]));
  });

  it('H-FAN-CENTIPEDE-f: after a swap F = {Centipede, partner}', () => {
    const pos = centipedeSpecPosition(false);
    playText(pos, 'wC ~bA1');
    expect(frozenSet(pos)).toEqual(['bA1', 'wC']);
    // Black to move: bA1 (unpinned, next to bP) neither moves nor is thrown.
    expect(destinations(pos, 'bA1')).toEqual([]);
    const thawed = pos.clone();
    thawed.frozen = -1;
    thawed.frozen2 = -1;
    expect(destinations(thawed, 'bA1').length).toBeGreaterThan(0);
  });

  it('H-FAN-CENTIPEDE-g: the Pillbug and the Centipede are different bugs with different letters; a Centipede never throws', () => {
    expect(KIND_LETTERS[PILLBUG]).toBe('P');
    expect(KIND_LETTERS[CENTIPEDE]).toBe('C');
    expect(kindOf(pieceFromName('wC'))).toBe(CENTIPEDE);
    expect(kindOf(pieceFromName('wP'))).toBe(PILLBUG);
    expect(roster('Base+P:wC:b', 'w')).toContain('wC');
    expect(roster('Base+P:wC:b', 'w')).not.toContain('wP');
    expect(roster('Base+P:wC:b', 'b')).toContain('bP');
    expect(roster('Base+P:wC:b', 'b')).not.toContain('bC');
    // In the same place a Pillbug throws bQ; a Centipede only swaps with it.
    const pos = (bug: 'wP' | 'wC') =>
      layout(bug === 'wC' ? 'Base+P:wC:b' : 'Base+P', [
        ['wQ', 0, 0],
        [bug, 1, 0],
        ['bQ', 2, 0],
      ]);
    expect(destinations(pos('wP'), 'bQ')).toEqual(hexes([1, -1], [2, -1], [1, 1], [0, 1]));
    expect(destinations(pos('wC'), 'bQ')).toEqual([]);
    expect(movesBy(pos('wC'), 'wC')).toEqual(['wC ~bQ', 'wC ~wQ']);
  });

  it('H-FAN-CENTIPEDE-1: a Pillbug may throw a Centipede (it is thrown like any piece)', () => {
    const pos = layout('Base+P:w:bC', [
      ['wQ', 0, 0],
      ['wP', 1, 0],
      ['bC', 2, 0],
      ['bQ', 0, 1],
    ]);
    expect(destinations(pos, 'bC')).toEqual(hexes([1, -1], [2, -1], [1, 1]));
  });
});
