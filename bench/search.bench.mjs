// Search throughput of the generic bots on the toy games (tic-tac-toe, Connect Four, Nim,
// the 3-player hidden-information Tricks): MCTS playouts/s and nodes/s, alpha-beta nodes/s,
// and a strength check against the random player.
//
// Imports the bots from ../dist/index.js (built by `npm run build`) once the core entry
// re-exports src/search; until then, and for the toy games (test-only code that is not part
// of the package), it bundles the TypeScript sources with esbuild into a temporary file.
//
// Prints markdown rows: | workload | counting mode | nodes | ms | nodes/s |
// Usage: node bench/search.bench.mjs [--quick]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');

async function load() {
  let search = null;
  try {
    const dist = await import(pathToFileURL(join(root, 'dist/index.js')).href);
    if (typeof dist.mctsBot === 'function' && typeof dist.alphaBetaBot === 'function') {
      search = dist;
    }
  } catch {
    // no build yet
  }
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-bench-'));
  try {
    const entry = join(dir, 'entry.ts');
    const lines = [
      `export { tictactoe } from ${JSON.stringify(join(root, 'test/support/tictactoe.ts'))};`,
      `export { connect4 } from ${JSON.stringify(join(root, 'test/support/connect4.ts'))};`,
      `export { nim } from ${JSON.stringify(join(root, 'test/support/nim.ts'))};`,
      `export { tricks, determinizeTricks } from ${JSON.stringify(join(root, 'test/support/tricks.ts'))};`,
    ];
    if (!search) lines.push(`export * from ${JSON.stringify(join(root, 'src/search/index.ts'))};`);
    writeFileSync(entry, lines.join('\n'));
    const out = join(dir, 'bundle.mjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      logLevel: 'error',
    });
    const toys = await import(pathToFileURL(out).href);
    return {
      toys,
      search: search ?? toys,
      source: search ? 'dist/index.js' : 'src/search (bundled)',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { toys, search, source } = await load();
const { tictactoe, connect4, nim, tricks, determinizeTricks } = toys;
const { mctsBot, alphaBetaBot, randomBot, playGame } = search;

const rows = [];
const fmt = (n) => Math.round(n).toLocaleString('en-US');
// Rows only, in the shape bench/run.mjs collects into one table.
function row(workload, mode, nodes, ms) {
  rows.push(
    `| search: ${workload} | ${mode} | ${Math.round(nodes)} | ${ms.toFixed(0)} | ${Math.round((nodes / ms) * 1000)} | ≤ ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB | |`,
  );
  console.log(rows[rows.length - 1]);
}
console.error(`search bench: bots from ${source}`);

/** The two rows of an MCTS search: playouts per second and nodes per second. */
function mctsRows(label, r) {
  row(
    `${label}: ${fmt(r.stats.playouts)} playouts`,
    'playouts',
    r.stats.playouts,
    r.stats.elapsedMs,
  );
  row(label, 'nodes (tree + rollout moves)', r.stats.nodes, r.stats.elapsedMs);
}

function mctsThroughput(label, game, state, iterations, extra = {}) {
  const bot = mctsBot(game, { seed: 1, reuseTree: false, ...extra });
  bot.search(state, { iterations: Math.min(200, iterations) }); // warm-up
  const r = bot.search(state, { iterations });
  mctsRows(`mcts ${label}`, r);
}
const scale = quick ? 0.1 : 1;
mctsThroughput('tic-tac-toe start', tictactoe, tictactoe.start(), 100_000 * scale);
mctsThroughput('connect4 7x6 start (fast path)', connect4, connect4.start(), 50_000 * scale);
mctsThroughput('connect4 7x6 start (apply path)', connect4, connect4.start(), 10_000 * scale, {
  path: 'apply',
});
mctsThroughput('nim 3,5,7 (apply only)', nim, nim.start({ heaps: [3, 5, 7] }), 20_000 * scale);
mctsThroughput(
  'tricks 3p (determinized, apply)',
  tricks,
  tricks.start({ seed: 1 }),
  10_000 * scale,
  {
    determinize: determinizeTricks,
  },
);

function abThroughput(label, game, state, depth, extra = {}) {
  alphaBetaBot(game, extra).search(state, { depth: Math.min(depth, 7) }); // warm-up
  const bot = alphaBetaBot(game, extra);
  const r = bot.search(state, { depth });
  row(
    `alphabeta ${label} depth ${r.stats.depth}`,
    'nodes entered',
    r.stats.nodes,
    r.stats.elapsedMs,
  );
}
abThroughput('tic-tac-toe start (solved)', tictactoe, tictactoe.start(), 9);
abThroughput('connect4 7x6 start', connect4, connect4.start(), quick ? 9 : 14);
abThroughput('connect4 7x6 start, no TT', connect4, connect4.start(), quick ? 8 : 11, {
  ttSize: 0,
});
abThroughput(
  'connect4 5x4 connect 4 (solved)',
  connect4,
  connect4.start({ width: 5, height: 4 }),
  20,
);

// The real games, when built: throughput only, plain rollouts (bench/strength.bench.mjs plays
// matches with the evaluators). Torres hides its cards: MCTS searches determinized samples of
// the seat's observation, with rollouts cut and scored by the Torres evaluator.
async function realGames() {
  const loadModule = async (name) => {
    try {
      return await import(pathToFileURL(join(root, `dist/${name}/index.js`)).href);
    } catch {
      return null;
    }
  };
  const load = async (name) => (await loadModule(name))?.[name] ?? null;
  for (const name of ['hive', 'coerceo']) {
    const game = await load(name);
    if (!game || source !== 'dist/index.js') continue;
    const s = game.start();
    const ab = alphaBetaBot(game).search(s, { timeMs: quick ? 300 : 2000 });
    row(
      `alphabeta ${name} start, ${quick ? 300 : 2000} ms: depth ${ab.stats.depth}`,
      'nodes entered',
      ab.stats.nodes,
      ab.stats.elapsedMs,
    );
    // Random Hive games run to thousands of plies: cut rollouts (scored ½ without evaluation).
    const cut = name === 'hive' ? { rolloutDepth: 60 } : {};
    const it = quick ? 50 : 300;
    const r = mctsBot(game, { seed: 1, ...cut }).search(s, { iterations: it });
    const label = `mcts ${name} start${cut.rolloutDepth ? `, rollouts cut at ${cut.rolloutDepth} plies` : ''}`;
    mctsRows(label, r);
  }
  const t = await loadModule('torres');
  if (t && source === 'dist/index.js') {
    for (const players of [2, 4]) {
      // A position in the middle of the first phase, where every seat holds cards.
      let s = t.torres.start({ players, seed: 1 });
      const walker = randomBot(t.torres, 5);
      for (let i = 0; i < 40 * players && !t.torres.terminal(s); i++) {
        s = t.torres.apply(s, walker.choose(s));
      }
      const options = { determinize: t.torres.determinize, evaluate: t.torresEvaluator };
      const it = quick ? 200 : 2000;
      for (const rolloutDepth of [10, Number.POSITIVE_INFINITY]) {
        const bot = mctsBot(t.torres, { seed: 1, ...options, rolloutDepth });
        bot.search(s, { iterations: Math.min(100, it) }); // warm-up
        const r = bot.search(s, { iterations: it });
        const cut = rolloutDepth === 10 ? 'rollouts cut at 10 plies' : 'rollouts to the end';
        const label = `mcts torres ${players}p mid-phase (determinized, ${cut})`;
        mctsRows(label, r);
      }
    }
  }
}
await realGames();

// Strength: MCTS against random, seats alternating (not timed: fixed iterations).
function strength(label, game, makeBot, games, iterations, start) {
  let score = 0;
  let wins = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const s = start(g);
    const n = game.players(s);
    const seat = g % n;
    const bots = Array.from({ length: n }, (_, i) =>
      i === seat ? makeBot(g + 1) : randomBot(game, 10_000 + g * n + i),
    );
    const rec = playGame(game, bots, { start: s, limits: { iterations } });
    score += rec.result[seat];
    if (rec.result[seat] === 1) wins++;
  }
  const ms = performance.now() - t0;
  row(
    `strength ${label}: ${wins}/${games} wins, mean normalized score ${(score / games).toFixed(3)}`,
    'games',
    games,
    ms,
  );
}
const games = quick ? 20 : 100;
strength(
  'mcts(1000 it) vs random, connect4',
  connect4,
  (seed) => mctsBot(connect4, { seed }),
  games,
  1000,
  () => connect4.start(),
);
strength(
  'mcts(300 it) vs 2 random, tricks',
  tricks,
  (seed) => mctsBot(tricks, { seed, determinize: determinizeTricks }),
  games,
  300,
  (g) => tricks.start({ seed: g + 1 }),
);
