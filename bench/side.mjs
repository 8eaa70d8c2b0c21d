// One boardrules side of a side-by-side run (bench/anchors.bench.mjs): runs a workload at a
// smaller size for a second to warm the JIT, then times the full workload on this process's CPU clock and
// prints one JSON line `{"count":…,"cpuMs":…}`. Usage:
//   node bench/side.mjs hive-perft <GameType> <depth>
//   node bench/side.mjs coerceo-perft <variant> <depth> bulk|played
//   node bench/side.mjs torres-games <games>
import { coerceo } from '../dist/coerceo/index.js';
import { hive } from '../dist/hive/index.js';
import { perftPosition } from '../dist/index.js';
import { torres } from '../dist/torres/index.js';
import { cpuMs } from './clock.mjs';

/** Perft that plays and takes back every leaf (NPN's way of counting). */
function playedPerft(pos, depth) {
  const buf = new Int32Array(pos.maxMoves * (depth + 1));
  const walk = (d, offset) => {
    if (pos.terminal()) return 0;
    const n = pos.generate(buf, offset);
    let total = 0;
    for (let i = offset; i < offset + n; i++) {
      pos.play(buf[i]);
      total += d === 1 ? 1 : walk(d - 1, offset + n);
      pos.undo();
    }
    return total;
  };
  return depth === 0 ? 1 : walk(depth, 0);
}

/** `games` random 4-player Torres games on the fast path; the choice RNG is the bench's own. */
function torresGames(games) {
  const buf = new Int32Array(8192);
  let seed = 0x9e3779b9;
  let actions = 0;
  for (let g = 0; g < games; g++) {
    const pos = torres.search(torres.start({ players: 4, seed: g }));
    while (!pos.terminal()) {
      const k = pos.generate(buf, 0);
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      pos.play(buf[(seed >>> 0) % k]);
      actions++;
    }
  }
  return actions;
}

const [kind, a, b, c] = process.argv.slice(2);
/** `[warm-up, timed run]`: the warm-up is the same work at a smaller size. */
const WORKLOADS = {
  // Every depth from 0 to N, as both Hive anchors count (they print each depth's count).
  'hive-perft': () => {
    const perft = (depth) => perftPosition(hive.search(hive.start({ type: a })), depth);
    const upTo = (n) => {
      let last = 0;
      for (let d = 0; d <= n; d++) last = perft(d);
      return last;
    };
    return [() => upTo(Number(b) - 1), () => upTo(Number(b))];
  },
  'coerceo-perft': () => {
    const count = c === 'played' ? playedPerft : perftPosition;
    const perft = (depth) => count(coerceo.search(coerceo.start({ variant: a })), depth);
    return [() => perft(Number(b) - 1), () => perft(Number(b))];
  },
  'torres-games': () => [
    () => torresGames(Math.max(1, Math.floor(Number(a) / 10))),
    () => {
      torresGames(Number(a));
      return Number(a);
    },
  ],
};
if (!(kind in WORKLOADS)) {
  console.error(`usage: side.mjs ${Object.keys(WORKLOADS).join('|')} …; got ${kind}`);
  process.exit(2);
}
const [warm, timed] = WORKLOADS[kind]();
// Warm up for a second of CPU time, so the timed run sees optimized code (the JIT compiles a
// function only once it has run hot for a while).
const w0 = cpuMs();
do warm();
while (cpuMs() - w0 < 1000);
const t0 = cpuMs();
const count = timed();
console.log(JSON.stringify({ count, cpuMs: cpuMs() - t0 }));
