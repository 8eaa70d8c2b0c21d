// Fan-bug positions that more than one bug's tests use.
import type { Position } from '../../../src/hive/engine/position.js';
import { layout, type Placed } from '../helpers.js';

/**
 * wD on top of bQ at (1,0), wQ at (0,0), bA2 at (0,-1); bA1 at (1,-1) (bQ unpinned) or at (2,0)
 * (bQ pinned).
 */
export function dragonflyOnQueen(
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

/**
 * wC at (0,0): bQ east with both flanks occupied (bP NE, a [wA1, bB1] stack SE), bA1 west.
 * Unpinned: a [wA2, bB2] stack SW (bA1 has one empty flank). Pinned: bA1 is a leaf on wC.
 */
export function centipedeSpecPosition(pinned: boolean): Position {
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
