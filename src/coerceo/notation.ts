/**
 * Coerceo notation (C-NOTATION): field names, move text, the position string (CPF) and the
 * full state string. Every reader validates and throws `RulesError` naming what is wrong and
 * where; every writer produces the one canonical form, so text round-trips exactly
 * (C-NOTATION-6: readers accept only canonical position strings).
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import {
  colourIndex,
  fieldByName,
  fieldColour,
  fieldName,
  fieldOf,
  INNER_TILES,
  neighbourSides,
  popcount,
  REMOVABLE_SIDES,
  TILE_COUNT,
  TILE_HI,
  TILE_LO,
  TILE_NAMES,
  tilesConnected,
} from './engine/board.js';
import type { CoerceoRulings } from './options.js';
import { DEFAULT_RULINGS } from './options.js';
import type { CoerceoMove, PositionData } from './types.js';

const FILES = 'abcde';
const RANKS_PER_FILE = [3, 4, 5, 4, 3];
const LETTERS = 'abcdef';

function parseError(message: string): RulesError {
  return new RulesError('PARSE_ERROR', message);
}

/** Reads a field name (`b3f`) at `index` of `text`; throws `PARSE_ERROR` naming the problem. */
function readField(text: string, index: number, what: string): number {
  const file = text[index];
  const rank = text[index + 1];
  const letter = text[index + 2];
  if (file === undefined || !FILES.includes(file)) {
    throw parseError(
      `move ${quote(text)}: expected a file a-e for the ${what} at index ${index}, got ${quote(file ?? 'end of text')}`,
    );
  }
  const ranks = RANKS_PER_FILE[FILES.indexOf(file)];
  if (rank === undefined || rank < '1' || rank > String.fromCharCode(48 + ranks)) {
    throw parseError(
      `move ${quote(text)}: expected a rank 1-${ranks} of file ${file} for the ${what} at index ${index + 1}, got ${quote(rank ?? 'end of text')}`,
    );
  }
  if (letter === undefined || !LETTERS.includes(letter)) {
    throw parseError(
      `move ${quote(text)}: expected a field letter a-f for the ${what} at index ${index + 2}, got ${quote(letter ?? 'end of text')}`,
    );
  }
  return fieldByName(file + rank + letter);
}

/** True for a step or an exchange between field names of the full board (C-NOTATION-2). */
export function isMoveShape(move: unknown): move is CoerceoMove {
  if (move === null || typeof move !== 'object') return false;
  const m = move as Record<string, unknown>;
  const field = (v: unknown): boolean => typeof v === 'string' && fieldByName(v) >= 0;
  return (
    (m.kind === 'step' && field(m.from) && field(m.to)) ||
    (m.kind === 'exchange' && field(m.target))
  );
}

/**
 * C-NOTATION-2: reads move text into a move object, without checking legality. Accepts the
 * short step form `b3f-d` (= `b3f-b3d`), one trailing Cura mark `+` and surrounding whitespace.
 * Throws `PARSE_ERROR` naming the offending character and its index.
 */
export function parseMoveText(input: string): CoerceoMove {
  if (typeof input !== 'string')
    throw parseError(`move text must be a string, got ${quote(input)}`);
  let text = input.trim();
  // C-VARIANT-CURA-2: one trailing '+' is accepted and ignored.
  if (text.endsWith('+')) text = text.slice(0, -1);
  if (text.length === 0) throw parseError(`empty move text ${quote(input)}`);
  if (text[0] === 'x') {
    const target = readField(text, 1, 'exchanged piece');
    if (text.length !== 4) {
      throw parseError(`move ${quote(text)}: unexpected ${quote(text[4])} at index 4`);
    }
    return { kind: 'exchange', target: fieldName(target) };
  }
  const from = readField(text, 0, 'origin');
  if (text[3] !== '-') {
    throw parseError(
      `move ${quote(text)}: expected '-' at index 3, got ${quote(text[3] ?? 'end of text')}`,
    );
  }
  let to: number;
  let end: number;
  if (text.length === 5) {
    // Short form: destination on the origin's tile.
    const letter = text[4];
    if (!LETTERS.includes(letter)) {
      throw parseError(
        `move ${quote(text)}: expected a field letter a-f at index 4, got ${quote(letter)}`,
      );
    }
    to = fieldByName(text.slice(0, 2) + letter);
    end = 5;
  } else {
    to = readField(text, 4, 'destination');
    end = 7;
  }
  if (text.length !== end) {
    throw parseError(`move ${quote(text)}: unexpected ${quote(text[end])} at index ${end}`);
  }
  return { kind: 'step', from: fieldName(from), to: fieldName(to) };
}

