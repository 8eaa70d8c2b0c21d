// Tools for the security suite: the lobby over HTTP, and raw socket.io clients that speak
// boardgame.io's protocol by hand (what a hostile player would use) and record every payload
// they receive, so a test can search everything a seat or a spectator was sent.
import { io, type Socket } from 'socket.io-client';
import { pause, until } from '../harness.js';

/** boardgame.io's state of a match as a client receives it. */
export interface WireState {
  readonly G: { readonly state: string; readonly deal?: true; readonly error?: string };
  readonly ctx: {
    readonly currentPlayer: string;
    readonly gameover?: unknown;
    readonly turn: number;
  };
  readonly _stateID: number;
  readonly [key: string]: unknown;
}

/** One payload a socket received. */
export interface Received {
  readonly event: string;
  readonly args: readonly unknown[];
  /** The payload as JSON text, for searching. */
  readonly text: string;
}

/** A lobby of a running server. */
export class Lobby {
  constructor(readonly base: string) {}

  async request(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  }

  /** Creates a match; returns its ID. */
  async create(game: string, numPlayers: number, setupData?: unknown): Promise<string> {
    const r = await this.request(`/games/${game}/create`, { numPlayers, setupData });
    if (r.status !== 200) throw new Error(`create ${game}: ${r.status} ${r.text}`);
    return (r.json as { matchID: string }).matchID;
  }

  /** Joins seat `playerID`; returns the seat's credentials. */
  async join(
    game: string,
    matchID: string,
    playerID: string,
    name = `player ${playerID}`,
  ): Promise<string> {
    const r = await this.request(`/games/${game}/${matchID}/join`, { playerID, playerName: name });
    if (r.status !== 200)
      throw new Error(`join ${game} ${matchID} ${playerID}: ${r.status} ${r.text}`);
    return (r.json as { playerCredentials: string }).playerCredentials;
  }
}

/**
 * A socket.io client of one game's namespace, speaking boardgame.io's protocol by hand and
 * recording every payload it receives.
 */
export class Raw {
  readonly socket: Socket;
  readonly received: Received[] = [];
  /** The last state received (sync or update), per match. */
  state: WireState | null = null;

  constructor(url: string, game: string, options: { origin?: string } = {}) {
    this.socket = io(`${url}/${game}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(options.origin === undefined ? {} : { extraHeaders: { origin: options.origin } }),
    });
    this.socket.onAny((event: string, ...args: unknown[]) => {
      const text = JSON.stringify(args);
      this.received.push({ event, args: JSON.parse(text ?? 'null') ?? [], text });
      if (event === 'sync') this.state = (args[1] as { state: WireState }).state;
      if (event === 'update') {
        const s = args[1] as WireState;
        if (this.state === null || s._stateID >= this.state._stateID) this.state = s;
      }
    });
  }

  /** Resolves once connected (rejects on a refused handshake). */
  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (e) => reject(e));
    });
  }

  /**
   * Sends raw arguments (anything a hostile client might), as an event packet written directly:
   * socket.io's client refuses to emit its reserved names (`connect`, `disconnect`, …), a
   * hostile one does not.
   */
  send(event: unknown, ...args: unknown[]): void {
    (this.socket as unknown as { packet(p: { type: number; data: unknown[] }): void }).packet({
      type: 2, // socket.io's EVENT packet
      data: [event, ...args],
    });
  }

  /** `sync` as boardgame.io's client sends it; resolves with the state received. */
  async sync(matchID: string, playerID: string | null, credentials?: string): Promise<WireState> {
    const before = this.count('sync');
    this.send('sync', matchID, playerID, credentials, 2);
    await waitFor(
      () => this.count('sync') > before || this.count('boardrules:refused') > 0,
      'a sync',
    );
    if (this.count('sync') === before) throw new Error(`sync refused: ${this.lastRefusal()}`);
    return this.state as WireState;
  }

  /** A `play` move as boardgame.io's client sends it, from the last state received. */
  move(
    matchID: string,
    playerID: string,
    credentials: string,
    text: string,
    stateID?: number,
  ): void {
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: 'play', args: [text], playerID, credentials },
    };
    this.send('update', action, stateID ?? this.state?._stateID ?? 0, matchID, playerID);
  }

  /** How many payloads of `event` were received. */
  count(event: string): number {
    return this.received.filter((r) => r.event === event).length;
  }

  /** The reason of the last `boardrules:refused`. */
  lastRefusal(): string | undefined {
    const r = this.received.filter((x) => x.event === 'boardrules:refused').at(-1);
    return (r?.args[0] as { reason?: string } | undefined)?.reason;
  }

  close(): void {
    this.socket.close();
  }
}

/** Resolves once `ready()` holds, polling; rejects after `ms` (the adapter tests' `until`). */
export const waitFor = until;
export { pause };

/** A server process: the multiplayer example, started as an operator would. */
export interface ServerProcess {
  readonly port: number;
  readonly lobbyPort: number;
  readonly url: string;
  readonly lobby: Lobby;
  readonly child: import('node:child_process').ChildProcess;
  /** Everything it wrote to stderr. */
  readonly errors: string[];
  /** Whether it is still running. */
  alive(): boolean;
  /** Stops it with `signal` and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A base port with the two after it free on 127.0.0.1 right now. */
export async function freePorts(): Promise<number> {
  const { createServer } = await import('node:net');
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    const free = await Promise.all(
      [0, 1, 2].map(
        (k) =>
          new Promise<boolean>((done) => {
            const probe = createServer();
            probe.once('error', () => done(false));
            probe.listen(base + k, '127.0.0.1', () => probe.close(() => done(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
}

/**
 * Starts `examples/multiplayer/server.mjs --no-page` on 127.0.0.1 (with `args`, e.g. `--store`)
 * in a child process and waits until its lobby answers.
 */
export async function startServerProcess(
  args: readonly string[] = [],
  base?: number,
): Promise<ServerProcess> {
  const { spawn } = await import('node:child_process');
  const { resolve } = await import('node:path');
  const port = base ?? (await freePorts());
  const script = resolve(import.meta.dirname, '../../../examples/multiplayer/server.mjs');
  const child = spawn(
    process.execPath,
    [script, '--no-page', '--host', '127.0.0.1', '--port', String(port), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const errors: string[] = [];
  child.stderr?.on('data', (d: Buffer) => errors.push(d.toString()));
  // A test process that ends without stopping it (a crash, a timeout) takes it along.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  child.once('exit', () => process.removeListener('exit', orphaned));
  child.stdout?.resume();
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const lobby = new Lobby(`http://127.0.0.1:${port + 2}`);
  let ready = false;
  const t0 = Date.now();
  while (!ready && !exited && Date.now() - t0 < 20_000) {
    try {
      ready = (await fetch(`${lobby.base}/games`)).ok;
    } catch {
      await pause(50);
    }
  }
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${errors.join('')}`);
  }
  return {
    port: port + 1,
    lobbyPort: port + 2,
    url: `http://127.0.0.1:${port + 1}`,
    lobby,
    child,
    errors,
    alive: () => !exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (!exited) child.kill(signal);
      await done;
    },
  };
}
