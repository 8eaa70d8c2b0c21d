// How fast each core of this machine is, in this run: boardrules' Hive Base perft 6 (the
// bench/side.mjs workload of the side-by-side rows, on-CPU after warm-up) pinned to each core in
// turn, for ROUNDS rounds (default 3). The cores of a shared virtual machine need not be equally
// fast, and the speed of a core can change from minute to minute: this row says how far they
// differed while the other rows ran, which bounds what two worker threads can reach (see
// workers.bench.mjs) and why the side-by-side rows pin both sides of a round to one core (see
// processes.mjs). Needs Linux `taskset` and two cores; otherwise the row says so.
import { availableParallelism } from 'node:os';
import { coreOfRound, fmt, jsSide, median } from './processes.mjs';
import { row } from './table.mjs';

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const WORKLOAD = ['hive-perft', 'Base', '6'];
const label = 'hive perft Base depth 6, pinned to each core in turn';
const cores = availableParallelism();

if (cores < 2 || coreOfRound(1) === undefined) {
  console.log(`| ${label} | not measured in this run: needs two cores and taskset | | | | | |`);
} else {
  const ids = Array.from({ length: cores }, (_, i) => coreOfRound(i));
  const times = ids.map(() => []);
  let count = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < cores; i++) {
      const run = jsSide('side.mjs', WORKLOAD, ids[i]);
      if (count !== 0 && run.count !== count) {
        console.error(`${label}: counts differ (${run.count} vs ${count})`);
        process.exitCode = 1;
      }
      count = run.count;
      times[i].push(run.cpuMs);
    }
  }
  // Speed relative to the first core in the same round: its time over this core's.
  const parts = times.slice(1).map((t, i) => {
    const ratios = t.map((ms, r) => times[0][r] / ms);
    return `core ${ids[i + 1]} at ${fmt(median(ratios))}× core ${ids[0]}'s speed (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds)`;
  });
  row(
    label,
    `bulk leaves, fast path, on-CPU; core ${ids[0]}`,
    count,
    median(times[0]),
    parts.join('; '),
  );
}
