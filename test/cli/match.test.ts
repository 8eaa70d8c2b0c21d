// `boardrules match`, the UHP referee: real engine processes (the built boardrules engine and
// test/fixtures/uhp/fake-engine.mjs, which is that engine failing on purpose), every game checked
// back against the rules from the saved GameStrings, and an engine that crashes, hangs, floods,
// lies or plays illegal moves costing it that game only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { openingsFromText } from '../../src/cli/games/hive/match/openings.js';
import { bestmoveCommand } from '../../src/cli/games/hive/match/referee.js';
import { UsageError } from '../../src/cli/plugin.js';
import { hive, outcome, parseGameString } from '../../src/hive/index.js';
import { eloEstimate, eloOfScore, formatElo } from '../../src/search/elo.js';

const node = JSON.stringify(process.execPath);
const bin = resolve(import.meta.dirname, '../../dist/cli/main.js');
const fake = resolve(import.meta.dirname, '../fixtures/uhp/fake-engine.mjs');
/** The CLI itself, run by this Node: `match` plays its `uhp` by default. */
const SELF = `${node} ${JSON.stringify(bin)}`;
const fakeEngine = (mode: string, n = 2) => `${node} ${JSON.stringify(fake)} ${mode} ${n}`;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface SavedGame {
  file: string | null;
  white: string;
  black: string;
  opening: string[];
  gameString: string;
  plies: number;
  winner: 'white' | 'black' | null;
  scored: boolean;
  reason: string;
  faulty?: 'white' | 'black';
  detail: string;
}

/**
 * Whether a process is still running: gone, or a zombie (killed; a container's init may never
 * reap it), is not running.
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = `/proc/${pid}/status`;
  return !(existsSync(status) && /^State:\s+Z/m.test(readFileSync(status, 'utf8')));
}

/** Runs `boardrules match ...args` in-process into a fresh directory. */
async function match(...args: string[]) {
  const out = mkdtempSync(join(tmpdir(), 'boardrules-match-'));
  dirs.push(out);
  const lines: string[] = [];
  const errors: string[] = [];
  const progress: string[] = [];
  const code = await runCli(['match', '--out', out, ...args], {
    io: { out: (l) => lines.push(l), err: (l) => errors.push(l) },
    progress: { tty: false, write: (t) => progress.push(t) },
    self: SELF,
  });
  const read = (): { engines: Record<string, { name: string }>; games: SavedGame[] } =>
    JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
  return { code, out, text: lines.join('\n'), errors: errors.join('\n'), progress, read };
}

