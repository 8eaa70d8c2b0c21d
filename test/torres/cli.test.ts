import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { plugin } from '../../src/cli/games/torres.js';
import { torres } from '../../src/torres/index.js';

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { code, out, err };
}

describe('CLI plug-in', () => {
  it('plays complete games for every player count, deck mode and the master version', async () => {
    for (const players of ['2', '3', '4']) {
      for (const extra of [
        [],
        ['--deck-mode', 'perColour'],
        ['--deck-mode', 'draft'],
        ['--deck-mode', 'masterHand'],
        ['--version', 'master'],
      ]) {
        const r = await cli([
          'play',
          'torres',
          '--players',
          players,
          '--seed',
          '3',
          '--quiet',
          ...extra,
        ]);
        expect(r.code, r.err.join('\n')).toBe(0);
        expect(r.out.at(-1)).toMatch(/^result: finished; \d+ moves; score seat 0 \(red\) \d+/);
      }
    }
  });

  it('play is reproducible from its seed and prints the board', async () => {
    const a = await cli(['play', 'torres', '--players', '3', '--seed', '7']);
    const b = await cli(['play', 'torres', '--players', '3', '--seed', '7']);
    expect(a.out).toEqual(b.out);
    expect(a.out.join('\n')).toContain('    a  b  c  d  e  f  g  h');
  });

  it('names the seats by the colours the pictures draw them in, with a legend', async () => {
    const r = await cli(['play', 'torres', '--players', '3', '--seed', '7']);
    const text = r.out.join('\n');
    // The move lines, the picture's seat lines and the result all say which colour moved.
    expect(r.out[1]).toMatch(/^ {3}1\. seat 0 \(red\): start [a-h][1-8]$/);
    expect(text).toMatch(/^ +\d+\. seat 1 \(blue\): /m);
    expect(text).toMatch(/^ +\d+\. seat 2 \(yellow\): /m);
    expect(text).toMatch(/^R seat 0 \(red\): +\d+ pts/m);
    expect(text).toMatch(/^Y seat 2 \(yellow\): +\d+ pts/m);
    expect(text).toMatch(
      /^Legend: .*R B Y G the\nknight of seat 0 1 2 3 \(red, blue, yellow, green\)/m,
    );
    expect(r.out.at(-1)).toMatch(
      /score seat 0 \(red\) \d+, seat 1 \(blue\) \d+, seat 2 \(yellow\) \d+$/,
    );
  });

  it('T-END-1: the end of a game names the last round played, as the saved state counts it', async () => {
    // After the last turn of phase 3 the state's 0-based round counter stands at the number of
    // rounds (T-PHASE-1: 4, 3, 3 with 3 and 4 players), so the game ended in round 3 of 3.
    const r = await cli(['play', 'torres', '--players', '4', '--seed', '1']);
    const saved = JSON.parse((r.out.find((l) => l.startsWith('state: ')) as string).slice(7));
    expect(saved.state.step).toBe('over');
    expect(saved.state.phase).toBe(3);
    const over = r.out.join('\n').match(/^game over after phase (\d), round (\d) of (\d);/m);
    expect(over?.slice(1)).toEqual(['3', String(saved.state.round), String(saved.state.round)]);
    expect(saved.state.round).toBe(3);
  });

  it('perft runs and agrees with the apply path; bad flags are usage errors', async () => {
    const fast = await cli([
      'perft',
      'torres',
      '--players',
      '2',
      '--seed',
      '1',
      '--depth',
      '4',
      '--json',
    ]);
    const slow = await cli([
      'perft',
      'torres',
      '--players',
      '2',
      '--seed',
      '1',
      '--depth',
      '4',
      '--json',
      '--path',
      'apply',
    ]);
    expect(fast.code).toBe(0);
    const nodes = (r: typeof fast): number[] => r.out.map((l) => JSON.parse(l).nodes);
    expect(nodes(fast)).toEqual(nodes(slow));
    expect((await cli(['perft', 'torres', '--players', '5', '--depth', '1'])).code).toBe(2);
    expect((await cli(['play', 'torres', '--deck-mode', 'nope'])).code).toBe(2);
  });

  it('maps every flag to its option', () => {
    const s = plugin.startState({
      players: '3',
      seed: '4',
      'deck-mode': 'draft',
      'first-player': 'random',
      'stack-cap': 'none',
      'carry-over': true,
      redistribution: 'optional',
      'climb-two': 'upTo',
    });
    expect(s.options).toMatchObject({
      players: 3,
      seed: 4,
      deckMode: 'draft',
      firstPlayer: 'random',
      stackCap: null,
      carryOverBlocks: true,
      redistribution: 'optional',
      climbTwo: 'upTo',
    });
    expect(plugin.variant(torres.start({ players: 2, version: 'master' }))).toBe(
      '2p master seed 0',
    );
  });
});
