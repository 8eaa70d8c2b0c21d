// The generic machinery's own cost: the seeded RNG.
import { Rng } from '../dist/index.js';

const rng = new Rng(1);
const n = 5_000_000;
let acc = 0;
const t0 = performance.now();
for (let i = 0; i < n; i++) acc ^= rng.int(1000);
const ms = performance.now() - t0;
if (acc === -1) console.log('');
console.log(
  `| rng: Rng.int(1000) | draws | ${n} | ${ms.toFixed(0)} | ${Math.round((n / ms) * 1000)} |`,
);
