import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hex, reflect, rotate } from '../../src/geometry/hex.js';
import { CELLS, cellOf } from '../../src/hive/engine/board.js';
import { movePiece, PASS } from '../../src/hive/engine/codes.js';
import {
  BEETLE,
  kindOf,
  MOSQUITO,
  PIECES,
  pieceFromName,
  SLOTS,
} from '../../src/hive/engine/pieces.js';
import { Position } from '../../src/hive/engine/position.js';
import { GAME_TYPES, piecesInHand, piecesOnBoard } from '../../src/hive/index.js';
import { livePosition } from '../../src/hive/state.js';
import { connected, legalMoves, placementFactsMismatch, randomGame, walk } from './helpers.js';

const SIZES: Record<string, number> = {
  Base: 11,
  'Base+M': 12,
  'Base+L': 12,
  'Base+P': 12,
  'Base+ML': 13,
  'Base+MP': 13,
  'Base+LP': 13,
  'Base+MLP': 14,
};

const game = randomGame(140);

describe('Hive invariants over random legal games (fast-check)', () => {
  it('H-MOVE-3 / H-COORD-5: One Hive holds after every move', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s) => {
          const cells = new Map<string, Hex>();
          for (const p of piecesOnBoard(s)) cells.set(`${p.q},${p.r}`, hex(p.q, p.r));
          expect(connected([...cells.values()])).toBe(true);
        });
      }),
      { numRuns: 40, seed: 11 },
    );
  });

  it('real coordinates stay consistent with the torus cells over long games (hive drift)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES),
        fc.array(fc.nat(), { minLength: 200, maxLength: 400 }),
        (type, choices) => {
          walk(type, choices, (s) => {
            const pos = livePosition(s);
            for (let p = 0; p < PIECES; p++) {
              const c = pos.cell[p] as number;
              if (c < 0) continue;
              expect(cellOf(pos.rq[p] as number, pos.rr[p] as number)).toBe(c);
              expect(pos.realQ(c)).toBe(pos.rq[p]);
              expect(pos.realR(c)).toBe(pos.rr[p]);
            }
          });
        },
      ),
      { numRuns: 4, seed: 17 },
    );
  });

  it('H-SETUP-3: pieces are conserved: hand + board = 11/12/13/14 per colour', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s) => {
          const board = piecesOnBoard(s);
          for (const c of ['w', 'b'] as const) {
            const on = board.filter((p) => p.piece[0] === c).length;
            expect(on + piecesInHand(s, c).length).toBe(SIZES[type]);
          }
        });
      }),
      { numRuns: 40, seed: 12 },
    );
  });

  it('H-BEETLE-1 / H-MOSQ-2: only Beetles and Mosquitoes ever stand above ground', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s) => {
          for (const p of piecesOnBoard(s)) {
            if (p.level > 0) expect([BEETLE, MOSQUITO]).toContain(kindOf(pieceFromName(p.piece)));
          }
        });
      }),
      { numRuns: 40, seed: 13 },
    );
  });

  it('H-PLACE-6 / H-MOVE-1: Queens are in play by the 4th turn; nothing moves before its Queen', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s, prev) => {
          if (!prev) return;
          // livePosition is a live view of the tree's shared position: copy the earlier one.
          const pos = livePosition(prev).clone();
          const me = pos.ply & 1;
          const last = livePosition(s).moveAt(pos.ply);
          if (last !== PASS && pos.cell[movePiece(last)] !== -1) {
            // A movement (or throw): the mover's Queen was already in play.
            expect(pos.cell[me * SLOTS]).not.toBe(-1);
          }
          // After the mover's 4th turn their Queen is in play (unless that turn was a forced pass).
          if ((pos.ply >> 1) + 1 >= 4 && last !== PASS) {
            expect(livePosition(s).cell[me * SLOTS]).not.toBe(-1);
          }
        });
      }),
      { numRuns: 40, seed: 14 },
    );
  });

  it('the incremental hash equals the recomputed hash, and play/undo restore the exact position', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s) => {
          const pos = livePosition(s).clone();
          expect(pos.hash()).toBe(pos.recomputeHash());
          const fields = (p: Position) =>
            JSON.stringify([
              Array.from(p.height),
              Array.from(p.top),
              Array.from(p.cell),
              Array.from(p.level),
              Array.from(p.below),
              Array.from(p.rq),
              Array.from(p.rr),
              p.ply,
              p.frozen,
              p.result,
              p.anchor,
              p.hash(),
            ]);
          const before = fields(pos);
          for (const m of legalMoves(pos)) {
            pos.play(m);
            expect(pos.hash()).toBe(pos.recomputeHash());
            pos.undo();
            expect(fields(pos)).toBe(before);
          }
        });
      }),
      { numRuns: 10, seed: 15 },
    );
  });

  it('H-PLACE-3 / H-PLACE-7: the placement facts kept by play and undo (touching counts, placeable hexes, pieces in hand) equal a recount from the board', () => {
    fc.assert(
      fc.property(game, ({ type, choices }) => {
        walk(type, choices, (s) => {
          const pos = livePosition(s).clone();
          expect(placementFactsMismatch(pos)).toBeNull();
          for (const m of legalMoves(pos)) {
            pos.play(m);
            expect(placementFactsMismatch(pos)).toBeNull();
            pos.undo();
          }
          expect(placementFactsMismatch(pos)).toBeNull();
        });
      }),
      { numRuns: 10, seed: 16 },
    );
  });

  it('rotating or reflecting a position (hex helper) rotates or reflects its move set', () => {
    fc.assert(
      fc.property(game, fc.integer({ min: 0, max: 11 }), ({ type, choices }, t) => {
        let checked = 0;
        walk(type, choices, (s) => {
          const pos = livePosition(s);
          if (pos.ply < 2 || pos.result !== 0 || checked++ % 5 !== 0) return;
          const anchor = piecesOnBoard(s).find((p) => p.level === 0) as { q: number; r: number };
          const c = hex(anchor.q, anchor.r);
          const f = (h: Hex): Hex => {
            const moved = hex(h.q - c.q, h.r - c.r);
            return t < 6 ? rotate(moved, t) : rotate(reflect(moved), t - 6);
          };
          // Rebuild the transformed position: pieces by level, the anchor first at (0,0).
          // Lower levels first, and the anchor (a ground piece at c) first of all.
          const atC = (p: { q: number; r: number }) => (p.q === c.q && p.r === c.r ? 0 : 1);
          const pieces = piecesOnBoard(s).sort((a, b) => a.level - b.level || atC(a) - atC(b));
          const copy = new Position(pos.mask, pos.rules);
          for (const p of pieces) {
            const h = f(hex(p.q, p.r));
            copy.play(pieceFromName(p.piece) * CELLS + cellOf(h.q, h.r));
          }
          copy.ply = pos.ply;
          copy.frozen = pos.frozen;
          copy.result = 0;
          const expected = legalMoves(pos)
            .map((m) => {
              if (m === PASS) return 'pass';
              const h = f(hex(pos.realQ(m % CELLS), pos.realR(m % CELLS)));
              return `${Math.floor(m / CELLS)}@${h.q},${h.r}`;
            })
            .sort();
          const got = legalMoves(copy)
            .map((m) =>
              m === PASS
                ? 'pass'
                : `${Math.floor(m / CELLS)}@${copy.realQ(m % CELLS)},${copy.realR(m % CELLS)}`,
            )
            .sort();
          expect(got).toEqual(expected);
        });
      }),
      { numRuns: 30, seed: 16 },
    );
  });
});
