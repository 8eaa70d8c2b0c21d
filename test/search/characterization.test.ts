/**
 * Characterization of the bots: for fixed positions of the toy games and of Hive, Coerceo and
 * Torres, with fixed limits (depth, nodes, iterations; never time) and seeds, every search's
 * move, principal variation, value, score and counters (nodes, depth, table hits, playouts,
 * reused visits, tree size), over sequences of searches by one bot (what its table, history,
 * tree and random stream carry from one search to the next) and with the shared table and its
 * helpers run one after the other on this thread.
 *
 * The expected values in `test/fixtures/search/characterization.json` are not derived from the
 * rules: they were recorded by running this file with `BOARDRULES_RECORD_SEARCH=1` on commit
 * f4fd07c, the last one before the bots were split into parts of one job each (issue 42), and
 * checked unchanged after the split. Any change in what a bot searches (move ordering, a
 * reduction, table replacement, the random stream, expansion order) changes some node count
 * and fails here; when such a change is meant, record again and say why in the commit.
 * A change of a game's move generation order changes the real games' rows too.
 *
 * The positions are in `test/fixtures/search/positions.json` (serialized, so they do not depend
 * on random playouts through the move generators).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coerceo, coerceoEvaluator } from '../../src/coerceo/index.js';
import type { Game } from '../../src/core/game.js';
import { randomPlayout } from '../../src/core/random-game.js';
import { hive, hiveEvaluator } from '../../src/hive/index.js';
import { alphaBetaBot } from '../../src/search/alphabeta.js';
import { playGame } from '../../src/search/match.js';
import { mctsBot } from '../../src/search/mcts.js';
import { sharedSearchTable } from '../../src/search/shared-table.js';
import type { Bot, Evaluator, SearchResult } from '../../src/search/types.js';
import { torres, torresEvaluator } from '../../src/torres/index.js';
import { type C4State, connect4 } from '../support/connect4.js';
import { nim } from '../support/nim.js';
import { type TttMove, type TttState, tictactoe } from '../support/tictactoe.js';
import { trap } from '../support/trap.js';
import { determinizeTricks, type TricksState, tricks } from '../support/tricks.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/search');
const RECORD = process.env.BOARDRULES_RECORD_SEARCH === '1';
const positions = JSON.parse(readFileSync(join(fixtures, 'positions.json'), 'utf8')) as Record<
  'hive' | 'coerceo' | 'torres2' | 'torres4',
  string[]
>;
const expected = RECORD
  ? {}
  : (JSON.parse(readFileSync(join(fixtures, 'characterization.json'), 'utf8')) as Record<
      string,
      unknown
    >);
const recorded: Record<string, unknown> = {};

/** What one search gave, without its times. */
interface Row {
  move: string;
  pv: string;
  value: number;
  score?: number;
  pliesToEnd?: number | null;
  nodes: number;
  playouts: number;
  depth: number;
  ttHits?: number;
  reused?: number;
  timedOut: boolean;
  treeSize?: number;
}

function row<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  r: SearchResult<M> & { score?: number; pliesToEnd?: number | null },
  treeSize?: number,
): Row {
  const pv: string[] = [];
  let s = state;
  for (const m of r.pv) {
    pv.push(game.formatMove(s, m));
    s = game.apply(s, m);
  }
  const out: Row = {
    move: game.formatMove(state, r.move),
    pv: pv.join(' '),
    value: r.value,
    nodes: r.stats.nodes,
    playouts: r.stats.playouts,
    depth: r.stats.depth,
    timedOut: r.stats.timedOut,
  };
  if (r.score !== undefined) out.score = r.score;
  if (r.pliesToEnd !== undefined) out.pliesToEnd = r.pliesToEnd;
  if (r.stats.ttHits !== undefined) out.ttHits = r.stats.ttHits;
  if (r.stats.reused !== undefined) out.reused = r.stats.reused;
  if (treeSize !== undefined) out.treeSize = treeSize;
  return out;
}

/** One case: records (or checks) what `run` returns under `name`. */
function characterize(name: string, run: () => unknown): void {
  it(name, () => {
    const got = JSON.parse(JSON.stringify(run()));
    if (RECORD) {
      recorded[name] = got;
      return;
    }
    expect(expected[name], `no recorded value for '${name}'`).toBeDefined();
    expect(got).toEqual(expected[name]);
  });
}

