// Coerceo move generation: perft from the Laurentius and Ocius starts, counted two ways —
// bulk (the last ply's moves are counted, not played) and every leaf played (play + undo on
// each leaf, the way NPN counts; side by side with NPN in anchors.bench.mjs). Default run:
// Laurentius depth 5 (the reference workload, about 20 s) and Ocius depth 5; `--deep` or
// COERCEO_DEEP=1 adds Ocius 6. Every count is checked against the reference table (C-VECTOR-1).
import { coerceo } from '../dist/coerceo/index.js';
import { perftPosition, randomGame } from '../dist/index.js';
import { cpuMs } from './clock.mjs';
import { row as tableRow } from './table.mjs';

const deep = process.argv.includes('--deep') || process.env.COERCEO_DEEP === '1';

function played(pos, depth) {
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

/** One table row, labelled with the game (see `row` in table.mjs). */
function row(workload, mode, nodes, ms) {
  tableRow(`coerceo: ${workload}`, mode, nodes, ms);
}

const EXPECTED = {
  'laurentius 4': 5280654,
  'laurentius 5': 254945184,
  'ocius 5': 10739924,
  'ocius 6': 262208752,
};

function perftRows(variant, depth) {
  const state = coerceo.start({ variant });
  // warm-up so the JIT has compiled the generator and play/undo before timing
  perftPosition(coerceo.search(state), Math.min(depth, 4));
  played(coerceo.search(state), Math.min(depth, 4));
  for (const [mode, fn] of [
    ['leaves, bulk-counted', (p) => perftPosition(p, depth)],
    ['leaves, every leaf played', (p) => played(p, depth)],
  ]) {
    const pos = coerceo.search(state);
    const t0 = cpuMs();
    const nodes = fn(pos);
    const ms = cpuMs() - t0;
    const want = EXPECTED[`${variant} ${depth}`];
    if (want !== undefined && nodes !== want) {
      console.error(`coerceo perft ${variant} ${depth} = ${nodes}, expected ${want}`);
      process.exitCode = 1;
    }
    row(`perft ${variant} depth ${depth}`, mode, nodes, ms);
  }
}

perftRows('laurentius', 5);
perftRows('ocius', 5);
if (deep) perftRows('ocius', 6);

// The immutable API path: random games through moves/apply.
{
  const t0 = cpuMs();
  let plies = 0;
  for (let seed = 1; seed <= 40; seed++) {
    plies += randomGame(coerceo, {}, seed, { maxPlies: 200 }).moves.length;
  }
  const ms = cpuMs() - t0;
  row('random games via moves/apply (40 × ≤200 plies)', 'plies (apply calls)', plies, ms);
}
