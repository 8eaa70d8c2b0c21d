// Checks the API site typedoc built into docs/api (the last step of `npm run docs`), by its HTML:
//
// - the front page names the project once (one <h1>), not once for the page and once for the
//   README's own heading;
// - the front page's contents ("On This Page") list every README heading with all its text, the
//   inline code included (`Hive — boardrules/hive`, not `Hive — `);
// - the modules are exactly the package's import paths (package.json exports): 'boardrules',
//   'boardrules/hive', …, 'boardrules/boardgameio' — not a folder name like 'boardgameio';
// - every rulebook (docs/rules/*.md) is a page of the site, with the anchor of each of its rules;
// - the site copies no repository file from outside docs/ (a link to source goes to GitHub).
//
// Usage: node scripts/check-api-site.mjs [siteDir]. Exit code 1 with the problems listed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const decode = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const textOf = (html) =>
  decode(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The headings (level 2 and deeper) of a Markdown text, as plain text, outside code blocks. */
export function markdownHeadings(markdown) {
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
  return [...prose.matchAll(/^#{2,6} +(.+?) *#* *$/gm)].map((m) =>
    m[1]
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * The problems of the site in `site`, for the repository described by `repo`: `readme` (the
 * README's text), `name` and `importPaths` (from package.json), `rulebooks` (name → text of each
 * docs/rules/*.md).
 */
export function checkSite(site, repo) {
  const problems = [];
  const read = (path) => readFileSync(join(site, path), 'utf8');
  const index = read('index.html');
  const h1 = [...index.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]));
  if (h1.length !== 1 || h1[0] !== repo.name) {
    problems.push(
      `index.html: the title should be one <h1> '${repo.name}', got ${JSON.stringify(h1)}`,
    );
  }
  const onPage = index.slice(index.indexOf('On This Page'));
  const entries = new Set(
    [...onPage.matchAll(/<a href="#[^"]*"><span>([\s\S]*?)<\/span><\/a>/g)].map((m) =>
      textOf(m[1]),
    ),
  );
  for (const heading of markdownHeadings(repo.readme)) {
    if (!entries.has(heading)) problems.push(`index.html: "On This Page" lacks '${heading}'`);
  }
  const modules = readdirSync(join(site, 'modules'))
    .filter((f) => /^[^.]+\.html$/.test(f)) // a namespace's page is module.namespace.html
    .map((f) => textOf(/<title>([^<|]*)/.exec(read(`modules/${f}`))?.[1] ?? f));
  const want = [...repo.importPaths].sort();
  if (JSON.stringify([...modules].sort()) !== JSON.stringify(want)) {
    problems.push(
      `modules: ${JSON.stringify(modules.sort())}, want the import paths ${JSON.stringify(want)}`,
    );
  }
  for (const [name, text] of Object.entries(repo.rulebooks)) {
    const page = `documents/rules_${name}.html`;
    if (!existsSync(join(site, page))) {
      problems.push(`docs/rules/${name}.md is not in the site (no ${page})`);
      continue;
    }
    const html = read(page);
    for (const [, id] of text.matchAll(/<a id="([^"]+)"><\/a>/g)) {
      if (!html.includes(`id="${id}"`)) problems.push(`${page}: no anchor '${id}'`);
    }
  }
  const media = existsSync(join(site, 'media')) ? readdirSync(join(site, 'media')) : [];
  const stray = media.filter((f) => !/\.(svg|png|jpe?g|gif|webp)$/.test(f));
  if (stray.length > 0)
    problems.push(`media/ holds copies of repository files: ${stray.join(', ')}`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const rulesDir = join(root, 'docs/rules');
  const repo = {
    name: pkg.name,
    readme: readFileSync(join(root, 'README.md'), 'utf8'),
    importPaths: Object.keys(pkg.exports)
      .filter((k) => !k.endsWith('.json'))
      .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`)),
    rulebooks: Object.fromEntries(
      readdirSync(rulesDir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => [f.slice(0, -3), readFileSync(join(rulesDir, f), 'utf8')]),
    ),
  };
  const site = resolve(root, process.argv[2] ?? 'docs/api');
  const problems = checkSite(site, repo);
  for (const p of problems) console.error(`check-api-site: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(
    `check-api-site: ${site}: one title, the README's ${markdownHeadings(repo.readme).length} headings in its contents, modules ${repo.importPaths.join(', ')}, ${Object.keys(repo.rulebooks).length} rulebooks`,
  );
}
