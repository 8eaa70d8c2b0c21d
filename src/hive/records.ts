/**
 * What Hive's records need of the rules ({@link RecordRules}): the `GameType` tag names the start
 * (a UHP GameTypeString, with the option block of `formatGameString` for non-default rule
 * options: `Base+MLP{TournamentOpening=True}`), and a result is written as UHP's GameStateString
 * (`WhiteWins`, `BlackWins`, `Draw`), as Mzinga and hivegame.com write it in PGN.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { type RecordRules, type RecordTag, tagsArg, tagValue } from '../core/record.js';
import { formatGameString, gameStateString, parseGameString } from './game-string.js';
import { DEFAULT_OPTIONS, type HiveOptions } from './options.js';
import type { HiveMove, HiveState } from './types.js';

export const hiveRecords: RecordRules<HiveState, HiveMove> & {
  startOptions(tags: readonly RecordTag[]): Partial<HiveOptions>;
} = {
  startOptions(tags) {
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
  },
  tagsOf(start) {
    return [['GameType', (formatGameString(start).split(';')[0] as string).trim()]];
  },
  resultOf(state) {
    return gameStateString(state);
  },
};
