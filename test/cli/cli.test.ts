import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
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

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let t = 0;
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    games: new Map([['ttt', tttPlugin]]),
    now: () => (t += 1),
  });
  return { code, out, err };
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

  it('demo runs over every registered game', async () => {
    const r = await run('demo');
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/== ttt/);
  });
});
