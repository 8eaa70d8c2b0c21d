// `npm start`: build if needed, then run the CLI's demo. Never fails on a fresh clone.
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
const args = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  ['dist/cli/main.js', ...(args.length > 0 ? args : ['demo'])],
  {
    stdio: 'inherit',
  },
);
process.exitCode = result.status ?? 1;
