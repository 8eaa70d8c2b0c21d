// The README's per-game examples are code users paste first: every ```ts block in its
// "The games" section must run against the library as written (imports mapped to src/).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## The games'), readme.indexOf('## The interface'));
const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
const scratch = join(root, 'test/docs/.snippets');

const ENTRIES: Record<string, string> = {
  boardrules: 'src/index.js',
  'boardrules/hive': 'src/hive/index.js',
  'boardrules/coerceo': 'src/coerceo/index.js',
  'boardrules/torres': 'src/torres/index.js',
  'boardrules/hive/render': 'src/hive/svg.js',
  'boardrules/coerceo/render': 'src/coerceo/svg.js',
  'boardrules/torres/render': 'src/torres/svg.js',
};

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('README examples', () => {
  it('has an example for every game and the bots', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const entry of ['boardrules/hive', 'boardrules/coerceo', 'boardrules/torres']) {
      expect(section).toContain(`from '${entry}'`);
    }
  });

  it.each(blocks.map((code, i) => [i, code] as const))(
    'example %i runs as written',
    async (i, code) => {
      mkdirSync(scratch, { recursive: true });
      const mapped = code.replace(/from '(boardrules(?:\/\w+)*)'/g, (_m, entry: string) => {
        const target = ENTRIES[entry];
        if (!target) throw new Error(`unknown entry ${entry}`);
        return `from '${join(root, target)}'`;
      });
      const file = join(scratch, `example-${i}.ts`);
      // Silence the examples' console output; a thrown error still fails the test.
      writeFileSync(
        file,
        `const console = { log: (..._a: unknown[]) => {} };\n${mapped}\nexport {};\n`,
      );
      await expect(import(file)).resolves.toBeDefined();
    },
  );
});