describe('boardrules match', () => {
  it('H-UHP-9: referees boardrules against itself: both colours per opening, every saved game replays to its result', async () => {
    const r = await match('--depth', '1', '--openings', '2', '--seed', '5');
    expect(r.errors).toBe('');
    expect(r.code).toBe(0);
    const { games, engines } = r.read();
    expect(engines.A?.name).toMatch(/^boardrules/);
    expect(games).toHaveLength(4);
    expect(r.progress).toHaveLength(4);
    // Each opening twice, A white then black.
    expect(games[0]?.opening).toEqual(games[1]?.opening);
    expect(games[0]?.opening).not.toEqual(games[2]?.opening);
    expect(games[0]?.opening).toHaveLength(4);
    for (const g of games) {
      expect(g.scored).toBe(true);
      // The saved GameString is the whole game: the rules give the recorded result.
      const saved = readFileSync(join(r.out, g.file ?? ''), 'utf8').trim();
      expect(saved).toBe(g.gameString);
      const state = parseGameString(saved, { repetitionDraw: true, maxPlies: 300 });
      expect(state.history.slice(0, 4)).toEqual(g.opening);
      expect(state.history).toHaveLength(g.plies);
      expect(outcome(state)).toEqual({ winner: g.winner, reason: g.reason });
    }
    expect(r.text).toMatch(/^total\s+4\s/m);
    expect(r.text).toMatch(/rules disagreements \(unscored\): 0/);
    expect(r.text).toMatch(/games lost to an engine fault: 0/);
  });

  it('H-UHP-9: the same seed and depth play the same games; --openings-file gives the openings', async () => {
    const a = (await match('--depth', '1', '--openings', '1', '--seed', '9')).read().games;
    const b = (await match('--depth', '1', '--openings', '1', '--seed', '9')).read().games;
    expect(b.map((g) => g.gameString)).toEqual(a.map((g) => g.gameString));
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-openings-'));
    dirs.push(dir);
    const file = join(dir, 'openings.txt');
    writeFileSync(
      file,
      '# two openings\nwS1;bG1 wS1-\n\nBase+MLP;InProgress;White[2];wA1;bA1 wA1/\n',
    );
    const r = await match('--depth', '1', '--openings-file', file, '--type', 'Base+MLP');
    expect(r.read().games.map((g) => g.opening)).toEqual([
      ['wS1', 'bG1 wS1-'],
      ['wS1', 'bG1 wS1-'],
      ['wA1', 'bA1 wA1/'],
      ['wA1', 'bA1 wA1/'],
    ]);
    writeFileSync(file, 'wS1;bG1 wS1-\nwQ\n');
    const bad = await match('--depth', '1', '--openings-file', file);
    expect(bad.code).toBe(2);
    expect(bad.errors).toMatch(/openings\.txt line 2: .*wQ/);
  });

  // Each fault costs the faulty engine the game it happens in and nothing else: the match plays
  // on (the fake fails in every game: each new process counts its bestmoves from 1 again).
  const faults: [string, string, string, RegExp][] = [
    ['crashes', 'crash', 'crashed', /exited with code 3 during 'bestmove/],
    ['stops answering', 'hang', 'hung', /no reply to 'bestmove depth 1' within 3000 ms/],
    ['answers with a non-move', 'nonsense', 'illegal-move', /played '%%% no move %%%'/],
    ['passes while it can move', 'pass', 'illegal-move', /played 'pass'/],
    ['floods its output', 'flood', 'garbage', /more than 10000 lines without 'ok'/],
  ];
  for (const [what, mode, reason, detail] of faults) {
    it(`H-UHP-9: an engine that ${what} loses those games and the match goes on`, async () => {
      const r = await match(
        ...['--engine', fakeEngine(mode), '--depth', '1', '--openings', '1'],
        ...['--reply-timeout', '3000'],
      );
      expect(r.code).toBe(0);
      const games = r.read().games;
      expect(games).toHaveLength(2);
      for (const g of games) {
        const side = g.white.startsWith('fake') ? 'white' : 'black';
        expect(g).toMatchObject({ reason, faulty: side, scored: true });
        expect(g.winner).toBe(side === 'white' ? 'black' : 'white');
        expect(g.detail).toMatch(detail);
        // Stopped at the fake's second bestmove: the opening and a few plies are saved.
        const state = parseGameString(g.gameString, { repetitionDraw: true, maxPlies: 300 });
        expect(hive.terminal(state)).toBe(false);
      }
      expect(r.text).toMatch(/^total\s+2\s+2\s+0\s+0\s/m);
      expect(r.text).toMatch(/games lost to an engine fault: 2/);
    });
  }

  it('H-UHP-9: an engine that refuses a legal move or claims a win the rules do not give: unscored disagreements', async () => {
    for (const mode of ['refuse', 'claim-win']) {
      const r = await match('--engine', fakeEngine(mode), '--depth', '1', '--openings', '1');
      expect(r.code).toBe(0);
      const games = r.read().games;
      expect(games).toHaveLength(2);
      for (const g of games) {
        expect(g).toMatchObject({ reason: 'disagreement', scored: false, winner: null });
        expect(g.detail).toMatch(
          mode === 'refuse' ? /refused 'play .*': invalidmove/ : /sees 'WhiteWins' after 'play /,
        );
      }
      expect(r.text).toMatch(/rules disagreements \(unscored\): 2/);
      expect(r.text).toMatch(/^total\s+0\s/m);
    }
  });

  it('an engine that does not start, or never greets, is a usage error naming it', async () => {
    const dead = await match('--engine', fakeEngine('dead'), '--depth', '1');
    expect(dead.code).toBe(2);
    expect(dead.errors).toMatch(/engine B .* did not start: exited with code 4/);
    // The limit holds for both engines, and engine A (boardrules itself, a new Node.js process)
    // must greet within it: 5 s leaves a loaded 2-core machine room, where 500 ms did not.
    const mute = await match('--engine', fakeEngine('mute'), '--reply-timeout', '5000');
    expect(mute.code).toBe(2);
    expect(mute.errors).toMatch(/engine B .* did not start: no reply to 'start-up' within 5000 ms/);
  });

  it('the executable exits when an engine fails to start, and a stopped referee takes its engines with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-stop-'));
    dirs.push(dir);
    // Engine A (boardrules) starts, B does not: exit 2 at once, A not left running.
    const failed = spawnSync(
      process.execPath,
      [bin, 'match', '--engine', fakeEngine('dead'), '--out', join(dir, 'a')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(failed.status).toBe(2);
    expect(failed.stderr).toMatch(/did not start/);
    // A referee waiting on a silent engine, stopped with SIGINT: exit 130, the engine gone.
    const pidFile = join(dir, 'pid');
    const referee = spawn(
      process.execPath,
      [bin, 'match', '--engine', fakeEngine('hang', 1), '--depth', '1', '--out', join(dir, 'b')],
      { env: { ...process.env, FAKE_ENGINE_PID_FILE: pidFile }, stdio: 'ignore' },
    );
    const exited = new Promise<number | null>((done) => referee.on('exit', (code) => done(code)));
    for (let i = 0; i < 300 && !existsSync(pidFile); i++)
      await new Promise((r) => setTimeout(r, 50));
    const enginePid = Number(readFileSync(pidFile, 'utf8'));
    // A pid of 0 would make `running` ask about this test's own process group (always true).
    expect(enginePid).toBeGreaterThan(0);
    // Let the fake greet and receive its first bestmove.
    await new Promise((r) => setTimeout(r, 1500));
    referee.kill('SIGINT');
    expect(await exited).toBe(130);
    // SIGKILL is sent before the referee exits, but a loaded machine may take a while to run the
    // engine's exit: poll (up to 10 s) rather than guess one delay. Without the kill it never goes.
    for (let i = 0; i < 200 && running(enginePid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(running(enginePid)).toBe(false);
  });

  it('bad flags are usage errors', async () => {
    for (const args of [
      ['--engine', 'a', '--engine', 'b', '--engine', 'c'],
      ['--time', '1', '--depth', '2'],
      ['--engine'],
      ['--engine', ' '],
      ['--openings', '0'],
      ['--type', 'Chess'],
      ['--repetition-draw', 'often'],
      ['--no-such-flag'],
    ]) {
      const r = await match(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.errors).toMatch(/^boardrules: /);
    }
  });
});

describe('match openings files (fuzzed)', () => {
  it('H-UHP-8: any text gives openings or a UsageError naming the file and line, never a crash', () => {
    const rules = hive.start({ type: 'Base+MLP' }).options;
    const piece = fc.constantFrom('wS1', 'bG1', 'wQ', 'bA1', 'wB2', 'pass', '-', '\\', '/', ';');
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(piece, { maxLength: 8 }).map((p) => p.join(' ')),
      fc.constant('Base+MLP;InProgress;White[2];wS1;bG1 wS1-'),
      fc.constant('Base;NotStarted;White[1]'),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        try {
          const openings = openingsFromText(lines.join('\n'), rules, 'f.txt');
          for (const o of openings) expect(Array.isArray(o)).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(UsageError);
          expect((e as Error).message).toMatch(/^f\.txt (line \d+: |has no openings)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('match arithmetic', () => {
  it('H-UHP-9: bestmove commands in UHP form', () => {
    expect(bestmoveCommand({ seconds: 1 })).toBe('bestmove time 00:00:01');
    expect(bestmoveCommand({ seconds: 3661 })).toBe('bestmove time 01:01:01');
    expect(bestmoveCommand({ depth: 4 })).toBe('bestmove depth 4');
  });

  it('the Elo difference and its 95 % error bar', () => {
    expect(eloOfScore(0.5)).toBe(0);
    expect(eloOfScore(0.75)).toBeCloseTo(190.85, 1);
    expect(eloOfScore(0.25)).toBeCloseTo(-190.85, 1);
    const e = eloEstimate({ wins: 30, draws: 10, losses: 20 });
    expect(e.score).toBeCloseTo(35 / 60, 10);
    expect(e.elo).toBeCloseTo(eloOfScore(35 / 60), 10);
    // s ± 1.96·sd/√n mapped to Elo: about ±85 here.
    expect(e.error).toBeGreaterThan(70);
    expect(e.error).toBeLessThan(100);
    // More games, narrower bar; draws narrow it too.
    expect(eloEstimate({ wins: 300, draws: 100, losses: 200 }).error).toBeLessThan(e.error / 3);
    expect(eloEstimate({ wins: 25, draws: 20, losses: 15 }).error).toBeLessThan(e.error);
    expect(formatElo(eloEstimate({ wins: 4, draws: 0, losses: 0 }))).toMatch(/^\+inf/);
    expect(formatElo(eloEstimate({ wins: 0, draws: 0, losses: 4 }))).toMatch(/^-inf/);
    expect(formatElo(eloEstimate({ wins: 0, draws: 0, losses: 0 }))).toBe('n/a');
    expect(formatElo(e)).toMatch(/^\+58 ± \d+$/);
  });
});
