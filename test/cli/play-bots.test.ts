/** `boardrules play <game> --seats ...`: bot-vs-bot matches and their results table. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/app.js';
import { BOT_NAMES, botName, botUnsupported, createBot } from '../../src/cli/bots.js';
import { plugin as coerceoPlugin } from '../../src/cli/games/coerceo.js';
import { plugin as hivePlugin } from '../../src/cli/games/hive/plugin.js';
import { plugin as torresPlugin } from '../../src/cli/games/torres.js';
import type { GamePlugin } from '../../src/cli/plugin.js';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { type TorresState, torres } from '../../src/torres/index.js';
import { tictactoe } from '../support/tictactoe.js';
import { tricks } from '../support/tricks.js';

const tttPlugin: GamePlugin = {
  game: tictactoe as GamePlugin['game'],
  summary: 'tic-tac-toe (test game)',
  flags: [],
  startState: () => tictactoe.start(),
  variant: () => 'standard',
  show: (s) => tictactoe.serialize(s as never),
};
const tricksPlugin: GamePlugin = {
  game: tricks as GamePlugin['game'],
  summary: 'tricks (3-player test game with hidden cards)',
  flags: [],
  startState: (flags) => tricks.start({ seed: Number(flags.seed ?? 1) }),
  variant: () => '3p',
};

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    games: new Map<string, GamePlugin>([
      ['ttt', tttPlugin],
      ['tricks', tricksPlugin],
      ['hive', hivePlugin as GamePlugin],
      ['coerceo', coerceoPlugin as GamePlugin],
      ['torres', torresPlugin as GamePlugin],
    ]),
  });
  return { code, out, err };
}

/** `run` with a fake clock (each reading `msPerTick` later) and a progress sink. */
async function runWithProgress(tty: boolean | undefined, msPerTick: number, ...argv: string[]) {
  const out: string[] = [];
  const progress: string[] = [];
  let t = 0;
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => progress.push(`err: ${l}`) },
    games: new Map<string, GamePlugin>([['ttt', tttPlugin]]),
    now: () => (t += msPerTick),
    ...(tty === undefined ? {} : { progress: { tty, write: (text) => progress.push(text) } }),
  });
  return { code, out, progress };
}

interface Row {
  bot: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  score: number;
}

/** The rows of the results table (the lines after its header and rule). */
function table(out: readonly string[]): Row[] {
  const head = out.findIndex((l) => /^\| bot +\| games \|/.test(l));
  expect(head, out.join('\n')).toBeGreaterThanOrEqual(0);
  return out.slice(head + 2).map((l) => {
    const cells = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    return {
      bot: cells[0] as string,
      games: Number(cells[1]),
      wins: Number(cells[2]),
      draws: Number(cells[3]),
      losses: Number(cells[4]),
      score: Number(cells[5]),
    };
  });
}

/** Every row accounts for every game, once. */
function expectTotals(rows: readonly Row[], games: number): void {
  for (const r of rows) {
    expect(r.games).toBe(games);
    expect(r.wins + r.draws + r.losses).toBe(games);
  }
}

