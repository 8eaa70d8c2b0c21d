// The one table row every benchmark prints (bench/run.mjs collects them): workload, counting
// mode, count, CPU milliseconds, rate per second, peak resident memory, and what it was
// measured against. The last cell is filled only by the side-by-side benchmarks, from runs in
// the same run: the project never shows a figure remembered from another run as a ratio.

/**
 * Prints one row; `against` is the side-by-side comparison text, if any. `rss` is the peak RSS
 * of the process that ran the workload; by default this process's high-water mark so far (a
 * benchmark file runs its rows in one process, so later rows carry earlier rows' peak: the
 * side-by-side rows run each workload in a fresh process and pass their own).
 */
export function row(workload, mode, count, ms, against = '', { rss } = {}) {
  const rate = (count / ms) * 1000;
  const peak = rss ?? `≤ ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;
  console.log(
    `| ${workload} | ${mode} | ${count} | ${ms.toFixed(0)} | ${Math.round(rate)} | ${peak} | ${against} |`,
  );
}
