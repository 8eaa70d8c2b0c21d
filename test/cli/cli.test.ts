import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { COMMON_FLAGS } from '../../src/cli/flags.js';
import type { GamePlugin } from '../../src/cli/plugin.js';
import { UsageError } from '../../src/cli/plugin.js';
import { tictactoe } from '../support/tictactoe.js';

const tttPlugin: GamePlugin = {
  game: tictactoe as GamePlugin['game'],
  summary: 'tic-tac-toe (test game)',
  flags: [{ name: 'opening', value: '<cell>', help: 'first cell X takes (1-9)' }],
  startState(flags) {
    const start = tictactoe.start();
    if (flags.opening === undefined) return start;
    const cell = Number(flags.opening);
    if (!Number.isInteger(cell) || cell < 1 || cell > 9)
      throw new UsageError(`--opening must be 1..9, got '${String(flags.opening)}'`);
    return tictactoe.apply(start, { cell: cell - 1 });
  },
  variant: () => 'standard',
  show: (s) => tictactoe.serialize(s as never),
};

/** Runs the CLI in-process over `games` (`undefined`: the registered games). */
async function runOver(games: ReadonlyMap<string, GamePlugin> | undefined, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let t = 0;
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    ...(games === undefined ? {} : { games }),
    now: () => (t += 1),
  });
  return { code, out, err };
}

/** Runs the CLI in-process with tic-tac-toe as its only game. */
const run = (...argv: string[]) => runOver(new Map([['ttt', tttPlugin]]), ...argv);

/** A run with a progress sink and a clock that moves `msPerTick` per reading. */
async function runWithProgress(tty: boolean, msPerTick: number, ...argv: string[]) {
  const out: string[] = [];
  const progress: string[] = [];
  let t = 0;
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => progress.push(`err: ${l}`) },
    games: new Map([['ttt', tttPlugin]]),
    now: () => (t += msPerTick),
    progress: { tty, write: (text) => progress.push(text) },
  });
  return { code, out, progress };
}

