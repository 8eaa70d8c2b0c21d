// boardgame.io's real server and socket clients, for the adapter's tests. boardgame.io 0.50 ships
// CommonJS without an exports map, so its modules are loaded by path with `require`.

import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import type { BoardgameIOGame } from '../../src/boardgameio/index.js';

const require = createRequire(import.meta.url);
const server = require('boardgame.io/dist/cjs/server.js');
const client = require('boardgame.io/dist/cjs/client.js');
const multiplayer = require('boardgame.io/dist/cjs/multiplayer.js');
const ai = require('boardgame.io/dist/cjs/ai.js');

/**
 * Plays a local (serverless) boardgame.io match of `game` with boardgame.io's own `RandomBot`
 * on every seat, through the definition's `ai.enumerate`, until it ends or `maxSteps` moves.
 * Returns the moves made and the final `ctx.gameover`.
 */
export async function playWithBoardgameIOBots(
  game: BoardgameIOGame,
  numPlayers: number,
  maxSteps: number,
): Promise<{ steps: number; gameover: unknown; G: { state: string } }> {
  const c = client.Client({ game, numPlayers, debug: false });
  c.start();
  const bot = new ai.RandomBot({ enumerate: game.ai.enumerate, seed: 'boardrules' });
  let steps = 0;
  while (c.getState().ctx.gameover === undefined && steps < maxSteps) {
    await ai.Step(c, bot);
    steps++;
  }
  const { G, ctx } = c.getState();
  c.stop();
  return { steps, gameover: ctx.gameover, G };
}

/** The slice of a boardgame.io client state the tests read. */
export interface ClientState {
  readonly G: { readonly state: string };
  readonly ctx: {
    readonly currentPlayer: string;
    readonly gameover?: { scores: number[]; winner?: string; draw?: boolean };
  };
  readonly _stateID: number;
}

/** A boardgame.io client as the tests drive it. */
export interface TestClient {
  readonly playerID: string | null;
  getState(): ClientState | null;
  readonly moves: { play(text: unknown): void };
  start(): void;
  stop(): void;
}

export interface RunningServer {
  /** The game server's port (the clients' socket transport). */
  readonly port: number;
  /** The lobby API's port. */
  readonly apiPort: number;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A base port with the two after it free too (the multiplayer example uses three in a row). */
export async function freePortRun(): Promise<number> {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 20000);
    const free = await Promise.all(
      [0, 1, 2].map(
        (k) =>
          new Promise<boolean>((done) => {
            const probe = createServer();
            probe.once('error', () => done(false));
            probe.listen(base + k, () => probe.close(() => done(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
}

/** A file store for the server (boardgame.io's FlatFile over node-persist) in `dir`. */
export function fileStore(dir: string): unknown {
  return new server.FlatFile({ dir });
}

/**
 * Starts boardgame.io's server for `games` on 127.0.0.1 and free ports (its `run` listens on
 * every interface, so the app's `listen` is given the loopback address here). The lobby API
 * runs on a port of its own: with koa 2.16, boardgame.io 0.50's game server freezes its
 * middleware before the API routes are added, so an API on the same port answers 404.
 */
export async function startServer(games: BoardgameIOGame[], db?: unknown): Promise<RunningServer> {
  const s = server.Server({ games, db, origins: [server.Origins.LOCALHOST] });
  const listen = s.app.listen.bind(s.app);
  s.app.listen = (port: number, callback: () => void) => listen(port, '127.0.0.1', callback);
  const apiPort = await freePort();
  const servers = await s.run({ port: 0, lobbyConfig: { apiPort } });
  const port = servers.appServer.address().port as number;
  return {
    port,
    apiPort,
    stop: async () => {
      const both = [servers.appServer, servers.apiServer];
      const closed = both.map((srv) => new Promise((resolve) => srv.once('close', resolve)));
      s.kill(servers);
      // Connections a client left open (a test that failed half-way) must not hold the close.
      for (const srv of both) srv.closeAllConnections();
      await Promise.all(closed);
    },
  };
}

/** Joins seat `playerID` of a match through the lobby API; returns the seat's credentials. */
export async function joinMatch(
  apiPort: number,
  game: string,
  matchID: string,
  playerID: string,
): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${apiPort}/games/${game}/${matchID}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerID, playerName: `player ${playerID}` }),
  });
  if (!response.ok) throw new Error(`join ${game}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { playerCredentials: string }).playerCredentials;
}

/** Creates a match through the server's lobby API; returns its ID. */
export async function createMatch(
  apiPort: number,
  game: string,
  numPlayers: number,
  setupData?: unknown,
): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${apiPort}/games/${game}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numPlayers, setupData }),
  });
  if (!response.ok) throw new Error(`create ${game}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { matchID: string }).matchID;
}

/** A client of `matchID` over the socket transport (`playerID` null: a spectator). */
export function connect(
  game: BoardgameIOGame,
  port: number,
  matchID: string,
  playerID: string | null,
  credentials?: string,
): TestClient {
  const c = client.Client({
    game,
    matchID,
    ...(playerID === null ? {} : { playerID }),
    ...(credentials === undefined ? {} : { credentials }),
    multiplayer: multiplayer.SocketIO({ server: `http://127.0.0.1:${port}` }),
    debug: false,
  }) as TestClient;
  c.start();
  return c;
}

const stopped = new WeakSet<TestClient>();
/** Stops the clients not stopped yet (boardgame.io's `stop` fails on a stopped client). */
export function stopAll(clients: readonly TestClient[]): void {
  for (const c of clients) {
    if (stopped.has(c)) continue;
    stopped.add(c);
    c.stop();
  }
}

/** Resolves once `ready()` holds, polling; rejects after `ms` with `what`. */
export async function until(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!ready()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits `ms` milliseconds (to see that nothing happens). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
