// `npm run bench`: runs every bench/*.bench.mjs (against the built dist/) one after another and
// prints one markdown table with the machine it ran on. Extra arguments are passed to each
// benchmark (e.g. `npm run bench -- --deep`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH_ONLY;
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !only || f.startsWith(only))
  .sort();
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`# boardrules benchmarks\n`);
console.log(
  `Node ${process.version} on ${process.platform}/${process.arch}, ${cpus().length} × ${cpu}, single thread.\n`,
);
console.log(
  '| workload | counting mode | count | CPU ms | per second | peak RSS | side by side, this run |',
);
console.log('|---|---|---:|---:|---:|---:|---|');
let failed = false;
for (const f of files) {
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, f), ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const line of (r.stdout ?? '').split('\n')) {
    if (line.trim() !== '') console.log(line);
  }
  if (r.status !== 0) {
    failed = true;
    console.error(`benchmark ${f} failed with exit code ${r.status}`);
  }
}
if (files.length === 0) console.log('| (no benchmarks yet) | | | | | | |');
process.exitCode = failed ? 1 : 0;
