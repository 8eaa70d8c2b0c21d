// Builds dist/ once before the tests that run the real binary or the packed package.
// `npm test` on a fresh clone therefore needs nothing but `npm ci` first.
import { execSync } from 'node:child_process';

export default function setup(): void {
  execSync('npm run build --silent', { stdio: ['ignore', 'ignore', 'inherit'] });
}
