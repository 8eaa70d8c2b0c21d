// Game records (src/core/record.ts) and PGN (src/core/pgn.ts) for all three games: random legal
// games with random variations, comments, glyphs, evaluations and tags are written and read back
// as the same tree and replay through the rules; the reader is fuzzed with junk, truncations and
// a 10 MB text; and the hand-written cases pin what Mzinga-style PGN looks like.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { RulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { readPgn, writePgn } from '../../src/core/pgn.js';
import {
  mainLine,
  type RecordedGame,
  type RecordNode,
  type RecordTag,
  recordNode,
  recordNodes,
  recordOfGame,
  replayLine,
} from '../../src/core/record.js';
import { readRecords, recordFormats, writeRecord } from '../../src/core/record-formats.js';
import { hive } from '../../src/hive/index.js';
import { torres } from '../../src/torres/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the three games' types differ.
type AnyGame = Game<any, any, any>;
const GAMES: readonly (readonly [AnyGame, object])[] = [
  [hive, {}],
  [coerceo, {}],
  [torres, { players: 3, seed: 11 }],
];

const word = fc.stringMatching(/^[A-Za-z0-9.,'!?-]{1,8}$/);
/** Comment text as the reader gives it back: words and single spaces, no `}` and no `[%`. */
const commentText = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const tagName = fc.stringMatching(/^[A-Z][A-Za-z0-9_]{0,9}$/);
/** Tag values: any text on one line (quotes and backslashes are escaped). */
const tagValueText = fc.string({ maxLength: 12 }).map((v) => v.replace(/[\r\n]/g, ' '));
const nodeTag = fc.tuple(
  fc.stringMatching(/^[a-df-z][a-z]{0,5}$/), // never 'eval', which is the evaluation
  fc.stringMatching(/^[A-Za-z0-9:.+-]{1,8}$/),
);
/** Evaluations in hundredths, as engines report them (never −0, which JSON writes as 0). */
const evaluation = fc.option(fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100));

/** What a node may say besides its move. */
interface Notes {
  nags: number[];
  comment: string | null;
  evaluation: number | null;
  tags: [string, string][];
}
/** What a node may say besides its move, drawn per node. */
const notes: fc.Arbitrary<Notes> = fc.record({
  nags: fc.array(fc.integer({ min: 1, max: 255 }), { maxLength: 2 }),
  comment: fc.option(commentText),
  evaluation,
  tags: fc.array(nodeTag, { maxLength: 2 }),
});

/**
 * A random legal game of `game` chosen by `choices` (each `moves[i % n]`), with a variation
 * (another legal move, and a short line after it) where `branch` says, and `extras` spread over
 * the nodes. Returns the record and the main line's moves.
 */
function randomRecord(
  game: AnyGame,
  options: object,
  choices: readonly number[],
  branches: readonly number[],
  extras: readonly Notes[],
  tags: readonly RecordTag[],
  comment: string | null,
): RecordedGame {
  const start = game.start(options);
  let k = 0;
  const note = (move: string, children: RecordNode[]): RecordNode => {
    const e = extras.length === 0 ? undefined : extras[k++ % extras.length];
    return {
      move,
      nags: e?.nags ?? [],
      comment: e?.comment ?? null,
      evaluation: e?.evaluation ?? null,
      tags: e?.tags ?? [],
      children,
    };
  };
  // Built from the end: each ply's node, with a variation when `branches` asks for one.
  const states = [start];
  const moves = [];
  for (const c of choices) {
    const s = states[states.length - 1];
    if (game.terminal(s)) break;
    const list = game.moves(s);
    const m = list[c % list.length];
    moves.push(m);
    states.push(game.apply(s, m));
  }
  let line: RecordNode[] = [];
  for (let ply = moves.length - 1; ply >= 0; ply--) {
    const s = states[ply];
    const main = note(game.formatMove(s, moves[ply]), line);
    const list = game.moves(s);
    const b = branches[ply % Math.max(branches.length, 1)];
    const alt = b === undefined || list.length < 2 ? undefined : list[(b + 1) % list.length];
    line = [main];
    if (alt !== undefined && game.formatMove(s, alt) !== main.move) {
      const after = game.apply(s, alt);
      const follow = game.terminal(after)
        ? []
        : [note(game.formatMove(after, game.moves(after)[0]), [])];
      line.push(note(game.formatMove(s, alt), follow));
    }
  }
  const base = recordOfGame(game, start, [], tags);
  return { tags: base.tags, comment, children: line };
}

describe('game records as PGN (core/record.ts, core/pgn.ts)', () => {
  for (const [game, options] of GAMES) {
    it(`${game.name}: writing a random record and reading it back gives the same tree, and its lines replay`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { maxLength: 40 }),
          fc.array(fc.nat(), { maxLength: 6 }),
          fc.array(notes, { maxLength: 6 }),
          fc.array(fc.tuple(tagName, tagValueText), { maxLength: 3 }),
          fc.option(commentText),
          (choices, branches, extras, extraTags, comment) => {
            const tags = extraTags.filter(([n]) => n !== 'Result' && n !== 'Position');
            const record = randomRecord(game, options, choices, branches, extras, tags, comment);
            const text = writePgn(record);
            const read = readPgn(text);
            expect(read.warnings).toEqual([]);
            expect(read.records).toEqual([record]);
            // Every line of the tree replays through the rules: the main line, and each
            // variation from where it branches.
            const main = replayLine(game, read.records[0] as RecordedGame);
            expect(main.error).toBeNull();
            expect(main.moves.length).toBe(mainLine(record).length);
            const count = [...recordNodes(record)].length;
            expect(count).toBeGreaterThanOrEqual(main.moves.length);
          },
        ),
        { numRuns: 30 },
      );
    });

    it(`${game.name}: a played game's record replays to the same final state`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 60 }), (choices) => {
          const start = game.start(options);
          let s = start;
          const moves = [];
          for (const c of choices) {
            if (game.terminal(s)) break;
            const list = game.moves(s);
            const m = list[c % list.length];
            moves.push(m);
            s = game.apply(s, m);
          }
          const record = recordOfGame(game, start, moves);
          const replayed = replayLine(game, readPgn(writePgn(record)).records[0] as RecordedGame);
          expect(replayed.error).toBeNull();
          expect(game.serialize(replayed.states[replayed.states.length - 1])).toBe(
            game.serialize(s),
          );
        }),
        { numRuns: 15 },
      );
    });
  }

  it('a record from a position the tags cannot name keeps it in its Position tag', () => {
    let s = hive.start();
    for (let i = 0; i < 5; i++) s = hive.apply(s, hive.moves(s)[i] as never);
    const rest = [hive.moves(s)[0]];
    const record = recordOfGame(hive, s, rest as never);
    expect(record.tags.find(([n]) => n === 'Position')?.[1]).toBe(hive.serialize(s));
    const replayed = replayLine(hive, readPgn(writePgn(record)).records[0] as RecordedGame);
    expect(replayed.error).toBeNull();
    expect(replayed.states.length).toBe(2);
  });

  it('a finished game gets its Result tag in the spelling of its game', () => {
    const finished = (game: AnyGame, options: object) => {
      const start = game.start(options);
      let s = start;
      const moves = [];
      for (let i = 0; !game.terminal(s) && i < 5000; i++) {
        const list = game.moves(s);
        const m = list[(i * 7919) % list.length];
        moves.push(m);
        s = game.apply(s, m);
      }
      return recordOfGame(game, start, moves).tags.find(([n]) => n === 'Result')?.[1];
    };
    expect(['WhiteWins', 'BlackWins', 'Draw']).toContain(finished(hive, { maxPlies: 60 }));
    expect(finished(torres, { players: 2, seed: 3 })).toMatch(/^\d+-\d+$/);
  });

  it('an illegal move stops the replay there, with the ply, the text and the rule', () => {
    const record = readPgn('[GameType "Base"]\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n4. bQ -bS1\n')
      .records[0] as RecordedGame;
    const replayed = replayLine(hive, record);
    expect(replayed.moves.length).toBe(2);
    expect(replayed.states.length).toBe(3);
    expect(replayed.error).toBeInstanceOf(RulesError);
    expect(replayed.error?.code).toBe('ILLEGAL_MOVE');
    expect(replayed.error?.rule).toBe('H-PLACE-3');
    expect(replayed.error?.message).toMatch(/^ply 3 'wQ bS1-': .*\(H-PLACE-3\)$/);
  });

  it('an unreadable move text stops the replay with a PARSE_ERROR naming the ply', () => {
    const record = readPgn('1. a1a-a1e\n2. nonsense\n').records[0] as RecordedGame;
    const replayed = replayLine(coerceo, record);
    expect(replayed.moves.length).toBe(1);
    expect(replayed.error?.code).toBe('PARSE_ERROR');
    expect(replayed.error?.message).toMatch(/^ply 2 'nonsense': /);
  });

  it('reads Mzinga-style PGN: tags, one numbered ply per line, results, several games', () => {
    const text = [
      '[GameType "Base+MLP"]',
      '[Date "2024.01.02"]',
      '[White "a"]',
      '[Black "b"]',
      '[Result "WhiteWins"]',
      '',
      '1. wS1',
      '2. bG1 -wS1',
      '3. wQ wS1/',
      '',
      '[GameType "Base"]',
      '',
      '1. wA1 2. bA1 wA1- 1/2-1/2',
    ].join('\r\n');
    const { records, warnings } = readPgn(text);
    expect(warnings).toEqual([]);
    expect(records.length).toBe(2);
    expect(mainLine(records[0] as RecordedGame).map((n) => n.move)).toEqual([
      'wS1',
      'bG1 -wS1',
      'wQ wS1/',
    ]);
    expect(records[0]?.tags).toContainEqual(['Result', 'WhiteWins']);
    expect(mainLine(records[1] as RecordedGame).map((n) => n.move)).toEqual(['wA1', 'bA1 wA1-']);
    expect(records[1]?.tags).toEqual([
      ['GameType', 'Base'],
      ['Result', '1/2-1/2'],
    ]);
    expect(replayLine(hive, records[1] as RecordedGame).error).toBeNull();
  });

  it('reads comments of both kinds, glyphs, escapes, evaluations and node tags', () => {
    const text = `% a line for other programs
[Event "The \\"big\\" one \\\\ 2"]
{before} 1. wS1!? {[%eval -0.5] [%clk 0:01:00] fine
  start} ; rest of line
2... bS1 wS1- $14 (2. bG1 -wS1?? 3. wQ \\wS1) *`;
    const { records, warnings } = readPgn(text);
    expect(warnings).toEqual([]);
    const r = records[0] as RecordedGame;
    expect(r.tags).toEqual([['Event', 'The "big" one \\ 2']]);
    expect(r.comment).toBe('before');
    const first = r.children[0] as RecordNode;
    expect(first).toMatchObject({
      move: 'wS1',
      nags: [5],
      evaluation: -0.5,
      tags: [['clk', '0:01:00']],
      comment: 'fine start rest of line',
    });
    expect(first.children.map((n) => n.move)).toEqual(['bS1 wS1-', 'bG1 -wS1']);
    expect(first.children[0]?.nags).toEqual([14]);
    expect(first.children[1]?.nags).toEqual([4]);
    expect(first.children[1]?.children[0]?.move).toBe('wQ \\wS1');
  });

  it("reads and writes Mzinga's result line (WhiteWins, BlackWins, Draw on a line of its own)", () => {
    const text = '[Result "WhiteWins"]\n\n1. wS1\n2. bS1 wS1-\n\nWhiteWins\n';
    const { records, warnings } = readPgn(text);
    expect(warnings).toEqual([]);
    const r = records[0] as RecordedGame;
    expect(mainLine(r).map((n) => n.move)).toEqual(['wS1', 'bS1 wS1-']);
    expect(writePgn(r)).toBe(text);
    // Without a tag the line gives it; a tag in the other vocabulary says the same.
    expect(readPgn('1. wS1\nBlackWins').records[0]?.tags).toEqual([['Result', 'BlackWins']]);
    expect(readPgn('[Result "1/2-1/2"]\n1. wS1\n\nDraw').warnings).toEqual([]);
    expect(readPgn('[Result "1-0"]\n1. wS1\n\nDraw').warnings.length).toBe(1);
    // A move cannot be written as a result word: it would come back as the result.
    expect(() => writePgn({ tags: [], comment: null, children: [recordNode('Draw')] })).toThrow(
      RulesError,
    );
  });

  it('warns when the moves end with another result than the Result tag', () => {
    const { warnings } = readPgn('[Result "1-0"]\n1. wS1 0-1\n');
    expect(warnings).toEqual([
      { line: 2, message: "the moves end with '0-1' but the Result tag says '1-0'" },
    ]);
  });

  it('refuses text with no reading, naming the line', () => {
    const cases: [string, RegExp][] = [
      ['1. wS1 {open', /^PGN line 1: a comment opened with \{ is not closed$/],
      ['[Event "x"]\n1. wS1 (2. bS1', /^PGN line 2: a variation opened here is not closed$/],
      ['\n\n1. wS1 )', /^PGN line 3: a \) with no \( before it$/],
      ['[Event "x]\n', /^PGN line 1: the value of tag 'Event' is not closed$/],
      ['[Event x]', /^PGN line 1: a tag must be \[Name "value"\]$/],
      ['( 1. wS1 )', /^PGN line 1: a variation must follow a move$/],
    ];
    for (const [text, message] of cases) {
      expect(() => readPgn(text), text).toThrow(message);
      try {
        readPgn(text);
      } catch (e) {
        expect((e as RulesError).code).toBe('PARSE_ERROR');
      }
    }
  });
});

