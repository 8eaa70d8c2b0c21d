/**
 * Rule tests for the fan bugs, part B (spec `hive.md` §12.0 General, §12.7 Cockroach,
 * §12.8 Dragonfly, §12.9 Centipede). Positions are built directly with {@link layout}; every
 * test asserts exact move sets and includes negative cases.
 */

import { describe, expect, it } from 'vitest';
import { moveOp, OP_SWAP } from '../../../src/hive/engine/codes.js';
import {
  CENTIPEDE,
  KIND_LETTERS,
  kindOf,
  PILLBUG,
  pieceFromName,
} from '../../../src/hive/engine/pieces.js';
import { destinations, hexes, layout } from '../helpers.js';
import { centipedeSpecPosition } from './positions.js';
import { abilities, at, frozenSet, movesBy, playText, roster } from './support.js';

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
