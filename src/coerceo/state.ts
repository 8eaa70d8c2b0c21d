/**
 * Coerceo states and their positions. A state is plain data; the library keeps, for each state
 * it built or checked, its {@link CoerceoVersion} in a game tree (`core/tree.ts`): the states
 * `apply` makes are children in their parent's tree, whose one position is moved to whichever
 * state is asked about, and every other state (a start, a save read back, a caller's object, a
 * resignation, a search position's state) becomes the root of a tree of its own when a position
 * is first needed for it.
 *
 * Here too: building states from what a save holds (C-NOTATION-5: position data, the reversible
 * moves since the last irreversible turn, the rulings and a resignation), and the check every
 * public entry point runs on the state it is given. A value that is not a valid
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
import { GameTree, type Version } from '../core/tree.js';
import { colourIndex, fieldByName, fieldColour } from './engine/board.js';
import { MAX_MOVES } from './engine/codes.js';
import { CoerceoPosition, type CoerceoSetup } from './engine/position.js';
import { endStatus, LIVE, outcomeOf, statusCode } from './engine/rules.js';
import {
  formatCpf,
  formatTail,
  parseCpf,
  parseMoveText,
  parseStateText,
  type StateTail,
  stepBetween,
  validatePosition,
} from './notation.js';
import type { CoerceoRulings } from './options.js';
import { shapeError } from './shape.js';
import type { CoerceoMove, CoerceoState, PositionData } from './types.js';

/** A state's place in its game tree, with what Coerceo keeps per state. */
export interface CoerceoVersion extends Version<CoerceoPosition> {
  /**
   * `coerceo.moves` of the state, once asked for (kept on the version rather than in a second
   * weak map keyed by the state: one lookup per call instead of two).
   */
  moves: readonly CoerceoMove[] | undefined;
  /** Where in `moves` `apply` starts looking for its move (after the one found last). */
  cursor: number;
}

/** A new version (the one literal site of Coerceo's versions: see `Version`). */
function newVersion(
  tree: GameTree<CoerceoPosition>,
  parent: CoerceoVersion | null,
  move: number,
  depth: number,
): CoerceoVersion {
  return { tree, parent, move, depth, moves: undefined, cursor: 0 };
}

/**
 * The private field the guard keeps each state's version in (`null`: valid, no tree yet).
 * Declared in this module, not made by the shared `stampsFor`: V8 shares inline caches among
 * closures of one source site, so a field declared in common code is read through one cache for
 * every game's states, which goes megamorphic once an app uses two games (Hive's apply-path
 * perft ran 7.5 % more instructions after a few Coerceo and Torres states had been through the
 * guard).
 */
class CoerceoStamp extends ReturnsItsArgument {
  #version: CoerceoVersion | null;
  constructor(state: object, version: CoerceoVersion | null) {
    super(state);
    this.#version = version;
  }
  static readonly stamps: Stamps<CoerceoVersion | null> = {
    has: (o) => #version in o,
    get: (o) => (o as CoerceoStamp).#version,
    set: (o, v) => {
      (o as CoerceoStamp).#version = v;
    },
    add: (o, v) => {
      new CoerceoStamp(o, v);
    },
  };
}

/**
 * The one state guard (core/guard.ts): a state passes when it has the shape of a
 * {@link CoerceoState} (`shape.ts`) and is exactly what its own saved text reads back as
 * ({@link readBack}). States that passed, and the states the library builds, are remembered
 * with their version (or `null` until a position is needed), so the hot `apply`/`moves` path
 * pays one lookup per call.
 */
const guard = stateGuard<CoerceoVersion | null>(
  'Coerceo',
  (state) => {
    const why = shapeError(state);
    if (why !== null) throw invalid(why);
    return readBack(state as CoerceoState);
  },
  CoerceoStamp.stamps,
);

function invalid(message: string): RulesError {
  return new RulesError('INVALID_STATE', message);
}

/** Marks a state the library built as checked (valid by construction; its tree comes lazily). */
export function trustState<S extends CoerceoState>(state: S): S {
  return guard.trust(state, null);
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
 * The version of `state` (checked at entry point `where`): a stamp read for the states the
 * library made; a state with no tree yet becomes the root of one.
 */
export function versionOf(state: unknown, where: string): CoerceoVersion {
  const v = guard.check(state, where);
  if (v !== null) return v;
  const root = plant(positionFrom(state as CoerceoState));
  guard.trust(state as CoerceoState, root);
  return root;
}

/** A new tree over `pos` (which it owns from now on); returns its root. */
function plant(pos: CoerceoPosition): CoerceoVersion {
  return new GameTree(pos, (t) => newVersion(t, null, 0, 0)).at as CoerceoVersion;
}

/**
 * The tree's position moved to `v`. **Valid until the next call on the same tree**: callers
 * read it at once and never keep it (a position to keep is a `clone()`). A read that plays must
 * undo before it returns.
 */
export function positionAt(v: CoerceoVersion): CoerceoPosition {
  return v.tree.positionAt(v);
}

/** The position of `state` (checked at entry point `where`), as {@link positionAt} gives it. */
export function positionOf(state: unknown, where: string): CoerceoPosition {
  const v = versionOf(state, where);
  return v.tree.positionAt(v);
}

/** The numbers a position is set up from, read off a checked `state`. */
function setupOf(state: CoerceoState): CoerceoSetup {
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
  };
}

