/**
 * A Hive position set up by hand: the board field of a saved GameString (its text form), the
 * checks a placement must pass to be a position play can reach, and the position built from it.
 * `from-board.ts` builds states from it (`fromBoard`), `game-string.ts` reads and writes the field,
 * and `state.ts` replays states that carry one.
 *
 * The board field, after the TurnString of a GameString and before its moves:
 *
 * ```
 * BoardField = "Board(" TurnString *( SP PiecePlace ) ")"
 * PiecePlace = PieceName "@" Int "," Int [ "," Level ]     ; q, r (H-COORD-1), level (H-COORD-4)
 * ```
 *
 * e.g. `Board(White[3] wS1@0,0 wQ@0,-1 bS1@1,0 bB1@1,0,1)`: the side to move and its turn
 * (H-TURN-2) at the set-up position, then every piece on the board with its hex and, above the
 * ground, its level. Written in piece order (H-MOVESET-3), White first, level 0 left out; read
 * in any order, with blanks and letter case free unless `strictInput`.
 *
 * @module
 */
import { integerArg } from '../core/args.js';
import { RulesError, type RulesErrorCode } from '../core/errors.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import { DIRECTIONS, KEY_LIMIT } from '../geometry/hex.js';
import { setUp } from './engine/from-board.js';
import {
  BEETLE,
  DRAGONFLY,
  KIND_FIRST_SLOT,
  KIND_LETTERS,
  kindOf,
  MANTIS,
  MOSQUITO,
  PIECES,
  pieceFromName,
  pieceName,
  SCORPION,
  SLOT_KIND,
  SLOTS,
} from './engine/pieces.js';
import type { Position } from './engine/position.js';
import { formatTurnString, parseTurnString } from './notation.js';
import { type HiveOptions, resolveOptions } from './options.js';

/** The highest turn a set-up position may name (H-TURN-2): 10,000 plies, far beyond any game. */
export const MAX_SETUP_TURN = 5000;

/** A piece of a set-up board: where it stands (the shape `piecesOnBoard` returns). */
export interface HiveBoardPiece {
  /** The piece's UHP name, e.g. `wB1` (H-UHP-1). */
  readonly piece: string;
  /** Axial `q` (H-COORD-1). */
  readonly q: number;
  /** Axial `r`. */
  readonly r: number;
  /** Its place in the stack on its hex, 0 = on the ground (H-COORD-4). Default 0. */
  readonly level?: number;
}

/** A placement as read, before the rules look at it. */
export interface RawBoard {
  /** The side to move: 0 White, 1 Black. */
  readonly colour: 0 | 1;
  /** The side to move's turn number (H-TURN-2), or `null` for the lowest the pieces allow. */
  readonly turn: number | null;
  readonly pieces: readonly { readonly name: string; q: number; r: number; level: number }[];
}

/** A placement the rules accept, pieces in piece order. */
export interface Board {
  readonly colour: 0 | 1;
  readonly turn: number;
  readonly pieces: readonly { readonly piece: number; q: number; r: number; level: number }[];
}

/** Bug names by kind, for messages. */
const KIND_NAMES: readonly string[] = [
  'Queen Bee',
  'Spider',
  'Beetle',
  'Grasshopper',
  'Soldier Ant',
  'Mosquito',
  'Ladybug',
  'Pillbug',
  'Mantis',
  'Fly',
  'Scorpion',
  'Wasp',
  'Cockroach',
  'Dragonfly',
  'Centipede',
];

const COLOUR = ['White', 'Black'];

/** The kinds that can stand on the hive: each gets there by a step of its own (H-MOVE-5). */
const CLIMBERS: readonly number[] = [BEETLE, MOSQUITO, MANTIS, DRAGONFLY];

const at = (q: number, r: number): string => `(${q},${r})`;

/** Throws `RulesError('INVALID_STATE')` for a placement the rule `rule` forbids. */
function refuse(where: string, message: string, rule: string): never {
  throw new RulesError('INVALID_STATE', `${where}: ${message}`, rule);
}

