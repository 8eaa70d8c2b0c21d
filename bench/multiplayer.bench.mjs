// The multiplayer server under load: the example's hardened server (examples/multiplayer, as an
// operator starts it, without the page) in child processes, and concurrent Hive matches whose
// two seats are raw socket.io clients in this process, each seat sending a random legal move
// (chosen on its own view) as soon as it is its turn. A row gives the moves the server took per
// second of wall time, the latency of a move (sent → the mover receives its update) at the
// median and the 99th percentile, and the server processes' peak memory.
//
// - 1 process, memory store: the zero-install default.
// - 1 process, file store: every move written, flushed and renamed before it is shown.
// - 2 processes on PostgreSQL and Redis: the seats of each match on different processes (seat 0
//   on the first, seat 1 on the second), every move a PostgreSQL transaction and a Redis message.
//   Needs Debian's postgresql and redis-server (throwaway servers are started); without them the
//   row says why it did not run.
//
// The clients share one core with one of the server processes on this 2-core machine, so the
// figures are what one machine serving and playing does, not the server's ceiling.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { hive } from '../dist/hive/index.js';
import { Rng } from '../dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const deep = process.argv.includes('--deep');
const SECONDS = Number(process.env.SECONDS_ ?? (deep ? 30 : 10));
const MATCHES = Number(process.env.MATCHES ?? (deep ? 200 : 50));

