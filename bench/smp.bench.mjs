// Lazy SMP on two cores: how much sooner the Hive alpha-beta search reaches a depth when one
// helper on a worker thread searches beside it into the shared table (what the UHP engine's
// `Threads 2` does). The same positions are searched alone and helped, alternately, each from an
// empty table; the rows give wall time (two threads: CPU time would count both) and the
// leader's nodes. The strength this buys at equal time is measured by `boardrules match`
// (docs/hive.md, UHP engine).
//
// Runs against the built dist/ (`npm run build` first). Usage: node bench/smp.bench.mjs [--quick]
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const { alphaBetaBot, randomGame, SharedSearchTable, sharedSearchTable } = await dist('index.js');
const { hive, hiveEvaluator } = await dist('hive/index.js');

if (!isMainThread) {
  // The helper: searches each position it is sent until the leader's search ends.
  let bot = null;
  parentPort.on('message', ({ table, state, search }) => {
    bot ??= alphaBetaBot(hive, {
      evaluate: hiveEvaluator,
      maxDepth: 64,
      shared: new SharedSearchTable(table),
    });
    const stats = bot.help(hive.deserialize(state), { search, index: 1 }, { timeMs: 600_000 });
    parentPort.postMessage(stats.nodes);
  });
} else {
  const quick = process.argv.includes('--quick');
  const depth = quick ? 4 : 5;
  const label = `hive lazy SMP, Base+MLP, 12 random positions (plies 10–29), time to depth ${depth}`;
  const rss = () => `≤ ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;
  if (availableParallelism() < 2) {
    console.log(`| ${label} | not measured in this run: one core | | | | | |`);
  } else {
    const positions = [];
    for (let seed = 1; positions.length < 12; seed++) {
      const g = randomGame(hive, { type: 'Base+MLP' }, seed, { maxPlies: 10 + (seed % 20) });
      if (!hive.terminal(g.final)) positions.push(g.final);
    }
    const worker = new Worker(fileURLToPath(import.meta.url));
    const table = sharedSearchTable(2 ** 18);
    const total = { 1: { ms: 0, nodes: 0 }, 2: { ms: 0, nodes: 0 } };
    // A first pass warms both threads' compilers up; only the second is counted.
    for (const counted of [false, true]) {
      for (const state of positions) {
        for (const threads of [1, 2]) {
          table.clear();
          const leader = alphaBetaBot(hive, {
            evaluate: hiveEvaluator,
            maxDepth: 64,
            shared: table,
          });
          const search = table.begin();
          const helped =
            threads === 2 ? new Promise((done) => worker.once('message', done)) : undefined;
          if (helped)
            worker.postMessage({ table: table.buffers, state: hive.serialize(state), search });
          const t0 = performance.now();
          const r = leader.search(state, { depth });
          const ms = performance.now() - t0;
          table.end();
          await helped;
          if (counted) {
            total[threads].ms += ms;
            total[threads].nodes += r.stats.nodes;
          }
        }
      }
    }
    await worker.terminate();
    const row = (threads, cell) => {
      const { ms, nodes } = total[threads];
      console.log(
        `| ${label}, ${threads === 1 ? '1 thread' : '2 threads (leader + 1 helper)'} | leader's nodes, wall ms | ${nodes} | ${ms.toFixed(0)} | ${Math.round((nodes / ms) * 1000)} | ${rss()} | ${cell} |`,
      );
    };
    row(1, '');
    row(2, `${(total[1].ms / total[2].ms).toFixed(2)}× as fast as 1 thread, this run`);
  }
}