/**
 * A new position showing the checked (or well-formed) `state`, in no tree: for a tree's root,
 * or a throwaway view (e.g. the threats query's position with the other side to move).
 */
export function positionFrom(state: CoerceoState): CoerceoPosition {
  const pos = new CoerceoPosition();
  pos.setUp(setupOf(state));
  return pos;
}

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

/**
 * Builds a state from position data with no history, evaluating the end rules (C-END-7): the
 * root of a tree over the position that evaluates them.
 */
export function stateFromData(data: PositionData, rulings: CoerceoRulings): CoerceoState {
  const draft = rootRecord(data, rulings, LIVE);
  const pos = positionFrom(draft);
  const status = endStatus(pos);
  pos.status = status;
  const state = status === LIVE ? draft : rootRecord(data, rulings, status);
  return guard.trustNew(state, plant(pos));
}

/**
 * A state with no history, written as a literal with the fields in the order of
 * {@link childState}'s, so that V8 gives a tree's root and its children one hidden class (a
 * spread copy made the root's another, and every field read on the hot path polymorphic).
 */
function rootRecord(data: PositionData, rulings: CoerceoRulings, status: number): CoerceoState {
  return {
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
    status,
  };
}

/** C-END-2: the state after `seat` resigned (the caller checked the game goes on). */
export function resigned(state: CoerceoState, seat: 0 | 1): CoerceoState {
  return trustState({ ...state, resigned: seat, status: statusCode('resignation', 1 - seat) });
}

/**
 * The state after `code`, a legal move in `prev` (whose version is `v`): a child version in
 * `v`'s tree, whose position plays the move and then shows the child. The history entries,
 * move texts and held tiles the play left alone are `prev`'s own (immutable, so shared) instead
 * of rebuilt — the repetition history grows by `prev`'s pieces and the step's text, or restarts
 * after an irreversible turn (C-END-5).
 */
export function childState(prev: CoerceoState, v: CoerceoVersion, code: number): CoerceoState {
  const tree = v.tree;
  const child = tree.grow(v, code, newVersion(tree, v, code, v.depth + 1));
  const pos = tree.pos;
  const top = pos.stackTop();
  const restarted = pos.segmentStart() === top;
  const held = prev.held;
  const heldW = pos.heldBy(0);
  const heldB = pos.heldBy(1);
  return guard.trustNew(
    {
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
    } satisfies CoerceoState,
    child,
  );
}

/** The text of the step from position `j` of `pos`'s sequence to the next one (a reversible step). */
export function stepTextAt(pos: CoerceoPosition, j: number): string {
  const c = pos.toMove() ^ ((pos.stackTop() - j) & 1); // each play flips the side
  return stepBetween(
    c,
    pos.pieceWordAt(j, 2 * c),
    pos.pieceWordAt(j, 2 * c + 1),
    pos.pieceWordAt(j + 1, 2 * c),
    pos.pieceWordAt(j + 1, 2 * c + 1),
  );
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
    const steps = tail.since.map((text) => parseMoveText(text) as CoerceoStep);
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
    // The steps are the root's children in one tree, as `apply` would make them.
    state = stateFromData(first, tail.rulings);
    for (let k = 0; k < steps.length; k++) {
      if (state.status !== LIVE) throw invalid(`history step ${k}: the game was already over`);
      const v = versionOf(state, 'deserialize');
      const code = legalCode(positionAt(v), steps[k] as CoerceoMove);
      if (code < 0) throw invalid(`history step ${k} ${quote(tail.since[k])} is not a legal move`);
      state = childState(state, v, code);
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

/**
 * The version of a well-shaped state `s` a caller handed in: the version of the state its saved
 * text reads back as, which `s` must be exactly (C-NOTATION-4/5/6, so the invariants are the
 * ones `deserialize` checks). The two are equal, so they share a tree: no second position.
 * Throws `INVALID_STATE` naming the broken rule.
 */
function readBack(s: CoerceoState): CoerceoVersion {
  let back: CoerceoState;
  try {
    back = readSavedText(savedText(s));
  } catch (e) {
    throw invalid(e instanceof RulesError ? e.message : String(e));
  }
  const why = ruleError(s, back);
  if (why !== null) throw invalid(why);
  return versionOf(back, 'deserialize');
}

/** What rule `s` breaks, or `null`, given `back`, the state its saved text reads back as. */
function ruleError(s: CoerceoState, back: CoerceoState): string | null {
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
