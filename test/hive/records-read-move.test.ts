// Hive's lenient move reading for records (hive.records.readMove): what parseMove reads comes
// back as parseMove reads it, every departure from a strict UHP MoveString is said in words,
// the one thing parseMove cannot read (a single bug written with a number) is read too, and
// text with no reading throws exactly what parseMove throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { readPgn } from '../../src/core/pgn.js';
import { type RecordedGame, replayLine } from '../../src/core/record.js';
import { type HiveMove, type HiveState, hive } from '../../src/hive/index.js';

const readMove = (state: HiveState, text: string) => {
  const f = hive.records?.readMove;
  if (f === undefined) throw new Error('hive.records.readMove is missing');
  return f(state, text);
};

/** The state after `moves` (MoveStrings) from the start of `options`. */
const played = (moves: readonly string[], options: object = {}): HiveState => {
  let s = hive.start(options);
  for (const m of moves) s = hive.apply(s, hive.parseMove(s, m));
  return s;
};

/** A small opening: wS1 (0,0), bS1 (1,0), wQ (-1,0), bQ (2,0), wB1 (-1,-1), bB1 (3,-1). */
const OPENING = ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 \\wQ', 'bB1 bQ/'];

/** What `f` throws: its code and message, or `null`. */
const thrown = (f: () => unknown): { code: string; message: string } | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return { code: e.code, message: e.message };
  }
};

describe('hive.records.readMove', () => {
  it('reads every canonical MoveString of random games exactly as parseMove does, with no note', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (choices) => {
        let s = hive.start();
        for (const c of choices) {
          if (hive.terminal(s)) break;
          const moves = hive.moves(s);
          for (const m of moves.slice(0, 8)) {
            const text = hive.formatMove(s, m);
            const read = readMove(s, text);
            expect(read.normalised).toBeNull();
            expect(read.move).toEqual(hive.parseMove(s, text));
          }
          s = hive.apply(s, moves[c % moves.length] as HiveMove);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('reads a single bug written with a number (wM1, wL1, bQ1), as piece and as reference', () => {
    const start = hive.start();
    for (const [text, exact] of [
      ['wM1', 'wM'],
      ['wL1', 'wL'],
      ['wP1', 'wP'],
    ] as const) {
      const read = readMove(start, text);
      expect(read.move).toEqual(hive.parseMove(start, exact));
      expect(read.normalised).toBe(
        `'${text}' read as '${exact}': a single bug written with a number (${text})`,
      );
    }
    const s = played(['wM']);
    expect(readMove(s, 'bS1 wM1-').move).toEqual(hive.parseMove(s, 'bS1 wM-'));
    const late = played(OPENING.slice(0, 2), { tournamentOpening: false });
    const queen = readMove(late, 'wQ1 -wS1');
    expect(queen.move).toEqual(hive.parseMove(late, 'wQ -wS1'));
    expect(queen.normalised).toContain('(wQ1)');
  });

  it("reads a reference to the moving piece's own hex before the move (bQ /bQ)", () => {
    const s = played(OPENING.slice(0, 5));
    const read = readMove(s, 'bQ /bQ');
    expect(read.move).toEqual({ kind: 'move', piece: 'bQ', q: 1, r: 1 });
    expect(read.normalised).toBe(
      "'bQ /bQ' read as 'bQ bS1\\': the reference is the moving piece itself (bQ), at its hex before the move",
    );
  });

  it('reads a direction that points at an occupied hex as a climb onto it, and says so', () => {
    const s = played(OPENING);
    const read = readMove(s, 'wB1 -wS1'); // west of wS1 is wQ's hex
    expect(read.move).toEqual({ kind: 'move', piece: 'wB1', q: -1, r: 0 });
    expect(read.normalised).toBe(
      "'wB1 -wS1' read as 'wB1 wQ': the direction points at the hex of wQ: a climb onto it",
    );
  });

  it('says when a reference is covered, and what covers it', () => {
    const s = played([...OPENING, 'wB1 wQ', 'bA1 bB1\\']);
    const read = readMove(s, 'wA1 /wQ');
    expect(read.move).toEqual({ kind: 'place', piece: 'wA1', q: -2, r: 1 });
    expect(read.normalised).toContain('the reference wQ is covered by wB1: its hex is meant');
  });

  it('says what it made of blanks and case', () => {
    const s = played(['wS1']);
    expect(readMove(s, ' bS1 wS1- ').normalised).toBe(
      "' bS1 wS1- ' read as 'bS1 wS1-': blanks around the move",
    );
    expect(readMove(s, 'bS1 \t wS1-').normalised).toBe(
      "'bS1 \\t wS1-' read as 'bS1 wS1-': extra blanks inside the move",
    );
    expect(readMove(s, 'BS1 ws1-').normalised).toBe(
      "'BS1 ws1-' read as 'bS1 wS1-': piece names in another case (BS1 for bS1, ws1 for wS1)",
    );
  });

  it('never guesses: text with no reading throws what parseMove throws', () => {
    const s = played(OPENING);
    for (const text of ['', 'wX1', 'wS3', 'wS1 wS1/ x', 'bQ2', 'wQ1x', 'wP wP/', 'wA1 wZ-']) {
      const expected = thrown(() => hive.parseMove(s, text));
      expect(expected, text).not.toBeNull();
      expect(
        thrown(() => readMove(s, text)),
        text,
      ).toEqual(expected);
    }
    // A legal text for another move than the number says is not read as it.
    expect(thrown(() => readMove(hive.start(), 'wS11'))?.code).toBe('PARSE_ERROR');
  });

  it('reads junk text as a legal move or throws a RulesError, as parseMove does', () => {
    const states = [hive.start(), played(['wM']), played(OPENING)];
    const token = fc.constantFrom(
      'w',
      'b',
      'M',
      'Q',
      'S',
      '1',
      '2',
      ' ',
      '-',
      '/',
      '\\',
      '*',
      '~',
      '.',
      'L',
      'pass',
      '\t',
    );
    const junk = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.array(token, { maxLength: 8 }).map((t) => t.join('')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...states), junk, (s, text) => {
        let read: ReturnType<typeof readMove> | undefined;
        try {
          read = readMove(s, text);
        } catch (e) {
          expect(e).toBeInstanceOf(RulesError);
          return;
        }
        expect(hive.moves(s)).toContainEqual(read.move);
      }),
      { numRuns: 2000 },
    );
  });

  it('makes replayLine say which ply it read leniently, and how', () => {
    const { records } = readPgn('1. wM1\n2. bS1 wM1-\n3. wS1 -wM\n');
    const replayed = replayLine(hive, records[0] as RecordedGame);
    expect(replayed.error).toBeNull();
    expect(replayed.warnings).toEqual([
      { ply: 1, message: "'wM1' read as 'wM': a single bug written with a number (wM1)" },
      { ply: 2, message: "'bS1 wM1-' read as 'bS1 wM-': a single bug written with a number (wM1)" },
    ]);
  });
});
