import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CoerceoState,
  coerceo,
  edgeNeighboursOf,
  evaluateCoerceo,
  fieldExists,
  formatBoard,
  formatPosition,
  outcome,
  pieceAt,
  piecesOf,
  presentTiles,
  removedTiles,
  resign,
  sideToMove,
  threats,
  tilesHeld,
  turnEffects,
  variantOf,
  vertexNeighboursOf,
} from '../../src/coerceo/index.js';
import { savedText } from '../../src/coerceo/state.js';
import { render } from '../../src/coerceo/svg.js';
import { RulesError } from '../../src/core/errors.js';
import { randomGame } from '../../src/core/random-game.js';
import { anything, checkEntryPoints, outcomeOf } from '../support/junk.js';

const start = coerceo.start();
const firstMove = coerceo.moves(start)[0]!;
const firstText = coerceo.formatMove(start, firstMove);

/** Every public entry point that takes a state, with fixed (valid) other arguments. */
const ENTRY_POINTS: ReadonlyArray<readonly [string, (s: CoerceoState) => unknown]> = [
  ['coerceo.toMove', (s) => coerceo.toMove(s)],
  ['coerceo.moves', (s) => coerceo.moves(s)],
  ['coerceo.apply', (s) => coerceo.apply(s, firstMove)],
  ['coerceo.terminal', (s) => coerceo.terminal(s)],
  ['coerceo.score', (s) => coerceo.score(s)],
  ['coerceo.formatMove', (s) => coerceo.formatMove(s, firstMove)],
  ['coerceo.parseMove', (s) => coerceo.parseMove(s, firstText)],
  ['coerceo.serialize', (s) => coerceo.serialize(s)],
  [
    'coerceo.search',
    (s) => {
      const pos = coerceo.search!(s);
      const buf = new Int32Array(pos.maxMoves);
      const n = pos.generate(buf, 0);
      if (n > 0 && !pos.terminal()) {
        pos.play(buf[0]!);
        pos.undo();
      }
      return pos.hash();
    },
  ],
  ['outcome', (s) => outcome(s)],
  ['resign', (s) => resign(s, 'white')],
  ['turnEffects', (s) => turnEffects(s, firstMove)],
  ['threats', (s) => threats(s)],
  ['formatPosition', (s) => formatPosition(s)],
  ['pieceAt', (s) => pieceAt(s, 'c3a')],
  ['piecesOf', (s) => piecesOf(s, 'white')],
  ['tilesHeld', (s) => tilesHeld(s)],
  ['presentTiles', (s) => presentTiles(s)],
  ['removedTiles', (s) => removedTiles(s)],
  ['fieldExists', (s) => fieldExists(s, 'c3a')],
  ['edgeNeighboursOf', (s) => edgeNeighboursOf(s, 'c3a')],
  ['vertexNeighboursOf', (s) => vertexNeighboursOf(s, 'c3a')],
  ['sideToMove', (s) => sideToMove(s)],
  ['variantOf', (s) => variantOf(s)],
  ['evaluateCoerceo', (s) => evaluateCoerceo(s)],
  ['formatBoard', (s) => formatBoard(s)],
  ['render', (s) => render(s)],
];

/** Checks one value against every entry point; `junk` when it can never be a state. */
function checkAll(state: unknown, junk: boolean): void {
  checkEntryPoints(
    ENTRY_POINTS,
    ['coerceo.toMove', (s: CoerceoState) => coerceo.toMove(s)],
    state,
    junk,
  );
}

const valid = JSON.parse(JSON.stringify(start)) as Record<string, unknown>;
const midgame = JSON.parse(
  JSON.stringify(randomGame(coerceo, {}, 7, { maxPlies: 30 }).final),
) as Record<string, unknown>;
/** A state with a repetition history (two reversible steps since the last irreversible turn). */
const repeating = JSON.parse(
  JSON.stringify(
    coerceo.deserialize(
      'ce,cf,bd/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2 h:a1a-a1e,a3f-a3d',
    ),
  ),
) as Record<string, unknown>;
/** Every end status code (see `engine/rules.ts`) and 0 for a live game. */
const STATUSES = [0, 4, 5, 6, 8, 9, 12, 13, 14, 18, 22];

