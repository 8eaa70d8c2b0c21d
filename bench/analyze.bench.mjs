// `boardrules analyze` of a real game at the default setting: the CPU time per position.
//
// The game: nevir v Bechster (boardspace.net, 2016, Base+MLP, 64 plies: 65 positions), as Mzinga
// converted it to PGN for its tests (test/fixtures/records/analyze/SOURCES.md). The built binary
// (dist/cli/main.js) runs `analyze <game> --json` with nothing else: Hive's default depth, one
// thread. Its last line, `BlackWins`, is Mzinga's result line (read as the result, not a move);
// the row checks that the 64 plies were analysed.
//
// Measured: the process's CPU time from the kernel's account of waited-for children (the whole
// process: its start-up, about 0.1 s, is in it), the median of ROUNDS runs (default 3; 1 with
// `--quick`), and its peak RSS when GNU time is there. The row's count is the positions searched,
// and its rate positions per second; the time per position is in the mode's text.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenCpuSeconds, median } from './processes.mjs';
import { row } from './table.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const game = join(root, 'test/fixtures/records/analyze/U!HV-nevir-Bechster-2016-03-29-1905.pgn');
const ROUNDS = process.argv.includes('--quick') ? 1 : Math.max(1, Number(process.env.ROUNDS ?? 3));
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One run: its CPU milliseconds, peak RSS (MB or null), and the analysis it printed. */
function analyse() {
  const argv = [process.execPath, cli, 'analyze', game, '--json'];
  const command = GNU_TIME ? [GNU_TIME, '-f', 'peak-rss-kb=%M', ...argv] : argv;
  const before = childrenCpuSeconds();
  const r = spawnSync(command[0], command.slice(1), { encoding: 'utf8', maxBuffer: 1 << 26 });
  const after = childrenCpuSeconds();
  if (r.status !== 0) {
    throw new Error(`analyze exited with ${r.status}: ${r.stderr.slice(0, 400)}`);
  }
  const analysis = JSON.parse(r.stdout.trim().split('\n')[0]);
  const rss = /peak-rss-kb=(\d+)/.exec(r.stderr ?? '');
  return {
    cpuMs: before === null ? null : (after - before) * 1000,
    rssMb: rss ? Number(rss[1]) / 1024 : null,
    analysis,
  };
}

const runs = Array.from({ length: ROUNDS }, analyse);
const { analysis } = runs[0];
if (analysis.plies !== 64 || analysis.positions.length !== 65) {
  throw new Error(`expected 64 plies analysed, got ${analysis.plies}`);
}
const depth = analysis.limits.depth;
const positions = analysis.positions.length;
const cpu = runs.map((r) => r.cpuMs);
if (cpu.some((ms) => ms === null)) throw new Error('no CPU time of children on this system');
const ms = median(cpu);
const rss = runs.map((r) => r.rssMb).filter((x) => x !== null);
row(
  `analyze a real 64-ply Hive game (nevir v Bechster, Base+MLP), default depth ${depth}`,
  `positions searched, ${(ms / positions).toFixed(0)} ms a position (process CPU, median of ${ROUNDS})`,
  positions,
  ms,
  '',
  { rss: rss.length > 0 ? `${Math.max(...rss).toFixed(0)} MB` : '?' },
);
