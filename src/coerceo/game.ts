/**
 * The `coerceo` game record and the queries apps need. Every function here is a thin wrapper
 * over the one move generator in `position.ts`.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { quote } from '../core/quote.js';
import {
  COLOUR_FIELDS,
  colourIndex,
  EN_HI,
  EN_LO,
  FULL_TILES,
  fieldByName,
  fieldColour,
  fieldName,
  fieldOf,
  TILE_COUNT,
  TILE_NAMES,
  VN_HI,
  VN_LO,
} from './board.js';
import { MAX_MOVES } from './moves.js';
import {
  formatCpf,
  formatMove,
  isMoveShape,
  type PositionData,
  parseCpf,
  parseMove,
} from './notation.js';
import { type CoerceoOptions, type CoerceoRulings, checkOptions, rulingsOf } from './options.js';
import { type CoerceoPosition, positionOf } from './position.js';
import { LIVE, outcomeOf, scoreOf } from './rules.js';
import {
  checkState,
  legalCode,
  readSavedText,
  resigned,
  savedText,
  stateFromData,
} from './state.js';
import type { CoerceoMove, CoerceoState, Colour, Outcome } from './types.js';

/** C-SETUP-1: the Laurentius start (CPF). */
export const LAURENTIUS_CPF = 'ac,cf,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2';
/** C-VARIANT-OCIUS-1: the Ocius start (CPF; NPN's layout, a boardrules ruling). */
export const OCIUS_CPF = '-,-,-/-,df,ce,-/-,ae,cf,bd,-/-,bf,ac,-/-,-,- w 0/0 O2';

/** Starts a game (see {@link CoerceoOptions}); throws `INVALID_OPTIONS`. */
function start(options?: Partial<CoerceoOptions>): CoerceoState {
  const opts = checkOptions(options);
  const rulings = rulingsOf(opts);
  if (opts.position !== undefined) {
    let data: PositionData;
    try {
      data = parseCpf(opts.position);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new RulesError('INVALID_OPTIONS', `coerceo option 'position': ${message}`);
    }
    const implied = data.layout === 'L' ? 'laurentius' : data.layout === 'O' ? 'ocius' : null;
    if (opts.variant !== undefined && implied !== null && opts.variant !== implied) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `coerceo option 'variant' is ${quote(opts.variant)} but the position's layout is ${data.layout} (${implied})`,
      );
    }
    if (opts.exchangeCost !== undefined && opts.exchangeCost !== data.exchangeCost) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `coerceo option 'exchangeCost' is ${opts.exchangeCost} but the position says ${data.exchangeCost}`,
      );
    }
    return stateFromData(data, rulings);
  }
  // C-SETUP-1 / C-VARIANT-OCIUS-1 / C-SETUP-2 / C-VARIANT-ONETILE-1.
  const data = parseCpf(opts.variant === 'ocius' ? OCIUS_CPF : LAURENTIUS_CPF);
  return stateFromData({ ...data, exchangeCost: opts.exchangeCost ?? 2 }, rulings);
}

const movesCache = new WeakMap<CoerceoState, readonly CoerceoMove[]>();
/** Scratch move buffers (every use is synchronous and finishes before the next). */
const scratch = new Int32Array(MAX_MOVES);
const threatScratch = new Int32Array(MAX_MOVES);

/** C-MOVE-2: every legal step and exchange, in canonical notation order; `[]` when over. */
function moves(state: CoerceoState): readonly CoerceoMove[] {
  // A cached state passed the check when it was cached (a junk key is never found).
  const cached = movesCache.get(state);
  if (cached) return cached;
  const pos = positionOf(checkState(state, 'coerceo.moves'));
  const n = pos.generate(scratch, 0);
  const list: CoerceoMove[] = [];
  for (let i = 0; i < n; i++) list.push(pos.decode(scratch[i]));
  const frozen = Object.freeze(list);
  movesCache.set(state, frozen);
  return frozen;
}

/** A move for an error message, quoted: its text when it has the shape of one. */
function describe(move: unknown): string {
  return quote(isMoveShape(move) ? formatMove(move) : move);
}

