// States of one game tree share a single compact position (src/hive/lineage.ts) that is moved
// to whichever state is asked for. These tests grow random trees through every entry point that
// makes a state (apply, playMoveString, undoPlies) and then read the states back in a random
// order: each must still be exactly the state it was when it was made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELLS, cellOf, SIDE } from '../../src/hive/engine/board.js';
import { codeOfListed, decodeMoves } from '../../src/hive/engine/codes.js';
import { PIECES, pieceFromName } from '../../src/hive/engine/pieces.js';
import {
  formatGameString,
  GAME_TYPES,
  hive,
  playMoveString,
  undoPlies,
} from '../../src/hive/index.js';
import { livePosition, searchPositionOf } from '../../src/hive/state.js';
import type { HiveMove, HiveState } from '../../src/hive/types.js';
import { dragonflyOnQueen } from './fan/positions.js';
import { layout, legalMoves } from './helpers.js';

const FAN_TYPE = 'Base+MLP:wTFKWRDC:bTFKWRDC';

interface Snapshot {
  readonly text: string;
  readonly moves: string;
  readonly toMove: number;
  readonly terminal: boolean;
}

function snapshotOf(s: ReturnType<typeof hive.start>): Snapshot {
  return {
    text: hive.serialize(s),
    moves: hive
      .moves(s)
      .map((m) => hive.formatMove(s, m))
      .join(' '),
    toMove: hive.toMove(s),
    terminal: hive.terminal(s),
  };
}

// One step of tree growth: from state `from % n`, make a child by `how % 4` (apply, apply
// again, the MoveString path, or an undo), choosing the move `pick % moves`.
const step = fc.record({ from: fc.nat(), how: fc.nat(3), pick: fc.nat() });
const tree = fc.record({
  type: fc.constantFrom(...GAME_TYPES, FAN_TYPE),
  steps: fc.array(step, { minLength: 1, maxLength: 120, size: 'max' }),
  reads: fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
});