/** The piece id `name` stands for in the game of `inGame`, or throws saying why not. */
function pieceOf(
  name: string,
  inGame: Uint8Array,
  type: string,
  strict: boolean,
  where: string,
  code: RulesErrorCode,
): number {
  const p = pieceFromName(name);
  const named = p >= 0 && (!strict || pieceName(p) === name);
  if (named && inGame[p]) return p;
  // A name with a bug letter names a piece the game type lacks (H-SETUP-2); anything else is
  // no piece name at all.
  const m = (strict ? /^([wb])([A-Z])[0-9]?$/ : /^([wb])([a-z])[0-9]?$/i).exec(name);
  const kind = m === null ? -1 : KIND_LETTERS.indexOf((m[2] as string).toUpperCase());
  if (m === null || kind < 0) {
    throw new RulesError(code, `${where}: ${quote(name)} is not a piece name (H-UHP-1)`);
  }
  const colour = (m[1] as string).toLowerCase() === 'w' ? 0 : 1;
  const have: string[] = [];
  for (let s = 0; s < SLOTS; s++) {
    if (SLOT_KIND[s] === kind && inGame[colour * SLOTS + s])
      have.push(pieceName(colour * SLOTS + s));
  }
  const what = KIND_NAMES[kind] as string;
  const has =
    have.length === 0
      ? `it has no ${what}`
      : `its ${what}${have.length > 1 ? 's are' : ' is'} ${have.join(', ')}`;
  return refuse(where, `${quote(name)} is not a piece of ${type}: ${has}`, 'H-SETUP-2');
}

/**
 * The pieces of a placement as piece ids, in piece order: each a piece of the game (H-SETUP-2)
 * and on the board once. What {@link checkBoard} checks first, and all a picture needs.
 */
export function readPieces(
  raw: RawBoard,
  options: Readonly<HiveOptions>,
  inGame: Uint8Array,
  where: string,
  code: RulesErrorCode,
): { piece: number; q: number; r: number; level: number }[] {
  const seen = new Uint8Array(PIECES);
  const list: { piece: number; q: number; r: number; level: number }[] = [];
  for (const e of raw.pieces) {
    const piece = pieceOf(e.name, inGame, options.type, options.strictInput, where, code);
    const name = pieceName(piece);
    // H-SETUP-2: each piece exists once.
    if (seen[piece]) {
      refuse(where, `${name} is on the board twice: there is one ${name}`, 'H-SETUP-2');
    }
    seen[piece] = 1;
    list.push({ piece, q: e.q, r: e.r, level: e.level });
  }
  return list.sort((a, b) => a.piece - b.piece);
}

/**
 * Checks a placement against the rules (see `docs/hive.md`, "Setting up a position") and returns
 * it with piece ids, in piece order. Each refusal is `RulesError('INVALID_STATE')` naming the
 * rule, the piece and the hex; a name that is no piece at all is `code` (`PARSE_ERROR` for text,
 * `INVALID_ARGUMENT` for objects).
 */
export function checkBoard(
  raw: RawBoard,
  options: Readonly<HiveOptions>,
  inGame: Uint8Array,
  where: string,
  code: RulesErrorCode,
): Board {
  const list = readPieces(raw, options, inGame, where, code);
  const byPiece: ({ piece: number; q: number; r: number; level: number } | undefined)[] = new Array(
    PIECES,
  );
  for (const p of list) byPiece[p.piece] = p;
  // H-PLACE-7: identical bugs are placed lowest number first, and never leave the board.
  for (const { piece } of list) {
    const slot = piece % SLOTS;
    const kind = SLOT_KIND[slot] as number;
    if (slot > (KIND_FIRST_SLOT[kind] as number) && byPiece[piece - 1] === undefined) {
      refuse(
        where,
        `${pieceName(piece)} is on the board but ${pieceName(piece - 1)} is not: identical bugs are placed lowest number first`,
        'H-PLACE-7',
      );
    }
  }
  // H-COORD-4: each hex holds one stack, its pieces at levels 0, 1, 2, … without a gap.
  const stacks = new Map<string, (typeof list)[number][]>();
  for (const p of list) {
    const key = `${p.q},${p.r}`;
    const stack = stacks.get(key);
    if (stack === undefined) stacks.set(key, [p]);
    else stack.push(p);
  }
  for (const stack of stacks.values()) {
    stack.sort((a, b) => a.level - b.level);
    for (const [i, p] of stack.entries()) {
      const name = pieceName(p.piece);
      if (p.level === i) continue;
      const other = stack[i - 1];
      if (other !== undefined && other.level === p.level) {
        refuse(
          where,
          `${pieceName(other.piece)} and ${name} are both at level ${p.level} on ${at(p.q, p.r)}: a stack has one piece per level`,
          'H-COORD-4',
        );
      }
      refuse(
        where,
        `${name} is at level ${p.level} on ${at(p.q, p.r)}, with nothing at level ${i}: a stack has no gaps`,
        'H-COORD-4',
      );
    }
  }
  for (const stack of stacks.values()) checkStack(stack, byPiece, options, where);
  checkOneHive(stacks, where);
  return checkCounts(raw, list, byPiece, options, where, code);
}

