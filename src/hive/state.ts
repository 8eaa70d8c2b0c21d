/**
 * Hive states and their positions. A state is plain data (type, options, history); the library
 * keeps, for each state it built or checked, its version in a shared game tree (lineage.ts), so
 * `apply` copies nothing and a state's position is reached in a few plays or undos. A state
 * from elsewhere (JSON) is replayed once, as its saved GameString would be, through the one core
 * state guard.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { refusedMove } from '../core/explain.js';
import { ReturnsItsArgument, type Stamps, stateGuard } from '../core/guard.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import type { StateOrigin } from '../core/tree.js';
import { buildBoard, checkBoard, formatBoardField, parseBoardField } from './board-field.js';
import { encodeMove } from './engine/codes.js';
import { findLegal } from './engine/moves.js';
import { gameSetup, type HiveGameType } from './engine/pieces.js';
import { Position } from './engine/position.js';
import { isOver } from './engine/rules.js';
import { refusalOf } from './explain.js';
import { childVersion, type HiveVersion, historyAt, positionAt, rootVersion } from './lineage.js';
import { formatMoveCode, parseMoveCode } from './notation.js';
import { type HiveOptions, resolveOptions } from './options.js';
import type { HiveMove, HiveState } from './types.js';

/**
 * The private field the guard keeps each state's version in. Declared in this module, not made by
 * the shared `stampsFor`: V8 shares inline caches among closures of one source site, so a field
 * declared in common code is read through one cache for every game's states, which goes megamorphic
 * once an app uses two games (Hive's apply-path perft ran 7.5 % more instructions after a few
 * Coerceo and Torres states had been through the guard).
 */
class HiveStamp extends ReturnsItsArgument {
  #version: HiveVersion;
  constructor(state: object, version: HiveVersion) {
    super(state);
    this.#version = version;
  }
  static readonly stamps: Stamps<HiveVersion> = {
    has: (o) => #version in o,
    get: (o) => (o as HiveStamp).#version,
    set: (o, f) => {
      (o as HiveStamp).#version = f;
    },
    add: (o, f) => {
      new HiveStamp(o, f);
    },
  };
}

/**
 * The one state guard (core/guard.ts): each state's version in its game tree (see `lineage.ts`;
 * states share positions). A state built outside this module (e.g. from JSON) is replayed once,
 * as its saved GameString would be (with `strictInput`, its history must be strict too), so it is
 * accepted exactly when that text reads back.
 */
const guard = stateGuard<HiveVersion>('Hive', replayState, HiveStamp.stamps);

/**
 * A new state at `version`. Its `history` is an own, enumerable property read through a getter
 * that builds the array from the version chain on first use (`historyAt`), so states stay plain
 * data for JSON, spreading and deep equality while `apply` copies nothing. `setup` is the board
 * field of a game that began from a position set up by hand (`board-field.ts`); the states of
 * other games have no such property, so they keep one shape.
 */
export function freezeState(
  type: HiveGameType,
  options: Readonly<HiveOptions>,
  version: HiveVersion,
  setup?: string,
): HiveState {
  const s = { type, options } as {
    type: HiveGameType;
    options: Readonly<HiveOptions>;
    setup?: string;
  };
  if (setup !== undefined) s.setup = setup;
  // `__defineGetter__` (ECMAScript Annex B) defines the same enumerable accessor as
  // `Object.defineProperty` would, and `freeze` below makes it non-configurable just the same.
  // It skips reading a descriptor object, which made building a state 25–35 % dearer (183
  // against 136 ns in a micro-benchmark; the apply-path perft runs 3 % fewer instructions).
  (s as unknown as LegacyAccessors).__defineGetter__('history', historyOfState);
  // Stamped before it is frozen, and never seen by anyone before: the guard keeps what it
  // knows on the state itself without asking where the object is registered already.
  return Object.freeze(guard.trustNew(s, version)) as HiveState;
}

/** `Object.prototype.__defineGetter__`, which TypeScript's libraries do not declare. */
interface LegacyAccessors {
  __defineGetter__(key: string, get: () => unknown): void;
}

/**
 * The one getter every state's `history` shares (so states share a shape too). `this` may
 * inherit from a state (`Object.create(state)`): the state is found on the chain.
 */
function historyOfState(this: object): readonly string[] {
  for (let o: object | null = this; o !== null; o = Object.getPrototypeOf(o)) {
    const v = guard.known(o);
    if (v) return historyAt(v);
  }
  throw new RulesError('INVALID_STATE', 'not a Hive state');
}

export function newPosition(options: Readonly<HiveOptions>): Position {
  const setup = gameSetup(options.type);
  return new Position(setup.mask, {
    tournamentOpening: options.tournamentOpening,
    repetitionDraw: options.repetitionDraw,
    maxPlies: options.maxPlies,
    roster: setup.roster,
  });
}

/**
 * The position of a board field (a position set up by hand), checked by the rules
 * (`board-field.ts`), and the field as the state keeps it: canonical, and `undefined` when the
 * board is the start of the game (White to move on turn 1, nothing on the board).
 */
