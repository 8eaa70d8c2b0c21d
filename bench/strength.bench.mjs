// Strength of the bots on the real games (not timed tests: evidence printed by `npm run bench`):
//
// 1. MCTS against the random player in Hive (Base+MLP), Coerceo (Laurentius) and Torres (two
//    players, and four: MCTS against three random players), seats alternating or rotating,
//    fixed iterations per move (deterministic: the same games on every machine);
// 2. alpha-beta against MCTS at equal time per move in Hive and Coerceo, colours alternating;
// 3. the search throughput measured over those matches (MCTS playouts/s, alpha-beta nodes/s).
//
// The bots are set up exactly as `boardrules play --seats` sets them up (src/cli/games/*.ts):
// MCTS cuts rollouts after a few plies and scores the cut with the game's evaluator (Torres:
// determinized from the seat's observation); alpha-beta evaluates its horizon with it.
//
// Runs against the built dist/ (`npm run build` first). Prints markdown rows:
//   | workload | counting mode | nodes | ms | nodes/s |
// (for match rows the "nodes" are games and the rate is games/s).
// Usage: node --expose-gc bench/strength.bench.mjs [--quick | --deep]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const deep = process.argv.includes('--deep');
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);

const { alphaBetaBot, mctsBot, normalizedScore, randomBot } = await dist('index.js');
const { hive, hiveEvaluator } = await dist('hive/index.js');
const { coerceo, coerceoEvaluator } = await dist('coerceo/index.js');
const { torres, torresEvaluator } = await dist('torres/index.js');
const determinize = torres.determinize;

/** Games per match: default about five minutes on a 2-core EPYC, --deep several times that. */
const size = (normal) => (quick ? Math.max(4, Math.round(normal / 5)) : deep ? normal * 5 : normal);

/** The settings of `boardrules play --seats` (src/cli/games/*.ts). */
const KITS = {
  hive: { game: hive, evaluate: hiveEvaluator, rolloutDepth: 4 },
  coerceo: { game: coerceo, evaluate: coerceoEvaluator, rolloutDepth: 4 },
  torres: { game: torres, evaluate: torresEvaluator, rolloutDepth: 0, guided: true, determinize },
};
const mcts = (kit, seed) =>
  mctsBot(kit.game, {
    seed,
    evaluate: kit.evaluate,
    rolloutDepth: kit.rolloutDepth,
    ...(kit.guided ? { guided: true } : {}),
    ...(kit.determinize ? { determinize: kit.determinize } : {}),
  });
/** How a kit's MCTS is set up, in words. */
const setup = (kit) =>
  kit.guided
    ? 'guided by the evaluator, no rollouts'
    : `rollouts cut at ${kit.rolloutDepth} plies + evaluator`;
const alphaBeta = (kit) => alphaBetaBot(kit.game, { evaluate: kit.evaluate });

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const pct = (k, n) => `${((100 * k) / n).toFixed(0)} %`;
function row(workload, mode, count, ms, rate = (count / ms) * 1000) {
  const r = rate >= 100 ? String(Math.round(rate)) : rate.toFixed(2);
  console.log(
    `| strength: ${workload} | ${mode} | ${Math.round(count)} | ${ms.toFixed(0)} | ${r} | ≤ ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB | |`,
  );
}

/** Search counters summed per bot kind over a match. */
const totals = new Map();
function account(key, stats) {
  const t = totals.get(key) ?? { nodes: 0, playouts: 0, ms: 0, searches: 0 };
  t.nodes += stats.nodes;
  t.playouts += stats.playouts;
  t.ms += stats.elapsedMs;
  t.searches++;
  totals.set(key, t);
}

/**
 * One game: `bots[seat]` searches with `limits[seat]`; stops at the end or after `maxPlies`.
 * Returns whether it finished, the normalized result per seat and the number of plies.
 */
function play(game, bots, limits, start, maxPlies, tag) {
  let state = start;
  let plies = 0;
  while (!game.terminal(state) && plies < maxPlies) {
    const seat = game.toMove(state);
    const bot = bots[seat];
    const r = bot.search(state, limits[seat]);
    if (bot.name !== 'random') account(`${bot.name} ${tag}`, r.stats);
    state = game.apply(state, r.move);
    plies++;
  }
  const finished = game.terminal(state);
  return { finished, result: normalizedScore(game, state), plies };
}

/**
 * MCTS in one seat (rotating over the games) against random players in the others. A win is a
 * finished game with MCTS alone on top (normalized score 1); a capped game is not a win.
 */
