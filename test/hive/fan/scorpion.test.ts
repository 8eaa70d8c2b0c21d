/**
 * Rule tests for the fan bugs Mantis, Fly, Scorpion and Wasp (spec §12.3–§12.6). Each test
 * builds a position with `layout` and asserts exact move sets; the Scorpion tests compare a
 * position with the same position holding a Spider instead, so the difference is exactly what
 * the immunity removes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pieceFromName } from '../../../src/hive/engine/pieces.js';
import { BLACK_WINS, IN_PROGRESS } from '../../../src/hive/engine/rules.js';
import { destinations, hexes, layout, legalMoves, type Placed, posOf } from '../helpers.js';
import { playTo, vsSpider } from './support.js';

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
