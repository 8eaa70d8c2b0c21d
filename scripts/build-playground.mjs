// Builds the playground (docs/playground) into docs/playground/dist/: one classic script (an
// IIFE, no imports, no fetches) bundling the library from src/ with esbuild, plus the page and
// its stylesheet. A classic script is what lets the page run opened straight from disk
// (file://), where browsers refuse module scripts; it works served from any static server too.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const dir = resolve(import.meta.dirname, '../docs/playground');
const out = join(dir, 'dist');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: [join(dir, 'main.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  outfile: join(out, 'main.js'),
  metafile: true,
  logLevel: 'warning',
});
for (const f of ['index.html', 'style.css']) copyFileSync(join(dir, f), join(out, f));
const bytes = result.metafile.outputs[join('docs/playground/dist/main.js')]?.bytes;
console.log(
  `docs/playground/dist: main.js${bytes ? ` (${bytes} bytes)` : ''}, index.html, style.css`,
);
