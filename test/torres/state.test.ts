import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import {
  blockPlacements,
  canTakeBlock,
  evaluateTorres,
  FORMAT,
  FORMAT_VERSION,
  knightTargets,
  projectedScores,
  type TorresState,
  torres,
  torresEvaluator,
  winners,
} from '../../src/torres/index.js';
import { anything, checkEntryPoints, outcomeOf } from '../support/junk.js';

const start = torres.start({ players: 3, seed: 7 });
const firstMove = torres.moves(start)[0]!;
const firstText = torres.formatMove(start, firstMove);

/** Every public entry point that takes a state, with fixed (valid) other arguments. */
const ENTRY_POINTS: ReadonlyArray<readonly [string, (s: TorresState) => unknown]> = [
  ['torres.players', (s) => torres.players(s)],
  ['torres.toMove', (s) => torres.toMove(s)],
  ['torres.moves', (s) => torres.moves(s)],
  ['torres.apply', (s) => torres.apply(s, firstMove)],
  ['torres.terminal', (s) => torres.terminal(s)],
  ['torres.score', (s) => torres.score(s)],
  ['torres.formatMove', (s) => torres.formatMove(s, firstMove)],
  ['torres.parseMove', (s) => torres.parseMove(s, firstText)],
  ['torres.serialize', (s) => torres.serialize(s)],
  ['torres.observe', (s) => torres.observe(s, 1)],
  [
    'torres.search',
    (s) => {
      const pos = torres.search(s);
      const buf = new Int32Array(pos.maxMoves);
      const n = pos.generate(buf, 0);
      if (n > 0 && !pos.terminal()) {
        pos.play(buf[0]!);
        pos.state();
        pos.undo();
      }
      return [pos.hash(), pos.toMove(), pos.score()];
    },
  ],
  ['knightTargets', (s) => knightTargets(s, 'c3')],
  ['blockPlacements', (s) => blockPlacements(s)],
  ['canTakeBlock', (s) => canTakeBlock(s, 'c4')],
  ['projectedScores', (s) => projectedScores(s)],
  ['winners', (s) => winners(s)],
  ['determinize', (s) => torres.determinize(s, 1, new Rng(3))],
  ['evaluateTorres', (s) => evaluateTorres(s)],
  [
    'torresEvaluator',
    (s) => torresEvaluator({ position: undefined, state: () => s, toMove: () => 0 }),
  ],
];

/** Checks one value against every entry point; `junk` when it can never be a state. */
function checkAll(state: unknown, junk: boolean): void {
  checkEntryPoints(
    ENTRY_POINTS,
    ['torres.toMove', (s: TorresState) => torres.toMove(s)],
    state,
    junk,
  );
}

type Json = Record<string, unknown>;
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const valid = roundTrip(start) as unknown as Json;
const game = randomGame(torres, { players: 3, seed: 7 }, 7, { keepStates: true, maxPlies: 120 });
const midgame = roundTrip(game.final) as unknown as Json;
const observed = roundTrip(
  torres.observe(game.final, (game.final.actor + 1) % 3),
) as unknown as Json;

