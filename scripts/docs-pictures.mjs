// Writes the position pictures the guides embed (docs/pictures/*.svg) from code, so they always
// show what the library does. The pictures are committed, so the guides show them wherever they
// are read; test/docs/pictures.test.ts runs this script into a scratch directory and fails when
// the committed files differ, so after a change to a renderer run `npm run docs` (or this
// script) and commit docs/pictures/. Usage: `node scripts/docs-pictures.mjs [outDir]` (default
// docs/pictures). The library is bundled from src/ with esbuild (no prior build needed); the
// positions are played out below through the public API only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(root, 'docs/pictures'));
const scratch = mkdtempSync(join(tmpdir(), 'boardrules-pictures-'));
const bundle = join(scratch, 'lib.mjs');
await build({
  stdin: {
    contents: `
      export { hive } from './src/hive/index.ts';
      export { render as renderHive } from './src/hive/svg.ts';
      export { coerceo, tilesHeld } from './src/coerceo/index.ts';
      export { render as renderCoerceo } from './src/coerceo/svg.ts';
      export { torres, knightTargets } from './src/torres/index.ts';
      export { render as renderTorres } from './src/torres/svg.ts';
    `,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: bundle,
  logLevel: 'warning',
});
const lib = await import(pathToFileURL(bundle).href);
rmSync(scratch, { recursive: true, force: true });
const { hive, renderHive, coerceo, tilesHeld, renderCoerceo, torres, knightTargets, renderTorres } =
  lib;

const pictures = {};

// Hive: a short opening with a beetle on top of the white Queen, then the Soldier Ant's
// destinations highlighted.
{
  let s = hive.start();
  for (const t of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 wQ\\', 'bA1 bQ/', 'wB1 wQ']) {
    s = hive.apply(s, hive.parseMove(s, t));
  }
  pictures['hive-opening.svg'] = renderHive(s, { coordinates: true });
  const ant = hive.moves(s).filter((m) => m.kind === 'move' && m.piece === 'bA1');
  pictures['hive-destinations.svg'] = renderHive(s, { highlight: ant, selected: 'bA1' });
}

// Coerceo: the Laurentius start with field names, and a position after the first tiles have
// been removed and collected (a fixed line of play).
{
  const s0 = coerceo.start();
  pictures['coerceo-start.svg'] = renderCoerceo(s0, { coordinates: true });
  let s = s0;
  let last;
  for (let i = 0; i < 600 && !coerceo.terminal(s); i++) {
    const moves = coerceo.moves(s);
    last = moves[(i * 7919) % moves.length];
    s = coerceo.apply(s, last);
    const held = tilesHeld(s);
    if (held.white + held.black >= 3) break;
  }
  const targets = coerceo
    .moves(s)
    .filter((m) => m.kind === 'step')
    .slice(0, 1)
    .flatMap((m) =>
      coerceo.moves(s).flatMap((n) => (n.kind === 'step' && n.from === m.from ? [n.to] : [])),
    );
  const from = coerceo.moves(s).find((m) => m.kind === 'step')?.from;
  pictures['coerceo-midgame.svg'] = renderCoerceo(s, {
    lastMove: last,
    highlight: targets,
    selected: from,
  });
}

// Torres: three players after the setup, and later in the game with a knight's reach shown.
{
  let s = torres.start({ players: 3, seed: 7 });
  let i = 0;
  while (s.step.startsWith('setup') || s.step === 'chooseStack') {
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(i++ * 7919) % moves.length]);
  }
  pictures['torres-setup.svg'] = renderTorres(s);
  for (let k = 0; k < 80 && !torres.terminal(s); k++) {
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(k * 7919) % moves.length]);
  }
  const knight = s.pieces.findIndex((p) => typeof p === 'number');
  const square = `${'abcdefgh'[knight & 7]}${(knight >> 3) + 1}`;
  pictures['torres-midgame.svg'] = renderTorres(s, {
    selected: square,
    highlight: knightTargets(s, square).map((t) => t.to),
  });
}

mkdirSync(out, { recursive: true });
for (const [name, svg] of Object.entries(pictures)) writeFileSync(join(out, name), svg);
console.log(`${out}: ${Object.keys(pictures).join(', ')}`);
