/**
 * {@link PostgresStore}: matches in PostgreSQL, shared by any number of server processes.
 *
 * @module
 */

import {
  type DamageReport,
  type FetchResult,
  isMatchID,
  logUpTo,
  type MatchStore,
  matchesFilter,
  StaleWriteError,
  type StoredLogEntry,
  type StoredMetadata,
  type StoredState,
} from '../store.js';
import { MatchExistsError, StoreBackendError, StoreInputError } from './errors.js';
import {
  inTransaction,
  type PgPool,
  type PgQueryable,
  type PgQueryResult,
  runStatement,
} from './postgres-pool.js';
import {
  type Checked,
  checkRow,
  NOTHING,
  nameColumn,
  type Row,
  sqlFilter,
  storableText,
} from './postgres-rows.js';
import { createTables, TABLE_NAME, type Tables, tablesOf } from './postgres-schema.js';
import {
  type DamageHandler,
  describeID,
  encodeLog,
  encodeMetadata,
  encodeState,
  listOptions,
  logDamage,
  OpenOnce,
  report,
  unknownMatch,
  type Wanted,
  wanted,
} from './records.js';

export type { PgPool, PgPoolClient, PgQueryable, PgQueryResult } from './postgres-pool.js';

/** The options of {@link PostgresStore}. */
export interface PostgresStoreOptions {
  /** The connection pool (`new pg.Pool(…)`); the store never ends it. */
  readonly pool: PgPool;
  /**
   * The table of the matches (default `boardrules_matches`); the store also uses
   * `<table>_log` and `<table>_damaged`. Lower-case letters, digits and `_`, at most 40
   * characters, starting with a letter or `_`.
   */
  readonly table?: string;
  /**
   * Told of every damaged match once, after its row has been set aside (default: a line on
   * `console.error`). Whatever it throws or rejects is logged, never passed on.
   */
  readonly onDamage?: (report: DamageReport) => void;
}

/** How many rows `listMatches` reads at a time. */
const LIST_PAGE = 200;

/**
 * A match store in PostgreSQL (any version with `json` and `ON CONFLICT`, 9.5 on; tested on 15).
 * boardrules does not import `pg`: give it a pool (`new pg.Pool({ connectionString })`).
 * Several server processes may share one table: every guarantee holds across them.
 *
 * **Tables** (created by `connect` if missing, under an advisory lock so that processes starting
 * together do not race):
 *
 * - `<table>`: one row per match: `id` (primary key), `state`, `state_id` (the state's
 *   `_stateID`), `initial_state`, `metadata`, and, read from the metadata for `listMatches`'
 *   filter, `game_name` (as escaped in JSON: the name itself unless it holds `"`, `\` or control
 *   characters, which `text` could not always hold), `gameover` and `updated_at` (indexed with
 *   `game_name`).
 * - `<table>_log`: one row per log entry, keyed by (`match_id`, `state_id` — the state the move
 *   made —, `seq`), deleted with its match. A move adds its entries in one statement, at a cost
 *   that does not grow with the match; a log kept as an array in the match row would be
 *   rewritten whole on every move.
 * - `<table>_damaged`: the rows set aside, with their log, the time and the reason.
 *
 * The values are `json`, not `jsonb`: `json` keeps the exact text and takes every string
 * JavaScript can hold, where `jsonb` refuses U+0000 and unpaired surrogates (a player name or a
 * setup value with one would be a match the file store keeps and this one cannot). The store
 * reads them as text and parses them itself, so the pool's type parsers do not matter; it never
 * uses PostgreSQL's JSON operators on them (on `json`, `->` fails on a document holding
 * `\u0000` anywhere).
 *
 * **Guarantees.**
 *
 * - **Durable before shown.** `setState` resolves after its transaction has committed.
 * - **Conditional.** `setState` is one transaction: `UPDATE … WHERE id = $1 AND state_id =
 *   $expected`; if no row changed, it rolls back and rejects with a `StaleWriteError` whose
 *   `found` is the stored `_stateID` (−1 for no match); otherwise it inserts the log entries and
 *   commits. PostgreSQL's row lock makes one of two concurrent writes from the same state wait
 *   for the other and then find the state changed, in any number of processes.
 * - **Damage-proof.** A row changed by hand so that it no longer reads as a match (JSON that is
 *   not a state or not metadata, a `state_id`, `game_name`, `gameover` or `updated_at` that
 *   disagrees with the JSON, a log entry that is not one) is moved with its log to
 *   `<table>_damaged` — only if nobody changed the row since it was read — and reported once to
 *   `onDamage`; from then on the match is unknown. Every `fetch` checks the state and the
 *   metadata, and the first state and the log when asked for them; `listMatches` reads and
 *   checks every row its SQL filter selects (in pages of 200). A write does not read the row back: a `setState` on a row damaged by hand
 *   that nothing has read since stores its state.
 * - **SQL.** Every value is a query parameter; the table name, checked at construction, is the
 *   only text put into the SQL.
 *
 * `connect` may be called any number of times (one round of `CREATE … IF NOT EXISTS`); every
 * call connects first if that has not been done. Errors: `StaleWriteError`,
 * {@link MatchExistsError}, {@link StoreInputError} (also when PostgreSQL refuses a value, e.g.
 * one too large), and {@link StoreBackendError} when the database fails (connection, timeout,
 * missing permission); never anything else.
 */
