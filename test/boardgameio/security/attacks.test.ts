// The security suite: the multiplayer example's hardened server in a child process, attacked by
// raw socket.io clients as a hostile player would (issue 40's findings, and what else a hostile
// client may send). After every attack: the server process is still up and serving, and the
// match is exactly what the seats' own legal moves made it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hive } from '../../../src/hive/index.js';
import { torres } from '../../../src/torres/index.js';
import {
  pause,
  Raw,
  type ServerProcess,
  startServerProcess,
  type WireState,
  waitFor,
} from './harness.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await server?.stop();
});

/** A Hive match with both seats joined and a few legal plies played; its sockets. */
async function hiveMatch(plies = 2) {
  const matchID = await server.lobby.create('hive', 2);
  const creds = [
    await server.lobby.join('hive', matchID, '0'),
    await server.lobby.join('hive', matchID, '1'),
  ];
  const seats = [new Raw(server.url, 'hive'), new Raw(server.url, 'hive')];
  for (const [k, s] of seats.entries()) {
    await s.connected();
    await s.sync(matchID, String(k), creds[k]);
  }
  for (let ply = 0; ply < plies; ply++) await playOne(seats, creds, matchID);
  return { matchID, creds, seats };
}

/** The seat to move plays its first legal move (as its own view lists it). */
async function playOne(seats: Raw[], creds: string[], matchID: string): Promise<void> {
  const view = seats[0]?.state as WireState;
  const state = hive.deserialize(view.G.state);
  const seat = hive.toMove(state);
  const text = hive.formatMove(state, hive.moves(state)[0] as never);
  const before = view._stateID;
  (seats[seat] as Raw).move(matchID, String(seat), creds[seat] as string, text);
  await waitFor(() => seats.every((s) => (s.state?._stateID ?? -1) > before), `ply ${before}`);
}

/** The match as a fresh spectator sees it now. */
async function look(matchID: string, game = 'hive'): Promise<WireState> {
  const eye = new Raw(server.url, game);
  try {
    await eye.connected();
    return await eye.sync(matchID, null);
  } finally {
    eye.close();
  }
}

/** The server is up: its process runs, its lobby answers and a socket can sync a match. */
async function stillServing(matchID: string): Promise<void> {
  expect(server.alive(), `the server exited: ${server.errors.join('')}`).toBe(true);
  expect((await server.lobby.request('/games/hive')).status).toBe(200);
  await look(matchID);
}

/** Sends one raw message, waits until the socket is answered or a moment passes. */
async function attack(socket: Raw, event: string, ...args: unknown[]): Promise<void> {
  const before = socket.received.length;
  socket.send(event, ...args);
  await waitFor(() => socket.received.length > before, 'an answer', 2000).catch(() => {});
  await pause(20);
}