/** Live positions from seeded random playouts of a toy game (their generators are fixed). */
function livePositions<S, M, O>(game: Game<S, M, O>, start: S, count: number, plies: number): S[] {
  const out: S[] = [];
  for (let seed = 1; out.length < count; seed++) {
    const g = randomPlayout(game, start, seed, { maxPlies: seed % (plies + 1) });
    if (!game.terminal(g.final)) out.push(g.final);
  }
  return out;
}

/** Prefers stones in the centre columns: a small hand-written Connect Four evaluation. */
const c4Evaluate: Evaluator<C4State, unknown> = (node) => {
  const s = node.state();
  let x = 0;
  for (let c = 0; c < s.width; c++) {
    const w = s.width / 2 - Math.abs(c + 0.5 - s.width / 2);
    for (let r = 0; r < s.height; r++) {
      const v = s.cells[c * s.height + r];
      if (v === 1) x += w;
      else if (v === 2) x -= w;
    }
  }
  const e = 1 / (1 + Math.exp(-x / 8));
  return [e, 1 - e];
};

/** Nim where a turn is two takes of one object each (one if a single object is left). */
type DnState = { n: number; heaps: readonly number[]; toMove: number };
const over = (s: DnState) => s.heaps.every((h) => h === 0);
const doubleNim: Game<DnState, TttMove> = {
  name: 'double-nim',
  scoring: 'winloss',
  start: () => ({ n: 0, heaps: [2, 3, 2], toMove: 0 }),
  players: () => 2,
  toMove: (s) => s.toMove,
  moves: (s) => (over(s) ? [] : s.heaps.flatMap((h, i) => (h > 0 ? [{ cell: i }] : []))),
  apply(s, m) {
    const heaps = s.heaps.slice();
    heaps[m.cell] = (heaps[m.cell] ?? 0) - 1;
    const second = s.n === 1 || heaps.every((h) => h === 0);
    return { n: second ? 0 : 1, heaps, toMove: second ? 1 - s.toMove : s.toMove };
  },
  terminal: over,
  score: (s) => (over(s) ? (s.toMove === 0 ? [0, 1] : [1, 0]) : [0.5, 0.5]),
  formatMove: (_s, m) => `${m.cell}`,
  parseMove: (_s, t) => ({ cell: Number(t) }),
  serialize: (s) => JSON.stringify(s),
  deserialize: (t) => JSON.parse(t),
};

/** Tic-tac-toe with a trivial observation: determinized search on a fast-path game. */
const seenTtt: Game<TttState, TttMove> = {
  ...tictactoe,
  observe: (s) => ({ cells: s.cells.slice() }),
};

/** Alpha-beta searches of `states` one after the other by one bot. */
function abSequence<S, M, O>(
  game: Game<S, M, O>,
  states: readonly S[],
  options: Parameters<typeof alphaBetaBot<S, M, O>>[1],
  limits: { depth?: number; nodes?: number },
): Row[] {
  const bot = alphaBetaBot(game, options);
  return states.map((s) => row(game, s, bot.search(s, limits)));
}

/** MCTS searches of `states` one after the other by one bot, with its tree size after each. */
function mctsSequence<S, M, O>(
  game: Game<S, M, O>,
  states: readonly S[],
  options: Parameters<typeof mctsBot<S, M, O>>[1],
  iterations: number,
): Row[] {
  const bot = mctsBot(game, options);
  return states.map((s) => {
    const r = bot.search(s, { iterations });
    return row(game, s, r, bot.treeSize());
  });
}

/** The states of a line of moves given in notation. */
function line<S, M, O>(game: Game<S, M, O>, start: S, moves: readonly string[]): S[] {
  const out = [start];
  let s = start;
  for (const text of moves) {
    s = game.apply(s, game.parseMove(s, text));
    out.push(s);
  }
  return out;
}

/**
 * A whole game between bots, as its moves in notation (comma-separated), its result, and the
 * counters of every search (nodes, depth, table hits or reused visits) in the order played.
 */
