/**
 * The public Hive game: immutable states, the generic {@link Game} record, and the search
 * fast path. A state is plain data (game type, options, move history); its compact
 * {@link Position} is derived from the history once, and the states of one game tree share it
 * (`lineage.ts`): `apply` plays the move on the shared position instead of copying it (one
 * generator, two paths).
 *
 * @module
 */
import { badArgument, integerArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game, SearchPosition } from '../core/game.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import { CELLS, cellOf } from './board.js';
import {
  ancestorVersion,
  childVersion,
  historyAt,
  positionAt,
  rootVersion,
  type Version,
} from './lineage.js';
import { findLegal, generate, MAX_MOVES } from './moves.js';
import {
  formatMoveString,
  formatOptionBlock,
  formatTurnString,
  type GameStateString,
  parseGameStateString,
  parseMoveString,
  parseTurnString,
  parseTypeField,
  stateStringOf,
  type Turn,
  turnStringOf,
  whyIllegal,
} from './notation.js';
import { type HiveOptions, resolveOptions } from './options.js';
import {
  gameSetup,
  type HiveGameType,
  PIECES,
  parseGameType,
  pieceFromName,
  pieceName,
  SLOTS,
} from './pieces.js';
import {
  moveCell,
  moveOp,
  movePiece,
  OP_GRAB,
  OP_MOVE,
  OP_SPAN,
  OP_SWAP,
  PASS,
  Position,
} from './position.js';
import { isOver, scoreOf } from './rules.js';

/**
 * An immutable Hive game state: the game type, the options it was created with, and the moves
 * played so far as UHP MoveStrings. Plain data (it survives `JSON.stringify`); the compact
 * position is derived from it on demand.
 */
export interface HiveState {
  /** The game type (canonical; fan-extended when tiles are turned, H-FAN-UHP-2). */
  readonly type: HiveGameType;
  /** The options fixed for this game (H-OPT-1). */
  readonly options: Readonly<HiveOptions>;
  /** The MoveStrings played, as given (normalised for case and blanks, H-UHP-8). */
  readonly history: readonly string[];
}

/**
 * A Hive move. Throws are written as a `move` of the thrown piece (H-UHP-4); a Dragonfly's carry
 * is implied by its destination (H-FAN-DRAGONFLY-e), so it is a `move` too.
 */
export type HiveMove =
  | {
      /** Placement from hand or movement of a piece on the board. */
      readonly kind: 'place' | 'move';
      /** The piece's UHP name, e.g. `wS1`. */
      readonly piece: string;
      /** Destination `q` (axial, H-COORD-1). */
      readonly q: number;
      /** Destination `r`. */
      readonly r: number;
    }
  | {
      /**
       * A fan operation (H-FAN-GEN-3): a Mantis (or a Mosquito copying one) grabs `target` from
       * a neighbouring hex and puts it under itself (H-FAN-MANTIS-2), or a Centipede (or a
       * copying Mosquito) swaps places with `target` (H-FAN-CENTIPEDE-1).
       */
      readonly kind: 'grab' | 'swap';
      /** The acting piece's UHP name, e.g. `wT1`. */
      readonly piece: string;
      /** The piece grabbed or swapped with, e.g. `bA1`. */
      readonly target: string;
      /** `q` of the actor's hex, where the target ends up. */
      readonly q: number;
      /** `r` of the actor's hex. */
      readonly r: number;
    }
  | {
      /** A pass (only when forced, H-TURN-3). */
      readonly kind: 'pass';
    };

/** Each state's version in its game tree (see `lineage.ts`): states share positions. */
const versions = new WeakMap<HiveState, Version>();
const moveLists = new WeakMap<HiveState, readonly HiveMove[]>();
const buffer = new Int32Array(MAX_MOVES);

/**
 * A new state at `version`. Its `history` is an own, enumerable property read through a getter
 * that builds the array from the version chain on first use (`historyAt`), so states stay plain
 * data for JSON, spreading and deep equality while `apply` copies nothing.
 */
