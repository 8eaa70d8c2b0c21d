// The limit on records per text (MAX_RECORDS_PER_TEXT, src/core/record.ts): every reader refuses
// a text with more records, naming the line where the first record past the limit starts, before
// it reads any record in full; a text at the limit is read. Without the limit, 10 MB of the
// smallest records (`(;)` in SGF: 3.3 million games) took minutes and gigabytes to read.
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import { MAX_RECORDS_PER_TEXT } from '../../src/core/record.js';
import { readRecords } from '../../src/core/record-formats.js';
import { hive } from '../../src/hive/index.js';

/** The refusal of `text` read as `format`, or a failure when it is read. */
function refusal(format: string, text: string): { code: string; message: string } {
  try {
    readRecords(hive, text, format);
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return { code: e.code, message: e.message };
  }
  throw new Error(`${format}: a text of more than ${MAX_RECORDS_PER_TEXT} records was read`);
}

describe('records per text', () => {
  const over = MAX_RECORDS_PER_TEXT + 1;

  it('PGN: one record more than the limit is refused at the line it starts', () => {
    const text = '[Event "x"]\n*\n'.repeat(over);
    expect(refusal('pgn', text)).toEqual({
      code: 'PARSE_ERROR',
      message: `PGN line ${2 * MAX_RECORDS_PER_TEXT + 1}: more than ${MAX_RECORDS_PER_TEXT} records in one text; split it into several`,
    });
  });

  it('PGN: a text at the limit is read whole', () => {
    const read = readRecords(hive, '[Event "x"]\n*\n'.repeat(MAX_RECORDS_PER_TEXT), 'pgn');
    expect(read.records).toHaveLength(MAX_RECORDS_PER_TEXT);
  });

  it('Boardspace SGF: 10 MB of empty game trees is refused at the tree past the limit', () => {
    const text = '(;)\n'.repeat(2_500_000);
    expect(refusal('sgf', text)).toEqual({
      code: 'PARSE_ERROR',
      message: `SGF line ${over}: more than ${MAX_RECORDS_PER_TEXT} records in one text; split it into several`,
    });
  });

  it('GameString: the lines are counted before any is read (a line builds a game)', () => {
    // 10 MB of the shortest GameStrings: refused at once, none of them read.
    const text = 'Base;NotStarted;White[1]\n'.repeat(400_000);
    expect(refusal('gamestring', text)).toEqual({
      code: 'PARSE_ERROR',
      message: `GameString line ${over}: more than ${MAX_RECORDS_PER_TEXT} records in one text; split it into several`,
    });
  });

  it('JSON: a list of more records than the limit is refused', () => {
    const one = JSON.stringify({ tags: [['GameType', 'Base']], comment: null, children: [] });
    const text = `[${Array.from({ length: over }, () => one).join(',')}]`;
    expect(refusal('json', text).message).toMatch(
      new RegExp(`^JSON record line 1: more than ${MAX_RECORDS_PER_TEXT} records`),
    );
  });
});
