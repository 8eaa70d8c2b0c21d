/**
 * Torres options: one per ruling of the specification (§14), with the spec's names and
 * defaults, and their strict validation.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { isPlainObject, readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';
import { MAX_STACK } from './engine/phases.js';

/** How action cards are bought (T-DECK-1). */
export type DeckMode = 'shared' | 'perColour' | 'draft' | 'masterHand';

/** Every Torres option. `start` accepts any subset; the state stores the full resolved set. */
export interface TorresOptions {
  /** Number of seats, 2..4 (T-COMP-1). Default 4. */
  readonly players: number;
  /**
   * Seed of the state's RNG (T-RNG-1). Default 0. `null` in a state means the seed is not known
   * from it: an observation (T-OBS-2), or a deal made by a server from a source of its own
   * (`torres.determinize`); `start` needs a number.
   */
  readonly seed: number | null;
  /** `'basic'` or `'master'` (T-MASTER). Default `'basic'`. */
  readonly version: 'basic' | 'master';
  /** T-DECK-1. Default `'shared'`; `version: 'master'` forces `'masterHand'`. */
  readonly deckMode: DeckMode;
  /** T-SETUP-1 / T-RULE-20: the first player's seat, or `'random'` (drawn first, T-RNG-2). Default 0. */
  readonly firstPlayer: number | 'random';
  /** T-MASTER-CARD-1: `'random'` (default) or a master card 1..8. Only used by the master version. */
  readonly masterCard: number | 'random';
  /** T-COMP-1. Default 6. */
  readonly knightsPerPlayer: number;
  /** T-COMP-1. Default 92. */
  readonly totalBlocks: number;
  /** T-PHASE-1 / T-RULE-1: stack sizes per phase (3 lists); `null` = the table for the player count. */
  readonly phaseStacks: readonly (readonly number[])[] | null;
  /** T-RULE-3: the largest stack after redistribution; `null` = no cap. Default 3. */
  readonly stackCap: number | null;
  /** T-RULE-4: carry up to 3 unused blocks of a phase's last turn into the next phase. Default false. */
  readonly carryOverBlocks: boolean;
  /** T-RULE-12: `'mandatory'` (default) or `'optional'` redistribution. */
  readonly redistribution: 'mandatory' | 'optional';
  /** T-RULE-5 / T-ORDER-2: who starts phases 2 and 3. Default `'lowest'`. */
  readonly phaseStartPlayer: 'lowest' | 'highest';
  /** T-RULE-13 / T-ORDER-4: `'fixed'` (default) or `'leaderEachRound'`. */
  readonly roundOrder: 'fixed' | 'leaderEachRound';
  /** T-RULE-14 / T-SCORE-2: `'turnOrder'` (default) or `'leaderFirst'`. */
  readonly scoringOrder: 'turnOrder' | 'leaderFirst';
  /** T-RULE-2 / T-CARD-JUMP-1: may the king be jumped? Default false. */
  readonly jumpOverKing: boolean;
  /** T-RULE-2 / T-CARD-CLIMB2-1: `'exact'` (default) or `'upTo'`. */
  readonly climbTwo: 'exact' | 'upTo';
  /** T-RULE-15 / T-MASTER-SETUP-1: `'manhattan'` (default) or `'rowColumn'`. */
  readonly castleSpacing: 'manhattan' | 'rowColumn';
  /** T-RULE-16 / T-SETUP-2: the 8 start squares of the basic game. */
  readonly startSquares: readonly string[];
  /** T-RULE-7 / T-MASTER-CONTIG-1: `'orthogonal'` (default) or `'eightWay'`. */
  readonly masterContiguity: 'orthogonal' | 'eightWay';
  /** T-RULE-7 / T-MASTER-LINE-1: `'orthogonal'` (default) or `'withDiagonals'`. */
  readonly masterLine: 'orthogonal' | 'withDiagonals';
  /** T-RULE-7 / T-MASTER-SQUARE-1: `'axis'` (default) or `'anyOrientation'`. */
  readonly masterSquare: 'axis' | 'anyOrientation';
  /** T-RULE-9: knights on the board needed for an "all your knights" master card. Default 2. */
  readonly masterMinKnights: number;
}

/** T-RULE-16: d8 c6 f6 h5 a4 c3 f3 e1 (TobiHol's layout, its top row mapped to rank 8). */
export const DEFAULT_START_SQUARES: readonly string[] = [
  'd8',
  'c6',
  'f6',
  'h5',
  'a4',
  'c3',
  'f3',
  'e1',
];