function gameRecord<S, M, O>(
  game: Game<S, M, O>,
  bots: readonly Bot<S, M>[],
  limits: { depth?: number; iterations?: number },
  start: S,
  maxPlies: number,
) {
  const searches: number[][] = [];
  const logged = bots.map(
    (bot): Bot<S, M> => ({
      name: bot.name,
      search: (s, l) => bot.search(s, l),
      reset: () => bot.reset(),
      choose(s, l) {
        const r = bot.search(s, l);
        const { nodes, depth, ttHits, reused } = r.stats;
        searches.push([nodes, depth, ttHits ?? reused ?? -1]);
        return r.move;
      },
    }),
  );
  const r = playGame(game, logged, { start, limits, maxPlies });
  const moves: string[] = [];
  let s = start;
  for (const m of r.moves) {
    moves.push(game.formatMove(s, m));
    s = game.apply(s, m);
  }
  return { moves: moves.join(','), result: r.result, finished: r.finished, searches };
}

const c4 = connect4.start();
const c4Line = line(connect4, c4, ['4', '4', '3', '5']);
const c4Random = livePositions(connect4, c4, 5, 14);
const tttRandom = livePositions(tictactoe, tictactoe.start(), 6, 6);
const hiveStates = positions.hive.map((t) => hive.deserialize(t));
const coerceoStates = positions.coerceo.map((t) => coerceo.deserialize(t));
const torres2 = positions.torres2.map((t) => torres.deserialize(t));
const torres4 = positions.torres4.map((t) => torres.deserialize(t));

describe('alpha-beta characterization: toy games', () => {
  characterize('ab ttt start depth 9', () =>
    abSequence(tictactoe, [tictactoe.start()], {}, { depth: 9 }),
  );
  characterize('ab ttt random positions, one bot, depth 6', () =>
    abSequence(tictactoe, tttRandom, {}, { depth: 6 }),
  );
  characterize('ab ttt apply path, no table, depth 20', () =>
    abSequence(tictactoe, [tictactoe.start()], { path: 'apply', ttSize: 0 }, { depth: 20 }),
  );
  characterize('ab connect4 line, one bot, depth 9', () =>
    abSequence(connect4, c4Line, {}, { depth: 9 }),
  );
  characterize('ab connect4 random positions, one bot, depth 7', () =>
    abSequence(connect4, c4Random, {}, { depth: 7 }),
  );
  characterize('ab connect4 reductions, one bot, depth 10', () =>
    abSequence(connect4, c4Line, { reductions: true }, { depth: 10 }),
  );
  characterize('ab connect4 no table, depth 7', () =>
    abSequence(connect4, [c4, c4Line[2] as C4State], { ttSize: 0 }, { depth: 7 }),
  );
  characterize('ab connect4 small table (replacement), depth 9', () =>
    abSequence(connect4, c4Line, { ttSize: 100 }, { depth: 9 }),
  );
  characterize('ab connect4 apply path, depth 6', () =>
    abSequence(connect4, [c4, c4Line[3] as C4State], { path: 'apply' }, { depth: 6 }),
  );
  characterize('ab connect4 node limits (a stopped iteration)', () =>
    [700, 5_000, 33_333, 120_000].flatMap((nodes) =>
      abSequence(connect4, [c4, c4Line[4] as C4State], {}, { nodes }),
    ),
  );
  characterize('ab connect4 evaluate, reductions, depth 8', () =>
    abSequence(connect4, c4Random, { evaluate: c4Evaluate, reductions: true }, { depth: 8 }),
  );
  characterize('ab connect4 evaluate, maxDepth 6 with a deeper limit', () =>
    abSequence(connect4, [c4], { evaluate: c4Evaluate, maxDepth: 6 }, { depth: 12 }),
  );
  characterize('ab connect4 5x4 solved', () =>
    abSequence(connect4, [connect4.start({ width: 5, height: 4 })], {}, { depth: 30 }),
  );
  characterize('ab connect4 4x4 connect 3 solved, reductions', () =>
    abSequence(
      connect4,
      [connect4.start({ width: 4, height: 4, connect: 3 })],
      { reductions: true },
      { depth: 30 },
    ),
  );
  characterize('ab nim apply path', () =>
    abSequence(
      nim,
      [nim.start({ heaps: [3, 4, 5] }), nim.start({ heaps: [2, 5, 6] })],
      {},
      { depth: 30 },
    ),
  );
  characterize('ab trap, with and without reductions', () => [
    ...abSequence(trap, [trap.start()], {}, { depth: 6 }),
    ...abSequence(trap, [trap.start()], { reductions: true }, { depth: 6 }),
    ...abSequence(trap, [trap.start()], { reductions: true }, { depth: 3 }),
  ]);
  characterize('ab double-move nim', () =>
    abSequence(
      doubleNim,
      [doubleNim.start(), { n: 0, heaps: [3, 1, 2, 2], toMove: 0 }],
      {},
      { depth: 30 },
    ),
  );
  characterize('ab connect4 after reset', () => {
    const bot = alphaBetaBot(connect4);
    bot.search(c4, { depth: 8 });
    bot.reset();
    return row(connect4, c4Line[1] as C4State, bot.search(c4Line[1] as C4State, { depth: 8 }));
  });
  characterize('ab connect4 game vs mcts', () =>
    gameRecord(
      connect4,
      [alphaBetaBot(connect4, { evaluate: c4Evaluate }), mctsBot(connect4, { seed: 3 })],
      { depth: 5, iterations: 400 },
      c4,
      60,
    ),
  );
});