/** Plays `move`; pure. Throws `GAME_OVER` on a finished game, `ILLEGAL_MOVE` otherwise. */
function apply(state: CoerceoState, move: CoerceoMove): CoerceoState {
  checkState(state, 'coerceo.apply');
  if (state.status !== LIVE) {
    throw new RulesError('GAME_OVER', `the game is over; ${describe(move)} cannot be played`);
  }
  const pos = positionOf(state);
  const code = legalCode(pos, move);
  if (code < 0) {
    throw new RulesError('ILLEGAL_MOVE', `${describe(move)} is not a legal move here`);
  }
  pos.play(code);
  return pos.state();
}

/** The outcome of a finished game (C-END-7), or `null` while it goes on. */
export function outcome(state: CoerceoState): Outcome | null {
  return outcomeOf(checkState(state, 'outcome').status);
}

/**
 * C-END-2: `colour` resigns (on turn or not); the other side wins. Not a move: it is not in
 * `moves` or perft. Throws `ILLEGAL_MOVE` on a finished game.
 */
export function resign(state: CoerceoState, colour: Colour): CoerceoState {
  checkState(state, 'resign');
  if (state.status !== LIVE) {
    throw new RulesError('ILLEGAL_MOVE', `the game is over; ${quote(colour)} cannot resign`);
  }
  if (colour !== 'white' && colour !== 'black') {
    throw new RulesError('ILLEGAL_MOVE', `resign: colour must be 'white' or 'black'`);
  }
  return resigned(state, colour === 'white' ? 0 : 1);
}

/** What a turn does (C-TURN-4): captured fields and removed tiles in canonical order, tiles collected. */
export interface TurnEffects {
  /** Opponent pieces captured by enclosure (not the exchanged piece). */
  readonly captured: readonly string[];
  /** Tiles removed this turn. */
  readonly removedTiles: readonly string[];
  /** Tiles the mover collected (0 after an exchange). */
  readonly collected: number;
}

/** C-TURN-4: the effects of playing `move` in `state` (throws like `apply`). */
export function turnEffects(state: CoerceoState, move: CoerceoMove): TurnEffects {
  checkState(state, 'turnEffects');
  if (state.status !== LIVE) throw new RulesError('GAME_OVER', 'the game is over');
  const pos = positionOf(state);
  const code = legalCode(pos, move);
  if (code < 0) throw new RulesError('ILLEGAL_MOVE', `${describe(move)} is not a legal move here`);
  const o = 1 - state.side;
  pos.play(code);
  const captured: string[] = [];
  for (let ci = 0; ci < COLOUR_FIELDS; ci++) {
    const word = ci < 32 ? pos.lastCapLo : pos.lastCapHi;
    if ((word >>> (ci & 31)) & 1) captured.push(fieldName(fieldOf(o, ci)));
  }
  const removedTiles: string[] = [];
  for (let t = 0; t < TILE_COUNT; t++) {
    if ((pos.lastRemoved >> t) & 1) removedTiles.push(TILE_NAMES[t]);
  }
  return { captured, removedTiles, collected: pos.lastCollected };
}

/**
 * C-VARIANT-CURA-1: the steps that `by` (default: the side that just moved, i.e. not to move)
 * could play if it were on move that would capture at least one piece, tile-removal captures
 * included; canonical order; `[]` when the game is over. 'Cura' is due after a turn iff this is
 * non-empty. Announcement only: it never affects legality. Throws `UNSUPPORTED` when `by` is
 * neither `'white'` nor `'black'`.
 */
