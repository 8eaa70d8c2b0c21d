/**
 * `boardrules analyze <file>...`: every position of each record's main line searched by the
 * game's engine (`engine.ts`), each move judged by what it lost (`judge.ts`), and the results
 * printed and written (`output.ts`). `--workers N` searches the positions on N worker threads;
 * `--tasks K --task I` analyses only the records dealt to task I of K (record j, counted over
 * all files in order from 0, goes to task j mod K + 1), so that a job runner can spread an
 * archive over many machines, and `--merge DIR...` puts the tasks' output directories together
 * into what one run would have written. The numbers are the same whichever way the work is
 * split (with `--depth`).
 *
 * @module
 */
import { isRulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import { type RecordedGame, type ReplayedLine, replayLine } from '../../core/record.js';
import { intFlag } from '../flags.js';
import { gameFlag, InputError, takePositionals } from '../inputs.js';
import type { CommandContext, CommandPlugin, FlagSpec, Flags, GamePlugin } from '../plugin.js';
import { UsageError } from '../plugin.js';
import { ProgressLine, progressBar } from '../progress.js';
import { recordsOfInput, reportReading } from '../record.js';
import { WorkerPool } from '../workers.js';
import type { AnalysisLimits, AnalyzeJob, PositionResult } from './engine.js';
import { runAnalyzeJob } from './engine.js';
import { judge, type RecordAnalysis } from './judge.js';
import { runMerge } from './merge.js';
import {
  checkOutputNames,
  makeOutDir,
  printResults,
  type TaskInfo,
  writeRecordFiles,
  writeRunFiles,
} from './output.js';

/** The depth of a game whose plug-in names none. */
const FALLBACK_DEPTH = 3;
/** The thresholds of a game whose plug-in names none. */
const FALLBACK_THRESHOLDS = [0.1, 0.2, 0.3] as const;

const FLAGS: readonly FlagSpec[] = [
  { name: 'game', value: '<game>', help: 'the records are of this game (default: told by them)' },
  { name: 'from', value: '<format>', help: 'read the files in this format (default: found)' },
  {
    name: 'depth',
    value: '<N>',
    help: "search each position N plies (default: the game's; reproducible)",
  },
  { name: 'time', value: '<ms>', help: 'search each position this long instead of --depth' },
  { name: 'workers', value: '<N>', help: 'search positions on N worker threads (same numbers)' },
  { name: 'out', value: '<DIR>', help: 'write each annotated record (PGN) and its graph (SVG)' },
  { name: 'json', help: 'one JSON object per record on stdout instead of the summary' },
  { name: 'line', value: '<main>', help: 'the line analysed: main (the only one so far)' },
  { name: 'tasks', value: '<K>', help: "deal the files' records into K tasks (with --task)" },
  { name: 'task', value: '<I>', help: 'analyse only the records of task I (1..K)' },
  { name: 'merge', help: 'merge the --out directories given (tasks of one run) into one' },
];

/** A record of the run: where it is from, and its game. */
interface Entry {
  readonly index: number;
  readonly file: string;
  readonly record: number;
  readonly game: string;
  readonly data: RecordedGame;
}

/** The search limits of a record of `plugin`'s game for these flags. */
function limitsFor(plugin: GamePlugin, flags: Flags): AnalysisLimits {
  if (flags.time !== undefined) return { timeMs: intFlag(flags, 'time', undefined, 1) };
  return { depth: intFlag(flags, 'depth', plugin.analysis?.depth ?? FALLBACK_DEPTH, 1) };
}

/** The settings of a run, as `task.json` keeps them (tasks of one run must agree). */
function settingsText(flags: Flags): string {
  return JSON.stringify({
    game: flags.game ?? null,
    from: flags.from ?? null,
    depth: flags.depth ?? null,
    time: flags.time ?? null,
  });
}

/** Which task this run is: `{ tasks: 1, task: 1 }` without `--tasks`. */
function taskOf(flags: Flags): { tasks: number; task: number } {
  if (flags.tasks === undefined && flags.task === undefined) return { tasks: 1, task: 1 };
  if (flags.tasks === undefined || flags.task === undefined) {
    throw new UsageError('--tasks K and --task I go together');
  }
  const tasks = intFlag(flags, 'tasks', undefined, 1);
  const task = intFlag(flags, 'task', undefined, 1);
  if (task > tasks) throw new UsageError(`--task must be 1..${tasks}, got ${task}`);
  return { tasks, task };
}

/** Reads every file's records (an unreadable file is reported and skipped: `ok` false). */
async function readAll(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  files: readonly string[],
  flags: Flags,
): Promise<{ entries: Entry[]; ok: boolean }> {
  const game = gameFlag(games, flags.game);
  const from = typeof flags.from === 'string' ? flags.from : undefined;
  const entries: Entry[] = [];
  let ok = true;
  for (const file of files) {
    try {
      const read = await recordsOfInput(ctx, games, file, game, from);
      if (!reportReading(ctx, file, read)) ok = false;
      if (read.records.length === 0) {
        ok = false;
        ctx.io.err(`boardrules: ${file}: no record in it`);
      }
      read.records.forEach((data, i) => {
        const g = read.games[i] as string;
        entries.push({ index: entries.length, file, record: i + 1, game: g, data });
      });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      ok = false;
      ctx.io.err(`boardrules: ${e.message}`);
    }
  }
  return { entries, ok };
}

/** Searches every job, on the pool when there is one, showing progress; results in order. */
async function searchAll(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  jobs: readonly AnalyzeJob[],
  workers: number,
): Promise<PositionResult[]> {
  const line = ctx.progress ? new ProgressLine(ctx.progress, ctx.now) : undefined;
  const show = (done: number): void =>
    line?.update(
      (elapsed) =>
        `analyze: ${progressBar(done, jobs.length)} ${done}/${jobs.length} positions, ${elapsed}`,
      done === jobs.length,
    );
  try {
    if (workers > 1 && ctx.workerScript && jobs.length > 1) {
      const pool = new WorkerPool(ctx.workerScript, Math.min(workers, jobs.length));
      try {
        return await pool.run<PositionResult>(jobs, (done) => show(done));
      } finally {
        await pool.close();
      }
    }
    return jobs.map((job, i) => {
      const r = runAnalyzeJob(job, games.get(job.game) as GamePlugin);
      show(i + 1);
      return r;
    });
  } finally {
    line?.end();
  }
}

/**
 * The analysis of one record on this thread, as `analyze` makes it (for scripts: the docs'
 * picture); throws the `RulesError` of a record whose start cannot be made.
 */
export function analyseRecord(
  name: string,
  plugin: GamePlugin,
  record: RecordedGame,
  limits: AnalysisLimits,
  where: { readonly index: number; readonly file: string; readonly record: number },
): RecordAnalysis {
  const line = replayLine(plugin.game, record);
  const results = line.states.map((_, ply) =>
    runAnalyzeJob({ kind: 'analyze', game: name, record, ply, limits }, plugin),
  );
  const thresholds = plugin.analysis?.thresholds ?? FALLBACK_THRESHOLDS;
  return judge(where, name, record, results, line.error?.message ?? null, limits, thresholds);
}

async function runAnalyze(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  flags: Flags,
  files: readonly string[],
): Promise<number> {
  if (flags.merge === true) return runMerge(ctx, games, flags, files);
  if (files.length === 0) throw new UsageError("'analyze' needs one or more record files");
  if (flags.line !== undefined && flags.line !== 'main') {
    throw new UsageError(`--line: only the main line is analysed (main), got ${quote(flags.line)}`);
  }
  if (flags.depth !== undefined && flags.time !== undefined) {
    throw new UsageError('--depth or --time, not both');
  }
  const workers = intFlag(flags, 'workers', 1, 1);
  if (workers > 1 && !ctx.workerScript) {
    throw new UsageError('--workers needs the boardrules binary (worker threads run its file)');
  }
  const { tasks, task } = taskOf(flags);
  const out = typeof flags.out === 'string' ? flags.out : undefined;
  if (flags.out !== undefined && out === undefined) throw new UsageError('--out needs a folder');
  if (out !== undefined) checkOutputNames(files);
  const { entries, ok } = await readAll(ctx, games, files, flags);
  let code = ok ? 0 : 1;
  // This task's records, each replayed; the jobs are their positions.
  const mine = entries.filter((e) => e.index % tasks === task - 1);
  const jobs: AnalyzeJob[] = [];
  const lines = new Map<Entry, ReplayedLine<unknown, unknown>>();
  for (const e of mine) {
    const plugin = games.get(e.game) as GamePlugin;
    const limits = limitsFor(plugin, flags);
    let line: ReplayedLine<unknown, unknown>;
    try {
      line = replayLine(plugin.game, e.data);
    } catch (err) {
      if (!isRulesError(err)) throw err;
      code = 1;
      ctx.io.err(`boardrules: ${e.file} record ${e.record}: not analysed: ${err.message}`);
      continue;
    }
    if (line.error !== null) {
      code = 1;
      ctx.io.err(
        `boardrules: ${e.file} record ${e.record}: analysed up to ply ${line.moves.length}: ${line.error.message}`,
      );
    }
    lines.set(e, line);
    for (let ply = 0; ply < line.states.length; ply++) {
      jobs.push({ kind: 'analyze', game: e.game, record: e.data, ply, limits });
    }
  }
  const results = await searchAll(ctx, games, jobs, workers);
  const all: RecordAnalysis[] = [];
  let at = 0;
  for (const [e, line] of lines) {
    const plugin = games.get(e.game) as GamePlugin;
    const n = line.states.length;
    const a = judge(
      { index: e.index, file: e.file, record: e.record },
      e.game,
      e.data,
      results.slice(at, at + n),
      line.error?.message ?? null,
      limitsFor(plugin, flags),
      plugin.analysis?.thresholds ?? FALLBACK_THRESHOLDS,
    );
    at += n;
    all.push(a);
  }
  if (out !== undefined) {
    makeOutDir(out);
    const byIndex = new Map(mine.map((e) => [e.index, e]));
    for (const a of all) writeRecordFiles(ctx, out, (byIndex.get(a.index) as Entry).data, a);
    const info: TaskInfo = {
      tasks,
      task,
      records: entries.length,
      files,
      settings: settingsText(flags),
    };
    writeRunFiles(out, all, info);
  }
  printResults(ctx, games, all, flags.json === true);
  return code;
}

/** `boardrules analyze` over `games` (the registered games by default). */
export function analyzeCommand(games: ReadonlyMap<string, GamePlugin>): CommandPlugin {
  const thresholds = [...games]
    .filter(([, p]) => p.analysis !== undefined)
    .flatMap(([g, p]) => {
      const a = p.analysis as NonNullable<GamePlugin['analysis']>;
      const [inaccuracy, mistake, blunder] = a.thresholds;
      return [
        `  ${g}: depth ${a.depth}; ?! from ${inaccuracy}, ? from ${mistake}, ?? from ${blunder}`,
        `    (${a.basis})`,
      ];
    });
  return {
    name: 'analyze',
    synopsis: 'analyze <file>... [--depth N|--time ms] [--out DIR]',
    summary: "judge every move of recorded games with the game's engine",
    about: [
      "Searches every position of each record's main line with the game's engine (alpha-beta",
      'with its evaluator; max-n for more seats or hidden cards), marks each move by what it',
      "lost for the seat that played it, and gives the engine's move where it differs.",
      'Evaluations are from the first seat, -1 to +1. With --out DIR: an annotated PGN and an',
      'SVG graph per record, and analysis.jsonl. --tasks K --task I analyses one part of the',
      'records (for a job runner); analyze --merge DIR... puts the parts together.',
      '',
      'Default depth and the drops that make ?!, ? and ??:',
      ...thresholds,
    ].join('\n'),
    flags: FLAGS,
    take: (args) => takePositionals(FLAGS, args),
    run: (ctx, flags, files) => runAnalyze(ctx, games, flags, files),
  };
}
