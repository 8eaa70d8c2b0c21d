export { isRulesError, RulesError, type RulesErrorCode } from './errors.js';
export { type Explanation, type Refusal, rulePage, ruleUrl } from './explain.js';
export {
  type Game,
  type MoveOf,
  normalizedScore,
  type OptionsOf,
  type Rulebook,
  type SearchPosition,
  type Seats,
  type StateOf,
} from './game.js';
export {
  divide,
  type PerftOptions,
  type PerftTask,
  perft,
  perftPosition,
  perftTask,
  perftTasks,
} from './perft.js';
export { readPgn, writePgn } from './pgn.js';
export {
  type RandomGameOptions,
  type RandomGameResult,
  randomGame,
  randomPlayout,
} from './random-game.js';
export {
  MAX_RECORDS_PER_TEXT,
  mainLine,
  type ReadMove,
  type RecordError,
  type RecordedGame,
  type RecordFormat,
  type RecordNode,
  type RecordRules,
  type RecordsRead,
  type RecordTag,
  type RecordWarning,
  type ReplayedLine,
  type ReplayWarning,
  recordNode,
  recordNodes,
  recordOfGame,
  recordStart,
  replayLine,
  tagValue,
} from './record.js';
export {
  type RecordsReadAs,
  readRecords,
  recordFormats,
  writeRecord,
} from './record-formats.js';
export {
  isRngState,
  nextFloat,
  nextInt,
  nextUint32,
  type RandomSource,
  Rng,
  type RngState,
  rngFromSeed,
  shuffle,
} from './rng.js';
