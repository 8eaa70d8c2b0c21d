/**
 * {@link hardenedServer}: boardgame.io 0.50's `Server` with what a deployment needs around its
 * flaws: the socket guard in front of every message, states broadcast only once stored, seats
 * only with lobby credentials, origins limited to the operator's, and a lobby that refuses
 * malformed match IDs and oversized bodies.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import type { BoardgameIOGame } from '../definition.js';
import { boardgameIO, type ClosableServer, type KoaClass, type KoaMiddleware } from './bgio.js';
import { CommitGate, type GateEvent, LocalPubSub, type PubSub } from './durable.js';
import { authenticateSeat } from './guard.js';
import type { MatchStore } from './store.js';
import { isMatchID } from './store.js';
import { type AllowedOrigin, guardedTransport, type TransportEvent } from './transport.js';

/** Everything the hardened server reports, for the operator's log. */
export type ServerEvent = TransportEvent | GateEvent;

/** How {@link hardenedServer} is set up. */
export interface HardenedServerOptions {
  /** The games, each from `toBoardgameIO`. */
  readonly games: readonly BoardgameIOGame[];
  /**
   * The origins a browser may reach the game server and the lobby from (exact origins such as
   * `'https://play.example.org'`, or patterns). Required: there is no "any origin".
   */
  readonly origins: readonly AllowedOrigin[];
  /** Where matches live: a `MemoryStore`, `FileStore` or `PostgresStore` (any `MatchStore`). */
  readonly store: MatchStore;
  /**
   * How new states reach the clients of other server processes: a `RedisPubSub` for several
   * processes; default: within this process only.
   */
  readonly pubSub?: PubSub;
  /** Whether a socket without a seat may watch a match (default `true`). */
  readonly spectators?: boolean;
  /** The largest message a socket or a lobby request may send, in bytes (default 16 KiB). */
  readonly maxMessageBytes?: number;
  /** Where refusals and failures are reported (default: failures to `console.error`). */
  readonly report?: (event: ServerEvent) => void;
  /** TLS options for boardgame.io's server (usually TLS ends at a proxy in front instead). */
  readonly https?: unknown;
}

/** What {@link HardenedServer.run} started. */
export interface RunningHardenedServer {
  /** The game server's port (the clients' sockets). */
  readonly port: number;
  /** The lobby's port. */
  readonly lobbyPort: number;
  /** Stops both servers and ends their connections. */
  close(): Promise<void>;
}

/** A hardened server, ready to run. */
export interface HardenedServer {
  /** The store as the server uses it (writes gated, see `CommitGate`). */
  readonly store: MatchStore;
  /**
   * Starts the game server on `port` and the lobby on `lobbyPort` (0: any free port), both on
   * `host` (default: every interface, as boardgame.io does; `'127.0.0.1'` behind a proxy).
   */
  run(ports: { port: number; lobbyPort: number; host?: string }): Promise<RunningHardenedServer>;
}

const DEFAULT_MAX_MESSAGE = 16 * 1024;

function defaultReport(event: ServerEvent): void {
  if (event.kind === 'refused') return;
  console.error(`boardrules server: ${event.kind}`, 'error' in event ? event.error : '');
}

/**
 * A boardgame.io server for `games` that no client can crash, cheat or read secrets from (see
 * `docs/multiplayer.md`, "What a hostile client can and cannot do"). The lobby runs on a port of
 * its own (with koa 2.16, boardgame.io 0.50 serves no HTTP routes on its game server's port).
 *
 * ```ts
 * const server = hardenedServer({
 *   games: [toBoardgameIO(hive), toBoardgameIO(torres)],
 *   origins: ['https://play.example.org'],
 *   store: new FileStore({ dir: '/var/lib/boardrules' }),
 * });
 * await server.run({ port: 8001, lobbyPort: 8002 });
 * ```
 */
export function hardenedServer(options: HardenedServerOptions): HardenedServer {
  const { games, origins, store } = options;
  if (!Array.isArray(games) || games.length === 0) {
    throw new RulesError('INVALID_OPTIONS', 'hardenedServer: games must list at least one game');
  }
  if (!Array.isArray(origins) || origins.length === 0) {
    throw new RulesError(
      'INVALID_OPTIONS',
      "hardenedServer: origins must list the origins browsers may connect from (no default: there is no 'any origin')",
    );
  }
  if (store === undefined || typeof store.setState !== 'function') {
    throw new RulesError('INVALID_OPTIONS', 'hardenedServer: store must be a MatchStore');
  }
  const report = options.report ?? defaultReport;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE;
  const gate = new CommitGate(store, options.pubSub ?? new LocalPubSub(), report);
  const modules = boardgameIO();
  const bgio = modules.server;
  const transport = guardedTransport(bgio, {
    games,
    store: gate.store,
    pubSub: gate.pubSub,
    origins,
    spectators: options.spectators ?? true,
    maxMessageBytes,
    report,
    https: options.https,
  });
  const server = bgio.Server({
    games: [...games],
    db: gate.store,
    transport,
    origins: [...origins],
    authenticateCredentials: authenticateSeat,
    ...(options.https === undefined ? {} : { https: options.https }),
  });
  server.router.use(lobbyLimits(maxMessageBytes));
  return {
    store: gate.store,
    async run({ port, lobbyPort, host }) {
      // boardgame.io takes a lobby port of 0 as "no lobby port of its own": pick a free one.
      const apiPort = lobbyPort === 0 ? await freePort(host) : lobbyPort;
      const running = await listeningOn(modules.koa, host, () =>
        server.run({ port, lobbyConfig: { apiPort } }),
      );
      const sockets = server.app._io as unknown as { close?: () => void };
      return {
        port: portOf(running.appServer),
        lobbyPort: running.apiServer === undefined ? 0 : portOf(running.apiServer),
        close: async () => {
          sockets.close?.();
          const servers = [running.appServer, running.apiServer].filter(
            (s): s is ClosableServer => s !== undefined,
          );
          await Promise.all(
            servers.map(
              (s) =>
                new Promise<void>((resolve) => {
                  s.close(() => resolve());
                  s.closeAllConnections?.();
                }),
            ),
          );
        },
      };
    },
  };
}

/**
 * Runs `start` with every Koa app it starts listening on `host`: boardgame.io's `run` starts the
 * lobby's app itself and passes no host to either.
 */
async function listeningOn<T>(
  koa: KoaClass,
  host: string | undefined,
  start: () => Promise<T>,
): Promise<T> {
  if (host === undefined) return start();
  const proto = koa.prototype;
  const listen = proto.listen;
  proto.listen = function (this: unknown, ...args: unknown[]) {
    const [port, callback] = args;
    return listen.call(this, port, host, callback);
  };
  try {
    return await start();
  } finally {
    proto.listen = listen;
  }
}

/** A port free on `host` right now. */
async function freePort(host: string | undefined): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const port = portOf(probe as unknown as ClosableServer);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function portOf(server: ClosableServer): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? (address as { port: number }).port : 0;
}

/** The lobby refuses oversized bodies and match IDs no store would hold. */
function lobbyLimits(maxBytes: number): KoaMiddleware {
  return async (ctx, next) => {
    const length = Number(ctx.request.headers['content-length'] ?? 0);
    if (!Number.isFinite(length) || length > maxBytes) {
      ctx.status = 413;
      ctx.body = `a lobby request is at most ${maxBytes} bytes`;
      return;
    }
    const id = ctx.params?.id;
    if (id !== undefined && !isMatchID(id)) {
      ctx.status = 404;
      ctx.body = 'no such match';
      return;
    }
    await next();
  };
}
