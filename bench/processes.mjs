// Running one side of a comparison as a fresh process and reading what it cost: on-CPU time
// (from the kernel's account of waited-for children) and peak resident memory. Shared by the
// side-by-side benchmarks (anchors.bench.mjs, paths.bench.mjs, cores.bench.mjs).
//
// Both sides of a round run on the same core. The cores of a shared virtual machine need not be
// equally fast: on the machine these benchmarks were written on, one core ran the same native
// and JavaScript perfts 1.45–1.6× slower than the other for minutes at a time, and then as fast
// again. A ratio between two processes that the kernel put on different cores measured the cores
// as much as the engines. With `taskset` (Linux), round r pins both sides to core r mod N.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** GNU time, which reports a process's peak RSS (`%M`, kB); absent: native rows show no RSS. */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** util-linux `taskset`, which runs a command on a given core; absent: no pinning. */
const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((p) => existsSync(p)) ?? null;

/** The cores this process may run on (Linux: `Cpus_allowed_list`), else `0..N-1`. */
function allowedCores() {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '';
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
  if (list === undefined) return Array.from({ length: availableParallelism() }, (_, i) => i);
  return list.split(',').flatMap((part) => {
    const [a, b = a] = part.split('-').map(Number);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}
const CORES = allowedCores();

/**
 * The side script of the checkout `base` names (the BASE= of a before-and-after run), as a path
 * relative to this folder for {@link jsSide}; `null` without one. Exits 2 when `base` is no
 * checkout with bench/side.mjs and a built dist/.
 */
export function baseSideOf(base) {
  if (!base) return null;
  if (!existsSync(join(base, 'bench/side.mjs')) || !existsSync(join(base, 'dist'))) {
    console.error('BASE must name another checkout with bench/side.mjs and a built dist/');
    process.exit(2);
  }
  return relative(here, join(resolve(base), 'bench/side.mjs'));
}

/** The core round `round` runs on, or `undefined` when processes cannot be pinned. */
export function coreOfRound(round) {
  return TASKSET === null ? undefined : CORES[round % CORES.length];
}

/** How the rounds are placed, for a row's text. */
export const PLACEMENT =
  TASKSET === null
    ? 'cores as the kernel chose'
    : 'both sides of a round on one core, rounds alternating cores';

/** `argv` run on `core` (see the module comment); as is without a core or `taskset`. */
export function onCore(argv, core) {
  return core === undefined || TASKSET === null ? argv : [TASKSET, '-c', String(core), ...argv];
}

/** CPU seconds of this process's waited-for children (Linux), or `null` elsewhere. */
export function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 0, cutime 13 and cstime 14 (proc(5), 1-based 16/17).
  return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
}

/**
 * Runs `argv` with `input` on stdin, on `core` when given; returns its stdout, the CPU
 * milliseconds it used and, when `measureRss` and GNU time is present, its peak RSS in MB (GNU
 * time's own few hundred kB of CPU are counted with the child's; a JavaScript side reports its
 * own peak instead).
 */
export function runProcess(argv, input = '', measureRss = false, core = undefined) {
  const timed = measureRss && GNU_TIME !== null;
  const pinned = onCore(argv, core);
  const command = timed ? [GNU_TIME, '-f', 'peak-rss-kb=%M', ...pinned] : pinned;
  const before = childrenCpuSeconds();
  const r = spawnSync(command[0], command.slice(1), {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const after = childrenCpuSeconds();
  if (r.status !== 0) {
    throw new Error(`${argv.join(' ')} exited with ${r.status}: ${r.stderr?.slice(0, 400)}`);
  }
  const rss = timed ? /peak-rss-kb=(\d+)/.exec(r.stderr ?? '') : null;
  return {
    stdout: r.stdout,
    cpuMs: before === null ? null : (after - before) * 1000,
    rssMb: rss ? Number(rss[1]) / 1024 : null,
  };
}

/**
 * A JavaScript side, on `core` when given: the JSON line `{count, cpuMs, rssMb}` that bench/side.mjs or
 * tobihol-side.mjs prints (its own CPU clock after warm-up, its own peak RSS).
 */
export function jsSide(script, args, core = undefined) {
  const { stdout } = runProcess([process.execPath, join(here, script), ...args], '', false, core);
  const line = stdout.trim().split('\n').pop();
  return JSON.parse(line);
}

/**
 * A native side's perft, on `core` when given: `count` parsed from its output, the CPU time of one process and its
 * peak RSS. The kernel counts children's CPU time in 10 ms ticks, so a short run is repeated
 * until the runs add up to a second, and the time is their mean.
 */
export function nativeSide(argv, input, countPattern, core = undefined) {
  let total = 0;
  let runs = 0;
  let count;
  let rssMb = null;
  while (runs === 0 || (total < 1000 && runs < 200)) {
    const run = runProcess(argv, input, true, core);
    const m = [...run.stdout.matchAll(countPattern)].pop();
    if (!m) throw new Error(`${argv[0]}: no count in its output: ${run.stdout.slice(-300)}`);
    count = Number(m[1]);
    total += run.cpuMs;
    rssMb = run.rssMb === null ? rssMb : Math.max(rssMb ?? 0, run.rssMb);
    runs++;
  }
  return { count, cpuMs: total / runs, rssMb };
}

export const median = (xs) => {
  const s = [...xs].sort((p, q) => p - q);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A ratio or time for the table: two decimals below 10, whole numbers above. */
export const fmt = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(2));

/** Peak RSS of a list of runs, for the table: the largest, in MB, or '?' when not measured. */
export const peakMb = (runs) => {
  const known = runs.map((r) => r.rssMb).filter((x) => typeof x === 'number');
  return known.length === 0 ? '?' : `${Math.max(...known).toFixed(0)} MB`;
};
