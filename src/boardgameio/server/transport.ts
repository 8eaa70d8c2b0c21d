/**
 * boardgame.io's socket.io transport with the {@link checkMessage} guard in front of it: every
 * packet is checked before boardgame.io's handlers see it, what the server sends a socket is
 * filtered for that socket's seat (boardgame.io sends a match's first state unfiltered), no
 * handler's failure reaches the process, and only the operator's origins may open a socket from
 * a browser.
 *
 * @module
 */
import type { BoardgameIOGame, BoardrulesG } from '../definition.js';
import type { BoardgameIOServerModule, GuardedSocket, SocketIOServer } from './bgio.js';
import type { PubSub } from './durable.js';
import { checkMessage, REFUSED_EVENT, type Verdict } from './guard.js';
import type { MatchStore } from './store.js';

/** An origin the operator allows: an exact origin (`https://play.example.org`) or a pattern. */
export type AllowedOrigin = string | RegExp;

/** What the transport reports (for the operator's log). */
export type TransportEvent =
  | {
      /** A message was refused. */
      readonly kind: 'refused';
      /** The socket. */
      readonly socket: string;
      /** The message's event name (as the client sent it, shortened). */
      readonly event: string;
      /** Why. */
      readonly reason: string;
    }
  | {
      /** One of boardgame.io's handlers failed (the process goes on). */
      readonly kind: 'handler-failed';
      /** The socket. */
      readonly socket: string;
      /** The event it handled. */
      readonly event: string;
      /** The failure. */
      readonly error: unknown;
    };

/** How the guarded transport is built. */
export interface GuardedTransportOptions {
  /** The games, as `toBoardgameIO` made them (the guard judges moves with them). */
  readonly games: readonly BoardgameIOGame[];
  /** The store the server runs on. */
  readonly store: MatchStore;
  /** The pub/sub of new states (a {@link CommitGate}'s). */
  readonly pubSub: PubSub;
  /** The origins a browser may open a socket from. */
  readonly origins: readonly AllowedOrigin[];
  /** Whether sockets without a seat may watch. */
  readonly spectators: boolean;
  /** The largest message a client may send, in bytes. */
  readonly maxMessageBytes: number;
  /** Where refusals and handler failures are reported. */
  readonly report: (event: TransportEvent) => void;
  /** Passed to boardgame.io's transport (TLS). */
  readonly https?: unknown;
}

/** Whether a request's `Origin` header is one the operator allows (no header: not a browser). */
export function originAllowed(origin: unknown, allowed: readonly AllowedOrigin[]): boolean {
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  return allowed.some((a) => (typeof a === 'string' ? a === origin : a.test(origin)));
}

/** A boardgame.io state as seat `playerID` may see it (what boardgame.io does for later states). */
function viewOf(game: BoardgameIOGame, state: unknown, playerID: unknown): unknown {
  if (state === null || typeof state !== 'object') return state;
  const s = state as { G?: unknown; ctx?: unknown; plugins?: Record<string, unknown> };
  const plugins: Record<string, unknown> = {};
  // boardgame.io's random plugin holds its seed: no client is shown it.
  for (const [name, value] of Object.entries(s.plugins ?? {})) {
    if (name !== 'random') plugins[name] = value;
  }
  return {
    ...s,
    G: game.playerView({ G: s.G as BoardrulesG, ctx: s.ctx as never, playerID }),
    plugins,
    deltalog: undefined,
    _undo: [],
    _redo: [],
  };
}

