// The error contract of the `boardrules` entry (core, bots, geometry): every export, junk in
// every argument position, nothing but RulesError comes out (see test/support/error-contract.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import { hive } from '../../src/hive/index.js';
import * as core from '../../src/index.js';
import {
  alphaBetaBot,
  grid,
  mctsBot,
  RandomStream,
  Rng,
  randomBot,
  rngFromSeed,
  sharedSearchTable,
} from '../../src/index.js';
import {
  type FunctionSpec,
  inputCounts,
  runErrorContract,
  type Spec,
} from '../support/error-contract.js';
import { HOSTILE } from '../support/junk.js';
import { type NimState, nim as rawNim } from '../support/nim.js';
import { tictactoe as rawTictactoe, type TttState } from '../support/tictactoe.js';

/**
 * A toy game that answers junk with RulesError itself (the toys trust their input), so that any
 * other throw seen here comes from the library's generic code.
 */
function guarded<S, M>(
  game: core.Game<S, M, unknown>,
  isState: (s: unknown) => boolean,
  isMove: (m: unknown) => boolean,
): core.Game<S, M, unknown> {
  const withState = <T>(s: unknown, f: () => T): T => {
    if (!isState(s)) throw new RulesError('INVALID_STATE', `not a ${game.name} state`);
    return f();
  };
  const withMove = <T>(m: unknown, f: () => T): T => {
    if (!isMove(m)) throw new RulesError('ILLEGAL_MOVE', `not a ${game.name} move`);
    return f();
  };
  return {
    ...game,
    start: (o) => {
      try {
        return game.start(o);
      } catch {
        // The toys may echo their whole input: the library's messages are under test, not theirs.
        throw new RulesError('INVALID_OPTIONS', `bad ${game.name} options`);
      }
    },
    players: (s) => withState(s, () => game.players(s)),
    toMove: (s) => withState(s, () => game.toMove(s)),
    moves: (s) => withState(s, () => game.moves(s)),
    apply: (s, m) => withState(s, () => withMove(m, () => game.apply(s, m))),
    terminal: (s) => withState(s, () => game.terminal(s)),
    score: (s) => withState(s, () => game.score(s)),
    formatMove: (s, m) => withState(s, () => withMove(m, () => game.formatMove(s, m))),
    parseMove: (s, t) =>
      withState(s, () => {
        if (typeof t !== 'string') throw new RulesError('PARSE_ERROR', 'not text');
        try {
          return game.parseMove(s, t);
        } catch {
          // As for `start`: the toys echo their whole input; the library's messages are tested.
          throw new RulesError('PARSE_ERROR', `bad ${game.name} move`);
        }
      }),
    serialize: (s) => withState(s, () => game.serialize(s)),
    ...(game.search ? { search: (s: S) => withState(s, () => game.search!(s)) } : {}),
  };
}