describe('boardrules CLI (generic over registered games)', () => {
  it('prints usage and exits 2 without a command, 0 with --help', async () => {
    expect((await run()).code).toBe(2);
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/perft <game>/);
    expect(help.out.join('\n')).toMatch(/ttt/);
  });

  it('perft prints one line per depth with nodes, ms and nodes/s', async () => {
    const r = await run('perft', 'ttt', '--depth', '3');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(3);
    expect(r.out[2]).toMatch(/^perft\(3\) = 504 .* ms .* nodes\/s/);
  });

  it('perft --json prints one object per depth with the documented fields', async () => {
    const r = await run('perft', 'ttt', '--depth', '2', '--json', '--path', 'apply');
    const rows = r.out.map((l) => JSON.parse(l));
    expect(rows.map((o) => o.nodes)).toEqual([9, 72]);
    expect(Object.keys(rows[0]).sort()).toEqual(['depth', 'game', 'ms', 'nodes', 'nps', 'variant']);
    expect(rows[0]).toMatchObject({ game: 'ttt', variant: 'standard', depth: 1 });
  });

  it('perft from --state and with a game flag', async () => {
    expect((await run('perft', 'ttt', '--depth', '1', '--state', 'X........')).out[0]).toMatch(
      /= 8 /,
    );
    expect((await run('perft', 'ttt', '--depth', '1', '--opening', '5')).out[0]).toMatch(/= 8 /);
  });

  it('accepts flag values that start with a dash', async () => {
    const r = await run('perft', 'ttt', '--depth', '1', '--opening', '-3');
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/--opening must be 1..9, got '-3'/);
  });

  it('moves lists one formatted move per line', async () => {
    const r = await run('moves', 'ttt', '--state', 'XO.......');
    expect(r.out).toEqual(['c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
  });

  it('play is reproducible from its seed and prints the result', async () => {
    const a = await run('play', 'ttt', '--seed', '5');
    const b = await run('play', 'ttt', '--seed', '5');
    expect(a.code).toBe(0);
    expect(a.out).toEqual(b.out);
    expect(a.out.at(-1)).toMatch(/^result: finished/);
  });

  it('each command has --help listing common and game flags', async () => {
    const r = await run('perft', 'ttt', '--help');
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/--depth/);
    expect(r.out.join('\n')).toMatch(/--opening/);
  });

  it.each([
    [['frobnicate'], /unknown command/],
    [['perft'], /needs a game/],
    [['perft', 'chess', '--depth', '1'], /unknown game 'chess'/],
    [['perft', 'ttt'], /--depth is required/],
    [['perft', 'ttt', '--depth', 'x'], /--depth must be an integer/],
    [['perft', 'ttt', '--depth', '-1'], /--depth/],
    [['perft', 'ttt', '--depth', '1', '--bogus'], /bogus/],
    [['perft', 'ttt', '--depth', '1', '--path', 'slow'], /--path/],
    [['perft', 'ttt', '--depth', '1', '--opening', '0'], /--opening must be/],
    [['moves', 'ttt'], /--state <text> is required/],
    [['moves', 'ttt', '--state', 'garbage'], /PARSE_ERROR/],
    [['play', 'ttt', '--seed', 'abc'], /--seed must be/],
  ])('bad arguments %j exit with code 2 and a clear message', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(message);
  });

  it.each([
    [['plya', 'ttt'], "unknown command 'plya'; did you mean 'play'?"],
    [['--verison'], "unknown option '--verison'; did you mean '--version'?"],
    [['perft', 'tt', '--depth', '1'], "unknown game 'tt'; did you mean 'ttt'? (known: ttt)"],
    [['perft', 'ttt', '--depht', '1'], "unknown option '--depht'; did you mean '--depth'?"],
    [['perft', 'ttt', '--depth=1', '--jsno'], "unknown option '--jsno'; did you mean '--json'?"],
    [['play', 'ttt', '--seat', 'ab,ab'], "unknown option '--seat'; did you mean '--seats'?"],
    [['play', 'ttt', '--iter', '5'], "unknown option '--iter'; did you mean '--iterations'?"],
    [['play', 'ttt', '--openin', '5'], "unknown option '--openin'; did you mean '--opening'?"],
    // Not close to any of the command's options, but an option of another command.
    [['play', 'ttt', '--json'], "unknown option '--json' (an option of 'perft')"],
    [
      ['perft', 'ttt', '--depth', '1', '--seats', 'x'],
      "unknown option '--seats' (an option of 'play')",
    ],
    // Nothing near: no guess.
    [['play', 'ttt', '--xyzzy'], "unknown option '--xyzzy'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('a mistyped %j is a usage error that says what was probably meant', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe(`boardrules: ${message}`);
  });

  it.each([
    [['mathc'], "unknown command 'mathc'; did you mean 'match'?"],
    [['match', '--engnie', 'x'], "unknown option '--engnie'; did you mean '--engine'?"],
    [['uhp', '--thread', '2'], "unknown option '--thread'; did you mean '--threads'?"],
    [
      ['uhp', '--depth', '2'],
      "unknown option '--depth' (an option of 'perft', 'play', 'analyze', 'match')",
    ],
  ])('a mistyped %j (a command Hive adds) says what was probably meant', async (argv, message) => {
    const r = await runOver(undefined, ...argv);
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe(`boardrules: ${message}`);
  });

  it('--version prints the version alone (the package version by default)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-V', 'version']) {
      const r = await run(flag);
      expect(r.code).toBe(0);
      expect(r.out).toEqual([pkg.version]);
    }
  });

  it.each(['perft', 'moves', 'play'])(
    '%s --help without a game prints the command help',
    async (command) => {
      const r = await run(command, '--help');
      expect(r.code).toBe(0);
      const text = r.out.join('\n');
      expect(text).toMatch(new RegExp(`^Usage: boardrules ${command} <game>`));
      expect(text).toMatch(/Games: ttt/);
      for (const f of COMMON_FLAGS[command] ?? []) expect(text).toContain(`--${f.name}`);
    },
  );

  it.each(['games', 'demo', 'uhp', 'match'])(
    '%s --help prints the command help; unknown flags are usage errors',
    async (command) => {
      // `uhp` and `match` are Hive's own commands: they are there with the registered games.
      const over = (...argv: string[]) =>
        ['games', 'demo'].includes(command) ? run(...argv) : runOver(undefined, ...argv);
      const r = await over(command, '--help');
      expect(r.code).toBe(0);
      expect(r.out.join('\n')).toMatch(new RegExp(`^Usage: boardrules ${command} `));
      const bad = await over(command, '--bogus');
      expect(bad.code).toBe(2);
      expect(bad.err.join('\n')).toMatch(/bogus/);
    },
  );

  it('perft --depth 0 prints perft(0) = 1 (a position is one sequence of length 0)', async () => {
    const r = await run('perft', 'ttt', '--depth', '0');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    expect(r.out[0]).toMatch(/^perft\(0\) = 1 /);
    const json = await run('perft', 'ttt', '--depth', '0', '--json');
    expect(JSON.parse(json.out[0] as string)).toMatchObject({ depth: 0, nodes: 1 });
  });

  it('long perft runs show progress on the progress sink, never on stdout', async () => {
    // Not a terminal: plain lines as each depth starts and ends once a second has passed.
    const plain = await runWithProgress(false, 300, 'perft', 'ttt', '--depth', '3');
    expect(plain.code).toBe(0);
    expect(plain.out.map((l) => l.replace(/ .*/, ''))).toEqual([
      'perft(1)',
      'perft(2)',
      'perft(3)',
    ]);
    expect(plain.progress.length).toBeGreaterThan(0);
    for (const line of plain.progress) {
      expect(line).toMatch(/^perft: depth \d of 3 (started|done), \d+\.\d s elapsed/);
      expect(line.endsWith('\n')).toBe(true);
    }
    expect(plain.progress.some((l) => / done, .* nodes\/s/.test(l))).toBe(true);
    // A terminal: one line rewritten in place (root moves, nodes, rate, time), then cleared.
    const tty = await runWithProgress(true, 300, 'perft', 'ttt', '--depth', '3');
    expect(tty.out.map((l) => l.replace(/ .*/, ''))).toEqual(['perft(1)', 'perft(2)', 'perft(3)']);
    const live = tty.progress.filter((t) => t.startsWith('\r\x1b[Kperft('));
    expect(live.length).toBeGreaterThan(0);
    expect(live[0]?.slice(4)).toMatch(
      /^perft\(\d\): \d+\/\d+ root moves, \d+ nodes, .*nodes\/s, \d+\.\d s$/,
    );
    expect(tty.progress.at(-1)).toBe('\r\x1b[K');
    // Short runs stay quiet.
    const quick = await runWithProgress(false, 0.001, 'perft', 'ttt', '--depth', '3');
    expect(quick.progress).toEqual([]);
  });

  it("a game's own commands are there only with the game: uhp and match without Hive are unknown", async () => {
    for (const command of ['uhp', 'match']) {
      const r = await run(command);
      expect(r.code).toBe(2);
      expect(r.err[0]).toBe(`boardrules: unknown command '${command}'`);
    }
    const help = (await runOver(undefined, '--help')).out.join('\n');
    expect(help).toContain(
      '  uhp [rule options]                 a Universal Hive Protocol engine on stdin/stdout',
    );
    expect(help).toContain(
      '\n                                     referee a Hive match between two UHP engines',
    );
    expect((await run('--help')).out.join('\n')).not.toMatch(/\buhp\b|\bmatch\b/);
  });

  it('uhp runs the engine on the given streams with its rule flags, and rejects anything else', async () => {
    const uhp = async (...argv: string[]) => {
      const err: string[] = [];
      const input = new PassThrough();
      const output = new PassThrough();
      input.end('options\nexit\n');
      const code = await runCli(argv, {
        io: { out: () => {}, err: (l) => err.push(l) },
        stdio: { input, output, errors: new PassThrough() },
        version: '9.9.9',
      });
      const reply = String(output.read() ?? '');
      return { code, err, reply };
    };
    const plain = await uhp('uhp');
    expect(plain.code).toBe(0);
    expect(plain.reply).toMatch(/^id boardrules-hive 9\.9\.9\n/);
    expect(plain.reply).toContain('TournamentOpening;bool;True;True');
    const flags = [
      ...['uhp', '--tournament-opening', 'off', '--repetition-draw', 'on'],
      ...['--max-plies', '30', '--strict-input', 'on', '--threads', '1'],
    ];
    const set = await uhp(...flags);
    expect(set.code).toBe(0);
    expect(set.reply).toContain('TournamentOpening;bool;False;True');
    expect(set.reply).toContain('RepetitionDraw;enum;True;False');
    expect(set.reply).toContain('MaxPlies;int;30;0');
    for (const bad of [
      ['--bogus'],
      ['--threads', '0'],
      ['--threads', 'two'],
      // No worker threads in-process: one thread only.
      ['--threads', '2'],
      ['--repetition-draw', 'maybe'],
      ['--max-plies', 'x'],
      ['extra'],
    ]) {
      const r = await uhp('uhp', ...bad);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.err[0]).toMatch(/^boardrules: /);
    }
    // Without the process's streams (the CLI in-process) there is no engine to run.
    const none = await runOver(undefined, 'uhp');
    expect(none.code).toBe(2);
    expect(none.err[0]).toBe('boardrules: the UHP engine is not available here');
  });

  it('every help text of the registered games lists each flag once (play torres had --seed twice)', async () => {
    for (const game of ['hive', 'coerceo', 'torres']) {
      for (const command of ['perft', 'moves', 'play']) {
        const out: string[] = [];
        const code = await runCli([command, game, '--help'], {
          io: { out: (l) => out.push(l), err: () => {} },
        });
        expect(code).toBe(0);
        const names = out.join('\n').match(/^ {2}--[a-z-]+/gm) ?? [];
        expect(names.length, `${command} ${game}`).toBeGreaterThan(1);
        expect(new Set(names).size, `${command} ${game}: ${names.join(' ')}`).toBe(names.length);
      }
    }
  });

  it('demo runs over every registered game', async () => {
    const r = await run('demo');
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/== ttt/);
    // Every command it suggests runs as written where `npm start` runs it: a clone, where only
    // `npx boardrules` finds the command (and in a project that installed the package).
    const text = r.out.join('\n');
    const commands = [...text.matchAll(/(\S*) ?boardrules (play|perft|moves|uhp|match|--help)\b/g)];
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const [command, before] of commands) expect(before, command).toMatch(/npx$/);
    expect(r.out).toContain(
      'try: npx boardrules play ttt --seed 2    npx boardrules perft ttt --depth 3',
    );
  });
});