export class PostgresStore implements MatchStore {
  /** The table of the matches. */
  readonly table: string;
  private readonly pool: PgPool;
  private readonly onDamage: DamageHandler;
  private readonly t: string;
  private readonly tLog: string;
  private readonly tDamaged: string;
  private readonly opening = new OpenOnce(() => this.open());

  constructor(options: PostgresStoreOptions) {
    const {
      pool,
      table = 'boardrules_matches',
      onDamage = logDamage,
    } = (options ?? {}) as PostgresStoreOptions;
    if (
      typeof pool !== 'object' ||
      pool === null ||
      typeof pool.query !== 'function' ||
      typeof pool.connect !== 'function'
    ) {
      throw new TypeError('PostgresStore: options.pool must be a pg.Pool (query and connect)');
    }
    if (typeof table !== 'string' || !TABLE_NAME.test(table)) {
      throw new TypeError(
        'PostgresStore: options.table must be 1–40 lower-case letters, digits or _, not starting with a digit',
      );
    }
    if (typeof onDamage !== 'function') {
      throw new TypeError('PostgresStore: options.onDamage must be a function');
    }
    this.pool = pool;
    this.table = table;
    this.onDamage = onDamage;
    const tables: Tables = tablesOf(table);
    this.t = tables.t;
    this.tLog = tables.tLog;
    this.tDamaged = tables.tDamaged;
  }

  /** Always `1`: boardgame.io's `Type.ASYNC` (every call answers a promise). */
  type(): number {
    return 1;
  }

  /**
   * Creates the tables and the index if missing. Calling it again does nothing; after a failure,
   * the next call tries again.
   */
  connect(): Promise<void> {
    return this.opening.run();
  }

  private open(): Promise<void> {
    return this.transaction('', 'creating the tables', (c) => createTables(c, this.table));
  }

  /**
   * Stores a new match: `initialState` is its state and first state, with an empty log. Rejects
   * with {@link MatchExistsError} if the ID is taken (a damaged row is set aside first, and its
   * ID is free), {@link StoreInputError} if the ID is not a match ID or the values cannot be
   * stored.
   */
  async createMatch(
    matchID: string,
    opts: { initialState: StoredState; metadata: StoredMetadata },
  ): Promise<void> {
    const id = describeID(matchID);
    if (!isMatchID(matchID)) throw new StoreInputError(id, 'not a match ID');
    const o = (typeof opts === 'object' && opts !== null ? opts : {}) as Partial<typeof opts>;
    const initial = encodeState(id, 'initial state', o.initialState);
    const metadata = encodeMetadata(id, o.metadata);
    await this.connect();
    const insert = (): Promise<PgQueryResult> =>
      this.run(
        matchID,
        'creating the match',
        `INSERT INTO ${this.t} (id, game_name, state, state_id, initial_state, metadata, gameover, updated_at)
         VALUES ($1, $2, $3::json, $4, $3::json, $5::json, $6, $7)
         ON CONFLICT (id) DO NOTHING`,
        [
          matchID,
          nameColumn(metadata.value.gameName),
          initial.text,
          initial.value._stateID,
          metadata.text,
          metadata.value.gameover !== undefined,
          metadata.value.updatedAt,
        ],
        true,
      );
    if ((await insert()).rowCount === 1) return;
    // The ID is taken, unless by a damaged row: reading it sets that aside.
    if ((await this.read(matchID, NOTHING)) === undefined && (await insert()).rowCount === 1) {
      return;
    }
    throw new MatchExistsError(matchID);
  }

