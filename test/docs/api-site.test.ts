// The API site's check (scripts/check-api-site.mjs, the last step of `npm run docs`) on small
// hand-made sites: it passes a site built as the plugin builds it and names each fault of the
// site TypeDoc built without it (the title twice, headings without their code, a module named
// after its folder, no rulebooks, source files copied into media/). `npm run docs` runs it on the
// real site.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { checkSite, markdownHeadings } from '../../scripts/check-api-site.mjs';

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const repo = {
  name: 'boardrules',
  readme:
    '# boardrules\n\n## Install\n\n### Hive — `boardrules/hive`\n\n```sh\n## not a heading\n```\n',
  importPaths: ['boardrules', 'boardrules/hive', 'boardrules/boardgameio'],
  rulebooks: { hive: '<a id="h-place-5"></a>\n### H-PLACE-5 No Queen on the first turn\n' },
};

interface Site {
  h1?: string[];
  contents?: string[];
  modules?: string[];
  rulebook?: string | null;
  media?: string[];
}

/** A site in a temporary folder: the parts the check reads. */
function site(s: Site): string {
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-site-'));
  temps.push(dir);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const h1 = (s.h1 ?? ['boardrules']).map((t) => `<h1>${t}</h1>`).join('');
  const contents = (s.contents ?? ['Install', 'Hive — boardrules/hive'])
    .map((t) => `<li><a href="#x"><span>${t}</span></a></li>`)
    .join('');
  write('index.html', `<body>${h1}<h3>On This Page</h3><ul>${contents}</ul></body>`);
  for (const m of s.modules ?? repo.importPaths) {
    write(`modules/${m.replace(/\//g, '_')}.html`, `<title>${m} | boardrules</title>`);
  }
  write('modules/boardrules.hex.html', '<title>hex | boardrules</title>'); // a namespace
  if (s.rulebook !== null) {
    write('documents/rules_hive.html', s.rulebook ?? '<h3 id="h-place-5">H-PLACE-5</h3>');
  }
  for (const f of s.media ?? ['hive-opening.svg']) write(`media/${f}`, '');
  return dir;
}

describe('the API site check', () => {
  it('reads the README headings with their code, outside code blocks', () => {
    expect(markdownHeadings(repo.readme)).toEqual(['Install', 'Hive — boardrules/hive']);
  });

  it('passes a site with one title, full contents, the import paths and the rulebooks', () => {
    expect(checkSite(site({}), repo)).toEqual([]);
  });

  it.each([
    [{ h1: ['boardrules', 'boardrules'] }, /the title should be one <h1>/],
    [{ contents: ['Install', 'Hive — '] }, /lacks 'Hive — boardrules\/hive'/],
    [{ modules: ['boardrules', 'boardrules/hive', 'boardgameio'] }, /want the import paths/],
    [{ rulebook: null }, /docs\/rules\/hive.md is not in the site/],
    [{ rulebook: '<h3 id="h-place-5-no-queen">H-PLACE-5</h3>' }, /no anchor 'h-place-5'/],
    [
      { media: ['hive-opening.svg', 'moves.ts'] },
      /media\/ holds copies of repository files: moves.ts/,
    ],
  ])('names the fault of %j', (fault, message) => {
    const problems: string[] = checkSite(site(fault as Site), repo);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});
