/**
 * The tables of {@link PostgresStore} (see its class comment): their names, and the statements
 * that create them if missing.
 *
 * @module
 * @internal
 */

import type { PgQueryable } from './postgres-pool.js';

/** @internal A table name the store accepts (it is put in the SQL text, quoted, never a value). */
export const TABLE_NAME: RegExp = /^[a-z_][a-z0-9_]{0,39}$/;

/** @internal The store's three tables, quoted for the SQL text. */
export interface Tables {
  /** The matches. */
  readonly t: string;
  /** Their log entries. */
  readonly tLog: string;
  /** The rows set aside. */
  readonly tDamaged: string;
}

/** @internal The quoted names of the tables of `table` (a {@link TABLE_NAME}). */
export function tablesOf(table: string): Tables {
  return { t: `"${table}"`, tLog: `"${table}_log"`, tDamaged: `"${table}_damaged"` };
}

/**
 * @internal Creates the tables and the index of `table` if missing, in the transaction of `c`:
 * under an advisory lock, so that processes starting together do not race.
 */
export async function createTables(c: PgQueryable, table: string): Promise<void> {
  const { t, tLog, tDamaged } = tablesOf(table);
  await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`boardrules:${table}`]);
  await c.query(`CREATE TABLE IF NOT EXISTS ${t} (
        id text PRIMARY KEY,
        game_name text NOT NULL,
        state json NOT NULL,
        state_id bigint NOT NULL,
        initial_state json NOT NULL,
        metadata json NOT NULL,
        gameover boolean NOT NULL,
        updated_at double precision NOT NULL
      )`);
  await c.query(`CREATE INDEX IF NOT EXISTS "${table}_list" ON ${t} (game_name, updated_at)`);
  await c.query(`CREATE TABLE IF NOT EXISTS ${tLog} (
        match_id text NOT NULL REFERENCES ${t} (id) ON DELETE CASCADE,
        state_id bigint NOT NULL,
        seq integer NOT NULL,
        entry json NOT NULL,
        PRIMARY KEY (match_id, state_id, seq)
      )`);
  await c.query(`CREATE TABLE IF NOT EXISTS ${tDamaged} (
        damage_id bigserial PRIMARY KEY,
        match_id text NOT NULL,
        set_aside_at bigint NOT NULL,
        reason text NOT NULL,
        record json NOT NULL,
        log json NOT NULL
      )`);
}