describe('alpha-beta characterization: the shared table and its helpers', () => {
  characterize('shared: a leader alone on a shared table', () =>
    abSequence(connect4, c4Line, { shared: sharedSearchTable(1 << 12) }, { depth: 9 }),
  );
  characterize('shared: helpers then the leader, one search', () => {
    const table = sharedSearchTable(1 << 14);
    const helper1 = alphaBetaBot(connect4, { shared: table });
    const helper2 = alphaBetaBot(connect4, { shared: table, evaluate: c4Evaluate });
    const leader = alphaBetaBot(connect4, { shared: table });
    const out: unknown[] = [];
    for (const s of [c4, c4Line[2] as C4State]) {
      const search = table.begin();
      const h1 = helper1.help(s, { search, index: 1 }, { depth: 8 });
      const h2 = helper2.help(s, { search, index: 2 }, { nodes: 20_000 });
      const r = leader.search(s, { depth: 9 });
      table.end();
      const stats = (h: typeof h1) => ({ nodes: h.nodes, depth: h.depth, ttHits: h.ttHits });
      out.push(stats(h1), stats(h2), row(connect4, s, r));
      out.push(helper1.help(s, { search, index: 1 }, { depth: 8 }).nodes); // ended: 0
    }
    return out;
  });
  characterize('shared: hive helper then leader, reductions', () => {
    const table = sharedSearchTable(1 << 16);
    const options = { evaluate: hiveEvaluator, shared: table, reductions: true };
    const helper = alphaBetaBot(hive, options);
    const leader = alphaBetaBot(hive, options);
    const s = hiveStates[1] as (typeof hiveStates)[number];
    const search = table.begin();
    const h = helper.help(s, { search, index: 1 }, { depth: 3 });
    const r = leader.search(s, { depth: 4 });
    table.end();
    return [{ nodes: h.nodes, depth: h.depth, ttHits: h.ttHits }, row(hive, s, r)];
  });
});

