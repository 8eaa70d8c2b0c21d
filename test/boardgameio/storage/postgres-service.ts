// PostgreSQL for the tests that need one, in this order:
//
// 1. BOARDRULES_TEST_PG, a connection string: that server (the tests create tables with names
//    of their own and drop them afterwards).
// 2. Otherwise PostgreSQL's server binaries (Debian: /usr/lib/postgresql/<version>/bin): a
//    throwaway cluster in a temporary folder, on 127.0.0.1 and a free port, trust
//    authentication, started before the suite and deleted after it. initdb refuses to run as
//    root, so as root the cluster runs as the `postgres` user (runuser). fsync is off: the
//    cluster is thrown away, and the stores' guarantees do not depend on it.
// 3. Otherwise the suite is skipped, with the reason in its name and on stderr — unless
//    BOARDRULES_REQUIRE_SERVICES=1 (CI), where it fails with that reason.
//
// A cluster never outlives the test run: a detached watchdog, started before initdb, stops it
// (pg_ctl stop -m immediate) and deletes its folder as soon as the test process is gone, however
// it ended (a SIGKILL, a crash, a timeout); after a normal end, afterAll does it and the
// watchdog, seeing the folder gone, exits.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';

const run = promisify(execFile);

/** How the tests get a PostgreSQL server. */
export type PostgresPlan =
  | { readonly kind: 'given'; readonly url: string }
  | { readonly kind: 'cluster'; readonly bin: string; readonly asPostgresUser: boolean }
  | { readonly kind: 'unavailable'; readonly reason: string };

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The folder of the newest PostgreSQL server binaries Debian installed, if any. */
function findBinaries(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(DEBIAN_ROOT, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(bin, tool)))) return bin;
  }
  return undefined;
}

/** Decides, without starting anything, how the PostgreSQL tests will run (or why they cannot). */
export function planPostgres(env: NodeJS.ProcessEnv = process.env): PostgresPlan {
  const url = env.BOARDRULES_TEST_PG;
  if (url !== undefined && url !== '') return { kind: 'given', url };
  const bin = findBinaries();
  if (bin === undefined) {
    return {
      kind: 'unavailable',
      reason: `BOARDRULES_TEST_PG is not set and no PostgreSQL server binaries were found in ${DEBIAN_ROOT}/<version>/bin (install Debian's postgresql package, or set BOARDRULES_TEST_PG to a connection string)`,
    };
  }
  const root = process.getuid?.() === 0;
  if (root) {
    const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const runuser = spawnSync('runuser', ['--help'], { encoding: 'utf8' });
    if (user.status !== 0 || runuser.error !== undefined) {
      return {
        kind: 'unavailable',
        reason: `running as root, where initdb refuses to run, and there is no 'postgres' user to run it as with runuser (found ${bin}; set BOARDRULES_TEST_PG to a connection string instead)`,
      };
    }
  }
  return { kind: 'cluster', bin, asPostgresUser: root };
}

/** What a suite gets from {@link describePostgres}. */
export interface PostgresService {
  /** The connection string (inside tests and hooks only). */
  readonly url: string;
  /** The suite's shared pool. */
  pool(): pg.Pool;
  /** A pool of its own (another server process's connections); ended after the suite. */
  newPool(): pg.Pool;
  /** A table name no other test uses (dropped after the suite on a server that stays). */
  table(): string;
}

interface Cluster {
  readonly url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Stops the cluster in "$2" (binaries "$3", as postgres if "$4" = 1) once process "$1" is gone. */
const WATCHDOG = `
while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done
if [ -f "$2/data/postmaster.pid" ]; then
  if [ "$4" = 1 ]; then runuser -u postgres -- "$3/pg_ctl" -D "$2/data" -m immediate -w stop
  else "$3/pg_ctl" -D "$2/data" -m immediate -w stop; fi
fi
rm -rf "$2"
`;

async function startCluster(bin: string, asPostgresUser: boolean): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-pg-'));
  const watchdog = spawn(
    'sh',
    [
      '-c',
      WATCHDOG,
      'boardrules-pg-watchdog',
      String(process.pid),
      dir,
      bin,
      asPostgresUser ? '1' : '0',
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  const tool = (name: string, args: string[]): Promise<unknown> =>
    asPostgresUser
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { timeout: 120_000 })
      : run(join(bin, name), args, { timeout: 120_000 });
  const data = join(dir, 'data');
  const stop = async (): Promise<void> => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) {
        await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    if (asPostgresUser) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
      chownSync(dir, uid, gid);
    }
    await tool('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        await tool('pg_ctl', [
          '-D',
          data,
          '-l',
          join(dir, 'log'),
          '-w',
          '-t',
          '60',
          '-o',
          `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`,
          'start',
        ]);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (e) {
        if (attempt === 3) throw e; // the port was taken in between, or a real failure
      }
    }
  } catch (e) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    await stop().catch(() => undefined);
    const { stderr } = e as { stderr?: string };
    throw new Error(
      `could not start a throwaway PostgreSQL cluster with ${bin}: ${(e as Error).message}\n${stderr ?? ''}\n${log}`,
    );
  }
}

/**
 * A `describe` whose tests run on PostgreSQL (see the file comment): `body` registers them, with
 * `service` to reach the server from inside tests.
 */
export function describePostgres(title: string, body: (service: PostgresService) => void): void {
  const plan = planPostgres();
  if (plan.kind === 'unavailable') {
    if (process.env.BOARDRULES_REQUIRE_SERVICES === '1') {
      describe(title, () => {
        it('has a PostgreSQL server to run on', () => {
          throw new Error(`${plan.reason}; BOARDRULES_REQUIRE_SERVICES=1 does not allow skipping`);
        });
      });
      return;
    }
    process.stderr.write(`${title}: skipped: ${plan.reason}\n`);
    describe.skip(`${title} — skipped: ${plan.reason}`, () => body(unreachable));
    return;
  }
  let url: string | undefined;
  let cluster: Cluster | undefined;
  let shared: pg.Pool | undefined;
  const pools: pg.Pool[] = [];
  const tables: string[] = [];
  const service: PostgresService = {
    get url(): string {
      if (url === undefined) throw new Error('PostgreSQL is reachable inside tests only');
      return url;
    },
    pool() {
      shared ??= service.newPool();
      return shared;
    },
    newPool() {
      const pool = new pg.Pool({ connectionString: service.url, max: 8 });
      pool.on('error', () => undefined); // an idle client dropped by the server: not a test's failure
      pools.push(pool);
      return pool;
    },
    table() {
      const name = `t${process.pid}_${tables.length}_${Math.random().toString(36).slice(2, 8)}`;
      tables.push(name);
      return name;
    },
  };
  describe(title, () => {
    beforeAll(async () => {
      if (plan.kind === 'given') {
        url = plan.url;
      } else {
        cluster = await startCluster(plan.bin, plan.asPostgresUser);
        url = cluster.url;
      }
    });
    afterAll(async () => {
      try {
        if (plan.kind === 'given' && tables.length > 0) {
          const cleaner = service.pool();
          for (const t of tables) {
            await cleaner.query(`DROP TABLE IF EXISTS "${t}_log", "${t}_damaged", "${t}" CASCADE`);
          }
        }
        await Promise.all(pools.map((p) => p.end()));
      } finally {
        await cluster?.stop();
      }
    });
    body(service);
  });
}

const unreachable: PostgresService = {
  get url(): string {
    throw new Error('no PostgreSQL');
  },
  pool: () => {
    throw new Error('no PostgreSQL');
  },
  newPool: () => {
    throw new Error('no PostgreSQL');
  },
  table: () => 'unused',
};
