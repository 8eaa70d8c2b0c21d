// The Boardspace SGF reader, fuzzed: junk text, SGF-shaped junk, truncations of every SGF of the
// corpus and 10 MB inputs are answered with records (a record cut short carries a RulesError
// naming its line) or a RulesError('PARSE_ERROR') naming the line: never another exception, and
// never a hang.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { mainLine, type RecordedGame } from '../../src/core/record.js';
import { readRecords } from '../../src/core/record-formats.js';
import { hive } from '../../src/hive/index.js';

const DIR = resolve(import.meta.dirname, '../fixtures/records/hive/sgf');
const files = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith('.sgf') ? [p] : [];
  });
const CORPUS = files(DIR).map((f) => readFileSync(f, 'utf8'));

/** Reads `text` as SGF: records, or a PARSE_ERROR naming the line; anything else fails. */
function readOrRefuse(text: string): number {
  let read: ReturnType<typeof readRecords>;
  try {
    read = readRecords(hive, text, 'sgf');
  } catch (e) {
    if (!(e instanceof RulesError) || e.code !== 'PARSE_ERROR') throw e;
    expect(e.message).toMatch(/^SGF line \d+: /);
    return 0;
  }
  expect(read.records.length).toBeGreaterThan(0);
  for (const { record, error } of read.errors) {
    expect(error).toBeInstanceOf(RulesError);
    expect(error.message).toMatch(/line \d+/);
    expect(read.records[record]).toBeDefined();
  }
  for (const w of read.warnings) expect(Number.isInteger(w.line)).toBe(true);
  return read.records.length;
}

const TOKENS = [
  '(',
  ')',
  '(;',
  ';',
  ' ',
  '\n',
  '\\',
  ']',
  'SU[hive]',
  'SU[Hive-PLM]',
  'SU[',
  'RE[Game won by a]',
  'P0[id "a"]',
  'P0[',
  'P1[',
  'P-1[',
  '0 Start P0]',
  '1 pick W 1 wA1]',
  '2 dropb wA1 N 13 .]',
  '3 done]',
  '4 move B bS1 O 13 wS1-]',
  '5 pickb N 13 wA1]',
  '6 pdropb bS1 M 12 /wQ]',
  'pmove W wQ L 12 bM\\\\]',
  'pass]',
  'resign]',
  'offerdraw]',
  'acceptdraw]',
  'Swap]',
  'edit]',
  'TM[12]',
  'N 13',
  '2A 9',
  'wL1',
  'q',
  '.',
];

describe('the Boardspace SGF reader, fuzzed', () => {
  it('answers any text with records or a PARSE_ERROR naming the line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        readOrRefuse(text);
        readOrRefuse(`(;${text})`);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers SGF-shaped junk (properties, actions, cells in any order) the same way', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (tokens) => {
        readOrRefuse(tokens.join(''));
        readOrRefuse(`(;SU[hive]P0[id "a"]P1[id "b"]; ${tokens.join('')})`);
      }),
      { numRuns: 1500 },
    );
  });

  it('answers every truncation of every SGF of the corpus', () => {
    expect(CORPUS.length).toBe(177);
    let read = 0;
    for (const text of CORPUS) {
      // Cut at 12 places through each file, and inside its last actions.
      const cuts = new Set<number>();
      for (let k = 0; k <= 12; k++) cuts.add(Math.floor((text.length * k) / 12));
      for (let k = 1; k < 40; k++) cuts.add(text.length - k);
      for (const cut of cuts) read += readOrRefuse(text.slice(0, cut));
    }
    expect(read).toBeGreaterThan(177);
  });

  it('answers every cut of a game at each line, keeping the moves before it', () => {
    const text = CORPUS.find((t) => t.includes('pdropb')) as string;
    const lines = text.split('\n');
    const full = readRecords(hive, text, 'sgf').records[0] as RecordedGame;
    for (let n = 1; n < lines.length; n++) {
      const cut = `${lines.slice(0, n).join('\n')}\n)`;
      const read = readRecords(hive, cut, 'sgf');
      const moves = mainLine(read.records[0] as RecordedGame).map((x) => x.move);
      // A cut game is the first moves of the whole one.
      expect(moves).toEqual(
        mainLine(full)
          .slice(0, moves.length)
          .map((x) => x.move),
      );
    }
  });

  it('answers 10 MB inputs: a huge value, deep nesting, a long game, thousands of trees', () => {
    const MB10 = 10_000_000;
    // One property value of 10 MB.
    const value = readRecords(hive, `(;SU[hive]GN[${'x'.repeat(MB10)}])`, 'sgf');
    expect(value.records[0]?.tags).toContainEqual(['SgfVariant', 'hive']);
    // Ten million trees opened, none with a node.
    expect(() => readRecords(hive, '('.repeat(MB10), 'sgf')).toThrow(/^SGF line 1: /);
    // A real game, then 10 MB of draw offers and answers, which use no move.
    const real = CORPUS.find((t) => t.includes('SU[Hive-PLM]')) as string;
    const end =
      real.lastIndexOf(';\r\nP0[time') >= 0
        ? real.lastIndexOf(';\r\nP0[time')
        : real.lastIndexOf(')');
    const offers = '; P0[1 offerdraw]\n; P0[2 done]\n; P1[3 declinedraw]\n; P1[4 done]\n';
    const long = `${real.slice(0, end)}${offers.repeat(Math.ceil(MB10 / offers.length))})`;
    expect(long.length).toBeGreaterThan(MB10);
    const read = readRecords(hive, long, 'sgf');
    expect(read.errors).toEqual([]);
    // Thousands of real games in one file.
    const copies = real.repeat(Math.ceil(3_000_000 / real.length));
    expect(readOrRefuse(copies)).toBeGreaterThan(400);
    // SGF-shaped junk to 10 MB.
    const junk = fc.sample(fc.array(fc.constantFrom(...TOKENS), { maxLength: 20 }), {
      numRuns: 2000,
      seed: 43,
    });
    const body = junk.map((t) => t.join('')).join('');
    readOrRefuse(`(;SU[hive]; ${body.repeat(Math.ceil(MB10 / body.length))})`);
  });
});
