// The analysis board's games and how a pasted record finds its game: the format (a game's own,
// such as Hive's, says so by itself), else the tags (GameType → Hive, Variant or ExchangeCost →
// Coerceo, Players, Seed or Version → Torres), else a Position tag the game reads, else the game
// whose rules replay most of the main line. Reading goes through `readRecords`, so every format
// a game reads (its own through `Game.records.formats`, JSON, PGN) is read here too. No DOM.
import {
  isRulesError,
  mainLine,
  type RecordedGame,
  type RecordFormat,
  readRecords,
  recordFormats,
  replayLine,
  tagValue,
} from '../../../src/index.js';
import type { AnyAdapter } from '../adapter.js';
import { coerceoAdapter } from '../coerceo.js';
import { hiveAdapter } from '../hive.js';
import { torresAdapter } from '../torres.js';

/** The games the board analyses, by `Game.name`. */
export type GameName = 'hive' | 'coerceo' | 'torres';

export const GAME_NAMES: readonly GameName[] = ['hive', 'coerceo', 'torres'];

/** The playground's adapter of each game (drawing, seat names, the bots' kit). */
export const ADAPTERS: Readonly<Record<GameName, AnyAdapter>> = {
  hive: hiveAdapter as unknown as AnyAdapter,
  coerceo: coerceoAdapter as unknown as AnyAdapter,
  torres: torresAdapter as unknown as AnyAdapter,
};

/** The game's name as the page writes it. */
export const TITLES: Readonly<Record<GameName, string>> = {
  hive: 'Hive',
  coerceo: 'Coerceo',
  torres: 'Torres',
};

export function isGameName(name: unknown): name is GameName {
  return typeof name === 'string' && (GAME_NAMES as readonly string[]).includes(name);
}

/** The tags that name each game's start (see each game's `records` rules). */
const TAGS: readonly (readonly [GameName, readonly string[]])[] = [
  ['hive', ['GameType']],
  ['coerceo', ['Variant', 'ExchangeCost']],
  ['torres', ['Players', 'Seed', 'Version']],
];

/** The formats of `game` that are its own (not PGN or JSON, which every game reads). */
function ownFormats(name: GameName): readonly RecordFormat[] {
  return ADAPTERS[name].game.records?.formats ?? [];
}

/** The formats every game reads (JSON, then PGN, which takes any text). */
function commonFormats(): readonly RecordFormat[] {
  const all = recordFormats(ADAPTERS.coerceo.game);
  const own = new Set(ownFormats('coerceo'));
  return all.filter((f) => !own.has(f));
}

/** A game and why the page took it. */
export interface Inferred {
  readonly game: GameName;
  /** In words, for the page: `its GameType tag`, `Hive's gamestring format`. */
  readonly why: string;
}

/** How far `record`'s main line replays in `game` (-1: not at all, its start is refused). */
function replayedPlies(game: GameName, record: RecordedGame): number {
  try {
    const r = replayLine(ADAPTERS[game].game, record);
    return r.error === null ? r.moves.length + 0.5 : r.moves.length;
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return -1;
  }
}

/**
 * The game `text` is a record of (see the module comment). Throws the reader's `RulesError`
 * when no format reads it.
 */
export function inferGame(text: string): Inferred {
  for (const game of GAME_NAMES) {
    const own = ownFormats(game).find((f) => f.detect(text));
    if (own) return { game, why: `${TITLES[game]}'s ${own.name} format` };
  }
  const format = commonFormats().find((f) => f.detect(text)) as RecordFormat;
  const record = format.read(text).records[0];
  if (record === undefined) return { game: 'hive', why: 'no record in the text: Hive' };
  for (const [game, tags] of TAGS) {
    const tag = tags.find((t) => tagValue(record.tags, t) !== undefined);
    if (tag !== undefined) return { game, why: `its ${tag} tag` };
  }
  const position = tagValue(record.tags, 'Position');
  if (position !== undefined) {
    for (const game of GAME_NAMES) {
      try {
        ADAPTERS[game].game.deserialize(position);
        return { game, why: `its Position tag, a ${TITLES[game]} position` };
      } catch (e) {
        if (!isRulesError(e)) throw e;
      }
    }
  }
  if (mainLine(record).length === 0) return { game: 'hive', why: 'no moves and no tags: Hive' };
  let best: GameName = 'hive';
  let most = -2;
  for (const game of GAME_NAMES) {
    const plies = replayedPlies(game, record);
    if (plies > most) {
      best = game;
      most = plies;
    }
  }
  return { game: best, why: `its moves, which ${TITLES[best]}'s rules replay furthest` };
}

/** The records of a text, in the game picked or inferred. */
export interface Opened {
  readonly game: GameName;
  /** Why this game: the user's choice, or what gave it away. */
  readonly why: string;
  readonly format: string;
  readonly records: readonly RecordedGame[];
  /** What the reader normalised, and records it could read only up to a move. */
  readonly notes: readonly string[];
}

/**
 * Reads `text` as records of `choice`, or of the game it is for (`'auto'`). Throws the reader's
 * `RulesError` (its message names the line) for text with no reading, and one saying so for a
 * text without a record.
 */
export function openRecords(text: string, choice: GameName | 'auto'): Opened {
  const { game, why } =
    choice === 'auto' ? inferGame(text) : { game: choice, why: 'picked by you' };
  const read = readRecords(ADAPTERS[game].game, text);
  if (read.records.length === 0) {
    throw new Error(`No record in the text (read as ${read.format}).`);
  }
  const notes = [
    ...read.warnings.map((w) => (w.line > 0 ? `line ${w.line}: ${w.message}` : w.message)),
    ...read.errors.map((e) => `record ${e.record + 1}: ${e.error.message}`),
  ];
  return { game, why, format: read.format, records: read.records, notes };
}

/** A one-line name of a record for the choice between several: its players, event or number. */
export function recordTitle(record: RecordedGame, index: number): string {
  const tag = (name: string): string => tagValue(record.tags, name)?.trim() ?? '';
  const players = [tag('White'), tag('Black')].filter((p) => p !== '' && p !== '?');
  const event = tag('Event');
  const name =
    players.length === 2 ? players.join(' – ') : event !== '' && event !== '?' ? event : '';
  return `${index + 1}. ${name === '' ? 'Record' : name} (${mainLine(record).length} plies)`;
}
