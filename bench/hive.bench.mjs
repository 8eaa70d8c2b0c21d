// Hive benchmarks (against the built dist/): bulk perft on the fast path (play/undo, the last
// ply counted from the move list without playing it), perft on the immutable apply path (every
// node a new state), and legal-move-list generation over the reference positions.
// `--deep` adds perft 6 for all 8 types and perft(3) for every reference position (~2 min).
import { readFileSync } from 'node:fs';
import { GAME_TYPES, hive } from '../dist/hive/index.js';
import { perft } from '../dist/index.js';

const deep = process.argv.includes('--deep');
const row = (workload, mode, nodes, ms) =>
  console.log(
    `| ${workload} | ${mode} | ${nodes} | ${ms.toFixed(0)} | ${Math.round((nodes / ms) * 1000)} |`,
  );

function timed(f) {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

// Warm up the JIT on a small tree first so the timed runs measure steady state.
perft(hive, hive.start({ type: 'Base+MLP' }), 4);

const expected = { 'Base+MLP': [5427108, 192353904], Base: [516240, 12219480] };
for (const [type, depth] of [
  ['Base+MLP', 5],
  ['Base', 5],
  ['Base+MLP', 6],
]) {
  const [n, ms] = timed(() => perft(hive, hive.start({ type }), depth));
  if (n !== expected[type][depth - 5]) throw new Error(`perft mismatch ${type} ${depth}: ${n}`);
  row(`hive perft ${type} depth ${depth}`, 'bulk leaves, fast path', n, ms);
}

{
  const [n, ms] = timed(() => perft(hive, hive.start({ type: 'Base+MLP' }), 4, { path: 'apply' }));
  if (n !== 151686) throw new Error(`apply perft mismatch ${n}`);
  row('hive perft Base+MLP depth 4', 'every node, apply path', n, ms);
}

const vectors = readFileSync(
  new URL('../test/fixtures/hive/mzinga-positions.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const states = vectors.map((v) => hive.deserialize(v.game));
{
  const positions = states.map((s) => hive.search(s));
  const buf = new Int32Array(positions[0].maxMoves);
  let lists = 0;
  let moves = 0;
  const [, ms] = timed(() => {
    for (let rep = 0; rep < 50; rep++) {
      for (const p of positions) {
        moves += p.generate(buf, 0);
        lists++;
      }
    }
  });
  row(
    `hive move lists, ${positions.length} reference positions x 50`,
    `lists (moves: ${moves})`,
    lists,
    ms,
  );
}
{
  let lists = 0;
  const [, ms] = timed(() => {
    for (const v of vectors) {
      hive.moves(hive.deserialize(v.game));
      lists++;
    }
  });
  row('hive deserialize + moves() per reference position', 'lists', lists, ms);
}

// Fan bugs (H-FAN): perft of an all-fan roster, checked against the regression fixture (the
// library's own numbers: no other engine plays the fan bugs).
{
  const fixture = JSON.parse(
    readFileSync(new URL('../test/fixtures/hive/fan-perft.json', import.meta.url), 'utf8'),
  );
  const type = 'Base+MLP:wTFKWRDC:bTFKWRDC';
  const want = fixture.rosters.find((r) => r.type === type).perft[5];
  const [n, ms] = timed(() => perft(hive, hive.start({ type }), 5));
  if (n !== want) throw new Error(`fan perft mismatch ${type} 5: ${n}`);
  row(`hive perft ${type} depth 5`, 'bulk leaves, fast path', n, ms);
}

// Fan bugs (H-FAN): the same generator on random mid-game positions of an all-fan roster,
// where flights, grabs, swaps and carries are in play. Positions come from seeded random games
// (moves[i % n] with a fixed LCG), so every run lists the same positions.
{
  const type = 'Base+MLP:wTFKWRDC:bTFKWRDC';
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const positions = [];
  for (let g = 0; g < 40; g++) {
    let s = hive.start({ type });
    for (let ply = 0; ply < 60 && !hive.terminal(s); ply++) {
      const ms = hive.moves(s);
      s = hive.apply(s, ms[next() % ms.length]);
      if (ply >= 20 && ply % 5 === 0) positions.push(hive.search(s));
    }
  }
  const buf = new Int32Array(positions[0].maxMoves);
  let lists = 0;
  let moves = 0;
  const [, ms] = timed(() => {
    for (let rep = 0; rep < 50; rep++) {
      for (const p of positions) {
        moves += p.generate(buf, 0);
        lists++;
      }
    }
  });
  row(
    `hive fan move lists (${type}), ${positions.length} random positions x 50`,
    `lists (moves: ${moves})`,
    lists,
    ms,
  );
}

if (deep) {
  const table = {
    Base: 12219480,
    'Base+M': 34233432,
    'Base+L': 34233672,
    'Base+P': 34395984,
    'Base+ML': 85201200,
    'Base+MP': 85492248,
    'Base+LP': 85457136,
    'Base+MLP': 192353904,
  };
  for (const type of GAME_TYPES) {
    const [n, ms] = timed(() => perft(hive, hive.start({ type }), 6));
    if (n !== table[type]) throw new Error(`perft mismatch ${type} 6: ${n}`);
    row(`hive perft ${type} depth 6`, 'bulk leaves, fast path', n, ms);
  }
  let total = 0;
  const [, ms] = timed(() => {
    vectors.forEach((v, i) => {
      if (!v.perft) return;
      const n = perft(hive, states[i], 3);
      if (n !== v.perft['3'])
        throw new Error(`vector ${i + 1}: perft(3) = ${n}, expected ${v.perft['3']}`);
      total += n;
    });
  });
  row(
    'hive perft(3) of every live reference position (all match)',
    'bulk leaves, fast path',
    total,
    ms,
  );
}
