// PostgresStore: the store contract on PostgreSQL (with a second pool as a second server
// process), rows damaged by hand, what it puts in SQL, and a failing database. The server comes
// from postgres-service.ts: BOARDRULES_TEST_PG, or a throwaway cluster, or a skip that says why.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  StoreBackendError,
  StoreInputError,
} from '../../../src/boardgameio/server/storage/errors.js';
import {
  type PgPool,
  type PgPoolClient,
  type PgQueryResult,
  PostgresStore,
} from '../../../src/boardgameio/server/storage/postgres.js';
import type { DamageReport, MatchStore } from '../../../src/boardgameio/server/store.js';
import {
  type Damage,
  describeStoreContract,
  makeEntry,
  makeMetadata,
  makeState,
  outcome,
} from './contract.js';
import { describePostgres, type PostgresService } from './postgres-service.js';

const ALL = { state: true, metadata: true, log: true, initialState: true } as const;

/** A damage done with one SQL statement on the store's table (`$1`: the match ID). */
function sql(
  service: PostgresService,
  name: string,
  part: Damage['part'],
  statement: (table: string) => string,
): Damage {
  return {
    name,
    part,
    apply: async (store: MatchStore, id: string) => {
      const result = await service.pool().query(statement((store as PostgresStore).table), [id]);
      expect(result.rowCount, name).toBeGreaterThan(0);
    },
  };
}

/** A pool that passes everything to `pool` and keeps the text of every statement. */
function recording(pool: PgPool, texts: string[], values: unknown[][]): PgPool {
  const record = (text: string, v: unknown[] | undefined): void => {
    texts.push(text);
    values.push(v ?? []);
  };
  return {
    query: (text, v) => {
      record(text, v);
      return pool.query(text, v);
    },
    connect: async () => {
      const client = await pool.connect();
      return {
        query: (text: string, v?: unknown[]) => {
          record(text, v);
          return client.query(text, v);
        },
        release: (destroy?: boolean | Error) => client.release(destroy),
      };
    },
  };
}

