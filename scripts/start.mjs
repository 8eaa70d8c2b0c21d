// `npm start`: build if needed, then run the CLI's demo. Never fails on a fresh clone.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const cli = 'dist/cli/main.js';

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(cli) || statSync(cli).mtimeMs < newestSource('src')) {
  console.log('Building boardrules (npm run build)...');
  execSync('npm run build --silent', { stdio: ['ignore', 'ignore', 'inherit'] });
}
const args = process.argv.slice(2);
const result = spawnSync(process.execPath, [cli, ...(args.length > 0 ? args : ['demo'])], {
  stdio: 'inherit',
});
process.exitCode = result.status ?? 1;