export function boardPosition(
  options: Readonly<HiveOptions>,
  text: string,
  strict: boolean,
  where: string,
): { pos: Position; setup: string | undefined } {
  const raw = parseBoardField(text, strict);
  const pos = newPosition(options);
  const board = checkBoard(raw, options, pos.inGame, where, 'PARSE_ERROR');
  buildBoard(pos, board);
  return { pos, setup: pos.ply === 0 ? undefined : formatBoardField(board) };
}

/** Plays MoveStrings from `pos`, validating each (H-UHP-8). Returns the normalised texts. */
export function replay(pos: Position, moves: readonly string[], strict: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < moves.length; i++) {
    const text = moves[i];
    if (typeof text !== 'string') {
      throw new RulesError('PARSE_ERROR', `move ${i + 1} must be a MoveString, got ${quote(text)}`);
    }
    if (isOver(pos)) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `move ${i + 1} ${quote(text)}: the game is already over`,
        'H-END-7',
      );
    }
    let parsed: ReturnType<typeof parseMoveCode>;
    try {
      parsed = parseMoveCode(pos, text, strict);
    } catch (e) {
      if (e instanceof RulesError) {
        throw new RulesError(e.code, `move ${i + 1} ${quote(text)}: ${e.message}`);
      }
      throw e;
    }
    const m = findLegal(pos, parsed.move);
    if (m < 0) {
      throw refusedMove(`move ${i + 1} ${quote(text)}`, refusalOf(pos, parsed.move));
    }
    pos.play(m);
    out.push(parsed.normalized);
  }
  return out;
}

/**
 * The compact position of a state: a live view of the position its game tree shares (see
 * `lineage.ts`), valid until the next call for another state. Read it at once, or `clone()` it
 * to keep it.
 */
export function livePosition(state: HiveState, where = 'hive'): Position {
  return positionAt(versionOf(state, where));
}

/** A state's version, checked at entry point `where`: throws `INVALID_STATE` saying why not. */
export function versionOf(state: HiveState, where = 'hive'): HiveVersion {
  return guard.check(state, where);
}

/** Reads a state built outside this module by replaying it (see {@link guard}). */
function replayState(state: unknown): HiveVersion {
  if (
    !isPlainObject(state) ||
    typeof state.type !== 'string' ||
    !Array.isArray(state.history) ||
    !isPlainObject(state.options) ||
    (state.setup !== undefined && typeof state.setup !== 'string')
  ) {
    throw new RulesError(
      'INVALID_STATE',
      `expected { type, options, setup?, history }, got ${quote(state)}`,
    );
  }
  const options = resolveOptions({ ...state.options, type: state.type });
  const pos =
    state.setup === undefined
      ? newPosition(options)
      : boardPosition(options, state.setup, options.strictInput, 'setup').pos;
  const history = replay(pos, state.history as string[], options.strictInput);
  return rootVersion(pos, history);
}

export function checkedEncode(pos: Position, move: HiveMove): number {
  if (isOver(pos)) {
    throw new RulesError('GAME_OVER', 'the game is over: no move is legal', 'H-END-7');
  }
  const m = encodeMove(pos, move);
  const legal = findLegal(pos, m);
  if (legal < 0) throw refusedMove(`the move ${quote(move)}`, refusalOf(pos, m));
  return legal;
}

/**
 * The state after integer move `m` (trusted legal in `state`). Its MoveString is formatted when
 * its history is first read (see lineage.ts).
 */
export function successor(state: HiveState, m: number): HiveState {
  return freezeState(
    state.type,
    state.options,
    childVersion(versionOf(state), m, null),
    state.setup,
  );
}

/**
 * A position of its own for search and perft, made from `state` (H-PERFT-1/2): a copy of the
 * state's position that remembers the state, so its `state()` can rebuild one after any plays.
 */
export function searchPositionOf(state: HiveState, where = 'hive.search'): Position {
  const pos = livePosition(state, where).clone();
  pos.origin = new SearchOrigin(state, pos.ply);
  return pos;
}

/** What a search position was made from: a state and its ply. */
class SearchOrigin implements StateOrigin<Position, HiveState> {
  constructor(
    readonly state: HiveState,
    readonly ply: number,
  ) {}

  stateOf(pos: Position): HiveState {
    return stateOfSearch(pos, this);
  }
}

/**
 * The state of a search position (see {@link searchPositionOf}): its base state's moves up to
 * the current ply, then the moves played since, each formatted in the position it was played in.
 */
function stateOfSearch(pos: Position, base: SearchOrigin): HiveState {
  const k = pos.ply;
  const { type, options, history, setup } = base.state;
  // The base state's history ends at its ply (it began at `base.ply - history.length`).
  if (k <= base.ply) {
    const back = history.slice(0, history.length - (base.ply - k));
    return freezeState(type, options, rootVersion(unsearched(pos), back), setup);
  }
  // Re-render the moves played here: undo to the base, then replay formatting each.
  const moves: number[] = [];
  for (let i = base.ply; i < k; i++) moves.push(pos.moveAt(i));
  for (let i = base.ply; i < k; i++) pos.undo();
  const texts = history.slice();
  for (const m of moves) {
    texts.push(formatMoveCode(pos, m));
    pos.play(m);
  }
  return freezeState(type, options, rootVersion(unsearched(pos), texts), setup);
}

/** A copy of a search position for a game tree (it plays for the tree, not for a search). */
function unsearched(pos: Position): Position {
  const copy = pos.clone();
  copy.origin = null;
  return copy;
}
