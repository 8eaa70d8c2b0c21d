// The guides' pictures are committed (docs/pictures/*.svg) so they show wherever the guides are
// read; they must be exactly what scripts/docs-pictures.mjs draws now, or a renderer change
// would leave them stale without anyone noticing. Fix a failure with `npm run docs` and commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const committed = join(root, 'docs/pictures');
let fresh = '';

const svgs = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.svg'))
    .sort();

beforeAll(() => {
  fresh = mkdtempSync(join(tmpdir(), 'boardrules-pictures-'));
  execFileSync(process.execPath, [join(root, 'scripts/docs-pictures.mjs'), fresh], {
    cwd: root,
    stdio: 'ignore',
  });
}, 120_000);

afterAll(() => {
  if (fresh) rmSync(fresh, { recursive: true, force: true });
});

describe('docs/pictures', () => {
  it('holds exactly the pictures the script draws', () => {
    expect(svgs(fresh).length).toBeGreaterThan(0);
    expect(svgs(committed)).toEqual(svgs(fresh));
  });

  it.each(svgs(committed))('%s is what the script draws now', (name) => {
    const now = readFileSync(join(fresh, name), 'utf8');
    const saved = readFileSync(join(committed, name), 'utf8');
    // Compare by equality, but fail with a short message rather than two 30 kB strings.
    expect(saved === now, `docs/pictures/${name} is stale: run npm run docs and commit it`).toBe(
      true,
    );
  });

  it('every picture is shown by a guide or a rulebook page (docs/rules/)', () => {
    const pages = (dir: string) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(join(root, dir, f), 'utf8'));
    const guides = pages('docs').join('\n');
    const rulebooks = pages('docs/rules').join('\n');
    for (const name of svgs(committed)) {
      const shown =
        guides.includes(`(pictures/${name})`) || rulebooks.includes(`(../pictures/${name})`);
      expect(shown, `docs/pictures/${name} is shown nowhere`).toBe(true);
    }
  });

  it('the rulebook pages show the pictures of their rules (gates, the throw, each fan bug, captures, tile removal, doors, scoring)', () => {
    const page = (game: string) => readFileSync(join(root, 'docs/rules', `${game}.md`), 'utf8');
    const shown = (game: string) =>
      [...page(game).matchAll(/\(\.\.\/pictures\/(rules-[a-z-]+\.svg)\)/g)].map((m) => m[1]);
    expect(shown('hive')).toHaveLength(11);
    expect(shown('coerceo')).toHaveLength(4);
    expect(shown('torres')).toHaveLength(2);
  });
});
