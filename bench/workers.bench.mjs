// The CLI on every core: how much sooner `boardrules perft --workers 2` and `boardrules play
// --games N --workers 2` finish than the same commands on one thread, and what the perft split
// would give on more cores than this machine has.
//
// Measured: the built binary (dist/cli/main.js) run with `--workers 1` and `--workers 2`,
// alternately for ROUNDS rounds (default 3), each a fresh process; wall time (two threads: CPU
// time would count both). The one-thread run of round r is pinned to core r mod N (with
// `taskset`; see processes.mjs: a shared machine's cores need not be equally fast), so the range
// shows the speed-up over one thread on each core. Perft: the time the binary prints for the last depth (the split, the
// pool's work and the sum; the pool's start-up happens before depth 1). Match: the whole process.
// Both sides must print the same numbers (perft) or the same results table (match), or the row
// fails. The last cell is the speed-up, median and range.
//
// Estimated for more cores: the tasks the pool would hand out for P workers (at least 8 per
// worker, see src/cli/perft.ts) are each timed on one thread in this process, then dealt in
// order to whichever of P simulated workers is free first, as the pool does. The estimate is
// the one-thread total over that schedule's length plus the time to split: it assumes cores
// that do not slow each other down (no shared memory bandwidth or caches), so a real machine
// does worse. The same estimate for P = 2 stands next to the measured 2-core figure.
//
// The machine's own ceiling: in each round, the one-thread perft alone (pinned as above), then
// two of them at once as separate processes (nothing shared but the machine), each pinned to its
// own core when `taskset` is there. A pool that deals tasks to whichever worker is free gets the
// two cores' rates added up, so the row gives (one alone) / (the first of the pair) + (one
// alone) / (the second): 2 for two cores that do not slow each other down, less on a shared
// virtual machine, and no worker split can beat it.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { coreOfRound, fmt, median, onCore } from './processes.mjs';
import { row } from './table.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const dist = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const { perftTask, perftTasks } = await dist('index.js');
const { hive } = await dist('hive/index.js');

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const PERFT = { type: 'Base+MLP', depth: 6 };
const MATCH = ['play', 'hive', '--seats', 'ab,ab', '--depth', '3', '--games', '16', '--quiet'];
/** The pool's split rule (src/cli/perft.ts): at least this many tasks per worker. */
const TASKS_PER_WORKER = 8;

/** Runs the binary (on `core` when given); returns its stdout and its wall time in milliseconds. */
function runCli(args, core = undefined) {
  const [command, ...rest] = onCore([process.execPath, cli, ...args], core);
  const t0 = performance.now();
  const r = spawnSync(command, rest, { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`boardrules ${args.join(' ')}: ${r.stderr.slice(0, 400)}`);
  return { stdout: r.stdout, ms };
}

/** The perft command line for `workers` workers. */
function perftArgs(workers) {
  return [
    'perft',
    'hive',
    '--type',
    PERFT.type,
    '--depth',
    String(PERFT.depth),
    '--json',
    '--workers',
    String(workers),
  ];
}

/** The last depth of a `perft --json` output: its count and the time the binary measured. */
function lastDepth(stdout) {
  const last = JSON.parse(stdout.trim().split('\n').pop());
  return { out: String(last.nodes), ms: last.ms, count: last.nodes };
}

/** The last depth of `perft --json` on `workers` workers (the process on `core` when given). */
function perftRun(workers, core = undefined) {
  return lastDepth(runCli(perftArgs(workers), core).stdout);
}

/** Starts the binary (on `core` when given) without waiting for it; resolves to its stdout. */
function startCli(args, core = undefined) {
  return new Promise((resolve, reject) => {
    const [command, ...rest] = onCore([process.execPath, cli, ...args], core);
    const child = spawn(command, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`boardrules ${args.join(' ')}: ${err.slice(0, 400)}`));
    });
  });
}

/** The machine's two-core ceiling (see the module comment). */
async function ceiling(label) {
  const ratios = [];
  const slower = [];
  let count = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const one = perftRun(1, coreOfRound(r));
    const pair = (
      await Promise.all([
        startCli(perftArgs(1), coreOfRound(0)),
        startCli(perftArgs(1), coreOfRound(1)),
      ])
    ).map(lastDepth);
    if (pair.some((x) => x.out !== one.out)) {
      console.error(`${label}: the processes disagree`);
      process.exitCode = 1;
    }
    count = one.count;
    slower.push(Math.max(...pair.map((x) => x.ms)));
    ratios.push(pair.reduce((sum, x) => sum + one.ms / x.ms, 0));
  }
  row(
    label,
    'leaves of the last depth, wall time as each binary prints it; the slower of the pair, its rates added',
    count,
    median(slower),
    `${fmt(median(ratios))}× one thread's speed on 2 cores (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds): what two cores give two programs that share nothing, the most any split can reach here`,
  );
}

