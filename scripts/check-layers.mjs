// The shape rules of src/ (docs/architecture.md, "Layers"), checked from the sources alone:
//
//   1. the engine rule: a file under src/<game>/engine/ imports as values only engine/ files of
//      its own game, src/core/ and src/geometry/ (type-only imports are free: they vanish from
//      the build). The kernel is numbers only and never builds, checks or knows a state;
//   2. no `export let` / `export var`: a module's exported bindings never change under a caller;
//   3. no file over 550 lines: a file longer than that does more than one job;
//   4. no import cycle between files of different layers (value imports only).
//
// `node scripts/check-layers.mjs` exits 1 on any breach. `--report` also prints, per game
// folder, the value imports that run upward (from the kernel to the rest of the folder, which
// the engine rule forbids) and the fewest value imports whose removal would leave the folder
// without a cycle: the figures issue 42 asked to bring to zero. It runs on any checkout, so the
// same figures can be read off an older commit (`git worktree add /tmp/old <commit>` and run it
// there from the root).
//
// A value import is an `import`/`export ... from` whose names are not all `type`: tsconfig has
// `verbatimModuleSyntax`, so tsc enforces that spelling.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gameFolders } from './game-folders.mjs';

const MAX_LINES = 550;
const report = process.argv.includes('--report');

const tsFiles = (d) =>
  readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
const files = tsFiles('src').map((f) => f.split('\\').join('/'));
// The game folders, found the way every script finds them (scripts/game-folders.mjs).
const games = gameFolders();

/** Which layer a file belongs to: its top folder, with a game's engine/ a layer of its own. */
function layerOf(file) {
  const parts = file.split('/');
  if (games.includes(parts[1]) && parts[2] === 'engine') return `${parts[1]}/engine`;
  return parts.length > 2 ? parts[1] : '(root)';
}

const STATEMENT = /^(?:import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']*)';/gm;
const BARE = /^import\s+'([^']*)';/gm;

/** Every import of every file: { from, line, to (a path, or the package name), typeOnly }. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const lineAt = (i) => text.slice(0, i).split('\n').length;
  const target = (spec) =>
    spec.startsWith('.')
      ? relative('.', resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
          .split('\\')
          .join('/')
      : spec;
  const out = [];
  for (const m of text.matchAll(STATEMENT)) {
    const braces = m[2].match(/^\{([\s\S]*)\}$/);
    const names = braces
      ? braces[1]
          .split(',')
          .map((s) => s.replace(/\/\/.*$/gm, '').trim())
          .filter(Boolean)
      : [];
    const typeOnly =
      Boolean(m[1]) || (braces !== null && names.every((s) => s.startsWith('type ')));
    out.push({ from: file, line: lineAt(m.index), to: target(m[3]), typeOnly });
  }
  for (const m of text.matchAll(BARE)) {
    out.push({ from: file, line: lineAt(m.index), to: target(m[1]), typeOnly: false });
  }
  return out;
}

const imports = files.flatMap(importsOf);
const values = imports.filter((a) => !a.typeOnly);
const problems = [];
const where = (a) => `${a.from}:${a.line}`;

// 1. The engine rule.
for (const a of values) {
  const from = layerOf(a.from);
  if (!from.endsWith('/engine')) continue;
  const ok =
    a.to.startsWith(`src/${from}/`) ||
    a.to.startsWith('src/core/') ||
    a.to.startsWith('src/geometry/');
  if (!ok) problems.push(`${where(a)}: the engine imports ${a.to} as a value (engine rule)`);
}

// 2. No exported mutable bindings.
for (const f of files) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*export\s+(let|var)\s/.test(line)) {
        problems.push(`${f}:${i + 1}: an exported mutable binding (use a function or an object)`);
      }
    });
}

// 3. File length.
for (const f of files) {
  const n = readFileSync(f, 'utf8').split('\n').length - 1;
  if (n > MAX_LINES) problems.push(`${f}: ${n} lines, over ${MAX_LINES}`);
}

/** Strongly connected parts of a set of arrows (Tarjan), as arrays of files. */
function stronglyConnected(arrows) {
  const out = new Map();
  for (const a of arrows) {
    if (!out.has(a.from)) out.set(a.from, []);
    if (!out.has(a.to)) out.set(a.to, []);
    out.get(a.from).push(a.to);
  }
  let t = 0;
  const num = new Map();
  const low = new Map();
  const on = new Set();
  const stack = [];
  const parts = [];
  const visit = (v) => {
    num.set(v, t);
    low.set(v, t++);
    stack.push(v);
    on.add(v);
    for (const w of out.get(v)) {
      if (!num.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), num.get(w)));
    }
    if (low.get(v) === num.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        part.push(w);
      } while (w !== v);
      parts.push(part);
    }
  };
  for (const v of out.keys()) if (!num.has(v)) visit(v);
  return parts;
}

