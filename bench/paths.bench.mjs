// The immutable API against the same game's fast path, side by side in this run: for each
// workload a fresh process runs it on the fast path (a SearchPosition: play/undo on integer
// moves) and another on the immutable path (`moves`/`apply`, one frozen state per node, what
// apps and the generic bots use), alternately for ROUNDS rounds (default 3), each after
// bench/side.mjs' warm-up (a second at a smaller size, then the full workload once), on-CPU.
// The row is the immutable path; its last cell says how many times the fast path's time it
// takes (median and range over the rounds). Both must count the same, or the row fails. Peak
// RSS is each side's own process. The sides of a round share one core; rounds alternate cores
// (see processes.mjs).
//
// What each counts: Hive and Coerceo perft at one depth, leaves; on the immutable path every
// inner node is a state built by `apply` and the last ply is `moves(state).length` (the leaf
// states are not built), and the fast path generates the last ply's list too (`generate`, not
// `count()`), so the ratio prices immutable states, not the bulk count. A third side, the fast
// path's own perft (`count()` at the last ply), gives the ratio against that as well. Torres:
// the plies of random 4-player games, the same games on both paths (the same choices over the
// same move order).
//
// Before and after: with BASE naming another checkout (its bench/side.mjs and built dist/, as
// for bench/anchors.bench.mjs), each round also runs that checkout's fast and immutable sides on
// the same core, and the row adds the base's ratio and this checkout's time over the base's on
// each path.
import { baseSideOf, coreOfRound, fmt, jsSide, median, PLACEMENT, peakMb } from './processes.mjs';
import { row } from './table.mjs';

const BASE = process.env.BASE;
const baseSide = baseSideOf(BASE);

const deep = process.argv.includes('--deep');
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));

const WORKLOADS = [
  {
    workload: 'hive perft Base+MLP depth 5, immutable path',
    mode: 'leaves; inner nodes built by apply, last ply moves().length (fast: generate)',
    fast: ['hive-perft-at', 'Base+MLP', '5', 'list'],
    counted: ['hive-perft-at', 'Base+MLP', '5', 'fast'],
    apply: ['hive-perft-at', 'Base+MLP', '5', 'apply'],
  },
  {
    workload: 'coerceo perft laurentius depth 4, immutable path',
    mode: 'leaves; inner nodes built by apply, last ply moves().length (fast: generate)',
    fast: ['coerceo-perft', 'laurentius', '4', 'list'],
    counted: ['coerceo-perft', 'laurentius', '4', 'bulk'],
    apply: ['coerceo-perft', 'laurentius', '4', 'apply'],
  },
  ...(deep
    ? [
        {
          workload: 'coerceo perft laurentius depth 5, immutable path',
          mode: 'leaves; inner nodes built by apply, last ply moves().length (fast: generate)',
          fast: ['coerceo-perft', 'laurentius', '5', 'list'],
          counted: ['coerceo-perft', 'laurentius', '5', 'bulk'],
          apply: ['coerceo-perft', 'laurentius', '5', 'apply'],
        },
      ]
    : []),
  {
    workload: 'torres random 4-player games (200), immutable path',
    mode: 'plies, one apply each',
    fast: ['torres-games', '200', 'fast'],
    apply: ['torres-games', '200', 'apply'],
  },
];

for (const w of WORKLOADS) {
  const fast = [];
  const apply = [];
  const counted = [];
  const baseFast = [];
  const baseApply = [];
  for (let r = 0; r < ROUNDS; r++) {
    const core = coreOfRound(r);
    fast.push(jsSide('side.mjs', w.fast, core));
    apply.push(jsSide('side.mjs', w.apply, core));
    if (w.counted) counted.push(jsSide('side.mjs', w.counted, core));
    if (baseSide) {
      baseFast.push(jsSide(baseSide, w.fast, core));
      baseApply.push(jsSide(baseSide, w.apply, core));
    }
  }
  const count = fast[0].count;
  for (const run of [...fast, ...apply, ...counted, ...baseFast, ...baseApply]) {
    if (run.count !== count) {
      console.error(`${w.workload}: counts differ (${run.count} vs ${count})`);
      process.exitCode = 1;
    }
  }
  const ratios = apply.map((a, i) => a.cpuMs / fast[i].cpuMs);
  const fastMs = median(fast.map((f) => f.cpuMs)).toFixed(0);
  // The fast path's own perft counts the last ply with count(): the immutable path against that.
  const byCount = counted.map((c, i) => apply[i].cpuMs / c.cpuMs);
  const againstCount =
    byCount.length === 0
      ? ''
      : `; ${fmt(median(byCount))}× the time of the fast path's perft with count() at the last ply (${fmt(Math.min(...byCount))}–${fmt(Math.max(...byCount))}; ${median(counted.map((c) => c.cpuMs)).toFixed(0)} ms)`;
  const overBase = (mine, theirs) => {
    const r = mine.map((m, i) => m.cpuMs / theirs[i].cpuMs);
    return `${median(r).toFixed(3)} (${Math.min(...r).toFixed(3)}–${Math.max(...r).toFixed(3)})`;
  };
  const againstBase = !baseSide
    ? ''
    : `; BASE ${BASE}: ${fmt(median(baseApply.map((a, i) => a.cpuMs / baseFast[i].cpuMs)))}× its fast path, this/base immutable ${overBase(apply, baseApply)}, fast ${overBase(fast, baseFast)}`;
  row(
    w.workload,
    `${w.mode}, on-CPU`,
    count,
    median(apply.map((a) => a.cpuMs)),
    `${fmt(median(ratios))}× the fast path's time (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))} over ${ROUNDS} rounds, ${PLACEMENT}; fast path ${fastMs} ms, peak RSS ${peakMb(fast)})${againstCount}${againstBase}`,
    { rss: peakMb(apply) },
  );
}
