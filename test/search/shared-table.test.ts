// A transposition table in shared memory (lazy SMP). These tests run leader and helpers one
// after another on this thread, which makes them deterministic; the CLI's tests run them on
// real worker threads (test/cli/uhp.test.ts).
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import { alphaBetaBot, WIN_SCORE } from '../../src/search/alphabeta.js';
import { SharedSearchTable, sharedSearchTable } from '../../src/search/shared-table.js';
import { boundOf, EMPTY, ENTRY_WORDS, EXHAUSTED, packScore } from '../../src/search/table-entry.js';
import { connect4 } from '../support/connect4.js';

const code = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return isRulesError(e) ? e.code : `not a RulesError: ${String(e)}`;
  }
  return undefined;
};

describe('shared search table', () => {
  it('a bot on a shared table searches exactly as one with a table of its own', () => {
    const s = connect4.start();
    const own = alphaBetaBot(connect4, { ttSize: 1 << 12 });
    const shared = alphaBetaBot(connect4, { shared: sharedSearchTable(1 << 12) });
    // Twice: the second search orders its moves by what the first left in the table.
    for (const depth of [7, 8]) {
      const a = own.search(s, { depth });
      const b = shared.search(s, { depth });
      expect(b.pv).toEqual(a.pv);
      expect(b.score).toBe(a.score);
      expect(b.stats.nodes).toBe(a.stats.nodes);
      expect(b.stats.ttHits).toBe(a.stats.ttHits);
    }
  });

  it('a search begins and ends its own shared search, or joins the one running', () => {
    const table = sharedSearchTable(256);
    const bot = alphaBetaBot(connect4, { shared: table });
    expect(table.running).toBeNull();
    bot.search(connect4.start(), { depth: 3 });
    expect(table.running).toBeNull();
    expect(table.generation).toBe(1);
    const n = table.begin();
    bot.search(connect4.start(), { depth: 3 });
    bot.search(connect4.start(), { depth: 3 });
    expect(table.running).toBe(n); // joined: the coordinator ends it
    expect(table.generation).toBe(2);
    table.end();
    expect(table.running).toBeNull();
    expect(table.isRunning(n)).toBe(false);
  });

  it("a helper's results are the leader's: it finds them in the table and searches less", () => {
    // Small connect four searched to its end: scores are exact, whoever computed them.
    const s = connect4.start({ width: 4, height: 4, connect: 3 });
    const alone = alphaBetaBot(connect4).search(s, { depth: 30 });
    const table = sharedSearchTable(1 << 14);
    const search = table.begin();
    const helped = alphaBetaBot(connect4, { shared: table }).help(
      s,
      { search, index: 1 },
      {
        depth: 30,
      },
    );
    expect(helped.nodes).toBeGreaterThan(0);
    const leader = alphaBetaBot(connect4, { shared: table }).search(s, { depth: 30 });
    table.end();
    expect(leader.score).toBe(alone.score);
    expect(leader.stats.ttHits).toBeGreaterThan(0);
    expect(leader.stats.nodes).toBeLessThan(alone.stats.nodes / 4);
  });

  it('helpers stop when the coordinator ends the search, and do not start after it', () => {
    const table = sharedSearchTable(1 << 12);
    const search = table.begin();
    let evaluations = 0;
    let endedAt = -1;
    const helper = alphaBetaBot(connect4, {
      shared: table,
      evaluate: () => {
        // The coordinator, on another thread in real use, ends the search meanwhile.
        if (++evaluations === 3000) {
          table.end();
          endedAt = evaluations;
        }
        return [0.5, 0.5];
      },
    });
    const stats = helper.help(connect4.start(), { search, index: 2 }, { depth: 60 });
    expect(endedAt).toBe(3000);
    expect(stats.timedOut).toBe(false);
    // It checks every 1024 nodes; every evaluation is a node.
    expect(evaluations).toBeLessThan(3000 + 1024);
    expect(stats.depth).toBeLessThan(60);
    // A helper sent a search that has ended returns at once.
    expect(helper.help(connect4.start(), { search, index: 1 }, { depth: 60 }).nodes).toBe(0);
    const later = table.begin();
    expect(helper.help(connect4.start(), { search, index: 1 }, { depth: 60 }).nodes).toBe(0);
    table.end();
    expect(later).toBeGreaterThan(search);
  });

  it('an entry torn by two threads writing it at once is never used', () => {
    // Within one running search, bot A fills the table searching to the end of the game; then
    // every entry gets a torn last word (score and depth from another write: a won, complete
    // result). Bot B, joining the same search, must still find the true value.
    const s = connect4.start({ width: 4, height: 4, connect: 3 });
    const truth = alphaBetaBot(connect4).search(s, { depth: 30 });
    const table = sharedSearchTable(1 << 14);
    table.begin();
    alphaBetaBot(connect4, { shared: table }).search(s, { depth: 30 });
    let entries = 0;
    for (let i = 0; i < table.table.length; i += ENTRY_WORDS) {
      if (boundOf(table.table[i + 1] as number) === EMPTY) continue;
      entries++;
      table.table[i + 3] = packScore(WIN_SCORE - 1, EXHAUSTED);
    }
    expect(entries).toBeGreaterThan(500);
    const b = alphaBetaBot(connect4, { shared: table }).search(s, { depth: 30 });
    table.end();
    expect(b.score).toBe(truth.score);
  });

  it('rebuilds over posted buffers: both tables are the same memory', () => {
    const a = sharedSearchTable(100);
    expect(a.entries).toBe(64);
    const b = new SharedSearchTable(a.buffers);
    const n = a.begin();
    expect(b.running).toBe(n);
    b.table[5] = 42;
    expect(a.table[5]).toBe(42);
    a.clear();
    expect(b.table[5]).toBe(0);
  });

  it('bad arguments are RulesErrors', () => {
    expect(code(() => sharedSearchTable(0))).toBe('INVALID_ARGUMENT');
    expect(code(() => sharedSearchTable(2 ** 27))).toBe('INVALID_ARGUMENT');
    expect(code(() => sharedSearchTable(1.5))).toBe('INVALID_ARGUMENT');
    expect(code(() => new SharedSearchTable({} as never))).toBe('INVALID_ARGUMENT');
    const wrong = { table: new SharedArrayBuffer(48), control: new SharedArrayBuffer(8) };
    expect(code(() => new SharedSearchTable(wrong))).toBe('INVALID_ARGUMENT');
    expect(code(() => alphaBetaBot(connect4, { shared: {} as never }))).toBe('INVALID_OPTIONS');
    const s = connect4.start();
    expect(code(() => alphaBetaBot(connect4).help(s, { search: 1, index: 1 }))).toBe(
      'INVALID_ARGUMENT',
    );
    const bot = alphaBetaBot(connect4, { shared: sharedSearchTable(16) });
    expect(code(() => bot.help(s, { search: 1, index: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => bot.help(s, null as never))).toBe('INVALID_ARGUMENT');
  });
});