/** Moves the server refused during a run (the bots send only legal moves: should stay 0). */
const refusals = { count: 0 };

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function freeRun() {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 30000);
    const ok = await Promise.all(
      [0, 1, 2].map(
        (k) =>
          new Promise((done) => {
            const p = createServer();
            p.once('error', () => done(false));
            p.listen(base + k, '127.0.0.1', () => p.close(() => done(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return base;
  }
}

/** The example's server in a child process; resolves once its lobby answers. */
async function serverProcess(args) {
  const base = await freeRun();
  const child = spawn(
    process.execPath,
    [
      join(here, '../examples/multiplayer/server.mjs'),
      '--no-page',
      '--host',
      '127.0.0.1',
      '--port',
      String(base),
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const lobby = `http://127.0.0.1:${base + 2}`;
  for (let t = 0; t < 400; t++) {
    try {
      if ((await fetch(`${lobby}/games`)).ok) {
        return { child, url: `http://127.0.0.1:${base + 1}`, lobby, errors: () => errors };
      }
    } catch {}
    await pause(50);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${errors}`);
}

/** Peak resident memory of a process (Linux VmHWM), in MB. */
function peakMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s*(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function post(url, body) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

/**
 * One match: two seats on the given servers, each answering the states it receives: when a
 * state puts it to move, it chooses a random legal move on it and sends it. Resolves with the
 * moves made once the game ends or `until` passes.
 */
async function runMatch(servers, rng, until, latencies) {
  const [a, b] = servers;
  const { matchID } = await post(`${a.lobby}/games/hive/create`, { numPlayers: 2 });
  const creds = [];
  for (const id of ['0', '1']) {
    creds.push(
      (await post(`${a.lobby}/games/hive/${matchID}/join`, { playerID: id, playerName: id }))
        .playerCredentials,
    );
  }
  const sockets = [a, b].map((s) =>
    io(`${s.url}/hive`, { transports: ['websocket'], forceNew: true, reconnection: false }),
  );
  await Promise.all(sockets.map((s) => new Promise((resolve) => s.once('connect', resolve))));
  let moves = 0;
  let done;
  const finished = new Promise((resolve) => {
    done = resolve;
  });
  const sentAt = [0, 0];
  const answered = [-1, -1];
  sockets.forEach((socket, seat) => {
    const take = (state) => {
      if (state._stateID <= answered[seat]) return;
      answered[seat] = state._stateID;
      if (sentAt[seat] !== 0) {
        latencies.push(performance.now() - sentAt[seat]);
        sentAt[seat] = 0;
        moves++;
      }
      const s = hive.deserialize(state.G.state);
      if (hive.terminal(s) || Date.now() >= until) {
        done();
        return;
      }
      if (hive.toMove(s) !== seat) return;
      const list = hive.moves(s);
      const text = hive.formatMove(s, list[rng.int(list.length)]);
      sentAt[seat] = performance.now();
      socket.emit(
        'update',
        {
          type: 'MAKE_MOVE',
          payload: { type: 'play', args: [text], playerID: String(seat), credentials: creds[seat] },
        },
        state._stateID,
        matchID,
        String(seat),
      );
    };
    socket.on('sync', (_id, info) => take(info.state));
    socket.on('update', (_id, state) => take(state));
    socket.on('disconnect', () => done());
    // A refused move would stall the match: count it, the row says so.
    socket.on('boardrules:refused', () => {
      refusals.count++;
    });
  });
  for (const [k, s] of sockets.entries()) s.emit('sync', matchID, String(k), creds[k]);
  const timer = setTimeout(() => done(), Math.max(0, until - Date.now()) + 5000);
  await finished;
  clearTimeout(timer);
  for (const s of sockets) s.close();
  return moves;
}

/** Plays `MATCHES` matches at once (new ones as games end) for `SECONDS`; prints the row. */
async function load(label, servers) {
  const rng = new Rng(1);
  const latencies = [];
  refusals.count = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  let moves = 0;
  await Promise.all(
    Array.from({ length: MATCHES }, async () => {
      while (Date.now() < until) {
        // Not `moves += await …`: that reads `moves` before the await, losing other matches' moves.
        const made = await runMatch(servers, rng, until, latencies);
        moves += made;
      }
    }),
  );
  const wall = Date.now() - started;
  latencies.sort((x, y) => x - y);
  const at = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const procs = [...new Set(servers.map((s) => s.child))];
  const peak = procs.map((c) => `${peakMB(c.pid).toFixed(0)} MB`).join(' + ');
  const errors = servers
    .map((s) => s.errors())
    .join('')
    .trim();
  console.log(
    `| multiplayer load: ${label}, ${MATCHES} matches at once | moves the server took, wall time, ${SECONDS} s | ${moves} | ${wall} | ${Math.round((moves / wall) * 1000)} | ${peak} (server) | latency p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; ${refusals.count} refused${errors === '' ? '' : `; server said: ${errors.slice(0, 120)}`} |`,
  );
}

/** A throwaway PostgreSQL cluster (Debian's binaries; as the postgres user when root). */
async function postgres() {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  const bin = version === undefined ? undefined : join(root, version, 'bin');
  if (bin === undefined || !existsSync(join(bin, 'initdb')))
    return { skip: 'no PostgreSQL (Debian: apt-get install postgresql)' };
  const dir = mkdtempSync(join(tmpdir(), 'boardrules-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) => {
    const argv = asRoot
      ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args]
      : [join(bin, tool), ...args];
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool}: ${r.stderr}`);
  };
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -h 127.0.0.1`,
    '-w',
    'start',
  ]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throwaway Redis (Debian's redis-server). */
async function redis() {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (which === '') return { skip: 'no Redis (Debian: apt-get install redis-server)' };
  const port = await freePort();
  const child = spawn(
    which,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await pause(300);
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const stops = [];
// Whatever ends this process (a signal, a closed pipe, an error) takes its servers with it.
let stopped = false;
function stopAll() {
  if (stopped) return;
  stopped = true;
  for (const stop of stops.reverse()) {
    try {
      stop();
    } catch {}
  }
}
process.once('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE']) {
  process.once(signal, () => {
    stopAll();
    process.exit(1);
  });
}
try {
  {
    const s = await serverProcess([]);
    stops.push(() => s.child.kill('SIGTERM'));
    await load('1 process, memory store', [s, s]);
  }
  {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-bench-files-'));
    const s = await serverProcess(['--store', dir]);
    stops.push(() => {
      s.child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    });
    await load('1 process, file store (fsync)', [s, s]);
  }
  const pg = await postgres();
  const rd = pg.skip === undefined ? await redis() : { skip: pg.skip };
  if (pg.stop) stops.push(pg.stop);
  if (rd.stop) stops.push(rd.stop);
  if (pg.skip !== undefined || rd.skip !== undefined) {
    console.log(
      `| multiplayer load: 2 processes, PostgreSQL + Redis | not run: ${pg.skip ?? rd.skip} | | | | | |`,
    );
  } else {
    const args = ['--database', pg.url, '--redis', rd.url];
    const a = await serverProcess(args);
    const b = await serverProcess(args);
    stops.push(
      () => a.child.kill('SIGTERM'),
      () => b.child.kill('SIGTERM'),
    );
    await load('2 processes, PostgreSQL + Redis, seats on different processes', [a, b]);
    const one = await serverProcess(args);
    stops.push(() => one.child.kill('SIGTERM'));
    await load('1 process, PostgreSQL + Redis', [one, one]);
  }
} finally {
  stopAll();
}