describe('Hive states share one position per game tree', () => {
  it('apply is pure: states made by apply, playMoveString and undoPlies read back unchanged in any order', () => {
    fc.assert(
      fc.property(tree, ({ type, steps, reads }) => {
        const states = [hive.start({ type })];
        const made: Snapshot[] = [snapshotOf(states[0] as ReturnType<typeof hive.start>)];
        for (const { from, how, pick } of steps) {
          const s = states[from % states.length] as ReturnType<typeof hive.start>;
          const ply = s.history.length;
          let next: ReturnType<typeof hive.start>;
          if (how === 3) {
            if (ply === 0) continue;
            next = undoPlies(s, 1 + (pick % ply));
          } else {
            const moves = hive.moves(s);
            if (moves.length === 0) continue;
            const m = moves[pick % moves.length] as (typeof moves)[number];
            next = how === 2 ? playMoveString(s, hive.formatMove(s, m)) : hive.apply(s, m);
          }
          states.push(next);
          made.push(snapshotOf(next));
        }
        for (const r of reads) {
          const i = r % states.length;
          expect(snapshotOf(states[i] as ReturnType<typeof hive.start>)).toEqual(made[i]);
        }
        // And every state equals a fresh copy built from its own text.
        states.forEach((s, i) => {
          expect(snapshotOf(hive.deserialize(hive.serialize(s)))).toEqual(made[i]);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('apply is pure: a search position taken from a state is independent of the tree', () => {
    const line = [hive.start({ type: 'Base+MLP' })];
    for (let i = 0; i < 12; i++) {
      const s = line[i] as ReturnType<typeof hive.start>;
      const moves = hive.moves(s);
      line.push(hive.apply(s, moves[(i * 7) % moves.length] as (typeof moves)[number]));
    }
    const s = line[12] as ReturnType<typeof hive.start>;
    const text = hive.serialize(s);
    const pos = searchPositionOf(s);
    const buf = new Int32Array(pos.maxMoves);
    pos.play(buf[pos.generate(buf, 0) - 1] as number);
    // Branch the tree at ply 6: the shared position moves away from `s` and back.
    const early = line[6] as ReturnType<typeof hive.start>;
    const other = hive.moves(early);
    const branch = hive.apply(early, other[other.length - 1] as (typeof other)[number]);
    expect(branch.history.slice(0, 6)).toEqual(s.history.slice(0, 6));
    expect(hive.serialize(s)).toBe(text);
    // The search position was not disturbed by the tree moving, and undo brings it back to s.
    pos.undo();
    expect(hive.serialize(pos.state() as ReturnType<typeof hive.start>)).toBe(text);
  });

  it('H-UHP-5: a history first read long after apply names each move in its parent position', () => {
    // `apply` leaves the MoveString unformatted (lineage.ts); reading the history formats it in
    // the parent's position, wherever the shared position stands by then. Twins made by
    // playMoveString from texts formatted at once must read the same.
    fc.assert(
      fc.property(tree, ({ type, steps, reads }) => {
        const states: HiveState[] = [hive.start({ type })];
        const twins: HiveState[] = [hive.start({ type })];
        for (const { from, pick } of steps) {
          const i = from % states.length;
          const s = states[i] as HiveState;
          const moves = hive.moves(s);
          if (moves.length === 0) continue;
          const m = moves[pick % moves.length] as HiveMove;
          twins.push(playMoveString(twins[i] as HiveState, hive.formatMove(s, m)));
          states.push(hive.apply(s, m));
        }
        for (const r of [...reads, ...states.keys()]) {
          const i = r % states.length;
          expect((states[i] as HiveState).history).toEqual((twins[i] as HiveState).history);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('H-UHP-5: reading a history formats moves without moving the position a caller holds', () => {
    // A loaded game, then plies made by apply (their MoveStrings not formatted yet): the
    // canonical GameString and an undo past the tree's root both read the history while
    // holding the state's position. Twins whose texts were formatted at once must agree.
    const loaded = hive.deserialize('Base+MLP;InProgress;White[3];wA1;bA1 -wA1;wQ wA1-;bQ \\bA1');
    let s = loaded;
    let twin = hive.deserialize(hive.serialize(loaded));
    for (let i = 0; i < 6; i++) {
      const moves = hive.moves(s);
      const m = moves[(i * 5) % moves.length] as HiveMove;
      twin = playMoveString(twin, hive.formatMove(s, m));
      s = hive.apply(s, m);
    }
    expect(formatGameString(s, { canonical: true })).toBe(
      formatGameString(twin, { canonical: true }),
    );
    let again = loaded;
    for (const text of twin.history.slice(loaded.history.length))
      again = playMoveString(again, text);
    const fresh = (): HiveState => {
      let t = loaded;
      for (let i = 0; i < 6; i++) {
        const moves = hive.moves(t);
        t = hive.apply(t, moves[(i * 5) % moves.length] as HiveMove);
      }
      return t;
    };
    // Eight plies back reaches past the loaded root: a new tree, whose history is a slice.
    expect(undoPlies(fresh(), 8).history).toEqual(undoPlies(twin, 8).history);
    expect(hive.serialize(undoPlies(fresh(), 8))).toBe(hive.serialize(undoPlies(again, 8)));
  });

  it('states stay plain data: history is an own enumerable array, through JSON, spread and structuredClone', () => {
    let s = hive.start({ type: 'Base+MLP' });
    const texts: string[] = [];
    for (let i = 0; i < 9; i++) {
      const moves = hive.moves(s);
      const m = moves[(i * 5) % moves.length] as (typeof moves)[number];
      texts.push(hive.formatMove(s, m));
      s = hive.apply(s, m);
    }
    expect(Object.keys(s)).toEqual(['type', 'options', 'history']);
    expect(s.history).toEqual(texts);
    expect(Object.isFrozen(s) && Object.isFrozen(s.history)).toBe(true);
    // An own accessor, enumerable, neither settable nor configurable (the state is frozen).
    const own = Object.getOwnPropertyDescriptor(s, 'history');
    expect(own).toEqual({
      get: expect.any(Function),
      set: undefined,
      enumerable: true,
      configurable: false,
    });
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
    const text = hive.serialize(s);
    for (const copy of [JSON.parse(JSON.stringify(s)), { ...s }, structuredClone(s)]) {
      expect(Array.isArray(copy.history)).toBe(true);
      expect(copy).toEqual({ type: s.type, options: s.options, history: texts });
      expect(hive.serialize(copy)).toBe(text);
    }
  });
});

describe('Hive move objects are shared values', () => {
  // `moves` hands out one frozen object per distinct move (src/hive/codes.ts interns them), so
  // the same move reached through two unrelated states is the same object, and reads exactly
  // like the move parsed from its own text.
  it('equal moves are one frozen object, equal to the parsed move, in random legal games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Base+MLP', FAN_TYPE),
        fc.array(fc.nat(), { maxLength: 60 }),
        (type, picks) => {
          let s = hive.start({ type });
          for (const pick of picks) {
            const list = hive.moves(s);
            if (list.length === 0 || hive.terminal(s)) break;
            // The same position rebuilt from its text is another tree: its lists are built anew.
            const again = hive.moves(hive.deserialize(hive.serialize(s)));
            expect(again.length).toBe(list.length);
            list.forEach((m, i) => {
              expect(Object.isFrozen(m)).toBe(true);
              expect(again[i]).toBe(m);
              expect(hive.parseMove(s, hive.formatMove(s, m))).toEqual(m);
              if (m.kind !== 'pass') expect(Object.is(m.q, -0) || Object.is(m.r, -0)).toBe(false);
            });
            s = hive.apply(s, list[pick % list.length]);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  // `apply` plays the code stamped on a listed move object (codes.ts): right only because a
  // move's code does not depend on the position it is listed in.
  it('H-COORD-1: every listed move carries the code it was generated with; a cell is its real coordinates modulo the torus', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES, FAN_TYPE),
        fc.array(fc.nat(), { maxLength: 80 }),
        (type, picks) => {
          let s = hive.start({ type });
          for (const pick of picks) {
            const list = hive.moves(s);
            if (list.length === 0 || hive.terminal(s)) break;
            const pos = livePosition(s);
            for (let p = 0; p < PIECES; p++) {
              const c = pos.cell[p] as number;
              if (c >= 0) expect(c).toBe(cellOf(pos.rq[p] as number, pos.rr[p] as number));
            }
            expect(list.map(codeOfListed)).toEqual(legalMoves(pos));
            s = hive.apply(s, list[pick % list.length] as HiveMove);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('H-FAN-DRAGONFLY-e: a carry and a plain hop to the same hex are equal values but distinct objects, each with its own code', () => {
    // wD on an unpinned bQ carries it to (-1,1); on a pinned one it hops there alone.
    const listed = (carry: boolean): { move: HiveMove; code: number } => {
      const pos = dragonflyOnQueen(!carry);
      const codes = legalMoves(pos);
      const out: HiveMove[] = [];
      decodeMoves(pos, codes, 0, codes.length, out);
      const i = out.findIndex(
        (m) => m.kind === 'move' && m.piece === 'wD' && m.q === -1 && m.r === 1,
      );
      return { move: out[i] as HiveMove, code: codes[i] as number };
    };
    const carry = listed(true);
    const hop = listed(false);
    expect(carry.move).toEqual(hop.move);
    expect(carry.move).not.toBe(hop.move);
    expect(codeOfListed(carry.move)).toBe(carry.code);
    expect(codeOfListed(hop.move)).toBe(hop.code);
    expect(carry.code).not.toBe(hop.code);
    // Listed again, each is the same object as before.
    expect(listed(true).move).toBe(carry.move);
    expect(listed(false).move).toBe(hop.move);
  });

  it('H-COORD-1: a move object kept for a code is reused only where its real coordinates still hold', () => {
    // The same hive, then moved a whole torus side east: the same cells, the same codes, real
    // coordinates SIDE apart. Each list must name its own coordinates.
    const pos = layout('Base', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wA1', -1, 0],
      ['bA1', 2, 0],
    ]);
    const list = (): HiveMove[] => {
      const codes = legalMoves(pos);
      const out: HiveMove[] = [];
      decodeMoves(pos, codes, 0, codes.length, out);
      codes.forEach((code, i) => {
        expect(codeOfListed(out[i] as HiveMove)).toBe(code);
      });
      return out;
    };
    const shift = (dq: number): void => {
      for (let p = 0; p < PIECES; p++) if ((pos.cell[p] as number) >= 0) pos.rq[p] += dq;
    };
    const near = list();
    expect(near.length).toBeGreaterThan(10);
    shift(SIDE);
    const far = list();
    expect(far).toEqual(near.map((m) => (m.kind === 'pass' ? m : { ...m, q: m.q + SIDE })));
    shift(-SIDE);
    const back = list();
    back.forEach((m, i) => {
      expect(m).toBe(near[i]);
    });
  });

  it('H-COORD-1: decoding every piece-and-cell code, more than the kept objects are allowed, names each its own hex', () => {
    // 221,184 codes: the decoded-move rows are emptied on the way (at 65,536 objects) and must
    // go on answering right. The hive stands two torus sides west, partly outside the intern table.
    const pos = layout('Base+MLP', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
    ]);
    pos.rq[pieceFromName('wQ')] = -2 * SIDE;
    pos.rq[pieceFromName('bQ')] = -2 * SIDE + 1;
    const codes = Array.from({ length: PIECES * CELLS }, (_, i) => i);
    for (let round = 0; round < 2; round++) {
      const out: HiveMove[] = [];
      decodeMoves(pos, codes, 0, codes.length, out);
      const wrong: string[] = [];
      codes.forEach((code, i) => {
        const m = out[i] as Extract<HiveMove, { kind: 'place' | 'move' }>;
        const c = code % CELLS;
        const p = (code - c) / CELLS;
        const kind = pos.cell[p] === -1 ? 'place' : 'move';
        const here =
          m.kind === kind &&
          m.q === pos.realQ(c) &&
          m.r === pos.realR(c) &&
          cellOf(m.q, m.r) === c &&
          codeOfListed(m) === code;
        if (!here && wrong.length < 3) wrong.push(`code ${code}: ${JSON.stringify(m)}`);
      });
      expect(wrong).toEqual([]);
    }
  });
});
