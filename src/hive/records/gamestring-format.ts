/**
 * The UHP GameString as a Hive record format: each non-empty line of a text is one game
 * (`Base+MLP;InProgress;White[2];wS1;bG1 -wS1`, after an optional UHP `newgame `), read as a
 * record whose tags are the `GameType` (with the option block of a saved game) and, for a
 * finished game, the `Result`; its moves are the MoveStrings as written. Writing gives the main
 * line's final state as one GameString, with canonical MoveStrings.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import {
  checkRecordCount,
  mainLine,
  type RecordedGame,
  type RecordFormat,
  type RecordNode,
  type RecordsRead,
  type RecordTag,
  type RecordWarning,
} from '../../core/record.js';
import { formatGameString, gameStateString, turnString } from '../game-string.js';
import { formatTurnString, parseGameStateString, parseTurnString } from '../notation.js';
import type { HiveState } from '../types.js';
import { readHiveMove } from './read-move.js';
import { play } from './rules.js';
import { startOf, startOptionsOf } from './start.js';

const STATES = '(?:notstarted|inprogress|draw|whitewins|blackwins)';

/** The GameString format: a text whose first line is `type;state;…`. */
export const gameStringFormat: RecordFormat = {
  name: 'gamestring',
  detect: (text) =>
    new RegExp(`^\\uFEFF?\\s*(?:newgame\\s+)?[^;\\s]+;\\s*${STATES}\\s*;`, 'i').test(text),
  read: readGameStrings,
  write: writeGameString,
};

/**
 * Reads one GameString per non-empty line. Throws `RulesError('PARSE_ERROR')` naming the line
 * for a line that is no GameString (a type, state or turn field it cannot read). The moves are
 * not replayed here (`replayLine` does, naming the ply of a bad one); when they replay, a state
 * or turn field other than what they give is said in a warning, and the moves decide.
 */
export function readGameStrings(text: string): RecordsRead {
  if (typeof text !== 'string') {
    throw new RulesError('PARSE_ERROR', `GameString: expected text, got ${quote(text)}`);
  }
  const records: RecordedGame[] = [];
  const warnings: RecordWarning[] = [];
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  // Counted before any line is read in full (each builds a game).
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as string).trim() === '') continue;
    checkRecordCount('GameString', count, i + 1);
    count++;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    records.push(readLine(line, i + 1, warnings));
  }
  if (records.length === 0) throw new RulesError('PARSE_ERROR', 'GameString: the text holds none');
  return { records, warnings, errors: [] };
}

function readLine(text: string, line: number, warnings: RecordWarning[]): RecordedGame {
  const fail = (why: string): never => {
    throw new RulesError('PARSE_ERROR', `GameString line ${line}: ${why}`);
  };
  const body = text.replace(/^newgame\s+/i, '');
  const fields = body.split(';');
  if (fields.length < 3) fail(`a GameString needs type;state;turn, got ${quote(body)}`);
  const type = (fields[0] as string).trim();
  const tags: RecordTag[] = [['GameType', type]];
  let state: ReturnType<typeof parseGameStateString>;
  let turn: string;
  try {
    startOptionsOf(tags);
    state = parseGameStateString((fields[1] as string).trim());
    turn = formatTurnString(parseTurnString((fields[2] as string).trim()));
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return fail(e.message);
  }
  const moves = fields.slice(3).map((m) => m.trim());
  // A `;` at the end (nokamute's tests write one) leaves an empty field, which is no move.
  while (moves.length > 0 && moves[moves.length - 1] === '') moves.pop();
  if (moves.length < fields.length - 3) {
    warnings.push({ line, message: 'a ; with no move after it at the end; left out' });
  }
  const empty = moves.indexOf('');
  if (empty >= 0) fail(`move ${empty + 1} is empty`);
  if (state === 'WhiteWins' || state === 'BlackWins' || state === 'Draw')
    tags.push(['Result', state]);
  let children: RecordNode[] = [];
  for (let k = moves.length - 1; k >= 0; k--) {
    children = [
      { move: moves[k] as string, nags: [], comment: null, evaluation: null, tags: [], children },
    ];
  }
  const record: RecordedGame = { tags, comment: null, children };
  const end = replayed(record);
  if (end !== null) {
    const gave = `${gameStateString(end)};${turnString(end)}`;
    if (gave !== `${state};${turn}`) {
      warnings.push({
        line,
        message: `the GameString says ${state};${turn} but its moves give ${gave}; the moves decide`,
      });
    }
  }
  return record;
}

/** The final state of the record's main line, or `null` when a move does not replay. */
function replayed(record: RecordedGame): HiveState | null {
  try {
    return finalState(record);
  } catch (e) {
    if (e instanceof RulesError) return null;
    throw e;
  }
}

/** The main line played from the record's start; throws the first refusal, naming the ply. */
function finalState(record: RecordedGame): HiveState {
  let state = startOf(record);
  const line = mainLine(record);
  for (let ply = 0; ply < line.length; ply++) {
    const text = (line[ply] as RecordNode).move;
    let r: ReturnType<typeof play>;
    try {
      r = play(state, readHiveMove(state, text).move);
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      const why = e.rule === undefined ? e.message : e.message.slice(0, -(e.rule.length + 3));
      throw new RulesError(e.code, `ply ${ply + 1} ${quote(text)}: ${why}`, e.rule);
    }
    if ('refusal' in r) {
      throw new RulesError(
        r.over ? 'GAME_OVER' : 'ILLEGAL_MOVE',
        `ply ${ply + 1} ${quote(text)}: ${r.refusal.reason}`,
        r.refusal.rule,
      );
    }
    state = r.state;
  }
  return state;
}

/**
 * The GameString of the record's main line played out (canonical MoveStrings, the option block
 * of non-default rule options). Throws the `RulesError` of a move that does not replay, naming
 * its ply.
 */
export function writeGameString(record: RecordedGame): string {
  return `${formatGameString(finalState(record))}\n`;
}
