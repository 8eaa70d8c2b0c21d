// MemoryStore: the store contract in memory (the zero-install default and the tests' store).
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/boardgameio/server/storage/memory.js';
import { describeStoreContract, makeMetadata, makeState } from './contract.js';

describeStoreContract('MemoryStore', {
  make: async () => {
    const store = new MemoryStore();
    await store.connect();
    return store;
  },
  damages: [], // nothing outside the process can reach its records
  fuzzRuns: 200,
});

describe('MemoryStore', () => {
  it('keeps separate stores apart', async () => {
    const a = new MemoryStore();
    const b = new MemoryStore();
    await a.createMatch('m', { initialState: makeState(0), metadata: makeMetadata() });
    expect(await b.fetch('m', { state: true })).toStrictEqual({});
    expect(await b.listMatches()).toEqual([]);
  });
});