describe('alpha-beta characterization: the real games', () => {
  characterize('ab hive depth 3, evaluator', () =>
    abSequence(hive, hiveStates, { evaluate: hiveEvaluator }, { depth: 3 }),
  );
  characterize('ab hive depth 4, evaluator, reductions', () =>
    abSequence(hive, hiveStates, { evaluate: hiveEvaluator, reductions: true }, { depth: 4 }),
  );
  characterize('ab hive start depth 3, no evaluator', () =>
    abSequence(hive, [hive.start()], {}, { depth: 3 }),
  );
  characterize('ab hive apply path depth 2', () =>
    abSequence(
      hive,
      hiveStates.slice(0, 2),
      { evaluate: hiveEvaluator, path: 'apply' },
      {
        depth: 2,
      },
    ),
  );
  characterize('ab coerceo depth 4, evaluator', () =>
    abSequence(
      coerceo,
      [coerceo.start(), ...coerceoStates],
      { evaluate: coerceoEvaluator },
      { depth: 4 },
    ),
  );
  characterize('ab coerceo depth 5, evaluator, reductions', () =>
    abSequence(
      coerceo,
      coerceoStates,
      { evaluate: coerceoEvaluator, reductions: true },
      {
        depth: 5,
      },
    ),
  );
  characterize('ab coerceo game vs itself', () =>
    gameRecord(
      coerceo,
      [
        alphaBetaBot(coerceo, { evaluate: coerceoEvaluator }),
        alphaBetaBot(coerceo, { evaluate: coerceoEvaluator, reductions: true }),
      ],
      { depth: 3 },
      coerceo.start(),
      40,
    ),
  );
});

describe('MCTS characterization: toy games', () => {
  characterize('mcts ttt start', () =>
    mctsSequence(tictactoe, [tictactoe.start()], { seed: 1 }, 2000),
  );
  characterize('mcts ttt random positions, one bot (tree reuse)', () =>
    mctsSequence(tictactoe, tttRandom, { seed: 2 }, 500),
  );
  characterize('mcts ttt line, tree reuse', () =>
    mctsSequence(
      tictactoe,
      line(tictactoe, tictactoe.start(), ['c5', 'c1', 'c9']).slice(0, 4),
      { seed: 4 },
      800,
    ),
  );
  characterize('mcts connect4 line, tree reuse', () =>
    mctsSequence(connect4, c4Line, { seed: 1 }, 1500),
  );
  characterize('mcts connect4 line, no reuse, exploration 1.4', () =>
    mctsSequence(connect4, c4Line, { seed: 9, reuseTree: false, exploration: 1.4 }, 1000),
  );
  characterize('mcts connect4 reuseDepth 1', () =>
    mctsSequence(connect4, c4Line, { seed: 5, reuseDepth: 1 }, 600),
  );
  characterize('mcts connect4 apply path', () =>
    mctsSequence(connect4, c4Line.slice(0, 3), { seed: 1, path: 'apply' }, 500),
  );
  characterize('mcts connect4 maxTreeNodes 40', () =>
    mctsSequence(connect4, c4Line.slice(0, 3), { seed: 1, maxTreeNodes: 40 }, 800),
  );
  characterize('mcts connect4 rollout policy, cut rollouts, evaluate', () =>
    mctsSequence(
      connect4,
      c4Random,
      {
        seed: 6,
        rolloutDepth: 3,
        evaluate: c4Evaluate,
        rollout: (_node, moves, offset, count, random) =>
          (moves[offset] ?? 0) % 2 === 0 ? 0 : Math.floor(random() * count),
      },
      400,
    ),
  );
  characterize('mcts connect4 guided, no rollouts', () =>
    mctsSequence(
      connect4,
      c4Line,
      { seed: 2, guided: true, rolloutDepth: 0, evaluate: c4Evaluate },
      600,
    ),
  );
  characterize('mcts nim apply path', () =>
    mctsSequence(
      nim,
      [nim.start({ heaps: [3, 4, 5] }), nim.start({ heaps: [1, 2, 3, 4] })],
      { seed: 1 },
      2000,
    ),
  );
  characterize('mcts tricks determinized', () => {
    const states = [tricks.start({ seed: 1 }), tricks.start({ seed: 2 })];
    return mctsSequence(tricks, states, { seed: 1, determinize: determinizeTricks }, 1000);
  });
  characterize('mcts tricks determinized, 4 per sample, guided', () => {
    const evaluate = (node: { state(): TricksState }) => {
      const s = node.state();
      const n = s.trick.length;
      const out = [0.5, 0.5, 0.5];
      if (n > 0) out[(s.leader + n - 1) % 3] = (s.trick[n - 1] as number) / 100;
      return out;
    };
    return mctsSequence(
      tricks,
      [tricks.start({ seed: 3 })],
      {
        seed: 3,
        determinize: determinizeTricks,
        iterationsPerSample: 4,
        evaluate,
        guided: true,
        rolloutDepth: 2,
      },
      600,
    );
  });
  characterize('mcts tricks maxTreeNodes 30', () =>
    mctsSequence(
      tricks,
      [tricks.start({ seed: 4 })],
      { seed: 8, determinize: determinizeTricks, maxTreeNodes: 30 },
      500,
    ),
  );
  characterize('mcts determinized fast path', () =>
    mctsSequence(
      seenTtt,
      [tictactoe.deserialize('XX.OO....'), tictactoe.start()],
      { seed: 5, determinize: (o) => o },
      300,
    ),
  );
  characterize('mcts after reset', () => {
    const bot = mctsBot(connect4, { seed: 7 });
    bot.search(c4, { iterations: 300 });
    bot.reset();
    return row(connect4, c4, bot.search(c4, { iterations: 300 }), bot.treeSize());
  });
  characterize('mcts forced move', () =>
    mctsSequence(nim, [nim.start({ heaps: [1] })], { seed: 1 }, 100),
  );
  characterize('mcts tricks game', () =>
    gameRecord(
      tricks,
      [
        mctsBot(tricks, { seed: 1, determinize: determinizeTricks }),
        mctsBot(tricks, { seed: 2, determinize: determinizeTricks, iterationsPerSample: 3 }),
        mctsBot(tricks, { seed: 3, determinize: determinizeTricks, rolloutDepth: 1 }),
      ],
      { iterations: 150 },
      tricks.start({ seed: 5 }),
      100,
    ),
  );
});

