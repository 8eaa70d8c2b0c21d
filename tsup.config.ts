import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * Drops the local aliases of imports that the hot modules declare for the test runner
 * (`import { CELLS as I_CELLS }` then `const CELLS = I_CELLS;`): vitest reads an imported name
 * through a getter on a module object at every use, which made the reference-vector tests three
 * times slower, so the source keeps a local copy. The bundle binds imports directly and needs no
 * copy, and a copy would stop the inlining of constants below (a local `const` in a module with
 * imports stays a variable). Removing `const X = I_X;` and renaming `X as I_X` back to `X`
 * changes no value; a leftover `I_X` would fail the build.
 */
const dropImportAliases: Plugin = {
  name: 'drop-import-aliases',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const names = [...source.matchAll(/^const (\w+) = I_\1;\n/gm)].map((m) => m[1] as string);
      if (names.length === 0) return undefined;
      let contents = source;
      for (const name of names) {
        contents = contents
          .replace(`const ${name} = I_${name};\n`, '')
          .replace(new RegExp(`\\b${name} as I_${name}\\b`, 'g'), name);
      }
      return { contents, loader: 'ts' };
    });
  },
};

// One bundle per public entry. `splitting` lets ESM entries share the core chunk instead of
// duplicating it; CJS entries each inline what they use. Every game entry pulls in only the
// core and its own folder (checked by scripts/check-isolation.mjs).
//
// No source maps: they were 2.7 MB of a 3.9 MB package and pointed at src/ files the package
// does not ship (only their embedded copies made them usable). The output keeps every name and
// line break (only its syntax is minified, below), so stack traces into dist/ name the real
// functions; a user who wants maps builds from the repository.
//
// `minifySyntax` (no renaming, no whitespace removal) is on for one effect: esbuild then inlines
// the numeric constants of an import-free module into every use (the modules
// scripts/check-inlined.mjs lists). V8 does not fold module-level constants, so without it every
// `CELLS` or `K_MOVE` in a hot loop is a context load and a tag check: the Hive apply-path perft
// ran 20 % more instructions. Names stay, so stack traces still name the real functions.
export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'hive/index': 'src/hive/index.ts',
      'coerceo/index': 'src/coerceo/index.ts',
      'torres/index': 'src/torres/index.ts',
      'hive/render': 'src/hive/svg.ts',
      'coerceo/render': 'src/coerceo/svg.ts',
      'torres/render': 'src/torres/svg.ts',
      'boardgameio/index': 'src/boardgameio/index.ts',
      'worker/index': 'src/worker/index.ts',
      // Node.js only: it loads boardgame.io's CommonJS server by path with createRequire.
      'boardgameio/server': 'src/boardgameio/server/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    clean: true,
    splitting: true,
    treeshake: true,
    target: 'node20',
    outDir: 'dist',
    minifySyntax: true,
    // The CommonJS build of boardgameio/server needs `import.meta.url` (createRequire).
    shims: true,
    esbuildPlugins: [dropImportAliases],
  },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: false,
    splitting: false,
    target: 'node20',
    outDir: 'dist',
    minifySyntax: true,
    esbuildPlugins: [dropImportAliases],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
