/**
 * Rule tests for the fan bugs Mantis, Fly, Scorpion and Wasp (spec §12.3–§12.6). Each test
 * builds a position with `layout` and asserts exact move sets; the Scorpion tests compare a
 * position with the same position holding a Spider instead, so the difference is exactly what
 * the immunity removes.
 */

import { describe, expect, it } from 'vitest';
import { destinations, hexes, layout, type Placed } from '../helpers.js';
import { playTo, stack, waspOracle } from './support.js';

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
