/**
 * What Hive's records need of the rules ({@link RecordRules}): the `GameType` tag names the start
 * (a UHP GameTypeString, with the option block of `formatGameString` for non-default rule
 * options: `Base+MLP{TournamentOpening=True}`), a result is written as UHP's GameStateString
 * (`WhiteWins`, `BlackWins`, `Draw`), as Mzinga and hivegame.com write it in PGN, move texts are
 * read leniently where Hive's records are (see `records/read-move.ts`), and Hive has two formats
 * of its own: Boardspace's SGF and the UHP GameString.
 *
 * @module
 */
import type { RecordRules, RecordTag } from '../core/record.js';
import { formatGameString, gameStateString } from './game-string.js';
import type { HiveOptions } from './options.js';
import { gameStringFormat } from './records/gamestring-format.js';
import { readHiveMove } from './records/read-move.js';
import { sgfFormat } from './records/sgf-format.js';
import { startOptionsOf } from './records/start.js';
import type { HiveMove, HiveState } from './types.js';

export const hiveRecords: RecordRules<HiveState, HiveMove> & {
  startOptions(tags: readonly RecordTag[]): Partial<HiveOptions>;
} = {
  startOptions: startOptionsOf,
  tagsOf(start) {
    return [['GameType', (formatGameString(start).split(';')[0] as string).trim()]];
  },
  resultOf(state) {
    return gameStateString(state);
  },
  readMove: readHiveMove,
  formats: [sgfFormat, gameStringFormat],
};
