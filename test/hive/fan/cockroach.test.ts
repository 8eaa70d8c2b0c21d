/**
 * Rule tests for the fan bugs, part B (spec `hive.md` §12.0 General, §12.7 Cockroach,
 * §12.8 Dragonfly, §12.9 Centipede). Positions are built directly with {@link layout}; every
 * test asserts exact move sets and includes negative cases.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../src/hive/engine/position.js';
import { destinations, hexes, layout, type Placed } from '../helpers.js';

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
