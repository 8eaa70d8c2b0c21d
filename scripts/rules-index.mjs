// The rulebook's index and its check. Every rule of docs/rules/<game>.md has a heading
// `### <ID> <title>`; the code that enforces a rule cites its ID in a comment, and the tests that
// prove it cite the ID (in their titles, or in the data their titles are built from). This
// script reads the rulebooks, src/ and test/, writes docs/rules/index.md (every rule with links
// to the source lines and test lines that cite it) and exits with status 1 when
//   - a rule of a rulebook has no citation in src/ or none in test/, or
//   - src/ or test/ cites an ID that no rulebook has.
// The rulebooks are the pages of docs/rules/ (each game's, named by its record's
// `rulebook.page`), and each page's ID prefix (the `H` of `H-PLACE-5`) is read from its rule
// headings: a new game's page is indexed and checked with no edit here.
// Usage: node scripts/rules-index.mjs [--check]   (--check: report only, write nothing)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const rulesDir = join(root, 'docs/rules');
const checkOnly = process.argv.includes('--check');

/** The body of a rule ID after its prefix: upper-case words (digits after the first letter), a number. */
const ID_BODY = '-[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\\d+[a-z]?';
/** A rule heading of a rulebook page: `### H-PLACE-5 Title`. */
const HEADING = new RegExp(`^### ([A-Z]+${ID_BODY})\\b\\s*(.*)$`);

/** The rulebook pages: every page of docs/rules/ but the index this script writes. */
const GAMES = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.md') && f !== 'index.md')
  .map((f) => f.slice(0, -'.md'.length))
  .sort();

/** Every `.ts`/`.mjs` file below `dir`. */
function sources(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'fixtures') out.push(...sources(p));
    } else if (/\.(ts|mjs)$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

/** `Map<ID, [{file, line}]>` of the IDs cited in `files`. */
function citations(files) {
  const map = new Map();
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const [id] of text.matchAll(ID)) {
          const list = map.get(id) ?? [];
          const rel = relative(root, file);
          if (!list.some((c) => c.file === rel && c.line === i + 1))
            list.push({ file: rel, line: i + 1 });
          map.set(id, list);
        }
      });
  }
  return map;
}

/** The rules of each rulebook: `[{game, id, title, anchor}]` in page order. */
function rulebooks() {
  const rules = [];
  for (const game of GAMES) {
    const text = readFileSync(join(rulesDir, `${game}.md`), 'utf8');
    // Rules under a section whose heading says "reference data" are data the tests check
    // (perft tables, scenarios): no source line enforces them, so they need tests only. Rules
    // under a heading that says "not checked" are published figures the page says are not used
    // (too slow, or single-sourced): they need neither, and the index says so.
    let testsOnly = false;
    let unchecked = false;
    let previous = '';
    for (const line of text.split('\n')) {
      const before = previous;
      previous = line;
      if (line.startsWith('## ')) {
        testsOnly = /reference data/i.test(line);
        unchecked = /not checked/i.test(line);
      }
      const m = line.match(HEADING);
      if (!m) continue;
      const [, id, title] = m;
      // GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes.
      const anchor = `${id} ${title}`
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replace(/ /g, '-');
      // The short anchor `#h-place-5` that refusals link to (RulesError.rule, rulePage) stands
      // on the line before the heading.
      const shortAnchor = before === `<a id="${id.toLowerCase()}"></a>`;
      const prefix = id.slice(0, id.indexOf('-'));
      rules.push({
        game,
        id,
        prefix,
        title: title.trim(),
        anchor,
        testsOnly,
        unchecked,
        shortAnchor,
      });
    }
  }
  return rules;
}