describe('play --seats: argument checks', () => {
  it.each([
    [['play', 'ttt', '--seats', 'random,rnd'], /--seats: unknown bot 'rnd' in 'random,rnd'/],
    [['play', 'ttt', '--seats', 'mcts'], /--seats lists 1 bot \('mcts'\).*2 seats/],
    [['play', 'ttt', '--seats', 'mcts,mcts,mcts'], /--seats lists 3 bots.*2 seats/],
    [['play', 'ttt', '--seats', ''], /--seats: unknown bot ''/],
    [
      ['play', 'torres', '--players', '2', '--seats', 'mcts,alphabeta'],
      /--seats: alphabeta needs perfect information.*'mcts,alphabeta'/,
    ],
    [
      ['play', 'torres', '--players', '3', '--seats', 'mcts,random'],
      /--seats lists 2 bots \('mcts,random'\), but this torres game has 3 seats/,
    ],
    [['play', 'tricks', '--seats', 'ab,random,random'], /alphabeta needs perfect information/],
    [['play', 'tricks', '--seats', 'mcts,random,random'], /mcts needs a determinizer for tricks/],
    [['play', 'ttt', '--seats', 'mcts,random', '--games', '0'], /--games must be an integer >= 1/],
    [['play', 'ttt', '--seats', 'mcts,random', '--time', 'fast'], /--time must be an integer/],
    [['play', 'ttt', '--seats', 'mcts,random', '--iterations', '0'], /--iterations must be/],
    [['play', 'ttt', '--seats', 'ab,random', '--depth', '-2'], /--depth must be/],
    [['play', 'ttt', '--seats', 'ab,random', '--opening-plies', '-1'], /--opening-plies must be/],
    [['play', 'ttt', '--seats', 'ab,random', '--opening-plies', 'some'], /--opening-plies must be/],
  ])('%j is a usage error naming the flag and the bad value', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(message);
    expect(r.out).toEqual([]);
  });

  it('accepts bot names in any case, with spaces, and ab for alphabeta', async () => {
    expect(botName(' MCTS ')).toBe('mcts');
    expect(botName('ab')).toBe('alphabeta');
    expect(botName('alpha-beta')).toBe('alphabeta');
    expect(botName('minimax')).toBeUndefined();
    const r = await run('play', 'ttt', '--seats', 'AB, Random', '--depth', '9', '--quiet');
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(table(r.out).map((x) => x.bot)).toEqual(['#1 alphabeta', '#2 random']);
  });

  it('documents the match flags in play --help', async () => {
    const r = await run('play', 'ttt', '--help');
    const text = r.out.join('\n');
    for (const flag of [
      '--seats',
      '--games',
      '--time',
      '--iterations',
      '--depth',
      '--fixed-seats',
      '--opening-plies',
    ])
      expect(text).toContain(flag);
  });
});