// 4. No value cycle that crosses layers.
const local = values.filter((a) => a.to.startsWith('src/'));
for (const part of stronglyConnected(local)) {
  const layers = new Set(part.map(layerOf));
  if (layers.size > 1) {
    problems.push(
      `a value import cycle across layers (${[...layers].join(', ')}): ${part.sort().join(', ')}`,
    );
  }
}

/** The fewest arrows whose removal leaves no cycle (exact, by dynamic programming over orders). */
function feedback(arrows) {
  const pairs = [...new Map(arrows.map((a) => [`${a.from}>${a.to}`, a])).values()];
  let total = 0;
  for (const part of stronglyConnected(pairs)) {
    if (part.length < 2) continue;
    if (part.length > 20) return Number.NaN; // too large to count exactly; report, do not guess
    const at = new Map(part.map((v, i) => [v, i]));
    const outs = part.map((v) =>
      pairs.filter((a) => a.from === v && at.has(a.to)).map((a) => at.get(a.to)),
    );
    const m = part.length;
    const best = new Array(1 << m).fill(Number.POSITIVE_INFINITY);
    best[0] = 0;
    for (let s = 0; s < 1 << m; s++) {
      if (best[s] === Number.POSITIVE_INFINITY) continue;
      for (let v = 0; v < m; v++) {
        if ((s >> v) & 1) continue;
        const cost = outs[v].filter((w) => !((s >> w) & 1)).length;
        if (best[s] + cost < best[s | (1 << v)]) best[s | (1 << v)] = best[s] + cost;
      }
    }
    total += best[(1 << m) - 1];
  }
  return total;
}

if (report) {
  // The kernel before the engine/ folders existed: the files that now live there.
  const KERNEL = {
    hive: [
      'constants',
      'board',
      'pieces',
      'codes',
      'position',
      'moves',
      'movement',
      'fan-moves',
      'articulation',
      'rules',
    ],
    coerceo: [
      'constants',
      'board',
      'codes',
      'hash',
      'moves',
      'capture',
      'tiles',
      'rules',
      'position',
      'lists',
    ],
    torres: [
      'constants',
      'layout',
      'cards',
      'bits',
      'board',
      'codes',
      'position',
      'moves',
      'card-moves',
      'turn',
      'rules',
    ],
  };
  for (const game of games) {
    const dir = `src/${game}`;
    const inKernel = (f) =>
      f.startsWith(`${dir}/engine/`) || (KERNEL[game] ?? []).some((k) => f === `${dir}/${k}.ts`);
    const inFolder = values.filter(
      (a) => a.from.startsWith(`${dir}/`) && a.to.startsWith(`${dir}/`),
    );
    const upward = inFolder.filter((a) => inKernel(a.from) && !inKernel(a.to));
    console.log(
      `${game}: value imports from the kernel to the rest ${upward.length}, ` +
        `fewest value imports to cut for no cycle ${feedback(inFolder)}`,
    );
    for (const a of upward) console.log(`    ${where(a)} -> ${a.to}`);
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  console.error(`check-layers: ${problems.length} breach(es) of the layer rules`);
  process.exit(1);
}
console.log(
  `✓ check-layers: ${files.length} files; engine/ imports only engine/, core/, geometry/; ` +
    `no exported let; none over ${MAX_LINES} lines; no value cycle across layers`,
);
