// After `changeset version` bumps package.json, write the new version into the one source
// constant that must name it (the UHP engine's `info` line). A test checks they agree.
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const file = new URL('../src/hive/uhp-engine.ts', import.meta.url);
const text = readFileSync(file, 'utf8');
const next = text.replace(
  /export const ENGINE_VERSION = '[^']*';/,
  `export const ENGINE_VERSION = '${version}';`,
);
if (next === text && !text.includes(`ENGINE_VERSION = '${version}'`)) {
  throw new Error('sync-version: ENGINE_VERSION not found in src/hive/uhp-engine.ts');
}
writeFileSync(file, next);
console.log(`ENGINE_VERSION = '${version}'`);
