/**
 * The pieces of Hive: bug kinds, the per-colour piece slots and their UHP names, and the eight
 * official game types (H-SETUP-2).
 *
 * A piece is an integer id `colour * SLOTS + slot`. Slots are fixed for every game type (a game
 * without the Mosquito simply never uses slot 11), so ids, names and the canonical order
 * (H-MOVESET-3: Q, S1, S2, B1, B2, G1–G3, A1–A3, M, L, P) never depend on the game type. Fan bugs
 * (a later issue) add slots after P and kinds after PILLBUG; the move generator dispatches on the
 * kind, so they plug into the same generator.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { readOptions } from '../../core/options.js';
import { quote } from '../../core/quote.js';
import {
  EXP_L,
  EXP_M,
  EXP_P,
  FAN_KINDS,
  FIRST_FAN_KIND,
  SLOTS as I_SLOTS,
  KINDS,
  LADYBUG,
  MOSQUITO,
  PIECES,
  PILLBUG,
} from './constants.js';

// A local alias for the test runner (see moves.ts); the build drops it.
const SLOTS = I_SLOTS;

// The numbers (kinds, slots, expansion bits) live in constants.ts so the build inlines them.
export {
  ANT,
  BEETLE,
  CENTIPEDE,
  DRAGONFLY,
  EXP_L,
  EXP_M,
  EXP_P,
  FAN_KINDS,
  FIRST_FAN_KIND,
  FLY,
  GRASSHOPPER,
  KINDS,
  LADYBUG,
  MANTIS,
  MOSQUITO,
  PIECES,
  PILLBUG,
  QUEEN,
  ROACH,
  SCORPION,
  SLOTS,
  SPIDER,
  WASP,
} from './constants.js';

/** Bug letters by kind, as UHP (and its fan extension, H-FAN-UHP-1) writes them. */
export const KIND_LETTERS: readonly string[] = [
  'Q',
  'S',
  'B',
  'G',
  'A',
  'M',
  'L',
  'P',
  'T',
  'F',
  'K',
  'W',
  'R',
  'D',
  'C',
];

/** Bug kind of each slot. */
export const SLOT_KIND: Uint8Array = Uint8Array.from([
  0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7, 8, 8, 9, 9, 9, 10, 10, 11, 11, 11, 12, 13, 14,
]);
/** Number of each slot within its kind (0 when the kind has a single piece and no number). */
export const SLOT_NUMBER: Uint8Array = Uint8Array.from([
  0, 1, 2, 1, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0, 1, 2, 1, 2, 3, 1, 2, 1, 2, 3, 0, 0, 0,
]);
/** First slot of each kind. */
export const KIND_FIRST_SLOT: Uint8Array = Uint8Array.from([
  0, 1, 3, 5, 8, 11, 12, 13, 14, 16, 19, 21, 24, 25, 26,
]);
/**
 * Number of tiles of each kind per colour (H-SETUP-2; for a fan kind, the tiles that may be
 * turned to it, H-FAN-ROSTER-1).
 */
export const KIND_COUNT: Uint8Array = Uint8Array.from([
  1, 2, 2, 3, 3, 1, 1, 1, 2, 3, 2, 3, 1, 1, 1,
]);
/** The slots of each kind as a bit mask (bit `s` for slot `s`; every slot is below 32). */
export const KIND_SLOTS: Int32Array = Int32Array.from(
  KIND_COUNT,
  (count, kind) => ((1 << count) - 1) << (KIND_FIRST_SLOT[kind] as number),
);
/**
 * H-FAN-ROSTER-1: the kind on the other face of each tile (-1 for the single-sided Queen): Beetle
 * and Mantis, Grasshopper and Fly, Spider and Scorpion, Soldier Ant and Wasp, Ladybug and
 * Cockroach, Mosquito and Dragonfly, Pillbug and Centipede.
 */
export const OTHER_FACE: Int8Array = Int8Array.from([
  -1, 10, 8, 9, 11, 13, 12, 14, 2, 3, 1, 4, 6, 5, 7,
]);

/** Colour of a piece id: 0 White, 1 Black. */
export function colourOf(piece: number): number {
  return piece >= SLOTS ? 1 : 0;
}

/** Kind of a piece id. */
export function kindOf(piece: number): number {
  return SLOT_KIND[piece % SLOTS];
}

/** The UHP names of all piece ids, built once: move lists name a piece per move. */
const PIECE_NAMES: readonly string[] = Array.from({ length: PIECES }, (_, piece) => {
  const slot = piece % SLOTS;
  const n = SLOT_NUMBER[slot];
  return `${piece >= SLOTS ? 'b' : 'w'}${KIND_LETTERS[SLOT_KIND[slot]]}${n === 0 ? '' : n}`;
});

