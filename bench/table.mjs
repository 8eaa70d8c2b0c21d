// The one table row every benchmark prints (bench/run.mjs collects them): workload, counting
// mode, count, CPU milliseconds, rate per second, and what it was measured against. The last
// cell is filled only by bench/anchors.bench.mjs, from anchors run side by side in the same run:
// the project never shows a figure remembered from another run as a ratio.

/** Prints one row; `against` is the side-by-side comparison text, if any. */
export function row(workload, mode, count, ms, against = '') {
  const rate = (count / ms) * 1000;
  console.log(
    `| ${workload} | ${mode} | ${count} | ${ms.toFixed(0)} | ${Math.round(rate)} | ${against} |`,
  );
}
