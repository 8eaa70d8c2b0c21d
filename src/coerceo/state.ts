/**
 * Coerceo states: building them from what a save holds (C-NOTATION-5: position data, the
 * reversible moves since the last irreversible turn, the rulings and a resignation), and the
 * check every public entry point runs on the state it is given. A value that is not a valid
 * {@link CoerceoState} is a `RulesError('INVALID_STATE')` naming the field or the broken rule,
 * never a `TypeError` deep inside the move generator, and never a state whose saved text the
 * library's own `deserialize` would refuse: the check reads back the text the state would be
 * saved as ({@link savedText}) and compares, so one reader decides what a valid state is.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { ReturnsItsArgument, type Stamps, stateGuard } from '../core/guard.js';
import { quote } from '../core/quote.js';
import { colourIndex, fieldByName, fieldColour } from './board.js';
import { MAX_MOVES } from './codes.js';
import {
  formatCpf,
  formatTail,
  parseCpf,
  parseMove,
  parseStateText,
  type StateTail,
  stepBetween,
  validatePosition,
} from './notation.js';
import type { CoerceoRulings } from './options.js';
import { CoerceoPosition, type CoerceoSetup, type PositionOrigin } from './position.js';
import { endStatus, LIVE, outcomeOf, statusCode } from './rules.js';
import type { CoerceoMove, CoerceoState, PositionData } from './types.js';

/** Scratch move buffer (every use is synchronous and finishes before the next). */
const scratch = new Int32Array(MAX_MOVES);

/** The integer code of `move` in `pos` if it is legal there, else −1. */
export function legalCode(pos: CoerceoPosition, move: CoerceoMove): number {
  const code = pos.encodeOrNegative(move);
  if (code < 0) return -1;
  const n = pos.generate(scratch, 0);
  for (let i = 0; i < n; i++) if (scratch[i] === code) return code;
  return -1;
}

/** Builds a state from position data with no history, evaluating the end rules (C-END-7). */
export function stateFromData(data: PositionData, rulings: CoerceoRulings): CoerceoState {
  const state: CoerceoState = trustState({
    pieces: [data.pieces[0], data.pieces[1], data.pieces[2], data.pieces[3]],
    tiles: data.tiles,
    held: [data.held[0], data.held[1]],
    side: data.side,
    layout: data.layout,
    exchangeCost: data.exchangeCost,
    rulings,
    history: [],
    since: [],
    resigned: null,
    status: LIVE,
  });
  const status = endStatus(positionOf(state));
  return status === LIVE ? state : trustState({ ...state, status });
}

/** C-END-2: the state after `seat` resigned (the caller checked the game goes on). */
export function resigned(state: CoerceoState, seat: 0 | 1): CoerceoState {
  return trustState({ ...state, resigned: seat, status: statusCode('resignation', 1 - seat) });
}

/** The numbers a position is set up from, read off the checked `state` (hash words if known). */
function setupOf(state: CoerceoState, known: StateFacts | null): CoerceoSetup {
  const rulings = state.rulings;
  return {
    pieces: state.pieces,
    tiles: state.tiles,
    held: state.held,
    side: state.side,
    status: state.status,
    exchangeCost: state.exchangeCost,
    repetitionDraw: rulings.repetitionDraw,
    insufficientDraw: rulings.insufficientMaterialDraw,
    lossOnNoMoves: rulings.noLegalMoves === 'loss',
    history: state.history,
    hLo: known?.hLo,
    hHi: known?.hHi,
  };
}

/** A position of its own showing the checked (or library-built) `state`. */
export function positionOf(state: CoerceoState): CoerceoPosition {
  const pos = new CoerceoPosition();
  pos.setUp(setupOf(state, null));
  return pos;
}

/**
 * The state `pos` shows after one play made while it showed `prev`: the history entries, move
 * texts and held tiles the play left alone are `prev`'s own (immutable, so shared) instead of
 * rebuilt — the repetition history grows by `prev`'s pieces and the step's text, or restarts
 * after an irreversible turn (C-END-5).
 */
function stateAfter(prev: CoerceoState, pos: CoerceoPosition): CoerceoState {
  const top = pos.stackTop();
  const restarted = pos.segmentStart() === top;
  const held = prev.held;
  const heldW = pos.heldBy(0);
  const heldB = pos.heldBy(1);
  return trustHashed(pos.hashLo(), pos.hashHi(), {
    pieces: [pos.pieceWord(0), pos.pieceWord(1), pos.pieceWord(2), pos.pieceWord(3)],
    tiles: pos.tiles,
    held: held[0] === heldW && held[1] === heldB ? held : [heldW, heldB],
    side: pos.toMove() as 0 | 1,
    layout: prev.layout,
    exchangeCost: prev.exchangeCost,
    rulings: prev.rulings,
    history: restarted ? [] : [...prev.history, prev.pieces],
    since: restarted ? [] : [...prev.since, stepTextAt(pos, top - 1)],
    resigned: prev.resigned,
    status: pos.status,
  });
}