describePostgres('PostgresStore', (service) => {
  const damages: Damage[] = [
    sql(
      service,
      'a state that is not a state',
      'record',
      (t) => `UPDATE "${t}" SET state = '"not a state"' WHERE id = $1`,
    ),
    sql(
      service,
      'a state without ctx',
      'record',
      (t) => `UPDATE "${t}" SET state = (state::jsonb - 'ctx')::json WHERE id = $1`,
    ),
    sql(
      service,
      'a state whose _stateID is text',
      'record',
      (t) =>
        `UPDATE "${t}" SET state = jsonb_set(state::jsonb, '{_stateID}', '"2"')::json WHERE id = $1`,
    ),
    sql(
      service,
      'metadata that is not metadata',
      'record',
      (t) => `UPDATE "${t}" SET metadata = '[]' WHERE id = $1`,
    ),
    sql(
      service,
      'a state_id that disagrees with the state',
      'record',
      (t) => `UPDATE "${t}" SET state_id = state_id + 5 WHERE id = $1`,
    ),
    sql(
      service,
      'a game_name that disagrees with the metadata',
      'record',
      (t) => `UPDATE "${t}" SET game_name = 'chess' WHERE id = $1`,
    ),
    sql(
      service,
      'an updated_at that disagrees with the metadata',
      'record',
      (t) => `UPDATE "${t}" SET updated_at = -1 WHERE id = $1`,
    ),
    sql(
      service,
      'a first state that is not a state',
      'initial',
      (t) => `UPDATE "${t}" SET initial_state = 'null' WHERE id = $1`,
    ),
    sql(
      service,
      'a log entry that is not an entry',
      'log',
      (t) => `UPDATE "${t}_log" SET entry = '5' WHERE match_id = $1 AND seq = 0 AND state_id = 1`,
    ),
    sql(
      service,
      'a log entry of a later move',
      'log',
      (t) => `UPDATE "${t}_log" SET entry = '{"_stateID": 9}' WHERE match_id = $1 AND state_id = 2`,
    ),
  ];

  describeStoreContract('PostgresStore', {
    make: async (onDamage) => {
      const store = new PostgresStore({ pool: service.pool(), table: service.table(), onDamage });
      await store.connect();
      return store;
    },
    sibling: async (store) => {
      const other = new PostgresStore({
        pool: service.newPool(),
        table: (store as PostgresStore).table,
      });
      await other.connect();
      return other;
    },
    damages,
    fuzzRuns: 60,
  });

  describe('PostgresStore', () => {
    async function storeWithMatch(
      moves: number,
      reports: DamageReport[] = [],
    ): Promise<PostgresStore> {
      const store = new PostgresStore({
        pool: service.pool(),
        table: service.table(),
        onDamage: (r) => reports.push(r),
      });
      await store.createMatch('m', { initialState: makeState(0), metadata: makeMetadata() });
      for (let n = 1; n <= moves; n++) await store.setState('m', makeState(n), [makeEntry(n - 1)]);
      return store;
    }

    it('creates its tables once, even when several processes connect at the same moment', async () => {
      const table = service.table();
      const stores = [1, 2, 3, 4].map(() => new PostgresStore({ pool: service.newPool(), table }));
      await Promise.all(stores.map((s) => s.connect()));
      await Promise.all(stores.map((s) => s.connect()));
      const { rows } = await service.pool().query(
        `SELECT table_name, column_name, data_type FROM information_schema.columns
           WHERE table_name IN ($1, $2, $3) ORDER BY table_name, ordinal_position`,
        [table, `${table}_log`, `${table}_damaged`],
      );
      const columns = (t: string) =>
        rows.filter((r) => r.table_name === t).map((r) => `${r.column_name} ${r.data_type}`);
      expect(columns(table)).toEqual([
        'id text',
        'game_name text',
        'state json',
        'state_id bigint',
        'initial_state json',
        'metadata json',
        'gameover boolean',
        'updated_at double precision',
      ]);
      expect(columns(`${table}_log`)).toEqual([
        'match_id text',
        'state_id bigint',
        'seq integer',
        'entry json',
      ]);
      expect(columns(`${table}_damaged`)).toHaveLength(6);
    });

    it('keeps one log row per entry, keyed by the state its move made', async () => {
      const store = await storeWithMatch(2);
      await store.setState('m', makeState(3), [makeEntry(2, 'a'), makeEntry(2, 'b')]);
      const { rows } = await service.pool().query(
        `SELECT state_id::int AS state_id, seq, entry::text AS entry FROM "${store.table}_log"
           WHERE match_id = $1 ORDER BY state_id, seq`,
        ['m'],
      );
      expect(rows.map((r) => [r.state_id, r.seq, JSON.parse(r.entry)])).toEqual([
        [1, 0, makeEntry(0)],
        [2, 0, makeEntry(1)],
        [3, 0, makeEntry(2, 'a')],
        [3, 1, makeEntry(2, 'b')],
      ]);
      await store.wipe('m');
      const left = await service
        .pool()
        .query(`SELECT count(*)::int AS n FROM "${store.table}_log"`);
      expect(left.rows[0].n).toBe(0);
    });

    it('sets a damaged row aside in <table>_damaged, with its log, and says where', async () => {
      const reports: DamageReport[] = [];
      const store = await storeWithMatch(2, reports);
      await service
        .pool()
        .query(`UPDATE "${store.table}" SET state = '{"_stateID": 2}' WHERE id = $1`, ['m']);
      expect(await store.fetch('m', ALL)).toStrictEqual({});
      expect(reports).toHaveLength(1);
      const report = reports[0] as DamageReport;
      expect(report.reason).toBe('state is not a boardgame.io state: ctx is not an object');
      const id = /^table (\w+)_damaged, damage_id (\d+)$/.exec(report.setAsideAt);
      expect(id?.[1]).toBe(store.table);
      const { rows } = await service.pool().query(
        `SELECT match_id, reason, record::text AS record, log::text AS log, set_aside_at
           FROM "${store.table}_damaged" WHERE damage_id = $1`,
        [id?.[2]],
      );
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row.match_id).toBe('m');
      expect(row.reason).toBe(report.reason);
      const record = JSON.parse(row.record);
      expect(record.state).toStrictEqual({ _stateID: 2 });
      expect(record.metadata).toStrictEqual(makeMetadata());
      expect(record.initial_state).toStrictEqual(makeState(0));
      expect(JSON.parse(row.log)).toStrictEqual([makeEntry(0), makeEntry(1)]);
      const left = await service.pool().query(
        `SELECT (SELECT count(*) FROM "${store.table}")::int AS matches,
                  (SELECT count(*) FROM "${store.table}_log")::int AS entries`,
      );
      expect(left.rows[0]).toEqual({ matches: 0, entries: 0 });
    });

    it('sets a damaged row aside once when several processes find it at the same moment', async () => {
      const reports: DamageReport[] = [];
      const store = await storeWithMatch(1, reports);
      const others = [1, 2, 3].map(
        () =>
          new PostgresStore({
            pool: service.newPool(),
            table: store.table,
            onDamage: (r) => reports.push(r),
          }),
      );
      await service
        .pool()
        .query(`UPDATE "${store.table}" SET metadata = '"gone"' WHERE id = $1`, ['m']);
      const all = [store, ...others];
      const results = await Promise.all(all.map((s) => s.fetch('m', ALL)));
      expect(results).toEqual([{}, {}, {}, {}]);
      expect(reports).toHaveLength(1);
      const { rows } = await service
        .pool()
        .query(`SELECT count(*)::int AS n FROM "${store.table}_damaged"`);
      expect(rows[0].n).toBe(1);
    });

    it('lists more matches than one page holds, leaving out a damaged one on a later page', async () => {
      const reports: DamageReport[] = [];
      const store = new PostgresStore({
        pool: service.pool(),
        table: service.table(),
        onDamage: (r) => reports.push(r),
      });
      const ids = Array.from({ length: 450 }, (_, k) => `m${String(k).padStart(3, '0')}`);
      await Promise.all(
        ids.map((id, k) =>
          store.createMatch(id, {
            initialState: makeState(0),
            metadata: makeMetadata(k % 3 === 0 ? 'torres' : 'hive'),
          }),
        ),
      );
      await service.pool().query(`UPDATE "${store.table}" SET state = '[]' WHERE id = 'm321'`);
      const all = await store.listMatches();
      expect(all).toEqual(ids.filter((id) => id !== 'm321'));
      expect(reports.map((r) => r.matchID)).toEqual(['m321']);
      expect(await store.listMatches({ gameName: 'torres' })).toEqual(
        ids.filter((id, k) => k % 3 === 0 && id !== 'm321'),
      );
    });

    it('puts no value into the SQL text: every value is a parameter', async () => {
      const texts: string[] = [];
      const values: unknown[][] = [];
      const store = new PostgresStore({
        pool: recording(service.pool(), texts, values),
        table: service.table(),
      });
      const hostile = `x'); DROP TABLE "${store.table}"; --`;
      const metadata = makeMetadata(hostile, {
        players: { 0: { name: `' OR 1=1 --`, credentials: 'secret-credential' } },
      });
      await store.createMatch('m', { initialState: makeState(0, { G: hostile }), metadata });
      await store.setState('m', makeState(1, { G: `$1 ${hostile}` }), [makeEntry(0, hostile)]);
      await store.setMetadata('m', { ...metadata, updatedAt: 2000 });
      expect(await store.listMatches({ gameName: hostile, where: { updatedAfter: 1500 } })).toEqual(
        ['m'],
      );
      expect(await store.listMatches({ gameName: 'hive' })).toEqual([]);
      const got = await store.fetch('m', ALL);
      expect(got.metadata).toStrictEqual({ ...metadata, updatedAt: 2000 });
      expect(got.log).toStrictEqual([makeEntry(0, hostile)]);
      await store.wipe('m');
      for (const text of texts) {
        expect(text).not.toContain('DROP TABLE');
        expect(text).not.toContain('secret-credential');
        expect(text).not.toContain("'m'");
      }
      // listMatches filters in SQL, with the filter as parameters.
      const list = texts.findIndex((t) =>
        /FROM "\w+" WHERE game_name = \$1 AND updated_at > \$2::float8/.test(t),
      );
      expect(list).toBeGreaterThanOrEqual(0);
      // The game name is escaped as in JSON (see nameColumn), and still a parameter.
      expect(values[list]).toEqual([JSON.stringify(hostile).slice(1, -1), 1500]);
    });

    it('keeps game names exact in its column, also those PostgreSQL text cannot hold', async () => {
      const store = new PostgresStore({ pool: service.pool(), table: service.table() });
      const names = ['hive', 'say "hi"', 'nul\u0000', 'lone\ud800', 'back\\slash', 'tab\t'];
      for (const [k, gameName] of names.entries()) {
        await store.createMatch(`m${k}`, {
          initialState: makeState(0),
          metadata: makeMetadata(gameName),
        });
      }
      for (const [k, gameName] of names.entries()) {
        expect(await store.listMatches({ gameName }), gameName).toEqual([`m${k}`]);
      }
      const { rows } = await service
        .pool()
        .query(`SELECT game_name FROM "${store.table}" WHERE id IN ('m0', 'm1')  ORDER BY id`);
      expect(rows.map((r) => r.game_name)).toEqual(['hive', 'say \\"hi\\"']);
    });

    it('answers a value PostgreSQL cannot hold with StoreInputError, storing nothing', async () => {
      const store = await storeWithMatch(1);
      let G: unknown = 0;
      for (let k = 0; k < 20_000; k++) G = [G]; // deeper than PostgreSQL's JSON parser goes
      const created = await outcome(
        store.createMatch('deep', { initialState: makeState(0, { G }), metadata: makeMetadata() }),
      );
      expect((created as { error: unknown }).error).toBeInstanceOf(StoreInputError);
      const moved = await outcome(store.setState('m', makeState(2, { G })));
      expect((moved as { error: unknown }).error).toBeInstanceOf(StoreInputError);
      expect((await store.fetch('m', { state: true })).state).toStrictEqual(makeState(1));
      expect(await store.listMatches()).toEqual(['m']);
    });

    it('answers a database that fails with StoreBackendError', async () => {
      // Nothing listens on this port.
      const closed = new pg.Pool({
        host: '127.0.0.1',
        port: 1,
        user: 'postgres',
        connectionTimeoutMillis: 5_000,
      });
      closed.on('error', () => undefined);
      const offline = new PostgresStore({ pool: closed, table: 'boardrules_matches' });
      for (const call of [
        (): Promise<unknown> => offline.connect(),
        (): Promise<unknown> => offline.fetch('m', ALL),
        (): Promise<unknown> => offline.listMatches(),
      ]) {
        const o = await outcome(call());
        expect((o as { error: unknown }).error).toBeInstanceOf(StoreBackendError);
        expect((o as { error: Error }).error.message).toMatch(/ECONNREFUSED/);
      }
      await closed.end();
    });

    it('rolls back and discards a connection that broke in a transaction', async () => {
      const store = await storeWithMatch(1);
      const released: unknown[] = [];
      let breakAt = '';
      const real = service.pool();
      const flaky: PgPool = {
        query: (text, values) => real.query(text, values),
        connect: async (): Promise<PgPoolClient> => {
          const client = await real.connect();
          let broken = false;
          return {
            query: async (text: string, values?: unknown[]): Promise<PgQueryResult> => {
              if (broken || (breakAt !== '' && text.startsWith(breakAt))) {
                broken = true;
                throw Object.assign(new Error('Connection terminated unexpectedly'), {});
              }
              return client.query(text, values);
            },
            release: (destroy?: boolean | Error) => {
              released.push(destroy);
              client.release(destroy);
            },
          };
        },
      };
      const shaky = new PostgresStore({ pool: flaky, table: store.table });
      await shaky.connect();
      for (const at of ['INSERT', 'COMMIT']) {
        breakAt = at;
        released.length = 0;
        const o = await outcome(shaky.setState('m', makeState(2), [makeEntry(1)]));
        expect((o as { error: unknown }).error, at).toBeInstanceOf(StoreBackendError);
        expect(released, at).toEqual([true]);
        // Nothing of the failed transaction was committed.
        expect(await store.fetch('m', { state: true, log: true }), at).toStrictEqual({
          state: makeState(1),
          log: [makeEntry(0)],
        });
      }
      breakAt = '';
      await shaky.setState('m', makeState(2), [makeEntry(1)]);
      expect((await store.fetch('m', { log: true })).log).toHaveLength(2);
    });

    it('refuses options that are not options', () => {
      const pool = service.pool();
      for (const options of [
        undefined,
        {},
        { pool: {} },
        { pool, table: '' },
        { pool, table: 'Matches' },
        { pool, table: 'a"b' },
        { pool, table: '1matches' },
        { pool, table: 'x'.repeat(41) },
        { pool, onDamage: 'log' },
      ]) {
        expect(() => new PostgresStore(options as never)).toThrow(TypeError);
      }
    });
  });
});
