import { defineConfig } from 'tsup';

// One bundle per public entry. `splitting` lets ESM entries share the core chunk instead of
// duplicating it; CJS entries each inline what they use. Every game entry pulls in only the
// core and its own folder (checked by scripts/check-isolation.mjs).
//
// No source maps: they were 2.7 MB of a 3.9 MB package and pointed at src/ files the package
// does not ship (only their embedded copies made them usable). The output is not minified, so
// stack traces into dist/ already name the real functions and read like the source; a user who
// wants maps builds from the repository.
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
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    clean: true,
    splitting: true,
    treeshake: true,
    target: 'node20',
    outDir: 'dist',
  },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: false,
    splitting: false,
    target: 'node20',
    outDir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