/** The defaults of every option. */
export const DEFAULT_OPTIONS: TorresOptions = {
  players: 4,
  seed: 0,
  version: 'basic',
  deckMode: 'shared',
  firstPlayer: 0,
  masterCard: 'random',
  knightsPerPlayer: 6,
  totalBlocks: 92,
  phaseStacks: null,
  stackCap: 3,
  carryOverBlocks: false,
  redistribution: 'mandatory',
  phaseStartPlayer: 'lowest',
  roundOrder: 'fixed',
  scoringOrder: 'turnOrder',
  jumpOverKing: false,
  climbTwo: 'exact',
  castleSpacing: 'manhattan',
  startSquares: DEFAULT_START_SQUARES,
  masterContiguity: 'orthogonal',
  masterLine: 'orthogonal',
  masterSquare: 'axis',
  masterMinKnights: 2,
};

const KEYS = Object.keys(DEFAULT_OPTIONS) as (keyof TorresOptions)[];

function bad(code: 'INVALID_OPTIONS' | 'INVALID_STATE', field: string, why: string): never {
  throw new RulesError(code, `option '${field}' ${why}`);
}

function oneOf<T extends string>(
  code: 'INVALID_OPTIONS' | 'INVALID_STATE',
  field: string,
  v: unknown,
  allowed: readonly T[],
): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    bad(code, field, `must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${quote(v)}`);
  }
  return v as T;
}

function int(
  code: 'INVALID_OPTIONS' | 'INVALID_STATE',
  field: string,
  v: unknown,
  min: number,
  max: number,
): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    bad(code, field, `must be an integer in ${min}..${max}, got ${quote(v)}`);
  }
  return v;
}

function bool(code: 'INVALID_OPTIONS' | 'INVALID_STATE', field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') bad(code, field, `must be true or false, got ${quote(v)}`);
  return v;
}

const SQUARE_RE = /^[a-h][1-8]$/;

/**
 * Validates a partial options object and fills in the defaults. Throws
 * `RulesError(code)` naming the offending option (`INVALID_OPTIONS` from `start`,
 * `INVALID_STATE` when reading a serialized state).
 */
export function resolveOptions(
  input: unknown,
  code: 'INVALID_OPTIONS' | 'INVALID_STATE' = 'INVALID_OPTIONS',
  requireAll = false,
): TorresOptions {
  const o = readOptions(input, 'Torres options', KEYS, code);
  // An explicit `undefined` is missing too: the state keeps the object it was given.
  if (requireAll) for (const k of KEYS) if (o[k] === undefined) bad(code, k, 'is missing');
  const get = (k: keyof TorresOptions): unknown => (o[k] === undefined ? DEFAULT_OPTIONS[k] : o[k]);
  const players = int(code, 'players', get('players'), 2, 4);
  const seed = seedOf(code, get('seed'));
  const version = oneOf(code, 'version', get('version'), ['basic', 'master'] as const);
  let deckMode = oneOf(code, 'deckMode', get('deckMode'), [
    'shared',
    'perColour',
    'draft',
    'masterHand',
  ] as const);
  if (version === 'master') {
    // T-DECK-1: the master version forces full hands.
    if (o.deckMode !== undefined && deckMode !== 'masterHand') {
      bad(code, 'deckMode', `must be 'masterHand' (or absent) with version 'master'`);
    }
    deckMode = 'masterHand';
  }
  const fp = get('firstPlayer');
  const firstPlayer = fp === 'random' ? 'random' : int(code, 'firstPlayer', fp, 0, players - 1);
  const mc = get('masterCard');
  const masterCard = mc === 'random' ? 'random' : int(code, 'masterCard', mc, 1, 8);
  const knightsPerPlayer = int(code, 'knightsPerPlayer', get('knightsPerPlayer'), 1, 16);
  const totalBlocks = int(code, 'totalBlocks', get('totalBlocks'), 8, 1000);
  const ps = get('phaseStacks');
  let phaseStacks: number[][] | null = null;
  if (ps !== null) {
    if (!Array.isArray(ps) || ps.length !== 3)
      bad(code, 'phaseStacks', 'must be null or 3 lists of stack sizes');
    phaseStacks = Array.from(ps, (list, i) => {
      if (!Array.isArray(list) || list.length < 1 || list.length > 8) {
        bad(code, `phaseStacks[${i}]`, 'must be a list of 1..8 stack sizes');
      }
      return Array.from(list, (v, j) => int(code, `phaseStacks[${i}][${j}]`, v, 0, MAX_STACK));
    });
  }
  const sc = get('stackCap');
  const stackCap = sc === null ? null : int(code, 'stackCap', sc, 1, MAX_STACK);
  const startRaw = get('startSquares');
  if (!Array.isArray(startRaw) || startRaw.length !== 8) {
    bad(code, 'startSquares', 'must be a list of 8 square names');
  }
  const startSquares = Array.from(startRaw, (s, i) => {
    if (typeof s !== 'string' || !SQUARE_RE.test(s)) {
      bad(code, `startSquares[${i}]`, `must be a square name a1..h8, got ${quote(s)}`);
    }
    return s;
  });
  if (new Set(startSquares).size !== 8) bad(code, 'startSquares', 'must name 8 different squares');
  for (let i = 0; i < 8; i++) {
    for (let j = i + 1; j < 8; j++) {
      const a = startSquares[i];
      const b = startSquares[j];
      const d =
        Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) + Math.abs(a.charCodeAt(1) - b.charCodeAt(1));
      // Two start castles must not touch orthogonally (T-GEO-6).
      if (d < 2) bad(code, 'startSquares', `${a} and ${b} would form one castle`);
    }
  }
  return {
    players,
    seed,
    version,
    deckMode,
    firstPlayer,
    masterCard,
    knightsPerPlayer,
    totalBlocks,
    phaseStacks,
    stackCap,
    carryOverBlocks: bool(code, 'carryOverBlocks', get('carryOverBlocks')),
    redistribution: oneOf(code, 'redistribution', get('redistribution'), [
      'mandatory',
      'optional',
    ] as const),
    phaseStartPlayer: oneOf(code, 'phaseStartPlayer', get('phaseStartPlayer'), [
      'lowest',
      'highest',
    ] as const),
    roundOrder: oneOf(code, 'roundOrder', get('roundOrder'), ['fixed', 'leaderEachRound'] as const),
    scoringOrder: oneOf(code, 'scoringOrder', get('scoringOrder'), [
      'turnOrder',
      'leaderFirst',
    ] as const),
    jumpOverKing: bool(code, 'jumpOverKing', get('jumpOverKing')),
    climbTwo: oneOf(code, 'climbTwo', get('climbTwo'), ['exact', 'upTo'] as const),
    castleSpacing: oneOf(code, 'castleSpacing', get('castleSpacing'), [
      'manhattan',
      'rowColumn',
    ] as const),
    startSquares,
    masterContiguity: oneOf(code, 'masterContiguity', get('masterContiguity'), [
      'orthogonal',
      'eightWay',
    ] as const),
    masterLine: oneOf(code, 'masterLine', get('masterLine'), [
      'orthogonal',
      'withDiagonals',
    ] as const),
    masterSquare: oneOf(code, 'masterSquare', get('masterSquare'), [
      'axis',
      'anyOrientation',
    ] as const),
    masterMinKnights: int(code, 'masterMinKnights', get('masterMinKnights'), 1, 16),
  };
}

