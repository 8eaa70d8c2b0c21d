// The error contract of `boardrules/hive` and `boardrules/hive/render`: every export, junk in
// every argument position, nothing but RulesError comes out (see test/support/error-contract.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import * as hiveEntry from '../../src/hive/index.js';
import {
  type HiveMove,
  hive,
  parseGameStateString,
  parseGameTypeString,
  parseTurnString,
  placeOf,
  UhpEngine,
} from '../../src/hive/index.js';
import * as renderEntry from '../../src/hive/svg.js';
import { render } from '../../src/hive/svg.js';
import {
  checkSvg,
  codeOf,
  type FunctionSpec,
  inputCounts,
  MAX_MESSAGE,
  runErrorContract,
  type Spec,
} from '../support/error-contract.js';
import { HOSTILE } from '../support/junk.js';
import { A as APPENDIX } from './appendix.js';

const value = { kind: 'value' } as const;
const fn = (spec: Omit<FunctionSpec, 'kind'>): Spec => ({ kind: 'function', ...spec });
const calls =
  (...lists: unknown[][]) =>
  () =>
    lists;

const start = hive.start();
const mid = randomGame(hive, {}, 5, { maxPlies: 14 }).final;
const fan = hive.start({ type: 'Base+MLP:wTW3:bC' });
const over = hive.deserialize(APPENDIX.blackSuicide);
const firstMove = hive.moves(start)[0] as HiveMove;
const midMove = hive.moves(mid)[3] as HiveMove;
const midText = hive.formatMove(mid, midMove);
const placed = (mid.history[0] as string).split(' ')[0] as string;
/** A board for fromBoard: a set-up game (Base, White to move on turn 3) and a fan one. */
const BOARD = {
  type: 'Base',
  pieces: [
    { piece: 'wS1', q: 0, r: 0 },
    { piece: 'bS1', q: 1, r: 0 },
    { piece: 'wQ', q: -1, r: 0 },
    { piece: 'bQ', q: 2, r: 0, level: 0 },
  ],
  toMove: 'w',
  turn: 3,
  options: { maxPlies: 50 },
} as const;
const setUp = hiveEntry.fromBoard(BOARD);

/** Lines for the UHP engine: every command, valid and not. */
const UHP_LINES = [
  'info',
  'newgame Base+MLP',
  'newgame Base;InProgress;White[2];wS1;bS1 wS1-',
  'play wS1',
  'pass',
  'validmoves',
  'bestmove depth 1',
  'undo',
  'options',
  'options set MaxPlies 7',
  'perft 1',
  'help',
  '',
  'exit',
];

/** Every reply ends with `ok` and echoes no huge piece of its input. */
function checkReply(reply: unknown): void {
  expect(typeof reply).toBe('string');
  const lines = (reply as string).split('\n');
  expect(lines[lines.length - 1]).toBe('ok');
  for (const l of lines) expect(l.length).toBeLessThan(MAX_MESSAGE);
}

/** A search position with one move played, so `undo` has something to take back. */
function searchAfterOneMove() {
  const pos = hive.search(mid);
  const buf = new Int32Array(pos.maxMoves);
  pos.generate(buf, 0);
  pos.play(buf[0] as number);
  return pos;
}

const STATE_FUNCTIONS = [start, mid, fan, over, setUp];
const stateCalls =
  (...rest: unknown[]) =>
  () =>
    STATE_FUNCTIONS.map((s) => [s, ...rest]);