describe('coerceo entry points on values that are not states', () => {
  it('junk states give RulesError(INVALID_STATE), never a TypeError (fuzzed)', () => {
    const oneKey = (base: Record<string, unknown>) =>
      fc
        .tuple(fc.constantFrom(...Object.keys(base)), anything)
        .map(([k, v]) => ({ ...base, [k]: v }));
    const oneRuling = fc
      .tuple(fc.constantFrom(...Object.keys(valid.rulings as object)), anything)
      .map(([k, v]) => ({ ...valid, rulings: { ...(valid.rulings as object), [k]: v } }));
    const oneWord = fc
      .tuple(fc.constantFrom('pieces', 'held'), fc.nat(3), anything)
      .map(([k, i, v]) => {
        const arr = [...(valid[k] as unknown[])];
        arr[i] = v;
        return { ...valid, [k]: arr };
      });
    fc.assert(
      fc.property(
        fc.oneof(
          anything.map((state) => ({ state, junk: true })),
          oneKey(valid).map((state) => ({ state, junk: false })),
          oneKey(midgame).map((state) => ({ state, junk: false })),
          oneRuling.map((state) => ({ state, junk: false })),
          oneWord.map((state) => ({ state, junk: false })),
        ),
        ({ state, junk }) => checkAll(state, junk),
      ),
      { numRuns: 2000, seed: 4242 },
    );
  });

  it('C-NOTATION-4/5/6: a well-shaped state is accepted exactly when its saved text reads back as that state (fuzzed)', () => {
    const words = fc.tuple(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.nat(2 ** 25 - 1),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.nat(2 ** 25 - 1),
    );
    const shaped = fc
      .record({
        pieces: words,
        tiles: fc.nat(2 ** 19 - 1),
        held: fc.tuple(fc.nat(19), fc.nat(19)),
        side: fc.constantFrom(0, 1),
        layout: fc.constantFrom('L', 'O', 'C'),
        exchangeCost: fc.constantFrom(1, 2),
        rulings: fc.record({
          repetitionDraw: fc.boolean(),
          insufficientMaterialDraw: fc.boolean(),
          noLegalMoves: fc.constantFrom('draw', 'loss'),
          cura: fc.boolean(),
        }),
        history: fc.array(words, { maxLength: 4 }),
        resigned: fc.constantFrom(null, 0, 1),
        status: fc.constantFrom(...STATUSES),
        texts: fc.array(fc.string({ maxLength: 8 }), { minLength: 4, maxLength: 4 }),
      })
      .map(({ texts, ...s }) => ({ ...s, since: texts.slice(0, s.history.length) }));
    // Small edits of valid states: some stay valid, most break one rule.
    const edited = fc
      .tuple(
        fc.constantFrom(valid, midgame, repeating),
        fc.nat(3),
        fc.nat(31),
        fc.tuple(fc.nat(3), fc.nat(3)),
        fc.constantFrom(...STATUSES),
        fc.nat(4),
      )
      .map(([base, w, bit, held, status, what]) => {
        const s = { ...base } as Record<string, unknown>;
        if (what === 0) {
          const pieces = [...(s.pieces as number[])];
          pieces[w] = ((pieces[w] as number) ^ (1 << (w & 1 ? bit % 25 : bit))) | 0;
          s.pieces = pieces;
        } else if (what === 1) s.held = held;
        else if (what === 2) s.status = status;
        else if (what === 3) s.tiles = (s.tiles as number) & ~(1 << (bit % 19));
        else {
          s.history = (s.history as unknown[]).slice(1);
          s.since = (s.since as unknown[]).slice(1);
        }
        return s;
      });
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(fc.oneof(shaped, edited), (state) => {
        const ok = !('code' in outcomeOf('coerceo.toMove', () => coerceo.toMove(state as never)));
        // Every entry point agrees: accepted by all, or INVALID_STATE from all.
        checkAll(state, false);
        const back = outcomeOf('coerceo.deserialize', () =>
          coerceo.deserialize(savedText(state as CoerceoState)),
        );
        const readsBack = 'value' in back && JSON.stringify(back.value) === JSON.stringify(state);
        expect(ok).toBe(readsBack);
        if (ok) accepted++;
        else rejected++;
      }),
      { numRuns: 600, seed: 4243 },
    );
    expect(accepted).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(20);
  });

  it('rejects {}, null, [], undefined and a string with INVALID_STATE', () => {
    for (const junk of [{}, null, [], undefined, 'c3a', 7, Object.create(null)]) {
      checkAll(junk, true);
    }
    expect(() => coerceo.moves({} as never)).toThrow(/coerceo\.moves: not a valid Coerceo state/);
    expect(() => coerceo.toMove(null as never)).toThrow(/expected an object, got null/);
  });

  it('names the offending field', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...valid, pieces: 'x' }, /field 'pieces' must be .*got 'x'/],
      [{ ...valid, pieces: [0, 0, 0] }, /field 'pieces'.*got \[0,0,0\]/],
      [{ ...valid, tiles: 1.5 }, /field 'tiles'/],
      [{ ...valid, held: [0, -1] }, /field 'held'/],
      [{ ...valid, side: 2 }, /field 'side'/],
      [{ ...valid, layout: 'X' }, /field 'layout'/],
      [{ ...valid, exchangeCost: 3 }, /field 'exchangeCost'/],
      [{ ...valid, rulings: null }, /field 'rulings'/],
      [{ ...valid, rulings: { ...(valid.rulings as object), cura: 'yes' } }, /'rulings\.cura'/],
      [{ ...valid, history: [[0, 0, 0]], since: ['c3a-c3c'] }, /'history\[0\]'/],
      [{ ...valid, since: ['c3a-c3c'] }, /field 'since'/],
      [{ ...valid, resigned: 'white' }, /field 'resigned'/],
      [{ ...valid, status: 3 }, /field 'status'/],
      [{ ...valid, status: Symbol('s') }, /field 'status'.*got Symbol\(s\)/],
    ];
    for (const [state, message] of cases) {
      for (const [name, fn] of ENTRY_POINTS) {
        let error: unknown;
        try {
          fn(state as never);
        } catch (e) {
          error = e;
        }
        expect(error, name).toBeInstanceOf(RulesError);
        expect((error as RulesError).code, name).toBe('INVALID_STATE');
        expect((error as RulesError).message, name).toMatch(message);
      }
    }
  });

  it('accepts JSON round-tripped states exactly like the originals', () => {
    const game = randomGame(coerceo, { cura: true }, 11, { keepStates: true, maxPlies: 60 });
    const finished = randomGame(coerceo, { variant: 'ocius' }, 3).final;
    const states: CoerceoState[] = [
      start,
      coerceo.start({ variant: 'ocius', exchangeCost: 1, noLegalMoves: 'loss' }),
      ...game.states.filter((_, i) => i % 7 === 0),
      game.final,
      resign(game.final, 'black'),
      finished,
    ];
    expect(states.some((s) => s.history.length > 0)).toBe(true);
    expect(coerceo.terminal(finished)).toBe(true);
    for (const original of states) {
      const copy = JSON.parse(JSON.stringify(original)) as CoerceoState;
      expect(coerceo.moves(copy)).toEqual(coerceo.moves(original));
      for (const [name, fn] of ENTRY_POINTS) {
        expect(
          outcomeOf(name, () => fn(copy)),
          name,
        ).toEqual(outcomeOf(name, () => fn(original)));
      }
      const legal = coerceo.moves(original);
      if (legal.length > 0) {
        const m = legal[legal.length - 1]!;
        expect(coerceo.apply(copy, m)).toEqual(coerceo.apply(original, m));
        expect(coerceo.formatMove(copy, m)).toBe(coerceo.formatMove(original, m));
      }
    }
  });
});