/** boardgame.io's `SocketIO` transport with the guard (see the module comment). */
export function guardedTransport(
  bgio: BoardgameIOServerModule,
  options: GuardedTransportOptions,
): unknown {
  const byName = new Map(options.games.map((g) => [g.name, g]));
  const corsOrigin = (
    origin: string | undefined,
    callback: (e: Error | null, ok?: boolean) => void,
  ) => callback(null, originAllowed(origin, options.origins));
  class GuardedSocketIO extends bgio.SocketIO {
    override init(app: unknown, games: readonly unknown[], origins?: unknown): void {
      super.init(app, games, origins);
      const io = (app as { _io: SocketIOServer })._io;
      for (const [name, game] of byName) {
        io.of(name).use((socket, next) => {
          guardSocket(socket, game, options);
          next();
        });
      }
    }
  }
  return new GuardedSocketIO({
    https: options.https,
    pubSub: options.pubSub,
    socketOpts: {
      // boardgame.io passes `cors: { origins }`, which socket.io 4 ignores (it answers
      // `Access-Control-Allow-Origin: *`): the origins are set here, and checked on every
      // handshake too (a WebSocket upgrade is not subject to CORS).
      cors: { origin: corsOrigin, credentials: false },
      allowRequest: (
        request: { headers: Record<string, unknown> },
        callback: (error: string | null, ok: boolean) => void,
      ) => {
        const ok = originAllowed(request.headers.origin, options.origins);
        callback(ok ? null : 'origin not allowed', ok);
      },
      maxHttpBufferSize: options.maxMessageBytes,
    },
  });
}

/** Puts the guard on one socket of `game`'s namespace, before boardgame.io's handlers. */
function guardSocket(
  socket: GuardedSocket,
  game: BoardgameIOGame,
  options: GuardedTransportOptions,
): void {
  const guard = { game, store: options.store, spectators: options.spectators };
  // The match and seat this socket last synced as (a seat's view, or a spectator's).
  let synced: { matchID: unknown; playerID: unknown } | null = null;

  // No handler's failure may reach the process: boardgame.io's handlers are async functions
  // nobody awaits, and a rejected one would end Node.js.
  const on = socket.on.bind(socket);
  socket.on = (event: string, handler: (...args: unknown[]) => unknown) =>
    on(event, (...args: unknown[]) => {
      const failed = (error: unknown) =>
        options.report({ kind: 'handler-failed', socket: socket.id, event, error });
      try {
        const done = handler(...args);
        if (done instanceof Promise) done.catch(failed);
      } catch (error) {
        failed(error);
      }
    });

  // boardgame.io sends a match's first state as it is: filter it for the seat, as every later one.
  const emit = socket.emit.bind(socket);
  socket.emit = (event: string, ...args: unknown[]) => {
    if (event === 'sync' && args[1] !== null && typeof args[1] === 'object') {
      const info = args[1] as { initialState?: unknown };
      args[1] = {
        ...info,
        initialState: viewOf(game, info.initialState, synced?.playerID ?? null),
      };
    }
    return emit(event, ...args);
  };

  socket.on('error', () => {
    // Refusals are reported as they happen; socket.io also emits them here.
  });

  socket.use((packet, next) => {
    const [event, ...args] = packet;
    checkMessage(guard, event, args).then(
      (verdict: Verdict) => {
        if (verdict.ok) {
          packet.length = 1;
          packet.push(...verdict.args);
          if (event === 'sync') synced = { matchID: verdict.args[0], playerID: verdict.args[1] };
          next();
          return;
        }
        const name = typeof event === 'string' ? event.slice(0, 40) : typeof event;
        options.report({ kind: 'refused', socket: socket.id, event: name, reason: verdict.reason });
        emit(
          REFUSED_EVENT,
          verdict.rule === undefined
            ? { event: name, reason: verdict.reason }
            : { event: name, reason: verdict.reason, rule: verdict.rule },
        );
        // A client behind the match: send it the match as it is (boardgame.io's own sync).
        const stale = verdict.stale;
        if (
          stale !== undefined &&
          synced?.matchID === stale.matchID &&
          synced.playerID === stale.playerID
        ) {
          for (const sync of socket.listeners('sync'))
            sync(stale.matchID, stale.playerID, stale.credentials);
        }
        next(new Error(verdict.reason));
      },
      () => next(new Error('the server could not check this message')),
    );
  });
}