describe('play --seats: matches', () => {
  it('without match flags, play is still the single random self-play game', async () => {
    const r = await run('play', 'ttt', '--seed', '5');
    expect(r.out[0]).toBe('# ttt standard, random players, seed 5');
    expect(r.out.at(-1)).toMatch(/^result: finished/);
    expect(r.out.join('\n')).not.toMatch(/\| bot/);
  });

  it('prints each game (header, moves with seat and bot, final state, result), then the table', async () => {
    const r = await run(
      'play',
      'ttt',
      '--seats',
      'mcts,random',
      '--iterations',
      '50',
      '--games',
      '2',
    );
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toBe('# game 1/2: ttt standard, seed 1');
    expect(r.out[1]).toBe('# seat 0 mcts (#1), seat 1 random (#2)');
    expect(r.out[2]).toMatch(/^ {3}1\. seat 0 \(mcts\): c\d$/);
    // Seats rotate: in the second game the random player (entrant #2) moves first.
    expect(r.out).toContain('# game 2/2: ttt standard, seed 2');
    expect(r.out).toContain('# seat 0 random (#2), seat 1 mcts (#1)');
    expect(r.out.filter((l) => l.startsWith('state: '))).toHaveLength(2);
    expect(r.out.filter((l) => /^result: finished; \d+ moves; score /.test(l))).toHaveLength(2);
    expect(r.out.join('\n')).toMatch(
      /# results: 2 games of ttt standard, 2 finished; seats rotate/,
    );
    expectTotals(table(r.out), 2);
  });

  it('keeps the seat order with --fixed-seats', async () => {
    const r = await run('play', 'ttt', '--seats', 'mcts,random', '--iterations', '20');
    const fixed = await run(
      'play',
      'ttt',
      ...['--seats', 'mcts,random', '--iterations', '20', '--games', '2', '--fixed-seats'],
    );
    expect(r.out[1]).toBe('# seat 0 mcts (#1), seat 1 random (#2)');
    expect(fixed.out.filter((l) => l.startsWith('# seat '))).toEqual([
      '# seat 0 mcts (#1), seat 1 random (#2)',
      '# seat 0 mcts (#1), seat 1 random (#2)',
    ]);
    expect(fixed.out.join('\n')).toMatch(/seats fixed/);
  });

  it('--opening-plies: random moves begin each game; a seat rotation shares one, rotations differ', async () => {
    // Two deterministic bots from one start play one game over and over; openings vary it.
    const flags = ['--seats', 'ab,ab', '--depth', '1', '--games', '4', '--max-plies', '12'];
    const moves = (out: readonly string[]): string[][] => {
      const games: string[][] = [];
      for (const l of out) {
        if (l.startsWith('# game ')) games.push([]);
        else if (/^ +\d+\. seat /.test(l)) games.at(-1)?.push(l);
      }
      return games;
    };
    const plain = moves((await run('play', 'hive', ...flags)).out);
    expect(plain).toHaveLength(4);
    for (const g of plain) expect(g).toEqual(plain[0]);

    const r = await run('play', 'hive', ...flags, '--opening-plies', '3');
    expect(r.code, r.err.join('\n')).toBe(0);
    const games = moves(r.out);
    expect(games).toHaveLength(4);
    for (const g of games) {
      expect(g.slice(0, 3).every((l) => / \(opening\): /.test(l))).toBe(true);
      expect(g[3]).toMatch(/ \(alphabeta\): /);
      // --max-plies counts the opening's moves too.
      expect(g).toHaveLength(12);
    }
    // Games 1 and 2 are one rotation (each bot in each seat once): the same opening, and the
    // same whole game since the bots are the same; so are games 3 and 4, with another opening.
    expect(games[1]).toEqual(games[0]);
    expect(games[3]).toEqual(games[2]);
    expect(games[2]?.slice(0, 3)).not.toEqual(games[0]?.slice(0, 3));
    expect(r.out.join('\n')).toMatch(/openings of 3 random moves, one per rotation;/);

    // With --fixed-seats there is no rotation: every game draws its own opening.
    const fixed = moves(
      (await run('play', 'hive', ...flags, '--opening-plies', '3', '--fixed-seats')).out,
    );
    expect(new Set(fixed.map((g) => g.slice(0, 3).join('\n'))).size).toBe(4);
  });

  it('--opening-plies stops at the end of the game and at --max-plies', async () => {
    const r = await run('play', 'ttt', '--seats', 'ab,ab', '--depth', '9', '--opening-plies', '20');
    expect(r.code, r.err.join('\n')).toBe(0);
    const lines = r.out.filter((l) => /^ +\d+\. seat /.test(l));
    // The random moves finish the game: no bot moves, and the game counts as finished.
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((l) => l.includes('(opening)'))).toBe(true);
    expect(r.out.join('\n')).toMatch(/1 finished/);
    const capped = await run(
      'play',
      'ttt',
      '--seats',
      'ab,ab',
      '--opening-plies',
      '5',
      '--max-plies',
      '2',
    );
    expect(capped.out.filter((l) => / \(opening\): /.test(l))).toHaveLength(2);
    expect(capped.out.join('\n')).toMatch(/stopped after 2 plies/);
  });

  it('--quiet prints only the results table; its totals equal the number of games', async () => {
    const r = await run('play', 'ttt', '--seats', 'random,random', '--games', '7', '--quiet');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(5); // summary, header, rule, two rows
    const rows = table(r.out);
    expectTotals(rows, 7);
    // Two seats, win/loss game: one side's wins are the other's losses.
    expect(rows[0]?.wins).toBe(rows[1]?.losses);
    expect(rows[0]?.draws).toBe(rows[1]?.draws);
  });

  it('--quiet: progress on stderr, a line at most once a second when stderr is not a terminal', async () => {
    // The clock moves 400 ms per reading: the first line once a second has passed, then one
    // per second at most; stdout is exactly what it is without a progress sink.
    const plain = await runWithProgress(false, 400, 'play', 'ttt', '--games', '12', '--quiet');
    const silent = await runWithProgress(undefined, 400, 'play', 'ttt', '--games', '12', '--quiet');
    expect(plain.code).toBe(0);
    expect(plain.out).toEqual(silent.out);
    expectTotals(table(plain.out), 12);
    expect(plain.progress.length).toBeGreaterThanOrEqual(2);
    expect(plain.progress.length).toBeLessThan(12);
    const done: number[] = [];
    for (const line of plain.progress) {
      const m =
        /^play: game (\d+)\/12 done \((\d+) finished\), (\d+\.\d) s; score #1 random ([\d.]+), #2 random ([\d.]+)\n$/.exec(
          line,
        );
      expect(m, line).not.toBeNull();
      done.push(Number(m?.[1]));
      // Every game of tic-tac-toe finishes; the scores of the games so far add up to their number.
      expect(Number(m?.[2])).toBe(Number(m?.[1]));
      expect(Number(m?.[4]) + Number(m?.[5])).toBeCloseTo(Number(m?.[1]));
    }
    expect(done).toEqual([...done].sort((a, b) => a - b));
    // A run shorter than a second leaves stderr alone.
    const quick = await runWithProgress(false, 0.01, 'play', 'ttt', '--games', '12', '--quiet');
    expect(quick.progress).toEqual([]);
  });

  it('--quiet on a terminal: one progress line rewritten after each game, cleared before the table', async () => {
    const tty = await runWithProgress(true, 50, 'play', 'ttt', '--games', '12', '--quiet');
    expect(tty.code).toBe(0);
    const live = tty.progress.filter((t) => t.startsWith('\r\x1b[Kplay: game '));
    expect(live.length).toBeGreaterThan(1);
    // Redrawn at most every 200 ms of the clock, and always for the last game.
    expect(live.length).toBeLessThan(12);
    expect(live.at(-1)?.slice('\r\x1b[K'.length)).toMatch(
      /^play: game 12\/12 done \(12 finished\)/,
    );
    expect(tty.progress.at(-1)).toBe('\r\x1b[K');
  });

  it('without --quiet the games are on stdout and stderr stays empty', async () => {
    const r = await runWithProgress(true, 400, 'play', 'ttt', '--games', '3');
    expect(r.out.filter((l) => l.startsWith('# game '))).toHaveLength(3);
    expect(r.progress).toEqual([]);
  });

  it('--quiet means the same in play and match, and says so in both help texts', async () => {
    const play = (await run('play', 'ttt', '--help')).out.join('\n');
    const match = (await run('match', '--help')).out.join('\n');
    const line = (help: string) => help.split('\n').find((l) => l.trim().startsWith('--quiet'));
    expect(line(play)).toMatch(/only the results .*progress goes to stderr/);
    expect(line(match)).toBe(line(play));
  });

  it('--games without --seats is a match of random players', async () => {
    const rows = table((await run('play', 'ttt', '--games', '3', '--quiet')).out);
    expect(rows.map((x) => x.bot)).toEqual(['#1 random', '#2 random']);
    expectTotals(rows, 3);
  });

  it('the seats really play their bots: alpha-beta to the end never loses tic-tac-toe', async () => {
    const r = await run('play', 'ttt', '--seats', 'ab,random', '--depth', '9', '--games', '6');
    const [ab, random] = table(r.out);
    expect(ab?.losses).toBe(0);
    expect(random?.wins).toBe(0);
    expect(ab?.wins).toBeGreaterThan(0);
  });

  it('a capped game counts as a draw for every seat', async () => {
    const r = await run(
      'play',
      'ttt',
      '--seats',
      'random,random',
      '--max-plies',
      '2',
      '--games',
      '2',
    );
    expect(
      r.out.filter((l) => l.startsWith('result: stopped after 2 plies; 2 moves')),
    ).toHaveLength(2);
    expect(table(r.out).map((x) => x.draws)).toEqual([2, 2]);
  });

  it.each([
    [
      'hive',
      ['--seats', 'mcts,alphabeta', '--iterations', '30', '--depth', '1', '--max-plies', '16'],
    ],
    ['coerceo', ['--seats', 'ab,mcts', '--iterations', '30', '--depth', '1', '--max-plies', '16']],
    [
      'torres',
      [
        '--players',
        '3',
        '--seats',
        'mcts,random,random',
        '--iterations',
        '20',
        '--max-plies',
        '40',
      ],
    ],
  ])('plays a short deterministic %s match, the same twice', async (game, flags) => {
    const args = ['play', game, ...flags, '--games', '2', '--seed', '4'];
    const a = await run(...args);
    const b = await run(...args);
    expect(a.code, a.err.join('\n')).toBe(0);
    expect(a.out).toEqual(b.out);
    expect(
      // Torres names the seat's colour too: `seat 0 (red, mcts)`.
      a.out.filter((l) =>
        /^ +\d+\. seat \d \((red, |blue, |yellow, )?(mcts|alphabeta|random)\): \S/.test(l),
      ).length,
    ).toBeGreaterThan(10);
    expect(a.out.filter((l) => l.startsWith('state: '))).toHaveLength(2);
    expectTotals(table(a.out), 2);
  });

  it('torres: each game gets its own deal (seed S + game), and a points column', async () => {
    const r = await run(
      'play',
      'torres',
      ...['--players', '2', '--seats', 'random,random', '--games', '2', '--seed', '9'],
    );
    expect(r.out).toContain('# game 1/2: torres 2p shared seed 9, seed 9');
    expect(r.out).toContain('# game 2/2: torres 2p shared seed 10, seed 10');
    expect(r.out.join('\n')).toMatch(/\| mean score \| mean points \|/);
    expectTotals(table(r.out), 2);
  });
});