const rules = rulebooks();
const known = new Set(rules.map((r) => r.id));
/** Each page's ID prefix, and the page of each prefix: one prefix per page, one page per prefix. */
const prefixOf = new Map();
const pageOf = new Map();
const problems = [];
for (const r of rules) {
  const mine = prefixOf.get(r.game) ?? r.prefix;
  prefixOf.set(r.game, mine);
  if (r.prefix !== mine) {
    problems.push(`${r.id} (docs/rules/${r.game}.md): the page's rules start with ${mine}-`);
  }
  const page = pageOf.get(r.prefix) ?? r.game;
  pageOf.set(r.prefix, page);
  if (page !== r.game) {
    problems.push(
      `${r.id} (docs/rules/${r.game}.md): the prefix ${r.prefix}- is docs/rules/${page}.md's`,
    );
  }
}
/** A rule ID of any rulebook's prefix, as cited in src/ and test/. */
const ID = new RegExp(`\\b(?:${[...pageOf.keys()].join('|') || '(?!)'})${ID_BODY}\\b`, 'g');
/**
 * A citation with a letter after the number (`C-TILE-4a`) cites a part of the rule without it
 * (`C-TILE-4`), unless a rulebook has the lettered ID as a rule of its own.
 */
function byRule(map) {
  const out = new Map();
  for (const [id, list] of map) {
    const base = id.replace(/(\d)[a-z]$/, '$1');
    const key = known.has(id) || !known.has(base) ? id : base;
    out.set(key, [...(out.get(key) ?? []), ...list]);
  }
  return out;
}
const code = byRule(citations(sources(join(root, 'src'))));
const tests = byRule(citations(sources(join(root, 'test'))));

const seen = new Set();
for (const r of rules) {
  if (seen.has(r.id)) problems.push(`${r.id}: two headings in docs/rules/${r.game}.md`);
  seen.add(r.id);
  if (!r.shortAnchor)
    problems.push(
      `${r.id} (docs/rules/${r.game}.md): the line before its heading must be <a id="${r.id.toLowerCase()}"></a>`,
    );
  if (r.unchecked) continue;
  if (!r.testsOnly && !code.has(r.id))
    problems.push(`${r.id} (docs/rules/${r.game}.md): no code cites it`);
  if (!tests.has(r.id)) problems.push(`${r.id} (docs/rules/${r.game}.md): no test cites it`);
}
for (const [where, map] of [
  ['src', code],
  ['test', tests],
]) {
  for (const [id, list] of map) {
    if (!known.has(id)) {
      problems.push(
        `${id}: cited at ${list[0].file}:${list[0].line} (${where}) but in no rulebook`,
      );
    }
  }
}

const link = (c) =>
  `[${c.file.replace(/^(src|test)\//, '')}:${c.line}](../../${c.file}#L${c.line})`;
if (!checkOnly) {
  const lines = [
    '# Rule index',
    '',
    'Generated by `scripts/rules-index.mjs` (`npm run docs`): every rule of the rulebooks,',
    'with the source lines that enforce it and the test lines that prove it. Do not edit by hand.',
    '',
  ];
  for (const game of GAMES) {
    const mine = rules.filter((r) => r.game === game);
    if (mine.length === 0) continue;
    lines.push(`## ${game[0].toUpperCase()}${game.slice(1)}`, '');
    lines.push('| rule | enforced in | proved by |', '|---|---|---|');
    for (const r of mine) {
      const c =
        (code.get(r.id) ?? []).map(link).join(', ') || (r.testsOnly ? 'reference data' : '—');
      const t = (tests.get(r.id) ?? []).map(link).join(', ') || (r.unchecked ? 'not checked' : '—');
      lines.push(`| [${r.id}](${game}.md#${r.anchor}) ${r.title} | ${c} | ${t} |`);
    }
    lines.push('');
  }
  writeFileSync(join(rulesDir, 'index.md'), lines.join('\n'));
}
const books = [...new Set(rules.map((r) => r.game))];
console.log(
  `rules-index: ${rules.length} rules in ${books.length} rulebooks (${books.join(', ') || 'none'}), ` +
    `${problems.length} problem${problems.length === 1 ? '' : 's'}`,
);
for (const p of problems) console.log(`  ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