describe('MCTS characterization: the real games', () => {
  characterize('mcts hive, rollouts cut at 4 + evaluator (reuse)', () =>
    mctsSequence(
      hive,
      [hive.start(), ...hiveStates],
      { seed: 1, rolloutDepth: 4, evaluate: hiveEvaluator },
      300,
    ),
  );
  characterize('mcts hive, plain rollouts cut at 60', () =>
    mctsSequence(hive, hiveStates.slice(0, 2), { seed: 2, rolloutDepth: 60 }, 150),
  );
  characterize('mcts hive guided, no rollouts', () =>
    mctsSequence(
      hive,
      hiveStates.slice(1),
      { seed: 3, rolloutDepth: 0, guided: true, evaluate: hiveEvaluator },
      200,
    ),
  );
  characterize('mcts coerceo, rollouts cut at 4 + evaluator', () =>
    mctsSequence(
      coerceo,
      [coerceo.start(), ...coerceoStates],
      { seed: 1, rolloutDepth: 4, evaluate: coerceoEvaluator },
      300,
    ),
  );
  characterize('mcts coerceo apply path', () =>
    mctsSequence(coerceo, coerceoStates.slice(0, 1), { seed: 2, path: 'apply' }, 100),
  );
  characterize('mcts hive game vs alpha-beta (tree reuse)', () =>
    gameRecord(
      hive,
      [
        mctsBot(hive, { seed: 1, rolloutDepth: 4, evaluate: hiveEvaluator }),
        alphaBetaBot(hive, { evaluate: hiveEvaluator }),
      ],
      { depth: 2, iterations: 150 },
      hive.start(),
      30,
    ),
  );
  for (const [label, states] of [
    ['2p', torres2],
    ['4p', torres4],
  ] as const) {
    characterize(`mcts torres ${label} guided, no rollouts`, () =>
      mctsSequence(
        torres,
        [...states, torres.start({ players: states[0] ? torres.players(states[0]) : 2, seed: 9 })],
        {
          seed: 1,
          determinize: torres.determinize,
          evaluate: torresEvaluator,
          guided: true,
          rolloutDepth: 0,
        },
        150,
      ),
    );
    characterize(`mcts torres ${label} rollouts cut at 10`, () =>
      mctsSequence(
        torres,
        states,
        { seed: 2, determinize: torres.determinize, evaluate: torresEvaluator, rolloutDepth: 10 },
        150,
      ),
    );
  }
});

if (RECORD) {
  describe('recording', () => {
    it('writes the recorded values', () => {
      writeFileSync(
        join(fixtures, 'characterization.json'),
        `${JSON.stringify(recorded, null, 1)}\n`,
      );
    });
  });
}