const smallInts = (v: unknown, n: number, max: number): boolean =>
  Array.isArray(v) &&
  v.length === n &&
  v.every((x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= max);
const tictactoe = guarded(
  rawTictactoe as core.Game<TttState, unknown, unknown>,
  (s) => typeof s === 'object' && s !== null && smallInts((s as TttState).cells, 9, 2),
  (m) => typeof m === 'object' && m !== null && Number.isInteger((m as { cell: number }).cell),
);
const nim = guarded(
  rawNim as core.Game<NimState, unknown, unknown>,
  (s) =>
    typeof s === 'object' &&
    s !== null &&
    smallInts((s as NimState).heaps, (s as NimState).heaps?.length ?? -1, 99) &&
    ((s as NimState).toMove === 0 || (s as NimState).toMove === 1),
  (m) =>
    typeof m === 'object' &&
    m !== null &&
    Number.isInteger((m as { heap: number }).heap) &&
    Number.isInteger((m as { take: number }).take),
);

const value = { kind: 'value' } as const;
const fn = (spec: Omit<FunctionSpec, 'kind'>): Spec => ({ kind: 'function', ...spec });
const calls =
  (...lists: unknown[][]) =>
  () =>
    lists;

const ttt = tictactoe.start();
const nimStart = nim.start({ heaps: [1, 2] });
/** A game record with a rulebook page (rule IDs `X-…`). */
// The record functions need a game with record rules: Coerceo, the quickest to replay.
const coerceoStart = coerceo.start();
const firstMove = coerceo.moves(coerceoStart)[0];
const coerceoRecord = core.recordOfGame(
  coerceo,
  coerceoStart,
  [firstMove as never],
  [['Event', 'e']],
);
/** Hive's own formats: a Boardspace SGF game and a GameString, and a record to write. */
const HIVE_SGF =
  '(;SU[hive]P0[id "a"]P1[id "b"]\n; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n; P1[3 pick B 4 bS1]\n; P1[4 dropb bS1 O 13 wS1-]\n; P1[5 done])';
const HIVE_GAMESTRING = 'Base;InProgress;White[2];wS1;bS1 wS1-';
const hiveRecord = core.readRecords(hive, HIVE_GAMESTRING).records[0] as core.RecordedGame;
const booked = { ...rawTictactoe, rulebook: { prefix: 'X', page: 'tictactoe' } };
const rng = rngFromSeed(7);
const g = grid.makeGrid(4, 3);
const heights = [0, 1, 1, 0, 0, 2, 0, 0, 3, 0, 0, 1];

/** A bounded search: junk limits never turn into a long search. */
const fewIterations = { iterations: 20 };
/** Limits that would make a search run for long: skipped (they are valid). */
const longLimits = (l: unknown): boolean =>
  typeof l === 'object' &&
  l !== null &&
  !Array.isArray(l) &&
  Object.values(l).some((v) => typeof v === 'number' && v > 200);

const botMethods = (make: () => core.Bot<unknown, unknown>, state: unknown) => ({
  make,
  methods: {
    search: {
      valid: calls([state, fewIterations], [state, { depth: 2 }]),
      skip: (a: readonly unknown[]) => longLimits(a[1]) || a[1] === undefined,
    },
    choose: {
      valid: calls([state, fewIterations]),
      skip: (a: readonly unknown[]) => longLimits(a[1]) || a[1] === undefined,
    },
    reset: { valid: calls([]) },
  },
});

/** Every numeric geometry argument list, with a depth-like bound on nothing (all cheap). */
const SPECS: Record<string, Spec> = {
  EVAL_SCALE: value,
  WIN_SCORE: value,
  MAX_RECORDS_PER_TEXT: value,
  RandomStream: {
    kind: 'class',
    construct: { valid: calls([7], [rng]) },
    make: () => new RandomStream(7),
    methods: {
      state: 'getter',
      setState: { valid: calls([rng]) },
      uint32: { valid: calls([]) },
      int: { valid: calls([6]) },
      float: { valid: calls([]) },
    },
  },
  Rng: {
    kind: 'class',
    construct: { valid: calls([7], [rng]) },
    make: () => new Rng(7),
    methods: {
      state: 'getter',
      uint32: { valid: calls([]) },
      int: { valid: calls([6]) },
      float: { valid: calls([]) },
    },
  },
  RulesError: {
    kind: 'class',
    // Anyone may build one (a custom game does): it never throws, whatever it is given.
    construct: { valid: calls(['ILLEGAL_MOVE', 'a message']), total: true },
    make: () => new RulesError('PARSE_ERROR', 'x'),
    methods: {},
  },
  alphaBetaBot: fn({
    valid: calls(
      [tictactoe, { ttSize: 64, maxDepth: 4 }],
      [tictactoe, { shared: sharedSearchTable(64) }],
    ),
    returns: {
      make: () => alphaBetaBot(tictactoe, { shared: sharedSearchTable(64) }),
      methods: {
        ...botMethods(() => alphaBetaBot(tictactoe), ttt).methods,
        // A ticket of a search that is not running: returns at once.
        help: {
          valid: calls([ttt, { search: 1, index: 1 }, { depth: 2 }]),
          skip: (a: readonly unknown[]) => longLimits(a[2]),
        },
      },
    },
  }),
  sharedSearchTable: fn({
    valid: calls([64], [1]),
    skip: (a) => typeof a[0] === 'number' && a[0] > 2 ** 20,
  }),
  SharedSearchTable: {
    kind: 'class',
    construct: { valid: () => [[sharedSearchTable(4).buffers]] },
    make: () => sharedSearchTable(4),
    methods: {
      buffers: 'getter',
      entries: 'getter',
      generation: 'getter',
      running: 'getter',
      begin: { valid: calls([]) },
      end: { valid: calls([]) },
      isRunning: { valid: calls([1], [2]) },
      clear: { valid: calls([]) },
    },
  },
  mctsBot: fn({
    valid: calls([tictactoe, { seed: 3, defaultLimits: fewIterations }]),
    skip: (a) => longLimits((a[1] as { defaultLimits?: unknown } | undefined)?.defaultLimits),
    returns: {
      ...botMethods(() => mctsBot(tictactoe, { seed: 3 }), ttt),
      methods: {
        ...botMethods(() => mctsBot(tictactoe), ttt).methods,
        treeSize: { valid: calls([]) },
      },
    },
  }),
  randomBot: fn({
    valid: calls([tictactoe, 5], [nim, 1]),
    returns: {
      make: () => randomBot(nim, 2),
      methods: {
        search: { valid: calls([nimStart], [nimStart, {}]) },
        choose: { valid: calls([nimStart]) },
        reset: { valid: calls([]) },
      },
    },
  }),
  eloEstimate: fn({
    valid: calls([{ wins: 3, draws: 1, losses: 2 }], [{ wins: 0, draws: 0, losses: 0 }]),
  }),
  eloOfScore: fn({ valid: calls([0.75], [0], [1]) }),
  formatElo: fn({
    valid: calls([{ score: 0.6, elo: 70, error: 40 }], [{ score: 1, elo: Infinity, error: NaN }]),
  }),
  divide: fn({
    valid: calls([tictactoe, ttt, 2], [nim, nimStart, 2, { path: 'apply' }]),
    skip: (a) => typeof a[2] === 'number' && a[2] > 3,
  }),
  perft: fn({
    valid: calls([tictactoe, ttt, 2], [nim, nimStart, 3, { path: 'apply' }]),
    skip: (a) => typeof a[2] === 'number' && a[2] > 3,
  }),
  perftPosition: fn({
    valid: () => [[tictactoe.search!(ttt), 2]],
    skip: (a) => typeof a[1] === 'number' && a[1] > 3,
  }),
  perftTasks: fn({
    valid: calls([tictactoe, ttt, 2, 1], [nim, nimStart, 3, 2]),
    skip: (a) => typeof a[2] === 'number' && a[2] > 3,
  }),
  perftTask: fn({
    valid: calls(
      [tictactoe, ttt, { path: ['c5'], depth: 2 }],
      [nim, nimStart, { path: [], depth: 2 }],
    ),
    skip: (a) => {
      const d = (a[2] as { depth?: unknown } | null)?.depth;
      return typeof d === 'number' && d > 3;
    },
  }),
  playGame: fn({
    valid: () => [
      [nim, [randomBot(nim, 1), randomBot(nim, 2)], { start: nimStart, maxPlies: 10 }],
      [tictactoe, [randomBot(tictactoe, 1), randomBot(tictactoe, 2)]],
    ],
  }),
  grid: {
    kind: 'namespace',
    members: {
      DIAG_DIRS: value,
      MAX_GRID_CELLS: value,
      ORTH_DIRS: value,
      makeGrid: fn({ valid: calls([4, 3]) }),
      inBounds: fn({ valid: calls([g, 1, 2]) }),
      cellIndex: fn({ valid: calls([g, 1, 2]) }),
      cellX: fn({ valid: calls([g, 5]) }),
      cellY: fn({ valid: calls([g, 5]) }),
      orthNeighbours: fn({ valid: calls([g, 5]) }),
      diagNeighbours: fn({ valid: calls([g, 5]) }),
      makeRegions: fn({ valid: calls([g]) }),
      labelRegions: fn({ valid: () => [[g, heights, grid.makeRegions(g)]] }),
      regionsOf: fn({ valid: calls([g, heights], [g, new Uint8Array(heights)]) }),
      regionArea: fn({ valid: calls([g, heights, 5]) }),
      regionBounds: fn({ valid: calls([g, [1, 2, 5]], [g, new Set([0, 11])]) }),
    },
  },
  hex: {
    kind: 'namespace',
    members: {
      DIRECTIONS: value,
      DIRECTION_NAMES: value,
      E: value,
      KEY_LIMIT: value,
      NE: value,
      NW: value,
      ORIGIN: value,
      SE: value,
      SW: value,
      W: value,
      hex: fn({ valid: calls([1, -2]) }),
      opposite: fn({ valid: calls([4]) }),
      neighbor: fn({ valid: calls([{ q: 1, r: 2 }, 3]) }),
      neighbors: fn({ valid: calls([{ q: 1, r: 2 }]) }),
      directionTo: fn({
        valid: calls([
          { q: 0, r: 0 },
          { q: 1, r: 0 },
        ]),
      }),
      adjacent: fn({
        valid: calls([
          { q: 0, r: 0 },
          { q: 1, r: 0 },
        ]),
      }),
      distance: fn({
        valid: calls([
          { q: 0, r: 0 },
          { q: 3, r: -1 },
        ]),
      }),
      equals: fn({
        valid: calls([
          { q: 0, r: 0 },
          { q: 0, r: 0 },
        ]),
      }),
      rotate: fn({ valid: calls([{ q: 2, r: -1 }, 2], [{ q: 2, r: -1 }, -1, { q: 1, r: 1 }]) }),
      reflect: fn({
        valid: calls(
          [{ q: 2, r: -1 }],
          [
            { q: 2, r: -1 },
            { q: 1, r: 1 },
          ],
        ),
      }),
      rotateDirection: fn({ valid: calls([2, 5]) }),
      reflectDirection: fn({ valid: calls([2]) }),
      toKey: fn({ valid: calls([{ q: -3, r: 7 }]) }),
      fromKey: fn({ valid: calls([core.hex.toKey({ q: -3, r: 7 })]) }),
      toPixel: fn({ valid: calls([{ q: 2, r: -1 }, 10]) }),
      fromPixel: fn({ valid: calls([{ x: 12.5, y: -30 }, 10]) }),
      roundHex: fn({ valid: calls([0.4, -1.6]) }),
    },
  },
  triangle: {
    kind: 'namespace',
    members: {
      DIRECTIONS: value,
      mod6: fn({ valid: calls([-7]) }),
      tileNeighbour: fn({ valid: calls([1, -1, 4]) }),
      ring: fn({ valid: calls([2, -1]) }),
      pointsUp: fn({ valid: calls([3]) }),
      parity: fn({ valid: calls([3]) }),
      edgeNeighbours: fn({ valid: calls([{ x: 1, y: 0, f: 2 }]) }),
      vertexNeighbours: fn({ valid: calls([{ x: 1, y: 0, f: 2 }]) }),
      rotate: fn({ valid: calls([{ x: 1, y: 0, f: 2 }], [{ x: 1, y: 0, f: 2 }, 4]) }),
      mirror: fn({ valid: calls([{ x: 1, y: 0, f: 2 }]) }),
      transform: fn({ valid: calls([{ x: 1, y: 0, f: 2 }, 2, true]) }),
      sameField: fn({
        valid: calls([
          { x: 1, y: 0, f: 2 },
          { x: 1, y: 0, f: 8 },
        ]),
      }),
      tileCentre: fn({ valid: calls([1, 2], [1, 2, 30]) }),
      tileCorner: fn({ valid: calls([1, 2, 3], [1, 2, 3, 30]) }),
      fieldCorners: fn({ valid: calls([{ x: 1, y: 0, f: 2 }], [{ x: 1, y: 0, f: 2 }, 30]) }),
    },
  },
  // Predicates over any value: they answer, they never throw.
  isRngState: fn({ valid: calls([rng]), total: true }),
  isRulesError: fn({
    valid: calls([new RulesError('PARSE_ERROR', 'x'), 'PARSE_ERROR']),
    total: true,
  }),
  nextFloat: fn({ valid: calls([rng]) }),
  nextInt: fn({ valid: calls([rng, 10]) }),
  nextUint32: fn({ valid: calls([rng]) }),
  normalizedScore: fn({ valid: calls([tictactoe, ttt], [nim, nimStart]) }),
  // Answers for any value: a page for a rule ID, undefined for anything else.
  rulePage: fn({ valid: calls(['X-CELL-1', booked], ['H-PLACE-5', booked]), total: true }),
  ruleUrl: fn({ valid: calls(['X-CELL-1', booked]), total: true }),
  randomGame: fn({
    valid: calls([nim, { heaps: [2, 1] }, 3], [tictactoe, undefined, 4, { maxPlies: 5 }]),
  }),
  randomPlayout: fn({
    valid: calls([nim, nimStart, 3], [tictactoe, ttt, 4, { maxPlies: 5, keepStates: true }]),
  }),
  mainLine: fn({ valid: calls([coerceoRecord]) }),
  readPgn: fn({ valid: calls([core.writePgn(coerceoRecord)], ['1. a {b} (1. c) *']) }),
  readRecords: fn({
    valid: calls(
      [coerceo, core.writePgn(coerceoRecord)],
      [coerceo, '[]', 'json'],
      [hive, HIVE_SGF],
      [hive, HIVE_GAMESTRING, 'gamestring'],
    ),
  }),
  recordFormats: fn({ valid: calls([coerceo]) }),
  writeRecord: fn({
    valid: calls(
      [coerceo, coerceoRecord],
      [coerceo, coerceoRecord, 'json'],
      [hive, hiveRecord, 'gamestring'],
    ),
  }),
  recordNode: fn({ valid: calls(['a1a-a1e'], ['x', [core.recordNode('y')]]) }),
  recordNodes: fn({ valid: calls([coerceoRecord]) }),
  recordOfGame: fn({ valid: calls([coerceo, coerceoStart, [firstMove], [['Event', 'x']]]) }),
  recordStart: fn({ valid: calls([coerceo, coerceoRecord]) }),
  replayLine: fn({ valid: calls([coerceo, coerceoRecord], [coerceo, coerceoRecord, []]) }),
  tagValue: fn({ valid: calls([[['a', 'b']], 'a']) }),
  writePgn: fn({ valid: calls([coerceoRecord]) }),
  rngFromSeed: fn({ valid: calls([7]) }),
  shuffle: fn({ valid: calls([[1, 2, 3, 4], rng]) }),
};

describe('boardrules: the error contract of every export', () => {
  runErrorContract('boardrules', core, SPECS);

  it('regressions: bad game records, RNG arguments and geometry give RulesError', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (e) {
        return isRulesError(e) ? e.code : `not a RulesError: ${String(e)}`;
      }
    };
    expect(code(() => core.perft(null as never, ttt, 1))).toBe('INVALID_ARGUMENT');
    expect(code(() => core.nextInt(rng, 0))).toBe('INVALID_ARGUMENT');
    expect(code(() => core.hex.toKey({ q: 40000, r: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => core.grid.cellIndex(g, 9, 9))).toBe('INVALID_ARGUMENT');
    expect(code(() => core.grid.makeGrid(1e6, 1e6))).toBe('INVALID_ARGUMENT');
    expect(code(() => new RulesError(Symbol('c') as never, Symbol('m') as never))).toBeUndefined();
    expect(HOSTILE.length).toBeGreaterThan(50);
  });
});

afterAll(() => {
  console.log(`error-contract inputs: boardrules ${inputCounts.get('boardrules') ?? 0}`);
});