/** The text of the step from position `j` of `pos`'s sequence to the next one (a reversible step). */
function stepTextAt(pos: CoerceoPosition, j: number): string {
  const c = pos.toMove() ^ ((pos.stackTop() - j) & 1); // each play flips the side
  return stepBetween(
    c,
    pos.pieceWordAt(j, 2 * c),
    pos.pieceWordAt(j, 2 * c + 1),
    pos.pieceWordAt(j + 1, 2 * c),
    pos.pieceWordAt(j + 1, 2 * c + 1),
  );
}

/**
 * What a search position was made from (`coerceo.search`): the state, and where its position
 * stood in the search position's sequence. Its `stateOf` is the search position's `state()`.
 */
class SearchOrigin implements PositionOrigin {
  constructor(
    private readonly from: CoerceoState,
    private readonly at: number,
  ) {}

  /**
   * The state `pos` shows, with the repetition history (positions and move texts since the last
   * irreversible turn) carried along: the entries from before the search are the state's own
   * (immutable, so shared), later ones are read off the position's undo stack.
   */
  stateOf(pos: CoerceoPosition): CoerceoState {
    const from = this.from;
    const at = this.at;
    const top = pos.stackTop();
    // The search position never undoes below `at`, so its segment starts at or after `from`'s.
    const first = at - from.history.length;
    const history: Array<readonly [number, number, number, number]> = [];
    const since: string[] = [];
    for (let j = pos.segmentStart(); j < top; j++) {
      if (j < at) {
        history.push(from.history[j - first] as readonly [number, number, number, number]);
        since.push(from.since[j - first] as string);
      } else {
        history.push([
          pos.pieceWordAt(j, 0),
          pos.pieceWordAt(j, 1),
          pos.pieceWordAt(j, 2),
          pos.pieceWordAt(j, 3),
        ]);
        since.push(stepTextAt(pos, j));
      }
    }
    return trustHashed(pos.hashLo(), pos.hashHi(), {
      pieces: [pos.pieceWord(0), pos.pieceWord(1), pos.pieceWord(2), pos.pieceWord(3)],
      tiles: pos.tiles,
      held: [pos.heldBy(0), pos.heldBy(1)],
      side: pos.toMove() as 0 | 1,
      layout: from.layout,
      exchangeCost: from.exchangeCost,
      rulings: from.rulings,
      history,
      since,
      // Nothing is played after a resignation: it ends the game.
      resigned: top === at ? from.resigned : null,
      status: pos.status,
    });
  }
}

/**
 * A search position of its own for `state` (checked at entry point `where`): a copy of its
 * position whose `state()` rebuilds a state after any plays.
 */
export function searchPositionOf(state: unknown, where: string): CoerceoPosition {
  const pos = readPosition(state, where).clone();
  pos.origin = new SearchOrigin(state as CoerceoState, pos.stackTop());
  return pos;
}

/** C-NOTATION-5: the full state string (CPF, options, history, resignation). */
export function savedText(state: CoerceoState): string {
  const tail = formatTail(state);
  const cpf = formatCpf(state);
  return tail === '' ? cpf : `${cpf} ${tail}`;
}

/** C-NOTATION-5: reads a full state string (see {@link loadState}). */
export function readSavedText(text: string): CoerceoState {
  const { cpf, tail } = parseStateText(text);
  return loadState(parseCpf(cpf), tail);
}

function invalid(message: string): RulesError {
  return new RulesError('INVALID_STATE', message);
}

/** A step move. */
type CoerceoStep = Extract<CoerceoMove, { kind: 'step' }>;

/**
 * C-NOTATION-4/5: the state of a save, from the parts `parseCpf` and `parseStateText` read. The
 * history steps are undone from the position, last first; each must reverse legally, and replaying them forwards must be legal, capture nothing,
 * remove no tile and never pass a finished position. Throws `INVALID_STATE` naming the step.
 */
