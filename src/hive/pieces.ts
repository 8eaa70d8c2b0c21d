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
import { RulesError } from '../core/errors.js';

/** Bug kinds. The numbers index the per-kind tables in the move generator. */
export const QUEEN = 0;
/** Spider: exactly three slides (H-SPIDER-1). */
export const SPIDER = 1;
/** Beetle: one step at any height (H-BEETLE-1). */
export const BEETLE = 2;
/** Grasshopper: jumps a straight run (H-GRASS-1). */
export const GRASSHOPPER = 3;
/** Soldier Ant: any number of slides (H-ANT-1). */
export const ANT = 4;
/** Mosquito: copies adjacent top pieces (H-MOSQ-*). */
export const MOSQUITO = 5;
/** Ladybug: up, across, down (H-LADY-1). */
export const LADYBUG = 6;
/** Pillbug: one slide or a throw (H-PILLBUG-*). */
export const PILLBUG = 7;
/** Number of bug kinds. */
export const KINDS = 8;

/** Bug letters by kind, as UHP writes them. */
export const KIND_LETTERS: readonly string[] = ['Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'];

/** Slots per colour (Q, S1, S2, B1, B2, G1, G2, G3, A1, A2, A3, M, L, P). */
export const SLOTS = 14;
/** Number of piece ids (both colours). */
export const PIECES: number = 2 * SLOTS;

/** Bug kind of each slot. */
export const SLOT_KIND: Uint8Array = Uint8Array.from([0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7]);
/** Number of each slot within its kind (0 when the kind has a single piece and no number). */
export const SLOT_NUMBER: Uint8Array = Uint8Array.from([0, 1, 2, 1, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0]);
/** First slot of each kind. */
export const KIND_FIRST_SLOT: Uint8Array = Uint8Array.from([0, 1, 3, 5, 8, 11, 12, 13]);
/** Number of pieces of each kind per colour (H-SETUP-2). */
export const KIND_COUNT: Uint8Array = Uint8Array.from([1, 2, 2, 3, 3, 1, 1, 1]);

/** Colour of a piece id: 0 White, 1 Black. */
export function colourOf(piece: number): number {
  return piece >= SLOTS ? 1 : 0;
}

/** Kind of a piece id. */
export function kindOf(piece: number): number {
  return SLOT_KIND[piece % SLOTS] as number;
}

/** UHP name of a piece id, e.g. `wS1`, `bQ`. */
export function pieceName(piece: number): string {
  const slot = piece % SLOTS;
  const n = SLOT_NUMBER[slot] as number;
  return `${piece >= SLOTS ? 'b' : 'w'}${KIND_LETTERS[SLOT_KIND[slot] as number]}${n === 0 ? '' : n}`;
}

const NAME_TO_PIECE: ReadonlyMap<string, number> = new Map(
  Array.from({ length: PIECES }, (_, p) => [pieceName(p).toLowerCase(), p] as const),
);

/**
 * The piece id of a UHP piece name (case-insensitive), or -1 when the text is not a piece name
 * (including a number on Q/M/L/P or a missing number on S/B/G/A, H-UHP-7).
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

/** Expansion bit of the Mosquito in a game-type mask. */
export const EXP_M = 1;
/** Expansion bit of the Ladybug. */
export const EXP_L = 2;
/** Expansion bit of the Pillbug. */
export const EXP_P = 4;

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

/**
 * Reads a GameTypeString (H-UHP-1, H-UHP-6): `Base` optionally followed by `+` and expansion
 * letters in any order and case, without repeats. With `strict`, only the canonical spelling.
 * Throws `RulesError('PARSE_ERROR')` naming the text.
 */
export function parseGameType(text: string, strict = false): GameType {
  const m = /^base(?:\+([mlp]+))?$/i.exec(text);
  if (!m) throw new RulesError('PARSE_ERROR', `unknown game type '${text}'`);
  let mask = 0;
  for (const ch of (m[1] ?? '').toUpperCase()) {
    const bit = ch === 'M' ? EXP_M : ch === 'L' ? EXP_L : EXP_P;
    if (mask & bit) throw new RulesError('PARSE_ERROR', `game type '${text}' repeats '${ch}'`);
    mask |= bit;
  }
  if (m[1] === '') throw new RulesError('PARSE_ERROR', `unknown game type '${text}'`);
  const type = typeOfMask(mask);
  if (strict && type !== text) {
    throw new RulesError('PARSE_ERROR', `game type '${text}' is not canonical (strictInput)`);
  }
  return type;
}

/** Formats a game type (canonical). */
export function formatGameType(type: GameType): string {
  return type;
}

/** True when the slot's bug belongs to a game with this expansion mask. */
export function slotInGame(slot: number, mask: number): boolean {
  const kind = SLOT_KIND[slot] as number;
  if (kind === MOSQUITO) return (mask & EXP_M) !== 0;
  if (kind === LADYBUG) return (mask & EXP_L) !== 0;
  if (kind === PILLBUG) return (mask & EXP_P) !== 0;
  return true;
}
