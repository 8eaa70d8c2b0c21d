// boardrules side by side with the reference engines, in this run: for each workload, the
// anchor and boardrules run alternately (anchor, boardrules, anchor, boardrules, …) for ROUNDS
// rounds (default 3), each run a fresh process, and the row gives boardrules' speed as a
// multiple of the anchor's (anchor CPU time / boardrules CPU time for the same count; above 1
// means boardrules is faster), the median over the rounds and the range.
//
// Clocks, both on-CPU: a native anchor's is its whole process (user + system, from the
// kernel's account of waited-for children; its start-up is a few milliseconds; short runs are
// repeated and averaged, as the kernel counts in 10 ms ticks); boardrules'
// and TobiHol's (JavaScript) are the timed run's own CPU time after a second of warm-up runs
// of the same work at a smaller size and one untimed full-size run in the same process, so
// neither pays for Node's start-up or the JIT (the steady state).
// Both sides of a round run on the same core, and the rounds alternate cores (see
// processes.mjs: the cores of a shared machine need not be equally fast).
// Both sides must report the same count, or the row fails.
//
// Anchors are found through environment variables (build them with the recipes of the
// project's anchors folder, outside the repository): MZINGACPP, NOKAMUTE_PERFT, NPN_PERFT (the
// perft binaries) and TOBIHOL_TORRES (TobiHol's packages/game-logic folder). Without one, its
// rows say "not measured in this run": no stored figure is ever shown as a ratio.
//
// Before and after: with BASE naming another checkout (its bench/side.mjs and built dist/, e.g.
// the commit before a refactor: `git worktree add /tmp/base <commit> && (cd /tmp/base && npm
// ci)`), each round also runs that checkout's side of the workload, on the same core, and the
// row gives the anchor's ratio to both and this checkout's time over the base's: a refactor's
// "within 5 % of before" is then read off one run with the anchors in it.
// Every workload runs whenever its engine is present, the long ones too (Hive Base+MLP 6: about
// 10 s of MzingaCpp per round; Coerceo Ocius 6 with every leaf played: about 5 s of NPN and 12 s
// of boardrules per round, plus boardrules' untimed warm-up run), since the deepest trees are
// where the ratios differ most (Base+MLP 6 gives the lowest ratio to nokamute, Ocius 6 the lowest
// to NPN in bulk). Without the engines these rows cost nothing.
import { existsSync } from 'node:fs';
import {
  baseSideOf,
  childrenCpuSeconds,
  coreOfRound,
  fmt,
  jsSide,
  median,
  nativeSide,
  PLACEMENT,
  peakMb,
} from './processes.mjs';
import { row } from './table.mjs';

const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));

const MZ = process.env.MZINGACPP;
const NOK = process.env.NOKAMUTE_PERFT;
const NPN = process.env.NPN_PERFT;
const TOBIHOL = process.env.TOBIHOL_TORRES;
const BASE = process.env.BASE;
const baseSide = baseSideOf(BASE);

const mzinga = (type, depth) => ({
  name: 'MzingaCpp',
  env: 'MZINGACPP',
  path: MZ,
  run: (core) =>
    nativeSide([MZ], `newgame ${type}\nperft ${depth}\nexit\n`, /perft\(\d+\) = (\d+)/g, core),
});
const nokamute = (type, depth) => ({
  name: 'nokamute',
  env: 'NOKAMUTE_PERFT',
  path: NOK,
  run: (core) => nativeSide([NOK, type, String(depth)], '', /perft\(\d+\) = (\d+)/g, core),
});
const npn = (variant, depth, mode) => ({
  name: 'NPN',
  env: 'NPN_PERFT',
  path: NPN,
  run: (core) => nativeSide([NPN, variant, String(depth), mode], '', /perft\(\d+\) = (\d+)/g, core),
});
const tobihol = (games) => ({
  name: 'TobiHol (no cards)',
  env: 'TOBIHOL_TORRES',
  path: TOBIHOL,
  run: (core) => jsSide('tobihol-side.mjs', [TOBIHOL, String(games)], core),
});

