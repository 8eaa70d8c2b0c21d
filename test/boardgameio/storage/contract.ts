// The match-store contract (src/boardgameio/server/store.ts), written once and run against every
// store: create/fetch/list/filter/wipe, conditional writes (stale, duplicate and concurrent),
// copies that no caller can change, damaged records, and fuzzed inputs that must end in a
// documented error or a faithful round trip. Each store's test file calls describeStoreContract
// with a way to make an empty store, the ways its records can be damaged, and (for stores that
// several processes share) a second handle on the same data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MatchExistsError,
  StoreInputError,
} from '../../../src/boardgameio/server/storage/errors.js';
import {
  type DamageReport,
  isMatchID,
  type MatchStore,
  StaleWriteError,
  type StoredLogEntry,
  type StoredMetadata,
  type StoredState,
} from '../../../src/boardgameio/server/store.js';

/** A way to damage the stored match `id` behind the store's back, as a crash or a hand would. */
export interface Damage {
  readonly name: string;
  /** Which part it damages: the record (state, metadata) is checked by every read and by
   * listMatches; the first state and the log only when fetched. */
  readonly part: 'record' | 'initial' | 'log';
  apply(store: MatchStore, matchID: string): Promise<void>;
}

export interface StoreSetup {
  /** A new, empty, connected store that reports damage to `onDamage` (called inside tests). */
  make(onDamage: (report: DamageReport) => void): Promise<MatchStore>;
  /** A second store on the same data with connections of its own (another server process). */
  readonly sibling?: (store: MatchStore) => Promise<MatchStore>;
  /** The ways its records can be damaged (none for a store in memory). */
  readonly damages: readonly Damage[];
  /** Runs per fuzz property. */
  readonly fuzzRuns: number;
}

/** A boardgame.io-shaped state with `_stateID` `id`. */
export function makeState(id: number, extra: Record<string, unknown> = {}): StoredState {
  return {
    G: { state: `position after ${id} moves`, n: id },
    ctx: {
      numPlayers: 2,
      turn: id + 1,
      currentPlayer: String(id % 2),
      playOrder: ['0', '1'],
      playOrderPos: id % 2,
      phase: null,
      activePlayers: null,
    },
    plugins: {
      random: { data: { seed: 'abc', prngstate: { c: 1, s0: 0.5, s1: 0.25, s2: 0.125 } } },
    },
    _undo: [],
    _redo: [],
    _stateID: id,
    ...extra,
  };
}

/** boardgame.io-shaped metadata. */
export function makeMetadata(
  gameName = 'hive',
  extra: Record<string, unknown> = {},
): StoredMetadata {
  return {
    gameName,
    players: {
      0: { id: 0, name: 'ann', credentials: 'secret-0', isConnected: true },
      1: { id: 1, name: 'bob', credentials: 'secret-1' },
    },
    unlisted: false,
    createdAt: 1000,
    updatedAt: 1000,
    ...extra,
  };
}

/** The log entry of the move made in the state `id`. */
export function makeEntry(id: number, move = `move ${id}`): StoredLogEntry {
  return {
    action: {
      type: 'MAKE_MOVE',
      payload: { type: 'play', args: [move], playerID: String(id % 2) },
    },
    _stateID: id,
    turn: id + 1,
    phase: null,
  };
}

/** Sets `value` at `path` inside `target`, whatever its declared type (to try to change it). */
function poke(target: unknown, path: readonly (string | number)[], value: unknown): void {
  let at = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
}

const ALL = { state: true, metadata: true, log: true, initialState: true } as const;

/** What a call ended with: its value or its error. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function outcome<T>(p: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Fails unless `p` rejects with an instance of `type`; answers the error. */
async function rejection<E>(p: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const o = await outcome(p);
  if (o.ok) throw new Error(`expected a ${type.name}, but the call succeeded`);
  if (!(o.error instanceof type)) {
    throw new Error(
      `expected a ${type.name}, got ${o.error instanceof Error ? o.error.stack : o.error}`,
    );
  }
  return o.error;
}

/** The value a store must hand back for `value`: its JSON round trip, or 'refused'. */
function viaJSON(value: unknown): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return REFUSED;
  }
  return text === undefined ? REFUSED : JSON.parse(text);
}
const REFUSED = Symbol('refused');

const plain = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const count = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;

