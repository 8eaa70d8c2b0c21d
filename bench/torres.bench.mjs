// Torres: random complete games through the fast path (play on one mutable position, full
// rules with action cards) and raw move generation (side by side with TobiHol/torres in
// anchors.bench.mjs). `--deep` runs longer. A game is about 230 generate/play
// pairs plus one `start` and `search`; generating the ~37 move codes per ply is about two thirds
// of a game's time (the replay rows below measure it), the knights' step and door moves the
// largest part of that (profile with --cpu-prof).
//
// `ms` is this process's CPU time (user + system), not wall time: the benchmark is
// single-threaded, so on an idle machine the two agree, and on a shared, loaded machine CPU time
// still measures the engine rather than the neighbours.
import { perft } from '../dist/index.js';
import { torres } from '../dist/torres/index.js';
import { row } from './table.mjs';

const deep = process.argv.includes('--deep');
const budgetMs = deep ? 20_000 : 5_000;

function now() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

// xorshift for choosing moves (the bench's own randomness, not the rules')
let seed = 0x9e3779b9;
function rand(n) {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

function games(options, budget) {
  const buf = new Int32Array(8192);
  let n = 0;
  let plies = 0;
  let gens = 0;
  const t0 = now();
  while (now() - t0 < budget) {
    const pos = torres.search(torres.start({ ...options, seed: n }));
    while (!pos.terminal()) {
      const k = pos.generate(buf, 0);
      gens++;
      pos.play(buf[rand(k)]);
      plies++;
    }
    n++;
  }
  return { n, plies, gens, ms: now() - t0 };
}

// Warm-up so the JIT has compiled the generator and play before the first timed config.
games({ players: 4 }, 1000);
games({ players: 2 }, 300);

for (const [label, options] of [
  ['4p shared deck', { players: 4 }],
  ['4p draft', { players: 4, deckMode: 'draft' }],
  ['4p master version', { players: 4, version: 'master' }],
  ['2p shared deck', { players: 2 }],
]) {
  const r = games(options, budgetMs / 4);
  row(`torres random games, ${label} (fast path)`, 'complete games', r.n, r.ms);
  row(`torres move generation in those games, ${label}`, 'generate() calls', r.gens, r.ms);
  row(`torres actions played in those games, ${label}`, 'play() calls', r.plies, r.ms);
}

// How much of a random game is move generation: 4-player games played as above with every
// chosen move recorded, then the same games played again from the recorded moves without
// calling generate(). Both runs play the same plies on the same kind of position, so the
// difference is what generating the move lists costs in a game. Measured in alternation
// (generate/play, then replay) so a change of core speed in between moves both sides alike.
{
  const buf = new Int32Array(8192);
  const start = (g) => torres.search(torres.start({ players: 4, seed: g }));
  const recorded = [];
  for (let g = 0; g < 200; g++) {
    const pos = start(g);
    const codes = [];
    while (!pos.terminal()) {
      const c = buf[rand(pos.generate(buf, 0))];
      codes.push(c);
      pos.play(c);
    }
    recorded.push(Int32Array.from(codes));
  }
  const generated = () => {
    for (let g = 0; g < recorded.length; g++) {
      const pos = start(g);
      for (const c of recorded[g]) {
        pos.generate(buf, 0);
        pos.play(c);
      }
    }
  };
  const replayed = () => {
    for (let g = 0; g < recorded.length; g++) {
      const pos = start(g);
      for (const c of recorded[g]) pos.play(c);
      // The recorded moves end the game again: the replay is the same game.
      if (!pos.terminal()) throw new Error(`torres replay of game ${g} did not end the game`);
    }
  };
  let withGenerate = 0;
  let withoutGenerate = 0;
  let rounds = 0;
  const t0 = now();
  while (now() - t0 < budgetMs / 4) {
    let t = now();
    generated();
    withGenerate += now() - t;
    t = now();
    replayed();
    withoutGenerate += now() - t;
    rounds++;
  }
  const share = (100 * (withGenerate - withoutGenerate)) / withGenerate;
  row(
    `torres ${recorded.length} random 4p games, generate() and play() (${rounds} rounds)`,
    'complete games',
    recorded.length * rounds,
    withGenerate,
  );
  row(
    'torres the same games replayed from their recorded moves, play() only',
    'complete games',
    recorded.length * rounds,
    withoutGenerate,
    `generation is ${share.toFixed(0)} % of a game's time (in alternation with the row above)`,
  );
}

// apply path for comparison (immutable states)
{
  let n = 0;
  const t0 = now();
  while (now() - t0 < budgetMs / 4) {
    let s = torres.start({ players: 4, seed: n });
    while (!torres.terminal(s)) {
      const ms = torres.moves(s);
      s = torres.apply(s, ms[rand(ms.length)]);
    }
    n++;
  }
  row('torres random games, 4p shared deck (apply path)', 'complete games', n, now() - t0);
}

// pure generation on sampled mid-game positions
{
  const buf = new Int32Array(8192);
  const positions = [];
  for (let g = 0; g < 20; g++) {
    const pos = torres.search(torres.start({ players: 4, seed: 1000 + g }));
    let ply = 0;
    while (!pos.terminal()) {
      const k = pos.generate(buf, 0);
      pos.play(buf[rand(k)]);
      if (++ply % 25 === 0) positions.push(torres.search(pos.state()));
    }
  }
  let calls = 0;
  let moves = 0;
  const t0 = now();
  while (now() - t0 < budgetMs / 4) {
    for (const p of positions) {
      moves += p.generate(buf, 0);
      calls++;
    }
  }
  const ms = now() - t0;
  row(
    `torres generate() on ${positions.length} sampled 4p positions`,
    'generate() calls',
    calls,
    ms,
  );
  row('torres moves listed by those calls', 'moves', moves, ms);
}

// perft from a mid-game position, bulk-counted leaves
{
  const pos = torres.search(torres.start({ players: 4, seed: 7 }));
  const buf = new Int32Array(8192);
  for (let i = 0; i < 40; i++) {
    const k = pos.generate(buf, 0);
    pos.play(buf[rand(k)]);
  }
  const s = pos.state();
  const depth = deep ? 4 : 3;
  const t0 = now();
  const nodes = perft(torres, s, depth);
  row(`torres perft(${depth}) from ply 40 of a 4p game`, 'bulk-counted leaves', nodes, now() - t0);
}
