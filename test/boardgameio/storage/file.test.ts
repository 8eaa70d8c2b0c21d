// FileStore: the store contract on files, the ways a file can be damaged, and what its layout
// promises (torn log tails, leftovers of a crash, permissions, IDs that are not file names).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  StoreBackendError,
  StoreInputError,
} from '../../../src/boardgameio/server/storage/errors.js';
import { FileStore } from '../../../src/boardgameio/server/storage/file.js';
import type { DamageReport, MatchStore } from '../../../src/boardgameio/server/store.js';
import {
  type Damage,
  describeStoreContract,
  makeEntry,
  makeMetadata,
  makeState,
  outcome,
} from './contract.js';

const root = mkdtempSync(join(tmpdir(), 'boardrules-filestore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let stores = 0;
const newDir = (): string => join(root, `store-${++stores}`);

const ALL = { state: true, metadata: true, log: true, initialState: true } as const;

function fileOf(store: MatchStore, name: string): string {
  return join((store as FileStore).dir, name);
}

/** Rewrites the match's `suffix` file with `f(its bytes)`. */
function rewrite(suffix: string, f: (bytes: Buffer) => Buffer | string): Damage['apply'] {
  return async (store, id) => {
    const path = fileOf(store, `${id}${suffix}`);
    writeFileSync(path, f(readFileSync(path)));
  };
}

const damages: Damage[] = [
  { name: 'an empty record (0 bytes)', part: 'record', apply: rewrite('.json', () => '') },
  {
    name: 'a truncated record',
    part: 'record',
    apply: rewrite('.json', (b) => b.subarray(0, Math.floor(b.length / 2))),
  },
  {
    name: 'garbage in the record',
    part: 'record',
    apply: rewrite('.json', () => Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0x22, 0xc3])),
  },
  {
    name: 'a record of the wrong shape',
    part: 'record',
    apply: rewrite('.json', (b) => {
      const record = JSON.parse(b.toString());
      delete record.state.ctx;
      return JSON.stringify(record);
    }),
  },
  {
    name: 'metadata of the wrong shape',
    part: 'record',
    apply: rewrite('.json', (b) => {
      const record = JSON.parse(b.toString());
      record.metadata.players = 'all of them';
      return JSON.stringify(record);
    }),
  },
  { name: 'JSON that is no record', part: 'record', apply: rewrite('.json', () => '[1,2,3]') },
  {
    name: 'a record that is a folder',
    part: 'record',
    apply: async (store, id) => {
      unlinkSync(fileOf(store, `${id}.json`));
      mkdirSync(fileOf(store, `${id}.json`));
    },
  },
  { name: 'an empty first state', part: 'initial', apply: rewrite('.initial.json', () => '') },
  {
    name: 'a missing first state',
    part: 'initial',
    apply: async (store, id) => unlinkSync(fileOf(store, `${id}.initial.json`)),
  },
  {
    name: 'a first state that is no state',
    part: 'initial',
    apply: rewrite('.initial.json', () => '{"_stateID":0}'),
  },
  {
    name: 'a log shorter than its record says',
    part: 'log',
    apply: async (store, id) => truncateSync(fileOf(store, `${id}.log`), 30),
  },
  {
    name: 'a log line that is not JSON',
    part: 'log',
    apply: rewrite('.log', (b) => Buffer.concat([Buffer.from('[[[[[['), b.subarray(6)])),
  },
  {
    name: 'a log line that is no entry',
    part: 'log',
    apply: rewrite('.log', (b) => {
      const lines = b.toString().split('\n');
      lines[0] = JSON.stringify({ _stateID: 7 }).padEnd((lines[0] as string).length, ' ');
      return lines.join('\n');
    }),
  },
  {
    name: 'a missing log',
    part: 'log',
    apply: async (store, id) => unlinkSync(fileOf(store, `${id}.log`)),
  },
];

describeStoreContract('FileStore', {
  make: async (onDamage) => {
    const store = new FileStore({ dir: newDir(), onDamage });
    await store.connect();
    return store;
  },
  damages,
  fuzzRuns: 100,
});

async function storeWithMatch(moves: number, reports: DamageReport[] = []): Promise<FileStore> {
  const store = new FileStore({ dir: newDir(), onDamage: (r) => reports.push(r) });
  await store.createMatch('m', { initialState: makeState(0), metadata: makeMetadata() });
  for (let n = 1; n <= moves; n++) await store.setState('m', makeState(n), [makeEntry(n - 1)]);
  return store;
}