/** H-MOVE-5 and its users: who may stand on whom. */
function checkStack(
  stack: readonly { piece: number; q: number; r: number; level: number }[],
  byPiece: readonly unknown[],
  options: Readonly<HiveOptions>,
  where: string,
): void {
  const fan = options.roster !== null;
  for (const p of stack) {
    if (p.level === 0) continue;
    const name = pieceName(p.piece);
    const kind = kindOf(p.piece);
    const hex = at(p.q, p.r);
    if (!CLIMBERS.includes(kind)) {
      // H-PLACE-4: pieces enter on the ground; only a step (H-MOVE-5) by a climbing bug ends on
      // top: the Beetle (H-BEETLE-1), a Mosquito moving as one (H-MOSQ-2), and the fan Mantis
      // (H-FAN-MANTIS-3) and Dragonfly (H-FAN-DRAGONFLY-1). The Ladybug never ends on top.
      refuse(
        where,
        `${name} is at level ${p.level} on ${hex}, but only a Beetle or a Mosquito${fan ? ' (or a Mantis or Dragonfly)' : ''} climbs onto the hive: every other piece stays on the ground`,
        'H-BEETLE-1',
      );
    }
    const under = stack[p.level - 1] as { piece: number };
    if (kindOf(under.piece) === SCORPION) {
      refuse(
        where,
        `${name} is on top of the Scorpion ${pieceName(under.piece)} on ${hex}: nothing may move onto a Scorpion`,
        'H-FAN-SCORPION-2',
      );
    }
    // H-MOVE-1: nothing moves before its owner's Queen is in play, and only a move climbs.
    const queen = p.piece >= SLOTS ? SLOTS : 0;
    if (byPiece[queen] === undefined) {
      refuse(
        where,
        `${name} is on top of the hive at ${hex}, but ${pieceName(queen)} is in hand: a piece climbs only by moving, and nothing moves before its Queen is in play`,
        'H-MOVE-1',
      );
    }
  }
}

/** One Hive: the occupied hexes are one connected group (H-COORD-5, kept by H-MOVE-3). */
function checkOneHive(
  stacks: ReadonlyMap<string, readonly { piece: number; q: number; r: number }[]>,
  where: string,
): void {
  const first = stacks.values().next().value;
  if (first === undefined) return;
  const seen = new Set<string>();
  const todo = [first[0] as { q: number; r: number }];
  seen.add(`${todo[0]?.q},${todo[0]?.r}`);
  while (todo.length > 0) {
    const h = todo.pop() as { q: number; r: number };
    for (const [dq, dr] of DIRECTIONS) {
      const key = `${h.q + dq},${h.r + dr}`;
      const next = stacks.get(key);
      if (next === undefined || seen.has(key)) continue;
      seen.add(key);
      todo.push(next[0] as { q: number; r: number });
    }
  }
  if (seen.size === stacks.size) return;
  const a = first[first.length - 1] as { piece: number; q: number; r: number };
  for (const [key, stack] of stacks) {
    if (seen.has(key)) continue;
    const b = stack[stack.length - 1] as { piece: number; q: number; r: number };
    refuse(
      where,
      `the pieces are not one hive: ${pieceName(b.piece)} on ${at(b.q, b.r)} is cut off from ${pieceName(a.piece)} on ${at(a.q, a.r)}`,
      'H-MOVE-3',
    );
  }
}

