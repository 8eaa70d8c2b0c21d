// Online Hive, Coerceo and Torres with boardgame.io: one boardgame.io server for the three
// boardrules games, and a small browser client that draws the board with the boardrules SVG
// renderers. `npm run example:server` builds the package and starts it:
//
//   http://localhost:8000          the client (create a match, open a seat per browser tab)
//   ws://localhost:8001            boardgame.io's game server (the clients' socket transport)
//   http://localhost:8002          boardgame.io's lobby API (creating and listing matches)
//
// Options: `--port N` (the client's port; the game server and lobby take the next two) and
// `--store DIR` (keep matches in DIR with boardgame.io's file storage, so they survive a restart;
// default: in memory). A real database is one `db` argument away: see README.md here.
//
// The lobby runs on a port of its own: with koa 2.16, boardgame.io 0.50 serves no HTTP routes on
// its game server's port (the routes are added after the socket layer froze the app's handler).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { toBoardgameIO } from 'boardrules/boardgameio';
import { coerceo } from 'boardrules/coerceo';
import { hive } from 'boardrules/hive';
import { torres } from 'boardrules/torres';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// boardgame.io 0.50 is CommonJS without an exports map: its server is loaded by path.
const { Server, Origins, FlatFile } = require('boardgame.io/dist/cjs/server.js');

/** The three games as boardgame.io definitions; the client builds the same ones. */
export const games = [toBoardgameIO(hive), toBoardgameIO(coerceo), toBoardgameIO(torres)];

/**
 * Starts the page server on `port`, the game server on `port + 1` and the lobby on `port + 2`,
 * keeping matches in `store` (a folder) if given. Resolves with a function that stops them.
 */
export async function start({ port = 8000, store } = {}) {
  const gamePort = port + 1;
  const lobbyPort = port + 2;
  const db = store === undefined ? undefined : new FlatFile({ dir: store });
  const server = Server({ games, db, origins: [Origins.LOCALHOST] });
  const running = await server.run({ port: gamePort, lobbyConfig: { apiPort: lobbyPort } });

  // The client: one script bundled from client.ts (boardgame.io's browser client included).
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
  const files = {
    '/': ['text/html', await readText(join(here, 'index.html'))],
    '/client.js': ['text/javascript', bundle.outputFiles[0].text],
  };
  const page = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files[path];
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` }).end(file[1]);
  });
  await new Promise((resolve) => page.listen(port, resolve));
  console.log(`boardrules multiplayer example: open http://localhost:${port}`);
  console.log(`  game server :${gamePort}, lobby API :${lobbyPort}, storage: ${store ?? 'memory'}`);
  return () => {
    page.close();
    server.kill(running);
  };
}

async function readText(path) {
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8000' }, store: { type: 'string' } },
  });
  await start({ port: Number(values.port), store: values.store });
}