describe('FileStore', () => {
  it('keeps a match in three files only its owner can read, and nothing else', async () => {
    const store = await storeWithMatch(2);
    expect(readdirSync(store.dir).sort()).toEqual(['m.initial.json', 'm.json', 'm.log']);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    for (const name of ['m.initial.json', 'm.json', 'm.log']) {
      expect(statSync(join(store.dir, name)).mode & 0o777, name).toBe(0o600);
    }
    const lines = readFileSync(join(store.dir, 'm.log'), 'utf8').split('\n');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l))).toStrictEqual([
      makeEntry(0),
      makeEntry(1),
    ]);
    expect(lines.at(-1)).toBe('');
  });

  it('reads everything back after a restart (a new store on the same folder)', async () => {
    const store = await storeWithMatch(3);
    await store.setMetadata('m', makeMetadata('hive', { updatedAt: 5 }));
    const again = new FileStore({ dir: store.dir });
    expect(await again.fetch('m', ALL)).toStrictEqual({
      state: makeState(3),
      metadata: makeMetadata('hive', { updatedAt: 5 }),
      log: [makeEntry(0), makeEntry(1), makeEntry(2)],
      initialState: makeState(0),
    });
    await again.setState('m', makeState(4), [makeEntry(3)]);
    expect((await again.fetch('m', { log: true })).log).toHaveLength(4);
  });

  it('works without fsync too (atomic, not flushed)', async () => {
    const store = new FileStore({ dir: newDir(), fsync: false });
    await store.createMatch('m', { initialState: makeState(0), metadata: makeMetadata() });
    await store.setState('m', makeState(1), [makeEntry(0)]);
    expect(await store.fetch('m', { state: true, log: true })).toStrictEqual({
      state: makeState(1),
      log: [makeEntry(0)],
    });
  });

  it('moves a damaged match whole into damaged/, as it was, and says where', async () => {
    const reports: DamageReport[] = [];
    const store = await storeWithMatch(2, reports);
    const torn = readFileSync(join(store.dir, 'm.json')).subarray(0, 40);
    writeFileSync(join(store.dir, 'm.json'), torn);
    const log = readFileSync(join(store.dir, 'm.log'));
    expect(await store.fetch('m', { state: true })).toStrictEqual({});
    expect(reports).toHaveLength(1);
    const { setAsideAt, reason, matchID } = reports[0] as DamageReport;
    expect(matchID).toBe('m');
    expect(reason).toMatch(/^m\.json is not JSON/);
    const folders = readdirSync(join(store.dir, 'damaged'));
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-m-[0-9a-f]{8}$/);
    expect(setAsideAt).toBe(join(store.dir, 'damaged', folders[0] as string));
    expect(readdirSync(setAsideAt).sort()).toEqual(['m.initial.json', 'm.json', 'm.log']);
    expect(readFileSync(join(setAsideAt, 'm.json'))).toEqual(torn);
    expect(readFileSync(join(setAsideAt, 'm.log'))).toEqual(log);
    expect(readdirSync(store.dir).sort()).toEqual(['damaged']);
    // listMatches does not look inside damaged/.
    expect(await store.listMatches()).toEqual([]);
  });

  it('never reads a torn log tail, and overwrites it with the next move', async () => {
    const store = await storeWithMatch(2);
    await appendFile(join(store.dir, 'm.log'), '{"action":{"type":"MAKE_MO');
    expect((await store.fetch('m', { log: true })).log).toStrictEqual([makeEntry(0), makeEntry(1)]);
    await store.setState('m', makeState(3), [makeEntry(2)]);
    expect(readFileSync(join(store.dir, 'm.log'), 'utf8')).toBe(
      `${[makeEntry(0), makeEntry(1), makeEntry(2)].map((e) => JSON.stringify(e)).join('\n')}\n`,
    );
  });

  it('keeps the log of the stored state when a crash left the next move in the log only', async () => {
    const store = await storeWithMatch(2);
    // As a crash between appending the log and renaming the new record leaves it.
    await appendFile(join(store.dir, 'm.log'), `${JSON.stringify(makeEntry(2, 'lost'))}\n`);
    expect(await store.fetch('m', { state: true, log: true })).toStrictEqual({
      state: makeState(2),
      log: [makeEntry(0), makeEntry(1)],
    });
    await store.setState('m', makeState(3), [makeEntry(2, 'stored')]);
    expect((await store.fetch('m', { log: true })).log).toStrictEqual([
      makeEntry(0),
      makeEntry(1),
      makeEntry(2, 'stored'),
    ]);
  });

  it('deletes the temporary files a crash left when it connects, and nothing else', async () => {
    const store = await storeWithMatch(1);
    writeFileSync(join(store.dir, '.m.json.4242.7.tmp'), '{"format":"boardrules-m');
    writeFileSync(join(store.dir, 'notes.txt'), 'the operator’s');
    const again = new FileStore({ dir: store.dir });
    await again.connect();
    expect(readdirSync(store.dir).sort()).toEqual([
      'm.initial.json',
      'm.json',
      'm.log',
      'notes.txt',
    ]);
    expect((await again.fetch('m', { state: true })).state).toStrictEqual(makeState(1));
  });

  it('lists only whole matches: no orphaned files, no other names', async () => {
    const store = await storeWithMatch(1);
    writeFileSync(join(store.dir, 'orphan.initial.json'), JSON.stringify(makeState(0)));
    writeFileSync(join(store.dir, 'orphan.log'), `${JSON.stringify(makeEntry(0))}\n`);
    writeFileSync(join(store.dir, 'not an id.json'), '{}');
    writeFileSync(join(store.dir, 'README'), 'hello');
    mkdirSync(join(store.dir, 'sub.json.d'));
    const reports: DamageReport[] = [];
    const again = new FileStore({ dir: store.dir, onDamage: (r) => reports.push(r) });
    expect(await again.listMatches()).toEqual(['m']);
    expect(reports).toEqual([]);
    // A match created under the orphan's ID takes none of its leftovers.
    await again.createMatch('orphan', {
      initialState: makeState(0, { G: 'new' }),
      metadata: makeMetadata(),
    });
    expect(await again.fetch('orphan', ALL)).toStrictEqual({
      state: makeState(0, { G: 'new' }),
      metadata: makeMetadata(),
      log: [],
      initialState: makeState(0, { G: 'new' }),
    });
    await again.setState('orphan', makeState(1), [makeEntry(0, 'new')]);
    expect((await again.fetch('orphan', { log: true })).log).toStrictEqual([makeEntry(0, 'new')]);
  });

  it('never touches a file for an ID that is not a match ID', async () => {
    const store = await storeWithMatch(1);
    const outside = join(store.dir, '..', 'evil.json');
    const record = readFileSync(join(store.dir, 'm.json'));
    writeFileSync(outside, record);
    writeFileSync(join(store.dir, 'sub'), 'x');
    for (const id of ['../evil', '..', '.', 'sub/../m', 'm.json', 'm\u0000', '']) {
      expect(await store.fetch(id, ALL), id).toStrictEqual({});
      const created = await outcome(
        store.createMatch(id, { initialState: makeState(0), metadata: makeMetadata() }),
      );
      expect((created as { error: unknown }).error, id).toBeInstanceOf(StoreInputError);
      await outcome(store.setState(id, makeState(2)));
      await store.setMetadata(id, makeMetadata());
      await store.wipe(id);
    }
    expect(readFileSync(outside)).toEqual(record);
    expect(readdirSync(store.dir).sort()).toEqual(['m.initial.json', 'm.json', 'm.log', 'sub']);
    rmSync(outside);
  });

  it('reports a failing file system as StoreBackendError', async () => {
    const store = await storeWithMatch(1);
    rmSync(store.dir, { recursive: true });
    for (const call of [
      (): Promise<unknown> =>
        store.createMatch('n', { initialState: makeState(0), metadata: makeMetadata() }),
      (): Promise<unknown> => store.listMatches(),
    ]) {
      const o = await outcome(call());
      expect((o as { error: unknown }).error).toBeInstanceOf(StoreBackendError);
    }
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const onAFile = new FileStore({ dir: join(file, 'store') });
    const o = await outcome(onAFile.fetch('m', { state: true }));
    expect((o as { error: Error }).error).toBeInstanceOf(StoreBackendError);
    expect((o as { error: Error }).error.message).toMatch(/ENOTDIR/);
    // connect is tried again after a failure: once the path works, so does the store.
    rmSync(file);
    mkdirSync(file);
    await onAFile.createMatch('m', { initialState: makeState(0), metadata: makeMetadata() });
    expect(await onAFile.listMatches()).toEqual(['m']);
    expect(existsSync(join(file, 'store', 'm.json'))).toBe(true);
  });

  it('refuses options that are not options', () => {
    for (const options of [
      undefined,
      {},
      { dir: '' },
      { dir: 5 },
      { dir: 'x', fsync: 'yes' },
      { dir: 'x', onDamage: 1 },
    ]) {
      expect(() => new FileStore(options as never), JSON.stringify(options)).toThrow(TypeError);
    }
  });
});