const SPECS: Record<string, Spec> = {
  DEFAULT_OPTIONS: value,
  ENGINE_VERSION: value,
  FAN_LETTERS: value,
  GAME_TYPES: value,
  name: value,
  UhpEngine: {
    kind: 'class',
    construct: { valid: calls([], [{ version: '1.2', defaultDepth: 1, fanBugs: false }]) },
    make: () => {
      const e = new UhpEngine();
      e.handle('newgame Base');
      e.handle('play wS1');
      return e;
    },
    methods: {
      // H-UHP-9: every line gets a reply ending in `ok`, whatever it holds.
      handle: { valid: () => UHP_LINES.map((l) => [l]), total: true, check: checkReply },
      canonical: { valid: calls([]) },
      done: 'getter',
      state: 'getter',
      // TypeScript-private: reached only through handle.
      dispatch: 'private',
      current: 'private',
      live: 'private',
      newgame: 'private',
      play: 'private',
      bestmove: 'private',
      undo: 'private',
      perft: 'private',
      // The clock given as an option, kept in a private field.
      now: 'private',
    },
  },
  evaluateHive: fn({ valid: stateCalls() }),
  hiveEvaluatorWith: fn({ valid: calls([1], [3], [5]) }),
  formatGameStateString: fn({ valid: calls(['InProgress']) }),
  formatGameString: fn({
    valid: () => [...stateCalls()(), [mid, { uhp: true }], [mid, { canonical: true, uhp: true }]],
  }),
  formatGameTypeString: fn({ valid: calls(['Base+MLP'], ['Base+M:wT:bC']) }),
  formatMoveString: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
  formatTurnString: fn({ valid: calls([{ colour: 1, turn: 3 }]) }),
  gameStateString: fn({ valid: stateCalls() }),
  hive: {
    kind: 'namespace',
    members: {
      name: value,
      scoring: value,
      seats: value,
      rulebook: value,
      // What the record tools ask of Hive (RecordRules); its formats are plain data.
      records: {
        kind: 'namespace',
        members: {
          startOptions: fn({
            valid: calls(
              [[['GameType', 'Base+M{MaxPlies=40}']]],
              [[]],
              [[['GameType', 'Base+MLP{TournamentOpening=True}']]],
            ),
          }),
          tagsOf: fn({ valid: stateCalls() }),
          resultOf: fn({ valid: stateCalls() }),
          readMove: fn({ valid: calls([start, 'wM1'], [mid, midText], [mid, ` ${midText} `]) }),
          formats: value,
        },
      },
      start: fn({ valid: calls([], [{ type: 'Base+L', maxPlies: 40, roster: { w: { T: 1 } } }]) }),
      players: fn({ valid: stateCalls() }),
      toMove: fn({ valid: stateCalls() }),
      moves: fn({ valid: stateCalls() }),
      apply: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      explain: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      terminal: fn({ valid: stateCalls() }),
      score: fn({ valid: stateCalls() }),
      formatMove: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      parseMove: fn({ valid: calls([start, 'wS1'], [mid, midText]) }),
      serialize: fn({ valid: stateCalls() }),
      deserialize: fn({
        valid: () => [[hive.serialize(mid)], [hive.serialize(over)], [hive.serialize(setUp)]],
      }),
      fromBoard: fn({ valid: calls([BOARD], [{ pieces: [] }], [hive.boardOf(mid)]) }),
      boardOf: fn({ valid: stateCalls() }),
      search: fn({
        valid: stateCalls(),
        returns: {
          make: searchAfterOneMove,
          methods: {
            toMove: { valid: calls([]) },
            terminal: { valid: calls([]) },
            score: { valid: calls([]) },
            hash: { valid: calls([]) },
            count: { valid: calls([]) },
            undo: { valid: calls([]) },
            state: { valid: calls([]) },
            encode: { valid: calls([midMove]) },
            // The fast path trusts what its own generator produced (SearchPosition contract).
            generate: {
              valid: calls([new Int32Array(1024), 0]),
              trusted: { positions: [0, 1], why: 'fast path: a buffer of maxMoves after offset' },
            },
            play: {
              valid: () => {
                const buf = new Int32Array(1024);
                searchAfterOneMove().generate(buf, 0);
                return [[buf[0]]];
              },
              trusted: { positions: [0], why: 'fast path: a code from generate' },
            },
            decode: {
              valid: () => {
                const buf = new Int32Array(1024);
                searchAfterOneMove().generate(buf, 0);
                return [[buf[0]]];
              },
              trusted: { positions: [0], why: 'fast path: a code from generate' },
            },
            // The Position's own members: `search` is typed as SearchPosition, so typed code
            // reaches only the interface above.
            drop: 'private',
            lift: 'private',
            occupiedAround: 'internal',
            spotsOf: 'internal',
            retop: 'private',
            toggleTurnKeys: 'private',
            anchorCell: 'internal',
            clone: 'internal',
            hasMosquito: 'internal',
            hasPillbug: 'internal',
            isFrozen: 'internal',
            moveAt: 'internal',
            realQ: 'internal',
            realR: 'internal',
            recomputeHash: 'internal',
            repetitionKey: 'internal',
            scorpionAt: 'internal',
          },
        },
      }),
    },
  },
  hiveEvaluator: fn({
    valid: () => [[{ position: undefined, state: () => mid, toMove: () => 0 }]],
  }),
  parseGameStateString: fn({ valid: calls(['InProgress'], ['whitewins', false], ['Draw', true]) }),
  parseGameString: fn({
    valid: () => [[hive.serialize(mid)], [hive.serialize(start), { strictInput: true }]],
  }),
  parseGameTypeString: fn({ valid: calls(['base+mlp'], ['Base+MLP:wT:b', true]) }),
  parseMoveString: fn({ valid: calls([start, 'wS1'], [mid, midText]) }),
  parseTurnString: fn({ valid: calls(['White[3]'], ['black[1]', true]) }),
  outcome: fn({ valid: stateCalls() }),
  pieceAt: fn({ valid: calls([mid, 0, 0], [start, 1, -1]) }),
  piecesInHand: fn({ valid: calls([mid, 'w'], [fan, 'b']) }),
  piecesOnBoard: fn({ valid: stateCalls() }),
  placeOf: fn({ valid: calls([mid, placed], [start, 'wQ']) }),
  playMoveString: fn({ valid: calls([start, 'wS1'], [mid, midText]) }),
  formatBoard: fn({ valid: stateCalls() }),
  fromBoard: fn({ valid: calls([BOARD], [hive.boardOf(over)]) }),
  boardOf: fn({ valid: stateCalls() }),
  stackAt: fn({ valid: calls([mid, 0, 0], [over, 1, 0]) }),
  turnString: fn({ valid: stateCalls() }),
  undoPlies: fn({ valid: calls([mid], [mid, 3], [over, 2]) }),
};

