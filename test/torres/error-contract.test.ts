// The error contract of `boardrules/torres` and `boardrules/torres/render`: every export, junk in
// every argument position, nothing but RulesError comes out (see test/support/error-contract.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import * as torresEntry from '../../src/torres/index.js';
import { type TorresMove, type TorresState, torres } from '../../src/torres/index.js';
import * as renderEntry from '../../src/torres/svg.js';
import { render } from '../../src/torres/svg.js';
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

const start = torres.start({ players: 3, seed: 4 });
const mid = randomGame(torres, { players: 2, seed: 7, deckMode: 'draft' }, 3, {
  maxPlies: 60,
}).final;
const master = torres.start({ version: 'master', players: 4, seed: 2 });
const observed = torres.observe!(mid, 1);
const firstMove = torres.moves(start)[0] as TorresMove;
const midMove = torres.moves(mid)[0] as TorresMove;
const knight = mid.pieces.findIndex((p) => typeof p === 'number');
const knightSquare = torresEntry.squareName(knight >= 0 ? knight : 0);
const STATES = [start, mid, master];
const stateCalls =
  (...rest: unknown[]) =>
  () =>
    STATES.map((s) => [s, ...rest]);

/** A search position with one move played, so `undo` has something to take back. */
function searchAfterOneMove() {
  const pos = torres.search!(mid);
  const buf = new Int32Array(pos.maxMoves);
  pos.generate(buf, 0);
  pos.play(buf[0] as number);
  return pos;
}

const firstCode = (): number => {
  const pos = searchAfterOneMove();
  const buf = new Int32Array(pos.maxMoves);
  pos.generate(buf, 0);
  return buf[0] as number;
};

const SPECS: Record<string, Spec> = {
  CARD_NAMES: value,
  DEFAULT_OPTIONS: value,
  FORMAT: value,
  FORMAT_VERSION: value,
  GRID: value,
  MASTER_NAMES: value,
  PHASE_STACKS: value,
  SEAT_NAMES: value,
  STEP_NAMES: value,
  name: value,
  blockPlacements: fn({ valid: stateCalls() }),
  canTakeBlock: fn({ valid: calls([mid, 'c4'], [start, 'a1']) }),
  evaluateTorres: fn({ valid: stateCalls() }),
  formatBoard: fn({ valid: stateCalls({ legend: true }) }),
  knightTargets: fn({ valid: calls([mid, knightSquare]) }),
  projectedScores: fn({ valid: stateCalls() }),
  squareIndex: fn({ valid: calls(['c4'], ['h8']) }),
  squareName: fn({ valid: calls([0], [63]) }),
  torres: {
    kind: 'namespace',
    members: {
      name: value,
      scoring: value,
      seats: value,
      seedOption: value,
      rulebook: value,
      records: {
        kind: 'namespace',
        members: {
          startOptions: fn({
            valid: calls(
              [
                [
                  ['Players', '3'],
                  ['Seed', '7'],
                ],
              ],
              [[]],
              [[['Version', 'Master']]],
            ),
          }),
          tagsOf: fn({ valid: stateCalls() }),
          resultOf: fn({ valid: stateCalls() }),
        },
      },
      start: fn({
        valid: calls([], [{ players: 2, seed: 9, deckMode: 'perColour', stackCap: null }]),
      }),
      players: fn({ valid: stateCalls() }),
      toMove: fn({ valid: stateCalls() }),
      moves: fn({ valid: stateCalls() }),
      apply: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      explain: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      terminal: fn({ valid: stateCalls() }),
      score: fn({ valid: stateCalls() }),
      formatMove: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
      parseMove: fn({ valid: () => [[mid, torres.formatMove(mid, midMove)]] }),
      serialize: fn({ valid: stateCalls() }),
      deserialize: fn({ valid: () => [[torres.serialize(mid)], [torres.serialize(master)]] }),
      observe: fn({ valid: calls([mid, 0], [master, 3]) }),
      determinize: fn({
        valid: () => [
          [observed, 1, new Rng(3)],
          [start, 0, new Rng(1)],
        ],
      }),
      isPrivate: fn({ valid: calls([start, firstMove], [mid, midMove]) }),
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
            encode: {
              valid: () => [[torres.moves(searchAfterOneMove().state() as TorresState)[0]]],
            },
            // The fast path trusts what its own generator produced (SearchPosition contract).
            generate: {
              valid: calls([new Int32Array(4096), 0]),
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
            // The Position's own members: `search` is typed as SearchPosition, so typed code
            // reaches only the interface above.
            allocateDoors: 'private',
            doorValid: 'private',
            findDoor: 'private',
            findPlaceable: 'private',
            foldHash: 'private',
            groundNextToOne: 'private',
            growLog: 'private',
            heightChanged: 'private',
            placeableSet: 'private',
            relabel: 'private',
            track: 'private',
            trackAll: 'private',
            lastChanges: 'internal',
            actor: 'internal',
            step: 'internal',
            addTo: 'internal',
            blockTargets: 'internal',
            buyDeckLen: 'internal',
            castles: 'internal',
            clone: 'internal',
            doorSets: 'internal',
            doorTargets: 'internal',
            freeHi: 'internal',
            freeLo: 'internal',
            isFree: 'internal',
            rounds: 'internal',
            seatScore: 'internal',
            stepTargets: 'internal',
            write: 'internal',
          },
        },
      }),
    },
  },
  torresEvaluator: fn({
    valid: () => [[{ position: undefined, state: () => mid, toMove: () => 0 }]],
  }),
  outcome: fn({ valid: stateCalls() }),
  winners: fn({ valid: stateCalls() }),
};

const RENDER_SPECS: Record<string, Spec> = {
  SEAT_COLOURS: value,
  render: fn({
    valid: () => [
      [mid],
      [master, { size: 20, coordinates: false, highlight: ['c4', 'h8'], selected: 'a1' }],
      [start, { panel: false }],
    ],
    check: checkSvg,
  }),
};

describe('boardrules/torres: the error contract of every export', () => {
  runErrorContract('boardrules/torres', torresEntry, SPECS);
  runErrorContract('boardrules/torres/render', renderEntry, RENDER_SPECS);

  it('regressions: inherited option keys and wrong-typed arguments', () => {
    expect(codeOf(() => torres.start({ constructor: 5 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => torres.start(JSON.parse('{"__proto__":{}}')))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => torresEntry.squareName(64))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => torres.apply(start, { kind: Symbol('k') } as never))).toBe('ILLEGAL_MOVE');
  });

  it('regressions: renderer options are checked and never leak NaN into the SVG', () => {
    expect(codeOf(() => render(mid, { highlight: 1 } as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { size: Number.NaN }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { size: Number.POSITIVE_INFINITY }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => render(mid, { selected: 'z9' }))).toBe('INVALID_OPTIONS');
  });
});

afterAll(() => {
  const n = (k: string) => inputCounts.get(k) ?? 0;
  console.log(
    `error-contract inputs: boardrules/torres ${n('boardrules/torres')}, boardrules/torres/render ${n('boardrules/torres/render')}`,
  );
});
