/**
 * Rule tests for the fan bugs, part B (spec `hive.md` §12.0 General, §12.7 Cockroach,
 * §12.8 Dragonfly, §12.9 Centipede). Positions are built directly with {@link layout}; every
 * test asserts exact move sets and includes negative cases.
 */

import { describe, expect, it } from 'vitest';
import {
  moveOp,
  OP_CARRY,
  OP_GRAB,
  OP_MOVE,
  OP_SWAP,
  PASS,
} from '../../../src/hive/engine/codes.js';
import {
  gameSetup,
  inGameKinds,
  inGamePieces,
  inGameTable,
  KINDS,
  SLOT_KIND,
  SLOTS,
} from '../../../src/hive/engine/pieces.js';
import { destinations, hexes, layout, legalMoves, type Placed } from '../helpers.js';
import { centipedeSpecPosition, dragonflyOnQueen } from './positions.js';
import {
  abilities,
  at,
  destsByOp,
  drift,
  frozenSet,
  movesBy,
  playText,
  roster,
  snap,
} from './support.js';

describe('H-SETUP-2 / H-FAN-ROSTER-1: the lists the generator loops over', () => {
  it('hold exactly the pieces and the kinds of each colour in the game, in slot and kind order', () => {
    for (const type of [
      'Base',
      'Base+M',
      'Base+MLP',
      'Base+MLP:wT2F3K2W3RDC:bT',
      'Base+P:wTW3:bC',
      'Base+MLP:wTK:bFW',
    ]) {
      const s = gameSetup(type);
      const inGame = inGameTable(s.mask, s.roster);
      const pieces = inGamePieces(inGame);
      const kinds = inGameKinds(inGame);
      for (let colour = 0; colour < 2; colour++) {
        // The entries from `from` up to the −1 that ends the colour's list.
        const listed = (list: Int8Array, from: number): number[] => [
          ...list.subarray(from, list.indexOf(-1, from)),
        ];
        const ids: number[] = [];
        for (let p = colour * SLOTS; p < (colour + 1) * SLOTS; p++) if (inGame[p]) ids.push(p);
        expect(listed(pieces, colour * (SLOTS + 1)), type).toEqual(ids);
        const kindsOf = [...new Set(ids.map((p) => SLOT_KIND[p % SLOTS] as number))];
        expect(listed(kinds, colour * (KINDS + 1)), type).toEqual(kindsOf.sort((a, b) => a - b));
      }
    }
  });
});

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
