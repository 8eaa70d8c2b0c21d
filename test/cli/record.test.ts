// `boardrules record`: records converted between formats for every game, the game told from the
// records, and the refusals (unknown formats, games it cannot tell, junk, huge files) with their
// messages and exit codes. In-process (runCli), so each case is quick.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import type { GamePlugin } from '../../src/cli/plugin.js';
import { games } from '../../src/cli/registry.js';
import { readPgn, writePgn } from '../../src/core/pgn.js';
import {
  mainLine,
  type RecordedGame,
  type RecordFormat,
  type RecordRules,
  recordNode,
} from '../../src/core/record.js';
import { Rng } from '../../src/core/rng.js';
import { type TttMove, type TttState, tictactoe } from '../support/tictactoe.js';

const fixtures = resolve(import.meta.dirname, '../fixtures/records/analyze');
const fixture = (name: string) => join(fixtures, name);
const dir = mkdtempSync(join(tmpdir(), 'boardrules-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scratch = (name: string, text: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs the CLI in-process; stdin is `input` when given. */
async function run(
  argv: readonly string[],
  options: { games?: ReadonlyMap<string, GamePlugin>; input?: string } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    ...(options.games === undefined ? {} : { games: options.games }),
    ...(options.input === undefined
      ? {}
      : {
          stdio: {
            input: Readable.from([options.input]),
            output: { write: () => true },
            errors: { write: () => true },
          },
        }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const SHORT: Readonly<Record<string, string>> = {
  hive: 'hive-missed-win.pgn',
  coerceo: 'coerceo-bots.pgn',
  torres: 'torres-bots-3p.pgn',
};

describe('boardrules record: conversions', () => {
  for (const [game, file] of Object.entries(SHORT)) {
    it(`${game}: PGN to JSON and back gives the same PGN, the game told by the tags`, async () => {
      const pgn = readFileSync(fixture(file), 'utf8');
      const json = await run(['record', fixture(file), '--to', 'json']);
      expect(json.err).toBe('');
      expect(json.code).toBe(0);
      const record = JSON.parse(json.out) as RecordedGame;
      expect(record).toEqual(readPgn(pgn).records[0]);
      const back = await run(['record', scratch(`${game}.json`, json.out)]);
      expect(back.code).toBe(0);
      expect(`${back.out}\n`).toBe(writePgn(record));
      // The same with the game named, and PGN to PGN.
      const same = await run(['record', fixture(file), '--game', game, '--to', 'pgn']);
      expect(`${same.out}\n`).toBe(writePgn(record));
    });
  }

  it('several records: PGN games one after another, JSON one list', async () => {
    const one = readFileSync(fixture('coerceo-bots.pgn'), 'utf8');
    const two = scratch('two.pgn', `${one}\n${one}`);
    const json = await run(['record', two, '--to', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toHaveLength(2);
    const pgn = await run(['record', two]);
    expect(readPgn(pgn.out).records).toHaveLength(2);
  });

  it('reads stdin for -', async () => {
    const pgn = readFileSync(fixture('torres-bots-3p.pgn'), 'utf8');
    const r = await run(['record', '-', '--to', 'json'], { input: pgn });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(readPgn(pgn).records[0]);
  });

  it("the real game: written whole, Mzinga's result line read as its result", async () => {
    const r = await run(['record', fixture('U!HV-nevir-Bechster-2016-03-29-1905.pgn')]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const [record] = readPgn(r.out).records as RecordedGame[];
    expect(mainLine(record as RecordedGame)).toHaveLength(64);
    expect(record?.tags).toContainEqual(['Result', 'BlackWins']);
  });
});

/** Tic-tac-toe with records and a format of its own: `moves:c1,c5,...`, one record a line. */
const lineFormat: RecordFormat = {
  name: 'moves',
  detect: (text) => text.startsWith('moves:'),
  read: (text) => ({
    records: text
      .split('\n')
      .filter((l) => l.startsWith('moves:'))
      .map((l) => {
        let children: ReturnType<typeof recordNode>[] = [];
        for (const m of l.slice(6).split(',').reverse()) children = [recordNode(m, children)];
        return { tags: [['Game', 'ttt']] as [string, string][], comment: null, children };
      }),
    warnings: [],
    errors: [],
  }),
  write: (record) =>
    `moves:${mainLine(record)
      .map((n) => n.move)
      .join(',')}\n`,
};
const tttRules: RecordRules<TttState, TttMove> = {
  startOptions: () => ({}),
  tagsOf: () => [['Game', 'ttt']],
  resultOf: () => '*',
  formats: [lineFormat],
};
const tttGames = new Map<string, GamePlugin>([
  ...games,
  [
    'ttt',
    {
      game: { ...tictactoe, records: tttRules } as unknown as GamePlugin['game'],
      summary: 'tic-tac-toe with records (test game)',
      flags: [],
      startState: () => tictactoe.start(),
      variant: () => 'standard',
      recordTags: ['Game'],
    },
  ],
]);

describe("boardrules record: a game's own formats, taken from the game", () => {
  it('writes one record a line in a format only that game has, and tells the game by it', async () => {
    const pgn = scratch('ttt.pgn', '[Game "ttt"]\n1. c1\n2. c5\n\n[Game "ttt"]\n1. c9\n');
    const lines = await run(['record', pgn, '--to', 'moves'], { games: tttGames });
    expect(lines.err).toBe('');
    expect(lines.out).toBe('moves:c1,c5\nmoves:c9');
    // Read back without --game: the format is the game's own, so the game is told by it.
    const back = await run(['record', scratch('ttt.txt', `${lines.out}\n`)], { games: tttGames });
    expect(back.code).toBe(0);
    expect(readPgn(back.out).records.map((r) => mainLine(r).length)).toEqual([2, 1]);
  });

  it('refuses that format for a game without it (exit 2), naming the formats it has', async () => {
    const r = await run(['record', fixture('coerceo-bots.pgn'), '--to', 'moves'], {
      games: tttGames,
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/coerceo has no record format 'moves' \(it has json, pgn\)/);
  });
});

describe('boardrules record: refusals', () => {
  it('--to gamestring for a game that has no GameString: exit 2, the formats it has', async () => {
    const r = await run(['record', fixture('coerceo-bots.pgn'), '--to', 'gamestring']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/coerceo has no record format 'gamestring' \(it has json, pgn\)/);
    expect(r.out).toBe('');
  });

  it('an unknown --to or --from: exit 2', async () => {
    const to = await run(['record', fixture('hive-missed-win.pgn'), '--game', 'hive', '--to', 'x']);
    expect(to.code).toBe(2);
    expect(to.err).toMatch(/--to: hive has no record format 'x'/);
    const from = await run(['record', fixture('hive-missed-win.pgn'), '--from', 'x']);
    expect(from.code).toBe(2);
    expect(from.err).toMatch(/--from must be one of .*pgn.*, got 'x'/);
    const game = await run(['record', fixture('hive-missed-win.pgn'), '--game', 'hvie']);
    expect(game.code).toBe(2);
    expect(game.err).toMatch(
      /--game must be one of hive, coerceo, torres, got 'hvie'; did you mean 'hive'\?/,
    );
  });

  it('a record whose game cannot be told: exit 2, what tags would tell it', async () => {
    const none = await run(['record', scratch('none.pgn', '1. wS1\n2. bS1 wS1-\n')]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(
      /none\.pgn record 1: cannot tell the game: the record has none of the tags GameType \(hive\), Variant \(coerceo\), ExchangeCost \(coerceo\), Players \(torres\), Seed \(torres\); give --game hive\|coerceo\|torres/,
    );
    const both = await run([
      'record',
      scratch('both.pgn', '[GameType "Base"]\n[Players "2"]\n1. wS1\n'),
    ]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/cannot tell the game: the record has tags of hive and torres/);
    const ok = await run([
      'record',
      scratch('none2.pgn', '1. wS1\n2. bS1 wS1-\n'),
      '--game',
      'hive',
    ]);
    expect(ok.code).toBe(0);
  });

  it('a file that is not there, or not one file: exit 1 or 2', async () => {
    const missing = await run(['record', join(dir, 'no-such.pgn')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/cannot read '.*no-such\.pgn'/);
    expect((await run(['record'])).code).toBe(2);
    expect((await run(['record', 'a.pgn', 'b.pgn'])).code).toBe(2);
  });

  it('1 MB of random bytes: not text (exit 1)', async () => {
    const rng = new Rng(7);
    const bytes = Uint8Array.from({ length: 1 << 20 }, () => rng.int(256));
    const r = await run(['record', scratch('junk.bin', bytes)]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/junk\.bin: not (a text file|UTF-8 text)/);
  });

  it('1 MB of random text: no game to tell (2); as Hive, refused at ply 1 (1); PGN junk (1)', async () => {
    const rng = new Rng(8);
    const abc = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -/\\\n';
    const text = Array.from({ length: 1 << 20 }, () => abc[rng.int(abc.length)]).join('');
    const path = scratch('junk.txt', text);
    const plain = await run(['record', path]);
    expect(plain.code).toBe(2);
    expect(plain.err).toMatch(/junk\.txt record 1: cannot tell the game/);
    const hive = await run(['record', path, '--game', 'hive']);
    expect(hive.code).toBe(1);
    expect(hive.err).toMatch(/junk\.txt record 1: error: ply 1 /);
    const signs = '[]{}()";$!?0123456789. abc%\\\n';
    const pgnJunk = Array.from({ length: 1 << 20 }, () => signs[rng.int(signs.length)]).join('');
    const junk = await run(['record', scratch('junk.pgn', pgnJunk), '--game', 'torres']);
    expect(junk.code).toBe(1);
    expect(junk.err).toMatch(/^boardrules: .*junk\.pgn: PGN line \d+: /);
  });

  it('a file over 64 MiB is refused before it is read (exit 1)', async () => {
    const path = join(dir, 'huge.pgn');
    const fd = openSync(path, 'w');
    closeSync(fd);
    // A sparse file: 65 MiB long, no disk used.
    const { truncateSync } = await import('node:fs');
    truncateSync(path, 65 * 1024 * 1024);
    const r = await run(['record', path]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/huge\.pgn: larger than 64 MiB: split the archive/);
  });
});
