/**
 * What `boardrules analyze` writes: the summary of each record on stdout (or its JSON line with
 * `--json`), and in `--out DIR` the annotated record, its graph, `analysis.jsonl` (every record's
 * JSON line, in order) and `task.json` (which part of which run the directory holds, for
 * `--merge`).
 *
 * @module
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { isRulesError } from '../../core/errors.js';
import { writePgn } from '../../core/pgn.js';
import type { RecordedGame } from '../../core/record.js';
import type { CommandContext, GamePlugin } from '../plugin.js';
import { UsageError } from '../plugin.js';
import { evaluationGraph } from './graph.js';
import { annotate, limitsText, type RecordAnalysis, signed } from './judge.js';

/** What a run (or a task of one) covered: `task.json` of an output directory. */
export interface TaskInfo {
  /** Into how many tasks the run's records were dealt, and which (from 1) this is. */
  readonly tasks: number;
  readonly task: number;
  /** The run's records in all (every task's), its files and its search settings. */
  readonly records: number;
  readonly files: readonly string[];
  readonly settings: string;
}

/** The name (without extension) of a record's output files: `<file's stem>-<record>`. */
export function outputName(file: string, record: number): string {
  return `${basename(file, extname(file))}-${record}`;
}

/** Refuses files whose outputs would have the same names (two `games.pgn` in two folders). */
export function checkOutputNames(files: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const f of files) {
    const stem = basename(f, extname(f));
    const other = seen.get(stem);
    if (other !== undefined && other !== f) {
      throw new UsageError(
        `--out: ${f} and ${other} would write files of the same names: analyse them apart`,
      );
    }
    seen.set(stem, f);
  }
}

/** Creates the output directory; a usage error when it cannot be made. */
export function makeOutDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`--out: cannot make ${dir}: ${(e as Error).message}`);
  }
}

/**
 * Writes the annotated record (PGN; JSON when PGN cannot hold the record as read) and the graph
 * of one record into `dir`; reports on stderr what it could not write.
 */
export function writeRecordFiles(
  ctx: CommandContext,
  dir: string,
  record: RecordedGame,
  a: RecordAnalysis,
): void {
  const name = outputName(a.file, a.record);
  const annotated = annotate(record, a);
  try {
    writeFileSync(join(dir, `${name}.pgn`), writePgn(annotated));
  } catch (e) {
    if (!isRulesError(e)) throw e;
    ctx.io.err(`boardrules: ${a.file} record ${a.record}: written as JSON: ${e.message}`);
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(annotated, null, 2)}\n`);
  }
  writeFileSync(join(dir, `${name}.svg`), evaluationGraph(a));
}

/** Writes `analysis.jsonl` and `task.json` of a run (or a merge) into `dir`. */
export function writeRunFiles(dir: string, all: readonly RecordAnalysis[], info: TaskInfo): void {
  writeFileSync(join(dir, 'analysis.jsonl'), all.map((a) => `${JSON.stringify(a)}\n`).join(''));
  writeFileSync(join(dir, 'task.json'), `${JSON.stringify(info)}\n`);
}

/** Copies a record's files from a task's directory into `dir`. */
export function copyRecordFiles(from: string, dir: string, a: RecordAnalysis): void {
  const name = outputName(a.file, a.record);
  for (const ext of ['.pgn', '.json', '.svg']) {
    const f = join(from, `${name}${ext}`);
    if (existsSync(f)) copyFileSync(f, join(dir, `${name}${ext}`));
  }
}

/** A seat for the summary: `seat 0`, with its colour and its player where known. */
function seatLabel(plugin: GamePlugin | undefined, a: RecordAnalysis, seat: number): string {
  const tag = (n: string) => a.tags.find(([t]) => t === n)?.[1]?.trim();
  // Two-seat records name their players White and Black (PGN's tags).
  const player = seat < 2 ? tag(seat === 0 ? 'White' : 'Black') : undefined;
  const words = [plugin?.seatNames?.[seat], player].filter((w) => w !== undefined && w !== '');
  return words.length === 0 ? `seat ${seat}` : `seat ${seat} (${words.join(', ')})`;
}

/** The summary of one record: a header, each marked move, each seat's marks and mean drop. */
export function summaryLines(plugin: GamePlugin | undefined, a: RecordAnalysis): string[] {
  const head = `${a.file} record ${a.record}: ${a.game}, ${a.plies} plies at ${limitsText(a.limits)}`;
  const lines = [a.error === null ? head : `${head}; stopped: ${a.error}`];
  const width = Math.max(8, ...a.moves.filter((m) => m.mark).map((m) => m.move.length));
  for (const m of a.moves) {
    if (m.mark === null) continue;
    const what = m.why ?? `drop ${m.drop}`;
    lines.push(
      `  ${String(m.ply).padStart(4)}. ${m.move.padEnd(width)} ${m.mark.padEnd(2)}  ${what}; best ${m.best} (${signed(m.bestEvaluation)})`,
    );
  }
  const seats = [...new Set(a.moves.map((m) => m.seat))].sort((p, q) => p - q);
  for (const seat of seats) {
    const mine = a.moves.filter((m) => m.seat === seat);
    const count = (mark: string) => mine.filter((m) => m.mark === mark).length;
    const mean = mine.reduce((t, m) => t + Math.max(0, m.drop), 0) / Math.max(1, mine.length);
    lines.push(
      `  ${seatLabel(plugin, a, seat)}: ${count('?!')} ?!, ${count('?')} ?, ${count('??')} ??; mean drop ${mean.toFixed(3)} over ${mine.length} moves`,
    );
  }
  return lines;
}

/** Prints each record's result: its JSON line, or its summary. */
export function printResults(
  ctx: CommandContext,
  games: ReadonlyMap<string, GamePlugin>,
  all: readonly RecordAnalysis[],
  json: boolean,
): void {
  for (const a of all) {
    if (json) ctx.io.out(JSON.stringify(a));
    else for (const l of summaryLines(games.get(a.game), a)) ctx.io.out(l);
  }
}
