/**
 * What Torres' records need of the rules ({@link RecordRules}): the `Players` and `Seed` tags
 * name the start (the seed deals the same cards and the same first player every time, T-RNG-1),
 * and `Version` the master version when it is `Master`; any other start (other options, a game
 * under way) is the record's `Position` tag, a saved state. A result is the final points, seat
 * by seat, joined by `-` (`52-47-38`): PGN's two-player results do not fit up to four seats.
 *
 * A record holds every card a game dealt (its seed does), so it is for a finished game or for the
 * table's own archive, never for a seat while the game goes on.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { type RecordRules, type RecordTag, tagsArg, tagValue } from '../core/record.js';
import type { TorresOptions } from './options.js';
import { checkState } from './state.js';
import type { TorresMove, TorresState } from './types.js';

/** A whole number tag, or `undefined` when the record has none. */
function intTag(tags: readonly RecordTag[], name: string): number | undefined {
  const text = tagValue(tags, name)?.trim();
  if (text === undefined) return undefined;
  if (!/^-?\d{1,10}$/.test(text)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `the record's ${name} tag must be a whole number, got ${quote(text)}`,
    );
  }
  return Number(text);
}

export const torresRecords: RecordRules<TorresState, TorresMove> & {
  startOptions(tags: readonly RecordTag[]): Partial<TorresOptions>;
} = {
  startOptions(tags) {
    tagsArg('torres.records.startOptions', tags);
    const options: { -readonly [K in keyof TorresOptions]?: TorresOptions[K] } = {};
    const players = intTag(tags, 'Players');
    if (players !== undefined) options.players = players;
    const seed = intTag(tags, 'Seed');
    if (seed !== undefined) options.seed = seed;
    const version = tagValue(tags, 'Version')?.trim().toLowerCase();
    if (version !== undefined) {
      if (version !== 'basic' && version !== 'master') {
        throw new RulesError(
          'INVALID_OPTIONS',
          `the record's Version tag must be Basic or Master, got ${quote(version)}`,
        );
      }
      options.version = version;
    }
    return options;
  },
  tagsOf(start) {
    const { players, seed, version } = checkState(start, 'torres.records.tagsOf').options;
    const tags: RecordTag[] = [['Players', String(players)]];
    if (seed !== null) tags.push(['Seed', String(seed)]);
    if (version === 'master') tags.push(['Version', 'Master']);
    return tags;
  },
  resultOf(state) {
    return checkState(state, 'torres.records.resultOf')
      .seats.map((s) => s.score)
      .join('-');
  },
};
