// The stores under boardgame.io 0.50's own Master (the part of its server that reads and writes
// the store), to pin down the API shape and one thing the hardened server must handle: after a
// refused move, Master stores the unchanged state again, which a conditional store refuses with
// a StaleWriteError (found = the stored `_stateID`). boardgame.io is CommonJS without an exports
// map: loaded by path with `require`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../../src/boardgameio/server/storage/file.js';
import { MemoryStore } from '../../../src/boardgameio/server/storage/memory.js';
import { type MatchStore, StaleWriteError } from '../../../src/boardgameio/server/store.js';
import { outcome } from './contract.js';

const require = createRequire(import.meta.url);
const { Master } = require('boardgame.io/dist/cjs/master.js');

const root = mkdtempSync(join(tmpdir(), 'boardrules-bgio-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A game of adding positive numbers; anything else is boardgame.io's INVALID_MOVE. */
const game = {
  name: 'count',
  setup: () => ({ n: 0 }),
  moves: {
    add: ({ G }: { G: { n: number } }, k: number) => (k > 0 ? { n: G.n + k } : 'INVALID_MOVE'),
  },
};

const add = (k: number) => ({
  type: 'MAKE_MOVE',
  payload: { type: 'add', args: [k], playerID: '0' },
});

const stores: [string, () => MatchStore][] = [
  ['MemoryStore', () => new MemoryStore()],
  ['FileStore', () => new FileStore({ dir: join(root, String(Math.random()).slice(2)) })],
];

describe.each(stores)("%s under boardgame.io's Master", (_, make) => {
  it('creates the match on sync and stores each move with its log and metadata', async () => {
    const store = make();
    const sent: unknown[] = [];
    const master = new Master(game, store, {
      send: () => {},
      sendAll: (x: unknown) => sent.push(x),
    });
    await master.onSync('m', '0', undefined, 2);
    const created = await store.fetch('m', { state: true, metadata: true, initialState: true });
    expect(created.state?._stateID).toBe(0);
    expect(created.initialState).toStrictEqual(created.state);
    expect(created.metadata?.gameName).toBe('count');
    expect(await master.onUpdate(add(2), 0, 'm', '0')).toBeUndefined();
    expect(await master.onUpdate(add(3), 1, 'm', '0')).toBeUndefined();
    // A stale client: Master itself refuses it, before any store call.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await master.onUpdate(add(4), 0, 'm', '0')).toBeUndefined();
      expect(logged.mock.calls.flat().join(' ')).toMatch(/invalid stateID/);
    } finally {
      logged.mockRestore();
    }
    const got = await store.fetch('m', { state: true, log: true, metadata: true });
    expect(got.state?._stateID).toBe(2);
    expect(got.state?.G).toEqual({ n: 5 });
    expect(
      got.log?.map((e) => [e._stateID, (e.action as { payload: { args: number[] } }).payload.args]),
    ).toEqual([
      [0, [2]],
      [1, [3]],
    ]);
    expect(got.metadata?.updatedAt).toBeGreaterThanOrEqual(got.metadata?.createdAt as number);
  });

  it('refuses the unchanged state Master stores after a refused move (StaleWriteError, found = stored)', async () => {
    const store = make();
    const master = new Master(game, store, { send: () => {}, sendAll: () => {} });
    await master.onSync('m', '0', undefined, 2);
    await master.onUpdate(add(1), 0, 'm', '0');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await outcome(master.onUpdate(add(-1), 1, 'm', '0'));
    expect(logged.mock.calls.flat().join(' ')).toMatch(/invalid move/);
    logged.mockRestore();
    expect(refused.ok).toBe(false);
    const error = (refused as { error: StaleWriteError }).error;
    expect(error).toBeInstanceOf(StaleWriteError);
    expect([error.expected, error.found]).toEqual([0, 1]);
    const got = await store.fetch('m', { state: true, log: true });
    expect(got.state?._stateID).toBe(1);
    expect(got.log).toHaveLength(1);
  });
});
