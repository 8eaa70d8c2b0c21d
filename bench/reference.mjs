// The reference figures the benchmarks compare with, as given in the performance issue: each
// was measured on a machine of the kind CI uses (2 cores, one thread). Absolute numbers on
// shared machines drift by tens of per cent, so read the ratios as "about".
//
// `ratio(rate, ref)` formats "1.9× MzingaCpp (22.2 M/s)": this run's rate divided by the
// reference's rate for the same count of the same tree.

/** Reference rates in nodes (or games, lists) per second. */
export const REFERENCE = {
  // MzingaCpp 0.9.8 (C++, -O3), bulk-counted perft from the start.
  mzingaBaseMlp5: { name: 'MzingaCpp', rate: 5_427_108 / 0.244 },
  mzingaBaseMlp6: { name: 'MzingaCpp', rate: 192_353_904 / 8.6 },
  mzingaBase6: { name: 'MzingaCpp', rate: 12_219_480 / 0.641 },
  // lihive/hive-lib (TypeScript), bulk-counted perft Base depth 6, and full mid-game move lists.
  lihiveBase6: { name: 'hive-lib (TS)', rate: 900_000 },
  lihiveLists: { name: 'hive-lib (TS)', rate: 700 },
  // NPN/coerceo (Rust bitboards), perft Laurentius depth 5 = 254,945,184, wall clock.
  npnPlayed: { name: 'NPN/coerceo', rate: 254_945_184 / 7.1 },
  npnBulk: { name: 'NPN/coerceo', rate: 500_000_000 },
  // TobiHol/torres (JavaScript, no action cards), random complete 4-player games.
  tobiholGames: { name: 'TobiHol/torres (no cards)', rate: 1_370 },
  tobiholActions: { name: 'TobiHol/torres (no cards)', rate: 300_000 },
};

function short(rate) {
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)} M/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toFixed(1)} k/s`;
  return `${Math.round(rate)}/s`;
}

/** "1.9× MzingaCpp (22.2 M/s)": `rate` against the reference `ref`. */
export function ratio(rate, ref) {
  const r = rate / ref.rate;
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}× ${ref.name} (${short(ref.rate)})`;
}

/**
 * Prints one table row (the shape bench/run.mjs collects): workload, counting mode, count, ms,
 * rate per second and, when `ref` is given, the ratio against that reference figure.
 */
export function row(workload, mode, nodes, ms, ref) {
  const rate = (nodes / ms) * 1000;
  const against = ref ? ` ${ratio(rate, ref)} |` : '';
  console.log(
    `| ${workload} | ${mode} | ${nodes} | ${ms.toFixed(0)} | ${Math.round(rate)} |${against}`,
  );
}
