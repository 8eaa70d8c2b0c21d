// Online Hive, Coerceo and Torres with boardgame.io: one hardened boardgame.io server for the
// three boardrules games, and a small browser client that draws the board with the boardrules
// SVG renderers. `npm run example:server` builds the package and starts it:
//
//   http://localhost:8000          the client (create a match, open a seat per browser tab)
//   ws://localhost:8001            the game server (the clients' socket transport)
//   http://localhost:8002          boardgame.io's lobby API (creating, listing, joining matches)
//
// Options:
//   --port N         the page's port; the game server and the lobby take the next two (8000)
//   --host H         the interface to listen on (default localhost; 0.0.0.0 for every one)
//   --origin URL     an origin browsers may play from, besides the page's own (repeatable)
//   --store DIR      keep matches in DIR (a FileStore: atomic writes, survives a crash)
//   --database URL   keep matches in PostgreSQL (a PostgresStore; `npm install pg`)
//   --redis URL      share matches with other server processes through Redis pub/sub
//                    (`npm install redis`); every process needs the same --database
//   --no-page        serve only the game server and the lobby (behind another web server)
//
// With neither --store nor --database, matches live in memory (the zero-install default).
// The server is `hardenedServer` from boardrules/boardgameio/server: see docs/multiplayer.md for
// what it protects against, and the production set-up (database, pub/sub, TLS in front).
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { toBoardgameIO } from 'boardrules/boardgameio';
import {
  FileStore,
  hardenedServer,
  MemoryStore,
  PostgresStore,
  RedisPubSub,
} from 'boardrules/boardgameio/server';
import { coerceo } from 'boardrules/coerceo';
import { hive } from 'boardrules/hive';
import { torres } from 'boardrules/torres';

const here = dirname(fileURLToPath(import.meta.url));

/** The three games as boardgame.io definitions; the client builds the same ones. */
export const games = [toBoardgameIO(hive), toBoardgameIO(coerceo), toBoardgameIO(torres)];

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l6 3.5v7L8 15l-6-3.5v-7z" fill="#c9a227" stroke="#5a4a10"/></svg>';

/**
 * Starts the page server on `port`, the game server on `port + 1` and the lobby on `port + 2`.
 * Resolves with a function that stops them (and closes the database and Redis connections).
 */
export async function start({
  port = 8000,
  host = 'localhost',
  origins = [],
  store,
  database,
  redis,
  page = true,
} = {}) {
  const closers = [];
  const db = await openStore({ store, database }, closers);
  const pubSub = redis === undefined ? undefined : await openRedis(redis, closers);
  const pageOrigins = [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    `http://${host}:${port}`,
  ];
  const server = hardenedServer({
    games,
    origins: [...new Set([...pageOrigins, ...origins])],
    store: db,
    pubSub,
    report: (event) => {
      if (event.kind !== 'refused') console.error(`[${event.kind}]`, event.error ?? '');
    },
  });
  const running = await server.run({ port: port + 1, lobbyPort: port + 2, host });
  closers.unshift(() => running.close());

  if (page) {
    const files = await pageFiles();
    const site = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const file = files[path];
      if (!file) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` }).end(file[1]);
    });
    await new Promise((resolve) => site.listen(port, host, resolve));
    closers.unshift(() => new Promise((resolve) => site.close(resolve)));
    console.log(`boardrules multiplayer example: open http://${host}:${port}`);
  }
  const where = database !== undefined ? 'PostgreSQL' : store !== undefined ? store : 'memory';
  console.log(
    `  game server :${running.port}, lobby :${running.lobbyPort}, storage: ${where}${redis ? ', Redis pub/sub' : ''}`,
  );
  return async () => {
    for (const close of closers) await close();
  };
}

async function openStore({ store, database }, closers) {
  if (database !== undefined) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database });
    closers.push(() => pool.end());
    const db = new PostgresStore({ pool });
    await db.connect();
    return db;
  }
  return store === undefined ? new MemoryStore() : new FileStore({ dir: store });
}

async function openRedis(url, closers) {
  const { createClient } = await import('redis');
  const publisher = createClient({ url });
  const subscriber = createClient({ url });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error) => console.error('[redis]', error.message));
    await client.connect();
    closers.push(() => client.quit());
  }
  return new RedisPubSub({ publisher, subscriber });
}

/** The page and its script: one bundle of client.ts (boardgame.io's browser client included). */
async function pageFiles() {
  const { build } = await import('esbuild');
  const { readFile } = await import('node:fs/promises');
  const bundle = await build({
    entryPoints: [join(here, 'client.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    // 'error': the package's bare chunk imports are dropped as side-effect free, by design.
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    '/': ['text/html', await readFile(join(here, 'index.html'), 'utf8')],
    '/client.js': ['text/javascript', bundle.outputFiles[0].text],
    '/favicon.svg': ['image/svg+xml', FAVICON],
    '/favicon.ico': ['image/svg+xml', FAVICON],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8000' },
      host: { type: 'string', default: 'localhost' },
      origin: { type: 'string', multiple: true, default: [] },
      store: { type: 'string' },
      database: { type: 'string' },
      redis: { type: 'string' },
      'no-page': { type: 'boolean', default: false },
    },
  });
  if (values.store !== undefined && values.database !== undefined) {
    console.error('choose one of --store and --database');
    process.exit(2);
  }
  const stop = await start({
    port: Number(values.port),
    host: values.host,
    origins: values.origin,
    store: values.store,
    database: values.database,
    redis: values.redis,
    page: !values['no-page'],
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      await stop();
      process.exit(0);
    });
  }
}
