// Proves that each public entry bundles only its own code: importing `boardrules/hive` pulls in
// no Coerceo or Torres module, and so on. Bundles every entry from source with esbuild and
// inspects the metafile's inputs. Exits 1 on any leak.
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
};

let failed = false;
for (const [name, { file, forbidden }] of Object.entries(entries)) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    treeShaking: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const leaks = inputs.filter((p) => forbidden.some((f) => p.startsWith(f)));
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