export function threats(state: CoerceoState, by?: Colour): readonly CoerceoMove[] {
  checkState(state, 'threats');
  if (by !== undefined && by !== 'white' && by !== 'black') {
    throw new RulesError(
      'UNSUPPORTED',
      `threats: 'by' must be 'white' or 'black', got ${quote(by)}`,
    );
  }
  if (state.status !== LIVE) return [];
  const seat = by === undefined ? 1 - state.side : by === 'white' ? 0 : 1;
  const view: CoerceoState = { ...state, side: seat as 0 | 1, history: [], since: [] };
  const pos = positionOf(view);
  const buf = threatScratch;
  const n = pos.generateSteps(buf, 0);
  const out: CoerceoMove[] = [];
  for (let i = 0; i < n; i++) {
    const code = buf[i];
    pos.play(code);
    const captures = (pos.lastCapLo | pos.lastCapHi) !== 0;
    pos.undo();
    if (captures) out.push(pos.decode(code));
  }
  return out;
}

/** Alias of {@link threats}: the pieces-in-danger query behind the 'Cura' announcement. */

/** C-NOTATION-2 (+ C-VARIANT-CURA-2): the canonical text of a move in `state`. */
function formatMoveAt(state: CoerceoState, move: CoerceoMove): string {
  checkState(state, 'coerceo.formatMove');
  if (move === null || typeof move !== 'object') {
    throw new RulesError('ILLEGAL_MOVE', `formatMove: ${describe(move)} is not a move`);
  }
  const text = formatMove(move);
  if (state.rulings.cura && state.status === LIVE) {
    const next = apply(state, move);
    if (threats(next).length > 0) return `${text}+`;
  }
  return text;
}

/** C-NOTATION-2: reads a move and checks it is legal (`PARSE_ERROR` / `ILLEGAL_MOVE`). */
function parseMoveAt(state: CoerceoState, text: string): CoerceoMove {
  checkState(state, 'coerceo.parseMove');
  const move = parseMove(text);
  const listed = moves(state).find((m) =>
    m.type === 'step'
      ? move.type === 'step' && m.from === move.from && m.to === move.to
      : move.type === 'exchange' && m.target === move.target,
  );
  if (!listed) {
    const why = state.status !== LIVE ? ' (the game is over)' : '';
    throw new RulesError(
      'ILLEGAL_MOVE',
      `${quote(formatMove(move))} (from ${quote(String(text).trim())}) is not a legal move here${why}`,
    );
  }
  return listed;
}

/** C-NOTATION-3: the position string of a state. */
export function formatPosition(state: CoerceoState): string {
  return formatCpf(checkState(state, 'formatPosition'));
}

/** C-NOTATION-3/4: a state (no history, default rulings unless given) from a position string. */
export function parsePosition(text: string, rulings?: Partial<CoerceoRulings>): CoerceoState {
  return stateFromData(parseCpf(text), rulingsOf(checkOptions(rulings ?? {})));
}

/** C-NOTATION-5: the full state string (CPF, options, history, resignation). */
function serialize(state: CoerceoState): string {
  return savedText(checkState(state, 'coerceo.serialize'));
}

/**
 * C-NOTATION-5: reads a full state string. The `h:` steps are undone from the CPF; each must
 * reverse legally and replay without capture or removal from a non-terminal position.
 */
function deserialize(text: string): CoerceoState {
  return readSavedText(text);
}

/** The colour of the piece on `field` (a name like `c3f`), or `null` when it is empty or absent. */
export function pieceAt(state: CoerceoState, field: string): Colour | null {
  checkState(state, 'pieceAt');
  const id = fieldByName(field);
  if (id < 0) throw new RulesError('PARSE_ERROR', `${quote(field)} is not a field name`);
  const c = fieldColour(id);
  const ci = colourIndex(id);
  const word = state.pieces[2 * c + (ci >> 5)];
  if (((word >>> (ci & 31)) & 1) === 0) return null;
  return c === 0 ? 'white' : 'black';
}

/** The fields of `colour`'s pieces, in canonical order. */
export function piecesOf(state: CoerceoState, colour: Colour): string[] {
  checkState(state, 'piecesOf');
  const c = colour === 'white' ? 0 : 1;
  const out: string[] = [];
  for (let ci = 0; ci < COLOUR_FIELDS; ci++) {
    const word = state.pieces[2 * c + (ci >> 5)];
    if ((word >>> (ci & 31)) & 1) out.push(fieldName(fieldOf(c, ci)));
  }
  return out;
}

