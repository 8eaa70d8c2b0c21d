/**
 * Rule tests for the fan bugs, part B (spec `hive.md` §12.0 General, §12.7 Cockroach,
 * §12.8 Dragonfly, §12.9 Centipede). Positions are built directly with {@link layout}; every
 * test asserts exact move sets and includes negative cases.
 */

import { describe, expect, it } from 'vitest';
import { CELLS, cellOf } from '../../../src/hive/engine/board.js';
import { moveOp, movePiece, OP_CARRY, OP_MOVE, PASS } from '../../../src/hive/engine/codes.js';
import { findLegal } from '../../../src/hive/engine/moves.js';
import { pieceFromName, pieceName } from '../../../src/hive/engine/pieces.js';
import { formatMoveCode, parseMoveCode } from '../../../src/hive/notation.js';
import { destinations, hexes, layout, legalMoves } from '../helpers.js';
import { dragonflyOnQueen } from './positions.js';
import { at, DIRS, destsByOp, frozenSet, movesBy, moveTo, playText, snap } from './support.js';

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
