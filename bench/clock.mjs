// The benchmarks' clock: this process's CPU time (user + system) in milliseconds. The engines
// are single-threaded, so on an idle machine this equals wall time; on a shared, loaded machine
// it still measures the engine rather than the neighbours. (Time budgets of the bots are wall-clock: search.bench.mjs keeps wall time.)
export function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