function freezeState(
  type: HiveGameType,
  options: Readonly<HiveOptions>,
  version: Version,
): HiveState {
  const s = { type, options } as { type: HiveGameType; options: Readonly<HiveOptions> };
  Object.defineProperty(s, 'history', HISTORY);
  versions.set(s as HiveState, version);
  return Object.freeze(s) as HiveState;
}

/** The one property descriptor every state's `history` shares (so they share a shape too). */
const HISTORY: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: object): readonly string[] {
    // `this` may inherit from a state (Object.create(state)): find the state on the chain.
    for (let o: object | null = this; o !== null; o = Object.getPrototypeOf(o)) {
      const v = versions.get(o as HiveState);
      if (v) return historyAt(v);
    }
    throw new RulesError('INVALID_STATE', 'not a Hive state');
  },
};

function newPosition(options: Readonly<HiveOptions>): Position {
  const setup = gameSetup(options.type);
  return new Position(setup.mask, {
    tournamentOpening: options.tournamentOpening,
    repetitionDraw: options.repetitionDraw,
    maxPlies: options.maxPlies,
    roster: setup.roster,
  });
}

/** Plays MoveStrings from `pos`, validating each (H-UHP-8). Returns the normalised texts. */
function replay(pos: Position, moves: readonly string[], strict: boolean): string[] {
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
      );
    }
    let parsed: ReturnType<typeof parseMoveString>;
    try {
      parsed = parseMoveString(pos, text, strict);
    } catch (e) {
      if (e instanceof RulesError) {
        throw new RulesError(e.code, `move ${i + 1} ${quote(text)}: ${e.message}`);
      }
      throw e;
    }
    const m = findLegal(pos, parsed.move);
    if (m < 0) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `move ${i + 1} ${quote(text)} is illegal: ${whyIllegal(pos, parsed.move)}`,
      );
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
export function positionOf(state: HiveState): Position {
  return positionAt(versionOf(state));
}

/**
 * A state's version; a state built outside this module (e.g. from JSON) is replayed once, as
 * its saved GameString would be (with `strictInput`, its history must be strict too), so it is
 * accepted exactly when that text reads back. Throws `INVALID_STATE` saying why not.
 */
function versionOf(state: HiveState): Version {
  const cached = versions.get(state);
  if (cached) return cached;
  if (
    !isPlainObject(state) ||
    typeof state.type !== 'string' ||
    !Array.isArray(state.history) ||
    !isPlainObject(state.options)
  ) {
    throw new RulesError('INVALID_STATE', `not a Hive state: ${quote(state)}`);
  }
  let options: Readonly<HiveOptions>;
  try {
    options = resolveOptions({ ...state.options, type: state.type });
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    throw new RulesError('INVALID_STATE', `not a Hive state: ${e.message}`);
  }
  let version: Version;
  try {
    const pos = newPosition(options);
    const history = replay(pos, state.history as string[], options.strictInput);
    version = rootVersion(pos, history);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    throw new RulesError('INVALID_STATE', `not a valid Hive state: ${e.message}`);
  }
  versions.set(state, version);
  return version;
}

function decodeMove(pos: Position, m: number): HiveMove {
  if (m === PASS) return Object.freeze({ kind: 'pass' });
  const op = moveOp(m);
  const p = movePiece(m);
  const c = moveCell(m);
  if (op === OP_GRAB || op === OP_SWAP) {
    return Object.freeze({
      kind: op === OP_GRAB ? 'grab' : 'swap',
      piece: pieceName(pos.top[c]),
      target: pieceName(p),
      q: pos.realQ(c) + 0,
      r: pos.realR(c) + 0,
    });
  }
  return Object.freeze({
    kind: pos.cell[p] === -1 ? 'place' : 'move',
    piece: pieceName(p),
    q: pos.realQ(c) + 0,
    r: pos.realR(c) + 0,
  });
}

