/**
 * One entry for every record format of a game: PGN and JSON for all games, plus the game's own
 * ({@link RecordFormat}s on `Game.records`: Hive's Boardspace SGF and UHP GameString). A text's
 * format is found from its first characters unless the caller names it.
 *
 * @module
 */
import { gameArg, stringArg } from './args.js';
import { isRulesError, RulesError } from './errors.js';
import type { Game } from './game.js';
import { readPgn, writePgn } from './pgn.js';
import { quote } from './quote.js';
import {
  checkRecordCount,
  MAX_RECORDS_PER_TEXT,
  type RecordedGame,
  type RecordFormat,
  type RecordsRead,
  recordArg,
  recordRulesOf,
} from './record.js';

/** JSON: one record, or a list of them, as `JSON.stringify` writes the plain data. */
const json: RecordFormat = {
  name: 'json',
  detect: (text) => /^\s*(\{|\[\s*[{\]])/.test(text),
  read(text) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new RulesError(
        'PARSE_ERROR',
        `JSON record: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const list = Array.isArray(data) ? data : [data];
    if (list.length > MAX_RECORDS_PER_TEXT) checkRecordCount('JSON record', list.length, 1);
    const records = list.map((r, i) => {
      try {
        return recordArg(`JSON record ${i + 1}`, r);
      } catch (e) {
        if (!isRulesError(e)) throw e;
        throw new RulesError('PARSE_ERROR', e.message);
      }
    });
    return { records, warnings: [], errors: [] };
  },
  write: (record) => `${JSON.stringify(record, null, 2)}\n`,
};

const pgn: RecordFormat = {
  name: 'pgn',
  detect: () => true,
  read: readPgn,
  write: writePgn,
};

/** The formats `game` reads: its own first, then JSON, then PGN (which takes any other text). */
export function recordFormats<S, M, O>(game: Game<S, M, O>): readonly RecordFormat[] {
  gameArg('recordFormats', game);
  return [...(recordRulesOf(game, 'recordFormats').formats ?? []), json, pgn];
}

/** {@link RecordsRead} with the format the text was read as. */
export interface RecordsReadAs extends RecordsRead {
  /** The format's name: `'pgn'`, `'json'`, or one of the game's own (`'sgf'`, `'gamestring'`). */
  readonly format: string;
}

/**
 * Reads the records of `text` in `format`, or in the first of the game's formats
 * ({@link recordFormats}) that recognises it. Throws `PARSE_ERROR` naming the line for text the
 * format cannot read, `INVALID_OPTIONS` for a format the game does not have.
 */
export function readRecords<S, M, O>(
  game: Game<S, M, O>,
  text: string,
  format?: string,
): RecordsReadAs {
  const formats = recordFormats(game);
  stringArg('readRecords', 'the text', text, 'PARSE_ERROR');
  const f =
    format === undefined
      ? (formats.find((x) => x.detect(text)) as RecordFormat)
      : formatNamed(formats, format, 'readRecords');
  return { ...f.read(text), format: f.name };
}

/**
 * The record as text in `format` (default `'pgn'`). Throws `INVALID_OPTIONS` for a format the game
 * cannot write, and what the format's writer throws for a record it cannot hold.
 */
export function writeRecord<S, M, O>(
  game: Game<S, M, O>,
  record: RecordedGame,
  format = 'pgn',
): string {
  const f = formatNamed(recordFormats(game), format, 'writeRecord');
  recordArg('writeRecord', record);
  if (f.write === undefined) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `writeRecord: ${game.name} reads ${f.name} but does not write it`,
    );
  }
  return f.write(record);
}

function formatNamed(formats: readonly RecordFormat[], name: unknown, where: string): RecordFormat {
  const f = formats.find((x) => x.name === name);
  if (f === undefined) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${where}: format must be one of ${formats.map((x) => quote(x.name)).join(', ')}, got ${quote(name)}`,
    );
  }
  return f;
}
