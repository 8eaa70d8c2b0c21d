/**
 * Move text (Appendix A) and the versioned JSON state format.
 *
 * Move text, one atomic move each: `castle c3`, `start c3`, `king c6`, `king stay`, `stack 2`,
 * `c4` (a block), `N@c4` (a knight), `c4-d4` (a step, or a target reachable both ways) and
 * `c4>f6` (reachable only through doors), `+1`, `buy`, `keep diagonal`, `return top`,
 * `play ap6`, `play supplyBlock c4`, `play blockUnder c4 /2` (or `/a`), `play moveBlock c4-e6`
 * (and `relocate`, `diagonal`, `anyDoor`, `jumpKnight`, `climbTwo`), `spread 2`, `end`.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { squareIndex, squareName } from './engine/board.js';
import { CARD_NAMES, cardId, cardName } from './engine/cards.js';
import { cardOf, code, fromOf, kindOf, toOf, xOf } from './engine/codes.js';
import {
  K_BLOCK,
  K_BUY,
  K_CASTLE,
  K_END,
  K_KEEP,
  K_KING,
  K_KING_STAY,
  K_KNIGHT,
  K_MOVE,
  K_PLAY,
  K_RETURN,
  K_SCORE,
  K_SPREAD,
  K_STACK,
  K_START,
  X_ACTIVE,
} from './engine/constants.js';
import type { Position } from './engine/position.js';
import { validateState } from './state.js';
import type { TorresState } from './types.js';

const steps = new Int32Array(2);

/** Whether `to` is a plain step target of the knight on `from` (T-KNIGHT-MOVE-2). */
export function isStep(pos: Position, from: number, to: number): boolean {
  pos.stepTargets(from, steps, 0);
  return ((steps[to >> 5] >>> (to & 31)) & 1) === 1;
}

/** The text of a move code in this position (Appendix A). */
export function formatCode(pos: Position, c: number): string {
  const t = squareName(toOf(c));
  const f = squareName(fromOf(c));
  const x = xOf(c);
  switch (kindOf(c)) {
    case K_CASTLE:
      return `castle ${t}`;
    case K_START:
      return `start ${t}`;
    case K_KING:
      return `king ${t}`;
    case K_KING_STAY:
      return 'king stay';
    case K_STACK:
      return `stack ${x}`;
    case K_BLOCK:
      return t;
    case K_KNIGHT:
      return `N@${t}`;
    case K_MOVE:
      // `>` marks a target reachable only through doors.
      return `${f}${isStep(pos, fromOf(c), toOf(c)) ? '-' : '>'}${t}`;
    case K_SCORE:
      return '+1';
    case K_BUY:
      return 'buy';
    case K_KEEP:
      return `keep ${cardName(x)}`;
    case K_RETURN:
      return x === 1 ? 'return bottom' : 'return top';
    case K_SPREAD:
      return `spread ${x}`;
    case K_END:
      return 'end';
    case K_PLAY: {
      const card = CARD_NAMES[cardOf(c) - 1];
      if (card === 'ap6' || card === 'ap7') return `play ${card}`;
      if (card === 'supplyBlock') return `play ${card} ${t}`;
      if (card === 'blockUnder') return `play ${card} ${f} /${x === X_ACTIVE ? 'a' : x}`;
      return `play ${card} ${f}-${t}`;
    }
    default:
      throw new RulesError('ILLEGAL_MOVE', `not a Torres move code: ${c}`);
  }
}

function perr(text: string, why: string): never {
  throw new RulesError('PARSE_ERROR', `cannot read move '${text.slice(0, 60)}': ${why}`);
}

function sqOf(text: string, tok: string | undefined): number {
  const i = tok === undefined ? -1 : squareIndex(tok);
  if (i < 0) perr(text, `'${tok ?? ''}' is not a square a1..h8`);
  return i;
}

function sizeOf(text: string, tok: string | undefined): number {
  if (tok === undefined || !/^\d{1,2}$/.test(tok) || Number(tok) > 15)
    perr(text, `'${tok ?? ''}' is not a stack size`);
  return Number(tok);
}

const CARD_BY_LOWER = new Map(CARD_NAMES.map((n) => [n.toLowerCase(), n]));

/**
 * Reads move text (lenient about case and spaces) into a move code. The `-`/`>` separator of
 * a knight move is checked against the position.
 */
