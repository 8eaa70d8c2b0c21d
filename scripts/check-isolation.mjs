// Proves that each public entry bundles only its own code: importing `boardrules/hive` pulls in
// no Coerceo or Torres module, and so on. Bundles every entry from source with esbuild and
// inspects the metafile's inputs. Exits 1 on any leak. The `render` entries are held to an
// allow-list instead: their own game, the core and their one geometry helper, nothing else.
import { build } from 'esbuild';

const entries = {
  boardrules: {
    file: 'src/index.ts',
    forbidden: ['src/hive/', 'src/coerceo/', 'src/torres/', 'src/cli/'],
  },
  'boardrules/hive': {
    file: 'src/hive/index.ts',
    forbidden: [
      'src/coerceo/',
      'src/torres/',
      'src/cli/',
      'src/geometry/triangle',
      'src/geometry/grid',
    ],
  },
  'boardrules/coerceo': {
    file: 'src/coerceo/index.ts',
    forbidden: ['src/hive/', 'src/torres/', 'src/cli/', 'src/geometry/hex', 'src/geometry/grid'],
  },
  'boardrules/torres': {
    file: 'src/torres/index.ts',
    forbidden: [
      'src/hive/',
      'src/coerceo/',
      'src/cli/',
      'src/geometry/hex',
      'src/geometry/triangle',
    ],
  },
  'boardrules/hive/render': {
    file: 'src/hive/svg.ts',
    allowed: ['src/hive/', 'src/core/', 'src/geometry/hex.ts'],
  },
  'boardrules/coerceo/render': {
    file: 'src/coerceo/svg.ts',
    allowed: ['src/coerceo/', 'src/core/', 'src/geometry/triangle.ts'],
  },
  'boardrules/torres/render': {
    file: 'src/torres/svg.ts',
    allowed: ['src/torres/', 'src/core/', 'src/geometry/grid.ts'],
  },
  // The boardgame.io adapter: the core only (it takes the game as an argument) and nothing of
  // boardgame.io itself, an optional peer dependency.
  'boardrules/boardgameio': {
    file: 'src/boardgameio/index.ts',
    allowed: ['src/boardgameio/', 'src/core/'],
  },
  // The hardened server: the adapter's folder and the core; boardgame.io is loaded at run time.
  'boardrules/boardgameio/server': {
    file: 'src/boardgameio/server/index.ts',
    allowed: ['src/boardgameio/', 'src/core/'],
    platform: 'node',
  },
};
// No game entry may pull in boardgame.io (or any other package: the runtime has no dependencies).
for (const name of ['boardrules', 'boardrules/hive', 'boardrules/coerceo', 'boardrules/torres']) {
  entries[name].forbidden.push('node_modules/', 'src/boardgameio/');
}

let failed = false;
for (const [name, { file, forbidden = [], allowed, platform = 'neutral' }] of Object.entries(
  entries,
)) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform,
    treeShaking: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const leaks = inputs.filter(
    (p) =>
      forbidden.some((f) => p.startsWith(f)) ||
      (allowed !== undefined && !allowed.some((a) => p.startsWith(a))),
  );
  const bytes = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
  if (leaks.length > 0) {
    failed = true;
    console.error(`✗ ${name} bundles code it must not: ${leaks.join(', ')}`);
  } else {
    console.log(
      `✓ ${name}: ${inputs.length} modules, ${bytes} bytes unminified, no other game's code`,
    );
  }
}
if (failed) process.exit(1);
