import { defineConfig } from 'tsup';

// One bundle per public entry. `splitting` lets ESM entries share the core chunk instead of
// duplicating it; CJS entries each inline what they use. Every game entry pulls in only the
// core and its own folder (checked by scripts/check-isolation.mjs).
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
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
    target: 'node20',
    outDir: 'dist',
  },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: true,
    splitting: false,
    target: 'node20',
    outDir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
