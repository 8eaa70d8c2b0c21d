// Proves that the build inlined the numeric constants of every import-free constants module
// (see tsup.config.ts): no built file may still declare one of them as a variable. A constant
// left as a module variable costs a context load and a tag check at every use in a hot loop,
// and nothing else would notice: an import added to one of these modules, or a constant
// computed by a call, silently stops esbuild's inlining for the whole file. Run after the build;
// exits 1 naming each constant still declared and where.
//
// The modules come from the game folders (scripts/game-folders.mjs), with no list to keep:
// - every `constants.ts` of a game folder or of a folder below it (`engine/`) must be free of
//   imports, and its numeric constants inlined;
// - every other module of a game folder that imports nothing and exports numeric constants
//   (tables of indices such as a board layout) is held to the same check. Such a module that
//   gains an import drops out of this check unnoticed: a module whose constants must stay
//   inlined is best named constants.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { gameFolders } from './game-folders.mjs';

/** Every `.ts` file below `dir`. */
function sourcesBelow(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesBelow(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const importsSomething = (source) =>
  /^(import\s|export\s+(\*|type\s+\{[^}]*\}|\{[^}]*\})\s*from\s)/m.test(source);
const NUMERIC = /^export const (\w+)(?:: number)? = (.+);$/gm;

let failures = 0;
const modules = [];
for (const game of gameFolders()) {
  for (const file of sourcesBelow(join('src', game)).sort()) {
    const source = readFileSync(file, 'utf8');
    const named = file.endsWith('/constants.ts');
    if (named && importsSomething(source)) {
      console.error(
        `${file}: a constants module imports something, which stops the inlining of every constant in it`,
      );
      failures++;
    } else if (named || !importsSomething(source)) {
      modules.push({ file, named });
    }
  }
}

/**
 * The numeric constants a module exports, with their source initializer and value: a constant
 * that was not inlined is still declared in the bundle as `NAME = initializer` (or its value,
 * once the names it uses were inlined). Names alone would not do: other modules have locals of
 * the same names (`SLOTS`, `P`) with other values.
 */
async function numericExports(file) {
  const source = readFileSync(file, 'utf8');
  const built = buildSync({ entryPoints: [file], bundle: true, write: false, format: 'esm' });
  const code = built.outputFiles[0].text;
  const values = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  const out = [];
  for (const m of source.matchAll(NUMERIC)) {
    if (typeof values[m[1]] === 'number') out.push({ name: m[1], init: m[2], value: values[m[1]] });
  }
  return out;
}

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function builtFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? builtFiles(join(dir, e.name))
      : /\.(c|m)?js$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

const files = builtFiles('dist').map((f) => ({
  f,
  // Comments may name a constant; only code counts.
  code: readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, ''),
}));
let checked = 0;
if (files.length === 0) {
  console.error('check-inlined: no built files in dist/ (run the build first)');
  failures++;
}
const checkedModules = [];
for (const { file: module, named } of modules) {
  const names = await numericExports(module);
  if (names.length === 0 && named) {
    console.error(`${module}: a constants module with no numeric constants`);
    failures++;
  }
  if (names.length > 0) checkedModules.push(module);
  for (const { name, init, value } of names) {
    checked++;
    // A declaration of the name (possibly renamed by the bundler, `CELLS2`) with its initializer.
    const declared = new RegExp(
      `(?<![.\\w$])${name}\\d*\\s*=\\s*(?:${literal(init)}|${literal(String(value))})(?![\\w.])`,
    );
    for (const { f, code } of files) {
      if (declared.test(code)) {
        console.error(
          `${f}: ${name} (from ${module}) is still a variable, not inlined: keep that module free of imports and of computed values`,
        );
        failures++;
      }
    }
  }
}
if (failures > 0) process.exit(1);
console.log(
  `check-inlined: ${checked} constants from ${checkedModules.length} modules (${checkedModules.join(', ')}) inlined in ${files.length} built files`,
);
