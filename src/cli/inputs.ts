/**
 * What `boardrules record` and `analyze` share: the positional arguments of a command, reading a
 * record file (or stdin) as text with a size cap, and reading its records with the game each
 * belongs to: `--game`, else the one game whose own format reads the text (Hive's SGF, say),
 * else the game whose tags a record has ({@link GamePlugin.recordTags}). The formats are the
 * games' own (`recordFormats`): none is named here.
 */
import { readFileSync, statSync } from 'node:fs';
import { quote } from '../core/quote.js';
import { type RecordedGame, type RecordsRead, recordRulesOf } from '../core/record.js';
import { type RecordsReadAs, readRecords, recordFormats } from '../core/record-formats.js';
import type { CommandContext, FlagSpec, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { suggestion } from './suggest.js';

/** The largest input read: an archive beyond it is to be split (64 MiB). */
export const MAX_INPUT_BYTES: number = 64 * 1024 * 1024;

/** An input that cannot be read as record text; the command reports it and exits with 1. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * Splits a command's arguments into its positional ones (files) and the rest (flags and their
 * values, for the flag parser): an argument is a flag's value when it follows a flag of `specs`
 * that takes one (`--to pgn`); `-` alone is positional (stdin).
 */
export function takePositionals(
  specs: readonly FlagSpec[],
  args: readonly string[],
): { readonly taken: readonly string[]; readonly rest: readonly string[] } {
  const taken: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith('-') && a !== '-') {
      rest.push(a);
      const spec = specs.find((f) => `--${f.name}` === a);
      if (spec?.value !== undefined && i + 1 < args.length) rest.push(args[++i] as string);
    } else taken.push(a);
  }
  return { taken, rest };
}

/** Bytes as text: UTF-8 (or UTF-16 with its byte order mark); anything else is refused. */
function decode(bytes: Uint8Array, name: string): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw new InputError(`${name}: not a text file (a zero byte at offset ${nul})`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(`${name}: not UTF-8 text`);
  }
}

const tooLarge = (name: string): InputError =>
  new InputError(
    `${name}: larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB: split the archive into smaller files`,
  );

/** The text of a record file, or of stdin for `-`; throws {@link InputError}. */
export async function readInput(path: string, ctx: CommandContext): Promise<string> {
  if (path === '-') {
    if (ctx.stdio === undefined) throw new UsageError("'-' (stdin) is not available here");
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of ctx.stdio.input) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.length;
      if (size > MAX_INPUT_BYTES) throw tooLarge('stdin');
      chunks.push(bytes);
    }
    return decode(Buffer.concat(chunks), 'stdin');
  }
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new InputError(`${path}: not a file`);
    size = stat.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${quote(path)}: ${(e as Error).message}`);
  }
  if (size > MAX_INPUT_BYTES) throw tooLarge(path);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new InputError(`cannot read ${quote(path)}: ${(e as Error).message}`);
  }
  return decode(bytes, path);
}

/** The game named by `--game`, or `undefined` without it. */
export function gameFlag(
  games: ReadonlyMap<string, GamePlugin>,
  value: string | boolean | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  const known = [...games.keys()].filter((g) => games.get(g)?.game.records !== undefined);
  if (typeof value !== 'string' || !known.includes(value)) {
    throw new UsageError(
      `--game must be one of ${known.join(', ')}, got ${quote(value)}${suggestion(String(value), known)}`,
    );
  }
  return value;
}

/** The names of a game's record formats. */
export function formatNames(plugin: GamePlugin): string[] {
  return recordFormats(plugin.game).map((f) => f.name);
}

/** The records of a text, each with the game it belongs to. */
export interface RecordsOfText extends RecordsRead {
  readonly format: string;
  /** The game of each record, by index. */
  readonly games: readonly string[];
}

/** The tag names that tell each game, for messages: `GameType (hive), Variant (coerceo)`. */
function tagList(games: ReadonlyMap<string, GamePlugin>): string {
  return [...games]
    .flatMap(([name, p]) => (p.recordTags ?? []).map((t) => `${t} (${name})`))
    .join(', ');
}

/** The game a record's tags name, or why none can be told (a {@link UsageError}). */
function gameByTags(
  games: ReadonlyMap<string, GamePlugin>,
  record: RecordedGame,
  where: string,
): string {
  const names = new Set(record.tags.map(([n]) => n));
  const found = [...games].filter(([, p]) => (p.recordTags ?? []).some((t) => names.has(t)));
  const choices = `give --game ${[...games.keys()].join('|')}`;
  if (found.length === 1) return (found[0] as [string, GamePlugin])[0];
  if (found.length === 0) {
    throw new UsageError(
      `${where}: cannot tell the game: the record has none of the tags ${tagList(games)}; ${choices}`,
    );
  }
  throw new UsageError(
    `${where}: cannot tell the game: the record has tags of ${found.map(([g]) => g).join(' and ')}; ${choices}`,
  );
}

/**
 * Reads the records of `text` (from `source`, for messages) in format `from` (or as found from
 * the text) for `game` (or the game each record belongs to, see the module comment). Throws
 * {@link UsageError} for a format no game has or a game it cannot tell, and the reader's
 * `RulesError('PARSE_ERROR')` for text it cannot read.
 */
export function readRecordsOf(
  games: ReadonlyMap<string, GamePlugin>,
  text: string,
  source: string,
  game: string | undefined,
  from: string | undefined,
): RecordsOfText {
  const withRecords = [...games].filter(([, p]) => p.game.records !== undefined);
  if (withRecords.length === 0) throw new UsageError('no game has records');
  if (game !== undefined) {
    const plugin = games.get(game) as GamePlugin;
    if (from !== undefined && !formatNames(plugin).includes(from)) {
      throw new UsageError(
        `--from: ${game} reads ${formatNames(plugin).join(', ')}, not ${quote(from)}`,
      );
    }
    const read = readRecords(plugin.game, text, from);
    return { ...read, games: read.records.map(() => game) };
  }
  // A game's own format (not the PGN and JSON every game reads) tells the game.
  const own = (p: GamePlugin) => recordRulesOf(p.game, 'records').formats ?? [];
  const owners = withRecords.filter(([, p]) =>
    own(p).some((f) => (from === undefined ? f.detect(text) : f.name === from)),
  );
  let read: RecordsReadAs;
  if (owners.length > 1) {
    throw new UsageError(
      `${source}: the text is a record of ${owners.map(([g]) => g).join(' and ')}: give --game`,
    );
  }
  if (owners.length === 1) {
    const [name, plugin] = owners[0] as [string, GamePlugin];
    read = readRecords(plugin.game, text, from);
    return { ...read, games: read.records.map(() => name) };
  }
  const [, first] = withRecords[0] as [string, GamePlugin];
  if (from !== undefined && !formatNames(first).includes(from)) {
    const all = new Set(withRecords.flatMap(([, p]) => formatNames(p)));
    throw new UsageError(`--from must be one of ${[...all].join(', ')}, got ${quote(from)}`);
  }
  // PGN and JSON read alike for every game; each record's tags then tell its game.
  read = readRecords(first.game, text, from);
  return {
    ...read,
    games: read.records.map((r, i) => gameByTags(games, r, `${source} record ${i + 1}`)),
  };
}
