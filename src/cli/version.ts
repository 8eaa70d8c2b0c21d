/**
 * The package's version, read from its `package.json` when first asked for. The CLI is built to
 * `dist/cli/main.js` and its source lives in `src/cli/`: both are two folders below the package
 * root, so the same relative path finds the file in the repository and in the installed package.
 */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The `version` field of the package's `package.json` (`'unknown'` if it cannot be read). */
export function packageVersion(): string {
  if (cached === undefined) {
    try {
      const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
      const version = (JSON.parse(text) as { version?: unknown }).version;
      cached = typeof version === 'string' ? version : 'unknown';
    } catch {
      cached = 'unknown';
    }
  }
  return cached;
}
