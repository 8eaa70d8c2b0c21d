/**
 * The Hive invariants over random legal games with fan bugs (H-FAN), for every roster of
 * FAN_TYPES: One Hive, piece conservation, well-formed stacks, the Scorpion alone on the ground,
 * the frozen set of grabs, swaps and carries, the incremental hash, and exact play/undo. A last
 * test checks that the random games really place every fan bug and really grab, swap and carry,
 * so the properties are not vacuous.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hex } from '../../../src/geometry/hex.js';
import { CELLS } from '../../../src/hive/engine/board.js';
import {
  moveOp,
  movePiece,
  OP_CARRY,
  OP_GRAB,
  OP_MOVE,
  OP_SWAP,
  PASS,
} from '../../../src/hive/engine/codes.js';
import {
  BEETLE,
  DRAGONFLY,
  FIRST_FAN_KIND,
  gameSetup,
  KIND_LETTERS,
  kindOf,
  MANTIS,
  MOSQUITO,
  PIECES,
  pieceName,
  SCORPION,
} from '../../../src/hive/engine/pieces.js';
import type { Position } from '../../../src/hive/engine/position.js';
import { type HiveState, hive, piecesInHand, piecesOnBoard } from '../../../src/hive/index.js';
import { livePosition } from '../../../src/hive/state.js';
import { connected, legalMoves, placementFactsMismatch, walk } from '../helpers.js';
import { FAN_TYPES } from './types.js';

type FanType = (typeof FAN_TYPES)[number];

/** H-SETUP-2: pieces per colour of each official type (a fan roster never adds any, H-FAN-GEN-1). */
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

/** The pieces that may stand above level 0: Beetle, Mosquito, Mantis, Dragonfly. */
const CLIMBERS: readonly number[] = [BEETLE, MOSQUITO, MANTIS, DRAGONFLY];

/** Move choices for one game; `size: 'max'` so games really run up to `maxLength` plies. */
const choices = (maxLength: number) =>
  fc.array(fc.nat(), { minLength: 10, maxLength, size: 'max' });

/**
 * Every invariant below walks the same random games (same runs, lengths and seeds), and the last
 * test counts what those games contain, so it shows the invariants are not vacuous.
 */
const RUNS = 20;
const MAX_PLIES = 150;
const SEED = 101;

/** Runs a property over random games of every fan roster. */
function forEveryRoster(
  numRuns: number,
  maxLength: number,
  seed: number,
  check: (type: FanType, s: HiveState, prev: HiveState | null) => void,
): void {
  for (const [i, type] of FAN_TYPES.entries()) {
    fc.assert(
      fc.property(choices(maxLength), (picks) => {
        walk(type, picks, (s, prev) => check(type, s, prev));
      }),
      { numRuns, seed: seed + i },
    );
  }
}

/** Each piece's `q,r,level` (or `hand`), to see which pieces a ply changed (H-FREEZE-1). */
function places(pos: Position): string[] {
  const out: string[] = [];
  for (let p = 0; p < PIECES; p++) {
    out.push(pos.cell[p] === -1 ? 'hand' : `${pos.rq[p]},${pos.rr[p]},${pos.level[p]}`);
  }
  return out;
}

/** Every field play/undo must restore, flattened (the hash, the board, the frozen set). */
function snapshot(pos: Position): Int32Array {
  const scalars = [
    pos.hashLo,
    pos.hashHi,
    pos.ply,
    pos.frozen,
    pos.frozen2,
    pos.result,
    pos.anchor,
  ];
  const parts = [
    pos.height,
    pos.top,
    pos.touching,
    pos.hand,
    pos.cell,
    pos.level,
    pos.below,
    pos.rq,
    pos.rr,
    scalars,
  ];
  const out = new Int32Array(parts.reduce((n, a) => n + a.length, 0));
  let i = 0;
  for (const a of parts) {
    out.set(a, i);
    i += a.length;
  }
  return out;
}