/** C-NOTATION-2: the canonical text of a move (long form, no Cura mark). */
export function formatMoveText(move: CoerceoMove): string {
  if (!isMoveShape(move)) {
    throw new RulesError('ILLEGAL_MOVE', `not a Coerceo move: ${quote(move)}`);
  }
  return move.kind === 'exchange' ? `x${move.target}` : `${move.from}-${move.to}`;
}

/**
 * The text of the step seat `c` made between two of its piece sets (colour-index words before
 * and after: exactly one piece left a field and one arrived).
 */
export function stepBetween(
  c: number,
  beforeLo: number,
  beforeHi: number,
  afterLo: number,
  afterHi: number,
): string {
  const goneLo = beforeLo & ~afterLo;
  const newLo = afterLo & ~beforeLo;
  const from = goneLo !== 0 ? 31 - Math.clz32(goneLo) : 63 - Math.clz32(beforeHi & ~afterHi);
  const to = newLo !== 0 ? 31 - Math.clz32(newLo) : 63 - Math.clz32(afterHi & ~beforeHi);
  // Every step text is built once (a state's history adds one per step).
  const key = (c * 64 + from) * 64 + to;
  let text = stepTexts[key] as string | null;
  if (text === null) {
    text = `${fieldName(fieldOf(c, from))}-${fieldName(fieldOf(c, to))}`;
    stepTexts[key] = text;
  }
  return text;
}

/** The text of each step by `(colour · 64 + from) · 64 + to` (colour indices), once built. */
const stepTexts: (string | null)[] = new Array<string | null>(2 * 64 * 64).fill(null);

function hasPiece(pieces: readonly number[], id: number): boolean {
  const c = fieldColour(id);
  const ci = colourIndex(id);
  const word = pieces[2 * c + (ci >> 5)];
  return ((word >>> (ci & 31)) & 1) === 1;
}

/** C-NOTATION-3: the canonical position string. */
export function formatCpf(p: PositionData): string {
  const columns: string[] = [];
  let t = 0;
  for (let file = 0; file < 5; file++) {
    const tokens: string[] = [];
    for (let r = 0; r < RANKS_PER_FILE[file]; r++, t++) {
      if (!((p.tiles >> t) & 1)) {
        tokens.push('-');
        continue;
      }
      let token = '';
      for (let l = 0; l < 6; l++) if (hasPiece(p.pieces, 6 * t + l)) token += LETTERS[l];
      tokens.push(token === '' ? '.' : token);
    }
    columns.push(tokens.join(','));
  }
  const side = p.side === 0 ? 'w' : 'b';
  return `${columns.join('/')} ${side} ${p.held[0]}/${p.held[1]} ${p.layout}${p.exchangeCost}`;
}

function readCount(text: string, what: string): number {
  if (!/^(0|[1-9][0-9]?)$/.test(text)) {
    throw parseError(
      `position: ${what} must be a count 0..18 without leading zeros, got ${quote(text)}`,
    );
  }
  const n = Number(text);
  if (n > 18) throw parseError(`position: ${what} must be 0..18, got ${n}`);
  return n;
}

/**
 * C-NOTATION-3 / C-NOTATION-4: reads and validates a position string. Syntax errors are
 * `PARSE_ERROR`; a well-formed string violating the invariants is `INVALID_STATE`.
 */