/** The Queen rules and the turn: what each side can have placed by now. */
function checkCounts(
  raw: RawBoard,
  list: readonly { piece: number; q: number; r: number; level: number }[],
  byPiece: readonly unknown[],
  options: Readonly<HiveOptions>,
  where: string,
  code: RulesErrorCode,
): Board {
  const count = [0, 0];
  for (const p of list) (count[p.piece >= SLOTS ? 1 : 0] as number)++;
  const [nw, nb] = count as [number, number];
  for (const colour of [0, 1]) {
    const n = count[colour] as number;
    const queen = colour * SLOTS;
    const side = COLOUR[colour] as string;
    // H-PLACE-6: a Queen still in hand on a side's 4th turn leaves only Queen placements.
    if (byPiece[queen] === undefined && n >= 4) {
      refuse(
        where,
        `${side} has ${n} pieces on the board and ${pieceName(queen)} in hand: the Queen is placed by a side's 4th placement at the latest`,
        'H-PLACE-6',
      );
    }
    // H-PLACE-5: no Queen on a side's first turn, so a Queen is never a side's only piece.
    if (options.tournamentOpening && byPiece[queen] !== undefined && n === 1) {
      refuse(
        where,
        `${pieceName(queen)} is ${side}'s only piece, but a Queen is not placed on a side's first turn (tournament opening)`,
        'H-PLACE-5',
      );
    }
  }
  const colour = raw.colour;
  // The lowest turn the pieces allow: each side has had at least as many turns as it has pieces.
  const turn = raw.turn ?? (colour === 0 ? Math.max(nw, nb) + 1 : Math.max(nw, nb + 1, 1));
  if (turn > MAX_SETUP_TURN) {
    throw new RulesError(
      code,
      `${where}: the turn must be at most ${MAX_SETUP_TURN}, got ${quote(turn)}`,
    );
  }
  const ply = 2 * (turn - 1) + colour;
  const turnText = formatTurnString({ colour, turn });
  const turns = [turn - 1 + colour, turn - 1];
  for (const c of [0, 1]) {
    const n = count[c] as number;
    const had = turns[c] as number;
    // H-TURN-1: a turn places one piece at most.
    if (n > had) {
      refuse(
        where,
        `${COLOUR[c]} has ${n} piece${n === 1 ? '' : 's'} on the board but only ${had} turn${had === 1 ? '' : 's'} before ${turnText}: a turn places one piece at most`,
        'H-TURN-1',
      );
    }
  }
  // H-PLACE-1, H-PLACE-2: each side's first turn places a piece (there is always room for it).
  if (ply >= 1 && nw === 0) {
    refuse(where, `White has no piece on the board at ${turnText}: ply 0 places one`, 'H-PLACE-1');
  }
  if (ply >= 2 && nb === 0) {
    refuse(where, `Black has no piece on the board at ${turnText}: ply 1 places one`, 'H-PLACE-2');
  }
  return { colour, turn, pieces: list };
}

/**
 * Builds the position of a checked board on `pos`, a new position of its game: the pieces
 * bottom first, then the ply (see `engine/from-board.ts`).
 */
export function buildBoard(pos: Position, board: Board): Position {
  const order = [...board.pieces].sort((a, b) => a.level - b.level || a.piece - b.piece);
  setUp(pos, order, 2 * (board.turn - 1) + board.colour);
  return pos;
}

/** The board field of a checked board (see the module comment). */
export function formatBoardField(board: Board): string {
  const parts = [formatTurnString({ colour: board.colour, turn: board.turn })];
  for (const p of board.pieces) {
    parts.push(`${pieceName(p.piece)}@${p.q},${p.r}${p.level === 0 ? '' : `,${p.level}`}`);
  }
  return `Board(${parts.join(' ')})`;
}

