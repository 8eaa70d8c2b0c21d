// The docs-examples checker itself: it finds the blocks, runs them against the built package,
// and fails on every kind of broken example (a wrong `//=>` value, one never reached, a throw,
// an undefined variable, an example that never ends).
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocks, instrument } from './code-blocks.js';
import { createScratch, runBlock, type Scratch, typeCheck } from './harness.js';

const root = resolve(import.meta.dirname, '../..');
const block = (code: string, fragment = false): CodeBlock => ({
  file: 'doc.md',
  line: 10,
  fragment,
  code,
});

describe('codeBlocks', () => {
  const md = [
    '# Title', // 1
    '```ts', // 2
    'const a = 1;', // 3
    '```', // 4
    '```sh', // 5
    'npm test', // 6
    '```', // 7
    '```typescript fragment', // 8
    'declare const b: number;', // 9
    '````', // 10: a longer closing fence also closes
  ].join('\n');

  it('finds ts and typescript blocks with their line and fragment flag, and skips others', () => {
    expect(codeBlocks('x.md', md)).toEqual([
      { file: 'x.md', line: 2, fragment: false, code: 'const a = 1;' },
      { file: 'x.md', line: 8, fragment: true, code: 'declare const b: number;' },
    ]);
  });

  it('rejects script blocks in a language it would not run, unknown flags and open fences', () => {
    expect(() => codeBlocks('x.md', '```js\n1\n```')).toThrow(/x\.md:1: write examples as/);
    expect(() => codeBlocks('x.md', '\n```ts fragmnt\n1\n```')).toThrow(
      /x\.md:2: unknown .*fragmnt/,
    );
    expect(() => codeBlocks('x.md', '```ts\n1\n')).toThrow(/x\.md:1: code fence is never closed/);
  });
});

describe('instrument', () => {
  it('wraps expression statements and console.log calls that end with //=>', () => {
    const { code, expectations } = instrument(
      block('const a = 1;\na + 1; //=> 2\nconsole.log(a, "x"); //=> 1, "x"\nconsole.log(a);'),
    );
    expect(expectations).toEqual(['doc.md:12', 'doc.md:13']);
    expect(code).toContain('__expect("doc.md:12", (a + 1), () => (2));');
    expect(code).toContain('__expectLog("doc.md:13", [a, "x"], () => [1, "x"]);');
    expect(code).toContain('console.log(a);');
  });

  it('refuses a //=> that is not after an expression statement, or has no value', () => {
    expect(() => instrument(block('const a = 1; //=> 1'))).toThrow(/doc\.md:11: '\/\/=>' must end/);
    expect(() => instrument(block('1;\n//=> 1'))).toThrow(/doc\.md:12: '\/\/=>' must end/);
    expect(() => instrument(block('1; //=>'))).toThrow(/doc\.md:11: '\/\/=>' needs an expected/);
  });
});

describe('running examples', () => {
  let scratch: Scratch | undefined;
  beforeAll(() => {
    scratch = createScratch();
  });
  afterAll(() => scratch?.remove());
  const run = (code: string, hangMs?: number) =>
    runBlock(scratch as Scratch, block(code), 'probe', hangMs);

  it('imports boardrules from the built package, not from src/', async () => {
    const result = await run(
      "import { RulesError } from 'boardrules';\n" +
        "new RulesError('PARSE_ERROR', 'x').code; //=> 'PARSE_ERROR'\n" +
        "console.log(import.meta.resolve('boardrules'));",
    );
    expect(result.ok).toBe(true);
    expect(result.output).toContain(`file://${join(root, 'dist/index.js')}`);
  });

  it('passes when every //=> holds, compared by deep strict equality', async () => {
    const result = await run(
      "[1, 'a', { b: [null] }]; //=> [1, 'a', { b: [null] }]\nconsole.log('x', 2); //=> 'x', 2",
    );
    expect(result).toMatchObject({ ok: true });
    expect(result.output).toContain('x 2');
  });

  it('fails on a value that differs from its comment, naming the Markdown line', async () => {
    const result = await run('1 + 1;\n[1, 2].length; //=> 3');
    expect(result.ok).toBe(false);
    expect(result.output).toContain('doc.md:12: the comment says 3 but the code gives 2');
  });

  it('fails on a type difference deep equality would hide', async () => {
    expect((await run('String(7); //=> 7')).ok).toBe(false);
    expect((await run('console.log(1, 2); //=> 1')).ok).toBe(false);
  });

  it('fails when a //=> is never reached', async () => {
    const result = await run('if (Math.max(1, 2) === 1) {\n  1; //=> 1\n}');
    expect(result.ok).toBe(false);
    expect(result.output).toContain('expected output never produced: doc.md:12');
  });

  it('fails when the example throws', async () => {
    const result = await run("throw new Error('broken example');");
    expect(result.ok).toBe(false);
    expect(result.output).toContain('broken example');
  });

  it('stops and fails an example that never ends', async () => {
    const result = await run('for (;;) {}', 3_000);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('did not finish within 3 s');
  });

  // Blocking in 'beforeExit' stands in for nodejs/node#54918: the example is done, nothing keeps
  // the event loop alive, and the process still does not exit.
  const HANG_AT_EXIT =
    "process.on('beforeExit', () => {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n});";

  it('passes an example that ran to its end but whose process never exits, with nothing left to run (Node 20 shutdown deadlock)', async () => {
    const result = await run(`1 + 1; //=> 2\n${HANG_AT_EXIT}`, 30_000);
    expect(result.ok).toBe(true);
    expect(result.output).toContain('finished, then Node did not exit (nodejs/node#54918)');
  }, 60_000);

  it('still fails an example that ends with a timer left running', async () => {
    const result = await run('setInterval(() => {}, 1000);\n1 + 1; //=> 2', 3_000);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('did not finish within 3 s');
  });

  it('still fails an example that never reaches a //=> and then hangs', async () => {
    const result = await run(`if (Math.max(1, 2) === 1) {\n  1; //=> 1\n}\n${HANG_AT_EXIT}`, 3_000);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('did not finish within 3 s');
  });

  it('type-checking names an undefined variable by its Markdown line', () => {
    const good = block("import { hive } from 'boardrules/hive';\nhive.start();");
    const bad = block('const s = 1;\ngame.start(s);');
    const errors = typeCheck(scratch as Scratch, [good, bad]);
    expect(errors.get(good)).toEqual([]);
    expect(errors.get(bad)).toEqual(["doc.md:12:1 error TS2304: Cannot find name 'game'."]);
  });
});