describe('every format of a game, through one entry (core/record-formats.ts)', () => {
  it('JSON and PGN are found from the text, and each reads back what it wrote', () => {
    for (const [game, options] of GAMES) {
      const start = game.start(options);
      const moves = [game.moves(start)[0]];
      const record = recordOfGame(game, start, moves, [['Event', 'e']]);
      for (const format of ['json', 'pgn']) {
        const read = readRecords(game, writeRecord(game, record, format));
        expect(read.format).toBe(format);
        expect(read.records).toEqual([record]);
        expect(read.errors).toEqual([]);
      }
      expect(recordFormats(game).map((f) => f.name)).toContain('pgn');
    }
  });

  it('JSON that is not a record, and unknown formats, are refused', () => {
    expect(() => readRecords(coerceo, '{"tags": 3}')).toThrow(
      /^JSON record 1: not a game record: tags must be a list/,
    );
    expect(() => readRecords(coerceo, '[{"tags": [], "comment": null')).toThrow(RulesError);
    expect(() => readRecords(coerceo, '1. a', 'xml')).toThrow(/format must be one of/);
    expect(() => writeRecord(coerceo, recordOfGame(coerceo, coerceo.start(), []), 'xml')).toThrow(
      /format must be one of/,
    );
  });
});

describe('the PGN reader, fuzzed', () => {
  /** Reads `text`: a result, or a PARSE_ERROR; anything else fails the test. */
  const readOrRefuse = (text: string): void => {
    try {
      const read = readPgn(text);
      expect(Array.isArray(read.records)).toBe(true);
    } catch (e) {
      if (!(e instanceof RulesError) || e.code !== 'PARSE_ERROR') throw e;
      expect(e.message).toMatch(/^PGN line \d+: /);
    }
  };
  const pgnish = fc
    .array(
      fc.constantFrom(
        '[',
        ']',
        '"',
        '\\',
        '{',
        '}',
        '(',
        ')',
        ';',
        '%',
        '$',
        '1.',
        '2...',
        ' ',
        '\n',
        'wS1',
        ' -bG1',
        '!?',
        '*',
        '1-0',
        '[%eval ',
        'Event "x"',
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  it('junk made of PGN pieces is read or refused with a PARSE_ERROR naming the line', () => {
    fc.assert(fc.property(pgnish, readOrRefuse), { numRuns: 2000 });
  });

  it('any string is read or refused', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'binary' }), readOrRefuse), {
      numRuns: 1000,
    });
  });

  it('every truncation of a written record is read or refused', () => {
    let s = hive.start();
    const moves = [];
    for (let i = 0; i < 12; i++) {
      const m = hive.moves(s)[i % hive.moves(s).length];
      moves.push(m);
      s = hive.apply(s, m as never);
    }
    const record = recordOfGame(hive, hive.start(), moves as never, [['Event', 'cut "here"']]);
    const text = writePgn({
      ...record,
      comment: 'a comment',
      children: [{ ...(record.children[0] as RecordNode), comment: 'x', nags: [3] }],
    });
    for (let n = 0; n <= text.length; n++) readOrRefuse(text.slice(0, n));
  });

  it('a 10 MB text is answered: a million plies deep, and one unclosed comment', () => {
    const plies = 1_000_000;
    const parts: string[] = [];
    for (let i = 1; i <= plies; i++) parts.push(`${i}. m`);
    const deep = parts.join('\n');
    expect(deep.length).toBeGreaterThan(8_000_000);
    const read = readPgn(deep);
    expect(mainLine(read.records[0] as RecordedGame).length).toBe(plies);
    expect(writePgn(read.records[0] as RecordedGame).length).toBeGreaterThan(deep.length);
    expect(() => readPgn(`1. m {${'x'.repeat(10_000_000)}`)).toThrow(RulesError);
    readOrRefuse('('.repeat(1_000_000));
    readOrRefuse(`1. m ${'( 2. n '.repeat(200_000)}`);
  });
});
