import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Drives the built binary (`npm run build` must precede the tests; the integrator's setup does).
const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
/** `Threads` goes up to one per core, and to 2 on a single core. */
const maxThreads = Math.max(2, availableParallelism());

describe('boardrules uhp as a child process (H-UHP-9)', () => {
  it('greets with info, answers a scripted session including bad input, and exits', () => {
    const script = [
      'newgame Base+MLP',
      'play wQ',
      'play wS1',
      'bogus command',
      'play bS1 -wS1',
      'undo 5',
      'options get MaxPlies',
      'newgame Base',
      'perft 2',
      'exit',
      'info',
    ].join('\n');
    const run = spawnSync(process.execPath, [main, 'uhp'], {
      input: `${script}\n`,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const out = run.stdout.split('\n');
    const replies: string[][] = [];
    let cur: string[] = [];
    for (const l of out) {
      if (l === '') continue;
      cur.push(l);
      if (l === 'ok') {
        replies.push(cur);
        cur = [];
      }
    }
    expect(replies[0]?.[0]).toMatch(/^id boardrules-hive /);
    // H-FAN-UHP-4: the official capabilities first, then the fan bugs this engine also plays.
    expect(replies[0]?.[1]).toBe(
      'Mosquito;Ladybug;Pillbug;Mantis;Fly;Scorpion;Wasp;Cockroach;Dragonfly;Centipede',
    );
    expect(replies[1]).toEqual(['Base+MLP;NotStarted;White[1]', 'ok']);
    expect(replies[2]?.[0]).toMatch(/^invalidmove /);
    expect(replies[3]).toEqual(['Base+MLP;InProgress;Black[1];wS1', 'ok']);
    expect(replies[4]?.[0]).toMatch(/^err /);
    expect(replies[5]).toEqual(['Base+MLP;InProgress;White[2];wS1;bS1 -wS1', 'ok']);
    expect(replies[6]?.[0]).toMatch(/^err /);
    expect(replies[7]).toEqual(['MaxPlies;int;0;0;0;100000', 'ok']);
    expect(replies[8]).toEqual(['Base;NotStarted;White[1]', 'ok']);
    // H-PERFT-3: Base 1, 4, 96.
    expect(replies[9]?.map((l) => l.replace(/ in \d+ ms\. \d+ KN\/s$/, ''))).toEqual([
      'perft(0) = 1',
      'perft(1) = 4',
      'perft(2) = 96',
      'ok',
    ]);
    expect(replies[10]).toEqual(['ok']);
    expect(replies).toHaveLength(11); // nothing after exit
  });

  it('H-UHP-9: blank lines are answered with ok; the rule flags set the start-up options', () => {
    const run = spawnSync(
      process.execPath,
      [main, 'uhp', '--repetition-draw', 'on', '--max-plies', '30', '--tournament-opening', 'off'],
      { input: '\noptions\n   \nexit\n', encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const out = run.stdout.trimEnd().split('\n');
    // info, then `ok` for the blank line, the options, `ok` again, and exit's `ok`.
    expect(out.slice(3)).toEqual([
      'ok',
      'TournamentOpening;bool;False;True',
      'RepetitionDraw;enum;True;False;False;True;HiveGame;Nokamute',
      'MaxPlies;int;30;0;0;100000',
      'StrictInput;bool;False;False',
      'TableSizeMiB;int;4;4;1;1024',
      'Aggression;int;3;3;1;5',
      `Threads;int;1;1;1;${maxThreads}`,
      'SearchInfo;bool;False;False',
      'MultiPV;int;1;1;1;64',
      'StopOnInput;bool;False;False',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('H-UHP-10: --threads N searches bestmove time on N threads and exits cleanly', () => {
    const position = 'Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-';
    const run = spawnSync(process.execPath, [main, 'uhp', '--threads', '2'], {
      input: `options get Threads\nnewgame ${position}\nvalidmoves\nbestmove time 00:00:01\nexit\n`,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const out = run.stdout.trimEnd().split('\n');
    expect(out.slice(3, 5)).toEqual([`Threads;int;2;1;1;${maxThreads}`, 'ok']);
    const valid = (out[7] ?? '').split(';');
    expect(valid.length).toBeGreaterThan(5);
    expect(valid).toContain(out[9]);
    for (const bad of ['0', String(maxThreads + 1)]) {
      const r = spawnSync(process.execPath, [main, 'uhp', '--threads', bad], {
        input: 'exit\n',
        encoding: 'utf8',
      });
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toMatch(/^boardrules: .*threads/);
    }
  });

  it('rejects unknown flags and bad rule values with a usage error (exit 2)', () => {
    for (const args of [
      ['--bogus'],
      ['--repetition-draw', 'on', '--frob'],
      ['--max-plies', '-3'],
    ]) {
      const run = spawnSync(process.execPath, [main, 'uhp', ...args], {
        input: 'info\n',
        encoding: 'utf8',
      });
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^boardrules: /);
    }
  });
});

/** The replies in `stdout`: each a list of lines ending with `ok`. */
function replies(stdout: string): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  for (const l of stdout.split('\n')) {
    if (l === '') continue;
    cur.push(l);
    if (l === 'ok') {
      out.push(cur);
      cur = [];
    }
  }
  return out;
}

/**
 * A transcript as it may differ between machines and releases: the version `info` reports,
 * and `Threads`' maximum (the number of cores).
 */
const portable = (text: string) =>
  text
    .replace(/^id boardrules-hive \S+$/m, 'id boardrules-hive VERSION')
    .replace(/^Threads;int;(\d+);1;1;\d+$/gm, 'Threads;int;$1;1;1;MAX');

/** The UHP extensions' options, as `options` lists them after the engine's own, all off. */
const EXTENSION_OPTIONS = [
  'SearchInfo;bool;False;False',
  'MultiPV;int;1;1;1;64',
  'StopOnInput;bool;False;False',
];

/** The engine as a child process, read line by line. */
function engineProcess(...args: string[]) {
  const child = spawn(process.execPath, [main, 'uhp', ...args], { stdio: 'pipe' });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (t: string) => stderr.push(t));
  const out = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  const lines = out[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error(`the engine ended its output; stderr: ${stderr.join('')}`);
    return r.value;
  };
  return {
    send: (line: string) => child.stdin.write(`${line}\n`),
    next,
    /** The lines up to and including the next `ok`. */
    async reply(): Promise<string[]> {
      const got: string[] = [];
      for (let l = await next(); ; l = await next()) {
        got.push(l);
        if (l === 'ok') return got;
      }
    },
    stderr,
    exited: new Promise<number | null>((resolve) => child.on('close', resolve)),
    kill: () => child.kill(),
  };
}

describe('boardrules uhp: the extensions (off by default)', () => {
  it('with the extensions off, a scripted session is byte for byte what main answered', () => {
    // Recorded from the build of main before the extensions; see the fixture's `origin`.
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/uhp/official-session.json', import.meta.url), 'utf8'),
    ) as { origin: string; script: string[]; transcript: string };
    const run = spawnSync(process.execPath, [main, 'uhp'], {
      input: `${fixture.script.join('\n')}\n`,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    // The one difference: `options` lists the extensions' three options after the others.
    const expected = replies(portable(fixture.transcript)).map((reply) =>
      reply.at(-2)?.startsWith('Threads;int;') && reply[0]?.startsWith('TournamentOpening;')
        ? [...reply.slice(0, -1), ...EXTENSION_OPTIONS, 'ok']
        : reply,
    );
    expect(replies(portable(run.stdout))).toEqual(expected);
    // The transcript has every reply and nothing else: the bytes between them are newlines.
    expect(run.stdout).toBe(
      `${replies(run.stdout)
        .map((r) => r.join('\n'))
        .join('\n')}\n`,
    );
  });

  it('StopOnInput: a line sent during bestmove time 00:10:00 ends it; then that line is answered', async () => {
    const position = 'Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-';
    for (const args of [[], ['--threads', '2']]) {
      const engine = engineProcess(...args);
      try {
        expect((await engine.reply())[0]).toMatch(/^id boardrules-hive /);
        engine.send('options set SearchInfo True');
        expect(await engine.reply()).toEqual(['SearchInfo;bool;True;False', 'ok']);
        engine.send('options set StopOnInput True');
        expect(await engine.reply()).toEqual(['StopOnInput;bool;True;False', 'ok']);
        engine.send(`newgame ${position}`);
        expect(await engine.reply()).toEqual([position, 'ok']);
        engine.send('bestmove time 00:10:00');
        // The search is under way once it reports; the next line stops it.
        const first = await engine.next();
        expect(first).toMatch(/^info depth 1 multipv 1 score -?\d+ value /);
        engine.send('validmoves');
        const best = [first, ...(await engine.reply())];
        const valid = await engine.reply();
        expect(valid).toHaveLength(2);
        const moves = (valid[0] ?? '').split(';');
        expect(moves.length).toBeGreaterThan(5);
        // The bestmove reply: its info lines, then one move, then ok.
        expect(best.at(-1)).toBe('ok');
        expect(moves).toContain(best.at(-2));
        expect(best.slice(0, -2).every((l) => l.startsWith('info '))).toBe(true);
        engine.send('exit');
        expect(await engine.reply()).toEqual(['ok']);
        expect(await engine.exited).toBe(0);
        expect(engine.stderr.join('')).toBe('');
      } finally {
        engine.kill();
      }
    }
  });

  it('StopOnInput off: a line sent during the search waits for it, which runs to its end', async () => {
    const engine = engineProcess();
    try {
      await engine.reply();
      engine.send('options set SearchInfo True');
      await engine.reply();
      engine.send('newgame Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
      await engine.reply();
      engine.send('bestmove depth 4');
      expect(await engine.next()).toMatch(/^info depth 1 /);
      engine.send('validmoves');
      const best = await engine.reply();
      // Every iteration up to the depth asked for, then the move.
      expect(best.filter((l) => l.startsWith('info ')).map((l) => l.split(' ')[2])).toEqual([
        '2',
        '3',
        '4',
      ]);
      expect((await engine.reply())[0]?.split(';')).toContain(best.at(-2));
      engine.send('exit');
      expect(await engine.exited).toBe(0);
    } finally {
      engine.kill();
    }
  });
});
