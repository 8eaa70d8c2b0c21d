/**
 * What apps ask of a Coerceo state: the outcome, what a turn would do, the threats to announce
 * ('Cura'), the pieces and tiles, the neighbours of a field, the side to move and the variant.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
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
} from './engine/board.js';
import { MAX_MOVES } from './engine/codes.js';
import { generateSteps } from './engine/moves.js';
import { LIVE, outcomeOf } from './engine/rules.js';
import { assertLegal } from './explain.js';
import { checkState, legalCode, positionFrom, positionOf } from './state.js';
import type { CoerceoMove, CoerceoOutcome, CoerceoState, Colour } from './types.js';

/** Scratch move buffer (every use is synchronous and finishes before the next). */
const threatScratch = new Int32Array(MAX_MOVES);

/** The outcome of a finished game (C-END-7), or `null` while it goes on. */
export function outcome(state: CoerceoState): CoerceoOutcome | null {
  return outcomeOf(checkState(state, 'outcome').status);
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
  assertLegal(state, move);
  // The state's tree position plays the move and takes it back before anything else runs.
  const pos = positionOf(state, 'turnEffects');
  pos.play(legalCode(pos, move));
  const capLo = pos.lastCapLo;
  const capHi = pos.lastCapHi;
  const removed = pos.lastRemoved;
  const collected = pos.lastCollected;
  pos.undo();
  const o = 1 - state.side;
  const captured: string[] = [];
  for (let ci = 0; ci < COLOUR_FIELDS; ci++) {
    const word = ci < 32 ? capLo : capHi;
    if ((word >>> (ci & 31)) & 1) captured.push(fieldName(fieldOf(o, ci)));
  }
  const removedTiles: string[] = [];
  for (let t = 0; t < TILE_COUNT; t++) {
    if ((removed >> t) & 1) removedTiles.push(TILE_NAMES[t]);
  }
  return { captured, removedTiles, collected };
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
  const pos = positionFrom(view);
  const buf = threatScratch;
  const n = generateSteps(pos, buf, 0);
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
