// `boardrules analyze`: every position of a short game of each game searched, the moves marked by
// the thresholds (a Hive game where White misses a win must get its ??), the files written (the
// SVG well-formed, the annotated PGN readable), the --json shape, and the same numbers with
// --workers 2 and with --tasks + --merge as with one run. In-process where one thread does,
// the built binary for worker threads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MoveEntry, RecordAnalysis } from '../../src/cli/analyze/judge.js';
import { runCli } from '../../src/cli/app.js';
import { games } from '../../src/cli/registry.js';
import { readPgn } from '../../src/core/pgn.js';
import { mainLine, type RecordNode, recordNodes } from '../../src/core/record.js';
import { findAll, parseXml } from '../support/xml.js';

const fixtures = resolve(import.meta.dirname, '../fixtures/records/analyze');
const fixture = (name: string) => join(fixtures, name);
const bin = resolve(import.meta.dirname, '../../dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'boardrules-analyze-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { code, out, err: err.join('\n') };
}
const binary = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: dir });
const results = (lines: readonly string[]) => lines.map((l) => JSON.parse(l) as RecordAnalysis);

/** Every move's mark is the one its drop and the game's thresholds give. */
function checkMarks(a: RecordAnalysis): void {
  const [inaccuracy, mistake, blunder] = games.get(a.game)?.analysis?.thresholds ?? [];
  for (const m of a.moves) {
    const expected = (m: MoveEntry) =>
      m.agrees
        ? null
        : m.why !== null
          ? '??'
          : m.drop >= (blunder as number)
            ? '??'
            : m.drop >= (mistake as number)
              ? '?'
              : m.drop >= (inaccuracy as number)
                ? '?!'
                : null;
    expect(m.mark, `ply ${m.ply} ${m.move}`).toBe(expected(m));
  }
}

/** Every position searched: the engine's move and line where the game goes on. */
function checkPositions(a: RecordAnalysis, depth: number): void {
  expect(a.positions).toHaveLength(a.plies + 1);
  expect(a.moves).toHaveLength(a.plies);
  a.positions.forEach((p, ply) => {
    expect(p.ply).toBe(ply);
    expect(Math.abs(p.evaluation)).toBeLessThanOrEqual(1);
    if (p.seat === null) return;
    expect(p.best).not.toBeNull();
    expect(p.pv[0]).toBe(p.best);
    expect(p.depth).toBeGreaterThanOrEqual(Math.max(1, depth - 1));
    expect(p.depth).toBeLessThanOrEqual(depth);
    expect(p.nodes).toBeGreaterThan(0);
  });
  for (const m of a.moves) {
    // The engine's move is the position's; the move's evaluation is after it.
    expect(m.best).toBe(a.positions[m.ply - 1]?.best);
    expect(m.seat).toBe(a.positions[m.ply - 1]?.seat);
    if (m.agrees) expect(m.drop).toBe(0);
  }
}

