import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
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
