/**
 * {@link PostgresStore}: matches in PostgreSQL, shared by any number of server processes.
 *
 * @module
 */

import {
  type DamageReport,
  type FetchResult,
  isMatchID,
  type ListOptions,
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
  type DamageHandler,
  describeID,
  encodeLog,
  encodeMetadata,
  encodeState,
  listOptions,
  logDamage,
  logEntryProblem,
  metadataProblem,
  OpenOnce,
  report,
  stateProblem,
  unknownMatch,
  type Wanted,
  wanted,
} from './records.js';

/** What a query answers, as far as the store reads it (node-postgres' `QueryResult`). */
export interface PgQueryResult {
  /** The rows, one object per row, keyed by column name. */
  readonly rows: readonly Record<string, unknown>[];
  /** How many rows the statement changed (or returned). */
  readonly rowCount: number | null;
}

/** Something that runs a parameterised statement (node-postgres' `Pool` or `PoolClient`). */
export interface PgQueryable {
  /** Runs `text` with `$1…` bound to `values`. */
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
}

/** One connection taken from a pool (node-postgres' `PoolClient`). */
export interface PgPoolClient extends PgQueryable {
  /** Gives the connection back; `true` or an error: it is broken, close it. */
  release(destroy?: boolean | Error): void;
}

/** A connection pool: node-postgres' `pg.Pool`, or anything with the same two methods. */
export interface PgPool extends PgQueryable {
  /** A connection of its own, for a transaction. */
  connect(): Promise<PgPoolClient>;
}

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

/**
 * The `game_name` column's text for a game name: the name as escaped inside a JSON string (the
 * name itself unless it holds `"`, `\\` or control characters). PostgreSQL's `text` cannot hold
 * U+0000, and a lone surrogate would reach it as U+FFFD: the escaped name is exact for every
 * string, so the column always matches the metadata and the filter finds what it should.
 */
function nameColumn(gameName: string): string {
  return JSON.stringify(gameName).slice(1, -1);
}

/** Text PostgreSQL can hold (no U+0000, no lone surrogates), for messages stored in it. */
function storableText(text: string): string {
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** How many rows `listMatches` reads at a time. */
const LIST_PAGE = 200;

/** A table name the store accepts (it is put in the SQL text, quoted, never a value). */
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

/** A match row as `fetch` reads it: every JSON and number as text, whatever the pool's parsers. */
interface Row {
  readonly version: string;
  readonly state_id: string;
  readonly game_name: string;
  readonly gameover: string;
  readonly updated_at: string;
  readonly state: string;
  readonly metadata: string;
  readonly initial_state: string | null;
  readonly log: string | null;
}

/** A match row, read and checked. */
interface Checked {
  readonly state: StoredState;
  readonly metadata: StoredMetadata;
  readonly initialState?: StoredState;
  readonly log?: StoredLogEntry[];
}

/** A write the database refused because of the value (SQLSTATE class 22 or 54), not a failure. */
function refusedValue(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

function documented(e: unknown): boolean {
  return (
    e instanceof StaleWriteError ||
    e instanceof MatchExistsError ||
    e instanceof StoreInputError ||
    e instanceof StoreBackendError
  );
}

function parseJSON(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { problem: `not JSON (${(e as Error).message})` };
  }
}

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
    this.t = `"${table}"`;
    this.tLog = `"${table}_log"`;
    this.tDamaged = `"${table}_damaged"`;
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
    return this.transaction('', 'creating the tables', async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`boardrules:${this.table}`]);
      await c.query(`CREATE TABLE IF NOT EXISTS ${this.t} (
        id text PRIMARY KEY,
        game_name text NOT NULL,
        state json NOT NULL,
        state_id bigint NOT NULL,
        initial_state json NOT NULL,
        metadata json NOT NULL,
        gameover boolean NOT NULL,
        updated_at double precision NOT NULL
      )`);
      await c.query(
        `CREATE INDEX IF NOT EXISTS "${this.table}_list" ON ${this.t} (game_name, updated_at)`,
      );
      await c.query(`CREATE TABLE IF NOT EXISTS ${this.tLog} (
        match_id text NOT NULL REFERENCES ${this.t} (id) ON DELETE CASCADE,
        state_id bigint NOT NULL,
        seq integer NOT NULL,
        entry json NOT NULL,
        PRIMARY KEY (match_id, state_id, seq)
      )`);
      await c.query(`CREATE TABLE IF NOT EXISTS ${this.tDamaged} (
        damage_id bigserial PRIMARY KEY,
        match_id text NOT NULL,
        set_aside_at bigint NOT NULL,
        reason text NOT NULL,
        record json NOT NULL,
        log json NOT NULL
      )`);
    });
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
  private async run(
    matchID: string,
    doing: string,
    text: string,
    values: unknown[],
    write = false,
  ): Promise<PgQueryResult> {
    try {
      return await this.pool.query(text, values);
    } catch (e) {
      throw this.failure(matchID, doing, e, write);
    }
  }

  /** `body` in a transaction on one connection; committed before it resolves. */
  private async transaction(
    matchID: string,
    doing: string,
    body: (client: PgQueryable) => Promise<void>,
  ): Promise<void> {
    let client: PgPoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw new StoreBackendError(matchID, `${doing} (connecting)`, e);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      await body(client);
      await client.query('COMMIT');
    } catch (e) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw this.failure(matchID, doing, e, true);
    } finally {
      client.release(broken);
    }
  }

  private failure(matchID: string, doing: string, e: unknown, write: boolean): Error {
    if (documented(e)) return e as Error;
    if (write && refusedValue(e)) {
      return new StoreInputError(
        describeID(matchID),
        `PostgreSQL refused the value: ${(e as Error).message}`,
        {
          cause: e,
        },
      );
    }
    return new StoreBackendError(matchID, doing, e);
  }
}

