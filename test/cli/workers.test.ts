// The CLI on every core and across machines: `perft --workers N` and `play --workers N` (worker
// threads of the real binary), `perft --split-depth K` (the perft as independent task lines) and
// `perft --tasks FILE` (a shard's sum). Every way must give exactly the single-threaded results.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';

const bin = resolve(import.meta.dirname, '../../dist/cli/main.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const nodes = (stdout: string): number[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).nodes as number);
const dir = mkdtempSync(join(tmpdir(), 'boardrules-perft-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('perft --workers / --split-depth / --tasks', () => {
  const cases = [
    ['hive', '--type', 'Base+MLP', '--depth', '4'],
    ['coerceo', '--variant', 'ocius', '--depth', '4'],
    ['torres', '--players', '3', '--seed', '9', '--depth', '4'],
  ];
  for (const [game, ...flags] of cases) {
    it(`${game}: --workers 2 gives the numbers of one thread at every depth`, () => {
      const one = run('perft', game as string, ...flags, '--json');
      const two = run('perft', game as string, ...flags, '--json', '--workers', '2');
      expect(one.status, one.stderr).toBe(0);
      expect(two.status, two.stderr).toBe(0);
      expect(nodes(two.stdout)).toEqual(nodes(one.stdout));
    });

    it(`${game}: the tasks of --split-depth 2, in three shards, sum to the perft`, () => {
      const whole = nodes(run('perft', game as string, ...flags, '--json').stdout).pop();
      const split = run('perft', game as string, ...flags, '--split-depth', '2');
      expect(split.status, split.stderr).toBe(0);
      const lines = split.stdout.trim().split('\n');
      const shards = [0, 1, 2].map((k) => lines.filter((_, i) => i % 3 === k));
      let sum = 0;
      shards.forEach((shard, k) => {
        const file = join(dir, `${game}-${k}.jsonl`);
        writeFileSync(file, `${shard.join('\n')}\n`);
        const r = run(
          'perft',
          game as string,
          '--tasks',
          file,
          '--json',
          '--workers',
          k === 0 ? '2' : '1',
        );
        expect(r.status, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout).tasks).toBe(shard.length);
        sum += JSON.parse(r.stdout).nodes as number;
      });
      expect(sum).toBe(whole);
    });
  }

  it('refuses a task file of another game, bad lines and an unreadable file (exit 2)', () => {
    const file = join(dir, 'mixed.jsonl');
    writeFileSync(
      file,
      `${run('perft', 'hive', '--depth', '2', '--split-depth', '1').stdout}oops\n`,
    );
    expect(run('perft', 'coerceo', '--tasks', file).stderr).toMatch(
      /line 1: a task of game 'hive'/,
    );
    expect(run('perft', 'hive', '--tasks', file).stderr).toMatch(/line 8: not JSON: 'oops'/);
    expect(run('perft', 'hive', '--tasks', join(dir, 'none')).status).toBe(2);
    expect(run('perft', 'hive', '--depth', '2', '--split-depth', '3').stderr).toMatch(
      /--split-depth must be at most --depth/,
    );
  });

  it('a bad task on a worker is reported as on one thread: the same code, message and rule', () => {
    const lines = run('perft', 'hive', '--depth', '3', '--split-depth', '1')
      .stdout.trim()
      .split('\n');
    const task = JSON.parse(lines[1] as string);
    for (const [path, expected] of [
      [['wQ zz'], /^boardrules: PARSE_ERROR: .*'zz'/],
      [['wQ'], /^boardrules: ILLEGAL_MOVE: .*\(H-PLACE-5\)\n.*the rule: .*#h-place-5/],
    ] as const) {
      const file = join(dir, `bad-${path[0]?.length}.jsonl`);
      writeFileSync(
        file,
        [lines[0], JSON.stringify({ ...task, path }), ...lines.slice(2)].join('\n'),
      );
      const one = run('perft', 'hive', '--tasks', file);
      const two = run('perft', 'hive', '--tasks', file, '--workers', '2');
      expect(one.status).toBe(2);
      expect(two.status).toBe(2);
      expect(one.stderr).toMatch(expected);
      expect(two.stderr).toBe(one.stderr);
    }
  });

  it('more workers than tasks: the extra workers find no job and the count is exact', () => {
    const lines = run('perft', 'hive', '--depth', '3', '--split-depth', '1')
      .stdout.trim()
      .split('\n');
    const file = join(dir, 'one-task.jsonl');
    writeFileSync(file, `${lines[0]}\n`);
    const one = run('perft', 'hive', '--tasks', file, '--json');
    const three = run('perft', 'hive', '--tasks', file, '--json', '--workers', '3');
    expect(three.status, three.stderr).toBe(0);
    expect(JSON.parse(three.stdout).nodes).toBe(JSON.parse(one.stdout).nodes);
    expect(JSON.parse(one.stdout).nodes).toBeGreaterThan(0);
  });

  it('in-process (no worker script), --workers above 1 is a usage error', async () => {
    const err: string[] = [];
    const code = await runCli(['perft', 'hive', '--depth', '2', '--workers', '2'], {
      io: { out: () => {}, err: (l) => err.push(l) },
    });
    expect(code).toBe(2);
    expect(err[0]).toMatch(/--workers needs the boardrules binary/);
  });

  it('play --workers 2 plays the same match as one thread (bots limited by iterations/depth)', () => {
    const flags = [
      '--seats',
      'mcts,alphabeta',
      '--iterations',
      '60',
      '--depth',
      '1',
      '--games',
      '3',
    ];
    const one = run('play', 'coerceo', ...flags);
    const two = run('play', 'coerceo', ...flags, '--workers', '2');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout).toMatch(/# game 3\/3/);
  });

  it('play --workers 2 with --opening-plies plays the same openings and games as one thread', () => {
    const flags = ['--seats', 'ab,ab', '--depth', '1', '--games', '4', '--opening-plies', '4'];
    const one = run('play', 'coerceo', ...flags);
    const two = run('play', 'coerceo', ...flags, '--workers', '2');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.match(/\(opening\)/g)).toHaveLength(16);
  });
});
