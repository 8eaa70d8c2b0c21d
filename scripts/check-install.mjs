// Installs boardrules the ways the README's "Install" section gives, each into an empty folder,
// and checks that the installed package works: `boardrules/hive` from an ES module and from a
// CommonJS script, and `npx boardrules --version`.
//
//   1. a tarball, made by `npm pack` of this checkout (as the release workflow makes the one it
//      attaches to a GitHub release; `prepack` builds it);
//   2. a git URL: `git+file://` of this checkout at its HEAD commit, which takes npm's path for
//      any git dependency (clone, install the clone's dependencies, run its `prepare`, pack).
//
// test/package/pack.test.ts covers the tarball's contents, every entry point and the types; this
// script covers what a user runs: the install itself, from nothing, through the real npm (the
// registry is reachable; the package has no runtime dependencies). Committed state only: the git
// path installs HEAD, so commit first. Usage: node scripts/check-install.mjs [--only tarball|git]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : '';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const temps = [];

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // The npm cache may answer for the registry (the nested install of a git dependency
    // inherits this too): the check is about the install path, not the network.
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_prefer_offline: 'true',
    },
  });
}

function scratch(name) {
  const dir = mkdtempSync(join(tmpdir(), `boardrules-install-${name}-`));
  temps.push(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `scratch-${name}`, private: true }),
  );
  return dir;
}

// What the installed package must do. The Hive start has 7 moves with the tournament opening
// (H-PLACE-5: every bug but the Queen, Base+MLP's seven kinds, on the one hex) and 8 without.
const ESM = `import { hive } from 'boardrules/hive';
import { isRulesError } from 'boardrules';
let code = '';
try { hive.parseMove(hive.start(), 'nonsense'); } catch (e) { if (isRulesError(e)) code = e.code; }
console.log(JSON.stringify([hive.moves(hive.start()).length, hive.moves(hive.start({ tournamentOpening: false })).length, code]));
`;
const CJS = ESM.replace(
  /^import \{ (\w+) \} from '([^']+)';$/gm,
  (_, name, from) => `const { ${name} } = require('${from}');`,
);
const WANT = JSON.stringify([7, 8, 'PARSE_ERROR']);

/** Installs `spec` into a fresh folder and checks the package there; throws on a fault. */
function installAndCheck(name, spec) {
  const dir = scratch(name);
  const t0 = Date.now();
  run(npm, ['install', spec], dir);
  const installed = JSON.parse(
    readFileSync(join(dir, 'node_modules/boardrules/package.json'), 'utf8'),
  );
  const problems = [];
  if (installed.version !== pkg.version) {
    problems.push(`installed version ${installed.version}, want ${pkg.version}`);
  }
  writeFileSync(join(dir, 'esm.mjs'), ESM);
  writeFileSync(join(dir, 'cjs.cjs'), CJS);
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    try {
      const got = run(process.execPath, [file], dir).trim();
      if (got !== WANT) problems.push(`${file} printed ${got}, want ${WANT}`);
    } catch (e) {
      const lines = String(e.stderr ?? e.message)
        .trim()
        .split('\n');
      problems.push(`${file} failed: ${lines.find((l) => /Error/.test(l)) ?? lines[0]}`);
    }
  }
  try {
    const version = run(npm, ['exec', '--no', '--', 'boardrules', '--version'], dir).trim();
    if (version !== pkg.version) problems.push(`npx boardrules --version printed '${version}'`);
  } catch (e) {
    problems.push(`npx boardrules --version failed: ${String(e.stderr ?? e.message).trim()}`);
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  if (problems.length > 0) {
    throw new Error(`${name} (${spec}):\n  ${problems.join('\n  ')}`);
  }
  console.log(`check-install: ${name}: npm install ${spec}: ok (${seconds} s)`);
}

let failed = false;
try {
  if (only === '' || only === 'tarball') {
    const dest = scratch('pack');
    run(npm, ['pack', '--pack-destination', dest], root); // prepack's build talks on stdout too
    const tarball = readdirSync(dest).find((f) => f.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack wrote no tarball into ${dest}`);
    installAndCheck('tarball', join(dest, tarball));
  }
  if (only === '' || only === 'git') {
    const head = run('git', ['rev-parse', 'HEAD'], root).trim();
    const dirty = run('git', ['status', '--porcelain', '--untracked-files=no'], root).trim();
    if (dirty !== '')
      console.log('check-install: note: the git path installs HEAD, not your changes');
    installAndCheck('git', `git+${pathToFileURL(root).href}#${head}`);
  }
} catch (e) {
  failed = true;
  console.error(`check-install: ${e.message}`);
} finally {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
