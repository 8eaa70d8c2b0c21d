/**
 * Rule tests for the fan bugs Mantis, Fly, Scorpion and Wasp (spec §12.3–§12.6). Each test
 * builds a position with `layout` and asserts exact move sets; the Scorpion tests compare a
 * position with the same position holding a Spider instead, so the difference is exactly what
 * the immunity removes.
 */

import { describe, expect, it } from 'vitest';
import { cellOf } from '../../../src/hive/engine/board.js';
import { pieceFromName, pieceName } from '../../../src/hive/engine/pieces.js';
import { IN_PROGRESS, WHITE_WINS } from '../../../src/hive/engine/rules.js';
import { destinations, hexes, layout, moveTexts, type Placed } from '../helpers.js';
import { grabs, moveKeys, play, playTo, stack } from './support.js';

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
