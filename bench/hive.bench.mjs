// Hive benchmarks (against the built dist/): bulk perft on the fast path (play/undo, the last
// ply counted from the move list without playing it), perft on the immutable apply path (every
// inner node a new state; the last ply counted as moves(state).length, so the leaves are not
// built), and legal-move-list generation over the reference positions.
// `--deep` adds perft 6 for all 8 types and perft(3) for every reference position (~2 min).
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { GAME_TYPES, hive } from '../dist/hive/index.js';
import { perft } from '../dist/index.js';
import { cpuMs } from './clock.mjs';
import { row } from './table.mjs';

const deep = process.argv.includes('--deep');

/** Complete legal-move lists of every position, 50 rounds: lists, moves listed and time. */
function listRate(positions) {
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
  return { lists, moves, ms };
}

/** `timed(f)` run `runs` times; the value and the shortest time. */
function bestOf(runs, f) {
  let best = timed(f);
  for (let i = 1; i < runs; i++) {
    const t = timed(f);
    if (t[1] < best[1]) best = t;
  }
  return best;
}

function timed(f) {
  const t0 = cpuMs();
  const v = f();
  return [v, cpuMs() - t0];
}

// Warm up the JIT on the depth-5 tree first so the timed runs measure steady state (the
// reference engine is compiled ahead of time).
perft(hive, hive.start({ type: 'Base+MLP' }), 5);

// The reference workloads (the anchors' perft counts; side by side with them in
// anchors.bench.mjs), each checked against the published table before its time is reported.
const expected = { 'Base+MLP': [5427108, 192353904], Base: [516240, 12219480] };
for (const [type, depth] of [
  ['Base+MLP', 5],
  ['Base', 6],
  ['Base+MLP', 6],
]) {
  // Runs under a second are short enough for a neighbour's burst to skew them: best of three.
  const [n, ms] = bestOf(depth === 5 || type === 'Base' ? 3 : 1, () =>
    perft(hive, hive.start({ type }), depth),
  );
  if (n !== expected[type][depth - 5]) throw new Error(`perft mismatch ${type} ${depth}: ${n}`);
  row(`hive perft ${type} depth ${depth}`, 'bulk leaves, fast path', n, ms);
}

// The immutable path: every inner node a new state through moves/apply, the last ply counted
// as moves(state).length without building the leaves (states of one tree share one position,
// moved by play/undo: see src/hive/lineage.ts).
for (const depth of [4, 5]) {
  const want = [151686, 5427108][depth - 4];
  const [n, ms] = timed(() =>
    perft(hive, hive.start({ type: 'Base+MLP' }), depth, { path: 'apply' }),
  );
  if (n !== want) throw new Error(`apply perft mismatch ${depth}: ${n}`);
  row(
    `hive perft Base+MLP depth ${depth}`,
    'leaves; inner nodes built by apply, last ply moves().length',
    n,
    ms,
  );
}

// Bytes allocated per `apply`, from heap deltas with no collection in between (the young
// generation is made large enough; a run that saw a collection is discarded and repeated).
{
  const line = (ply) => {
    let seed = 2024 + ply;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const pairs = [];
    for (let g = 0; pairs.length < 400 && g < 400; g++) {
      let s = hive.start({ type: 'Base+MLP' });
      for (let k = 0; k <= ply && !hive.terminal(s); k++) {
        const ms = hive.moves(s);
        const m = ms[next() % ms.length];
        if (k === ply) pairs.push([s, m]);
        s = hive.apply(s, m);
      }
    }
    return pairs;
  };
  for (const ply of [10, 40, 100]) {
    const pairs = line(ply);
    for (const [s, m] of pairs) hive.apply(s, m); // warm-up
    const bytes = await allocatedPer(() => {
      const keep = [];
      for (const [s, m] of pairs) keep.push(hive.apply(s, m));
      return keep;
    }, pairs.length);
    const [, ms] = timed(() => {
      for (const [s, m] of pairs) hive.apply(s, m);
    });
    row(
      `hive apply at ply ${ply} (${pairs.length} random Base+MLP positions)`,
      `applies; allocated ≈ ${bytes} bytes per apply`,
      pairs.length,
      ms,
    );
  }
}

/**
 * Bytes allocated per call of `f` (which makes `calls` calls and returns what they produced,
 * so nothing is collected early): heap and array-buffer deltas around `f`, after a full GC. A
 * measurement during which the collector ran (seen by a `gc` performance observer) is repeated.
 */
async function allocatedPer(f, calls) {
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 5)); // let the forced GC's entry arrive
      const seen = collections;
      const before = process.memoryUsage();
      const keep = f();
      const after = process.memoryUsage();
      await new Promise((r) => setTimeout(r, 5));
      const delta = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
      // A negative delta means memory freed by the forced collection (swept concurrently) was
      // counted during the run: no measurement, try again.
      if (collections === seen && keep.length === calls && delta >= 0) {
        return Math.round(delta / calls);
      }
    }
    throw new Error('allocation measurement: the collector ran (or swept) during every attempt');
  } finally {
    observer.disconnect();
  }
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
  const { lists, moves, ms } = listRate(positions);
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
  const { lists, moves, ms } = listRate(positions);
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