export function parseCpf(input: string): PositionData {
  if (typeof input !== 'string') throw parseError(`position must be a string, got ${quote(input)}`);
  const text = input.trim();
  const parts = text.split(' ');
  if (parts.length !== 4) {
    throw parseError(
      `position ${quote(text)}: expected 4 fields separated by single spaces (board side held variant), got ${parts.length}`,
    );
  }
  const [board, sideText, heldText, variantText] = parts as [string, string, string, string];
  const columns = board.split('/');
  if (columns.length !== 5) {
    throw parseError(`position board: expected 5 files separated by '/', got ${columns.length}`);
  }
  const pieces = [0, 0, 0, 0];
  let tiles = 0;
  let t = 0;
  for (let file = 0; file < 5; file++) {
    const tokens = columns[file].split(',');
    const want = RANKS_PER_FILE[file];
    if (tokens.length !== want) {
      throw parseError(
        `position board: file ${FILES[file]} needs ${want} tiles separated by ',', got ${tokens.length}`,
      );
    }
    for (let r = 0; r < want; r++, t++) {
      const token = tokens[r];
      const tileName = `${FILES[file]}${r + 1}`;
      if (token === '-') continue;
      tiles |= 1 << t;
      if (token === '.') continue;
      if (!/^[a-f]{1,6}$/.test(token)) {
        throw parseError(
          `position board: tile ${tileName} token ${quote(token)} must be '-', '.' or field letters a-f`,
        );
      }
      let last = -1;
      for (const ch of token) {
        const l = LETTERS.indexOf(ch);
        if (l <= last) {
          throw parseError(
            `position board: tile ${tileName} token ${quote(token)} must list letters strictly ascending`,
          );
        }
        last = l;
        const id = 6 * t + l;
        const c = fieldColour(id);
        const ci = colourIndex(id);
        pieces[2 * c + (ci >> 5)] = pieces[2 * c + (ci >> 5)] | (1 << (ci & 31));
      }
    }
  }
  if (sideText !== 'w' && sideText !== 'b') {
    throw parseError(`position: side to move must be 'w' or 'b', got ${quote(sideText)}`);
  }
  const heldParts = heldText.split('/');
  if (heldParts.length !== 2) {
    throw parseError(`position: held tiles must be 'white/black', got ${quote(heldText)}`);
  }
  const heldW = readCount(heldParts[0], 'White held tiles');
  const heldB = readCount(heldParts[1], 'Black held tiles');
  const m = /^([LOC])([12])$/.exec(variantText);
  if (!m) {
    throw parseError(
      `position: variant must be L, O or C followed by the exchange cost 2 or 1, got ${quote(variantText)}`,
    );
  }
  const data: PositionData = {
    pieces: pieces as unknown as [number, number, number, number],
    tiles,
    held: [heldW, heldB],
    side: sideText === 'w' ? 0 : 1,
    layout: m[1] as 'L' | 'O' | 'C',
    exchangeCost: Number(m[2]) as 1 | 2,
  };
  validatePosition(data);
  return data;
}

function invalid(message: string): RulesError {
  return new RulesError('INVALID_STATE', message);
}

/** C-NOTATION-4: the invariants every position satisfies; throws `INVALID_STATE`. */
export function validatePosition(p: PositionData): void {
  const tileCount = popcount(p.tiles);
  if (tileCount === 0) throw invalid('position has no tiles');
  if (!tilesConnected(p.tiles)) throw invalid('position tiles are not edge-connected');
  const occLo = p.pieces[0] | p.pieces[2];
  const occHi = p.pieces[1] | p.pieces[3];
  for (let t = 0; t < TILE_COUNT; t++) {
    if (!((p.tiles >> t) & 1)) continue;
    const empty = (occLo & TILE_LO[t]) === 0 && (occHi & TILE_HI[t]) === 0;
    // C-TILE-4a: an empty tile that could be removed would have been removed.
    if (empty && REMOVABLE_SIDES[neighbourSides(p.tiles, t)] === 1) {
      throw invalid(
        `tile ${tileName(t)} is empty and removable (C-TILE-4a), so it cannot be present`,
      );
    }
  }
  const white = popcount(p.pieces[0]) + popcount(p.pieces[1]);
  const black = popcount(p.pieces[2]) + popcount(p.pieces[3]);
  const maxPieces = p.layout === 'O' ? 7 : 18;
  if (p.layout === 'O' && (p.tiles & ~INNER_TILES) !== 0) {
    throw invalid('an Ocius (O) position has no ring-2 tile');
  }
  if (white > maxPieces) throw invalid(`White has ${white} pieces, at most ${maxPieces} here`);
  if (black > maxPieces) throw invalid(`Black has ${black} pieces, at most ${maxPieces} here`);
  const total = p.layout === 'O' ? 7 : 19;
  if (p.held[0] + p.held[1] > total - tileCount) {
    throw invalid(
      `held tiles ${p.held[0]}+${p.held[1]} exceed the ${total - tileCount} tiles removed from the board`,
    );
  }
  const notToMove = p.side === 0 ? black : white;
  if (notToMove === 0) {
    throw invalid(
      `${p.side === 0 ? 'Black' : 'White'} (not to move) has no pieces: the game ended a turn earlier`,
    );
  }
}

