// The public Hive records of test/fixtures/records (SOURCES.md, index.tsv): every Boardspace
// SGF, every PGN (through readRecords, as a user reads a file) and every GameString is read and
// replayed through the rules with replayLine. Where a record states a result that its final
// position decides, the replayed outcome is that result; every file of an invalid/ folder stops
// at the ply that breaks the rules; Mzinga's PGN of an SGF game has the same moves. The counts
// per dialect are computed from what was read and compared with what index.tsv states.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainLine, type RecordedGame, replayLine, tagValue } from '../../src/core/record.js';
import { readRecords } from '../../src/core/record-formats.js';
import { type HiveMove, type HiveState, hive } from '../../src/hive/index.js';

const ROOT = resolve(import.meta.dirname, '../fixtures/records');

interface Row {
  readonly path: string;
  readonly format: string;
  readonly source: string;
  readonly dialect: string;
  readonly games: number;
}

/** index.tsv: one row per file. */
const ROWS: readonly Row[] = readFileSync(join(ROOT, 'index.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [path, format, source, dialect, games] = line.split('\t') as string[];
    return {
      path: path as string,
      format: format as string,
      source: source as string,
      dialect: dialect as string,
      games: Number(games),
    };
  });
const rowsOf = (format: string) => ROWS.filter((r) => r.format === format);
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Adds `n` to `key` of a count. */
const bump = (m: Map<string, number>, key: string, n = 1) => m.set(key, (m.get(key) ?? 0) + n);
const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));

/** What a reader or a replay normalised, by kind (the message without its particulars). */
const normalised = new Map<string, number>();
const noteKinds = (messages: readonly string[]) => {
  for (const m of messages) {
    const kind = m
      .replace(/^P-?\d+\[[^\]]*\]: /, '')
      .replace(/^'[^']*' read as '[^']*': /, '')
      .replace(/\([^)]*\)/g, '(…)')
      .replace(/'[^']*'/g, '…')
      .replace(/\b[wb][A-Z][0-9]?\b/g, 'X')
      .replace(/\b[A-Z] -?\d+\b/g, 'cell')
      .replace(/\d+/g, 'n');
    bump(normalised, kind);
  }
};
const messages = (ws: readonly { message: string }[]) => ws.map((w) => w.message);

/** The result a finished state shows, or `null` while the game goes on. */
const shown = (s: HiveState): string | null =>
  hive.terminal(s) ? (hive.records?.resultOf(s) as string) : null;
/** The finished result a record states, in UHP's words (PGN's chess spellings too), or `null`. */
const RESULT_WORDS: Readonly<Record<string, string>> = {
  '1-0': 'WhiteWins',
  '0-1': 'BlackWins',
  '1/2-1/2': 'Draw',
  WhiteWins: 'WhiteWins',
  BlackWins: 'BlackWins',
  Draw: 'Draw',
};
const statedResult = (r: RecordedGame): string | null =>
  RESULT_WORDS[tagValue(r.tags, 'Result') ?? ''] ?? null;
/** Whether the record states a finished result and its final position decides one. */
const decides = (r: RecordedGame, final: HiveState) =>
  statedResult(r) !== null && shown(final) !== null;

/** A move as piece and destination (Mzinga picks reference pieces its own way). */
const placeKey = (m: HiveMove) => (m.kind === 'pass' ? 'pass' : `${m.piece}@${m.q},${m.r}`);

const summary: string[] = [];