/** Tiles held by each side. */
export function tilesHeld(state: CoerceoState): {
  /** Tiles held by White. */
  white: number;
  /** Tiles held by Black. */
  black: number;
} {
  const { held } = checkState(state, 'tilesHeld');
  return { white: held[0], black: held[1] };
}

/** The tiles on the board (names, canonical order). */
export function presentTiles(state: CoerceoState): string[] {
  const { tiles } = checkState(state, 'presentTiles');
  return TILE_NAMES.filter((_, t) => (tiles >> t) & 1);
}

/**
 * The tiles of the full 19-tile board that are not on the board (names, canonical order): the
 * removed ones, and for an Ocius layout also the 12 outer tiles absent from the start.
 */
export function removedTiles(state: CoerceoState): string[] {
  const { tiles } = checkState(state, 'removedTiles');
  return TILE_NAMES.filter((_, t) => !((tiles >> t) & 1) && (FULL_TILES >> t) & 1);
}

/** Whether the named field's tile is on the board (C-BOARD-6). */
export function fieldExists(state: CoerceoState, field: string): boolean {
  checkState(state, 'fieldExists');
  const id = fieldByName(field);
  if (id < 0) throw new RulesError('PARSE_ERROR', `${quote(field)} is not a field name`);
  return ((state.tiles >> ((id / 6) | 0)) & 1) === 1;
}

/** C-BOARD-4/6: the existing edge neighbours of a field (names, canonical order). */
export function edgeNeighboursOf(state: CoerceoState, field: string): string[] {
  return neighboursOf(checkState(state, 'edgeNeighboursOf'), field, EN_LO, EN_HI, 1);
}

/** C-BOARD-5/6: the existing vertex neighbours of a field (names, canonical order). */
export function vertexNeighboursOf(state: CoerceoState, field: string): string[] {
  return neighboursOf(checkState(state, 'vertexNeighboursOf'), field, VN_LO, VN_HI, 0);
}

function neighboursOf(
  state: CoerceoState,
  field: string,
  lo: Int32Array,
  hi: Int32Array,
  flip: number,
): string[] {
  const id = fieldByName(field);
  if (id < 0) throw new RulesError('PARSE_ERROR', `${quote(field)} is not a field name`);
  const c = fieldColour(id);
  const i = c * COLOUR_FIELDS + colourIndex(id);
  const out: string[] = [];
  for (let ci = 0; ci < COLOUR_FIELDS; ci++) {
    const word = ci < 32 ? lo[i] : hi[i];
    if (!((word >>> (ci & 31)) & 1)) continue;
    const nid = fieldOf(c ^ flip, ci);
    if ((state.tiles >> ((nid / 6) | 0)) & 1) out.push(fieldName(nid));
  }
  return out;
}

/** The side to move. */
export function sideToMove(state: CoerceoState): Colour {
  return checkState(state, 'sideToMove').side === 0 ? 'white' : 'black';
}

/** The variant label of a state's layout: `laurentius`, `ocius` or `custom`. */
export function variantOf(state: CoerceoState): 'laurentius' | 'ocius' | 'custom' {
  const { layout } = checkState(state, 'variantOf');
  return layout === 'L' ? 'laurentius' : layout === 'O' ? 'ocius' : 'custom';
}

/** The Coerceo rules as a boardrules {@link Game}. */
export const coerceo: Game<CoerceoState, CoerceoMove, CoerceoOptions> = {
  name: 'coerceo',
  scoring: 'winloss',
  start,
  players: () => 2,
  toMove: (state) => checkState(state, 'coerceo.toMove').side,
  moves,
  apply,
  terminal: (state) => checkState(state, 'coerceo.terminal').status !== LIVE,
  score: (state) => scoreOf(checkState(state, 'coerceo.score').status),
  formatMove: formatMoveAt,
  parseMove: parseMoveAt,
  serialize,
  deserialize,
  search: (state): CoerceoPosition => positionOf(checkState(state, 'coerceo.search')),
};
