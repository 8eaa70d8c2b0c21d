/**
 * How {@link PostgresStore} talks to PostgreSQL: the shape of the pool it is given (node-postgres'
 * `pg.Pool`, which boardrules does not import), one statement or one transaction on it, and
 * the mapping of what fails into the store's documented errors.
 *
 * @module
 */

import { StaleWriteError } from '../store.js';
import { MatchExistsError, StoreBackendError, StoreInputError } from './errors.js';
import { describeID } from './records.js';

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

function failure(matchID: string, doing: string, e: unknown, write: boolean): Error {
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

/**
 * @internal One statement on the pool; a failure is a {@link StoreBackendError} (or, for a
 * `write` the database refused for its value, a {@link StoreInputError}).
 */
export async function runStatement(
  pool: PgPool,
  matchID: string,
  doing: string,
  text: string,
  values: unknown[],
  write = false,
): Promise<PgQueryResult> {
  try {
    return await pool.query(text, values);
  } catch (e) {
    throw failure(matchID, doing, e, write);
  }
}

/** @internal `body` in a transaction on one connection; committed before it resolves. */
export async function inTransaction(
  pool: PgPool,
  matchID: string,
  doing: string,
  body: (client: PgQueryable) => Promise<void>,
): Promise<void> {
  let client: PgPoolClient;
  try {
    client = await pool.connect();
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
    throw failure(matchID, doing, e, true);
  } finally {
    client.release(broken);
  }
}