/** Whether a GameString field is a board field (lenient: any case and blanks). */
export function isBoardField(field: string, strict: boolean): boolean {
  return strict ? field.startsWith('Board(') : /^\s*board\s*\(/i.test(field);
}

const PLACE = /^([^@\s]{1,8})@(-?[0-9]{1,6}),(-?[0-9]{1,6})(?:,([0-9]{1,2}))?$/;

/**
 * Reads a board field (see the module comment): `PARSE_ERROR` for text that is none. Names and
 * coordinates are read here; the rules judge them in {@link checkBoard}.
 */
export function parseBoardField(text: string, strict: boolean): RawBoard {
  const m = (strict ? /^Board\((.*)\)$/s : /^\s*board\s*\((.*)\)\s*$/is).exec(text);
  if (m === null) {
    throw new RulesError(
      'PARSE_ERROR',
      `a board field is Board(<turn> <pieces>), got ${quote(text)}`,
    );
  }
  const inner = m[1] as string;
  // Lenient: blanks anywhere around `@` and `,`, and any run of blanks between the pieces.
  const tokens = strict
    ? inner.split(' ')
    : inner
        .trim()
        .replace(/\s*([@,])\s*/g, '$1')
        .split(/\s+/);
  const first = tokens[0] ?? '';
  const { colour, turn } = parseTurnString(first, strict);
  const pieces: { name: string; q: number; r: number; level: number }[] = [];
  for (const token of tokens.slice(1)) {
    const p = PLACE.exec(token);
    if (p === null) {
      throw new RulesError(
        'PARSE_ERROR',
        `a piece on the board is written name@q,r or name@q,r,level, got ${quote(token)}`,
      );
    }
    const q = Number(p[2]);
    const r = Number(p[3]);
    const level = p[4] === undefined ? 0 : Number(p[4]);
    if (Math.abs(q) > KEY_LIMIT || Math.abs(r) > KEY_LIMIT) {
      throw new RulesError('PARSE_ERROR', `hex ${quote(token)} is beyond ±${KEY_LIMIT}`);
    }
    pieces.push({ name: p[1] as string, q: q + 0, r: r + 0, level });
  }
  return { colour, turn, pieces };
}

/**
 * The options of a `fromBoard` argument: `options`, with `type` over it (the two must agree);
 * `INVALID_OPTIONS` as `hive.start` says.
 */
export function readBoardOptions(
  where: string,
  board: Record<string, unknown>,
): Readonly<HiveOptions> {
  const { type, options: given } = board;
  if (given !== undefined && !isPlainObject(given)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${where}: options must be an object, got ${quote(given)}`,
    );
  }
  const options = given as Record<string, unknown> | undefined;
  if (type !== undefined && options?.type !== undefined && options.type !== type) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${where}: type ${quote(type)} and options.type ${quote(options.type)} differ`,
    );
  }
  return resolveOptions(type === undefined ? (options ?? {}) : { ...options, type });
}

const BOARD_KEYS: readonly string[] = ['type', 'options', 'pieces', 'toMove', 'turn'];
const PIECE_KEYS: readonly string[] = ['piece', 'q', 'r', 'level'];

/** Reads the placement of a `fromBoard` argument: `INVALID_ARGUMENT` for one that is none. */
export function readBoardArg(where: string, value: unknown): RawBoard {
  if (!isPlainObject(value)) {
    throw new RulesError(
      'INVALID_ARGUMENT',
      `${where}: the board must be an object { pieces, toMove?, turn?, type?, options? }, got ${quote(value)}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (!BOARD_KEYS.includes(key)) {
      throw new RulesError('INVALID_ARGUMENT', `${where}: the board has no field ${quote(key)}`);
    }
  }
  const { pieces, toMove, turn } = value;
  if (!Array.isArray(pieces)) {
    throw new RulesError(
      'INVALID_ARGUMENT',
      `${where}: pieces must be a list of { piece, q, r, level? }, got ${quote(pieces)}`,
    );
  }
  if (pieces.length > PIECES) {
    throw new RulesError(
      'INVALID_STATE',
      `${where}: ${pieces.length} pieces on the board, but a game has at most ${PIECES}`,
      'H-SETUP-2',
    );
  }
  if (toMove !== undefined && toMove !== 'w' && toMove !== 'b') {
    throw new RulesError(
      'INVALID_ARGUMENT',
      `${where}: toMove must be 'w' or 'b', got ${quote(toMove)}`,
    );
  }
  if (turn !== undefined) integerArg(where, 'turn', turn, 1, MAX_SETUP_TURN);
  const out: { name: string; q: number; r: number; level: number }[] = [];
  for (const [i, e] of pieces.entries()) {
    const what = `pieces[${i}]`;
    if (!isPlainObject(e) || typeof e.piece !== 'string') {
      throw new RulesError(
        'INVALID_ARGUMENT',
        `${where}: ${what} must be { piece, q, r, level? }, got ${quote(e)}`,
      );
    }
    for (const key of Object.keys(e)) {
      if (!PIECE_KEYS.includes(key)) {
        throw new RulesError('INVALID_ARGUMENT', `${where}: ${what} has no field ${quote(key)}`);
      }
    }
    const q = integerArg(where, `${what}.q`, e.q, -KEY_LIMIT, KEY_LIMIT);
    const r = integerArg(where, `${what}.r`, e.r, -KEY_LIMIT, KEY_LIMIT);
    const level = e.level === undefined ? 0 : integerArg(where, `${what}.level`, e.level, 0, 99);
    out.push({ name: e.piece, q: q + 0, r: r + 0, level });
  }
  return {
    colour: toMove === 'b' ? 1 : 0,
    turn: (turn as number | undefined) ?? null,
    pieces: out,
  };
}
