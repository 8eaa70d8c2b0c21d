/**
 * The columns of a {@link PostgresStore} match row: the text written into those read from the
 * metadata, the check of a row read back (every JSON and number as text) against its JSON, and
 * the SQL filter of `listMatches` on them.
 *
 * @module
 * @internal
 */

import type { ListOptions, StoredLogEntry, StoredMetadata, StoredState } from '../store.js';
import { logEntryProblem, metadataProblem, stateProblem, type Wanted } from './records.js';

/**
 * @internal The `game_name` column's text for a game name: the name as escaped inside a JSON string (the
 * name itself unless it holds `"`, `\\` or control characters). PostgreSQL's `text` cannot hold
 * U+0000, and a lone surrogate would reach it as U+FFFD: the escaped name is exact for every
 * string, so the column always matches the metadata and the filter finds what it should.
 */
export function nameColumn(gameName: string): string {
  return JSON.stringify(gameName).slice(1, -1);
}

/** @internal Text PostgreSQL can hold (no U+0000, no lone surrogates), for messages stored in it. */
export function storableText(text: string): string {
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** @internal A match row as `fetch` reads it: every JSON and number as text, whatever the pool's parsers. */
export interface Row {
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

/** @internal A match row, read and checked. */
export interface Checked {
  readonly state: StoredState;
  readonly metadata: StoredMetadata;
  readonly initialState?: StoredState;
  readonly log?: StoredLogEntry[];
}

function parseJSON(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { problem: `not JSON (${(e as Error).message})` };
  }
}

/** @internal `fetch` asking for nothing but the check of the row. */
export const NOTHING: Wanted = { state: false, metadata: false, log: false, initialState: false };

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

/** @internal The row read and checked, or why it is damaged. */
export function checkRow(row: Row, want: Wanted): Checked | { problem: string } {
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

/** @internal The SQL `WHERE` of a `listMatches` filter, with its parameters. */
export function sqlFilter(
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
