// Builds the playground and the package once before the browser tests (the multiplayer
// example's server imports the built package, as a user's would).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-playground.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
