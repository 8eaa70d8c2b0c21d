/**
 * Where a Hive record starts: the `GameType` tag (a UHP GameTypeString, with the option block of
 * `formatGameString` for non-default rule options: `Base+MLP{TournamentOpening=False}`), or a
 * `Position` tag holding a saved GameString.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import { type RecordedGame, type RecordTag, tagsArg, tagValue } from '../../core/record.js';
import { parseGameString } from '../game-string.js';
import { DEFAULT_OPTIONS, type HiveOptions } from '../options.js';
import type { HiveState } from '../types.js';
import { startState } from './rules.js';

/** The start options the `GameType` tag names; the library's default game without one. */
export function startOptionsOf(tags: readonly RecordTag[]): Partial<HiveOptions> {
  tagsArg('hive.records.startOptions', tags);
  // A record without the tag: the library's default game (a Base game replays in it too).
  const type = (tagValue(tags, 'GameType') ?? DEFAULT_OPTIONS.type).trim();
  if (type.includes(';')) {
    throw new RulesError('PARSE_ERROR', `the record's GameType tag ${quote(type)} has a ';'`);
  }
  try {
    return parseGameString(`${type};NotStarted;White[1]`).options;
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    throw new RulesError(e.code, `the record's GameType tag ${quote(type)}: ${e.message}`);
  }
}

/** The state a record starts from: its `Position` tag, else the start its tags name. */
export function startOf(record: RecordedGame): HiveState {
  const position = tagValue(record.tags, 'Position');
  if (position === undefined) return startState(startOptionsOf(record.tags));
  try {
    return parseGameString(position);
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    throw new RulesError(e.code, `the record's Position tag: ${e.message}`);
  }
}