describe('torres entry points on values that are not states', () => {
  it('junk gives RulesError(INVALID_STATE), never a TypeError (fuzzed)', () => {
    const oneKey = (base: Json) =>
      fc
        .tuple(fc.constantFrom(...Object.keys(base)), anything)
        .map(([k, v]) => ({ ...base, [k]: v }));
    const oneNested = (base: Json, field: 'options' | 'turn') =>
      fc
        .tuple(fc.constantFrom(...Object.keys(base[field] as Json)), anything)
        .map(([k, v]) => ({ ...base, [field]: { ...(base[field] as Json), [k]: v } }));
    const oneSeatKey = (base: Json) =>
      fc
        .tuple(fc.nat(2), fc.constantFrom(...Object.keys((base.seats as Json[])[0]!)), anything)
        .map(([p, k, v]) => {
          const seats = [...(base.seats as Json[])];
          seats[p] = { ...seats[p], [k]: v };
          return { ...base, seats };
        });
    const oneEntry = (base: Json) =>
      fc
        .tuple(
          fc.constantFrom('heights', 'pieces', 'order', 'rng'),
          fc.nat(63),
          fc.oneof(anything, fc.integer({ min: -2, max: 70 }), fc.constant('K')),
        )
        .map(([k, i, v]) => {
          const arr = [...(base[k] as unknown[])];
          arr[i % arr.length] = v;
          return { ...base, [k]: arr };
        });
    fc.assert(
      fc.property(
        fc.oneof(
          anything.map((state) => ({ state, junk: true })),
          oneKey(valid).map((state) => ({ state, junk: false })),
          oneKey(midgame).map((state) => ({ state, junk: false })),
          oneKey(observed).map((state) => ({ state, junk: false })),
          oneNested(midgame, 'turn').map((state) => ({ state, junk: false })),
          oneNested(valid, 'options').map((state) => ({ state, junk: false })),
          oneSeatKey(midgame).map((state) => ({ state, junk: false })),
          oneEntry(midgame).map((state) => ({ state, junk: false })),
        ),
        ({ state, junk }) => checkAll(state, junk),
      ),
      { numRuns: 1000, seed: 4243 },
    );
  });

  it('rejects {}, null, [] and other plain values with INVALID_STATE', () => {
    const junk: unknown[] = [
      {},
      null,
      [],
      undefined,
      'c3',
      7,
      1n,
      Symbol('s'),
      Object.create(null),
      new Number(3),
      { toString: 5, valueOf: null },
      { ...valid, heights: undefined },
      { ...valid, options: { ...(valid.options as Json), players: undefined } },
      { ...valid, heights: new Array(64) }, // holes
      { ...valid, supply: 2n ** 70n },
      { ...valid, supply: 1e300 },
    ];
    for (const x of junk) checkAll(x, true);
    expect(() => torres.score({} as never)).toThrow(/torres\.score: not a valid Torres state/);
    expect(() => torres.players({} as never)).toThrow(/torres\.players: not a valid Torres state/);
    expect(() => torres.observe({} as never, 0)).toThrow(
      /torres\.observe: not a valid Torres state/,
    );
    expect(() => torres.terminal(null as never)).toThrow(
      /torres\.terminal: not a valid Torres state: expected an object, got null/,
    );
    expect(() => torres.moves({ ...valid, heights: 'x' } as never)).toThrow(/'heights'/);
    expect(() => torres.moves({ ...valid, supply: 2n } as never)).toThrow(/'supply'.*got 2n/);
    expect(() => winners({ ...valid, seats: [] } as never)).toThrow(/winners: .*'seats'/);
  });

  it('accepts JSON round-tripped states exactly like the originals', () => {
    const draft = randomGame(torres, { players: 4, seed: 3, deckMode: 'draft' }, 3, {
      keepStates: true,
      maxPlies: 400,
    });
    const finished = randomGame(torres, { players: 2, seed: 5 }, 5).final;
    expect(torres.terminal(finished)).toBe(true);
    const states: TorresState[] = [
      start,
      torres.start({ players: 4, version: 'master', seed: 2 }),
      ...game.states.filter((_, i) => i % 10 === 0),
      game.final,
      torres.observe(game.final, 0),
      torres.observe(game.final, 1),
      torres.observe(game.final, 2),
      ...draft.states.filter((_, i) => i % 25 === 0).map((s, i) => torres.observe(s, i % 4)),
      finished,
    ];
    expect(states.some((s) => JSON.stringify(s).includes('"?"'))).toBe(true);
    for (const original of states) {
      const copy = roundTrip(original);
      expect(torres.moves(copy)).toEqual(torres.moves(original));
      for (const [name, fn] of ENTRY_POINTS) {
        expect(
          outcomeOf(name, () => fn(copy)),
          name,
        ).toEqual(outcomeOf(name, () => fn(original)));
      }
    }
  });

  it("an observation is a valid input for the observing seat's move generator", () => {
    for (const s of game.states.filter((x, i) => i % 5 === 0 && !torres.terminal(x))) {
      const seat = torres.toMove(s);
      const o = roundTrip(torres.observe(s, seat));
      expect(torres.moves(o)).toEqual(torres.moves(s));
    }
  });

  /** The text `torres.serialize` would write for `s` (without asking the library). */
  const saved = (s: unknown): string =>
    JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, state: s });

  it('T-STATE-1 / T-KING-1 / T-GEO-9: an edited state that breaks an invariant is refused by every entry point, naming it', () => {
    const two = torres.start({ players: 2, seed: 1 });
    const broken: [string, unknown, RegExp][] = [];
    // The king on the ground (T-KING-1).
    const kingDown = [...two.pieces];
    kingDown[27] = 'K';
    broken.push(['king on the ground', { ...two, pieces: kingDown }, /pieces\[27\].*T-KING-1/]);
    // A supply that does not add up (T-GEO-9).
    broken.push(['wrong supply', { ...two, supply: two.supply - 1 }, /supply.*totalBlocks/]);
    // A knight of seat 2 in a 2-player game.
    const seat2 = [...two.pieces];
    seat2[27] = 2;
    const heights = two.heights.map((h, q) => (q === 27 ? 1 : h));
    broken.push(['a third seat', { ...two, pieces: seat2, heights }, /pieces\[27\].*seat 0\.\.1/]);
    // A castle taller than its area (T-GEO-5), blocks conserved.
    const tall = two.heights.map((h, q) => (q === 27 ? 2 : h));
    broken.push([
      'a tall castle',
      { ...two, heights: tall, supply: two.supply - 2 },
      /heights.*T-GEO-5/,
    ]);
    for (const [what, s, why] of broken) {
      for (const [name, fn] of ENTRY_POINTS) {
        expect(
          outcomeOf(name, () => fn(s as TorresState)),
          `${what}: ${name}`,
        ).toEqual({
          code: 'INVALID_STATE',
        });
      }
      expect(() => torres.moves(s as TorresState), what).toThrow(why);
      expect(() => torres.serialize(s as TorresState), what).toThrow(/torres\.serialize/);
      // ... exactly as deserialize refuses the text such a state would be saved as.
      expect(() => torres.deserialize(saved(s)), what).toThrow(why);
    }
  });

  it('T-STATE-1: whatever an entry point accepts, deserialize reads back (fuzzed edits of valid states)', () => {
    const edits = [valid, midgame, observed].map((base) =>
      fc
        .tuple(
          fc.constantFrom(...Object.keys(base).filter((k) => k !== 'options' && k !== 'rng')),
          fc.oneof(fc.integer({ min: -1, max: 100 }), fc.constant(null), fc.constant('K')),
          fc.nat(63),
        )
        .map(([k, v, i]) => {
          const old = base[k];
          if (Array.isArray(old)) {
            const arr = [...old];
            arr[i % Math.max(1, arr.length)] = v;
            return { ...base, [k]: arr };
          }
          return { ...base, [k]: v };
        }),
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(...edits), (s) => {
        const r = outcomeOf('torres.moves', () => torres.moves(s as unknown as TorresState));
        const back = outcomeOf('torres.deserialize', () => torres.deserialize(saved(s)));
        // Accepted by the guard exactly when the saved text reads back.
        expect('code' in r).toBe('code' in back);
        if ('value' in r) {
          accepted++;
          expect(torres.moves((back as { value: TorresState }).value)).toEqual(r.value);
        }
      }),
      { numRuns: 400, seed: 4244 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