  /** The asked-for parts of the match, as new objects; `{}` for an unknown or damaged match. */
  async fetch(matchID: string, opts: Parameters<MatchStore['fetch']>[1]): Promise<FetchResult> {
    const want = wanted(opts);
    if (!isMatchID(matchID)) return {};
    await this.connect();
    const match = await this.read(matchID, want);
    if (match === undefined) return {};
    const result: FetchResult = {};
    if (want.state) result.state = match.state;
    if (want.metadata) result.metadata = match.metadata;
    if (want.initialState) result.initialState = match.initialState as StoredState;
    if (want.log) result.log = logUpTo(match.log as StoredLogEntry[], match.state._stateID);
    return result;
  }

  /**
   * Stores `state` and its log entries in one transaction, if the stored state's `_stateID` is
   * `state._stateID − 1`; otherwise rejects with `StaleWriteError` and stores nothing. Resolves
   * once committed.
   */
  async setState(matchID: string, state: StoredState, deltalog?: StoredLogEntry[]): Promise<void> {
    const id = describeID(matchID);
    const next = encodeState(id, 'state', state);
    const entries = encodeLog(id, deltalog, next.value._stateID);
    if (!isMatchID(matchID)) throw unknownMatch(id, next.value);
    const stateID = next.value._stateID;
    await this.connect();
    await this.transaction(matchID, 'storing the state', async (c) => {
      const updated = await c.query(
        `UPDATE ${this.t} SET state = $2::json, state_id = $3 WHERE id = $1 AND state_id = $4`,
        [matchID, next.text, stateID, stateID - 1],
      );
      if (updated.rowCount !== 1) {
        const found = await c.query(
          `SELECT state_id::text AS state_id FROM ${this.t} WHERE id = $1`,
          [matchID],
        );
        const row = found.rows[0];
        throw new StaleWriteError(
          matchID,
          stateID - 1,
          row === undefined ? -1 : Number(row.state_id),
        );
      }
      if (entries.length > 0) {
        await c.query(
          `INSERT INTO ${this.tLog} (match_id, state_id, seq, entry)
           SELECT $1, $2, e.ord - 1, e.entry FROM json_array_elements($3::json) WITH ORDINALITY AS e(entry, ord)`,
          [matchID, stateID, `[${entries.map((e) => e.text).join(',')}]`],
        );
      }
    });
  }

  /** Replaces the match's metadata; does nothing for an unknown match. */
  async setMetadata(matchID: string, metadata: StoredMetadata): Promise<void> {
    const encoded = encodeMetadata(describeID(matchID), metadata);
    if (!isMatchID(matchID)) return;
    await this.connect();
    await this.run(
      matchID,
      'storing the metadata',
      `UPDATE ${this.t} SET metadata = $2::json, game_name = $3, gameover = $4, updated_at = $5 WHERE id = $1`,
      [
        matchID,
        encoded.text,
        nameColumn(encoded.value.gameName),
        encoded.value.gameover !== undefined,
        encoded.value.updatedAt,
      ],
      true,
    );
  }

  /** Deletes the match and its log. */
  async wipe(matchID: string): Promise<void> {
    if (!isMatchID(matchID)) return;
    await this.connect();
    await this.run(matchID, 'deleting the match', `DELETE FROM ${this.t} WHERE id = $1`, [matchID]);
  }