/** A whole match: its results table and the process's wall time. */
function matchRun(workers, core = undefined) {
  const { stdout, ms } = runCli([...MATCH, '--workers', String(workers)], core);
  return { out: stdout, ms, count: 16 };
}

/** One-thread and two-thread runs alternately; the row fails if their outputs differ. */
function sideBySide(workload, mode, run) {
  const one = [];
  const two = [];
  for (let r = 0; r < ROUNDS; r++) {
    one.push(run(1, coreOfRound(r)));
    two.push(run(2));
  }
  for (const x of [...one, ...two]) {
    if (x.out !== one[0].out) {
      console.error(`${workload}: 1 and 2 workers disagree`);
      process.exitCode = 1;
    }
  }
  const ratios = one.map((x, i) => x.ms / two[i].ms);
  const twoMs = median(two.map((x) => x.ms));
  row(
    workload,
    mode,
    one[0].count,
    twoMs,
    `${fmt(median(ratios))}× one thread's speed on 2 cores (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds; one thread ${median(one.map((x) => x.ms)).toFixed(0)} ms)`,
  );
}

/** The pool's split for `workers` workers (see src/cli/perft.ts). */
function splitFor(state, depth, workers) {
  let split = 1;
  let tasks = perftTasks(hive, state, depth, split);
  while (tasks.length < TASKS_PER_WORKER * workers && split < depth - 1) {
    split++;
    tasks = perftTasks(hive, state, depth, split);
  }
  return split;
}

/** The length of the schedule that deals `times` in order to the first free of `p` workers. */
function makespan(times, p) {
  const free = new Array(p).fill(0);
  for (const t of times) {
    let w = 0;
    for (let i = 1; i < p; i++) if (free[i] < free[w]) w = i;
    free[w] += t;
  }
  return Math.max(...free);
}

/** The estimate for more cores (see the module comment). */
function estimate() {
  const state = hive.start({ type: PERFT.type });
  const cores = [2, 4, 8, 16, 32];
  const bySplit = new Map();
  for (const p of cores) {
    const split = splitFor(state, PERFT.depth, p);
    if (!bySplit.has(split)) {
      const s0 = performance.now();
      const tasks = perftTasks(hive, state, PERFT.depth, split);
      const splitMs = performance.now() - s0;
      const times = tasks.map((task) => {
        const t0 = performance.now();
        perftTask(hive, state, task);
        return performance.now() - t0;
      });
      bySplit.set(split, { tasks: tasks.length, splitMs, times });
    }
  }
  const parts = cores.map((p) => {
    const { tasks, splitMs, times } = bySplit.get(splitFor(state, PERFT.depth, p));
    const total = times.reduce((a, b) => a + b, 0);
    return `${p} cores ${fmt(total / (makespan(times, p) + splitMs))}× (${tasks} tasks)`;
  });
  const [first] = bySplit.values();
  const total = first.times.reduce((a, b) => a + b, 0);
  row(
    `hive perft ${PERFT.type} depth ${PERFT.depth}, --workers estimate for more cores`,
    'tasks timed on one thread, dealt to P simulated workers; wall time',
    first.tasks,
    total,
    `estimated speed-up (ideal cores, no shared-memory contention): ${parts.join(', ')}`,
  );
}

const perftLabel = `hive perft ${PERFT.type} depth ${PERFT.depth}, CLI --workers 2`;
const matchLabel = `hive match, 2 alpha-beta bots depth 3, 16 games, CLI --workers 2`;
if (availableParallelism() < 2) {
  console.log(`| ${perftLabel} | not measured in this run: one core | | | | | |`);
  console.log(`| ${matchLabel} | not measured in this run: one core | | | | | |`);
  console.log(
    `| hive perft ${PERFT.type} depth ${PERFT.depth}, two one-thread processes at once | not measured in this run: one core | | | | | |`,
  );
} else {
  sideBySide(perftLabel, 'leaves of the last depth, wall time as the binary prints it', perftRun);
  sideBySide(matchLabel, 'games, wall time of the whole process', matchRun);
  await ceiling(`hive perft ${PERFT.type} depth ${PERFT.depth}, two one-thread processes at once`);
}
estimate();
