/**
 * Universal Hive Protocol notation (H-UHP): GameTypeString, GameStateString, TurnString and
 * MoveString at the level of the compact position. Input is lenient (H-UHP-6) unless `strict`
 * (H-UHP-7); output is canonical (H-UHP-5), byte-identical to Mzinga's. Also the boardrules
 * option block that a saved GameString appends to its type for non-default rule options.
 *
 * @module
 */
import { badArgument, integerArg, objectArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { CELLS, NB } from './engine/board.js';
import { moveCell, moveOp, movePiece, OP_GRAB, OP_SPAN, OP_SWAP, PASS } from './engine/codes.js';
import { pieceFromName, pieceName } from './engine/pieces.js';
import type { Position } from './engine/position.js';
import { BLACK_WINS, DRAW, WHITE_WINS } from './engine/rules.js';
import {
  DEFAULT_OPTIONS,
  type HiveOptions,
  MAX_PLIES_LIMIT,
  type RepetitionRule,
} from './options.js';

/** The five GameStateStrings (H-UHP-1). */
export type GameStateString = 'NotStarted' | 'InProgress' | 'Draw' | 'WhiteWins' | 'BlackWins';

const STATES: readonly GameStateString[] = [
  'NotStarted',
  'InProgress',
  'Draw',
  'WhiteWins',
  'BlackWins',
];

/** H-UHP-2: the GameStateString of a position. */
export function stateStringOf(pos: Position): GameStateString {
  if (pos.result === WHITE_WINS) return 'WhiteWins';
  if (pos.result === BLACK_WINS) return 'BlackWins';
  if (pos.result === DRAW) return 'Draw';
  return pos.ply === 0 ? 'NotStarted' : 'InProgress';
}

/** H-UHP-2: the TurnString `<side to move>[⌊plies/2⌋+1]`. */
export function turnStringOf(pos: Position): string {
  return `${pos.ply & 1 ? 'Black' : 'White'}[${(pos.ply >> 1) + 1}]`;
}

/** `text` if it is a string, else `RulesError('PARSE_ERROR')` naming what was expected. */
function textArg(what: string, text: unknown): string {
  if (typeof text !== 'string') {
    throw new RulesError('PARSE_ERROR', `a ${what} must be text, got ${quote(text)}`);
  }
  return text;
}

/** Reads a GameStateString (any case unless `strict`). */
export function parseGameStateString(text: string, strict = false): GameStateString {
  textArg('GameStateString', text);
  const found = STATES.find((s) => (strict ? s === text : s.toLowerCase() === text.toLowerCase()));
  if (!found) throw new RulesError('PARSE_ERROR', `bad GameStateString ${quote(text)}`);
  return found;
}

/** Writes a GameStateString (they are canonical as they stand). */
export function formatGameStateString(state: GameStateString): string {
  if (!STATES.includes(state)) {
    badArgument('formatGameStateString', 'the state', `one of ${STATES.join(', ')}`, state);
  }
  return state;
}

/** A parsed TurnString. */
export interface Turn {
  /** 0 White, 1 Black. */
  readonly colour: 0 | 1;
  /** The turn number, from 1. */
  readonly turn: number;
}

/** Reads a TurnString such as `White[3]` (any case unless `strict`). */
export function parseTurnString(text: string, strict = false): Turn {
  textArg('TurnString', text);
  const m = (
    strict ? /^(White|Black)\[([1-9][0-9]{0,8})\]$/ : /^(white|black)\[([0-9]{1,9})\]$/i
  ).exec(text);
  if (!m || Number(m[2]) < 1) throw new RulesError('PARSE_ERROR', `bad TurnString ${quote(text)}`);
  return { colour: m[1].toLowerCase() === 'white' ? 0 : 1, turn: Number(m[2]) };
}

/** Writes a TurnString. */
export function formatTurnString(turn: Turn): string {
  const t = objectArg('formatTurnString', 'the turn', turn);
  if (t.colour !== 0 && t.colour !== 1)
    badArgument('formatTurnString', 'colour', '0 or 1', t.colour);
  integerArg('formatTurnString', 'turn', t.turn, 1);
  return `${turn.colour === 0 ? 'White' : 'Black'}[${turn.turn}]`;
}

// H-COORD-2: the target written for a destination lying in direction d of the reference X.
// Prefix separators are west-side neighbours, suffix separators east-side ones.
const SUFFIX: readonly string[] = ['', '/', '-', '\\', '', ''];
const PREFIX: readonly string[] = ['\\', '', '', '', '/', '-'];

/**
 * H-UHP-5: the canonical MoveString of integer move `m` in `pos`: the piece alone on the first
 * ply; `p T` onto an occupied hex (T its top piece); otherwise relative to the first occupied
 * neighbour of the destination in the order NW, NE, E, SE, SW, W, with the mover lifted.
 */
export function formatMoveCode(pos: Position, m: number): string {
  if (m === PASS) return 'pass';
  const op = moveOp(m);
  const p = movePiece(m);
  const to = moveCell(m);
  const name = pieceName(p);
  // H-FAN-UHP-3: a grab is `actor *target`, a swap `actor ~target`; the actor stands on `to`.
  if (op === OP_GRAB) return `${pieceName(pos.top[to])} *${name}`;
  if (op === OP_SWAP) return `${pieceName(pos.top[to])} ~${name}`;
  // A Dragonfly's carry is implied by its destination (H-FAN-DRAGONFLY-e), so it is written as
  // a plain move.
  if (pos.anchor < 0) return name;
  const { height, top } = pos;
  const from = pos.cell[p];
  // Lift the mover so it never serves as the reference.
  if (from >= 0) {
    height[from] = height[from] - 1;
    top[from] = pos.below[p];
  }
  let text = '';
  if (height[to] > 0) {
    text = `${name} ${pieceName(top[to])}`;
  } else {
    for (let i = 0; i < 6; i++) {
      const x = NB[to * 6 + i];
      if (height[x] === 0) continue;
      // X lies in direction i of the destination, so the destination lies in direction i+3 of X.
      const d = (i + 3) % 6;
      text = `${name} ${PREFIX[d]}${pieceName(top[x])}${SUFFIX[d]}`;
      break;
    }
  }
  if (from >= 0) {
    height[from] = height[from] + 1;
    top[from] = p;
  }
  if (text === '') throw new RulesError('INVALID_STATE', `no reference for a move of ${name}`);
  return text;
}

/** A MoveString read against a position. */
export interface ParsedMove {
  /**
   * The integer move (`PASS`, `piece * CELLS + cell`, or a grab or swap); not yet checked for
   * legality. A Dragonfly move is read without its carry (see `findLegal`).
   */
  readonly move: number;
  /** The text normalised for case and blanks (H-UHP-8), keeping the given reference. */
  readonly normalized: string;
}

const TARGET = /^([-/\\]?)([a-z]+[0-9]*)([-/\\]?)$/i;

/**
 * Reads a MoveString in `pos` (H-UHP-3, H-UHP-6, H-UHP-7). Checks the syntax, the pieces and the
 * reference, not legality. Throws `RulesError('PARSE_ERROR')` naming the offending token.
 */
export function parseMoveCode(pos: Position, text: string, strict = false): ParsedMove {
  textArg('MoveString', text);
  const trimmed = text.trim();
  if (strict && trimmed !== text) {
    throw new RulesError('PARSE_ERROR', `blanks around MoveString ${quote(text)} (strictInput)`);
  }
  if (trimmed === '') throw new RulesError('PARSE_ERROR', 'empty MoveString');
  const tokens = trimmed.split(/[ \t]+/);
  if (strict && tokens.join(' ') !== trimmed) {
    throw new RulesError('PARSE_ERROR', `extra blanks in MoveString ${quote(text)} (strictInput)`);
  }
  if (tokens.length > 2) {
    throw new RulesError(
      'PARSE_ERROR',
      `unexpected token ${quote(tokens[2])} in MoveString ${quote(trimmed)}`,
    );
  }
  const first = tokens[0];
  if (first.toLowerCase() === 'pass') {
    if (strict && first !== 'pass') {
      throw new RulesError('PARSE_ERROR', `${quote(first)} must be written 'pass' (strictInput)`);
    }
    if (tokens.length > 1) {
      throw new RulesError('PARSE_ERROR', `unexpected token ${quote(tokens[1])} after 'pass'`);
    }
    return { move: PASS, normalized: 'pass' };
  }
  const p = pieceFromName(first);
  if (p < 0) throw new RulesError('PARSE_ERROR', `unknown piece ${quote(first)}`);
  const name = pieceName(p);
  if (strict && name !== first) {
    throw new RulesError(
      'PARSE_ERROR',
      `piece ${quote(first)} must be written ${quote(name)} (strictInput)`,
    );
  }
  if (!pos.inGame[p]) {
    throw new RulesError('PARSE_ERROR', `piece ${quote(first)} is not in this game type`);
  }
  if (tokens.length === 1) {
    // H-UHP-3: a piece name alone is the first ply, at (0,0).
    if (pos.anchor >= 0) {
      throw new RulesError(
        'PARSE_ERROR',
        `MoveString ${quote(trimmed)} needs a target after the first ply`,
      );
    }
    return { move: p * CELLS + pos.anchorCell(), normalized: name };
  }
  const target = tokens[1];
  if (pos.anchor < 0) {
    throw new RulesError('PARSE_ERROR', `the first ply takes no reference (${quote(target)})`);
  }
  const marker = target[0];
  if (marker === '*' || marker === '~') return parseFanOperation(pos, p, marker, target, strict);
  const m = TARGET.exec(target);
  if (!m || (m[1] !== '' && m[3] !== '')) {
    throw new RulesError('PARSE_ERROR', `bad target ${quote(target)}`);
  }
  const x = pieceFromName(m[2]);
  if (x < 0) throw new RulesError('PARSE_ERROR', `unknown reference piece ${quote(m[2])}`);
  const xName = pieceName(x);
  if (strict && xName !== m[2]) {
    throw new RulesError(
      'PARSE_ERROR',
      `piece ${quote(m[2])} must be written ${quote(xName)} (strictInput)`,
    );
  }
  const xc = pos.cell[x];
  if (xc < 0) {
    throw new RulesError('PARSE_ERROR', `reference piece ${quote(m[2])} is not in play`);
  }
  if (strict && x === p) {
    throw new RulesError('PARSE_ERROR', `${quote(m[2])} refers to the mover itself (strictInput)`);
  }
  // H-UHP-5 lifts the mover first, so a piece covered only by the mover is not covered: a
  // Beetle stepping down off X writes X as its reference.
  if (strict && pos.top[xc] !== x && !(pos.top[xc] === p && pos.below[p] === x)) {
    throw new RulesError('PARSE_ERROR', `reference ${quote(m[2])} is covered (strictInput)`);
  }
  let to = xc;
  const sep = m[1] || m[3];
  if (sep !== '') {
    // H-COORD-2: prefix = west side (\ NW, / SW, - W); suffix = east side (/ NE, - E, \ SE).
    const d =
      m[1] !== ''
        ? sep === '\\'
          ? 0
          : sep === '/'
            ? 4
            : 5
        : sep === '/'
          ? 1
          : sep === '-'
            ? 2
            : 3;
    to = NB[xc * 6 + d];
  }
  return { move: p * CELLS + to, normalized: `${name} ${m[1]}${xName}${m[3]}` };
}

/**
 * H-FAN-UHP-3: `actor *target` (grab) and `actor ~target` (swap). The integer move names the
 * target going to the actor's hex.
 */
function parseFanOperation(
  pos: Position,
  actor: number,
  marker: string,
  text: string,
  strict: boolean,
): ParsedMove {
  const name = pieceName(actor);
  const x = pieceFromName(text.slice(1));
  if (x < 0)
    throw new RulesError(
      'PARSE_ERROR',
      `unknown piece ${quote(text.slice(1))} after ${quote(marker)}`,
    );
  const xName = pieceName(x);
  if (strict && xName !== text.slice(1)) {
    throw new RulesError(
      'PARSE_ERROR',
      `piece ${quote(text.slice(1))} must be written ${quote(xName)} (strictInput)`,
    );
  }
  const ac = pos.cell[actor];
  if (ac < 0)
    throw new RulesError(
      'PARSE_ERROR',
      `${quote(name)} must be in play to ${marker === '*' ? 'grab' : 'swap'}`,
    );
  if (pos.cell[x] < 0) {
    throw new RulesError('PARSE_ERROR', `piece ${quote(text.slice(1))} is not in play`);
  }
  const op = marker === '*' ? OP_GRAB : OP_SWAP;
  return { move: op * OP_SPAN + x * CELLS + ac, normalized: `${name} ${marker}${xName}` };
}

/** The rule options a GameString cannot carry in plain UHP. */
export type RuleOptionKey = 'tournamentOpening' | 'repetitionDraw' | 'maxPlies' | 'strictInput';

/** A rule option under its UHP name (H-UHP-10), with its kind. */
export interface RuleOptionSpec {
  /** The UHP name, as the engine's `options` command prints it. */
  readonly name: 'TournamentOpening' | 'RepetitionDraw' | 'MaxPlies' | 'StrictInput';
  /** The {@link HiveOptions} key. */
  readonly key: RuleOptionKey;
  /**
   * `bool` (`True`/`False`), `int`, or `enum` (`RepetitionDraw`: `True`, `False`, `HiveGame`,
   * `Nokamute`, the values of H-END-4).
   */
  readonly kind: 'bool' | 'int' | 'enum';
}

/** The UHP texts of the `repetitionDraw` values (H-END-4), in the order `options` lists them. */
export const REPETITION_TEXTS: readonly (readonly [string, RepetitionRule])[] = [
  ['False', false],
  ['True', true],
  ['HiveGame', 'hivegame'],
  ['Nokamute', 'nokamute'],
];

/** The `repetitionDraw` value a UHP text names (any case unless `strict`), or `undefined`. */
export function parseRepetitionText(text: string, strict = false): RepetitionRule | undefined {
  const found = REPETITION_TEXTS.find(([t]) =>
    strict ? t === text : t.toLowerCase() === text.toLowerCase(),
  );
  return found?.[1];
}

/** H-UHP-10: the rule options and their UHP names, in the order `options` lists them. */
export const RULE_OPTIONS: readonly RuleOptionSpec[] = [
  { name: 'TournamentOpening', key: 'tournamentOpening', kind: 'bool' },
  { name: 'RepetitionDraw', key: 'repetitionDraw', kind: 'enum' },
  { name: 'MaxPlies', key: 'maxPlies', kind: 'int' },
  { name: 'StrictInput', key: 'strictInput', kind: 'bool' },
];

/** A rule option's value as UHP writes it: `True`/`False`, the integer or the enum text. */
export function formatOptionValue(value: boolean | number | RepetitionRule): string {
  if (typeof value === 'number') return String(value);
  return (REPETITION_TEXTS.find(([, v]) => v === value) as readonly [string, RepetitionRule])[0];
}

/**
 * The option block of a saved GameString (a boardrules extension, not UHP): the rule options
 * that differ from their defaults (H-OPT-1) as `{Name=Value,…}` in the order of
 * {@link RULE_OPTIONS}, e.g. `{TournamentOpening=False,MaxPlies=40}`; `''` when every rule
 * option has its default, so such a save is a plain UHP GameString.
 */
export function formatOptionBlock(options: Readonly<HiveOptions>): string {
  const entries: string[] = [];
  for (const spec of RULE_OPTIONS) {
    const value = options[spec.key] ?? DEFAULT_OPTIONS[spec.key];
    if (value !== DEFAULT_OPTIONS[spec.key]) {
      entries.push(`${spec.name}=${formatOptionValue(value)}`);
    }
  }
  return entries.length === 0 ? '' : `{${entries.join(',')}}`;
}

/** A GameTypeString field split into the type and the option block after it. */
export interface TypeField {
  /** The GameTypeString (fan-extended or not). */
  readonly type: string;
  /** The rule options the block sets (empty without a block). */
  readonly options: Partial<Pick<HiveOptions, RuleOptionKey>>;
}

/**
 * Splits the first field of a saved GameString into its GameTypeString and option block
 * (see {@link formatOptionBlock}). `{` cannot occur in a GameTypeString (H-UHP-1) or a fan
 * roster (H-FAN-UHP-2), so the block is unambiguous. Names and `True`/`False` may be in any
 * case and the entries in any order unless `strict`, which asks for the canonical spelling
 * and order. Throws `PARSE_ERROR` naming the entry.
 */
export function parseTypeField(text: string, strict = false): TypeField {
  const open = text.indexOf('{');
  if (open < 0) return { type: text, options: {} };
  const block = text.slice(open);
  if (!block.endsWith('}') || block.indexOf('}') !== block.length - 1 || block.length < 3) {
    throw new RulesError(
      'PARSE_ERROR',
      `bad option block '${block}' after the game type: expected {Name=Value,...} at the end of the field`,
    );
  }
  const options: Record<string, boolean | number | RepetitionRule> = {};
  let last = -1;
  for (const raw of block.slice(1, -1).split(',')) {
    const entry = strict ? raw : raw.trim();
    const eq = entry.indexOf('=');
    const name = (eq < 0 ? entry : entry.slice(0, eq)).trim();
    const value = eq < 0 ? '' : entry.slice(eq + 1).trim();
    const index = RULE_OPTIONS.findIndex((o) =>
      strict ? o.name === name : o.name.toLowerCase() === name.toLowerCase(),
    );
    const spec = RULE_OPTIONS[index];
    if (spec === undefined) {
      throw new RulesError(
        'PARSE_ERROR',
        `unknown option '${name}' in option block '${block}' (known: ${RULE_OPTIONS.map((o) => o.name).join(', ')})`,
      );
    }
    if (spec.key in options) {
      throw new RulesError('PARSE_ERROR', `option ${spec.name} given twice in '${block}'`);
    }
    if (strict && (index < last || entry !== `${spec.name}=${value}`)) {
      throw new RulesError(
        'PARSE_ERROR',
        `option block '${block}' is not canonical at '${entry}' (strictInput)`,
      );
    }
    last = index;
    options[spec.key] = parseOptionValue(spec, value, block, strict);
  }
  return { type: text.slice(0, open), options };
}

function parseOptionValue(
  spec: RuleOptionSpec,
  value: string,
  block: string,
  strict: boolean,
): boolean | number | RepetitionRule {
  if (spec.kind === 'enum') {
    const rule = parseRepetitionText(value, strict);
    if (rule === undefined) {
      throw new RulesError(
        'PARSE_ERROR',
        `option ${spec.name} in '${block}' needs ${REPETITION_TEXTS.map(([t]) => t).join(', ')}, got '${value}'`,
      );
    }
    return rule;
  }
  if (spec.kind === 'int') {
    const n = Number(value);
    if (!/^[0-9]{1,6}$/.test(value) || n > MAX_PLIES_LIMIT || (strict && String(n) !== value)) {
      throw new RulesError(
        'PARSE_ERROR',
        `option ${spec.name} in '${block}' needs an integer in 0..${MAX_PLIES_LIMIT}, got '${value}'`,
      );
    }
    return n;
  }
  const v = strict ? value : value.toLowerCase();
  if (v === (strict ? 'True' : 'true')) return true;
  if (v === (strict ? 'False' : 'false')) return false;
  throw new RulesError(
    'PARSE_ERROR',
    `option ${spec.name} in '${block}' needs True or False, got '${value}'`,
  );
}
