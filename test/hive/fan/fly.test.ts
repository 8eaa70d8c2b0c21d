/**
 * Rule tests for the fan bugs Mantis, Fly, Scorpion and Wasp (spec §12.3–§12.6). Each test
 * builds a position with `layout` and asserts exact move sets; the Scorpion tests compare a
 * position with the same position holding a Spider instead, so the difference is exactly what
 * the immunity removes.
 */

import { describe, expect, it } from 'vitest';
import { destinations, hexes, layout, moveTexts, type Placed } from '../helpers.js';
import { DIRS, emptyNeighbours, type Hex, key, playTo, stack } from './support.js';

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
