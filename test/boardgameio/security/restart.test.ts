// Kills at random moments lose no move anyone was shown: the multiplayer example's server runs
// in a child process on a FileStore, then on PostgreSQL; two seats play while the server is
// SIGKILLed 50 times at random moments and restarted on the same store. After each restart,
// the stored match is at least as far as any state a socket was shown, and every shown state
// is the stored game's own (no client saw a move the store does not have). A damaged store
// file leaves the server up.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { hive } from '../../../src/hive/index.js';
import { describePostgres } from '../storage/postgres-service.js';
import { freePorts, pause, Raw, startServerProcess, type WireState, waitFor } from './harness.js';
import { newHiveMatch, playOn, type Shown, seat } from './play.js';

const KILLS = 50;

/** The stored game, replayed from its log: update number → the state's text. */
async function storedHistory(url: string, matchID: string): Promise<{ at: number; states: Shown }> {
  const eye = new Raw(url, 'hive');
  await eye.connected();
  eye.send('sync', matchID, null);
  await waitFor(() => eye.count('sync') > 0, 'the stored match');
  const sync = eye.received.find((r) => r.event === 'sync')?.args[1] as {
    state: WireState;
    log: { action: { type: string; payload: { args: string[] } }; _stateID: number }[];
    initialState: WireState;
  };
  eye.close();
  const states: Shown = new Map();
  let s = hive.deserialize(sync.initialState.G.state);
  states.set(0, hive.serialize(s));
  // The moves, in order (boardgame.io also logs the turn's end, an event, after each move).
  const moves = sync.log.filter((entry) => entry.action.type === 'MAKE_MOVE');
  for (const [i, entry] of moves.entries()) {
    s = hive.apply(s, hive.parseMove(s, entry.action.payload.args[0] as string));
    states.set(i + 1, hive.serialize(s));
  }
  expect(states.get(sync.state._stateID)).toBe(sync.state.G.state);
  return { at: sync.state._stateID, states };
}

async function killAndRestart(storeArgs: string[]): Promise<{ plies: number; shownMax: number }> {
  const base = await freePorts();
  let server = await startServerProcess(storeArgs, base);
  let match = await newHiveMatch(server.lobby);
  const rng = new Rng(7);
  let plies = 0;
  let shownMax = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    const shown: Shown = new Map();
    const seats: [Raw, Raw] = [
      await seat(server.url, match, 0, shown),
      await seat(server.url, match, 1, shown),
    ];
    const spectator = await seat(server.url, match, null, shown);
    // Play until the kill, which comes at a random moment (often mid-move).
    let dead = false;
    const playing = playOn(match, seats, [spectator], rng, 1000, () => dead);
    await pause(rng.int(250));
    await server.stop('SIGKILL');
    dead = true;
    plies += await playing;
    for (const s of [...seats, spectator]) s.close();
    server = await startServerProcess(storeArgs, base);
    const stored = await storedHistory(server.url, match.matchID);
    // Nothing shown is lost, and nothing shown differs from what is stored.
    for (const [id, text] of shown) {
      expect(
        id,
        `kill ${kill}: update ${id} was shown, the store is at ${stored.at}`,
      ).toBeLessThanOrEqual(stored.at);
      expect(stored.states.get(id), `kill ${kill}: update ${id}`).toBe(text);
      shownMax = Math.max(shownMax, id);
    }
    if (hive.terminal(hive.deserialize(stored.states.get(stored.at) as string))) {
      match = await newHiveMatch(server.lobby);
    }
  }
  expect(server.errors.join('')).not.toMatch(/damaged|Error/);
  await server.stop();
  return { plies, shownMax };
}

describe('50 SIGKILLs at random moments lose no move a client was shown', () => {
  it('on the FileStore', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-kill-'));
    try {
      const { plies } = await killAndRestart(['--store', dir]);
      expect(plies).toBeGreaterThan(KILLS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describePostgres('50 SIGKILLs at random moments on PostgreSQL', (pg) => {
  it('lose no move a client was shown, with the PostgresStore', async () => {
    const { plies } = await killAndRestart(['--database', pg.url]);
    expect(plies).toBeGreaterThan(KILLS);
  }, 300_000);
});

describe('a damaged store file', () => {
  it('is set aside: the server stays up, lists its other matches and refuses the damaged one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-damage-'));
    try {
      const base = await freePorts();
      let server = await startServerProcess(['--store', dir], base);
      const damaged = await newHiveMatch(server.lobby);
      const healthy = await newHiveMatch(server.lobby);
      await server.stop();
      // Every file of the match truncated to nothing (a crash of boardgame.io's old file store).
      const files = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && f.name.includes(damaged.matchID))
        .map((f) => join(f.parentPath, f.name));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) writeFileSync(f, '');
      expect(files.every((f) => statSync(f).size === 0)).toBe(true);
      server = await startServerProcess(['--store', dir], base);
      const list = await server.lobby.request('/games/hive');
      expect(list.status).toBe(200);
      const ids = (list.json as { matches: { matchID: string }[] }).matches.map((m) => m.matchID);
      expect(ids).toContain(healthy.matchID);
      expect(ids).not.toContain(damaged.matchID);
      const eye = await seat(server.url, healthy, null);
      eye.send('sync', damaged.matchID, null);
      await pause(300);
      expect(eye.lastRefusal()).toMatch(/no match/);
      eye.close();
      expect(server.alive()).toBe(true);
      expect(server.errors.join('')).toMatch(new RegExp(damaged.matchID));
      await server.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
