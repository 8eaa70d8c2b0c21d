// The generic machinery's own cost: the seeded RNG.
import { Rng } from '../dist/index.js';
import { cpuMs } from './clock.mjs';
import { row } from './table.mjs';

const rng = new Rng(1);
const n = 5_000_000;
let acc = 0;
const t0 = cpuMs();
for (let i = 0; i < n; i++) acc ^= rng.int(1000);
const ms = cpuMs() - t0;
if (acc === -1) console.log('');
row('rng: Rng.int(1000)', 'draws', n, ms);
