// Proves that each public entry bundles only its own code: importing `boardrules/hive` pulls in
// no other game's module, and so on. Bundles every entry from source with esbuild and inspects
// the metafile's inputs. The games are the game folders of src/ (scripts/game-folders.mjs), and
// every rule below is made from that list, so a new game is held to them with no edit here:
// - the main entry bundles no game, no CLI and no adapter;
// - a game entry bundles no other game, no CLI, no adapter, no package (the runtime has no
//   dependencies) and at most one module of src/geometry/: its board's;
// - a game's `render` entry (its svg.ts) bundles only its own folder, the core and that same
//   geometry module;
// - the boardgame.io adapter and its server bundle the adapter's folder and the core only;
// - the worker entry bundles its folder, the core and the bots only.
// It also checks that every game is published: an entry of package.json's `exports`, of
// tsup.config.ts and of typedoc.json for the game (and for its render entry). Exits 1 on any
// failure.
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { gameFolders } from './game-folders.mjs';

const games = gameFolders();
const folder = (g) => `src/${g}/`;
const outside = ['src/cli/', 'src/boardgameio/', 'src/worker/', 'node_modules/'];

/** @type {Record<string, { file: string, forbidden?: string[], allowed?: string[], geometry?: 'one' | string, platform?: string }>} */
const entries = {
  boardrules: { file: 'src/index.ts', forbidden: [...games.map(folder), ...outside] },
};
for (const g of games) {
  entries[`boardrules/${g}`] = {
    file: `src/${g}/index.ts`,
    forbidden: [...games.filter((o) => o !== g).map(folder), ...outside],
    geometry: 'one',
  };
}
// The boardgame.io adapter: the core only (it takes the game as an argument) and nothing of
// boardgame.io itself, an optional peer dependency.
entries['boardrules/boardgameio'] = {
  file: 'src/boardgameio/index.ts',
  allowed: ['src/boardgameio/', 'src/core/'],
};
// The hardened server: the adapter's folder and the core; boardgame.io is loaded at run time.
entries['boardrules/boardgameio/server'] = {
  file: 'src/boardgameio/server/index.ts',
  allowed: ['src/boardgameio/', 'src/core/'],
  platform: 'node',
};
// Bots in workers: the core and the bots only (the worker's script imports the games it serves).
entries['boardrules/worker'] = {
  file: 'src/worker/index.ts',
  allowed: ['src/worker/', 'src/core/', 'src/search/'],
};

async function inputsOf(file, platform = 'neutral') {
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
  const bytes = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
  return { inputs: Object.keys(result.metafile.inputs), bytes };
}

let failed = false;
const report = (name, leaks, inputs, bytes) => {
  if (leaks.length > 0) {
    failed = true;
    console.error(`✗ ${name} bundles code it must not: ${leaks.join(', ')}`);
  } else {
    console.log(
      `✓ ${name}: ${inputs.length} modules, ${bytes} bytes unminified, no other game's code`,
    );
  }
};

/** Each game's board geometry: the one module of src/geometry/ its entry bundles. */
const boards = new Map();
for (const [name, { file, forbidden = [], allowed, geometry, platform }] of Object.entries(
  entries,
)) {
  const { inputs, bytes } = await inputsOf(file, platform);
  const leaks = inputs.filter(
    (p) =>
      forbidden.some((f) => p.startsWith(f)) ||
      (allowed !== undefined && !allowed.some((a) => p.startsWith(a))),
  );
  if (geometry === 'one') {
    const used = inputs.filter((p) => p.startsWith('src/geometry/'));
    if (used.length > 1) leaks.push(...used.map((p) => `${p} (one geometry module at most)`));
    boards.set(name, used[0]);
  }
  report(name, leaks, inputs, bytes);
}

for (const g of games) {
  const file = `src/${g}/svg.ts`;
  if (!existsSync(file)) continue;
  const board = boards.get(`boardrules/${g}`);
  const allowed = [folder(g), 'src/core/', ...(board === undefined ? [] : [board])];
  const { inputs, bytes } = await inputsOf(file);
  const leaks = inputs.filter((p) => !allowed.some((a) => p.startsWith(a)));
  report(`boardrules/${g}/render`, leaks, inputs, bytes);
}

// Every game is published: npm's `exports` map, the build's entries and the API site's entry
// points are static lists, so they are checked against the game folders here.
const exportsMap = JSON.parse(readFileSync('package.json', 'utf8')).exports ?? {};
const tsup = readFileSync('tsup.config.ts', 'utf8');
const typedoc = JSON.parse(readFileSync('typedoc.json', 'utf8')).entryPoints ?? [];
for (const g of games) {
  const published = [[`./${g}`, `'${g}/index': 'src/${g}/index.ts'`, `src/${g}/index.ts`]];
  if (existsSync(`src/${g}/svg.ts`)) {
    published.push([`./${g}/render`, `'${g}/render': 'src/${g}/svg.ts'`, `src/${g}/svg.ts`]);
  }
  for (const [subpath, tsupEntry, source] of published) {
    const missing = [
      ...(exportsMap[subpath] === undefined ? [`package.json exports '${subpath}'`] : []),
      ...(tsup.includes(tsupEntry) ? [] : [`tsup.config.ts entry ${tsupEntry}`]),
      ...(typedoc.includes(source) ? [] : [`typedoc.json entry point '${source}'`]),
    ];
    if (missing.length > 0) {
      failed = true;
      console.error(`✗ game '${g}' is not published: no ${missing.join(', no ')}`);
    }
  }
}
if (!failed) console.log(`✓ every game is published: ${games.join(', ')}`);
if (failed) process.exit(1);