describe('the Boardspace SGF corpus', () => {
  const rows = rowsOf('sgf');
  const read = rows.map((row) => ({ row, ...readRecords(hive, text(row.path)) }));

  it('finds every SGF file of index.tsv as SGF, with as many games as the index says', () => {
    expect(rows.length).toBe(177);
    for (const r of read) {
      expect(r.format, r.row.path).toBe('sgf');
      expect(r.records.length, r.row.path).toBe(r.row.games);
    }
  });

  it('reads every game to its end: no move the rules refuse, no action the format refuses', () => {
    for (const r of read) expect(r.errors, r.row.path).toEqual([]);
  });

  it('replays every record with replayLine, whole, from the tags it has (GameType option block)', () => {
    let results = 0;
    let decided = 0;
    const perDialect = new Map<string, number>();
    const wholePerDialect = new Map<string, number>();
    for (const r of read) {
      noteKinds(messages(r.warnings));
      for (const record of r.records) {
        const dialect = tagValue(record.tags, 'SgfVariant') as string;
        bump(perDialect, dialect);
        const replayed = replayLine(hive, record);
        expect(replayed.error, r.row.path).toBeNull();
        expect(replayed.warnings, r.row.path).toEqual([]);
        expect(replayed.moves.length).toBe(mainLine(record).length);
        bump(wholePerDialect, dialect);
        const final = replayed.states[replayed.states.length - 1] as HiveState;
        // Where the final position decides, the record's Result is what it shows.
        if (decides(record, final)) {
          decided++;
          expect(statedResult(record), r.row.path).toBe(shown(final));
          // The Result is RE[]'s unless the reader says where else it comes from.
          if (!r.warnings.some((w) => w.message.includes('the Result comes from'))) results++;
        }
      }
    }
    // The games per SU[] value, as index.tsv states them.
    const stated = new Map<string, number>();
    for (const row of rows) bump(stated, row.dialect, row.games);
    expect(sorted(perDialect)).toEqual(sorted(stated));
    expect(sorted(wholePerDialect)).toEqual(sorted(stated));
    summary.push(
      `SGF: ${[...perDialect.values()].reduce((a, b) => a + b)} games read, all replayed whole; by SU[]: ${sorted(
        perDialect,
      )
        .map(([d, n]) => `${d} ${n}`)
        .join(
          ', ',
        )}; ${decided} state a result their final position decides, equal to it (${results} of them as RE[] states it)`,
    );
  });

  it('keeps the tags of Mzinga conversions: GameType, Date, White, Black, Result, Sgf…', () => {
    const mzinga = read.filter((r) => r.row.source === 'mzinga');
    expect(mzinga.length).toBe(19);
    for (const r of mzinga) {
      const name = r.row.path
        .split('/')
        .pop()
        ?.replace(/\.sgf$/, '') as string;
      const pgn = readRecords(hive, text(`hive/pgn/mzinga/${name}.pgn`)).records[0] as RecordedGame;
      const sgf = r.records[0] as RecordedGame;
      for (const tag of ['Date', 'White', 'Black', 'Result', 'SgfGameName', 'SgfResult']) {
        expect(tagValue(sgf.tags, tag), `${name} ${tag}`).toBe(tagValue(pgn.tags, tag));
      }
      // The same game type; the SGF's says too what rule options the game was read with.
      const type = tagValue(sgf.tags, 'GameType')?.replace(/\{.*\}$/, '');
      expect(type, name).toBe(tagValue(pgn.tags, 'GameType'));
    }
  });

  it("gives the moves of Mzinga's PGN of the same game (piece and destination, ply by ply)", () => {
    let plies = 0;
    for (const r of read.filter((x) => x.row.source === 'mzinga')) {
      const name = r.row.path
        .split('/')
        .pop()
        ?.replace(/\.sgf$/, '') as string;
      const pgn = readRecords(hive, text(`hive/pgn/mzinga/${name}.pgn`));
      expect(pgn.format).toBe('pgn');
      const fromPgn = replayLine(hive, pgn.records[0] as RecordedGame);
      expect(fromPgn.error, name).toBeNull();
      // A file may hold the same game twice (HV-aaronheit-jdokakill): each tree is that game.
      for (const record of r.records) {
        const fromSgf = replayLine(hive, record);
        expect(fromSgf.moves.map(placeKey), name).toEqual(fromPgn.moves.map(placeKey));
      }
      plies += fromPgn.moves.length;
    }
    expect(plies).toBeGreaterThan(1000);
  });

  it('says where Boardspace played past a threefold repetition, and reads on without the rule', () => {
    const repeated = read.filter((r) =>
      r.warnings.some((w) => w.message.includes('stands for the third time')),
    );
    const removed = read.filter((r) => r.row.path.includes('removed-at-0ec9e31'));
    // The two games roach removed for going on past one are among them.
    for (const r of removed) expect(repeated).toContain(r);
    for (const r of repeated) {
      expect(tagValue(r.records[0]?.tags ?? [], 'GameType')).toMatch(/\{.*RepetitionDraw=False/);
    }
  });
});

describe('the PGN corpus', () => {
  const rows = rowsOf('pgn');
  /**
   * hivegame.com's engine plays with a Queen allowed on the first turn (`valid/base_with_pass.pgn`
   * opens `1. wQ`) and ends a game at its third repetition (`hash/invalid/`): its files are
   * replayed under those rules, which the GameType's option block names.
   */
  const asPlayed = (row: Row, record: RecordedGame): RecordedGame => {
    if (row.source !== 'hivegame') return record;
    const type = tagValue(record.tags, 'GameType') as string;
    return {
      ...record,
      tags: record.tags.map(([n, v]) =>
        n === 'GameType'
          ? ([n, `${type}{TournamentOpening=False,RepetitionDraw=HiveGame}`] as const)
          : ([n, v] as const),
      ),
    };
  };
  /** The files that stop where a rule (or the notation) refuses a move: ply and rule. */
  const REFUSED: Readonly<Record<string, readonly [ply: number, rule: string]>> = {
    'invalid/ant_climb.pgn': [12, 'H-ANT-1'],
    'invalid/duplicated_move.pgn': [10, 'H-TURN-1'], // "9." twice: the second is Black's ply
    'invalid/move_a_just_moved.pgn': [8, 'H-FREEZE-2'],
    'invalid/move_before_q.pgn': [3, 'H-MOVE-1'],
    'invalid/spawn_relative_to_self.pgn': [1, 'PARSE_ERROR'],
    'invalid/spawn_unallowed.pgn': [9, 'H-PLACE-3'],
    'invalid/spider_moves.pgn': [10, 'H-SPIDER-1'],
    'invalid/white_double_spawn.pgn': [6, 'H-TURN-1'],
    // Past a threefold repetition: the game is drawn, so the next move is refused.
    'hash/invalid/repeat.pgn': [13, 'H-END-7'],
    'hash/invalid/repeat2.pgn': [13, 'H-END-7'],
    'hash/invalid/shuriken_repeat.pgn': [70, 'H-END-7'],
    'hash/invalid/HV-entomokine-CoalLover-2021-07-31-1516.pgn': [35, 'H-END-7'],
    // A print test, not a game: Base+MLP has two Spiders a side.
    'print/print.pgn': [15, 'PARSE_ERROR'],
  };
  const read = rows.map((row) => ({ row, ...readRecords(hive, text(row.path)) }));

  it('reads every PGN file of index.tsv as one PGN game, per GameType as the index says', () => {
    const perType = new Map<string, number>();
    const stated = new Map<string, number>();
    for (const r of read) {
      expect(r.format, r.row.path).toBe('pgn');
      expect(r.records.length, r.row.path).toBe(r.row.games);
      bump(perType, `${r.row.source} ${tagValue(r.records[0]?.tags ?? [], 'GameType')}`);
      bump(stated, `${r.row.source} ${r.row.dialect}`, r.row.games);
      noteKinds(messages(r.warnings));
    }
    expect(sorted(perType)).toEqual(sorted(stated));
  });

  it('replays every game whole, but for the files that break a rule on purpose', () => {
    let whole = 0;
    let decided = 0;
    for (const r of read) {
      const name = r.row.path.replace('hive/pgn/hivegame/', '');
      const record = asPlayed(r.row, r.records[0] as RecordedGame);
      const replayed = replayLine(hive, record);
      noteKinds(messages(replayed.warnings));
      const refused = r.row.source === 'hivegame' ? REFUSED[name] : undefined;
      if (refused === undefined) {
        expect(replayed.error, r.row.path).toBeNull();
        whole++;
      } else {
        const [ply, rule] = refused;
        const error = replayed.error;
        expect(error, name).not.toBeNull();
        if (rule === 'PARSE_ERROR') expect(error?.code, name).toBe('PARSE_ERROR');
        else expect(error?.rule, name).toBe(rule);
        expect(replayed.moves.length + 1, name).toBe(ply);
        expect(error?.message, name).toMatch(new RegExp(`^ply ${ply} `));
      }
      const final = replayed.states[replayed.states.length - 1] as HiveState;
      if (replayed.error === null && decides(record, final)) {
        decided++;
        expect(statedResult(record), r.row.path).toBe(shown(final));
      }
    }
    // Every file of an invalid/ folder is among the refused, and nothing else is but print.pgn.
    const invalid = rows.filter((row) => row.path.includes('/invalid/')).length;
    expect(Object.keys(REFUSED).length).toBe(invalid + 1);
    summary.push(
      `PGN: ${read.length} games read, ${whole} replayed whole, ${read.length - whole} stop where a rule refuses a move (${invalid} in invalid/ folders and print.pgn); ${decided} state a result their final position decides, equal to it`,
    );
  });

  it('stops the repetition files at the ply after the third occurrence', () => {
    for (const name of Object.keys(REFUSED).filter((n) => n.startsWith('hash/invalid/'))) {
      const r = read.find((x) => x.row.path.endsWith(name)) as (typeof read)[number];
      const replayed = replayLine(hive, asPlayed(r.row, r.records[0] as RecordedGame));
      const final = replayed.states[replayed.states.length - 1] as HiveState;
      expect(hive.terminal(final), name).toBe(true);
      // Without the repetition rule the same moves go on to the end of the file.
      const open = replayLine(hive, r.records[0] as RecordedGame);
      expect(open.error, name).toBeNull();
      expect(open.moves.length, name).toBeGreaterThan(replayed.moves.length);
    }
  });
});

/** The GameStrings of a file: its data lines, cut to the GameString. */
function gameStringsOf(row: Row): string[] {
  const lines = text(row.path)
    .replace(/^\uFEFF/, '')
    .split('\n');
  if (row.source === 'hivegame-philanthus') {
    // `<GameString> <plies> <solution>`.
    return lines.flatMap((l) => {
      const m = /^(.+?) ([0-9]+) (\S.*)$/.exec(l.trim());
      return m === null ? [] : [m[1] as string];
    });
  }
  if (row.path.endsWith('/gamestring')) return lines.filter((l) => l.startsWith('newgame '));
  if (row.path.endsWith('uhp_tests.txt')) return lines.filter((l) => /^Base/.test(l));
  // Mzinga's CSVs: `#` comments, blank lines, `GameString<TAB>expected`.
  return lines.flatMap((l) =>
    l.trim() === '' || l.startsWith('#') ? [] : [l.split('\t')[0] as string],
  );
}

describe('the GameString corpus', () => {
  const rows = rowsOf('gamestring');

  it('reads every GameString of the corpus and replays it whole, per game type as index.tsv says', () => {
    const perType = new Map<string, number>();
    const stated = new Map<string, number>();
    let lines = 0;
    let decided = 0;
    let fieldsOff = 0;
    for (const row of rows) {
      for (const part of row.dialect.split(',')) {
        const [type, n] = part.split(':') as [string, string];
        bump(stated, `${row.source} ${type}`, Number(n));
      }
      const strings = gameStringsOf(row);
      expect(strings.length, row.path).toBe(row.games);
      for (const line of strings) {
        lines++;
        const r = readRecords(hive, line);
        expect(r.format, line).toBe('gamestring');
        const record = r.records[0] as RecordedGame;
        bump(perType, `${row.source} ${tagValue(record.tags, 'GameType')}`);
        noteKinds(messages(r.warnings));
        fieldsOff += r.warnings.filter((w) => w.message.includes('the moves decide')).length;
        const replayed = replayLine(hive, record);
        noteKinds(messages(replayed.warnings));
        expect(replayed.error, line).toBeNull();
        const final = replayed.states[replayed.states.length - 1] as HiveState;
        if (decides(record, final)) {
          decided++;
          expect(statedResult(record), line).toBe(shown(final));
        }
      }
    }
    expect(sorted(perType)).toEqual(sorted(stated));
    summary.push(
      `GameString: ${lines} read and replayed whole; ${decided} state a result their final position decides, equal to it; ${fieldsOff} state or turn fields the moves contradict (Mzinga's on purpose, nokamute's repetition draw)`,
    );
  });

  it("reads nokamute's repetition draw as a draw under nokamute's rule", () => {
    const row = rows.find((r) => r.path.endsWith('uhp_tests.txt')) as Row;
    const draws = gameStringsOf(row).filter((l) => l.startsWith('Base;Draw;'));
    expect(draws.length).toBe(2);
    for (const line of draws) {
      const r = readRecords(hive, line.replace(/^Base;/, 'Base{RepetitionDraw=Nokamute};'));
      expect(r.warnings).toEqual([]);
      const replayed = replayLine(hive, r.records[0] as RecordedGame);
      expect(shown(replayed.states[replayed.states.length - 1] as HiveState)).toBe('Draw');
    }
  });
});

afterAll(() => {
  const kinds = sorted(normalised)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `  ${n} × ${k}`);
  console.log(`${summary.join('\n')}\nnormalisations the corpus needed:\n${kinds.join('\n')}`);
});
