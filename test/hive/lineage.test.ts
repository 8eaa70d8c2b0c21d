// States of one game tree share a single compact position (src/hive/lineage.ts) that is moved
// to whichever state is asked for. These tests grow random trees through every entry point that
// makes a state (apply, playMoveString, undoPlies) and then read the states back in a random
// order: each must still be exactly the state it was when it was made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_TYPES, hive, playMoveString, undoPlies } from '../../src/hive/index.js';
import { searchPositionOf } from '../../src/hive/state.js';

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
});
