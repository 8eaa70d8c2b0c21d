// A Redis server for the tests that need one: `BOARDRULES_TEST_REDIS` (a redis:// URL) if set;
// otherwise a throwaway `redis-server` (Debian's package) on a free loopback port, with nothing
// written to disk, stopped after the suite. Without either, the tests that need Redis are
// skipped with the reason, unless BOARDRULES_REQUIRE_SERVICES=1 (as in CI), where they fail.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A Redis to run against, or why there is none. */
export type RedisService =
  | { readonly url: string; stop(): Promise<void> }
  | { readonly skip: string };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts (or finds) Redis for a test file. */
export async function redisService(): Promise<RedisService> {
  const given = process.env.BOARDRULES_TEST_REDIS;
  if (given !== undefined && given !== '') return { url: given, stop: async () => {} };
  const binary = spawnSync('sh', ['-c', 'command -v redis-server'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (binary === '') {
    const why = 'no Redis: set BOARDRULES_TEST_REDIS or install Debian’s redis-server';
    if (process.env.BOARDRULES_REQUIRE_SERVICES === '1') throw new Error(why);
    return { skip: why };
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const t0 = Date.now();
  while (!/Ready to accept connections/.test(output)) {
    if (child.exitCode !== null || Date.now() - t0 > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