const hivePerft = (type, depth) => ({
  workload: `hive perft ${type} depth ${depth}`,
  mode: 'bulk leaves, depths 0..N as the anchors count, fast path',
  args: ['hive-perft', type, String(depth)],
  anchors: [mzinga(type, depth), nokamute(type, depth)],
});
const coerceoPerft = (variant, depth, mode) => ({
  workload: `coerceo perft ${variant} depth ${depth}`,
  mode: mode === 'played' ? 'every leaf played' : 'bulk leaves',
  args: ['coerceo-perft', variant, String(depth), mode],
  anchors: [npn(variant, depth, mode === 'played' ? 'npn' : 'bulk')],
});
const WORKLOADS = [
  hivePerft('Base+MLP', 5),
  hivePerft('Base', 6),
  hivePerft('Base+MLP', 6),
  coerceoPerft('laurentius', 5, 'bulk'),
  coerceoPerft('laurentius', 5, 'played'),
  coerceoPerft('ocius', 6, 'bulk'),
  coerceoPerft('ocius', 6, 'played'),
  {
    workload: 'torres random 4-player games (boardrules with cards)',
    mode: 'games, fast path',
    args: ['torres-games', '1000'],
    anchors: [tobihol(1000)],
  },
];

// ANCHORS_ONLY=text,text keeps the workloads whose name contains one of them (a re-run of a few
// rows on a quiet machine).
const only = process.env.ANCHORS_ONLY?.split(',').filter((x) => x !== '');
for (const w of WORKLOADS.filter((x) => !only || only.some((o) => x.workload.includes(o)))) {
  const present = w.anchors.filter((a) => a.path && existsSync(a.path));
  for (const a of w.anchors.filter((x) => !present.includes(x))) {
    console.log(
      `| ${w.workload} | ${w.mode} | | | | | ${a.name}: not measured in this run (set ${a.env}) |`,
    );
  }
  if (present.length === 0) continue;
  if (childrenCpuSeconds() === null) {
    console.log(`| ${w.workload} | ${w.mode} | | | | | not measured: needs Linux /proc |`);
    continue;
  }
  const ours = [];
  const base = [];
  const theirs = new Map(present.map((a) => [a, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const core = coreOfRound(r);
    for (const a of present) theirs.get(a).push(a.run(core));
    // With a base, the two boardrules sides take turns going first.
    if (baseSide && r % 2 === 0) base.push(jsSide(baseSide, w.args, core));
    ours.push(jsSide('side.mjs', w.args, core));
    if (baseSide && r % 2 === 1) base.push(jsSide(baseSide, w.args, core));
  }
  const count = ours[0].count;
  for (const run of [...ours, ...base, ...[...theirs.values()].flat()]) {
    if (run.count !== count) {
      console.error(`${w.workload}: counts differ (${run.count} vs boardrules ${count})`);
      process.exitCode = 1;
    }
  }
  const ourMs = median(ours.map((o) => o.cpuMs));
  const ratio = (runs, side) => {
    const ratios = runs.map((t, i) => t.cpuMs / side[i].cpuMs);
    return `${fmt(median(ratios))}× (${fmt(Math.min(...ratios))}–${fmt(Math.max(...ratios))})`;
  };
  const against = present.map((a) => {
    const runs = theirs.get(a);
    const before = baseSide ? `; base ${ratio(runs, base)}` : '';
    return `${ratio(runs, ours)} ${a.name}${before} over ${ROUNDS} rounds, ${PLACEMENT}; ${a.name} ${median(runs.map((t) => t.cpuMs)).toFixed(0)} ms, peak RSS ${peakMb(runs)}`;
  });
  if (baseSide) {
    const baseMs = median(base.map((b) => b.cpuMs));
    against.push(`this / base ${(ourMs / baseMs).toFixed(3)} (base ${baseMs.toFixed(0)} ms)`);
  }
  row(`${w.workload}, side by side`, `${w.mode}, on-CPU`, count, ourMs, against.join('; '), {
    rss: peakMb(ours),
  });
}
