// Builds dist/ (npm run build) when it is missing or older than a file of src/, and does
// nothing otherwise. `npm start` calls it before the demo; `prepare` calls it, so that installing
// the package from its git repository builds it (npm runs a git dependency's `prepare`, not its
// `prepack`: npm/cli#1865) while a checkout's later `npm ci` does not build again for nothing.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/cli/main.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds when dist/ is missing or stale; true when it built. */
export function buildIfStale(log = console.log) {
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestSource(join(root, 'src'))) return false;
  log('Building boardrules (npm run build)...');
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale();