function firstDifference(a: Int32Array, b: Int32Array): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('Hive invariants over random legal games with fan bugs (fast-check, every FAN_TYPES roster)', () => {
  it('H-MOVE-3 / H-FAN-GEN-3: One Hive holds after every move (grabs, swaps and carries included)', () => {
    forEveryRoster(RUNS, MAX_PLIES, SEED, (_type, s) => {
      const cells = new Map<string, Hex>();
      for (const p of piecesOnBoard(s)) cells.set(`${p.q},${p.r}`, hex(p.q, p.r));
      expect(connected([...cells.values()])).toBe(true);
    });
  });

  it('H-SETUP-3 / H-FAN-GEN-1: hand + board = the official piece count per colour, never more', () => {
    forEveryRoster(RUNS, MAX_PLIES, SEED, (type, s) => {
      const size = SIZES[gameSetup(type).base] as number;
      const board = piecesOnBoard(s);
      for (const c of ['w', 'b'] as const) {
        const on = board.filter((p) => p.piece[0] === c);
        const hand = piecesInHand(s, c);
        expect(on.length + hand.length).toBe(size);
        // Each piece is in exactly one place.
        expect(new Set([...on.map((p) => p.piece), ...hand]).size).toBe(size);
      }
    });
  });

  it('H-COORD-4 / H-FAN-MANTIS-c / H-FAN-DRAGONFLY-3 / H-FAN-SCORPION-g: stacks are well formed; only climbers above ground; a Scorpion is always alone at level 0', () => {
    forEveryRoster(RUNS, MAX_PLIES, SEED, (_type, s) => {
      const pos = livePosition(s);
      const errors: string[] = [];
      const cells = new Set<number>();
      let placed = 0;
      for (let p = 0; p < PIECES; p++) {
        if (pos.cell[p] === -1) continue;
        cells.add(pos.cell[p] as number);
        placed++;
      }
      let stacked = 0;
      for (const c of cells) {
        const h = pos.height[c] as number;
        // Walking down from the top: levels h-1 .. 0, every piece on this cell.
        const stack: number[] = [];
        for (
          let p = pos.top[c] as number;
          p >= 0 && stack.length <= h;
          p = pos.below[p] as number
        ) {
          stack.push(p);
        }
        if (stack.length !== h) errors.push(`cell ${c}: ${stack.length} pieces, height ${h}`);
        stacked += stack.length;
        for (const [i, p] of stack.entries()) {
          const name = pieceName(p);
          if (pos.cell[p] !== c) errors.push(`${name} is listed on cell ${c}, not its own`);
          if (pos.level[p] !== h - 1 - i) errors.push(`${name} at level ${pos.level[p]} of ${h}`);
          if (pos.level[p] > 0) {
            // Every piece at level >= 1 is a climber, or sits under one; in fact grabs and
            // carries put the moved piece at level 0, so only climbers are ever above ground
            // (H-FAN-MANTIS-c, H-FAN-DRAGONFLY-3, H-FAN-GEN-7), the stronger check.
            const underClimber = stack.slice(0, i).some((x) => CLIMBERS.includes(kindOf(x)));
            if (!CLIMBERS.includes(kindOf(p))) {
              errors.push(
                `${name} (not a climber${underClimber ? ', under one' : ''}) above ground`,
              );
            }
          }
          if (kindOf(p) === SCORPION && (h !== 1 || pos.level[p] !== 0)) {
            errors.push(`${name} is not alone at level 0 (height ${h})`);
          }
        }
      }
      for (let c = 0; c < CELLS; c++) {
        if (pos.height[c] !== 0 && !cells.has(c)) errors.push(`cell ${c} has height, no piece`);
      }
      if (stacked !== placed) errors.push(`${stacked} pieces in stacks, ${placed} placed`);
      expect(errors, hive.serialize(s)).toEqual([]);
      expect(placed).toBe(piecesOnBoard(s).length);
    });
  });

  it('H-FREEZE-1 / H-FAN-GEN-2 / H-FAN-GEN-3: F is exactly the pieces whose (hex, level) changed; frozen pieces and Scorpions are never relocated by another piece', () => {
    forEveryRoster(RUNS, MAX_PLIES, SEED, (_type, s, prev) => {
      if (!prev) return;
      // livePosition is a live view of the tree's shared position: copy the earlier one.
      const before = livePosition(prev).clone();
      const after = livePosition(s);
      const m = after.moveAt(before.ply);
      const a = places(before);
      const b = places(after);
      const changed: number[] = [];
      for (let p = 0; p < PIECES; p++) if (a[p] !== b[p]) changed.push(p);
      const frozen = [after.frozen, after.frozen2].filter((p) => p >= 0).sort((x, y) => x - y);
      expect(frozen).toEqual(changed);
      if (m === PASS) {
        expect(changed).toEqual([]);
        return;
      }
      // H-FREEZE-2: nothing frozen on the previous ply changes place.
      for (const p of changed) expect(before.isFrozen(p), pieceName(p)).toBe(false);
      const op = moveOp(m);
      expect(changed).toHaveLength(op === OP_MOVE ? 1 : 2);
      if (op !== OP_MOVE) {
        // H-FAN-SCORPION-b: no grab, swap or carry ever relocates a Scorpion.
        for (const p of changed) expect(kindOf(p), pieceName(p)).not.toBe(SCORPION);
      }
    });
  });

  it('the incremental hash equals the recomputed hash, and play/undo restore the exact position (hash, cells, levels, heights, frozen, frozen2); the placement facts kept by play equal a recount (H-PLACE-3, H-PLACE-7)', () => {
    const tried = [0, 0, 0, 0];
    forEveryRoster(5, 120, SEED, (_type, s) => {
      const pos = livePosition(s).clone();
      expect(pos.hash()).toBe(pos.recomputeHash());
      const before = snapshot(pos);
      for (const m of legalMoves(pos)) {
        if (m !== PASS) tried[moveOp(m)] = (tried[moveOp(m)] as number) + 1;
        pos.play(m);
        expect(pos.hash()).toBe(pos.recomputeHash());
        expect(placementFactsMismatch(pos), `move ${m}`).toBeNull();
        pos.undo();
        const diff = firstDifference(snapshot(pos), before);
        expect(diff, `move ${m} (op ${m === PASS ? 'pass' : moveOp(m)})`).toBe(-1);
      }
    });
    // Grabs, swaps and carries were among the moves played and taken back.
    expect(tried[OP_GRAB], 'grabs').toBeGreaterThan(0);
    expect(tried[OP_SWAP], 'swaps').toBeGreaterThan(0);
    expect(tried[OP_CARRY], 'carries').toBeGreaterThan(0);
  });

  it('H-FAN-ROSTER / H-FAN-GEN: the random games place every fan bug of every roster and really grab, swap and carry', () => {
    const ops = { [OP_GRAB]: 0, [OP_SWAP]: 0, [OP_CARRY]: 0 } as Record<number, number>;
    for (const [i, type] of FAN_TYPES.entries()) {
      const placed = new Set<string>();
      fc.assert(
        fc.property(choices(MAX_PLIES), (picks) => {
          walk(type, picks, (s, prev) => {
            if (!prev) return;
            const before = livePosition(prev).clone();
            const m = livePosition(s).moveAt(before.ply);
            if (m === PASS) return;
            const op = moveOp(m);
            if (op !== OP_MOVE) ops[op] = (ops[op] as number) + 1;
            const p = movePiece(m);
            if (op === OP_MOVE && before.cell[p] === -1 && kindOf(p) >= FIRST_FAN_KIND) {
              placed.add(`${pieceName(p)[0]}${KIND_LETTERS[kindOf(p)]}`);
            }
          });
        }),
        { numRuns: RUNS, seed: SEED + i },
      );
      // Every fan bug of the roster, of either colour, was placed in some game.
      const setup = gameSetup(type);
      const want = new Set<string>();
      for (let p = 0; p < PIECES; p++) {
        if (livePosition(hive.start({ type })).inGame[p] && kindOf(p) >= FIRST_FAN_KIND) {
          want.add(`${pieceName(p)[0]}${KIND_LETTERS[kindOf(p)]}`);
        }
      }
      expect(want.size, type).toBeGreaterThan(0);
      expect([...placed].sort(), `${type} (${setup.type})`).toEqual([...want].sort());
    }
    expect(ops[OP_GRAB], 'grabs').toBeGreaterThan(0);
    expect(ops[OP_SWAP], 'swaps').toBeGreaterThan(0);
    expect(ops[OP_CARRY], 'carries').toBeGreaterThan(0);
  });
});