/** UHP name of a piece id, e.g. `wS1`, `bQ`, `wT1` (H-FAN-UHP-1). */
export function pieceName(piece: number): string {
  return PIECE_NAMES[piece] as string;
}

const NAME_TO_PIECE: ReadonlyMap<string, number> = new Map(
  PIECE_NAMES.map((name, p) => [name.toLowerCase(), p] as const),
);

/**
 * The piece id of a UHP piece name (case-insensitive), or -1 when the text is not a piece name
 * (including a number on Q/M/L/P/R/D/C or a missing number on S/B/G/A/T/F/K/W, H-UHP-7,
 * H-FAN-ROSTER-3).
 */
export function pieceFromName(text: string): number {
  return NAME_TO_PIECE.get(text.toLowerCase()) ?? -1;
}

/** The eight official game types (H-SETUP-2), in canonical spelling. */
export type GameType =
  | 'Base'
  | 'Base+M'
  | 'Base+L'
  | 'Base+P'
  | 'Base+ML'
  | 'Base+MP'
  | 'Base+LP'
  | 'Base+MLP';

/** Every game type, canonical order. */
export const GAME_TYPES: readonly GameType[] = [
  'Base',
  'Base+M',
  'Base+L',
  'Base+P',
  'Base+ML',
  'Base+MP',
  'Base+LP',
  'Base+MLP',
];

/** Expansion mask of a canonical game type. */
export function expansionsOf(type: GameType): number {
  let mask = 0;
  const plus = type.indexOf('+');
  if (plus >= 0) {
    for (const ch of type.slice(plus + 1)) mask |= ch === 'M' ? EXP_M : ch === 'L' ? EXP_L : EXP_P;
  }
  return mask;
}

/** Canonical game type of an expansion mask. */
export function typeOfMask(mask: number): GameType {
  const letters = `${mask & EXP_M ? 'M' : ''}${mask & EXP_L ? 'L' : ''}${mask & EXP_P ? 'P' : ''}`;
  return (letters ? `Base+${letters}` : 'Base') as GameType;
}

/** The fan bug letters in canonical order (H-FAN-UHP-1). */
export type FanLetter = 'T' | 'F' | 'K' | 'W' | 'R' | 'D' | 'C';

/** Every fan letter, canonical order T F K W R D C. */
export const FAN_LETTERS: readonly FanLetter[] = ['T', 'F', 'K', 'W', 'R', 'D', 'C'];

/**
 * The tiles one colour turns to their fan face (H-FAN-ROSTER-2), by fan letter: `{ T: 1, W: 3 }`
 * plays one Mantis (and one Beetle) and three Wasps (and no Soldier Ant). Missing letters are 0.
 */
export type FanRoster = { readonly [L in FanLetter]?: number };

/** Both colours' choices of face (H-FAN-ROSTER-2): public and fixed for the game. */
export interface HiveRoster {
  /** White's fan tiles. */
  readonly w: FanRoster;
  /** Black's fan tiles. */
  readonly b: FanRoster;
}

/**
 * A game type: one of the eight official GameTypeStrings, or the fan extension's
 * `<GameTypeString>:w<Roster>:b<Roster>` (H-FAN-UHP-2), e.g. `Base+P:wTW3:bC`.
 */
export type HiveGameType = GameType | `${GameType}:w${string}:b${string}`;

/**
 * A resolved game type: the official base type, its expansion mask, and the fan counts per
 * colour (`roster[colour * FAN_KINDS + i]` for fan letter `i`).
 */
export interface GameSetup {
  /** The canonical game type string (the plain official one when no tile is turned). */
  readonly type: HiveGameType;
  /** The official type underneath. */
  readonly base: GameType;
  /** Expansion mask (EXP_M | EXP_L | EXP_P). */
  readonly mask: number;
  /** Fan tile counts, White's seven then Black's seven, in FAN_LETTERS order. */
  readonly roster: readonly number[];
}

/** The expansion a fan kind's tile needs (H-FAN-ROSTER-4): 0 for the always-present tiles. */
const FAN_NEEDS: readonly number[] = [0, 0, 0, 0, EXP_L, EXP_M, EXP_P];

function parseBase(text: string, whole: string): GameType {
  const m = /^base(?:\+([a-z]*))?$/i.exec(text);
  if (!m || m[1] === '') throw new RulesError('PARSE_ERROR', `unknown game type ${quote(whole)}`);
  let mask = 0;
  for (const ch of (m[1] ?? '').toUpperCase()) {
    const bit = ch === 'M' ? EXP_M : ch === 'L' ? EXP_L : ch === 'P' ? EXP_P : 0;
    if (bit === 0)
      throw new RulesError('PARSE_ERROR', `unknown expansion ${quote(ch)} in ${quote(whole)}`);
    if (mask & bit)
      throw new RulesError('PARSE_ERROR', `game type ${quote(whole)} repeats '${ch}'`);
    mask |= bit;
  }
  return typeOfMask(mask);
}

