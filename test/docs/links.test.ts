// Links that work where the docs are read. npm shows README.md without the repository's files,
// so every README link and image must be absolute; those into this repository must name a file
// that exists and is not git-ignored (so it is on GitHub). The guides in docs/ are read on
// GitHub, where relative links work, but what they point at must exist and be committed too.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const REPO_FILE = [
  'https://github.com/boardrules/boardrules/blob/main/',
  'https://raw.githubusercontent.com/boardrules/boardrules/main/',
];

/** Every link and image target of a Markdown text, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '')
    .replace(/`+[^`\n]*`+/g, '');
  const targets: string[] = [];
  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(m[1] as string);
  }
  for (const m of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
    targets.push(m[1] as string);
  }
  for (const m of prose.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)) {
    targets.push(m[1] as string);
  }
  return targets;
}

function isIgnored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false; // exit code 1: not ignored
  }
}

/** Why a repository file path is not a valid link target, or null when it is. */
function fileProblem(path: string): string | null {
  if (!existsSync(join(root, path))) return 'no such file';
  if (isIgnored(path)) return 'the file is git-ignored, so it is not in the repository';
  return null;
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const guides = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

describe('README links', () => {
  const targets = linkTargets(readme);

  it('finds the links (the parser is not blind)', () => {
    expect(targets.length).toBeGreaterThan(5);
    expect(linkTargets('[a](docs/a.md) ![b](<p.svg> "t")\n[c]: ./c.md\n<img src="d.png">')).toEqual(
      ['docs/a.md', 'p.svg', './c.md', 'd.png'],
    );
    expect(linkTargets('`[a](x.md)`\n```md\n[b](y.md)\n```\n')).toEqual([]);
  });

  it('are all absolute, because npm shows the README without the repository', () => {
    const relative = targets.filter((t) => !/^(https:\/\/|mailto:)/.test(t));
    expect(relative).toEqual([]);
  });

  it('into this repository name committed files', () => {
    const problems: string[] = [];
    for (const target of targets) {
      const prefix = REPO_FILE.find((p) => target.startsWith(p));
      if (!prefix) continue;
      const path = decodeURIComponent(target.slice(prefix.length).replace(/[?#].*$/, ''));
      const problem = fileProblem(path);
      if (problem) problems.push(`${target}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

describe.each(guides)('%s links', (guide) => {
  it('to files of the repository point at committed files', () => {
    const problems: string[] = [];
    for (const target of linkTargets(readFileSync(join(root, guide), 'utf8'))) {
      if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const path = normalize(
        join(dirname(guide), decodeURIComponent(target.replace(/[?#].*$/, ''))),
      );
      const problem = fileProblem(path);
      if (problem) problems.push(`${target}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
