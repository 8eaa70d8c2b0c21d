// Docs that run: every fenced ```ts (or ```typescript) block in README.md and docs/*.md is an
// example users paste, so each one is type-checked (strict) and run, both against the BUILT
// package — `boardrules/...` resolves through the package's `exports` map to dist/, exactly as
// in a user's project.
//
// The convention (also in README "Contributing"):
// - A block must be self-contained: its own imports, no variables from an earlier block.
// - `expr; //=> literal` — the comment is the expression's value, written as a JavaScript
//   literal (`'text'`, `48`, `[0.5, 0.5]`, `{ to: 'c4', via: 'step' }`); the test evaluates
//   the literal and compares with deep strict equality (node:util isDeepStrictEqual: same types,
//   same keys, same array order). `console.log(a, b); //=> x, y` compares the logged
//   arguments with `[x, y]` the same way. Every `//=>` must be reached when the block runs, and
//   a `//=>` anywhere else (after a declaration, on its own line) is an error.
// - Other comments are prose and are not checked, so values belong in `//=>` comments.
// - ```ts fragment marks a block that is type-checked but not run (a declaration, a sketch);
//   it must still type-check on its own.
// A block that throws, fails a check or does not finish within a minute (an example that never
// ends) fails its test, named by the Markdown file and line. A block that ran to its end with
// nothing left to run but whose process then hangs passes with a note: Node 20's shutdown
// deadlock (nodejs/node#54918), seen on docs/bots.md's lazy-SMP example (see harness.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocks } from './code-blocks.js';
import { createScratch, runBlock, type Scratch, typeCheck } from './harness.js';

const root = resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const blocks = docs.flatMap((file) => codeBlocks(file, readFileSync(join(root, file), 'utf8')));
const name = (b: CodeBlock) => `${b.file}:${b.line}`;

let scratch: Scratch | undefined;
let typeErrors = new Map<CodeBlock, string[]>();

beforeAll(() => {
  scratch = createScratch();
  typeErrors = typeCheck(scratch, blocks);
}, 120_000);

afterAll(() => scratch?.remove());

describe('docs examples', () => {
  it('are found in the README and every guide that has code', () => {
    const files = new Set(blocks.map((b) => b.file));
    for (const file of ['README.md', 'docs/hive.md', 'docs/coerceo.md', 'docs/torres.md']) {
      expect(files).toContain(file);
    }
    const readme = blocks.filter((b) => b.file === 'README.md').map((b) => b.code);
    for (const entry of [
      'boardrules',
      'boardrules/hive',
      'boardrules/coerceo',
      'boardrules/torres',
    ]) {
      expect(readme.some((code) => code.includes(`from '${entry}'`))).toBe(true);
    }
  });

  it.each(blocks.map((b) => [name(b), b] as const))('%s type-checks', (_name, block) => {
    expect(typeErrors.get(block)).toEqual([]);
  });

  it.each(blocks.flatMap((b, i) => (b.fragment ? [] : [[name(b), b, i] as const])))(
    '%s runs and prints what its comments say',
    async (_name, block, index) => {
      const { ok, output } = await runBlock(scratch as Scratch, block, `block${index}`);
      if (!ok) throw new Error(output);
    },
  );
});