/** Reads one colour's Roster (H-FAN-UHP-2) into `counts` from `offset`. */
function parseRoster(text: string, counts: number[], offset: number, whole: string): void {
  let i = 0;
  while (i < text.length) {
    const letter = text[i].toUpperCase();
    const f = FAN_LETTERS.indexOf(letter as FanLetter);
    if (f < 0)
      throw new RulesError('PARSE_ERROR', `unknown fan bug ${quote(text[i])} in ${quote(whole)}`);
    i++;
    let n = 1;
    if (i < text.length && /[0-9]/.test(text[i])) {
      n = Number(text[i]);
      i++;
      if (n < 1 || n > 3) {
        throw new RulesError('PARSE_ERROR', `bad count ${n} for '${letter}' in ${quote(whole)}`);
      }
    }
    if (counts[offset + f] > 0) {
      throw new RulesError('PARSE_ERROR', `roster in ${quote(whole)} repeats '${letter}'`);
    }
    counts[offset + f] = n;
  }
}

/**
 * Checks fan counts against the tiles of a base type (H-FAN-ROSTER-4): no more tiles turned than
 * exist, and R, D, C only with `+L`, `+M`, `+P`. Throws `RulesError(code)`.
 */
export function checkRoster(
  base: GameType,
  roster: readonly number[],
  code: 'PARSE_ERROR' | 'INVALID_OPTIONS' = 'PARSE_ERROR',
): void {
  const mask = expansionsOf(base);
  for (let colour = 0; colour < 2; colour++) {
    for (let f = 0; f < FAN_KINDS; f++) {
      const n = roster[colour * FAN_KINDS + f];
      if (n === 0) continue;
      const letter = FAN_LETTERS[f] as FanLetter;
      const side = colour === 0 ? 'White' : 'Black';
      const needs = FAN_NEEDS[f];
      if (needs !== 0 && (mask & needs) === 0) {
        throw new RulesError(
          code,
          `${side}'s roster uses '${letter}', which needs the ${KIND_LETTERS[OTHER_FACE[FIRST_FAN_KIND + f]]} expansion (${base} has none)`,
        );
      }
      const max = KIND_COUNT[FIRST_FAN_KIND + f];
      if (n > max) {
        throw new RulesError(
          code,
          `${side}'s roster turns ${n} '${letter}' tiles; there are ${max}`,
        );
      }
    }
  }
}

/** The canonical Roster text of one colour: letters in order, the count omitted when 1. */
function formatRoster(roster: readonly number[], offset: number): string {
  let out = '';
  for (let f = 0; f < FAN_KINDS; f++) {
    const n = roster[offset + f];
    if (n > 0) out += `${FAN_LETTERS[f]}${n === 1 ? '' : n}`;
  }
  return out;
}

/** The canonical type string of a base type and fan counts (H-FAN-UHP-2). */
export function formatSetupType(base: GameType, roster: readonly number[]): HiveGameType {
  if (roster.every((n) => n === 0)) return base;
  return `${base}:w${formatRoster(roster, 0)}:b${formatRoster(roster, FAN_KINDS)}` as HiveGameType;
}

/**
 * Reads a GameTypeString (H-UHP-1, H-UHP-6), or its fan extension (H-FAN-UHP-2): `Base`
 * optionally followed by `+` and expansion letters in any order and case, without repeats, then
 * optionally `:w<Roster>:b<Roster>`. With `strict`, only the canonical spelling. Throws
 * `RulesError('PARSE_ERROR')` naming the text.
 */
export function gameSetup(text: string, strict = false): GameSetup {
  if (typeof text !== 'string') {
    throw new RulesError('PARSE_ERROR', `a game type must be text, got ${quote(text)}`);
  }
  const m = /^([^:]*)(?::w([^:]*):b([^:]*))?$/i.exec(text);
  if (!m || (text.includes(':') && m[2] === undefined)) {
    throw new RulesError('PARSE_ERROR', `unknown game type ${quote(text)}`);
  }
  const base = parseBase(m[1], text);
  const roster = new Array<number>(2 * FAN_KINDS).fill(0);
  if (m[2] !== undefined) {
    parseRoster(m[2], roster, 0, text);
    parseRoster(m[3], roster, FAN_KINDS, text);
  }
  checkRoster(base, roster);
  const type = formatSetupType(base, roster);
  if (strict && type !== text) {
    throw new RulesError('PARSE_ERROR', `game type ${quote(text)} is not canonical (strictInput)`);
  }
  return Object.freeze({ type, base, mask: expansionsOf(base), roster: Object.freeze(roster) });
}

/**
 * Reads a GameTypeString (official or fan-extended) and returns its canonical spelling. Throws
 * `RulesError('PARSE_ERROR')` naming the text.
 */
