/**
 * boardgame.io's server modules, loaded on first use. boardgame.io 0.50 is CommonJS without an
 * exports map, so its server is required by path; it is an optional peer dependency, needed only
 * by `boardrules/boardgameio/server`.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { RulesError } from '../../core/errors.js';

/** The parts of `boardgame.io/server` the hardened server uses (typed as far as it reads them). */
export interface BoardgameIOServerModule {
  /** boardgame.io's `Server` factory. */
  Server(options: Record<string, unknown>): BoardgameIOServer;
  /** boardgame.io's socket.io transport class. */
  SocketIO: new (
    options?: Record<string, unknown>,
  ) => BoardgameIOTransport;
}

/** What boardgame.io's `Server` returns. */
export interface BoardgameIOServer {
  /** The game server's Koa app (its socket.io server is `app._io`). */
  readonly app: { readonly _io: SocketIOServer; readonly context: Record<string, unknown> };
  /** The store. */
  readonly db: unknown;
  /** The lobby's router (routes are added by `run`). */
  readonly router: { use(middleware: KoaMiddleware): unknown };
  /** Starts the game server (and the lobby, on its own port if `lobbyConfig.apiPort` is set). */
  run(config: {
    port: number;
    lobbyConfig?: { apiPort: number };
    callback?: () => void;
  }): Promise<{ apiServer?: ClosableServer; appServer: ClosableServer }>;
  /** Stops what `run` started. */
  kill(servers: { apiServer?: ClosableServer; appServer: ClosableServer }): void;
}

/** A listening Node.js server. */
export interface ClosableServer {
  /** Stops accepting connections. */
  close(callback?: () => void): unknown;
  /** The bound address. */
  address(): unknown;
  /** Ends every open connection (Node.js 18.2+). */
  closeAllConnections?(): void;
}

/** A Koa middleware. */
export type KoaMiddleware = (
  ctx: {
    method: string;
    path: string;
    params?: Record<string, string>;
    request: { headers: Record<string, string | string[] | undefined> };
    status: number;
    body: unknown;
  },
  next: () => Promise<unknown>,
) => Promise<unknown> | unknown;

/** boardgame.io's transport, as the hardened transport extends it. */
export interface BoardgameIOTransport {
  /** Attaches socket.io to the app and wires every game's namespace. */
  init(app: unknown, games: readonly unknown[], origins?: unknown): void;
}

/** The slice of a socket.io server the guard uses. */
export interface SocketIOServer {
  /** A namespace (boardgame.io uses one per game name). */
  of(name: string): { use(fn: (socket: GuardedSocket, next: (err?: Error) => void) => void): void };
}

/** The slice of a socket.io server-side socket the guard uses. */
export interface GuardedSocket {
  /** The socket's ID. */
  readonly id: string;
  /** socket.io's per-socket data. */
  readonly data: Record<string, unknown>;
  /** Sends an event to this client. */
  emit(event: string, ...args: unknown[]): boolean;
  /** A packet middleware, run before any handler sees the packet. */
  use(fn: (packet: unknown[], next: (err?: Error) => void) => void): void;
  /** Adds a listener. */
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  /** The listeners of an event (boardgame.io's own handlers). */
  listeners(event: string): ((...args: unknown[]) => unknown)[];
  /** Closes the connection. */
  disconnect(close?: boolean): unknown;
}

/** Koa's application class as boardgame.io loads it (its `listen` takes a host). */
export interface KoaClass {
  readonly prototype: { listen(...args: unknown[]): unknown };
}

/** What {@link boardgameIO} loads. */
export interface BoardgameIOModules {
  /** `boardgame.io/server`. */
  readonly server: BoardgameIOServerModule;
  /** `boardgame.io/internal` (its `Async` store base class). */
  readonly internal: { Async: new () => object };
  /** The Koa that boardgame.io's server runs on. */
  readonly koa: KoaClass;
}

let loaded: BoardgameIOModules | null = null;

/** boardgame.io's server modules, or a `RulesError` naming what to install. */
export function boardgameIO(): BoardgameIOModules {
  if (loaded === null) {
    const require = createRequire(import.meta.url);
    try {
      const serverPath = require.resolve('boardgame.io/dist/cjs/server.js');
      loaded = {
        server: require(serverPath) as BoardgameIOServerModule,
        internal: require('boardgame.io/dist/cjs/internal.js') as { Async: new () => object },
        koa: createRequire(serverPath)('koa') as KoaClass,
      };
    } catch (e) {
      throw new RulesError(
        'INVALID_ARGUMENT',
        `boardrules/boardgameio/server needs boardgame.io 0.50 (npm install boardgame.io@0.50): ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
  return loaded;
}