/** `fetch` asking for nothing but the check of the row. */
const NOTHING: Wanted = { state: false, metadata: false, log: false, initialState: false };

/** Why the columns of `row` disagree with `metadata`, or `undefined`. */
function columnsProblem(
  row: { readonly game_name?: unknown; readonly gameover?: unknown; readonly updated_at?: unknown },
  metadata: StoredMetadata,
): string | undefined {
  if (row.game_name !== nameColumn(metadata.gameName))
    return 'game_name disagrees with the metadata';
  if ((row.gameover === 'true') !== (metadata.gameover !== undefined)) {
    return 'gameover disagrees with the metadata';
  }
  if (Number(row.updated_at) !== metadata.updatedAt)
    return 'updated_at disagrees with the metadata';
  return undefined;
}

/** The row read and checked, or why it is damaged. */
function checkRow(row: Row, want: Wanted): Checked | { problem: string } {
  const state = parseJSON(row.state);
  if ('problem' in state) return { problem: `state is ${state.problem}` };
  const stateProblemText = stateProblem(state.value);
  if (stateProblemText !== undefined) {
    return { problem: `state is not a boardgame.io state: ${stateProblemText}` };
  }
  const s = state.value as StoredState;
  if (String(s._stateID) !== row.state_id) {
    return {
      problem: `state_id ${row.state_id} disagrees with the state's _stateID ${s._stateID}`,
    };
  }
  const metadata = parseJSON(row.metadata);
  if ('problem' in metadata) return { problem: `metadata is ${metadata.problem}` };
  const metadataProblemText = metadataProblem(metadata.value);
  if (metadataProblemText !== undefined) {
    return { problem: `metadata is not boardgame.io's: ${metadataProblemText}` };
  }
  const m = metadata.value as StoredMetadata;
  const columns = columnsProblem(row, m);
  if (columns !== undefined) return { problem: columns };
  let initialState: StoredState | undefined;
  if (want.initialState) {
    const initial = parseJSON(row.initial_state ?? '');
    if ('problem' in initial) return { problem: `initial_state is ${initial.problem}` };
    const p = stateProblem(initial.value);
    if (p !== undefined) return { problem: `initial_state is not a boardgame.io state: ${p}` };
    initialState = initial.value as StoredState;
  }
  let log: StoredLogEntry[] | undefined;
  if (want.log) {
    const parsed = parseJSON(row.log ?? '');
    if ('problem' in parsed || !Array.isArray(parsed.value)) {
      return { problem: 'the log is not a JSON array' };
    }
    for (const [i, entry] of (parsed.value as unknown[]).entries()) {
      const p = logEntryProblem(entry, s._stateID);
      if (p !== undefined) return { problem: `log entry ${i} is not a log entry: ${p}` };
    }
    log = parsed.value as StoredLogEntry[];
  }
  return {
    state: s,
    metadata: m,
    ...(initialState === undefined ? {} : { initialState }),
    ...(log === undefined ? {} : { log }),
  };
}

/** The SQL `WHERE` of a `listMatches` filter, with its parameters. */
function sqlFilter(
  filter: ListOptions | undefined,
  after: string | undefined,
): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: string, value: unknown): void => {
    values.push(value);
    conditions.push(condition.replace('?', `$${values.length}`));
  };
  if (filter?.gameName !== undefined) add('game_name = ?', nameColumn(filter.gameName));
  const where = filter?.where;
  if (where?.isGameover !== undefined) add('gameover = ?', where.isGameover);
  if (where?.updatedBefore !== undefined) add('updated_at < ?::float8', where.updatedBefore);
  if (where?.updatedAfter !== undefined) add('updated_at > ?::float8', where.updatedAfter);
  if (after !== undefined) add('id > ?', after);
  return { where: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, values };
}
