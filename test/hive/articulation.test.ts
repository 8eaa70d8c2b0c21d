import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hex } from '../../src/geometry/hex.js';
import { isCutCell, locallyUncut, markCutCells } from '../../src/hive/engine/articulation.js';
import { cellOf } from '../../src/hive/engine/board.js';
import { piecesOnBoard } from '../../src/hive/index.js';
import { livePosition } from '../../src/hive/state.js';
import { connected, randomGame, walk } from './helpers.js';

const game = randomGame(120);

describe('cut cells of the hive (fast-check over random legal games)', () => {
  it('H-MOVE-3 / H-COORD-5: a cell is a cut cell exactly when removing it splits the hive, from any start', () => {
    fc.assert(
      fc.property(game, fc.nat(), ({ type, choices }, pick) => {
        walk(type, choices, (s) => {
          const pos = livePosition(s);
          const byCell = new Map<number, Hex>();
          for (const p of piecesOnBoard(s)) {
            byCell.set(cellOf(p.q, p.r), hex(p.q, p.r));
          }
          const cells = [...byCell.keys()];
          if (cells.length === 0) return;
          // Any occupied cell may start the search: the answer must not depend on it.
          const mark = markCutCells(pos.height, cells[pick % cells.length] as number);
          for (const c of cells) {
            const rest = cells.filter((o) => o !== c).map((o) => byCell.get(o) as Hex);
            const splits = !connected(rest);
            expect(isCutCell(c, mark)).toBe(splits);
            // The local test never clears a cell that does split the hive.
            if (locallyUncut(pos.height, c)) expect(splits).toBe(false);
          }
        });
      }),
      { numRuns: 30, seed: 23 },
    );
  });
});