describe('a hostile client against the hardened server', () => {
  it('cannot end, freeze or replace the match: events, undo and state actions are refused', async () => {
    const { matchID, creds, seats } = await hiveMatch();
    const before = await look(matchID);
    const me = seats[0] as Raw;
    const forged = { ...before, G: { state: 'Base;InProgress;White[3];wQ;bQ wQ-' }, _stateID: 99 };
    const actions = [
      {
        type: 'GAME_EVENT',
        payload: {
          type: 'endGame',
          args: [{ winner: '0', scores: [99, 0] }],
          playerID: '0',
          credentials: creds[0],
        },
      },
      {
        type: 'GAME_EVENT',
        payload: { type: 'pass', args: [{ next: '99' }], playerID: '0', credentials: creds[0] },
      },
      {
        type: 'GAME_EVENT',
        payload: { type: 'setActivePlayers', args: [['1']], playerID: '0', credentials: creds[0] },
      },
      {
        type: 'GAME_EVENT',
        payload: { type: 'endTurn', args: [], playerID: '0', credentials: creds[0] },
      },
      { type: 'UNDO', payload: { type: null, args: null, playerID: '0', credentials: creds[0] } },
      { type: 'REDO', payload: { type: null, args: null, playerID: '0', credentials: creds[0] } },
      { type: 'UPDATE', state: forged, payload: { playerID: '0', credentials: creds[0] } },
      { type: 'RESET', state: forged, payload: { playerID: '0', credentials: creds[0] } },
      {
        type: 'SYNC',
        state: { ...forged, G: 'not a state' },
        payload: { playerID: '0', credentials: creds[0] },
      },
      {
        type: 'PATCH',
        patch: [{ op: 'replace', path: '/ctx/gameover', value: { winner: '0' } }],
        payload: { playerID: '0', credentials: creds[0] },
      },
      { type: 'PLUGIN', payload: { type: 'x', playerID: '0', credentials: creds[0] } },
    ];
    for (const action of actions) {
      await attack(me, 'update', action, before._stateID, matchID, '0');
      expect(me.lastRefusal()).toMatch(/only moves/);
    }
    const after = await look(matchID);
    expect(after._stateID).toBe(before._stateID);
    expect(after.G).toEqual(before.G);
    expect(after.ctx.gameover).toBeUndefined();
    const listed = (await server.lobby.request(`/games/hive/${matchID}`)).json as {
      gameover?: unknown;
    };
    expect(listed.gameover).toBeUndefined();
    await stillServing(matchID);
  });

  it('cannot stop the server with one message: odd player IDs, inherited move names, junk actions', async () => {
    const { matchID, creds, seats } = await hiveMatch();
    const me = seats[0] as Raw;
    const id = (await look(matchID))._stateID;
    const move = (type: unknown, playerID: unknown = '0') => ({
      type: 'MAKE_MOVE',
      payload: { type, args: ['wA1'], playerID, credentials: creds[0] },
    });
    const messages: [string, ...unknown[]][] = [
      ['update', move('play', { toString: 1 }), id, matchID, { toString: 1 }],
      ['sync', matchID, { toString: 1 }, creds[0]],
      ['sync', { toString: 1 }, '0', creds[0]],
      ['update', move('toString'), id, matchID, '0'],
      ['update', move('constructor'), id, matchID, '0'],
      ['update', move('valueOf'), id, matchID, '0'],
      ['update', move('__proto__'), id, matchID, '0'],
      ['update', move('hasOwnProperty'), id, matchID, '0'],
      ['update', null, id, matchID, '0'],
      ['update', 'MAKE_MOVE', id, matchID, '0'],
      ['update', move('play'), '1', matchID, '0'],
      ['update', move('play'), id, [matchID], '0'],
      ['update', move('play'), id, matchID, ['0']],
      [
        'update',
        { ...move('play'), payload: { ...move('play').payload, args: 'wA1' } },
        id,
        matchID,
        '0',
      ],
      [
        'update',
        { ...move('play'), payload: { ...move('play').payload, args: [['wA1']] } },
        id,
        matchID,
        '0',
      ],
      ['sync'],
      ['sync', null, null],
      ['sync', '../../etc/passwd', null],
      ['chat', matchID, { id: 'x', sender: '0', payload: 'hello' }, creds[0]],
      ['chat', matchID, null],
      ['disconnect'],
      ['error', 'boom'],
      ['constructor'],
      ['__proto__', {}],
    ];
    for (const [event, ...args] of messages) {
      await attack(me, event, ...args);
      expect(
        server.alive(),
        `after ${event} ${JSON.stringify(args)}: ${server.errors.join('')}`,
      ).toBe(true);
    }
    expect((await look(matchID))._stateID).toBe(id);
    await stillServing(matchID);
  });

  it('cannot take a seat nobody joined, or another seat, or play out of turn', async () => {
    const matchID = await server.lobby.create('hive', 2);
    const thief = new Raw(server.url, 'hive');
    await thief.connected();
    // Before anyone joined: boardgame.io's default let any socket take the seat.
    await attack(thief, 'sync', matchID, '0', undefined);
    expect(thief.lastRefusal()).toMatch(/credentials/);
    expect(thief.count('sync')).toBe(0);
    await attack(
      thief,
      'update',
      { type: 'MAKE_MOVE', payload: { type: 'play', args: ['wA1'], playerID: '0' } },
      0,
      matchID,
      '0',
    );
    expect(thief.lastRefusal()).toMatch(/credentials/);
    const c0 = await server.lobby.join('hive', matchID, '0');
    const c1 = await server.lobby.join('hive', matchID, '1');
    await attack(thief, 'sync', matchID, '0', 'guessed');
    expect(thief.lastRefusal()).toMatch(/credentials/);
    // Seat 1's own credentials do not play seat 0, nor seat 1 out of turn.
    const black = new Raw(server.url, 'hive');
    await black.connected();
    await black.sync(matchID, '1', c1);
    await attack(
      black,
      'update',
      {
        type: 'MAKE_MOVE',
        payload: { type: 'play', args: ['wA1'], playerID: '0', credentials: c1 },
      },
      0,
      matchID,
      '0',
    );
    expect(black.lastRefusal()).toMatch(/credentials/);
    black.move(matchID, '1', c1, 'bA1');
    await waitFor(() => black.count('boardrules:refused') > 1, 'a refusal');
    expect(black.lastRefusal()).toMatch(/seat 0's move/);
    // A seat that does not exist.
    await attack(thief, 'sync', matchID, '2', c0);
    expect(thief.lastRefusal()).toMatch(/no seat 2/);
    expect((await look(matchID))._stateID).toBe(0);
    for (const s of [thief, black]) s.close();
  });

  it('cannot create matches from a socket', async () => {
    const before = ((await server.lobby.request('/games/hive')).json as { matches: unknown[] })
      .matches.length;
    const eye = new Raw(server.url, 'hive');
    await eye.connected();
    for (const id of ['mine', 'chosen-id', 'x'.repeat(64)]) {
      await attack(eye, 'sync', id, null);
      expect(eye.lastRefusal()).toMatch(/no match/);
      await attack(eye, 'sync', id, '0', 'c');
    }
    await attack(eye, 'sync', 'x'.repeat(65), null);
    expect(eye.lastRefusal()).toMatch(/match ID/);
    expect(
      ((await server.lobby.request('/games/hive')).json as { matches: unknown[] }).matches.length,
    ).toBe(before);
    eye.close();
  });

  it('cannot store a padded or non-canonical move, nor bloat what a later spectator receives', async () => {
    const { matchID, creds, seats } = await hiveMatch(0);
    const me = seats[0] as Raw;
    // 900 kB of spaces after a legal move: over the message limit, the socket is dropped.
    me.move(matchID, '0', creds[0] as string, `wA1${' '.repeat(900_000)}`);
    await waitFor(() => !me.socket.connected, 'the oversized message to be refused');
    // Under the message limit, still over the move limit, and a non-canonical text.
    const again = new Raw(server.url, 'hive');
    await again.connected();
    await again.sync(matchID, '0', creds[0]);
    for (const text of [`wA1${' '.repeat(10_000)}`, ' wA1', 'wa1', 'wA1 ']) {
      again.move(matchID, '0', creds[0] as string, text);
      const n = again.count('boardrules:refused');
      await waitFor(() => again.count('boardrules:refused') > n, 'a refusal');
      expect(again.lastRefusal()).toMatch(/at most 64 characters|canonically|illegal|unknown|not/);
    }
    again.move(matchID, '0', creds[0] as string, 'wA1');
    await waitFor(() => (again.state?._stateID ?? 0) === 1, 'the legal move');
    const eye = new Raw(server.url, 'hive');
    await eye.connected();
    await eye.sync(matchID, null);
    expect(Math.max(...eye.received.map((r) => r.text.length))).toBeLessThan(20_000);
    for (const s of [again, eye]) s.close();
    await stillServing(matchID);
  });

  it('is told why a move was refused, with the rule, and a client behind the match is sent it again', async () => {
    const { matchID, creds, seats } = await hiveMatch(0);
    const me = seats[0] as Raw;
    me.move(matchID, '0', creds[0] as string, 'wQ');
    await waitFor(() => me.count('boardrules:refused') > 0, 'the refusal');
    const refusal = me.received.filter((r) => r.event === 'boardrules:refused').at(-1)?.args[0];
    expect(refusal).toMatchObject({ event: 'update', rule: 'H-PLACE-5' });
    await playOne(seats, creds, matchID);
    // A move from an old state: refused, and the seat is sent the match as it is.
    const syncs = me.count('sync');
    me.move(matchID, '0', creds[0] as string, 'wA2', 0);
    await waitFor(() => me.count('sync') > syncs, 'the resync');
    expect(me.lastRefusal()).toMatch(/match is at update 1/);
    expect(me.state?._stateID).toBe(1);
  });

  it('answers browsers only from the configured origins', async () => {
    const evil = new Raw(server.url, 'hive', { origin: 'http://evil.example' });
    await expect(evil.connected()).rejects.toThrow();
    evil.close();
    const page = new Raw(server.url, 'hive', { origin: `http://localhost:${server.port - 1}` });
    await page.connected();
    page.close();
    // The polling transport's CORS answer names no foreign origin (boardgame.io's answered '*').
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(polling.headers.get('access-control-allow-origin')).not.toBe('*');
    expect(polling.headers.get('access-control-allow-origin')).not.toBe('http://evil.example');
    const lobby = await fetch(`${server.lobby.base}/games`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(lobby.headers.get('access-control-allow-origin') ?? '').toBe('');
  });

  it('keeps its lobby to well-formed requests: no seed for a hidden deal, no oversized body, no odd IDs', async () => {
    const seeded = await server.lobby.request('/games/torres/create', {
      numPlayers: 2,
      setupData: { options: { seed: 1 } },
    });
    expect(seeded.status).toBe(400);
    expect(seeded.text).toMatch(/seed/);
    const big = await server.lobby.request('/games/hive/create', {
      numPlayers: 2,
      setupData: { options: { x: 'y'.repeat(40_000) } },
    });
    expect(big.status).toBe(413);
    expect((await server.lobby.request('/games/hive/..%2F..%2Fetc')).status).toBe(404);
    expect((await server.lobby.request('/games/torres')).status).toBe(200);
    // The lobby shows a match's seats, never their credentials.
    const matchID = await server.lobby.create('hive', 2);
    const creds = await server.lobby.join('hive', matchID, '0');
    for (const path of [`/games/hive/${matchID}`, '/games/hive']) {
      const shown = await server.lobby.request(path);
      expect(shown.status).toBe(200);
      expect(shown.text).not.toContain(creds);
      expect(shown.text).not.toMatch(/credentials/);
    }
    expect(server.alive()).toBe(true);
  });

  it('fuzz: random messages from an anonymous socket and from a seat change nothing and stop nothing', async () => {
    const { matchID, creds, seats } = await hiveMatch(2);
    const before = await look(matchID);
    const anon = new Raw(server.url, 'hive');
    await anon.connected();
    const me = seats[0] as Raw;
    const anything = fc.oneof(
      fc.anything(),
      fc.constantFrom(matchID, '0', '1', creds[0], null, before._stateID),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            'update',
            'sync',
            'chat',
            'patch',
            'connect',
            'disconnect',
            'matchData',
            'error',
          ),
          fc.anything(),
        ),
        fc.array(anything, { maxLength: 5 }),
        fc.boolean(),
        async (event: unknown, args, seated) => {
          const socket = seated ? me : anon;
          if (!socket.socket.connected) return;
          socket.send(event, ...args);
          await pause(2);
        },
      ),
      { numRuns: 150 },
    );
    await pause(300);
    const after = await look(matchID);
    expect(after._stateID).toBe(before._stateID);
    expect(after.G).toEqual(before.G);
    await stillServing(matchID);
    anon.close();
  });

  it('a Torres match through the server: every seat sees only its own cards, a refused buy is never claimed', async () => {
    const matchID = await server.lobby.create('torres', 2);
    const creds = [
      await server.lobby.join('torres', matchID, '0'),
      await server.lobby.join('torres', matchID, '1'),
    ];
    const seats = [new Raw(server.url, 'torres'), new Raw(server.url, 'torres')];
    for (const [k, s] of seats.entries()) {
      await s.connected();
      await s.sync(matchID, String(k), creds[k]);
    }
    for (let ply = 0; ply < 40; ply++) {
      const view = torres.deserialize(((seats[0] as Raw).state as WireState).G.state);
      if (torres.terminal(view)) break;
      const seat = view.actor;
      const own = torres.deserialize(((seats[seat] as Raw).state as WireState).G.state);
      const ms = torres.moves(own);
      const m = ms.find((x) => x.kind === 'buy') ?? (ms[ply % ms.length] as never);
      const id = ((seats[seat] as Raw).state as WireState)._stateID;
      (seats[seat] as Raw).move(
        matchID,
        String(seat),
        creds[seat] as string,
        torres.formatMove(own, m),
      );
      await waitFor(() => seats.every((s) => (s.state?._stateID ?? 0) > id), `ply ${ply}`);
    }
    for (const [k, s] of seats.entries()) {
      const v = torres.deserialize((s.state as WireState).G.state);
      expect(v.seats[1 - k]?.hand.every((c) => c === '?')).toBe(true);
      expect(v.options.seed).toBeNull();
    }
    for (const s of seats) s.close();
  });
});