export function loadState(data: PositionData, tail: StateTail): CoerceoState {
  validatePosition(data);
  let state: CoerceoState;
  if (tail.since.length === 0) {
    state = stateFromData(data, tail.rulings);
  } else {
    // `parseStateText` read each item as a long-form step.
    const steps = tail.since.map((text) => parseMove(text) as CoerceoStep);
    // Undo the history from the last step back, then replay it forwards.
    const cpfs: string[] = [formatCpf(data)];
    let pieces = data.pieces.slice() as [number, number, number, number];
    let side: 0 | 1 = data.side;
    for (let k = steps.length - 1; k >= 0; k--) {
      const m = steps[k] as CoerceoStep;
      const mover = (1 - side) as 0 | 1;
      const from = fieldByName(m.from);
      const to = fieldByName(m.to);
      const bit = (id: number): [number, number] => {
        const ci = colourIndex(id);
        return ci < 32 ? [1 << ci, 0] : [0, 1 << (ci - 32)];
      };
      const [toLo, toHi] = bit(to);
      const [fromLo, fromHi] = bit(from);
      // A field holds only pieces of its own colour, so the origin is empty iff the mover has
      // no piece there.
      const occLo = pieces[2 * mover];
      const occHi = pieces[2 * mover + 1];
      if (
        fieldColour(from) !== mover ||
        fieldColour(to) !== mover ||
        (occLo & toLo) !== toLo ||
        (occHi & toHi) !== toHi ||
        (occLo & fromLo) !== 0 ||
        (occHi & fromHi) !== 0 ||
        !((data.tiles >> ((from / 6) | 0)) & 1)
      ) {
        throw invalid(
          `history step ${k} ${quote(tail.since[k])} cannot be undone from the position after it`,
        );
      }
      pieces = pieces.slice() as [number, number, number, number];
      pieces[2 * mover] = occLo ^ toLo ^ fromLo;
      pieces[2 * mover + 1] = occHi ^ toHi ^ fromHi;
      side = mover;
      cpfs.unshift(formatCpf({ ...data, pieces, side }));
    }
    const first: PositionData = { ...data, pieces, side };
    try {
      validatePosition(first);
    } catch (e) {
      throw invalid(
        `history: the position before it is invalid: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    state = stateFromData(first, tail.rulings);
    for (let k = 0; k < steps.length; k++) {
      if (state.status !== LIVE) throw invalid(`history step ${k}: the game was already over`);
      const pos = positionOf(state);
      const code = legalCode(pos, steps[k] as CoerceoMove);
      if (code < 0) throw invalid(`history step ${k} ${quote(tail.since[k])} is not a legal move`);
      pos.play(code);
      state = stateAfter(state, pos);
      if (formatCpf(state) !== cpfs[k + 1] || state.since.length !== k + 1) {
        throw invalid(
          `history step ${k} ${quote(tail.since[k])} captures or removes a tile, so it cannot be in the history`,
        );
      }
    }
  }
  if (tail.resigned !== null) {
    if (state.status !== LIVE) throw invalid('a resignation after the game was over');
    state = resigned(state, tail.resigned);
  }
  return state;
}

/** Present-tile bits: 19 tiles. */
const TILE_MASK = (1 << 19) - 1;
/** High word of a 57-bit colour-index set: indices 32..56. */
const HI_MASK = (1 << 25) - 1;
/** At most every tile of the board can be held. */
const MAX_HELD = 19;

/**
 * What the library keeps about a valid state: its Zobrist hash words (so reading it back into
 * a position skips the rehash) and its move list once `moves` built it.
 */
export interface StateFacts {
  readonly hLo: number;
  readonly hHi: number;
  /** `coerceo.moves` of the state, once asked for. */
  moves: readonly CoerceoMove[] | undefined;
  /** Where in `moves` `apply` starts looking for its move (after the one found last). */
  cursor: number;
}

/**
 * The private field the guard keeps each state's facts in. Declared in this module, not made by the
 * shared `stampsFor`: V8 shares inline caches among closures of one source site, so a field
 * declared in common code is read through one cache for every game's states, which goes megamorphic
 * once an app uses two games (Hive's apply-path perft ran 7.5 % more instructions after a few
 * Coerceo and Torres states had been through the guard).
 */
class CoerceoStamp extends ReturnsItsArgument {
  #facts: StateFacts | null;
  constructor(state: object, facts: StateFacts | null) {
    super(state);
    this.#facts = facts;
  }
  static readonly stamps: Stamps<StateFacts | null> = {
    has: (o) => #facts in o,
    get: (o) => (o as CoerceoStamp).#facts,
    set: (o, f) => {
      (o as CoerceoStamp).#facts = f;
    },
    add: (o, f) => {
      new CoerceoStamp(o, f);
    },
  };
}

/**
 * The one state guard (core/guard.ts): a state passes when it has the shape of a
 * {@link CoerceoState} ({@link shapeError}) and is exactly what its own saved text reads back
 * as ({@link ruleError}). States that passed, and the states the library builds, are
 * remembered, so the hot `apply`/`moves` path pays one lookup per call. What is remembered is
 * the state's {@link StateFacts} once they are known, else `null`.
 */
const guard = stateGuard<StateFacts | null>(
  'Coerceo',
  (state) => {
    const why = shapeError(state) ?? ruleError(state as CoerceoState);
    if (why !== null) throw new RulesError('INVALID_STATE', why);
    return null;
  },
  CoerceoStamp.stamps,
);

/** Marks a state the library built as checked (it is valid by construction). */
export function trustState<S extends CoerceoState>(state: S): S {
  return guard.trust(state, null);
}

/** Marks a state a position has just built (a fresh object) as checked, with its hash words. */
export function trustHashed(hLo: number, hHi: number, state: CoerceoState): CoerceoState {
  return guard.trustNew(state, { hLo, hHi, moves: undefined, cursor: 0 });
}

/**
 * Returns `state` typed as a `CoerceoState` if it is a valid one; otherwise throws
 * `RulesError('INVALID_STATE')` saying which field or rule is broken, prefixed by `where` (the
 * entry point). Never throws anything else for plain values (getters that throw and proxies
 * aside).
 */
export function checkState(state: unknown, where: string): CoerceoState {
  guard.check(state, where);
  return state as CoerceoState;
}

/**
 * One position, shared: {@link readPosition} loads the state asked about into it instead of
 * building a position (and its undo stack) per state. Built on first use.
 */
let reader: CoerceoPosition | null = null;
/** The state `reader` shows, or `null` when it shows none for sure. */
let readerShows: CoerceoState | null = null;
/**
 * The state `reader` showed before its last play (by {@link playOnReader}), or `null`: asked
 * for it again, the reader takes the play back instead of loading it (a search over `apply`
 * returns to the parent after every child).
 */
let readerCameFrom: CoerceoState | null = null;

/**
 * The facts of `state` (checked at entry point `where`), computed (by loading the state into
 * the shared reading position) when not yet known.
 */
export function factsOf(state: unknown, where: string): StateFacts {
  const known = guard.check(state, where);
  if (known !== null) return known;
  readPosition(state, where);
  return guard.known(state as CoerceoState) as StateFacts;
}

/**
 * The position of `state` (checked at entry point `where`): the one shared reading position,
 * loaded with `state`. **Valid until the next call** and **read-only** — callers generate and
 * read from it, then drop it; only `apply` plays on it ({@link playOnReader}); a position to
 * keep is a `clone()` of it. So `moves`, the legality check and `apply` on one state share one load.
 */
export function readPosition(state: unknown, where: string): CoerceoPosition {
  return loaded(state as CoerceoState, guard.check(state, where));
}

/**
 * The reading position showing the checked `state`, whose facts are `known` (or `null`): what
 * {@link readPosition} does once the caller has checked the state itself.
 */
export function loaded(state: CoerceoState, known: StateFacts | null): CoerceoPosition {
  if (reader === null) {
    reader = positionOf(state);
  } else if (readerShows === state) {
    return reader;
  } else if (readerCameFrom === state) {
    reader.undo();
  } else {
    reader.setUp(setupOf(state, known));
  }
  readerShows = state;
  readerCameFrom = null;
  if (known === null) {
    guard.trust(state, { hLo: reader.hashLo(), hHi: reader.hashHi(), moves: undefined, cursor: 0 });
  }
  return reader;
}

/**
 * Plays `code`, a legal move, on the reading position of the checked `state` (whose
 * facts are `facts`) and returns the state after it, which the reading position then shows (so
 * `moves` of it right after costs no load).
 */
export function playOnReader(state: CoerceoState, facts: StateFacts, code: number): CoerceoState {
  const pos = loaded(state, facts);
  pos.play(code);
  const next = stateAfter(state, pos);
  readerShows = next;
  readerCameFrom = state;
  return next;
}

/**
 * What rule a well-shaped state breaks, or `null`: it must be exactly the state its saved text
 * reads back as (C-NOTATION-4/5/6), so the invariants are the ones `deserialize` checks.
 */
function ruleError(s: CoerceoState): string | null {
  let back: CoerceoState;
  try {
    back = readSavedText(savedText(s));
  } catch (e) {
    return e instanceof RulesError ? e.message : String(e);
  }
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  if (!same(s.pieces, back.pieces)) {
    return "field 'pieces' holds a piece on a field whose tile is not on the board (C-BOARD-6)";
  }
  if (!same(s.since, back.since) || s.resigned !== back.resigned) {
    return "fields 'since' and 'resigned' do not read back from the saved text (C-NOTATION-5)";
  }
  if (!same(s.history, back.history)) {
    return "field 'history' does not list the positions its moves 'since' pass through (C-END-5)";
  }
  if (s.status !== back.status) {
    return `field 'status' says ${statusText(s.status)}, but the position gives ${statusText(back.status)} (C-END-7)`;
  }
  // The remaining fields are written to the text and read back exactly once well-shaped.
  return null;
}

function statusText(status: number): string {
  const o = outcomeOf(status);
  if (o === null) return 'the game goes on';
  return `${o.winner === null ? 'a draw' : `${o.winner} wins`} (${o.reason})`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isInt32(v: unknown): boolean {
  return typeof v === 'number' && (v | 0) === v;
}

/** A 57-bit colour-index set per colour as 4 words: lo (any int32), hi (25 bits) per colour. */
function isPieceSet(v: unknown): boolean {
  if (!Array.isArray(v) || v.length !== 4) return false;
  for (let w = 0; w < 4; w++) {
    const x: unknown = v[w];
    if (!isInt32(x)) return false;
    if (w & 1 && ((x as number) & ~HI_MASK) !== 0) return false;
  }
  return true;
}

/** What is wrong with the shape of `s`, or `null` when it has the shape of a `CoerceoState`. */
function shapeError(s: unknown): string | null {
  if (!isObject(s)) return `expected an object, got ${quote(s)}`;
  const field = (name: string, want: string): string =>
    `field '${name}' must be ${want}, got ${quote(s[name])}`;
  if (!isPieceSet(s.pieces)) {
    return field('pieces', 'an array of 4 int32 piece-set words (odd words below 2^25)');
  }
  const tiles = s.tiles;
  if (!isInt32(tiles) || ((tiles as number) & ~TILE_MASK) !== 0) {
    return field('tiles', 'an integer tile set in 0..2^19-1');
  }
  const held = s.held;
  if (
    !Array.isArray(held) ||
    held.length !== 2 ||
    !isHeld(held[0] as unknown) ||
    !isHeld(held[1] as unknown)
  ) {
    return field('held', `an array of 2 integers in 0..${MAX_HELD}`);
  }
  if (s.side !== 0 && s.side !== 1) return field('side', '0 or 1');
  if (s.layout !== 'L' && s.layout !== 'O' && s.layout !== 'C') {
    return field('layout', "'L', 'O' or 'C'");
  }
  if (s.exchangeCost !== 1 && s.exchangeCost !== 2) return field('exchangeCost', '1 or 2');
  const rulings = s.rulings;
  if (!isObject(rulings)) return field('rulings', 'an object');
  for (const key of ['repetitionDraw', 'insufficientMaterialDraw', 'cura']) {
    if (typeof rulings[key] !== 'boolean') {
      return `field 'rulings.${key}' must be a boolean, got ${quote(rulings[key])}`;
    }
  }
  if (rulings.noLegalMoves !== 'draw' && rulings.noLegalMoves !== 'loss') {
    return `field 'rulings.noLegalMoves' must be 'draw' or 'loss', got ${quote(rulings.noLegalMoves)}`;
  }
  const history = s.history;
  if (!Array.isArray(history)) return field('history', 'an array of piece sets');
  for (let i = 0; i < history.length; i++) {
    if (!isPieceSet(history[i])) {
      return `field 'history[${i}]' must be an array of 4 int32 piece-set words, got ${quote(history[i])}`;
    }
  }
  const since = s.since;
  if (!Array.isArray(since)) return field('since', 'an array of move texts');
  if (since.length !== history.length) {
    return `field 'since' must have one move text per 'history' entry (${history.length}), got ${since.length}`;
  }
  for (let i = 0; i < since.length; i++) {
    if (typeof since[i] !== 'string') {
      return `field 'since[${i}]' must be a string, got ${quote(since[i])}`;
    }
  }
  if (s.resigned !== null && s.resigned !== 0 && s.resigned !== 1) {
    return field('resigned', 'null, 0 or 1');
  }
  if (!isStatus(s.status)) return field('status', 'an end status code (0 while live)');
  return null;
}

function isHeld(v: unknown): boolean {
  return isInt32(v) && (v as number) >= 0 && (v as number) <= MAX_HELD;
}

/** 0, or `reason · 4 + winner` with reason 1..5 and winner 0..2 (see `rules.ts`). */
function isStatus(v: unknown): boolean {
  if (v === 0) return true;
  if (!isInt32(v)) return false;
  const n = v as number;
  return n >= 4 && n <= 22 && (n & 3) !== 3;
}
