// The error contract of `boardrules/coerceo` and `boardrules/coerceo/render`: every export, junk
// in every argument position, nothing but RulesError comes out (see test/support/error-contract.ts).
import { afterAll, describe, expect, it } from 'vitest';
import * as coerceoEntry from '../../src/coerceo/index.js';
import {
  type CoerceoMove,
  type CoerceoPosition,
  coerceo,
  LAURENTIUS_CPF,
  parsePosition,
  pieceAt,
  resign,
} from '../../src/coerceo/index.js';
import * as renderEntry from '../../src/coerceo/svg.js';
import { render } from '../../src/coerceo/svg.js';
import { randomGame } from '../../src/core/random-game.js';
import {
  checkSvg,
  codeOf,
  type FunctionSpec,
  inputCounts,
  runErrorContract,
  type Spec,
} from '../support/error-contract.js';

const value = { kind: 'value' } as const;
const fn = (spec: Omit<FunctionSpec, 'kind'>): Spec => ({ kind: 'function', ...spec });
const calls =
  (...lists: unknown[][]) =>
  () =>
    lists;

const start = coerceo.start();
const mid = randomGame(coerceo, { cura: true }, 9, { maxPlies: 40 }).final;
const ocius = coerceo.start({ variant: 'ocius', exchangeCost: 1 });
const over = resign(mid, 'white');
const firstMove = coerceo.moves(start)[0] as CoerceoMove;
const midMove = coerceo.moves(mid)[2] as CoerceoMove;
const STATES = [start, mid, ocius, over];
const stateCalls =
  (...rest: unknown[]) =>
  () =>
    STATES.map((s) => [s, ...rest]);

/** A position with one move played, so `undo` has something to take back. */
function positionAfterOneMove(): CoerceoPosition {
  const pos = coerceo.search(mid);
  const buf = new Int32Array(pos.maxMoves);
  pos.generate(buf, 0);
  pos.play(buf[0] as number);
  return pos;
}

const firstCode = (): number => {
  const buf = new Int32Array(512);
  positionAfterOneMove().generate(buf, 0);
  return buf[0] as number;
};

/** The fast path trusts what its own generator produced (the SearchPosition contract). */
const FAST_PATH = {
  toMove: { valid: calls([]) },
  terminal: { valid: calls([]) },
  score: { valid: calls([]) },
  hash: { valid: calls([]) },
  count: { valid: calls([]) },
  undo: { valid: calls([]) },
  state: { valid: calls([]) },
  encode: { valid: calls([midMove]) },
  generate: {
    valid: calls([new Int32Array(512), 0]),
    trusted: { positions: [0, 1], why: 'fast path: a buffer of maxMoves after offset' },
  },
  play: {
    valid: () => [[firstCode()]],
    trusted: { positions: [0], why: 'fast path: a code from generate' },
  },
  decode: {
    valid: () => [[firstCode()]],
    trusted: { positions: [0], why: 'fast path: a code from generate' },
  },
} as const;

/** Members of `CoerceoPosition` that are not called: TypeScript-private, internal, getters. */
const NOT_CALLED = {
  setWords: 'private',
  setPieces: 'private',
  // What the state layer reads and sets (`@internal`, not in the published types).
  setUp: 'internal',
  stackTop: 'internal',
  segmentStart: 'internal',
  pieceWordAt: 'internal',
  exchangeCost: 'getter',
  repetitionDraw: 'getter',
  insufficientDraw: 'getter',
  lossOnNoMoves: 'getter',
} as const;