function seedOf(code: 'INVALID_OPTIONS' | 'INVALID_STATE', seed: unknown): number | null {
  // T-OBS-2: an observed state keeps no seed, and nothing can be dealt again from it.
  if (seed === null) {
    if (code === 'INVALID_STATE') return null;
    bad(
      code,
      'seed',
      'is null: an observed or server-dealt state hides its seed, and start needs a number',
    );
  }
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    bad(code, 'seed', `must be an integer in 0..2^32-1, got ${quote(seed)}`);
  }
  return seed;
}

/** Options as `start` resolves them: the seed is always a number there. */
export type StartOptions = TorresOptions & { readonly seed: number };

/**
 * The last options `start` resolved whose values are all primitives (their keys and values in
 * order), and what they gave: a pure one-entry memo (what it returns depends only on its input),
 * one module-private object rather than loose bindings.
 */
const last: {
  keys: readonly string[];
  values: readonly unknown[];
  resolved: StartOptions | null;
} = { keys: [], values: [], resolved: null };

/**
 * {@link resolveOptions} for `start`. A bot, a server or a bench starts game after game with
 * the same options and another seed: when every option but the seed equals the last input's
 * (same keys in the same order, each value a primitive and `===`), only the seed is checked and
 * the rest of the last result is reused, instead of checking every option (and the start
 * squares' geometry) again.
 */
export function resolveStartOptions(input: unknown): StartOptions {
  if (last.resolved !== null && isPlainObject(input)) {
    const keys = Object.keys(input);
    let same = keys.length === last.keys.length;
    for (let i = 0; same && i < keys.length; i++) {
      const k = keys[i] as string;
      same = k === last.keys[i] && (k === 'seed' || input[k] === last.values[i]);
    }
    if (same) {
      const seed = input.seed === undefined ? DEFAULT_OPTIONS.seed : input.seed;
      return { ...last.resolved, seed: seedOf('INVALID_OPTIONS', seed) as number };
    }
  }
  // `seedOf` refuses a null seed under INVALID_OPTIONS: a start always has a number.
  const resolved = resolveOptions(input) as StartOptions;
  if (isPlainObject(input)) {
    const keys = Object.keys(input);
    const values = keys.map((k) => input[k]);
    if (values.every((v) => v === null || typeof v !== 'object')) {
      last.keys = keys;
      last.values = values;
      last.resolved = resolved;
    }
  }
  return resolved;
}