function tileName(t: number): string {
  return TILE_NAMES[t];
}

/** The extra tokens of the full state string (C-NOTATION-5). */
export interface StateTail {
  readonly rulings: CoerceoRulings;
  readonly since: readonly string[];
  readonly resigned: 0 | 1 | null;
}

/** C-NOTATION-5: the tokens after the CPF: `o:` options, `h:` history, `r:` resignation. */
export function formatTail(tail: StateTail): string {
  const out: string[] = [];
  const o: string[] = [];
  if (!tail.rulings.repetitionDraw) o.push('repetitionDraw=false');
  if (!tail.rulings.insufficientMaterialDraw) o.push('insufficientMaterialDraw=false');
  if (tail.rulings.noLegalMoves === 'loss') o.push('noLegalMoves=loss');
  if (tail.rulings.cura) o.push('cura=true');
  if (o.length > 0) out.push(`o:${o.join(',')}`);
  if (tail.since.length > 0) out.push(`h:${tail.since.join(',')}`);
  if (tail.resigned !== null) out.push(`r:${tail.resigned === 0 ? 'w' : 'b'}`);
  return out.join(' ');
}

const OPTION_TOKENS = [
  'repetitionDraw=false',
  'insufficientMaterialDraw=false',
  'noLegalMoves=loss',
  'cura=true',
];

/** Splits a full state string into its CPF and the parsed tail (canonical form only). */
export function parseStateText(input: string): { cpf: string; tail: StateTail } {
  if (typeof input !== 'string')
    throw parseError(`state text must be a string, got ${quote(input)}`);
  const parts = input.trim().split(' ');
  if (parts.length < 4) {
    throw parseError(`state ${quote(input.trim())}: expected a position string of 4 fields first`);
  }
  const cpf = parts.slice(0, 4).join(' ');
  let rulings: CoerceoRulings = DEFAULT_RULINGS;
  let since: string[] = [];
  let resigned: 0 | 1 | null = null;
  let stage = 0;
  for (let i = 4; i < parts.length; i++) {
    const token = parts[i];
    if (token.startsWith('o:') && stage < 1) {
      stage = 1;
      const items = token.slice(2).split(',');
      let last = -1;
      const r = { ...DEFAULT_RULINGS } as {
        -readonly [K in keyof CoerceoRulings]: CoerceoRulings[K];
      };
      for (const item of items) {
        const k = OPTION_TOKENS.indexOf(item);
        if (k <= last) {
          throw parseError(
            `state option ${quote(item)} is unknown or out of order (canonical order: ${OPTION_TOKENS.join(',')})`,
          );
        }
        last = k;
        if (k === 0) r.repetitionDraw = false;
        else if (k === 1) r.insufficientMaterialDraw = false;
        else if (k === 2) r.noLegalMoves = 'loss';
        else r.cura = true;
      }
      rulings = r;
    } else if (token.startsWith('h:') && stage < 2) {
      stage = 2;
      since = token.slice(2).split(',');
      for (const [k, m] of since.entries()) {
        if (!/^[a-e][1-5][a-f]-[a-e][1-5][a-f]$/.test(m)) {
          throw parseError(`state history item ${k} ${quote(m)} is not a long-form step`);
        }
        parseMoveText(m);
      }
    } else if ((token === 'r:w' || token === 'r:b') && stage < 3) {
      stage = 3;
      resigned = token === 'r:w' ? 0 : 1;
    } else {
      throw parseError(
        `state token ${i} ${quote(token)} is not one of o:…, h:…, r:w, r:b (in that order, each once)`,
      );
    }
  }
  return { cpf, tail: { rulings, since, resigned } };
}

/** A move for an error message, quoted: its text when it has the shape of one. */
export function quoteMove(move: unknown): string {
  return quote(isMoveShape(move) ? formatMoveText(move) : move);
}