describe('boardrules analyze: each game', () => {
  it('hive: a missed win is a ?? (the engine finds the surround), every position searched', async () => {
    const r = await run('analyze', fixture('hive-missed-win.pgn'), '--depth', '2', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [a] = results(r.out) as [RecordAnalysis];
    expect(a).toMatchObject({ game: 'hive', plies: 47, error: null, limits: { depth: 2 } });
    checkPositions(a, 2);
    checkMarks(a);
    const missed = a.moves[42] as MoveEntry;
    expect(missed).toMatchObject({ ply: 43, move: 'wS1 \\wQ', mark: '??' });
    expect(missed.why).toBe('misses a forced win');
    expect(['wQ /bG3', 'wA1 /bG3']).toContain(missed.best);
    expect(missed.bestEvaluation).toBe(1);
    expect(a.positions[42]?.pliesToEnd).toBe(1);
  });

  it('coerceo: every position searched, marks by the thresholds', async () => {
    const r = await run('analyze', fixture('coerceo-bots.pgn'), '--depth', '3', '--json');
    expect(r.code).toBe(0);
    const [a] = results(r.out) as [RecordAnalysis];
    expect(a).toMatchObject({ game: 'coerceo', plies: 40 });
    checkPositions(a, 3);
    checkMarks(a);
    expect(a.moves.some((m) => m.mark !== null)).toBe(true);
  });

  it('torres (three seats, max-n): every position searched, marks by the thresholds', async () => {
    const r = await run('analyze', fixture('torres-bots-3p.pgn'), '--depth', '2', '--json');
    expect(r.code).toBe(0);
    const [a] = results(r.out) as [RecordAnalysis];
    expect(a).toMatchObject({ game: 'torres', plies: 60 });
    checkPositions(a, 2);
    checkMarks(a);
    expect(new Set(a.moves.map((m) => m.seat))).toEqual(new Set([0, 1, 2]));
    expect(a.moves.some((m) => m.mark !== null)).toBe(true);
  });

  it("the real game: its 64 plies analysed, Mzinga's result line read as the result", async () => {
    const r = await run(
      'analyze',
      fixture('U!HV-nevir-Bechster-2016-03-29-1905.pgn'),
      '--depth',
      '2',
    );
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(/refused|stopped/);
    expect(r.out[0]).toMatch(
      /U!HV-nevir-Bechster-2016-03-29-1905\.pgn record 1: hive, 64 plies at depth 2$/,
    );
    expect(r.out.at(-2)).toMatch(/^ {2}seat 0 \(nevir\): \d+ \?!, \d+ \?, \d+ \?\?; mean drop/);
    expect(r.out.at(-1)).toMatch(/^ {2}seat 1 \(Bechster\): /);
  });
});

describe('boardrules analyze: output', () => {
  it('writes the annotated PGN, a well-formed SVG graph, analysis.jsonl and task.json', async () => {
    const out = join(dir, 'out');
    const r = await run('analyze', fixture('hive-missed-win.pgn'), '--depth', '2', '--out', out);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      'analysis.jsonl',
      'hive-missed-win-1.pgn',
      'hive-missed-win-1.svg',
      'task.json',
    ]);
    const [a] = results(readFileSync(join(out, 'analysis.jsonl'), 'utf8').trim().split('\n')) as [
      RecordAnalysis,
    ];
    const svg = parseXml(readFileSync(join(out, 'hive-missed-win-1.svg'), 'utf8'));
    expect(svg.name).toBe('svg');
    const dots = findAll(
      svg,
      (e) => e.name === 'circle' && e.children.some((c) => c.name === 'title'),
    );
    expect(dots).toHaveLength(a.moves.filter((m) => m.mark !== null).length);
    expect(dots.map((d) => d.children[0]?.text).join('\n')).toMatch(
      /^43\. wS1 \\wQ \?\? \(misses a forced win\); best w[QA]1? \/bG3 \(\+1\)$/m,
    );
    const polyline = findAll(svg, (e) => e.name === 'polyline')[0];
    expect(polyline?.attrs.points?.split(' ')).toHaveLength(a.positions.length);

    const [record] = readPgn(readFileSync(join(out, 'hive-missed-win-1.pgn'), 'utf8')).records;
    if (record === undefined) throw new Error('no record');
    expect(record.tags).toContainEqual(['Annotator', 'boardrules analyze, depth 2']);
    const line = mainLine(record);
    expect(line.map((n) => n.move)).toEqual(
      mainLine(readPgn(readFileSync(fixture('hive-missed-win.pgn'), 'utf8')).records[0]!).map(
        (n) => n.move,
      ),
    );
    line.forEach((node, i) => {
      const m = a.moves[i] as MoveEntry;
      expect(node.evaluation).toBe(m.evaluation);
      const choices = i === 0 ? record.children : (line[i - 1] as RecordNode).children;
      if (m.agrees) expect(choices).toHaveLength(1);
      else {
        // The engine's move, with its evaluation, and its line.
        const engine = choices.at(-1) as RecordNode;
        expect(engine.move).toBe(m.best);
        expect(engine.evaluation).toBe(m.bestEvaluation);
      }
    });
    const missed = line[42] as RecordNode;
    expect(missed.nags).toEqual([4]);
    expect(missed.comment).toMatch(
      /^Blunder \(misses a forced win\)\. Best: w[QA]1? \/bG3 \(\+1\)\.$/,
    );
    expect([...recordNodes(record)].length).toBeGreaterThan(line.length);
  });

  it('--json: one object per record with the documented fields', async () => {
    const r = await run('analyze', fixture('coerceo-bots.pgn'), '--depth', '1', '--json');
    const [a] = results(r.out) as [RecordAnalysis];
    expect(Object.keys(a)).toEqual([
      'index',
      'file',
      'record',
      'game',
      'tags',
      'limits',
      'plies',
      'error',
      'positions',
      'moves',
    ]);
    expect(Object.keys(a.positions[0] ?? {})).toEqual([
      'ply',
      'seat',
      'evaluation',
      'best',
      'pv',
      'pliesToEnd',
      'depth',
      'nodes',
    ]);
    expect(Object.keys(a.moves[0] ?? {})).toEqual([
      'ply',
      'seat',
      'move',
      'evaluation',
      'best',
      'bestEvaluation',
      'drop',
      'mark',
      'agrees',
      'why',
    ]);
    expect(a).toMatchObject({ index: 0, file: fixture('coerceo-bots.pgn'), record: 1 });
  });

  it('refuses bad arguments (exit 2)', async () => {
    const f = fixture('coerceo-bots.pgn');
    const cases: [string[], RegExp][] = [
      [[], /'analyze' needs one or more record files/],
      [[f, '--depth', '2', '--time', '100'], /--depth or --time, not both/],
      [[f, '--line', 'all'], /--line: only the main line is analysed/],
      [[f, '--task', '1'], /--tasks K and --task I go together/],
      [[f, '--tasks', '3', '--task', '4'], /--task must be 1\.\.3, got 4/],
      [[f, '--depth', '0'], /--depth must be an integer >= 1/],
      [['--merge', f, '--depth', '2'], /--merge takes --out and --json, not --depth/],
    ];
    for (const [args, message] of cases) {
      const r = await run('analyze', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

describe('boardrules analyze: split across threads and tasks, the same numbers', () => {
  it('--workers 2 gives the results of --workers 1 (depth fixed)', () => {
    const files = [fixture('hive-missed-win.pgn'), fixture('torres-bots-3p.pgn')];
    const one = binary('analyze', ...files, '--depth', '2', '--json', '--workers', '1');
    const two = binary('analyze', ...files, '--depth', '2', '--json', '--workers', '2');
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('three tasks, merged, give what one run gives: stdout and the output folder', () => {
    // Five records: three in one file, and two files of one.
    const coerceo = readFileSync(fixture('coerceo-bots.pgn'), 'utf8');
    const cut = (plies: number) =>
      coerceo.replace(new RegExp(`\\n${plies + 1}\\. [\\s\\S]*$`), '\n');
    writeFileSync(join(dir, 'three.pgn'), `${cut(6)}\n${cut(10)}\n${cut(14)}`);
    const files = ['three.pgn', fixture('hive-missed-win.pgn'), fixture('torres-bots-3p.pgn')];
    const whole = binary('analyze', ...files, '--depth', '1', '--json', '--out', 'whole');
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout.trim().split('\n')).toHaveLength(5);
    for (const task of [1, 2, 3]) {
      const r = binary(
        'analyze',
        ...files,
        '--depth',
        '1',
        '--tasks',
        '3',
        '--task',
        String(task),
        '--out',
        `part-${task}`,
        ...(task === 2 ? ['--workers', '2'] : []),
      );
      expect(r.status, r.stderr).toBe(0);
    }
    const merged = binary(
      'analyze',
      '--merge',
      'part-1',
      'part-2',
      'part-3',
      '--json',
      '--out',
      'merged',
    );
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    const names = readdirSync(join(dir, 'whole')).sort();
    expect(readdirSync(join(dir, 'merged')).sort()).toEqual(names);
    for (const name of names) {
      expect(readFileSync(join(dir, 'merged', name), 'utf8'), name).toBe(
        readFileSync(join(dir, 'whole', name), 'utf8'),
      );
    }
    // The summary of a merge is a run's summary too.
    const text = binary('analyze', '--merge', 'part-3', 'part-1', 'part-2');
    const plain = binary('analyze', ...files, '--depth', '1');
    expect(text.stdout).toBe(plain.stdout);

    const missing = binary('analyze', '--merge', 'part-1', 'part-3');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--merge: task 2 of 3 missing/);
    const twice = binary('analyze', '--merge', 'part-1', 'part-1', 'part-2', 'part-3');
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/part-1 and part-1 are both task 1/);
    const other = binary('analyze', '--merge', 'part-1', 'part-2', 'part-3', 'whole');
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/--merge: whole is from another run than part-1/);
  });
});