const RENDER_SPECS: Record<string, Spec> = {
  render: fn({
    valid: () => [
      [mid],
      [over, { size: 20, coordinates: true, highlight: [{ q: 2, r: -1 }], selected: 'wQ' }],
      [start, { lastMove: false, hand: false }],
      [fan, { pieces: 'letters', status: false }],
    ],
    check: checkSvg,
  }),
  renderPiece: fn({
    valid: () => [['wQ'], ['bA2', { size: 20, pieces: 'letters', selected: true }], ['wT1']],
    check: checkSvg,
  }),
  // A placement the rules may refuse (one White piece, White to move), as a setup board shows it.
  renderBoard: fn({
    valid: () => [
      [BOARD],
      [{ pieces: [{ piece: 'wS1', q: 0, r: 0 }] }, { size: 20, highlight: [{ q: 1, r: 0 }] }],
      [hive.boardOf(over), { hand: false, status: false }],
    ],
    check: checkSvg,
  }),
};

describe('boardrules/hive: the error contract of every export', () => {
  runErrorContract('boardrules/hive', hiveEntry, SPECS);
  runErrorContract('boardrules/hive/render', renderEntry, RENDER_SPECS);

  it('regressions: inherited option keys, non-string parser input, wrong-typed move fields', () => {
    expect(codeOf(() => hive.start({ constructor: 5 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => hive.start(JSON.parse('{"__proto__":{}}')))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => parseGameStateString(null as never))).toBe('PARSE_ERROR');
    expect(codeOf(() => parseTurnString(5 as never))).toBe('PARSE_ERROR');
    expect(codeOf(() => parseGameTypeString(Symbol('t') as never))).toBe('PARSE_ERROR');
    expect(codeOf(() => placeOf(start, null as never))).toBe('PARSE_ERROR');
    expect(codeOf(() => hive.apply(start, { kind: 'place', piece: 5 } as never))).toBe(
      'ILLEGAL_MOVE',
    );
    for (const move of [{ kind: Symbol('k') }, 'wS1', null, [], { kind: 'place', piece: 1n }]) {
      expect(codeOf(() => hive.apply(start, move as never))).toBe('ILLEGAL_MOVE');
    }
  });

  it('regressions: renderer options are checked and never leak NaN into the SVG', () => {
    expect(codeOf(() => render(mid, { highlight: 1 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { size: Number.NaN }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { size: -3 }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { highlight: [{ q: 1.5, r: 0 }] }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { bogus: 1 } as never))).toBe('INVALID_OPTIONS');
    expect(HOSTILE.length).toBeGreaterThan(50);
  });
});

afterAll(() => {
  const n = (k: string) => inputCounts.get(k) ?? 0;
  console.log(
    `error-contract inputs: boardrules/hive ${n('boardrules/hive')}, boardrules/hive/render ${n('boardrules/hive/render')}`,
  );
});
