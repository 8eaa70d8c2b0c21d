// The rulebooks in docs/rules/ are checked against the code at docs build (scripts/rules-index.mjs):
// every rule must be cited by the source that enforces it and by a test, and nothing may cite a
// rule the rulebook of its game does not have. These tests run that check on the repository and
// show that it fails when it should, on a small copy of the layout in a temporary folder.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { games } from '../../src/cli/registry.js';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'scripts/rules-index.mjs');
const temps: string[] = [];

afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A rulebook heading with the short anchor line every rule has before it (`#h-place-5`). */
function withAnchors(text: string): string {
  return text.replace(
    /^### ([A-Z]+-[A-Z0-9-]+)/gm,
    (h, id: string) => `<a id="${id.toLowerCase()}"></a>\n${h}`,
  );
}

/**
 * Runs the check on a copy of the layout holding `files` (path → text); the rulebooks' headings
 * get their anchor lines unless `anchors` is false.
 */
function checkLayout(
  files: Record<string, string>,
  anchors = true,
): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-rules-'));
  temps.push(dir);
  for (const sub of ['scripts', 'docs/rules', 'src', 'test'])
    mkdirSync(join(dir, sub), { recursive: true });
  copyFileSync(script, join(dir, 'scripts/rules-index.mjs'));
  for (const [path, text] of Object.entries(files)) {
    const rulebook = anchors && path.startsWith('docs/rules/');
    writeFileSync(join(dir, path), rulebook ? withAnchors(text) : text);
  }
  const r = spawnSync(process.execPath, [join(dir, 'scripts/rules-index.mjs'), '--check'], {
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the rulebooks and the code cite each other', () => {
  it('every rule of the repository’s rulebooks is cited by code and by a test, and no citation is unknown', () => {
    const r = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/rules-index: \d+ rules .*, 0 problems/);
    expect(r.status).toBe(0);
  });

  it('fails on a rule without its short anchor, which refusals link to (ruleUrl)', () => {
    const r = checkLayout(
      {
        'docs/rules/torres.md':
          '<a id="t-geo-1"></a>\n### T-GEO-1 Squares\n\n### T-GEO-2 Neighbours\n',
        'src/a.ts': '// T-GEO-1 and T-GEO-2\n',
        'test/a.test.ts': "it('T-GEO-1 and T-GEO-2', () => {});\n",
      },
      false,
    );
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      'T-GEO-2 (docs/rules/torres.md): the line before its heading must be <a id="t-geo-2"></a>',
    );
    expect(r.out).not.toContain('T-GEO-1 (docs');
  });

  it('fails on a rule that no code or no test cites', () => {
    const r = checkLayout({
      'docs/rules/torres.md': '### T-GEO-1 Squares\n\n### T-GEO-2 Neighbours\n',
      'src/a.ts': '// T-GEO-1 and T-GEO-2\n',
      'test/a.test.ts': "it('T-GEO-1: squares', () => {});\n",
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('T-GEO-2 (docs/rules/torres.md): no test cites it');
    expect(r.out).not.toContain('T-GEO-1 (docs');
  });

  it('fails on a citation of a rule the rulebook does not have, and reads IDs with digits (T-CARD-AP6-1)', () => {
    // Built at run time, so this file itself cites no unknown rule.
    const typo = ['T', 'CARD', 'AP8', '1'].join('-');
    const r = checkLayout({
      'docs/rules/torres.md': '### T-CARD-AP6-1 Six action points\n',
      'src/a.ts': `// T-CARD-AP6-1, and a typo: ${typo}\n`,
      'test/a.test.ts': "it('T-CARD-AP6-1: six points', () => {});\n",
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain(`${typo}: cited at src/a.ts:1 (src) but in no rulebook`);
    expect(r.out).toContain('1 rules in 1 rulebooks (torres), 1 problem');
  });

  it('counts a lettered citation (C-TILE-4a) as citing its rule, and rules under "reference data" need tests only', () => {
    const ok = checkLayout({
      'docs/rules/coerceo.md':
        '## 6. Tiles\n\n### C-TILE-4 What always holds\n\n## 12. Reference data\n\n### C-VECTOR-1 Perft\n',
      'src/a.ts': '// C-TILE-4a: no empty removable tile\n',
      'test/a.test.ts': "it('C-TILE-4 and C-VECTOR-1', () => {});\n",
    });
    expect(ok.out).toContain('2 rules in 1 rulebooks (coerceo), 0 problems');
    expect(ok.status).toBe(0);
    // The same vector rule outside a reference-data section needs code too.
    const bad = checkLayout({
      'docs/rules/coerceo.md': '## 12. Vectors\n\n### C-VECTOR-1 Perft\n',
      'test/a.test.ts': "it('C-VECTOR-1', () => {});\n",
    });
    expect(bad.out).toContain('C-VECTOR-1 (docs/rules/coerceo.md): no code cites it');
    expect(bad.status).toBe(1);
  });

  it('needs no citation for a rule under a "not checked" heading, and the index says so', () => {
    const r = checkLayout({
      'docs/rules/hive.md': '## 13. Published figures, not checked\n\n### H-PERFT-4 Depth 9\n',
    });
    expect(r.out).toContain('1 rules in 1 rulebooks (hive), 0 problems');
    expect(r.status).toBe(0);
  });

  it('indexes a page of a new game with no edit to the script: its prefix comes from its headings', () => {
    const r = checkLayout({
      'docs/rules/quoridor.md': '### Q-WALL-1 Walls\n\n### Q-WALL-2 Paths\n',
      'src/a.ts': '// Q-WALL-1 and Q-WALL-2\n',
      'test/a.test.ts': "it('Q-WALL-1 and Q-WALL-2', () => {});\n",
    });
    expect(r.out).toContain('2 rules in 1 rulebooks (quoridor), 0 problems');
    expect(r.status).toBe(0);
    // A typo of the new prefix is an unknown citation like any other.
    const typo = ['Q', 'WALL', '3'].join('-');
    const bad = checkLayout({
      'docs/rules/quoridor.md': '### Q-WALL-1 Walls\n',
      'src/a.ts': `// Q-WALL-1 and ${typo}\n`,
      'test/a.test.ts': "it('Q-WALL-1', () => {});\n",
    });
    expect(bad.out).toContain(`${typo}: cited at src/a.ts:1 (src) but in no rulebook`);
  });

  it('fails on a page whose rules have two prefixes, or a prefix two pages use', () => {
    // Built at run time, so this file itself cites no unknown rule.
    const stray = ['T', 'GEO', '9'].join('-');
    const r = checkLayout({
      'docs/rules/hive.md': `### H-PLACE-5 No Queen first\n\n### ${stray} A stray rule\n`,
      'docs/rules/torres.md': '### T-GEO-1 Squares\n',
      'src/a.ts': `// H-PLACE-5 T-GEO-1 ${stray}\n`,
      'test/a.test.ts': `it('H-PLACE-5 T-GEO-1 ${stray}', () => {});\n`,
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain(`${stray} (docs/rules/hive.md): the page's rules start with H-`);
    expect(r.out).toContain(
      "T-GEO-1 (docs/rules/torres.md): the prefix T- is docs/rules/hive.md's",
    );
  });

  it("every registered game's rulebook is a page of docs/rules whose rules carry its prefix", () => {
    for (const { game } of games.values()) {
      const book = game.rulebook;
      expect(book, game.name).toBeDefined();
      const page = readFileSync(join(root, `docs/rules/${book?.page}.md`), 'utf8');
      const ids = [...page.matchAll(/^### ([A-Z]+)-[A-Z]/gm)].map((m) => m[1]);
      expect(ids.length, game.name).toBeGreaterThan(0);
      expect(new Set(ids), game.name).toEqual(new Set([book?.prefix]));
    }
  });

  it('leaves the games without a rulebook alone', () => {
    const r = checkLayout({
      'docs/rules/torres.md': '### T-GEO-1 Squares\n',
      'src/a.ts': '// T-GEO-1; H-PLACE-3 belongs to a game with no rulebook here\n',
      'test/a.test.ts': "it('T-GEO-1', () => {});\n",
    });
    expect(r.status).toBe(0);
  });
});
