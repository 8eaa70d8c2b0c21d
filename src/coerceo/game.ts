/**
 * The `coerceo` game record and the queries apps need. Every function here is a thin wrapper
 * over the one move generator in `engine/position.ts`.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { type Explanation, refusedMove } from '../core/explain.js';
import type { Game } from '../core/game.js';
import { listedIndex } from '../core/listed.js';
import { quote } from '../core/quote.js';
import { encodeMove } from './engine/codes.js';
import { moveList } from './engine/lists.js';
import type { CoerceoPosition } from './engine/position.js';
import { LIVE, scoreOf } from './engine/rules.js';
import { assertLegal, explainMove, refusalOf } from './explain.js';
import { formatCpf, formatMoveText, parseCpf, parseMoveText, quoteMove } from './notation.js';
import { type CoerceoOptions, type CoerceoRulings, checkOptions, rulingsOf } from './options.js';
import { threats } from './queries.js';
import { coerceoRecords } from './records.js';
import { searchPositionOf } from './search.js';
import {
  checkState,
  childState,
  positionAt,
  positionOf,
  readSavedText,
  resigned,
  savedText,
  stateFromData,
  versionOf,
} from './state.js';
import type { CoerceoMove, CoerceoState, Colour, PositionData } from './types.js';

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

/** C-MOVE-2: every legal step and exchange, in canonical notation order; `[]` when over. */
function moves(state: CoerceoState): readonly CoerceoMove[] {
  const v = versionOf(state, 'coerceo.moves');
  if (v.moves !== undefined) return v.moves;
  const list = moveList(positionAt(v));
  v.moves = list;
  return list;
}

/** Plays `move`; pure. Throws `GAME_OVER` on a finished game, `ILLEGAL_MOVE` otherwise. */
function apply(state: CoerceoState, move: CoerceoMove): CoerceoState {
  const v = versionOf(state, 'coerceo.apply');
  // A move object `moves` handed out for this state is legal: only its code is needed, not the
  // refusal checks and a second generation.
  const listed = v.moves;
  if (listed === undefined || listedIndex(listed, move, v) < 0) assertLegal(state, move);
  return childState(state, v, encodeMove(move, state.side));
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

/** Alias of {@link threats}: the pieces-in-danger query behind the 'Cura' announcement. */

/** C-NOTATION-2 (+ C-VARIANT-CURA-2): the canonical text of a move in `state`. */
function formatMoveAt(state: CoerceoState, move: CoerceoMove): string {
  checkState(state, 'coerceo.formatMove');
  if (move === null || typeof move !== 'object') {
    throw new RulesError('ILLEGAL_MOVE', `formatMove: ${quoteMove(move)} is not a move`);
  }
  const text = formatMoveText(move);
  if (state.rulings.cura && state.status === LIVE) {
    const next = apply(state, move);
    if (threats(next).length > 0) return `${text}+`;
  }
  return text;
}

/** C-NOTATION-2: reads a move and checks it is legal (`PARSE_ERROR` / `ILLEGAL_MOVE`). */
function parseMoveAt(state: CoerceoState, text: string): CoerceoMove {
  const pos = positionOf(state, 'coerceo.parseMove');
  const move = parseMoveText(text);
  const refused = refusalOf(pos, move);
  if (refused !== null) {
    throw refusedMove(
      `${quote(formatMoveText(move))} (from ${quote(String(text).trim())})`,
      refused,
    );
  }
  // The listed object, so that a parsed move is the very value `moves` holds.
  const listed = moves(state).find((m) =>
    m.kind === 'step'
      ? move.kind === 'step' && m.from === move.from && m.to === move.to
      : move.kind === 'exchange' && m.target === move.target,
  ) as CoerceoMove;
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

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'coerceo' as const;

/** The Coerceo rules as a boardrules {@link Game}. */
export const coerceo: {
  /**
   * Whether `move` is legal in `state`, and if not, the rule that forbids it (its ID in
   * `docs/rules/coerceo.md`) and why, in words — what `coerceo.apply` would throw, without
   * throwing (see {@link Game.explain}). Throws `INVALID_STATE` for a bad state and
   * `ILLEGAL_MOVE` for a value that is no Coerceo move (not a step or exchange object, an
   * unknown field).
   *
   * @example
   * ```ts
   * import { coerceo } from 'boardrules/coerceo';
   * coerceo.explain(coerceo.start(), { kind: 'exchange', target: 'a2f' });
   * // { legal: false, rule: 'C-EXCHANGE-1', rules: ['C-EXCHANGE-1'],
   * //   reason: 'an exchange costs 2 tiles and White holds 0' }
   * ```
   */
  explain(state: CoerceoState, move: CoerceoMove): Explanation;
  /** The mutable search position over `state`, for perft and bots (see {@link CoerceoPosition}). */
  search(state: CoerceoState): CoerceoPosition;
} & Game<CoerceoState, CoerceoMove, CoerceoOptions> = {
  name,
  scoring: 'winloss',
  seats: { min: 2, max: 2 },
  rulebook: { prefix: 'C', page: 'coerceo' },
  records: coerceoRecords,
  start,
  players: () => 2,
  toMove: (state) => checkState(state, 'coerceo.toMove').side,
  moves,
  explain: (state, move) => explainMove(positionOf(state, 'coerceo.explain'), move),
  apply,
  terminal: (state) => checkState(state, 'coerceo.terminal').status !== LIVE,
  score: (state) => scoreOf(checkState(state, 'coerceo.score').status),
  formatMove: formatMoveAt,
  parseMove: parseMoveAt,
  serialize,
  deserialize,
  search: (state): CoerceoPosition => searchPositionOf(state, 'coerceo.search'),
};
