/**
 * `boardrules analyze --merge DIR... [--out DIR] [--json]`: the output directories of the tasks
 * of one run (`--tasks K --task I`, each with its `task.json` and `analysis.jsonl`) put together:
 * every record's result in the run's order, printed as one run prints them, and with `--out` one
 * directory with every record's files, as one run would have written it. Refuses directories of
 * different runs, a task given twice and a task missing.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from '../../core/quote.js';
import type { CommandContext, Flags, GamePlugin } from '../plugin.js';
import { UsageError } from '../plugin.js';
import type { RecordAnalysis } from './judge.js';
import {
  copyRecordFiles,
  makeOutDir,
  printResults,
  type TaskInfo,
  writeRunFiles,
} from './output.js';

/** The flags `--merge` takes besides itself. */
const MERGE_FLAGS = new Set(['merge', 'out', 'json']);

/** What one task's directory holds. */
interface TaskDir {
  readonly dir: string;
  readonly info: TaskInfo;
  readonly results: readonly RecordAnalysis[];
}

function readTaskDir(dir: string): TaskDir {
  const read = (name: string): string => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch (e) {
      throw new UsageError(
        `--merge: ${quote(dir)} is no analyze --out directory: ${(e as Error).message}`,
      );
    }
  };
  try {
    const info = JSON.parse(read('task.json')) as TaskInfo;
    const results = read('analysis.jsonl')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as RecordAnalysis);
    if (typeof info.tasks !== 'number' || typeof info.task !== 'number')
      throw new Error('task.json');
    return { dir, info, results };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `--merge: ${quote(dir)}: not what analyze writes (${(e as Error).message})`,
    );
  }
}

export async function runMerge(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  flags: Flags,
  dirs: readonly string[],
): Promise<number> {
  for (const name of Object.keys(flags)) {
    if (!MERGE_FLAGS.has(name))
      throw new UsageError(`--merge takes --out and --json, not --${name}`);
  }
  if (dirs.length === 0) throw new UsageError('--merge needs the output directories of the tasks');
  const parts = dirs.map(readTaskDir);
  const first = (parts[0] as TaskDir).info;
  const same = (i: TaskInfo) =>
    i.tasks === first.tasks &&
    i.records === first.records &&
    i.settings === first.settings &&
    JSON.stringify(i.files) === JSON.stringify(first.files);
  const byTask = new Map<number, string>();
  for (const { dir, info } of parts) {
    if (!same(info)) {
      throw new UsageError(`--merge: ${dir} is from another run than ${(parts[0] as TaskDir).dir}`);
    }
    const twice = byTask.get(info.task);
    if (twice !== undefined)
      throw new UsageError(`--merge: ${dir} and ${twice} are both task ${info.task}`);
    byTask.set(info.task, dir);
  }
  const missing = Array.from({ length: first.tasks }, (_, i) => i + 1).filter(
    (t) => !byTask.has(t),
  );
  if (missing.length > 0) {
    throw new UsageError(`--merge: task ${missing.join(', ')} of ${first.tasks} missing`);
  }
  const all = parts
    .flatMap((p) => p.results.map((r) => ({ r, dir: p.dir })))
    .sort((a, b) => a.r.index - b.r.index);
  const out = typeof flags.out === 'string' ? flags.out : undefined;
  if (out !== undefined) {
    makeOutDir(out);
    for (const { r, dir } of all) copyRecordFiles(dir, out, r);
    writeRunFiles(
      out,
      all.map((x) => x.r),
      { ...first, tasks: 1, task: 1 },
    );
  }
  printResults(
    ctx,
    games,
    all.map((x) => x.r),
    flags.json === true,
  );
  return 0;
}
