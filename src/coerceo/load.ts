/**
 * Building states from what a save holds (C-NOTATION-5): position data, the reversible moves
 * since the last irreversible turn, the rulings and a resignation. `deserialize` reads text into
 * these parts and calls {@link loadState}; the entry-point guard (`guard.ts`) checks a state
 * object by reading back the text it would be saved as ({@link savedText}) and comparing. One
 * reader decides what a valid state is, so no entry point accepts a state that `deserialize`
 * would refuse.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { colourIndex, fieldByName, fieldColour } from './board.js';
import { trustState } from './guard.js';
import { MAX_MOVES } from './moves.js';
import {
  formatCpf,
  formatTail,
  type PositionData,
  parseCpf,
  parseMoveText,
  parseStateText,
  type StateTail,
  validatePosition,
} from './notation.js';
import type { CoerceoRulings } from './options.js';
import { type CoerceoPosition, positionOf } from './position.js';
import { LIVE } from './rules.js';
import type { CoerceoMove, CoerceoState } from './types.js';

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
  const status = positionOf(state).evaluate();
  return status === LIVE ? state : trustState({ ...state, status });
}

/** C-END-2: the state after `seat` resigned (the caller checked the game goes on). */
export function resigned(state: CoerceoState, seat: 0 | 1): CoerceoState {
  const pos = positionOf(state);
  pos.resign(seat);
  return trustState({ ...state, resigned: seat, status: pos.status });
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
type CoerceoStep = Extract<CoerceoMove, { type: 'step' }>;

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
    state = stateFromData(first, tail.rulings);
    for (let k = 0; k < steps.length; k++) {
      if (state.status !== LIVE) throw invalid(`history step ${k}: the game was already over`);
      const pos = positionOf(state);
      const code = legalCode(pos, steps[k] as CoerceoMove);
      if (code < 0) throw invalid(`history step ${k} ${quote(tail.since[k])} is not a legal move`);
      pos.play(code);
      state = pos.state();
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