function mctsVsRandom(label, kit, { games, iterations, maxPlies, start, opponents = 'random' }) {
  const game = kit.game;
  let wins = 0;
  let score = 0;
  let plies = 0;
  let capped = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const s = start(g);
    const n = game.players(s);
    const seat = g % n;
    const bots = Array.from({ length: n }, (_, i) =>
      i === seat ? mcts(kit, g + 1) : randomBot(game, 10_000 + g * n + i),
    );
    const limits = bots.map(() => ({ iterations }));
    const r = play(game, bots, limits, s, maxPlies, `${label}, ${iterations} it/move vs random`);
    if (!r.finished) capped++;
    if (r.finished && r.result[seat] === 1) wins++;
    score += r.result[seat];
    plies += r.plies;
  }
  const ms = performance.now() - t0;
  row(
    `mcts (${iterations} it/move, ${setup(kit)}) vs ` +
      `${opponents}, ${label}: **${wins}/${games} wins (${pct(wins, games)})**, mean score ${(score / games).toFixed(3)}, ` +
      `${(plies / games).toFixed(0)} plies/game, ${capped} capped at ${maxPlies} plies, ${((games / ms) * 1000).toFixed(2)} games/s`,
    'games',
    games,
    ms,
  );
}

/** Alpha-beta against MCTS, both with `timeMs` per move, colours alternating. */
function alphaBetaVsMcts(label, kit, { games, timeMs, maxPlies }) {
  const game = kit.game;
  let w = 0;
  let d = 0;
  let l = 0;
  let plies = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const seat = g % 2;
    const bots = [0, 1].map((i) => (i === seat ? alphaBeta(kit) : mcts(kit, g + 1)));
    const tag = `${label}, ${timeMs} ms/move vs each other`;
    const r = play(game, bots, [{ timeMs }, { timeMs }], game.start(), maxPlies, tag);
    plies += r.plies;
    const v = r.result[seat];
    if (!r.finished || v === 0.5) d++;
    else if (v === 1) w++;
    else l++;
  }
  const ms = performance.now() - t0;
  row(
    `alphabeta vs mcts, ${timeMs} ms/move each, ${label}: **alpha-beta ${w} wins, ${d} draws, ${l} losses** ` +
      `of ${games} (${(plies / games).toFixed(0)} plies/game; capped at ${maxPlies} = draw)`,
    'games',
    games,
    ms,
  );
}

console.error(
  `strength bench: ${quick ? 'quick' : deep ? 'deep' : 'default'} run, bots from dist/`,
);
const HIVE = 'hive Base+MLP';
const COERCEO = 'coerceo Laurentius';

mctsVsRandom(HIVE, KITS.hive, {
  games: size(40),
  iterations: 300,
  maxPlies: 400,
  start: () => hive.start({ type: 'Base+MLP' }),
});
mctsVsRandom(COERCEO, KITS.coerceo, {
  games: size(40),
  iterations: 300,
  maxPlies: 1000,
  start: () => coerceo.start(),
});
mctsVsRandom('torres 2p', KITS.torres, {
  games: size(20),
  iterations: 200,
  maxPlies: 2000,
  start: (g) => torres.start({ players: 2, seed: g + 1 }),
});
mctsVsRandom('torres 4p', KITS.torres, {
  opponents: '3 random',
  games: size(20),
  iterations: 200,
  maxPlies: 3000,
  start: (g) => torres.start({ players: 4, seed: g + 1 }),
});

const timeMs = deep ? 200 : 50;
alphaBetaVsMcts(HIVE, KITS.hive, { games: size(20), timeMs, maxPlies: 300 });
alphaBetaVsMcts(COERCEO, KITS.coerceo, { games: size(14), timeMs, maxPlies: 400 });

// Throughput over the matches above: every search's counters, summed.
for (const [key, t] of totals) {
  const [kind, ...rest] = key.split(' ');
  const label = `${kind === 'mcts' ? 'mcts' : 'alphabeta'} throughput in the matches, ${rest.join(' ')}`;
  if (kind === 'mcts') {
    row(`${label} (${fmt(t.searches)} searches)`, 'playouts', t.playouts, t.ms);
    row(label, 'nodes (tree + rollout moves)', t.nodes, t.ms);
  } else {
    row(`${label} (${fmt(t.searches)} searches)`, 'nodes entered', t.nodes, t.ms);
  }
}