export function parseCode(pos: Position, text: string): number {
  if (typeof text !== 'string') perr(quote(text), 'not a string');
  const toks = text
    .trim()
    .split(/\s+/)
    .filter((s) => s.length > 0);
  const low = toks.map((s) => s.toLowerCase());
  const w0 = low[0];
  if (w0 === undefined) perr(text, 'empty');
  const one = (n: number): void => {
    if (toks.length !== n) perr(text, `expected ${n} word(s)`);
  };
  switch (w0) {
    case 'castle':
      one(2);
      return code(K_CASTLE, 0, sqOf(text, low[1]), 0, 0);
    case 'start':
      one(2);
      return code(K_START, 0, sqOf(text, low[1]), 0, 0);
    case 'king':
      one(2);
      return low[1] === 'stay'
        ? code(K_KING_STAY, 0, 0, 0, 0)
        : code(K_KING, 0, sqOf(text, low[1]), 0, 0);
    case 'stack':
      one(2);
      return code(K_STACK, 0, 0, sizeOf(text, low[1]), 0);
    case 'spread':
      one(2);
      return code(K_SPREAD, 0, 0, sizeOf(text, low[1]), 0);
    case '+1':
      one(1);
      return code(K_SCORE, 0, 0, 0, 0);
    case 'buy':
      one(1);
      return code(K_BUY, 0, 0, 0, 0);
    case 'end':
      one(1);
      return code(K_END, 0, 0, 0, 0);
    case 'keep': {
      one(2);
      const name = low[1] === '?' ? '?' : CARD_BY_LOWER.get(low[1]);
      if (name === undefined) perr(text, `'${toks[1]}' is not a card`);
      return code(K_KEEP, 0, 0, name === '?' ? 0 : cardId(name), 0);
    }
    case 'return':
      one(2);
      if (low[1] !== 'top' && low[1] !== 'bottom') perr(text, `expected 'top' or 'bottom'`);
      return code(K_RETURN, 0, 0, low[1] === 'bottom' ? 1 : 0, 0);
    case 'play': {
      const name = CARD_BY_LOWER.get(low[1] ?? '');
      if (name === undefined) perr(text, `'${toks[1] ?? ''}' is not an action card`);
      const id = cardId(name);
      if (name === 'ap6' || name === 'ap7') {
        one(2);
        return code(K_PLAY, 0, 0, 0, id);
      }
      if (name === 'supplyBlock') {
        one(3);
        return code(K_PLAY, 0, sqOf(text, low[2]), 0, id);
      }
      if (name === 'blockUnder') {
        one(4);
        const st = low[3];
        if (!st.startsWith('/')) perr(text, `expected '/size' or '/a', got '${toks[3]}'`);
        const x = st === '/a' ? X_ACTIVE : sizeOf(text, st.slice(1));
        if (x === 0) perr(text, 'a stack of size 0 has no block');
        return code(K_PLAY, sqOf(text, low[2]), 0, x, id);
      }
      one(3);
      const m = /^([a-h][1-8])-([a-h][1-8])$/.exec(low[2]);
      if (!m) perr(text, `expected from-to such as c4-e6, got '${toks[2]}'`);
      return code(K_PLAY, sqOf(text, m[1]), sqOf(text, m[2]), 0, id);
    }
    default: {
      one(1);
      if (/^n@[a-h][1-8]$/.test(w0)) return code(K_KNIGHT, 0, sqOf(text, w0.slice(2)), 0, 0);
      if (/^[a-h][1-8]$/.test(w0)) return code(K_BLOCK, 0, sqOf(text, w0), 0, 0);
      const m = /^([a-h][1-8])([->])([a-h][1-8])$/.exec(w0);
      if (!m) perr(text, 'unknown move');
      const f = sqOf(text, m[1]);
      const t = sqOf(text, m[3]);
      // The separator is checked: '-' for a step target, '>' only through doors.
      const step = isStep(pos, f, t);
      if (m[2] === '>' && step) perr(text, `${m[3]} is a step target: write ${m[1]}-${m[3]}`);
      if (m[2] === '-' && !step && pos.pieces[f] !== 0 && pos.pieces[t] === 0) {
        // Not a step: only a door move (or nothing) can reach it.
        perr(text, `${m[3]} is not a step target: a door move is written ${m[1]}>${m[3]}`);
      }
      return code(K_MOVE, f, t, 0, 0);
    }
  }
}

/** The format id written by `torres.serialize`. */
export const FORMAT = 'boardrules/torres';
/** The JSON format version. */
export const FORMAT_VERSION = 1;

/** The state as JSON text with a format id and version. */
export function serializeState(s: TorresState): string {
  return JSON.stringify({ format: FORMAT, version: FORMAT_VERSION, state: s });
}

/** Reads `serializeState` output, validating every field (T-STATE-1). */
export function deserializeState(text: string): TorresState {
  if (typeof text !== 'string')
    throw new RulesError('PARSE_ERROR', 'serialized state must be a string');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RulesError('PARSE_ERROR', 'serialized state is not valid JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RulesError('INVALID_STATE', 'serialized state must be a JSON object');
  }
  const d = data as Record<string, unknown>;
  for (const k of Object.keys(d)) {
    if (k !== 'format' && k !== 'version' && k !== 'state')
      throw new RulesError('INVALID_STATE', `unknown field '${k}'`);
  }
  if (d.format !== FORMAT)
    throw new RulesError('INVALID_STATE', `field 'format' must be '${FORMAT}'`);
  if (d.version !== FORMAT_VERSION)
    throw new RulesError('INVALID_STATE', `field 'version' must be ${FORMAT_VERSION}`);
  return validateState(d.state);
}