const SPECS: Record<string, Spec> = {
  DEFAULT_RULINGS: value,
  LAURENTIUS_CPF: value,
  OCIUS_CPF: value,
  STRICT_RULINGS: value,
  TILE_NAMES: value,
  name: value,
  coerceo: {
    kind: 'namespace',
    members: {
      name: value,
      scoring: value,
      seats: value,
      rulebook: value,
      records: {
        kind: 'namespace',
        members: {
          startOptions: fn({
            valid: calls([[['Variant', 'Ocius']]], [[]], [[['ExchangeCost', '1']]]),
          }),
          tagsOf: fn({ valid: stateCalls() }),
          resultOf: fn({ valid: stateCalls() }),
        },
      },
      start: fn({
        valid: calls([], [{ variant: 'ocius', cura: true }], [{ position: LAURENTIUS_CPF }]),
      }),
      players: fn({ valid: stateCalls() }),
      toMove: fn({ valid: stateCalls() }),
      moves: fn({ valid: stateCalls() }),
      apply: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      explain: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      terminal: fn({ valid: stateCalls() }),
      score: fn({ valid: stateCalls() }),
      formatMove: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      parseMove: fn({ valid: () => [[mid, coerceo.formatMove(mid, midMove)]] }),
      serialize: fn({ valid: stateCalls() }),
      deserialize: fn({ valid: () => [[coerceo.serialize(mid)], [coerceo.serialize(over)]] }),
      search: fn({
        valid: stateCalls(),
        // A CoerceoPosition (a type export: `coerceo.search` is the only way to make one).
        returns: {
          make: positionAfterOneMove,
          methods: {
            ...FAST_PATH,
            encodeOrNegative: { valid: calls([midMove]) },
            rehash: { valid: calls([]) },
            canRepeat: { valid: calls([]) },
            plies: { valid: calls([]) },
            clone: { valid: calls([]) },
            // Readers of the live position for evaluators: small indices, lenient (see the report).
            pieceWord: { valid: calls([0], [3]) },
            presentWord: { valid: calls([0], [1]) },
            pieceCount: { valid: calls([0], [1]) },
            heldBy: { valid: calls([0], [1]) },
            repetition: { valid: calls([]) },
            ...NOT_CALLED,
          },
        },
      }),
    },
  },
  coerceoEvaluator: fn({
    valid: () => [[{ position: undefined, state: () => mid, toMove: () => 0 }]],
  }),
  edgeNeighboursOf: fn({ valid: calls([mid, 'c3a'], [ocius, 'c3f']) }),
  evaluateCoerceo: fn({ valid: stateCalls() }),
  fieldExists: fn({ valid: calls([mid, 'c3a'], [ocius, 'a1a']) }),
  fieldName: fn({ valid: calls([0], [113]) }),
  formatMoveText: fn({ valid: calls([firstMove], [{ kind: 'exchange', target: 'c3a' }]) }),
  formatPosition: fn({ valid: stateCalls() }),
  outcome: fn({ valid: stateCalls() }),
  parseMoveText: fn({ valid: calls(['c3a-c3c'], ['xb2f+']) }),
  parsePosition: fn({
    valid: calls([LAURENTIUS_CPF], [LAURENTIUS_CPF, { noLegalMoves: 'loss', cura: true }]),
  }),
  pieceAt: fn({ valid: calls([mid, 'c3a'], [start, 'b2f']) }),
  piecesOf: fn({ valid: calls([mid, 'white'], [start, 'black']) }),
  presentTiles: fn({ valid: stateCalls() }),
  removedTiles: fn({ valid: stateCalls() }),
  resign: fn({ valid: calls([mid, 'white'], [start, 'black']) }),
  formatBoard: fn({ valid: stateCalls({ legend: true }) }),
  sideToMove: fn({ valid: stateCalls() }),
  threats: fn({ valid: calls([mid], [mid, 'white'], [start, 'black']) }),
  tilesHeld: fn({ valid: stateCalls() }),
  turnEffects: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
  variantOf: fn({ valid: stateCalls() }),
  vertexNeighboursOf: fn({ valid: calls([mid, 'c3a'], [ocius, 'c3f']) }),
};

const RENDER_SPECS: Record<string, Spec> = {
  render: fn({
    valid: () => [
      [mid],
      [
        over,
        {
          size: 20,
          coordinates: true,
          highlight: ['c3a', 'b2f'],
          selected: 'c3a',
          lastMove: midMove,
          removedTiles: false,
        },
      ],
    ],
    check: checkSvg,
  }),
};

describe('boardrules/coerceo: the error contract of every export', () => {
  runErrorContract('boardrules/coerceo', coerceoEntry, SPECS);
  runErrorContract('boardrules/coerceo/render', renderEntry, RENDER_SPECS);

  it('regressions: inherited option keys and non-string query arguments', () => {
    expect(codeOf(() => coerceo.start(JSON.parse('{"__proto__":{}}')))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => coerceo.start({ constructor: 5 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => parsePosition(LAURENTIUS_CPF, { toString: 1 } as never))).toBe(
      'INVALID_OPTIONS',
    );
    expect(codeOf(() => pieceAt(start, null as never))).toBe('PARSE_ERROR');
    expect(codeOf(() => positionAfterOneMove().encode({ kind: 'jump' } as never))).toBe(
      'ILLEGAL_MOVE',
    );
  });

  it('regressions: renderer options are checked and never leak NaN into the SVG', () => {
    expect(codeOf(() => render(mid, { highlight: 1 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { size: Number.NaN }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { highlight: ['z9z'] }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { lastMove: { kind: 'step' } as never }))).toBe(
      'INVALID_OPTIONS',
    );
  });
});

afterAll(() => {
  const n = (k: string) => inputCounts.get(k) ?? 0;
  console.log(
    `error-contract inputs: boardrules/coerceo ${n('boardrules/coerceo')}, boardrules/coerceo/render ${n('boardrules/coerceo/render')}`,
  );
});
