// Builds the playground once before the browser tests.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-playground.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
