/**
 * {@link MemoryStore}: the match store for tests and for the zero-install default.
 *
 * @module
 */

import {
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
import { MatchExistsError, StoreInputError } from './errors.js';
import {
  describeID,
  encodeLog,
  encodeMetadata,
  encodeState,
  listOptions,
  unknownMatch,
  wanted,
} from './records.js';

/** One match, as JSON texts: nothing a caller holds can reach it. */
interface Entry {
  stateID: number;
  state: string;
  metadata: string;
  readonly initialState: string;
  readonly log: string[];
}

/**
 * A match store in the process's memory: every match is gone when the process ends. For tests,
 * and for the zero-install default where losing the matches on a restart is acceptable.
 *
 * It keeps the contract's guarantees that make sense in memory:
 *
 * - **Conditional.** `setState` stores a state only if the stored one's `_stateID` is one less;
 *   otherwise it rejects with a `StaleWriteError` and changes nothing. A state written to a match
 *   that does not exist is refused the same way (`found` −1): only `createMatch` creates.
 * - **Copies.** It keeps the JSON text of what it is given and answers with new values read from
 *   it, so no caller can change a stored match through an object it passed in or got back, and
 *   every value behaves as it will in the file and PostgreSQL stores (what JSON cannot hold —
 *   `undefined` fields, functions — is gone; a value JSON refuses is a `StoreInputError`).
 * - **Atomic.** Every call checks everything before it changes anything.
 *
 * Nothing in memory can be damaged, so it takes no `onDamage`. Errors: `StaleWriteError`,
 * {@link MatchExistsError}, {@link StoreInputError}; never anything else.
 */
export class MemoryStore implements MatchStore {
  private readonly matches = new Map<string, Entry>();

  /** Always `1`: boardgame.io's `Type.ASYNC` (every call answers a promise). */
  type(): number {
    return 1;
  }

  /** Nothing to open. */
  async connect(): Promise<void> {}

  /**
   * Stores a new match: `initialState` is its state and first state, with an empty log. Rejects
   * with {@link MatchExistsError} if the ID is taken, {@link StoreInputError} if the ID is not a
   * match ID or the values cannot be stored.
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
    if (this.matches.has(matchID)) throw new MatchExistsError(matchID);
    this.matches.set(matchID, {
      stateID: initial.value._stateID,
      state: initial.text,
      metadata: metadata.text,
      initialState: initial.text,
      log: [],
    });
  }

  /** The asked-for parts of the match, as new objects; `{}` for an unknown match. */
  async fetch(matchID: string, opts: Parameters<MatchStore['fetch']>[1]): Promise<FetchResult> {
    const want = wanted(opts);
    const entry = isMatchID(matchID) ? this.matches.get(matchID) : undefined;
    if (entry === undefined) return {};
    const result: FetchResult = {};
    if (want.state) result.state = JSON.parse(entry.state) as StoredState;
    if (want.metadata) result.metadata = JSON.parse(entry.metadata) as StoredMetadata;
    if (want.initialState) result.initialState = JSON.parse(entry.initialState) as StoredState;
    if (want.log) {
      const log = entry.log.map((text) => JSON.parse(text) as StoredLogEntry);
      result.log = logUpTo(log, entry.stateID);
    }
    return result;
  }

  /**
   * Stores `state` and appends `deltalog` if the stored state's `_stateID` is
   * `state._stateID − 1`; otherwise rejects with `StaleWriteError` (`found`: the stored
   * `_stateID`, −1 for an unknown match) and stores nothing.
   */
  async setState(matchID: string, state: StoredState, deltalog?: StoredLogEntry[]): Promise<void> {
    const id = describeID(matchID);
    const next = encodeState(id, 'state', state);
    const entries = encodeLog(id, deltalog, next.value._stateID);
    const entry = isMatchID(matchID) ? this.matches.get(matchID) : undefined;
    if (entry === undefined) throw unknownMatch(id, next.value);
    if (entry.stateID !== next.value._stateID - 1) {
      throw new StaleWriteError(matchID, next.value._stateID - 1, entry.stateID);
    }
    entry.stateID = next.value._stateID;
    entry.state = next.text;
    for (const e of entries) entry.log.push(e.text);
  }

  /** Replaces the match's metadata; does nothing for an unknown match (it creates none). */
  async setMetadata(matchID: string, metadata: StoredMetadata): Promise<void> {
    const encoded = encodeMetadata(describeID(matchID), metadata);
    const entry = isMatchID(matchID) ? this.matches.get(matchID) : undefined;
    if (entry !== undefined) entry.metadata = encoded.text;
  }

  /** Deletes the match (nothing for an unknown one). */
  async wipe(matchID: string): Promise<void> {
    if (isMatchID(matchID)) this.matches.delete(matchID);
  }

  /** The IDs of the matches whose metadata passes `opts`, in ID order. */
  async listMatches(opts?: Parameters<MatchStore['listMatches']>[0]): Promise<string[]> {
    const filter = listOptions(opts);
    const ids: string[] = [];
    for (const [id, entry] of this.matches) {
      if (matchesFilter(JSON.parse(entry.metadata) as StoredMetadata, filter)) ids.push(id);
    }
    return ids.sort();
  }
}
