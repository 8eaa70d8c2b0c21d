// The published package works as users install it: pack the tarball, install it into a scratch
// project and load every entry through both module systems and the bin.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let scratch = '';

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: scratch, encoding: 'utf8' });
}

describe('the packed tarball', () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'boardrules-pack-'));
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], {
      cwd: root,
      stdio: 'ignore',
    });
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true }),
    );
    execFileSync(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', `./${tarball}`],
      {
        cwd: scratch,
        stdio: 'ignore',
      },
    );
  }, 120_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it.each(['boardrules', 'boardrules/hive', 'boardrules/coerceo', 'boardrules/torres'])(
    'require(%s) works from CommonJS',
    (entry) => {
      expect(
        node([
          '-e',
          `const m = require('${entry}'); console.log(Object.keys(m).length > 0)`,
        ]).trim(),
      ).toBe('true');
    },
  );

  it.each(['boardrules', 'boardrules/hive', 'boardrules/coerceo', 'boardrules/torres'])(
    'import(%s) works from ESM',
    (entry) => {
      const code = `const m = await import('${entry}'); console.log(Object.keys(m).length > 0)`;
      expect(node(['--input-type=module', '-e', code]).trim()).toBe('true');
    },
  );

  it('the core entry exposes the same API to both module systems', () => {
    const cjs = node([
      '-e',
      "console.log(Object.keys(require('boardrules')).sort().join(','))",
    ]).trim();
    const esm = node([
      '--input-type=module',
      '-e',
      "console.log(Object.keys(await import('boardrules')).filter((k) => k !== 'default').sort().join(','))",
    ]).trim();
    expect(esm).toBe(cjs);
    expect(cjs).toContain('RulesError');
  });

  it('installs the boardrules bin', () => {
    const out = execFileSync(join(scratch, 'node_modules/.bin/boardrules'), ['--help'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/Usage: boardrules/);
  });

  it('the installed bin prints the package version (read from the installed package.json)', () => {
    const out = execFileSync(join(scratch, 'node_modules/.bin/boardrules'), ['--version'], {
      encoding: 'utf8',
    });
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(out).toBe(`${pkg.version}\n`);
  });
});
