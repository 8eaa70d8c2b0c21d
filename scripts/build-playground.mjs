// Builds the playground (docs/playground) into docs/playground/dist/: one classic script (an
// IIFE, no imports, no fetches) per page bundling the library from src/ with esbuild, plus the
// pages and their stylesheet. A classic script is what lets the pages run opened straight from
// disk (file://), where browsers refuse module scripts; they work served from any static server
// too.
//
// Both pages search in Web Workers: the playground's computer seats and the analysis board's
// engine run boardrules/worker's bots in one worker script (bots-worker.ts). Browsers refuse a
// worker script loaded from file://, so the worker is bundled first and its code goes into each
// page's script as a string (BOTS_WORKER_SOURCE), which the page starts from a blob: URL.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const dir = resolve(import.meta.dirname, '../docs/playground');
const out = join(dir, 'dist');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const common = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
};
const worker = await build({
  ...common,
  entryPoints: [join(dir, 'bots-worker.ts')],
  write: false,
});
const workerSource = worker.outputFiles[0]?.text ?? '';
const define = { BOTS_WORKER_SOURCE: JSON.stringify(workerSource) };
const pages = [
  ['main.ts', 'main.js', define],
  ['analysis/main.ts', 'analysis.js', define],
];
const sizes = [];
for (const [entry, file, define] of pages) {
  const result = await build({
    ...common,
    entryPoints: [join(dir, entry)],
    sourcemap: true,
    outfile: join(out, file),
    metafile: true,
    define,
  });
  const bytes = result.metafile.outputs[join('docs/playground/dist', file)]?.bytes;
  sizes.push(`${file}${bytes ? ` (${bytes} bytes)` : ''}`);
}
for (const f of ['index.html', 'analysis.html', 'style.css', 'analysis.css']) {
  copyFileSync(join(dir, f), join(out, f));
}
console.log(
  `docs/playground/dist: ${sizes.join(', ')} (each with the bots' worker, ${workerSource.length} bytes), index.html, analysis.html, style.css, analysis.css`,
);
