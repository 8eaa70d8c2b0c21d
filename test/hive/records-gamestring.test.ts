// The UHP GameString as a Hive record format ('gamestring'): random games written as one and read
// back give the same main line; a text of GameStrings (a UHP `newgame`, a BOM, blanks) is read
// one record per line with the GameType and, when finished, the Result; a line with no reading
// is a PARSE_ERROR naming it; a state or turn field the moves contradict is said.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import {
  mainLine,
  type RecordedGame,
  recordNode,
  recordOfGame,
  replayLine,
} from '../../src/core/record.js';
import { readRecords, writeRecord } from '../../src/core/record-formats.js';
import { GAME_TYPES, type HiveMove, hive } from '../../src/hive/index.js';

const read = (text: string) => readRecords(hive, text, 'gamestring');
const movesOf = (r: RecordedGame) => mainLine(r).map((n) => n.move);

describe('GameString records', () => {
  it('writes random games as a GameString that reads back as the same main line', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES),
        fc.record({ tournamentOpening: fc.boolean(), maxPlies: fc.constantFrom(0, 40) }),
        fc.array(fc.nat(), { maxLength: 80 }),
        (type, options, choices) => {
          const start = hive.start({ type, ...options });
          let s = start;
          const moves: HiveMove[] = [];
          for (const c of choices) {
            if (hive.terminal(s)) break;
            const legal = hive.moves(s);
            const m = legal[c % legal.length] as HiveMove;
            moves.push(m);
            s = hive.apply(s, m);
          }
          const record = recordOfGame(hive, start, moves);
          const text = writeRecord(hive, record, 'gamestring');
          expect(text).toBe(`${hive.serialize(s)}\n`);
          const back = readRecords(hive, text);
          expect(back.format).toBe('gamestring');
          expect(back.warnings).toEqual([]);
          const again = back.records[0] as RecordedGame;
          expect(movesOf(again)).toEqual(movesOf(record));
          expect(again.tags).toEqual(record.tags);
          expect(replayLine(hive, again).error).toBeNull();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads one record per line: a BOM, blank lines, newgame, blanks, and the Result of a finished game', () => {
    const text = [
      '\uFEFFBase;InProgress;White[2];wS1;bS1 wS1-',
      '',
      'newgame Base+M;InProgress;black[2]; wM; bS1 wM- ;wQ /wM ',
      '   ',
      'Base;WhiteWins;Black[7];wS1;bS1 wS1-;wQ \\wS1;bQ bS1/;wG1 -wQ;bG1 bQ-;wA1 wG1\\;bA1 bQ\\;wA2 \\wQ;bA2 \\bG1;wG2 wA2/;bA3 -bA2;wG1 /bA3',
    ].join('\r\n');
    const r = readRecords(hive, text);
    expect(r.format).toBe('gamestring');
    expect(r.warnings).toEqual([]);
    expect(r.records.map((x) => x.tags)).toEqual([
      [['GameType', 'Base']],
      [['GameType', 'Base+M']],
      [
        ['GameType', 'Base'],
        ['Result', 'WhiteWins'],
      ],
    ]);
    expect(movesOf(r.records[1] as RecordedGame)).toEqual(['wM', 'bS1 wM-', 'wQ /wM']);
    const won = replayLine(hive, r.records[2] as RecordedGame);
    expect(hive.records?.resultOf(won.states[won.states.length - 1] as never)).toBe('WhiteWins');
  });

  it('keeps the option block of a saved game in the GameType', () => {
    const s = hive.start({ type: 'Base+L', tournamentOpening: false, repetitionDraw: 'hivegame' });
    const text = hive.serialize(hive.apply(s, hive.parseMove(s, 'wQ')));
    const record = read(text).records[0] as RecordedGame;
    expect(record.tags).toEqual([
      ['GameType', 'Base+L{TournamentOpening=False,RepetitionDraw=HiveGame}'],
    ]);
    expect(replayLine(hive, record).error).toBeNull();
  });

  it('says when the state or turn field is not what the moves give, and lets the moves decide', () => {
    const r = read('Base;NotStarted;White[1];wS1\nBase;InProgress;White[2];wS1;bS1 wS1-;\n');
    expect(r.warnings).toEqual([
      {
        line: 1,
        message:
          'the GameString says NotStarted;White[1] but its moves give InProgress;Black[1]; the moves decide',
      },
      { line: 2, message: 'a ; with no move after it at the end; left out' },
    ]);
    expect(movesOf(r.records[1] as RecordedGame)).toEqual(['wS1', 'bS1 wS1-']);
  });

  it('keeps a move the rules refuse as written, for replayLine to name its ply', () => {
    const record = read('Base;InProgress;White[2];wS1;bQ wS1-').records[0] as RecordedGame;
    const replayed = replayLine(hive, record);
    expect(replayed.error?.rule).toBe('H-PLACE-5');
    expect(replayed.error?.message).toMatch(/^ply 2 'bQ wS1-': /);
  });

  it('refuses a line that is no GameString with a PARSE_ERROR naming it', () => {
    const cases: [string, RegExp][] = [
      [
        'Base;InProgress;White[1]\nBase;InProgress',
        /^GameString line 2: a GameString needs type;state;turn/,
      ],
      ['Chess;NotStarted;White[1]', /^GameString line 1: the record's GameType tag 'Chess'/],
      ['Base;Finished;White[1]', /^GameString line 1: bad GameStateString 'Finished'/],
      ['Base;NotStarted;Red[1]', /^GameString line 1: bad TurnString 'Red\[1\]'/],
      ['Base;InProgress;Black[1];wS1;;bS1 wS1-', /^GameString line 1: move 2 is empty/],
      ['\n \n', /^GameString: the text holds none/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        read(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(RulesError);
      expect((error as RulesError).code, text).toBe('PARSE_ERROR');
      expect((error as RulesError).message, text).toMatch(message);
    }
  });

  it("refuses to write a record whose main line does not replay, naming the move's ply", () => {
    const record: RecordedGame = {
      tags: [['GameType', 'Base']],
      comment: null,
      children: [recordNode('wS1', [recordNode('wQ wS1-')])],
    };
    expect(() => writeRecord(hive, record, 'gamestring')).toThrow(/^ply 2 'wQ wS1-': /);
  });

  it('is found by readRecords from its first line, and PGN, JSON and SGF are not taken for it', () => {
    expect(readRecords(hive, 'Base+MLP;NotStarted;White[1]').format).toBe('gamestring');
    expect(readRecords(hive, '  newgame base;notstarted;white[1]').format).toBe('gamestring');
    expect(readRecords(hive, '[GameType "Base"]\n1. wS1').format).toBe('pgn');
    expect(readRecords(hive, '(;SU[hive])').format).toBe('sgf');
    expect(readRecords(hive, '[]').format).toBe('json');
  });

  it('answers junk with records or a PARSE_ERROR naming the line', () => {
    const token = fc.constantFrom(
      'Base',
      'Base+MLP',
      ';',
      'InProgress',
      'White[2]',
      'black[1]',
      'wS1',
      'bS1 wS1-',
      '\n',
      ' ',
      'newgame ',
      '{',
      '}',
      'MaxPlies=3',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.array(token, { maxLength: 16 }).map((t) => t.join('')),
        ),
        (text) => {
          try {
            const r = read(text);
            expect(r.records.length).toBeGreaterThan(0);
            for (const record of r.records) replayLine(hive, record);
          } catch (e) {
            if (!(e instanceof RulesError) || e.code !== 'PARSE_ERROR') throw e;
            expect(e.message).toMatch(/^GameString( line \d+)?: /);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});
