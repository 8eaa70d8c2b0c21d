// One boardrules side of a side-by-side run (bench/anchors.bench.mjs, bench/paths.bench.mjs):
// warms the JIT on a workload (a second of runs at a smaller size, then one untimed run of the
// full workload), then times the full workload on this process's CPU clock and prints one JSON line `{"count":…,"cpuMs":…,"rssMb":…}` (the
// process's peak RSS, warm-up included). Usage:
//   node bench/side.mjs hive-perft <GameType> <depth>           (depths 0..N, as the anchors)
//   node bench/side.mjs hive-perft-at <GameType> <depth> fast|apply|list
//   node bench/side.mjs coerceo-perft <variant> <depth> bulk|played|apply|list
//   node bench/side.mjs torres-games <games> [fast|apply]
import { coerceo } from '../dist/coerceo/index.js';
import { hive } from '../dist/hive/index.js';
import { perft, perftPosition } from '../dist/index.js';
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

/**
 * Bulk perft with the last ply's moves generated as a list (what `moves(state).length` costs the
 * immutable path), not counted by `count()`: the fast side of bench/paths.bench.mjs, so both
 * sides do the same work at the last ply.
 */
function listedPerft(pos, depth) {
  const buf = new Int32Array(pos.maxMoves * (depth + 1));
  const walk = (d, offset) => {
    if (d === 0) return 1;
    if (pos.terminal()) return 0;
    const n = pos.generate(buf, offset);
    if (d === 1) return n;
    let total = 0;
    for (let i = offset; i < offset + n; i++) {
      pos.play(buf[i]);
      total += walk(d - 1, offset + n);
      pos.undo();
    }
    return total;
  };
  return walk(depth, 0);
}

/**
 * `games` random 4-player Torres games through `moves`/`apply`: the same games as
 * {@link torresGames} (the same choices over the same move order), so both count the same plies.
 */
function torresApplyGames(games) {
  let seed = 0x9e3779b9;
  let actions = 0;
  for (let g = 0; g < games; g++) {
    let s = torres.start({ players: 4, seed: g });
    while (!torres.terminal(s)) {
      const ms = torres.moves(s);
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      s = torres.apply(s, ms[(seed >>> 0) % ms.length]);
      actions++;
    }
  }
  return actions;
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
  // One depth, on the fast path (bulk: `count()` at the last ply, or `list`: `generate`) or the
  // immutable one (`perft` with `path: 'apply'`).
  'hive-perft-at': () => {
    const at = (depth) =>
      c === 'list'
        ? listedPerft(hive.search(hive.start({ type: a })), depth)
        : perft(hive, hive.start({ type: a }), depth, { path: c });
    return [() => at(Number(b) - 1), () => at(Number(b))];
  },
  'coerceo-perft': () => {
    const start = () => coerceo.start({ variant: a });
    const walks = { bulk: perftPosition, played: playedPerft, list: listedPerft };
    const count =
      c === 'apply'
        ? (depth) => perft(coerceo, start(), depth, { path: 'apply' })
        : (depth) => walks[c](coerceo.search(start()), depth);
    return [() => count(Number(b) - 1), () => count(Number(b))];
  },
  // Counts games (as TobiHol's side does) or, with `fast`/`apply`, the plies they took.
  'torres-games': () => {
    const play = b === 'apply' ? torresApplyGames : torresGames;
    return [
      () => play(Math.max(1, Math.floor(Number(a) / 10))),
      () => {
        const plies = play(Number(a));
        return b === undefined ? Number(a) : plies;
      },
    ];
  },
};
if (!(kind in WORKLOADS)) {
  console.error(`usage: side.mjs ${Object.keys(WORKLOADS).join('|')} …; got ${kind}`);
  process.exit(2);
}
const [warm, timed] = WORKLOADS[kind]();
// Warm up for a second of CPU time, so the timed run sees optimized code (the JIT compiles a
// function only once it has run hot for a while), then once at full size: the first large run
// still pays for the JIT settling (a Hive Base+MLP perft 5 took 2.6 times as long as the next
// ones), and the row measures the steady state a bot or a long perft sees. The native anchors
// have no JIT to warm; TobiHol's side warms the same way.
const w0 = cpuMs();
do warm();
while (cpuMs() - w0 < 1000);
timed();
const t0 = cpuMs();
const count = timed();
const ms = cpuMs() - t0;
console.log(JSON.stringify({ count, cpuMs: ms, rssMb: process.resourceUsage().maxRSS / 1024 }));