function encodeMove(pos: Position, move: HiveMove): number {
  if (!isPlainObject(move)) {
    throw new RulesError('ILLEGAL_MOVE', `a Hive move must be a plain object, got ${quote(move)}`);
  }
  const { kind, piece, q, r } = move as Record<string, unknown>;
  if (kind === 'pass') return PASS;
  if (kind === 'grab' || kind === 'swap') {
    const target = (move as Record<string, unknown>).target;
    const a = typeof piece === 'string' ? pieceFromName(piece) : -1;
    const x = typeof target === 'string' ? pieceFromName(target) : -1;
    if (a < 0 || x < 0) {
      throw new RulesError('ILLEGAL_MOVE', `not a Hive move: ${quote(move)}`);
    }
    if (pos.cell[a] === -1 || pos.cell[x] === -1) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `${quote(piece)} and ${quote(target)} must both be in play to ${kind}`,
      );
    }
    if (q !== pos.rq[a] || r !== pos.rr[a]) {
      throw new RulesError(
        'ILLEGAL_MOVE',
        `${quote(piece)} is not at (${quote(q)}, ${quote(r)}) in ${quote(move)}`,
      );
    }
    const op = kind === 'grab' ? OP_GRAB : OP_SWAP;
    return op * OP_SPAN + x * CELLS + pos.cell[a];
  }
  const p = typeof piece === 'string' ? pieceFromName(piece) : -1;
  if (p < 0 || (kind !== 'place' && kind !== 'move')) {
    throw new RulesError('ILLEGAL_MOVE', `not a Hive move: ${quote(move)}`);
  }
  if (!Number.isInteger(q) || !Number.isInteger(r)) {
    throw new RulesError('ILLEGAL_MOVE', `bad destination in ${quote(move)}`);
  }
  const dq = q as number;
  const dr = r as number;
  if ((pos.cell[p] === -1) !== (kind === 'place')) {
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(piece)} is ${pos.cell[p] === -1 ? 'in hand' : 'on the board'}, not a '${kind}'`,
    );
  }
  const m = p * CELLS + cellOf(dq, dr);
  // The torus cell is exact only inside the hive's window: check the real coordinates back.
  if (pos.anchor >= 0 && (pos.realQ(m - p * CELLS) !== dq || pos.realR(m - p * CELLS) !== dr)) {
    throw new RulesError('ILLEGAL_MOVE', `${quote(piece)} cannot reach (${dq}, ${dr})`);
  }
  if (pos.anchor < 0 && (dq !== 0 || dr !== 0)) {
    throw new RulesError('ILLEGAL_MOVE', 'the first piece must be placed at (0, 0)');
  }
  return m;
}

function checkedEncode(pos: Position, move: HiveMove): number {
  if (isOver(pos)) throw new RulesError('GAME_OVER', 'the game is over: no move is legal');
  const m = encodeMove(pos, move);
  const legal = findLegal(pos, m);
  if (legal < 0) {
    throw new RulesError('ILLEGAL_MOVE', `illegal move: ${whyIllegal(pos, m)}`);
  }
  return legal;
}

/** The state after integer move `m` (trusted legal), with its canonical MoveString. */
function successor(state: HiveState, pos: Position, m: number): HiveState {
  const text = formatMoveString(pos, m);
  return freezeState(state.type, state.options, childVersion(versionOf(state), m, text));
}

/** Options of {@link fromGameString}: rule options for what the text leaves open, and `lenient`. */
export interface GameStringOptions extends Partial<HiveOptions> {
  /**
   * H-UHP-8: recompute the state and turn fields from the moves and ignore a mismatch, as
   * Mzinga does (its own test data has `Base;NotStarted;Black[1];wS1`). Default `false`: a
   * GameString whose state or turn field the moves do not produce is an error. Has no effect
   * with `strictInput`, under which a mismatch is always an error.
   */
  readonly lenient?: boolean;
}

/**
 * Loads a GameString (H-UHP-8): a plain UHP GameString, or one saved by {@link formatGameString}
 * with an option block after the type (`Base+MLP{MaxPlies=40};…`). The type and any options in
 * the block come from the text; `options` gives the other rule options (defaults otherwise).
 * Every move is replayed and checked. Throws `PARSE_ERROR` for bad text, `ILLEGAL_MOVE` for an
 * illegal move, and `INVALID_STATE` when the state or turn field is not what the moves give
 * (unless `lenient`).
 */
export function fromGameString(text: string, options: GameStringOptions = {}): HiveState {
  if (typeof text !== 'string')
    throw new RulesError('PARSE_ERROR', `a GameString must be text, got ${quote(text)}`);
  if (options === null || typeof options !== 'object') {
    throw new RulesError('INVALID_OPTIONS', 'GameString options must be an object');
  }
  const { lenient = false, ...ruleOptions } = options;
  if (typeof lenient !== 'boolean') {
    throw new RulesError(
      'INVALID_OPTIONS',
      `option 'lenient' must be a boolean, got ${quote(lenient)}`,
    );
  }
  const given = resolveOptions(ruleOptions);
  // The option block may itself turn strictInput on: read it leniently first to find out.
  const saved = parseTypeField(text.trim().split(';')[0].trim()).options;
  const strict = given.strictInput || saved.strictInput === true;
  const parts = (strict ? text : text.trim()).split(';');
  if (parts.length < 3) {
    throw new RulesError('PARSE_ERROR', `a GameString needs type;state;turn, got ${quote(text)}`);
  }
  const field = (i: number): string => (strict ? parts[i] : parts[i].trim());
  const typeField = parseTypeField(field(0), strict);
  const type = parseGameType(typeField.type, strict);
  const stateField = parseGameStateString(field(1), strict);
  const turnField = parseTurnString(field(2), strict);
  const resolved = resolveOptions({ ...given, ...typeField.options, type, roster: null });
  const pos = newPosition(resolved);
  const history = replay(pos, parts.slice(3), strict);
  if (strict || !lenient) checkStatusFields(pos, stateField, turnField);
  return freezeState(type, resolved, rootVersion(pos, history));
}

/**
 * H-UHP-8: the state and turn fields must be what the moves give; throws `INVALID_STATE`
 * naming each field that is not.
 */
function checkStatusFields(pos: Position, stateField: GameStateString, turnField: Turn): void {
  const wrong: string[] = [];
  const state = stateStringOf(pos);
  if (stateField !== state) wrong.push(`state field '${stateField}' but the moves give '${state}'`);
  const turn = turnStringOf(pos);
  const given = formatTurnString(turnField);
  if (given !== turn) wrong.push(`turn field '${given}' but the moves give '${turn}'`);
  if (wrong.length > 0) {
    throw new RulesError('INVALID_STATE', `GameString has ${wrong.join(', and ')}`);
  }
}

/** The three status fields of a GameString, with the option block when `options` says so. */
function headOf(state: HiveState, pos: Position, withOptions: boolean): string {
  const block = withOptions ? formatOptionBlock(state.options) : '';
  return `${state.type}${block};${stateStringOf(pos)};${turnStringOf(pos)}`;
}

/** The UHP GameString of a state (H-UHP-1/2), with the history as given; plain UHP. */
export function toGameString(state: HiveState): string {
  return gameStringOf(state, false);
}

function gameStringOf(state: HiveState, withOptions: boolean): string {
  const pos = positionOf(state);
  const head = headOf(state, pos, withOptions);
  return state.history.length === 0 ? head : `${head};${state.history.join(';')}`;
}

/** Options of {@link formatGameString} and {@link canonicalGameString}. */
export interface FormatGameStringOptions {
  /**
   * Write plain UHP (H-UHP-1): leave out the option block, so UHP tools can read the text; the
   * rule options are then lost. Default `false`.
   */
  readonly uhp?: boolean;
}

/**
 * The GameString of a state (H-UHP-1/2), with the history as given. A game with non-default rule
 * options (H-OPT-1: `tournamentOpening`, `repetitionDraw`, `maxPlies`, `strictInput`) gets them
 * in an option block right after the type, in the order and spelling of the UHP `options`
 * command: `Base+MLP{TournamentOpening=False,MaxPlies=40};Draw;White[21];…`. `{` is not part of
 * any GameTypeString, fan-extended or not, so the block cannot be mistaken for one, and UHP
 * engines refuse it rather than misread the game. With default options, or with `uhp: true`,
 * the text is a plain UHP GameString. {@link fromGameString} reads both forms.
 */
export function formatGameString(state: HiveState, options: FormatGameStringOptions = {}): string {
  return gameStringOf(state, options.uhp !== true);
}

/**
 * The GameString with every move re-rendered canonically (H-UHP-5, H-UHP-8), with the option
 * block as {@link formatGameString} writes it (none with `uhp: true`).
 */
export function canonicalGameString(
  state: HiveState,
  options: FormatGameStringOptions = {},
): string {
  const pos = positionOf(state);
  const scratch = newPosition(state.options);
  const moves: string[] = [];
  for (let i = 0; i < pos.ply; i++) {
    const m = pos.moveAt(i);
    moves.push(formatMoveString(scratch, m));
    scratch.play(m);
  }
  const head = headOf(state, pos, options.uhp !== true);
  return moves.length === 0 ? head : `${head};${moves.join(';')}`;
}

/** The GameStateString of a state (H-UHP-2). */
export function gameStateString(state: HiveState): GameStateString {
  return stateStringOf(positionOf(state));
}

/** The TurnString of a state (H-UHP-2). */
export function turnString(state: HiveState): string {
  return turnStringOf(positionOf(state));
}

/** The MoveString of `move` in `state` (canonical, H-UHP-5). Throws if the move is illegal. */
export function formatMoveText(state: HiveState, move: HiveMove): string {
  const pos = positionOf(state);
  return formatMoveString(pos, checkedEncode(pos, move));
}

/**
 * Reads a MoveString in `state` (lenient unless the state's `strictInput`) and returns the legal
 * move it names. Throws `PARSE_ERROR` for bad text, `ILLEGAL_MOVE` for a move not in the legal
 * set, `GAME_OVER` when the game has ended.
 */
export function parseMoveText(state: HiveState, text: string): HiveMove {
  const pos = positionOf(state);
  if (isOver(pos)) throw new RulesError('GAME_OVER', 'the game is over: no move is legal');
  const parsed = parseMoveString(pos, text, state.options.strictInput);
  const m = findLegal(pos, parsed.move);
  if (m < 0) {
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(text)} is illegal: ${whyIllegal(pos, parsed.move)}`,
    );
  }
  return decodeMove(pos, m);
}

