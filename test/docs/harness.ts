// Type-checks and runs docs examples (CodeBlocks) in a scratch project whose
// node_modules/boardrules is this repository, so `boardrules/...` imports go through
// package.json's exports map to the built dist/, exactly as in a user's project.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { type CodeBlock, instrument } from './code-blocks.js';

const root = resolve(import.meta.dirname, '../..');
const runtime = pathToFileURL(join(import.meta.dirname, 'check-output.mjs')).href;
/** A guard against examples that never end (like the old generic Hive playout), not a speed check. */
export const HANG_MS = 60_000;

/** A scratch directory holding the examples as files. */
export interface Scratch {
  readonly dir: string;
  remove(): void;
}

export function createScratch(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-docs-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules/boardrules'), 'dir');
  symlinkSync(join(root, 'node_modules/@types'), join(dir, 'node_modules/@types'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['*.ts'],
    }),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Type-checks every block (strict, one compiler run) and returns each block's errors, located
 * by Markdown file and line.
 */
export function typeCheck(
  scratch: Scratch,
  blocks: readonly CodeBlock[],
): Map<CodeBlock, string[]> {
  const errors = new Map<CodeBlock, string[]>();
  blocks.forEach((b, i) => {
    writeFileSync(join(scratch.dir, `block${i}.ts`), `${b.code}\nexport {};\n`);
    errors.set(b, []);
  });
  let out = '';
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch.dir, '--pretty', 'false'],
      { encoding: 'utf8', cwd: scratch.dir },
    );
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  const lines = out.split('\n').filter((l) => l.trim() !== '');
  for (const line of lines) {
    const m = /^block(\d+)\.ts\((\d+),(\d+)\): (.*)$/.exec(line);
    const b = m ? blocks[Number(m[1])] : undefined;
    if (!m || !b) {
      // A continuation line of the previous message, or trouble outside the examples.
      if (/^\s/.test(line)) continue;
      throw new Error(`tsc failed outside the examples:\n${out}`);
    }
    errors.get(b)?.push(`${b.file}:${b.line + Number(m[2])}:${m[3]} ${m[4]}`);
  }
  return errors;
}

/** The outcome of running one block: whether it passed, and what it printed. */
export interface RunResult {
  readonly ok: boolean;
  readonly output: string;
}

/** Runs one block with its `//=>` comments checked (see check-output.mjs). */
export function runBlock(
  scratch: Scratch,
  block: CodeBlock,
  id: string,
  hangMs = HANG_MS,
): Promise<RunResult> {
  const { code, expectations } = instrument(block);
  const js = transformSync(code, { loader: 'ts', format: 'esm', target: 'node20' }).code;
  const file = join(scratch.dir, `${id}.mjs`);
  writeFileSync(
    file,
    `import { __expect, __expectLog, __expectations } from ${JSON.stringify(runtime)};\n` +
      `__expectations(${JSON.stringify(expectations)});\n${js}`,
  );
  return new Promise((done) => {
    execFile(
      process.execPath,
      [file],
      { cwd: scratch.dir, encoding: 'utf8', timeout: hangMs, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const hung = (error as { killed?: boolean } | null)?.killed === true;
        const note = hung ? `did not finish within ${hangMs / 1000} s\n` : '';
        done({ ok: error === null, output: `${note}${stderr}\n${stdout}` });
      },
    );
  });
}
