/**
 * `boardrules record <file|-> [--game G] [--to FORMAT] [--from FORMAT]`: reads every record of a
 * file in any format a game reads and writes them in another (PGN by default) on stdout. Each
 * record's main line is replayed through the rules; what the readers normalised and what the
 * rules refused go to stderr with the record's number (and the line, where the reader knows it).
 *
 * Exit codes: 0 every record read and replayed whole; 1 an input that could not be read, or a
 * record that could not be read whole (it is still written, as far as it was read); 2 bad
 * arguments: an unknown format, a format the record's game cannot write, a game not told.
 */
import { isRulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { type RecordedGame, replayLine } from '../core/record.js';
import { writeRecord } from '../core/record-formats.js';
import {
  formatNames,
  gameFlag,
  InputError,
  type RecordsOfText,
  readInput,
  readRecordsOf,
  takePositionals,
} from './inputs.js';
import type { CommandContext, CommandPlugin, FlagSpec, Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';

const FLAGS: readonly FlagSpec[] = [
  {
    name: 'game',
    value: '<game>',
    help: 'the records are of this game (default: told by their format or tags)',
  },
  { name: 'to', value: '<format>', help: 'write the records in this format (default pgn)' },
  {
    name: 'from',
    value: '<format>',
    help: 'read the file in this format (default: found from it)',
  },
];

/** A text flag's value, or `undefined`; `--to` without a value is a usage error. */
function textFlag(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} needs a value`);
  return v;
}

/**
 * Reports on stderr what reading `read` from `source` normalised (warnings, with their line) or
 * refused (records cut short); true when nothing was refused.
 */
export function reportReading(
  ctx: CommandContext,
  source: string,
  read: Pick<RecordsOfText, 'warnings' | 'errors'>,
): boolean {
  for (const w of read.warnings) {
    ctx.io.err(
      `boardrules: ${source}${w.line > 0 ? ` line ${w.line}` : ''}: warning: ${w.message}`,
    );
  }
  for (const e of read.errors) {
    ctx.io.err(`boardrules: ${source} record ${e.record + 1}: error: ${e.error.message}`);
  }
  return read.errors.length === 0;
}

/**
 * Reports on stderr what reading `read` from `source` normalised or refused, and what the rules
 * refused on replaying each record's main line; true when every record was read whole.
 */
export function reportRecords(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  source: string,
  read: RecordsOfText,
): boolean {
  let whole = reportReading(ctx, source, read);
  read.records.forEach((record, i) => {
    const plugin = games.get(read.games[i] as string) as GamePlugin;
    const where = `${source} record ${i + 1}`;
    try {
      const line = replayLine(plugin.game, record);
      for (const w of line.warnings) {
        ctx.io.err(`boardrules: ${where}: warning: ply ${w.ply}: ${w.message}`);
      }
      if (line.error !== null) {
        whole = false;
        ctx.io.err(`boardrules: ${where}: error: ${line.error.message}`);
      }
    } catch (e) {
      if (!isRulesError(e)) throw e;
      whole = false;
      ctx.io.err(`boardrules: ${where}: error: ${e.message}`);
    }
  });
  return whole;
}

/** Reads `path` and its records; an unreadable input is an {@link InputError}. */
export async function recordsOfInput(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  path: string,
  game: string | undefined,
  from: string | undefined,
): Promise<RecordsOfText> {
  const text = await readInput(path, ctx);
  const source = path === '-' ? 'stdin' : path;
  try {
    return readRecordsOf(games, text, source, game, from);
  } catch (e) {
    if (isRulesError(e)) throw new InputError(`${source}: ${e.message}`);
    throw e;
  }
}

async function runRecord(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  flags: Flags,
  files: readonly string[],
): Promise<number> {
  if (files.length !== 1) {
    throw new UsageError(`'record' takes one file (or - for stdin), got ${files.length}`);
  }
  const path = files[0] as string;
  const game = gameFlag(games, flags.game);
  const to = textFlag(flags, 'to') ?? 'pgn';
  const from = textFlag(flags, 'from');
  if (game !== undefined && !formatNames(games.get(game) as GamePlugin).includes(to)) {
    const names = formatNames(games.get(game) as GamePlugin);
    throw new UsageError(
      `--to: ${game} has no record format ${quote(to)} (it has ${names.join(', ')})`,
    );
  }
  let read: RecordsOfText;
  try {
    read = await recordsOfInput(ctx, games, path, game, from);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    ctx.io.err(`boardrules: ${e.message}`);
    return 1;
  }
  const source = path === '-' ? 'stdin' : path;
  if (read.records.length === 0) {
    ctx.io.err(`boardrules: ${source}: no record in it`);
    return 1;
  }
  // Every record's game must have the format before anything is written.
  read.games.forEach((g, i) => {
    const names = formatNames(games.get(g) as GamePlugin);
    if (!names.includes(to)) {
      throw new UsageError(
        `--to: ${source} record ${i + 1} is a ${g} record, and ${g} has no record format ${quote(to)} (it has ${names.join(', ')})`,
      );
    }
  });
  let code = reportRecords(ctx, games, source, read) ? 0 : 1;
  const texts: string[] = [];
  const written: RecordedGame[] = [];
  read.records.forEach((record, i) => {
    const plugin = games.get(read.games[i] as string) as GamePlugin;
    try {
      texts.push(writeRecord(plugin.game, record, to).replace(/\n$/, ''));
      written.push(record);
    } catch (e) {
      if (!isRulesError(e)) throw e;
      code = 1;
      ctx.io.err(`boardrules: ${source} record ${i + 1}: cannot be written as ${to}: ${e.message}`);
    }
  });
  // Several JSON records are one list (a JSON text holds one value); the others follow each other.
  if (to === 'json' && written.length > 1) ctx.io.out(JSON.stringify(written, null, 2));
  else ctx.io.out(texts.join(to === 'pgn' ? '\n\n' : '\n'));
  return code;
}

/** `boardrules record` over `games` (the registered games by default). */
export function recordCommand(games: ReadonlyMap<string, GamePlugin>): CommandPlugin {
  return {
    name: 'record',
    synopsis: 'record <file|-> [--to <format>]',
    summary: 'convert game records (pgn, json, ...) between formats',
    about: [
      'Reads every record of a file (or of stdin, for -) in any format a game reads, and writes',
      'them in another on stdout (PGN by default; --to gamestring: one GameString per line).',
      "The game is --game, or told by the file's format or tags (Hive GameType, Coerceo Variant,",
      'Torres Players). Each main line is replayed through the rules: what a reader normalised',
      'and what the rules refused go to stderr with the record number. Exit code 1 when a record',
      'could not be read whole, 2 for bad arguments.',
      '',
      `Formats: ${[...games]
        .filter(([, p]) => p.game.records !== undefined)
        .map(([g, p]) => `${g} ${formatNames(p).join(', ')}`)
        .join('; ')}`,
    ].join('\n'),
    flags: FLAGS,
    take: (args) => takePositionals(FLAGS, args),
    run: (ctx, flags, files) => runRecord(ctx, games, flags, files),
  };
}