export function parseGameTypeString(text: string, strict = false): HiveGameType {
  return gameSetup(text, strict).type;
}

/** Formats a game type (canonical). */
export function formatGameTypeString(type: HiveGameType): string {
  return gameSetup(type).type;
}

/** The fan counts of a {@link HiveRoster}, validated (H-FAN-ROSTER-4). */
export function rosterCounts(base: GameType, roster: unknown): number[] {
  const counts = new Array<number>(2 * FAN_KINDS).fill(0);
  const sides: readonly ['w' | 'b', number][] = [
    ['w', 0],
    ['b', FAN_KINDS],
  ];
  const sidesOf = readOptions(roster, "hive option 'roster'", ['w', 'b']);
  for (const [side, offset] of sides) {
    const r = readOptions(sidesOf[side], `hive option 'roster.${side}'`, FAN_LETTERS);
    for (const k of Object.keys(r)) {
      const v = r[k];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
        throw new RulesError(
          'INVALID_OPTIONS',
          `roster.${side}.${k} must be a whole number of tiles, got ${quote(v)}`,
        );
      }
      counts[offset + FAN_LETTERS.indexOf(k as FanLetter)] = v;
    }
  }
  checkRoster(base, counts, 'INVALID_OPTIONS');
  return counts;
}

/** The {@link HiveRoster} of fan counts, or `null` when no tile is turned. */
export function rosterOf(counts: readonly number[]): HiveRoster | null {
  if (counts.every((n) => n === 0)) return null;
  const side = (offset: number): FanRoster => {
    const r: Record<string, number> = {};
    for (let f = 0; f < FAN_KINDS; f++) {
      const n = counts[offset + f];
      if (n > 0) r[FAN_LETTERS[f]] = n;
    }
    return Object.freeze(r);
  };
  return Object.freeze({ w: side(0), b: side(FAN_KINDS) });
}

/**
 * The piece ids of a game per colour, for the generator's loops (which would otherwise visit
 * all 27 slots of a colour, most of them empty in the official types): colour c's ids in slot
 * order from index `c * (SLOTS + 1)`, ended by −1.
 */
export function inGamePieces(inGame: Uint8Array): Int8Array {
  const list = new Int8Array(2 * (SLOTS + 1)).fill(-1);
  for (let colour = 0; colour < 2; colour++) {
    let i = colour * (SLOTS + 1);
    for (let slot = 0; slot < SLOTS; slot++)
      if (inGame[colour * SLOTS + slot]) list[i++] = colour * SLOTS + slot;
  }
  return list;
}

/**
 * The kinds a colour has at least one piece of in a game, in kind order: colour c's from index
 * `c * (KINDS + 1)`, ended by −1 (the placement loop's list; the official types have 5–8 of 15).
 */
export function inGameKinds(inGame: Uint8Array): Int8Array {
  const list = new Int8Array(2 * (KINDS + 1)).fill(-1);
  for (let colour = 0; colour < 2; colour++) {
    let i = colour * (KINDS + 1);
    for (let kind = 0; kind < KINDS; kind++) {
      const first = colour * SLOTS + KIND_FIRST_SLOT[kind];
      if (inGame.subarray(first, first + KIND_COUNT[kind]).includes(1)) list[i++] = kind;
    }
  }
  return list;
}

/**
 * Which piece ids belong to a game (H-SETUP-2, H-FAN-ROSTER-1..3): the official pieces of the
 * type, less the tiles turned to their fan face, plus those fan pieces, so a player never has
 * more pieces than the official type gives (H-FAN-GEN-1). Turned tiles take the
 * highest numbers of the standard kind, so the standard pieces that remain are numbered from 1,
 * and fan pieces are numbered from 1 too.
 */
export function inGameTable(mask: number, roster: readonly number[]): Uint8Array {
  const t = new Uint8Array(PIECES);
  for (let colour = 0; colour < 2; colour++) {
    for (let slot = 0; slot < SLOTS; slot++) {
      const kind = SLOT_KIND[slot];
      const number = Math.max(1, SLOT_NUMBER[slot]);
      let count: number;
      if (kind >= FIRST_FAN_KIND) {
        count = roster[colour * FAN_KINDS + kind - FIRST_FAN_KIND];
      } else {
        const present =
          (kind !== MOSQUITO || (mask & EXP_M) !== 0) &&
          (kind !== LADYBUG || (mask & EXP_L) !== 0) &&
          (kind !== PILLBUG || (mask & EXP_P) !== 0);
        const fan = OTHER_FACE[kind];
        const turned = fan < 0 ? 0 : roster[colour * FAN_KINDS + fan - FIRST_FAN_KIND];
        count = present ? KIND_COUNT[kind] - turned : 0;
      }
      t[colour * SLOTS + slot] = number <= count ? 1 : 0;
    }
  }
  return t;
}