  /**
   * The IDs of the matches whose metadata passes `opts`, in ID order (byte order). The filter
   * runs in SQL; every row it selects is checked, and a damaged one is set aside and left out.
   */
  async listMatches(opts?: Parameters<MatchStore['listMatches']>[0]): Promise<string[]> {
    const filter = listOptions(opts);
    await this.connect();
    const listed: string[] = [];
    // In pages, by ID (keyset): the rows are read whole, state included, so that a damaged one
    // is found here too, and a page bounds the memory that takes.
    for (let after: string | undefined; ; ) {
      const { where, values } = sqlFilter(filter, after);
      const result = await this.run(
        '',
        'listing the matches',
        `SELECT id, xmin::text AS version, state_id::text AS state_id, game_name,
                gameover::text AS gameover, updated_at::text AS updated_at,
                state::text AS state, metadata::text AS metadata
         FROM ${this.t} ${where} ORDER BY id LIMIT ${LIST_PAGE}`,
        values,
      );
      for (const row of result.rows as unknown as (Row & { id: string })[]) {
        const checked = checkRow(row, NOTHING);
        // A damaged row: the full read decides again, and sets it aside.
        const metadata =
          'problem' in checked ? (await this.read(row.id, NOTHING))?.metadata : checked.metadata;
        if (metadata !== undefined && matchesFilter(metadata, filter)) listed.push(row.id);
      }
      if (result.rows.length < LIST_PAGE) break;
      after = String(result.rows.at(-1)?.id);
    }
    // Byte order, whatever the database's collation (match IDs are ASCII).
    return listed.sort();
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * The match's row, checked (with the parts `want` asks for); `undefined` if there is none or
   * it was damaged (then set aside and reported). A row changed between the read and the move
   * is read again.
   */
  private async read(matchID: string, want: Wanted): Promise<Checked | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await this.run(
        matchID,
        'reading the match',
        `SELECT xmin::text AS version, state_id::text AS state_id, game_name, gameover::text AS gameover,
                updated_at::text AS updated_at, state::text AS state, metadata::text AS metadata,
                CASE WHEN $2 THEN initial_state::text END AS initial_state,
                CASE WHEN $3 THEN (
                  SELECT coalesce(json_agg(l.entry ORDER BY l.state_id, l.seq), '[]'::json)::text
                  FROM ${this.tLog} l WHERE l.match_id = m.id AND l.state_id <= m.state_id
                ) END AS log
         FROM ${this.t} m WHERE m.id = $1`,
        [matchID, want.initialState, want.log],
      );
      const row = result.rows[0] as unknown as Row | undefined;
      if (row === undefined) return undefined;
      const checked = checkRow(row, want);
      if (!('problem' in checked)) return checked;
      if (await this.setAside(matchID, row.version, checked.problem)) return undefined;
    }
    return undefined;
  }

  /**
   * Moves the row (and its log) to `<table>_damaged` if it is still the version that was read,
   * and reports it. Answers whether it moved it.
   */
  private async setAside(matchID: string, version: string, reason: string): Promise<boolean> {
    const moved = await this.run(
      matchID,
      'setting the damaged match aside',
      `WITH moved AS (DELETE FROM ${this.t} WHERE id = $1 AND xmin::text = $2 RETURNING *)
       INSERT INTO ${this.tDamaged} (match_id, set_aside_at, reason, record, log)
       SELECT m.id, $3, $4, row_to_json(m),
              (SELECT coalesce(json_agg(l.entry ORDER BY l.state_id, l.seq), '[]'::json)
               FROM ${this.tLog} l WHERE l.match_id = m.id)
       FROM moved m
       RETURNING damage_id::text AS damage_id`,
      [matchID, version, Date.now(), storableText(reason)],
    );
    const row = moved.rows[0];
    if (row === undefined) return false;
    report(this.onDamage, {
      matchID,
      setAsideAt: `table ${this.table}_damaged, damage_id ${String(row.damage_id)}`,
      reason,
    });
    return true;
  }

  /** One statement on the pool; a failure is a {@link StoreBackendError} (or input error). */
  private run(
    matchID: string,
    doing: string,
    text: string,
    values: unknown[],
    write = false,
  ): Promise<PgQueryResult> {
    return runStatement(this.pool, matchID, doing, text, values, write);
  }

  /** `body` in a transaction on one connection; committed before it resolves. */
  private transaction(
    matchID: string,
    doing: string,
    body: (client: PgQueryable) => Promise<void>,
  ): Promise<void> {
    return inTransaction(this.pool, matchID, doing, body);
  }
}
