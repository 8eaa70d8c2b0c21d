// The CLI on every core: how much sooner `boardrules perft --workers 2` and `boardrules play
// --games N --workers 2` finish than the same commands on one thread, and what the perft split
// would give on more cores than this machine has.
//
// Measured: the built binary (dist/cli/main.js) run with `--workers 1` and `--workers 2`, for
// ROUNDS rounds (default 3), each run a fresh process; wall time (two threads: CPU time would
// count both). Perft: the time the binary prints for the last depth (the split, the pool's work
// and the sum; the pool's start-up happens before depth 1). Match: the whole process. Both sides
// must print the same numbers (perft) or the same results table (match), or the row fails. The
// last cell is the speed-up, median and range.
//
// One thread's speed on which core? The cores of a shared virtual machine need not be equally
// fast (see processes.mjs: one ran 0.63× the other's speed during a whole run). Two workers get
// the two cores' rates added up, so against one thread on the faster core even a perfect split
// shows 1 + 0.63 = 1.63×, and against the slower one 2.6×. So each round runs the one-thread
// side pinned to each of the two cores in turn (with `taskset`), and the two-worker side pinned
// to both; the round's speed-up is the two workers' rate over the mean of the two one-thread
// rates: 2× for a perfect split on any two cores, equal or not. Without `taskset` the one-thread
// side runs twice where the kernel puts it.
//
// Estimated for more cores: the tasks the pool would hand out for P workers (at least 8 per
// worker, see src/cli/perft.ts) are each timed on one thread in this process, then dealt in
// order to whichever of P simulated workers is free first, as the pool does. The estimate is
// the one-thread total over that schedule's length plus the time to split: it assumes cores
// that do not slow each other down (no shared memory bandwidth or caches), so a real machine
// does worse. The same estimate for P = 2 stands next to the measured 2-core figure.
//
// The machine's own ceiling: in each round, the one-thread perft alone on each core (as above),
// then two of them at once as separate processes (nothing shared but the machine), each pinned to
// its own core. The row gives the pair's rates added over the mean one-thread rate: 2 for two
// cores that do not slow each other down, less on a shared virtual machine, and no worker split
// can beat it.
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
/**
 * With `--deep`, also a perft that runs long enough for the JIT's start to matter little: each
 * worker compiles the move code again on its own and recompiles it when the deepest depth first
 * plays movements (see docs/benchmarks.md), which a one-second depth 6 feels and a 30-second
 * depth 7 hardly does. About 7 minutes at 3 rounds.
 */
const PERFT_DEEP = { type: 'Base+MLP', depth: 7 };
const deep = process.argv.includes('--deep');
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

/** The perft command line for `workers` workers (the perft `p`, {@link PERFT} by default). */
function perftArgs(workers, p = PERFT) {
  return [
    'perft',
    'hive',
    '--type',
    p.type,
    '--depth',
    String(p.depth),
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

/** {@link perftRun} for the `--deep` perft. */
function deepPerftRun(workers, core = undefined) {
  return lastDepth(runCli(perftArgs(workers, PERFT_DEEP), core).stdout);
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

/** The two cores of the comparison (`undefined`: not pinned), and both as one `taskset` list. */
const CORE_A = coreOfRound(0);
const CORE_B = coreOfRound(1);
const BOTH = CORE_A === undefined || CORE_B === undefined ? undefined : `${CORE_A},${CORE_B}`;

/**
 * The one-thread side of round `r` on each of the two cores (the order alternating by round):
 * its runs and the time one thread of the mean rate takes, `2ab / (a + b)` (see the module
 * comment).
 */
function oneOnEachCore(run, r) {
  const cores = r % 2 === 0 ? [CORE_A, CORE_B] : [CORE_B, CORE_A];
  const runs = cores.map((core) => run(1, core));
  const [a, b] = runs.map((x) => x.ms);
  return { runs, meanMs: (2 * a * b) / (a + b) };
}

/** The one-thread times in a row's text: the median on each core. */
function oneThreadText(rounds) {
  if (BOTH === undefined)
    return `one thread ${median(rounds.flatMap((x) => x.runs.map((y) => y.ms))).toFixed(0)} ms`;
  // Round r ran core A first when r is even (see oneOnEachCore).
  const onA = rounds.map((x, r) => x.runs[r % 2 === 0 ? 0 : 1].ms);
  const onB = rounds.map((x, r) => x.runs[r % 2 === 0 ? 1 : 0].ms);
  return `one thread ${median(onA).toFixed(0)} ms on core ${CORE_A}, ${median(onB).toFixed(0)} ms on core ${CORE_B}`;
}

/** The machine's two-core ceiling (see the module comment). */
async function ceiling(label) {
  const ratios = [];
  const slower = [];
  const ones = [];
  let count = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const one = oneOnEachCore(perftRun, r);
    ones.push(one);
    const pair = (
      await Promise.all([startCli(perftArgs(1), CORE_A), startCli(perftArgs(1), CORE_B)])
    ).map(lastDepth);
    if ([...pair, ...one.runs].some((x) => x.out !== one.runs[0].out)) {
      console.error(`${label}: the processes disagree`);
      process.exitCode = 1;
    }
    count = one.runs[0].count;
    slower.push(Math.max(...pair.map((x) => x.ms)));
    ratios.push(pair.reduce((sum, x) => sum + one.meanMs / x.ms, 0));
  }
  row(
    label,
    'leaves of the last depth, wall time as each binary prints it; the slower of the pair, its rates added',
    count,
    median(slower),
    `${fmt(median(ratios))}× one thread's speed on 2 cores (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds; ${oneThreadText(ones)}, their rates averaged): what two cores give two programs that share nothing, the most any split can reach here`,
  );
}

/** A whole match: its results table and the process's wall time. */
function matchRun(workers, core = undefined) {
  const { stdout, ms } = runCli([...MATCH, '--workers', String(workers)], core);
  return { out: stdout, ms, count: 16 };
}

/**
 * One-thread runs on each core and a two-thread run, round after round; the row fails if their
 * outputs differ.
 */
function sideBySide(workload, mode, run) {
  const ones = [];
  const two = [];
  for (let r = 0; r < ROUNDS; r++) {
    ones.push(oneOnEachCore(run, r));
    two.push(run(2, BOTH));
  }
  const first = ones[0].runs[0];
  for (const x of [...ones.flatMap((o) => o.runs), ...two]) {
    if (x.out !== first.out) {
      console.error(`${workload}: 1 and 2 workers disagree`);
      process.exitCode = 1;
    }
  }
  const ratios = ones.map((o, i) => o.meanMs / two[i].ms);
  const twoMs = median(two.map((x) => x.ms));
  row(
    workload,
    mode,
    first.count,
    twoMs,
    `${fmt(median(ratios))}× one thread's speed on 2 cores (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds; ${oneThreadText(ones)}, their rates averaged)`,
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
  if (deep) {
    sideBySide(
      `hive perft ${PERFT_DEEP.type} depth ${PERFT_DEEP.depth}, CLI --workers 2`,
      'leaves of the last depth, wall time as the binary prints it',
      deepPerftRun,
    );
  }
  sideBySide(matchLabel, 'games, wall time of the whole process', matchRun);
  await ceiling(`hive perft ${PERFT.type} depth ${PERFT.depth}, two one-thread processes at once`);
}
estimate();