/** The oracle for states (written apart from the stores' own checks). */
function storableState(json: unknown): boolean {
  return plain(json) && count(json._stateID) && plain(json.ctx);
}

/** The oracle for metadata. */
function storableMetadata(json: unknown): boolean {
  return (
    plain(json) &&
    typeof json.gameName === 'string' &&
    plain(json.players) &&
    typeof json.createdAt === 'number' &&
    typeof json.updatedAt === 'number'
  );
}

const odd = {
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withBoxedValues: true,
  stringUnit: 'binary',
} as const;

/** Odd match IDs: valid ones with names that are special somewhere, and every kind of invalid. */
const oddIDs = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'CON',
    'nul',
    '-',
    '_',
    'a'.repeat(64),
    'a'.repeat(65),
    '',
    '.',
    '..',
    '../escape',
    'a/b',
    'a\\b',
    'x.json',
    'x.initial',
    'damaged',
    ' a',
    'a\n',
    'a\u0000b',
    "a'; DROP TABLE x; --",
    'é',
  ),
  fc.string({ unit: 'binary', maxLength: 70 }),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  fc.anything(odd),
);

/** Registers the contract's tests for the store `setup` makes. */
export function describeStoreContract(name: string, setup: StoreSetup): void {
  const make = async (reports: DamageReport[] = []): Promise<MatchStore> =>
    setup.make((r) => reports.push(r));

  /** A store with match `id` (gameName 'hive') at `_stateID` `moves`, one log entry per move. */
  async function withMatch(store: MatchStore, id: string, moves: number): Promise<void> {
    await store.createMatch(id, { initialState: makeState(0), metadata: makeMetadata() });
    for (let n = 1; n <= moves; n++) await store.setState(id, makeState(n), [makeEntry(n - 1)]);
  }

  describe(`${name}: the match-store contract`, () => {
    it('is asynchronous for boardgame.io (type 1) and connects again harmlessly', async () => {
      const store = await make();
      expect(store.type()).toBe(1);
      await store.connect();
      await store.connect();
      expect(await store.listMatches()).toEqual([]);
    });

    it('creates a match and fetches each part as stored', async () => {
      const store = await make();
      const initialState = makeState(0);
      const metadata = makeMetadata('torres', { setupData: { options: { deckMode: 'draft' } } });
      await store.createMatch('m1', { initialState, metadata });
      expect(await store.fetch('m1', ALL)).toStrictEqual({
        state: initialState,
        metadata,
        log: [],
        initialState,
      });
      expect(await store.fetch('m1', { state: true })).toStrictEqual({ state: initialState });
      expect(await store.fetch('m1', { metadata: true })).toStrictEqual({ metadata });
      expect(await store.fetch('m1', { log: true })).toStrictEqual({ log: [] });
      expect(await store.fetch('m1', {})).toStrictEqual({});
      expect(await store.listMatches()).toEqual(['m1']);
    });

    it('answers an unknown match with an empty result', async () => {
      const store = await make();
      expect(await store.fetch('nobody', ALL)).toStrictEqual({});
      await withMatch(store, 'm1', 1);
      expect(await store.fetch('m2', ALL)).toStrictEqual({});
    });

    it('refuses to create a match whose ID is taken, and keeps the first', async () => {
      const store = await make();
      await withMatch(store, 'm1', 2);
      const error = await rejection(
        store.createMatch('m1', {
          initialState: makeState(0, { G: 'other' }),
          metadata: makeMetadata('coerceo'),
        }),
        MatchExistsError,
      );
      expect(error.matchID).toBe('m1');
      const after = await store.fetch('m1', ALL);
      expect(after.state).toStrictEqual(makeState(2));
      expect(after.metadata?.gameName).toBe('hive');
      expect(after.log).toHaveLength(2);
    });

    it('refuses values that are not a state or metadata, and stores nothing', async () => {
      const store = await make();
      const cyclic: Record<string, unknown> = { ...makeState(0) };
      cyclic.self = cyclic;
      const bad: unknown[] = [
        undefined,
        null,
        7,
        'state',
        [makeState(0)],
        { ...makeState(0), _stateID: -1 },
        { ...makeState(0), _stateID: 1.5 },
        { ...makeState(0), _stateID: '0' },
        { ...makeState(0), _stateID: Number.MAX_SAFE_INTEGER + 1 },
        { ...makeState(0), ctx: undefined },
        { ...makeState(0), ctx: [] },
        { ...makeState(0), G: 10n },
        cyclic,
        {
          ...makeState(0),
          toJSON() {
            throw new Error('no');
          },
        },
      ];
      for (const initialState of bad) {
        await rejection(
          store.createMatch('m1', {
            initialState: initialState as StoredState,
            metadata: makeMetadata(),
          }),
          StoreInputError,
        );
      }
      for (const metadata of [
        null,
        [],
        { ...makeMetadata(), gameName: 5 },
        { ...makeMetadata(), players: null },
        { ...makeMetadata(), updatedAt: '1000' },
        { ...makeMetadata(), createdAt: Number.NaN },
      ]) {
        await rejection(
          store.createMatch('m1', { initialState: makeState(0), metadata: metadata as never }),
          StoreInputError,
        );
      }
      await rejection(store.createMatch('m1', undefined as never), StoreInputError);
      expect(await store.listMatches()).toEqual([]);
      expect(await store.fetch('m1', ALL)).toStrictEqual({});
    });

    it('stores moves: the state and the log of every move, in order', async () => {
      const store = await make();
      await withMatch(store, 'm1', 0);
      await store.setState('m1', makeState(1), [makeEntry(0)]);
      await store.setState('m1', makeState(2)); // no log entries
      await store.setState('m1', makeState(3), [makeEntry(2, 'a'), makeEntry(2, 'b')]);
      await store.setState('m1', makeState(4), []);
      const got = await store.fetch('m1', ALL);
      expect(got.state).toStrictEqual(makeState(4));
      expect(got.initialState).toStrictEqual(makeState(0));
      expect(got.log).toStrictEqual([makeEntry(0), makeEntry(2, 'a'), makeEntry(2, 'b')]);
    });

    it('refuses stale and duplicate writes with StaleWriteError, and stores nothing', async () => {
      const store = await make();
      await withMatch(store, 'm1', 2);
      const before = await store.fetch('m1', ALL);
      const cases: [StoredState, number][] = [
        [makeState(2, { G: 'again' }), 1], // the same update twice
        [makeState(1, { G: 'older' }), 0], // from an older state
        [makeState(4, { G: 'skipped' }), 3], // from a state never stored
        [makeState(0, { G: 'restart' }), -1], // a reset to the first state
      ];
      for (const [state, expected] of cases) {
        const error = await rejection(store.setState('m1', state), StaleWriteError);
        expect([error.matchID, error.expected, error.found]).toEqual(['m1', expected, 2]);
      }
      const withLog = await rejection(
        store.setState('m1', makeState(2, { G: 'again' }), [makeEntry(1, 'again')]),
        StaleWriteError,
      );
      expect([withLog.expected, withLog.found]).toEqual([1, 2]);
      // Writing one move twice: the second write is refused.
      await store.setState('m1', makeState(3), [makeEntry(2)]);
      const twice = await rejection(
        store.setState('m1', makeState(3), [makeEntry(2)]),
        StaleWriteError,
      );
      expect([twice.expected, twice.found]).toEqual([2, 3]);
      const after = await store.fetch('m1', ALL);
      expect(after.state).toStrictEqual(makeState(3));
      expect(after.log).toStrictEqual([...(before.log ?? []), makeEntry(2)]);
    });

    it('never creates a match through setState (unknown: found −1, even for _stateID 0)', async () => {
      const store = await make();
      for (const id of [0, 1, 5]) {
        const error = await rejection(store.setState('ghost', makeState(id)), StaleWriteError);
        expect([error.matchID, error.expected, error.found]).toEqual(['ghost', id - 1, -1]);
      }
      expect(await store.fetch('ghost', ALL)).toStrictEqual({});
      expect(await store.listMatches()).toEqual([]);
    });

    it('refuses log entries that are not entries of a move before the state, storing nothing', async () => {
      const store = await make();
      await withMatch(store, 'm1', 1);
      for (const deltalog of [
        'entries',
        {},
        [null],
        [5],
        [{ action: {} }],
        [{ _stateID: -1 }],
        [makeEntry(0), { _stateID: 2 }], // the state's own ID: not a move made before it
        [makeEntry(5)],
      ]) {
        await rejection(store.setState('m1', makeState(2), deltalog as never), StoreInputError);
      }
      const got = await store.fetch('m1', ALL);
      expect(got.state).toStrictEqual(makeState(1));
      expect(got.log).toStrictEqual([makeEntry(0)]);
    });

    it('lets exactly one of several concurrent writes from the same state win', async () => {
      const store = await make();
      await withMatch(store, 'm1', 0);
      for (let round = 1; round <= 12; round++) {
        const contenders = [0, 1, 2, 3, 4].map((k) => makeState(round, { G: { by: k } }));
        const outcomes = await Promise.all(
          contenders.map((s, k) =>
            outcome(store.setState('m1', s, [makeEntry(round - 1, `by ${k}`)])),
          ),
        );
        const winners = outcomes.flatMap((o, k) => (o.ok ? [k] : []));
        expect(winners).toHaveLength(1);
        for (const o of outcomes) {
          if (!o.ok) {
            expect(o.error).toBeInstanceOf(StaleWriteError);
            expect((o.error as StaleWriteError).found).toBe(round);
          }
        }
        const got = await store.fetch('m1', { state: true, log: true });
        expect(got.state).toStrictEqual(contenders[winners[0] as number]);
        expect(got.log).toHaveLength(round);
        expect(got.log?.[round - 1]).toStrictEqual(makeEntry(round - 1, `by ${winners[0]}`));
      }
    });

    const sibling = setup.sibling;
    if (sibling !== undefined) {
      it('lets exactly one of two concurrent writes win across two stores on the same data', async () => {
        const a = await make();
        const b = await sibling(a);
        await withMatch(a, 'shared', 0);
        expect(await b.fetch('shared', { state: true })).toStrictEqual({ state: makeState(0) });
        for (let round = 1; round <= 25; round++) {
          const [x, y] = await Promise.all([
            outcome(
              a.setState('shared', makeState(round, { G: 'a' }), [makeEntry(round - 1, 'a')]),
            ),
            outcome(
              b.setState('shared', makeState(round, { G: 'b' }), [makeEntry(round - 1, 'b')]),
            ),
          ]);
          expect([x, y].filter((o) => o.ok)).toHaveLength(1);
          const loser = (x.ok ? y : x) as { ok: false; error: unknown };
          expect(loser.error).toBeInstanceOf(StaleWriteError);
          const winner = x.ok ? 'a' : 'b';
          const got = await (round % 2 === 0 ? a : b).fetch('shared', ALL);
          expect(got.state).toStrictEqual(makeState(round, { G: winner }));
          expect(got.log).toHaveLength(round);
          expect(got.log?.[round - 1]).toStrictEqual(makeEntry(round - 1, winner));
        }
      });
    }

    it('replaces metadata, and creates no match for an unknown ID', async () => {
      const store = await make();
      await withMatch(store, 'm1', 1);
      const next = makeMetadata('hive', { updatedAt: 2000, gameover: { winner: '0' } });
      await store.setMetadata('m1', next);
      expect(await store.fetch('m1', { metadata: true, state: true })).toStrictEqual({
        metadata: next,
        state: makeState(1),
      });
      await store.setMetadata('ghost', next);
      expect(await store.fetch('ghost', ALL)).toStrictEqual({});
      expect(await store.listMatches()).toEqual(['m1']);
      await rejection(store.setMetadata('m1', { gameName: 'x' } as never), StoreInputError);
      expect((await store.fetch('m1', { metadata: true })).metadata).toStrictEqual(next);
    });

    it('serialises a move and its metadata sent together, as boardgame.io sends them', async () => {
      const store = await make();
      await withMatch(store, 'm1', 0);
      for (let n = 1; n <= 10; n++) {
        await Promise.all([
          store.setState('m1', makeState(n), [makeEntry(n - 1)]),
          store.setMetadata('m1', makeMetadata('hive', { updatedAt: 1000 + n })),
        ]);
      }
      const got = await store.fetch('m1', ALL);
      expect(got.state).toStrictEqual(makeState(10));
      expect(got.metadata?.updatedAt).toBe(1010);
      expect(got.log?.map((e) => e._stateID)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('wipes a match: gone everywhere, and its ID starts afresh', async () => {
      const store = await make();
      await withMatch(store, 'm1', 3);
      await withMatch(store, 'm2', 1);
      await store.wipe('m1');
      await store.wipe('m1'); // twice: harmless
      await store.wipe('never-was');
      expect(await store.fetch('m1', ALL)).toStrictEqual({});
      expect(await store.listMatches()).toEqual(['m2']);
      expect((await rejection(store.setState('m1', makeState(4)), StaleWriteError)).found).toBe(-1);
      // A new match under the old ID has none of the old one's log.
      await store.createMatch('m1', {
        initialState: makeState(0),
        metadata: makeMetadata('coerceo'),
      });
      await store.setState('m1', makeState(1), [makeEntry(0, 'fresh')]);
      const got = await store.fetch('m1', ALL);
      expect(got.log).toStrictEqual([makeEntry(0, 'fresh')]);
      expect(got.metadata?.gameName).toBe('coerceo');
      expect((await store.fetch('m2', { log: true })).log).toHaveLength(1);
    });

    it("lists matches by boardgame.io's filter, in ID order", async () => {
      const store = await make();
      const add = async (id: string, gameName: string, updatedAt: number, over: boolean) => {
        await store.createMatch(id, {
          initialState: makeState(0),
          metadata: makeMetadata(gameName, {
            updatedAt,
            ...(over ? { gameover: { draw: true } } : {}),
          }),
        });
      };
      await add('c', 'hive', 100, false);
      await add('a', 'hive', 200, true);
      await add('B', 'torres', 300, false);
      await add('b-2', 'hive', 300, false);
      await add('_', 'torres', 400, true);
      expect(await store.listMatches()).toEqual(['B', '_', 'a', 'b-2', 'c']);
      expect(await store.listMatches({})).toEqual(['B', '_', 'a', 'b-2', 'c']);
      expect(await store.listMatches({ gameName: 'hive' })).toEqual(['a', 'b-2', 'c']);
      expect(await store.listMatches({ gameName: 'chess' })).toEqual([]);
      expect(await store.listMatches({ where: { isGameover: true } })).toEqual(['_', 'a']);
      expect(await store.listMatches({ where: { isGameover: false } })).toEqual(['B', 'b-2', 'c']);
      // Strict bounds, as boardgame.io's own stores.
      expect(await store.listMatches({ where: { updatedBefore: 300 } })).toEqual(['a', 'c']);
      expect(await store.listMatches({ where: { updatedAfter: 300 } })).toEqual(['_']);
      expect(await store.listMatches({ where: { updatedAfter: 100, updatedBefore: 400 } })).toEqual(
        ['B', 'a', 'b-2'],
      );
      expect(
        await store.listMatches({
          gameName: 'hive',
          where: { isGameover: false, updatedBefore: Number.POSITIVE_INFINITY, updatedAfter: 150 },
        }),
      ).toEqual(['b-2']);
      // boardgame.io's lobby passes undefined for filters it was not given.
      expect(
        await store.listMatches({
          gameName: 'torres',
          where: { isGameover: undefined, updatedAfter: undefined, updatedBefore: undefined },
        }),
      ).toEqual(['B', '_']);
      // The filter follows the metadata as it changes.
      await store.setMetadata(
        'c',
        makeMetadata('hive', { updatedAt: 500, gameover: { winner: '1' } }),
      );
      expect(await store.listMatches({ where: { isGameover: true, updatedAfter: 450 } })).toEqual([
        'c',
      ]);
      for (const opts of [
        5,
        'hive',
        { gameName: 5 },
        { where: 5 },
        { where: { isGameover: 'yes' } },
        { where: { updatedBefore: '5' } },
        { where: { updatedAfter: Number.NaN } },
      ]) {
        await rejection(store.listMatches(opts as never), StoreInputError);
      }
    });

    it('keeps what it stores out of every caller’s reach', async () => {
      const store = await make();
      const initialState = makeState(0);
      const metadata = makeMetadata();
      await store.createMatch('m1', { initialState, metadata });
      poke(initialState, ['G', 'n'], 'changed');
      poke(metadata, ['players', '0', 'credentials'], 'stolen');
      const state = makeState(1);
      const log = [makeEntry(0)];
      await store.setState('m1', state, log);
      poke(state, ['ctx', 'turn'], 99);
      poke(log, [0, 'turn'], 99);
      log.push(makeEntry(0, 'sneaked in'));
      const stored = {
        state: makeState(1),
        metadata: makeMetadata(),
        log: [makeEntry(0)],
        initialState: makeState(0),
      };
      const first = await store.fetch('m1', ALL);
      expect(first).toStrictEqual(stored);
      // boardgame.io itself changes what it fetched (isConnected); nothing reaches the store.
      poke(first, ['metadata', 'players', '0', 'isConnected'], false);
      poke(first, ['state', 'G', 'n'], 'changed');
      poke(first, ['initialState', 'ctx', 'turn'], 42);
      first.log?.push(makeEntry(0, 'x'));
      const second = await store.fetch('m1', ALL);
      expect(second).toStrictEqual(stored);
      expect(second.state).not.toBe(first.state);
    });

    it('hands back what JSON holds: exact strings of any kind, no undefined fields', async () => {
      const store = await make();
      const strings = [
        'nul \u0000 here',
        'lone \ud800 high and \udc00 low',
        'emoji 🐝 and ⛬',
        'line\u2028separator\u2029',
        'quote " backslash \\ slash / tab \t',
        'a\u0000'.repeat(50),
      ];
      const initialState = makeState(0, {
        G: { strings, numbers: [0, -0, 1e21, 5e-324, Number.MAX_SAFE_INTEGER, 0.1, -1.5e300] },
        gone: undefined,
        '\u0000key': strings,
      });
      const metadata = makeMetadata('nul\u0000game', { players: { 0: { name: 'lone\udfff' } } });
      await store.createMatch('m1', { initialState, metadata });
      const got = await store.fetch('m1', ALL);
      expect(got.state).toStrictEqual(viaJSON(initialState));
      expect(got.metadata).toStrictEqual(viaJSON(metadata));
      expect(got.state?.G).toStrictEqual({
        strings,
        numbers: [0, 0, 1e21, 5e-324, Number.MAX_SAFE_INTEGER, 0.1, -1.5e300],
      });
      expect(Object.hasOwn(got.state ?? {}, 'gone')).toBe(false);
      expect(await store.listMatches({ gameName: 'nul\u0000game' })).toEqual(['m1']);
      const log = strings.map((text) => ({ ...makeEntry(0), text, [text]: text }));
      await store.setState('m1', makeState(1, { G: strings }), log);
      expect(await store.fetch('m1', { state: true, log: true })).toStrictEqual({
        state: makeState(1, { G: strings }),
        log,
      });
      expect(await store.listMatches()).toEqual(['m1']);
    });

    it('stores a large state and a long log', async () => {
      const store = await make();
      const big = makeState(0, { G: { text: 'é🐝x'.repeat(1_000_000) } }); // 8 MB of UTF-8
      await store.createMatch('big', { initialState: big, metadata: makeMetadata() });
      const log = Array.from({ length: 3000 }, (_, k) => makeEntry(0, `entry ${k}`));
      await store.setState('big', makeState(1, { G: big.G }), log);
      const got = await store.fetch('big', ALL);
      expect(got.initialState).toStrictEqual(big);
      expect(got.state?.G).toStrictEqual(big.G);
      expect(got.log).toStrictEqual(log);
    });

    if (setup.damages.length > 0) {
      describe('damaged records', () => {
        it('are set aside and reported once; the match is then unknown and the store works on', async () => {
          for (const damage of setup.damages) {
            const reports: DamageReport[] = [];
            const store = await make(reports);
            await withMatch(store, 'hurt', 2);
            await withMatch(store, 'fine', 1);
            await damage.apply(store, 'hurt');
            const got = await outcome(store.fetch('hurt', ALL));
            expect(got, damage.name).toEqual({ ok: true, value: {} });
            expect(
              reports.map((r) => r.matchID),
              damage.name,
            ).toEqual(['hurt']);
            const report = reports[0] as DamageReport;
            expect(typeof report.reason, damage.name).toBe('string');
            expect(report.setAsideAt, damage.name).not.toMatch(/^\(nowhere/);
            // From then on: unknown everywhere, and never reported again.
            expect(await store.fetch('hurt', ALL), damage.name).toStrictEqual({});
            expect(await store.listMatches(), damage.name).toEqual(['fine']);
            expect(
              (await rejection(store.setState('hurt', makeState(3)), StaleWriteError)).found,
            ).toBe(-1);
            await store.setMetadata('hurt', makeMetadata());
            expect(await store.fetch('hurt', ALL), damage.name).toStrictEqual({});
            expect(reports, damage.name).toHaveLength(1);
            // The other match is untouched, and the ID can be used again.
            expect((await store.fetch('fine', ALL)).state, damage.name).toStrictEqual(makeState(1));
            await withMatch(store, 'hurt', 1);
            expect((await store.fetch('hurt', ALL)).log, damage.name).toStrictEqual([makeEntry(0)]);
            expect(reports, damage.name).toHaveLength(1);
          }
        });

        it('in the record are found by listMatches too, which lists the rest', async () => {
          for (const damage of setup.damages.filter((d) => d.part === 'record')) {
            const reports: DamageReport[] = [];
            const store = await make(reports);
            await withMatch(store, 'a', 1);
            await withMatch(store, 'hurt', 1);
            await withMatch(store, 'z', 1);
            await damage.apply(store, 'hurt');
            expect(await store.listMatches(), damage.name).toEqual(['a', 'z']);
            expect(await store.listMatches({ gameName: 'hive' }), damage.name).toEqual(['a', 'z']);
            expect(
              reports.map((r) => r.matchID),
              damage.name,
            ).toEqual(['hurt']);
          }
        });

        it('in the record refuse a write to the match (found −1) and free the ID for createMatch', async () => {
          for (const damage of setup.damages.filter((d) => d.part === 'record')) {
            const reports: DamageReport[] = [];
            const store = await make(reports);
            await withMatch(store, 'hurt', 1);
            await damage.apply(store, 'hurt');
            await store.createMatch('hurt', {
              initialState: makeState(0),
              metadata: makeMetadata('torres'),
            });
            expect(
              reports.map((r) => r.matchID),
              damage.name,
            ).toEqual(['hurt']);
            expect((await store.fetch('hurt', ALL)).metadata?.gameName, damage.name).toBe('torres');
          }
        });

        it('never let an onDamage that throws or rejects reach the caller', async () => {
          const damage = setup.damages[0] as Damage;
          const errors: unknown[][] = [];
          const original = console.error;
          console.error = (...args: unknown[]) => errors.push(args);
          try {
            for (const onDamage of [
              () => {
                throw new Error('the operator’s handler broke');
              },
              () => Promise.reject(new Error('async handler broke')),
            ]) {
              const store = await setup.make(onDamage as never);
              await withMatch(store, 'hurt', 1);
              await damage.apply(store, 'hurt');
              expect(await store.fetch('hurt', ALL)).toStrictEqual({});
              await new Promise((r) => setTimeout(r, 0));
            }
          } finally {
            console.error = original;
          }
          const text = errors.flat().join('\n');
          expect(text).toMatch(/handler broke/);
          expect(text).toMatch(/async handler broke/);
          expect(text).toMatch(/match hurt was damaged/);
        });
      });
    }

    describe('fuzzed inputs end in a documented error or a faithful round trip', () => {
      const documented = (e: unknown) =>
        e instanceof StaleWriteError ||
        e instanceof MatchExistsError ||
        e instanceof StoreInputError;

      it('odd match IDs: valid ones work, the others are unknown, never a crash', async () => {
        const store = await make();
        await withMatch(store, 'keep', 1);
        await fc.assert(
          fc.asyncProperty(oddIDs, async (id) => {
            const valid = isMatchID(id);
            const created = await outcome(
              store.createMatch(id as string, {
                initialState: makeState(0),
                metadata: makeMetadata('odd'),
              }),
            );
            if (valid) expect(created).toEqual({ ok: true, value: undefined });
            else expect((created as { error: unknown }).error).toBeInstanceOf(StoreInputError);
            const written = await outcome(
              store.setState(id as string, makeState(1), [makeEntry(0)]),
            );
            if (valid) expect(written.ok).toBe(true);
            else expect((written as { error: StaleWriteError }).error.found).toBe(-1);
            await store.setMetadata(id as string, makeMetadata('odd', { updatedAt: 7 }));
            const got = await store.fetch(id as string, ALL);
            if (valid) {
              expect(got).toStrictEqual({
                state: makeState(1),
                metadata: makeMetadata('odd', { updatedAt: 7 }),
                log: [makeEntry(0)],
                initialState: makeState(0),
              });
            } else {
              expect(got).toStrictEqual({});
            }
            expect(await store.listMatches({ gameName: 'odd' })).toEqual(valid ? [id] : []);
            await store.wipe(id as string);
            expect(await store.listMatches()).toEqual(['keep']);
          }),
          { numRuns: setup.fuzzRuns },
        );
      });

      it('odd states, metadata and log entries: stored as their JSON, or StoreInputError', async () => {
        const store = await make();
        const stateLike = fc.record(
          {
            _stateID: fc.oneof(fc.nat(), fc.constant(0), fc.anything(odd)),
            ctx: fc.oneof(fc.object(), fc.anything(odd)),
            G: fc.anything(odd),
            plugins: fc.anything(odd),
          },
          { requiredKeys: [] },
        );
        const metadataLike = fc.record(
          {
            gameName: fc.oneof(fc.string({ unit: 'binary' }), fc.anything(odd)),
            players: fc.oneof(fc.dictionary(fc.string(), fc.anything(odd)), fc.anything(odd)),
            createdAt: fc.oneof(fc.double(), fc.anything(odd)),
            updatedAt: fc.oneof(fc.double(), fc.anything(odd)),
            setupData: fc.anything(odd),
            gameover: fc.anything(odd),
          },
          { requiredKeys: [] },
        );
        let n = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(stateLike, fc.anything(odd)),
            fc.oneof(metadataLike, fc.constant(makeMetadata())),
            fc.oneof(
              fc.constant([makeEntry(0)]),
              fc.array(fc.anything(odd), { maxLength: 3 }),
              fc.anything(odd),
            ),
            async (initialState, metadata, deltalog) => {
              const id = `f${n++}`;
              const want = viaJSON(initialState);
              const wantMeta = viaJSON(metadata);
              const created = await outcome(
                store.createMatch(id, {
                  initialState: initialState as StoredState,
                  metadata: metadata as StoredMetadata,
                }),
              );
              if (!created.ok) {
                expect(documented(created.error), String(created.error)).toBe(true);
                expect(created.error).toBeInstanceOf(StoreInputError);
                expect(storableState(want) && storableMetadata(wantMeta)).toBe(false);
                expect(await store.fetch(id, ALL)).toStrictEqual({});
                return;
              }
              expect(storableState(want) && storableMetadata(wantMeta)).toBe(true);
              expect(await store.fetch(id, ALL)).toStrictEqual({
                state: want,
                metadata: wantMeta,
                log: [],
                initialState: want,
              });
              const next = {
                ...(want as StoredState),
                _stateID: (want as StoredState)._stateID + 1,
              };
              const written = await outcome(store.setState(id, next, deltalog as StoredLogEntry[]));
              const entries = deltalog === undefined ? [] : viaJSON(deltalog);
              const storable =
                count(next._stateID) &&
                entries !== REFUSED &&
                Array.isArray(entries) &&
                entries.every(
                  (e) => plain(e) && count(e._stateID) && (e._stateID as number) < next._stateID,
                );
              if (!written.ok) {
                expect(written.error).toBeInstanceOf(StoreInputError);
                expect(storable).toBe(false);
              }
              expect(storable).toBe(written.ok);
              const got = await store.fetch(id, { state: true, log: true });
              expect(got).toStrictEqual(
                written.ok ? { state: next, log: entries } : { state: want, log: [] },
              );
              await store.wipe(id);
            },
          ),
          { numRuns: setup.fuzzRuns },
        );
      });

      it('deeply nested values: stored, or StoreInputError where the store cannot hold them', async () => {
        const store = await make();
        for (const depth of [100, 1000, 20_000, 100_000]) {
          let G: unknown = 'bottom';
          for (let k = 0; k < depth; k++) G = [G];
          const created = await outcome(
            store.createMatch(`deep${depth}`, {
              initialState: makeState(0, { G }),
              metadata: makeMetadata(),
            }),
          );
          if (created.ok) {
            const got = await store.fetch(`deep${depth}`, { state: true });
            expect(got.state?._stateID).toBe(0);
          } else {
            expect(created.error, String(created.error)).toBeInstanceOf(StoreInputError);
          }
        }
        expect(await store.listMatches()).toEqual(expect.arrayContaining(['deep100', 'deep1000']));
      });
    });
  });
}
