// The release workflow (.github/workflows/release.yml) as the README and the changesets setup
// need it: on a push to main, changesets/action opens the version pull request or publishes with
// provenance, and nothing is published before the checks and the tests pass on that commit.
// GitHub runs the workflow; this reads its text (no YAML parser among the dependencies), so it
// checks the lines that matter, and their order.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The workflow without its comments. */
const code = text
  .split('\n')
  .map((l) => l.replace(/\s+#.*$/, '').replace(/^\s*#.*$/, ''))
  .join('\n');

/** Where `pattern` first matches in the workflow's code; fails when it does not. */
function at(pattern: RegExp): number {
  const m = pattern.exec(code);
  expect(m, String(pattern)).not.toBeNull();
  return m?.index ?? -1;
}

describe('the release workflow', () => {
  it('runs on a push to main, one run at a time', () => {
    expect(code).toMatch(/^on:\n {2}push:\n {4}branches: \[main\]$/m);
    expect(code).toMatch(/^concurrency: /m);
  });

  it('has the permissions a version pull request and a publish with provenance need', () => {
    const block = /^permissions:\n((?: {2}\S.*\n)+)/m.exec(code)?.[1] ?? '';
    const perms = Object.fromEntries(
      block
        .trim()
        .split('\n')
        .map((l) => l.trim().split(/:\s*/)),
    );
    expect(perms).toEqual({ contents: 'write', 'pull-requests': 'write', 'id-token': 'write' });
  });

  it('uses Node 20, and installs, checks and tests before changesets/action may publish', () => {
    at(/node-version: 20\n/);
    const steps = [
      at(/- run: npm ci\n/),
      at(/- run: npm run check\n/),
      at(/- run: npm test\n/),
      at(/uses: changesets\/action@v1\n/),
      at(/gh release upload /),
    ];
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it('versions with the repository script and publishes to npm with provenance', () => {
    expect(code).toMatch(/^ {10}version: npm run version-packages$/m);
    expect(pkg.scripts['version-packages']).toMatch(/^changeset version/);
    expect(code).toMatch(/^ {10}publish: npx changeset publish$/m);
    expect(code).toMatch(/^ {10}NPM_CONFIG_PROVENANCE: true$/m);
    expect(code).toMatch(/^ {10}NPM_TOKEN: \$\{\{ secrets\.NPM_TOKEN \}\}$/m);
    expect(code).toMatch(/^ {10}GITHUB_TOKEN: \$\{\{ secrets\.GITHUB_TOKEN \}\}$/m);
  });

  it('attaches the npm pack tarball to the release changesets made (tag v<version>)', () => {
    expect(code).toMatch(/if: steps\.changesets\.outputs\.published == 'true'/);
    expect(code).toMatch(/npm pack\n/);
    // changesets/action names a single package's release v<version>; npm pack names the file
    // <name>-<version>.tgz.
    expect(code).toMatch(
      new RegExp(`gh release upload "v\\$\\{version\\}" "${pkg.name}-\\$\\{version\\}\\.tgz"`),
    );
  });
});
