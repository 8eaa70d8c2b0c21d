// Before and after, in one run: the workloads of bench/side.mjs from two checkouts of
// boardrules (this one and BASE, each with its own built dist/), interleaved round by round
// (base, this, base, this, …; both sides of a round on one core, rounds alternating cores),
// on-CPU time. For each workload: the median CPU ms of each side over the rounds, and this
// checkout's time as a multiple of the base's (below 1: faster). For the immutable-path
// workloads it also gives each side's ratio to its own fast path, as bench/paths.bench.mjs
// does, and how that ratio moved.
//
// Usage: BASE=/path/to/other/checkout [ROUNDS=9] node bench/compare.mjs [--deep] [--only hive]
// Make BASE with `git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci)`; npm ci
// builds its dist/. What a refactor must show: every ratio within 5 % of the base, or better.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { coreOfRound, fmt, jsSide, median, PLACEMENT } from './processes.mjs';

const base = process.env.BASE;
if (!base || !existsSync(join(base, 'bench/side.mjs')) || !existsSync(join(base, 'dist'))) {
  console.error('BASE must name another checkout with bench/side.mjs and a built dist/');
  process.exit(2);
}
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 9));
const deep = process.argv.includes('--deep');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

/** Each game's fast path (bulk perft or games) and its immutable path with the matching fast side. */
const WORKLOADS = [
  {
    game: 'hive',
    name: 'hive perft Base+MLP 5, fast path (bulk)',
    args: ['hive-perft-at', 'Base+MLP', '5', 'fast'],
  },
  { game: 'hive', name: 'hive perft Base 6, fast path (bulk)', args: ['hive-perft', 'Base', '6'] },
  {
    game: 'hive',
    name: 'hive perft Base+MLP 5, fast path (last ply listed)',
    args: ['hive-perft-at', 'Base+MLP', '5', 'list'],
    fastOf: 'hive-apply',
  },
  {
    game: 'hive',
    name: 'hive perft Base+MLP 5, immutable path',
    args: ['hive-perft-at', 'Base+MLP', '5', 'apply'],
    id: 'hive-apply',
  },
  {
    game: 'coerceo',
    name: 'coerceo perft laurentius 5, fast path (bulk)',
    args: ['coerceo-perft', 'laurentius', '5', 'bulk'],
  },
  {
    game: 'coerceo',
    name: 'coerceo perft laurentius 5, every leaf played',
    args: ['coerceo-perft', 'laurentius', '5', 'played'],
  },
  {
    game: 'coerceo',
    name: `coerceo perft laurentius ${deep ? 5 : 4}, fast path (last ply listed)`,
    args: ['coerceo-perft', 'laurentius', deep ? '5' : '4', 'list'],
    fastOf: 'coerceo-apply',
  },
  {
    game: 'coerceo',
    name: `coerceo perft laurentius ${deep ? 5 : 4}, immutable path`,
    args: ['coerceo-perft', 'laurentius', deep ? '5' : '4', 'apply'],
    id: 'coerceo-apply',
  },
  {
    game: 'torres',
    name: 'torres 1000 random 4p games, fast path',
    args: ['torres-games', '1000', 'fast'],
  },
  {
    game: 'torres',
    name: 'torres 200 random 4p games, fast path',
    args: ['torres-games', '200', 'fast'],
    fastOf: 'torres-apply',
  },
  {
    game: 'torres',
    name: 'torres 200 random 4p games, immutable path',
    args: ['torres-games', '200', 'apply'],
    id: 'torres-apply',
  },
].filter((w) => only === undefined || w.game === only);

const here = resolve(import.meta.dirname);
// jsSide runs a script named relative to this folder.
const sides = [
  { label: 'base', script: relative(here, join(resolve(base), 'bench/side.mjs')) },
  { label: 'this', script: 'side.mjs' },
];

console.log(
  `before/after: base ${base} against ${resolve(here, '..')}; ${ROUNDS} rounds, ${PLACEMENT}\n`,
);
console.log(
  '| workload | count | base CPU ms (median) | this CPU ms (median) | this / base | rounds (this/base) |',
);
console.log('|---|---:|---:|---:|---:|---|');
const medians = new Map();
for (const w of WORKLOADS) {
  const times = { base: [], this: [] };
  const perRound = [];
  let count;
  for (let r = 0; r < ROUNDS; r++) {
    const core = coreOfRound(r);
    // Alternate which side goes first, so neither always runs on a warm core.
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    const got = {};
    for (const side of order) {
      const result = jsSide(side.script, w.args, core);
      if (count !== undefined && result.count !== count) {
        throw new Error(`${w.name}: the sides count ${count} and ${result.count}`);
      }
      count = result.count;
      got[side.label] = result.cpuMs;
      times[side.label].push(result.cpuMs);
    }
    perRound.push(got.this / got.base);
  }
  const mb = median(times.base);
  const mt = median(times.this);
  medians.set(w.id ?? w.name, { base: mb, this: mt });
  if (w.fastOf) medians.set(`${w.fastOf}:fast`, { base: mb, this: mt });
  const spread = `${fmt(Math.min(...perRound))}–${fmt(Math.max(...perRound))}`;
  console.log(
    `| ${w.name} | ${count} | ${mb.toFixed(1)} | ${mt.toFixed(1)} | ${(mt / mb).toFixed(3)} | ${spread} |`,
  );
}

console.log('\n| immutable path | base: × its fast path | this: × its fast path | change |');
console.log('|---|---:|---:|---:|');
for (const id of ['hive-apply', 'coerceo-apply', 'torres-apply']) {
  const apply = medians.get(id);
  const fast = medians.get(`${id}:fast`);
  if (!apply || !fast) continue;
  const rb = apply.base / fast.base;
  const rt = apply.this / fast.this;
  console.log(
    `| ${id} | ${rb.toFixed(2)} | ${rt.toFixed(2)} | ${((rt / rb - 1) * 100).toFixed(1)} % |`,
  );
}
