// Type-checks and runs docs examples (CodeBlocks) in a scratch project whose
// node_modules/boardrules is this repository, so `boardrules/...` imports go through
// package.json's exports map to the built dist/, exactly as in a user's project.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { type CodeBlock, instrument } from './code-blocks.js';

const root = resolve(import.meta.dirname, '../..');
const runtime = pathToFileURL(join(import.meta.dirname, 'check-output.mjs')).href;
/** The line an example writes when it ran to its end (`__finished` in check-output.mjs). */
const FINISHED = '[boardrules docs example finished]';
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

/** After an example says it finished with nothing left to run, how long its process may take to exit. */
const EXIT_GRACE_MS = 5_000;

/**
 * Runs one block with its `//=>` comments checked (see check-output.mjs). A block that has not
 * ended after `hangMs` fails. One exception: a block that ran to its end, reached every `//=>`
 * and left nothing that keeps a process alive, but whose process then does not exit within
 * {@link EXIT_GRACE_MS}, passes with a note: that is Node 20's shutdown deadlock
 * (nodejs/node#54918), which a search-heavy example hits a few times in a hundred runs on a busy
 * machine, not the example's doing.
 */
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
    `import { __expect, __expectLog, __expectations, __finished } from ${JSON.stringify(runtime)};\n` +
      `__expectations(${JSON.stringify(expectations)});\n${js}\n__finished();\n`,
  );
  return new Promise((done) => {
    const child = spawn(process.execPath, [file], { cwd: scratch.dir });
    let stdout = '';
    let stderr = '';
    let note = '';
    let cleanFinish = false;
    const kill = (why: string): void => {
      note = why;
      child.kill('SIGKILL');
    };
    const hang = setTimeout(() => kill(`did not finish within ${hangMs / 1000} s\n`), hangMs);
    let grace: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (grace !== undefined || cleanFinish) return;
      const line = stderr.split('\n').find((l) => l.startsWith(`${FINISHED} `));
      if (line === undefined) return;
      const { missed, pending } = JSON.parse(line.slice(FINISHED.length + 1)) as {
        missed: string[];
        pending: string[];
      };
      if (missed.length > 0 || pending.length > 0) return;
      cleanFinish = true;
      grace = setTimeout(
        () => kill('finished, then Node did not exit (nodejs/node#54918); counted as passed\n'),
        EXIT_GRACE_MS,
      );
    });
    child.on('close', (exitCode) => {
      clearTimeout(hang);
      if (grace !== undefined) clearTimeout(grace);
      const deadlocked = cleanFinish && note.startsWith('finished');
      const out = stderr
        .split('\n')
        .filter((l) => !l.startsWith(`${FINISHED} `))
        .join('\n');
      done({ ok: exitCode === 0 || deadlocked, output: `${note}${out}\n${stdout}` });
    });
  });
}
