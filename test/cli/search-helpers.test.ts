// The UHP engine's helper threads (lazy SMP) on real worker threads running the built CLI.
import { describe, expect, it } from 'vitest';
import { WorkerSearchHelpers } from '../../src/cli/games/hive/search-helpers.js';
import { hive } from '../../src/hive/index.js';
import { sharedSearchTable } from '../../src/search/shared-table.js';

// Workers run the built binary (`npm run build` precedes the tests).
const script = new URL('../../dist/cli/main.js', import.meta.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Entries in use, and a copy of the table to compare later. */
const snapshot = (table: Int32Array) => ({
  used: table.reduce((n, _w, i) => (i % 4 === 1 && table[i] !== 0 ? n + 1 : n), 0),
  words: table.slice(),
});

describe('search helpers on worker threads', () => {
  it('search the position into the shared table until the search ends, then stop', async () => {
    const errors: string[] = [];
    const helpers = new WorkerSearchHelpers(script, (m) => errors.push(m));
    try {
      expect(helpers.max).toBeGreaterThanOrEqual(1);
      const state = hive.deserialize('Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
      const table = sharedSearchTable(1 << 16);
      const search = table.begin();
      helpers.start({
        count: 1,
        state: hive.serialize(state),
        table: table.buffers,
        tableId: 1,
        search,
        aggression: 3,
        timeMs: 20_000,
      });
      // Nothing on this thread writes the table: whatever appears is the helper's.
      let filled = 0;
      for (let i = 0; i < 100 && filled < 100; i++) {
        await sleep(50);
        filled = snapshot(table.table).used;
      }
      expect(filled).toBeGreaterThanOrEqual(100);
      table.end();
      // It stops at its next check (every 1024 nodes, well under a second): the table then
      // stays as it is.
      await sleep(500);
      const before = snapshot(table.table);
      await sleep(500);
      expect(snapshot(table.table).words).toEqual(before.words);
      expect(errors).toEqual([]);
      // A failing helper is reported, and the helpers go on.
      helpers.start({
        count: 1,
        state: 'not a GameString',
        table: table.buffers,
        tableId: 1,
        search: table.begin(),
        aggression: 3,
        timeMs: 1000,
      });
      for (let i = 0; i < 100 && errors.length === 0; i++) await sleep(50);
      table.end();
      expect(errors[0]).toMatch(/^search helper: .*GameString/);
    } finally {
      await helpers.close();
    }
  });
});