describe('createBot: one bot factory for every front end', () => {
  it('builds every bot kind for the real games, each answering a legal move', () => {
    for (const p of [hivePlugin, coerceoPlugin, torresPlugin] as GamePlugin[]) {
      const s = p.startState({ players: '2' });
      for (const kind of BOT_NAMES) {
        if (botUnsupported(kind, p.game, s, p.bots)) continue;
        const bot = createBot(kind, p.game, p.bots, {
          seed: 3,
          limits: { iterations: 20, depth: 1 },
        });
        const move = bot.choose(s);
        const legal = p.game.moves(s).map((m) => p.game.formatMove(s, m));
        expect(legal).toContain(p.game.formatMove(s, move));
      }
    }
    expect(botUnsupported('alphabeta', torres, torres.start({ players: 2 }))).toMatch(/perfect/);
    expect(botUnsupported('mcts', torres, torres.start(), torresPlugin.bots)).toBeNull();
  });

  it("a guided kit gives MCTS that expands the evaluator's favourite first (Torres plays so)", () => {
    // An evaluation that likes the cell taken last by the seat that moved, whoever it is.
    const evaluate = (node: { state(): { cells: readonly number[] } }) => {
      const v = node.state().cells[7];
      return v === 1 ? [1, 0] : v === 2 ? [0, 1] : [0.5, 0.5];
    };
    const start = tictactoe.start();
    const first = (kit: object, seed: number) =>
      createBot('mcts', tictactoe as never, kit as never, { seed }).search(start as never, {
        iterations: 1,
      }).move as { cell: number };
    for (const seed of [1, 2, 3, 4]) {
      expect(first({ evaluate, rolloutDepth: 0, guided: true }, seed).cell).toBe(7);
    }
    const unguided = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => first({ evaluate, rolloutDepth: 0 }, seed).cell),
    );
    expect(unguided.size).toBeGreaterThan(1);
    expect(torresPlugin.bots).toMatchObject({ guided: true, rolloutDepth: 0 });
  });

  it('torres mcts searches from its seat observation: hidden cards do not change its move', () => {
    const g = randomGame(torres, { players: 2 }, 41, { maxPlies: 300, keepStates: true });
    const s = g.states.find((x, i) => i > 40 && x.step === 'actions') as TorresState;
    const seat = s.actor;
    const other = torres.determinize(torres.observe(s, seat), seat, new Rng(5));
    expect(torres.serialize(other)).not.toBe(torres.serialize(s));
    const choose = (state: TorresState) => {
      const bot = createBot('mcts', torres, torresPlugin.bots, {
        seed: 2,
        limits: { iterations: 100 },
      });
      return torres.formatMove(state, bot.choose(state));
    };
    expect(choose(other)).toBe(choose(s));
  });
});