/**
 * Plays a MoveString, keeping it as given (normalised for case and blanks) in the history, as a
 * UHP engine echoes it (H-UHP-8).
 */
export function playMoveText(state: HiveState, text: string): HiveState {
  const pos = positionOf(state);
  if (isOver(pos)) throw new RulesError('GAME_OVER', 'the game is over: no move is legal');
  const parsed = parseMoveString(pos, text, state.options.strictInput);
  const m = findLegal(pos, parsed.move);
  if (m < 0) {
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(text)} is illegal: ${whyIllegal(pos, parsed.move)}`,
    );
  }
  const next = childVersion(versionOf(state), m, parsed.normalized);
  return freezeState(state.type, state.options, next);
}

/** The state with the last `n` plies taken back. */
export function undoPlies(state: HiveState, n = 1): HiveState {
  const pos = positionOf(state);
  if (!Number.isInteger(n) || n < 1 || n > pos.ply) {
    throw new RulesError('UNSUPPORTED', `cannot undo ${quote(n)} plies of ${pos.ply}`);
  }
  const ancestor = ancestorVersion(versionOf(state), n);
  if (ancestor !== null) return freezeState(state.type, state.options, ancestor);
  // Further back than this tree reaches (a loaded game): a new tree from a copy.
  const back = pos.clone();
  for (let i = 0; i < n; i++) back.undo();
  const history = state.history.slice(0, pos.ply - n);
  return freezeState(state.type, state.options, rootVersion(back, history));
}

/** Where a piece is: `null` in hand, else its hex and level. */
export interface PiecePlace {
  /** Axial q. */
  readonly q: number;
  /** Axial r. */
  readonly r: number;
  /** 0 = ground. */
  readonly level: number;
}

/** The stack on hex `(q, r)`, bottom to top, as piece names (empty when the hex is empty). */
export function stackAt(state: HiveState, q: number, r: number): string[] {
  const pos = positionOf(state);
  integerArg('stackAt', 'q', q);
  integerArg('stackAt', 'r', r);
  if (pos.anchor < 0) return [];
  const c = cellOf(q, r);
  if (pos.realQ(c) !== q || pos.realR(c) !== r) return [];
  const out: string[] = [];
  for (let p = pos.top[c]; p >= 0; p = pos.below[p]) out.push(pieceName(p));
  return out.reverse();
}

/** The top piece on hex `(q, r)`, or `null`. */
export function pieceAt(state: HiveState, q: number, r: number): string | null {
  positionOf(state);
  integerArg('pieceAt', 'q', q);
  integerArg('pieceAt', 'r', r);
  const s = stackAt(state, q, r);
  return s.length === 0 ? null : s[s.length - 1];
}

/** Where the named piece is, or `null` while it is in hand. Throws for an unknown name. */
export function placeOf(state: HiveState, piece: string): PiecePlace | null {
  const pos = positionOf(state);
  const p = typeof piece === 'string' ? pieceFromName(piece) : -1;
  if (p < 0 || !pos.inGame[p]) {
    throw new RulesError('PARSE_ERROR', `${quote(piece)} is not a piece of ${state.type}`);
  }
  if (pos.cell[p] === -1) return null;
  return {
    q: pos.rq[p] + 0,
    r: pos.rr[p] + 0,
    level: pos.level[p],
  };
}

/** Every piece on the board with its place, in piece order (White first). */
export function piecesOnBoard(state: HiveState): {
  /** The piece's UHP name, e.g. `wS1`. */
  piece: string;
  /** Axial q. */
  q: number;
  /** Axial r. */
  r: number;
  /** 0 = ground. */
  level: number;
}[] {
  const pos = positionOf(state);
  const out: { piece: string; q: number; r: number; level: number }[] = [];
  for (let p = 0; p < PIECES; p++) {
    if (pos.cell[p] === -1) continue;
    out.push({
      piece: pieceName(p),
      q: pos.rq[p] + 0,
      r: pos.rr[p] + 0,
      level: pos.level[p],
    });
  }
  return out;
}

/** The pieces of `colour` (`'w'` or `'b'`) still in hand, in canonical order. */
export function piecesInHand(state: HiveState, colour: 'w' | 'b'): string[] {
  const pos = positionOf(state);
  if (colour !== 'w' && colour !== 'b')
    badArgument('piecesInHand', 'the colour', "'w' or 'b'", colour);
  const base = colour === 'b' ? SLOTS : 0;
  const out: string[] = [];
  for (let s = 0; s < SLOTS; s++) {
    const p = base + s;
    if (pos.inGame[p] && pos.cell[p] === -1) out.push(pieceName(p));
  }
  return out;
}

/**
 * The mutable search position over a compact {@link Position}. Perft over it counts as H-PERFT-1/2
 * (a finished position has no children, a forced pass is one move; H-PERFT-3 tables, H-PERFT-5).
 */
class HiveSearch implements SearchPosition<HiveMove> {
  readonly maxMoves: number = MAX_MOVES;
  private readonly base: HiveState;
  private readonly basePly: number;
  readonly pos: Position;

  constructor(state: HiveState) {
    this.base = state;
    this.pos = positionOf(state).clone();
    this.basePly = this.pos.ply;
  }
  toMove(): number {
    return this.pos.ply & 1;
  }
  terminal(): boolean {
    return isOver(this.pos);
  }
  score(): readonly number[] {
    return scoreOf(this.pos);
  }
  generate(out: Int32Array, offset: number): number {
    return generate(this.pos, out, offset);
  }
  play(move: number): void {
    this.pos.play(move);
  }
  undo(): void {
    this.pos.undo();
  }
  hash(): number {
    return this.pos.hash();
  }
  decode(move: number): HiveMove {
    return decodeMove(this.pos, move);
  }
  encode(move: HiveMove): number {
    const m = encodeMove(this.pos, move);
    // A Dragonfly move names its carry only through the destination (H-FAN-DRAGONFLY-e).
    if (m !== PASS && moveOp(m) === OP_MOVE && this.pos.fan) {
      const legal = findLegal(this.pos, m);
      if (legal >= 0) return legal;
    }
    return m;
  }
  state(): HiveState {
    const pos = this.pos;
    const k = pos.ply;
    if (k <= this.basePly) {
      return freezeState(
        this.base.type,
        this.base.options,
        rootVersion(pos.clone(), this.base.history.slice(0, k)),
      );
    }
    // Re-render the moves played here: undo to the base, then replay formatting each.
    const moves: number[] = [];
    for (let i = this.basePly; i < k; i++) moves.push(pos.moveAt(i));
    for (let i = this.basePly; i < k; i++) pos.undo();
    const texts = this.base.history.slice();
    for (const m of moves) {
      texts.push(formatMoveString(pos, m));
      pos.play(m);
    }
    return freezeState(this.base.type, this.base.options, rootVersion(pos.clone(), texts));
  }
}

/** Creates the search position for a state (exported for the engine and tests). */
export function searchPosition(
  state: HiveState,
): SearchPosition<HiveMove> & { readonly pos: Position } {
  return new HiveSearch(state);
}

/**
 * Hive, the complete official game for the eight game types (Base plus any of Mosquito,
 * Ladybug, Pillbug), as a {@link Game}. Seat 0 is White, seat 1 Black.
 *
 * `serialize` writes a GameString ({@link formatGameString}): plain UHP, byte-identical to
 * Mzinga's, for a game with default rule options; otherwise the non-default options follow the
 * type in an option block, `Base+MLP{TournamentOpening=False,MaxPlies=40};InProgress;…`, so a
 * saved game comes back with them. `deserialize` reads either form ({@link fromGameString}),
 * replays every move, and throws `RulesError('INVALID_STATE')` when the state or turn field is
 * not what the moves give (`Base+MLP;WhiteWins;White[1]`); pass `{ lenient: true }` to
 * `parseGameString` to recompute those fields as Mzinga does.
 */
export const hive: Game<HiveState, HiveMove, HiveOptions> = {
  name: 'hive',
  scoring: 'winloss',
  start(options?: Partial<HiveOptions>): HiveState {
    const resolved = resolveOptions(options ?? {});
    return freezeState(resolved.type, resolved, rootVersion(newPosition(resolved), []));
  },
  players(): number {
    return 2;
  },
  toMove(state: HiveState): number {
    return positionOf(state).ply & 1;
  },
  moves(state: HiveState): readonly HiveMove[] {
    const cached = moveLists.get(state);
    if (cached) return cached;
    const pos = positionOf(state);
    const n = generate(pos, buffer, 0);
    const list: HiveMove[] = [];
    for (let i = 0; i < n; i++) list.push(decodeMove(pos, buffer[i]));
    const frozen = Object.freeze(list);
    moveLists.set(state, frozen);
    return frozen;
  },
  apply(state: HiveState, move: HiveMove): HiveState {
    const pos = positionOf(state);
    return successor(state, pos, checkedEncode(pos, move));
  },
  terminal(state: HiveState): boolean {
    return isOver(positionOf(state));
  },
  score(state: HiveState): readonly number[] {
    return scoreOf(positionOf(state));
  },
  formatMove(state: HiveState, move: HiveMove): string {
    return formatMoveText(state, move);
  },
  parseMove(state: HiveState, text: string): HiveMove {
    return parseMoveText(state, text);
  },
  /** {@link formatGameString}: a GameString with the rule options in an option block. */
  serialize(state: HiveState): string {
    return formatGameString(state);
  },
  /** {@link fromGameString} with defaults: strict about the state and turn fields. */
  deserialize(text: string): HiveState {
    return fromGameString(text);
  },
  search(state: HiveState): SearchPosition<HiveMove> {
    return new HiveSearch(state);
  },
};
