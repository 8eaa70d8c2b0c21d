/**
 * {@link FileStore}: matches in files, one folder per store, for a single server process that
 * must survive a crash.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
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
import { DurableFolder } from './file-disk.js';
import {
  type MatchRecord,
  matchFiles,
  parseInitial,
  parseLog,
  parseRecord,
  RECORD_NAME,
  recordText,
} from './file-format.js';
import {
  type DamageHandler,
  describeID,
  encodeLog,
  encodeMetadata,
  encodeState,
  KeyedQueue,
  listOptions,
  logDamage,
  OpenOnce,
  report,
  unknownMatch,
  wanted,
} from './records.js';

/** The options of {@link FileStore}. */
export interface FileStoreOptions {
  /** The store's folder (created if missing, with its parents). One process per folder. */
  readonly dir: string;
  /**
   * Whether every write is flushed to the disk (`fsync` of the file, then of the folder) before
   * it resolves. Default `true`: a move survives a power cut once `setState` has resolved.
   * `false` keeps every write atomic and safe from a crash of the process (the operating system
   * still holds the written data) but not from a crash of the machine; for tests.
   */
  readonly fsync?: boolean;
  /**
   * Told of every damaged match once, after its files have been set aside (default: a line on
   * `console.error`). Called synchronously from the store's call; whatever it throws or rejects
   * is logged, never passed on.
   */
  readonly onDamage?: (report: DamageReport) => void;
}

/** How many records `listMatches` reads at once. */
const LIST_CONCURRENCY = 16;

/** A read found the match damaged and set it aside. */
const DAMAGED: unique symbol = Symbol('damaged');

/**
 * A match store in files, for one server process: everything survives a crash of the process
 * or (with `fsync`, the default) of the machine, and no crash leaves a record that cannot be
 * read.
 *
 * **Layout.** In the folder `dir`, for the match `ID`:
 *
 * - `ID.json`, the match record: `{ format, version, logBytes, state, metadata }`. Its presence is
 *   the match's existence.
 * - `ID.initial.json`: the match's first state, written once by `createMatch`.
 * - `ID.log`: the log, one JSON entry per line, appended to by `setState`. Only its first
 *   `logBytes` bytes (from the record) belong to the match, so a tail torn by a crash, or left
 *   by a `setState` that crashed before its record was written, is never read and is overwritten
 *   by the next append: the log is always the log of the record's state. Appending keeps a move
 *   at a cost that does not grow with the match, where rewriting one file per match would write
 *   the whole log again on every move.
 * - `damaged/<time>-ID-<random>/`: the files of a match found damaged, moved there whole.
 *
 * The files are readable by their owner only (the metadata holds the seats' credentials).
 *
 * **Guarantees.**
 *
 * - **Durable before shown.** `setState` resolves once the log entries are appended and flushed,
 *   and the new record is written to a temporary file in the same folder, flushed, renamed over
 *   the old one and the folder flushed. A crash at any moment leaves the old record or the new
 *   one.
 * - **Conditional.** `setState` stores a state only if the stored one's `_stateID` is one less;
 *   otherwise it rejects with a `StaleWriteError` (`found`: the stored `_stateID`, −1 for no
 *   match) and changes nothing. Every call on one match runs after the previous one on it has
 *   finished (a promise chain per match), so the check and the write are one step within the
 *   process. Two processes must not share a folder: nothing orders their writes (use
 *   `PostgresStore` for several processes).
 * - **Damage-proof.** A record that cannot be read — an empty file, a truncated or otherwise
 *   unparsable one, invalid UTF-8, the wrong shape, a first state or log that is missing or not
 *   what it should be — is moved with the match's other files to `damaged/`, reported once to
 *   `onDamage`, and the match is from then on unknown: `fetch` answers `{}`, `setState` refuses
 *   with `found` −1, `createMatch` may use the ID again. Reading the record (every call does)
 *   checks its state and metadata; the first state and the log are checked when they are
 *   fetched. `listMatches` leaves a damaged match out and lists the others.
 * - **Only its own folder.** A call with a match ID that is not one (`isMatchID`) answers as for
 *   an unknown match without touching the file system (`createMatch` refuses it).
 *
 * `connect` creates the folder and deletes the temporary files a crash left; every call connects
 * first if that has not been done. Errors: `StaleWriteError`, {@link MatchExistsError},
 * {@link StoreInputError}, and {@link StoreBackendError} when the file system fails (full disk,
 * permissions); never anything else.
 */
export class FileStore implements MatchStore {
  /** The store's folder, absolute. */
  readonly dir: string;
  private readonly disk: DurableFolder;
  private readonly onDamage: DamageHandler;
  private readonly queue = new KeyedQueue();
  private readonly opening = new OpenOnce(() => this.disk.open());

  constructor(options: FileStoreOptions) {
    const { dir, fsync = true, onDamage = logDamage } = (options ?? {}) as FileStoreOptions;
    if (typeof dir !== 'string' || dir === '') {
      throw new TypeError('FileStore: options.dir must be the path of a folder');
    }
    if (typeof fsync !== 'boolean')
      throw new TypeError('FileStore: options.fsync must be a boolean');
    if (typeof onDamage !== 'function') {
      throw new TypeError('FileStore: options.onDamage must be a function');
    }
    this.dir = resolve(dir);
    this.disk = new DurableFolder(this.dir, fsync);
    this.onDamage = onDamage;
  }

  /** Always `1`: boardgame.io's `Type.ASYNC` (every call answers a promise). */
  type(): number {
    return 1;
  }

  /**
   * Creates the folder if missing and deletes the temporary files a crash left behind. Calling it
   * again does nothing; after a failure, the next call tries again.
   */
  connect(): Promise<void> {
    return this.opening.run();
  }

  /**
   * Stores a new match: `initialState` is its state and first state, with an empty log. Rejects
   * with {@link MatchExistsError} if the ID is taken (a damaged match is set aside first, and its
   * ID is free), {@link StoreInputError} if the ID is not a match ID or the values cannot be
   * stored. The first state is written before the record, so a crash leaves no match or a whole
   * one.
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
    return this.queue.run(matchID, async () => {
      if ((await this.load(matchID)) !== undefined) throw new MatchExistsError(matchID);
      await this.disk.writeAtomic(matchID, `${matchID}.initial.json`, initial.text);
      await this.writeRecord(matchID, initial.text, metadata.text, 0);
    });
  }

  /** The asked-for parts of the match, as new objects; `{}` for an unknown or damaged match. */
  async fetch(matchID: string, opts: Parameters<MatchStore['fetch']>[1]): Promise<FetchResult> {
    const want = wanted(opts);
    if (!isMatchID(matchID)) return {};
    await this.connect();
    return this.queue.run(matchID, async () => {
      const record = await this.load(matchID);
      if (record === undefined) return {};
      const result: FetchResult = {};
      if (want.initialState) {
        const initial = await this.loadInitial(matchID);
        if (initial === DAMAGED) return {};
        result.initialState = initial;
      }
      if (want.log) {
        const log = await this.loadLog(matchID, record);
        if (log === DAMAGED) return {};
        result.log = logUpTo(log, record.state._stateID);
      }
      if (want.state) result.state = record.state;
      if (want.metadata) result.metadata = record.metadata;
      return result;
    });
  }

  /**
   * Appends `deltalog` to the log and stores `state`, if the stored state's `_stateID` is
   * `state._stateID − 1`; otherwise rejects with `StaleWriteError` and stores nothing. Resolves
   * once both are on the disk (see the class comment).
   */
  async setState(matchID: string, state: StoredState, deltalog?: StoredLogEntry[]): Promise<void> {
    const id = describeID(matchID);
    const next = encodeState(id, 'state', state);
    const entries = encodeLog(id, deltalog, next.value._stateID);
    if (!isMatchID(matchID)) throw unknownMatch(id, next.value);
    await this.connect();
    return this.queue.run(matchID, async () => {
      const record = await this.load(matchID);
      if (record === undefined) throw unknownMatch(matchID, next.value);
      const found = record.state._stateID;
      if (found !== next.value._stateID - 1) {
        throw new StaleWriteError(matchID, next.value._stateID - 1, found);
      }
      let logBytes = record.logBytes;
      if (entries.length > 0) {
        const appended = await this.appendLog(
          matchID,
          logBytes,
          entries.map((e) => `${e.text}\n`).join(''),
        );
        if (appended === DAMAGED) throw unknownMatch(matchID, next.value);
        logBytes = appended;
      }
      await this.writeRecord(matchID, next.text, JSON.stringify(record.metadata), logBytes);
    });
  }

  /** Replaces the match's metadata; does nothing for an unknown or damaged match. */
  async setMetadata(matchID: string, metadata: StoredMetadata): Promise<void> {
    const encoded = encodeMetadata(describeID(matchID), metadata);
    if (!isMatchID(matchID)) return;
    await this.connect();
    return this.queue.run(matchID, async () => {
      const record = await this.load(matchID);
      if (record === undefined) return;
      await this.writeRecord(matchID, JSON.stringify(record.state), encoded.text, record.logBytes);
    });
  }

  /** Deletes the match's files (the record first: a crash part-way leaves no match). */
  async wipe(matchID: string): Promise<void> {
    if (!isMatchID(matchID)) return;
    await this.connect();
    return this.queue.run(matchID, async () => {
      await this.disk.remove(matchID, matchFiles(matchID));
    });
  }

  /**
   * The IDs of the matches whose metadata passes `opts`, in ID order. Every record is read and
   * checked: a damaged one is set aside and left out, never a failure of the list.
   */
  async listMatches(opts?: Parameters<MatchStore['listMatches']>[0]): Promise<string[]> {
    const filter = listOptions(opts);
    await this.connect();
    let names: string[];
    try {
      names = await this.disk.names();
    } catch (e) {
      throw new StoreBackendError('', 'listing the matches', e);
    }
    const ids = names
      .map((name) => RECORD_NAME.exec(name)?.[1])
      .filter((id): id is string => id !== undefined && isMatchID(id))
      .sort();
    const listed: string[] = [];
    for (let i = 0; i < ids.length; i += LIST_CONCURRENCY) {
      const batch = ids.slice(i, i + LIST_CONCURRENCY);
      const records = await Promise.all(batch.map((id) => this.queue.run(id, () => this.load(id))));
      batch.forEach((id, k) => {
        const record = records[k];
        if (record !== undefined && matchesFilter(record.metadata, filter)) listed.push(id);
      });
    }
    return listed;
  }

  // ---------------------------------------------------------------------------------------------
  // Reading (always inside the match's queue).

  /** The match's record, checked; `undefined` if there is none or it was damaged (set aside). */
  private async load(matchID: string): Promise<MatchRecord | undefined> {
    const name = `${matchID}.json`;
    const read = await this.disk.readText(matchID, name);
    if (read === undefined) return undefined;
    const record =
      typeof read === 'string' ? parseRecord(name, read) : { problem: `${name} ${read.problem}` };
    if ('problem' in record) return this.damaged(matchID, record.problem);
    return record.value;
  }

  /** The match's first state, checked, or {@link DAMAGED}. */
  private async loadInitial(matchID: string): Promise<StoredState | typeof DAMAGED> {
    const name = `${matchID}.initial.json`;
    const read = await this.disk.readText(matchID, name);
    if (read === undefined) return this.damagedMark(matchID, `${name} is missing`);
    const initial =
      typeof read === 'string' ? parseInitial(name, read) : { problem: `${name} ${read.problem}` };
    if ('problem' in initial) return this.damagedMark(matchID, initial.problem);
    return initial.value;
  }

  /** The match's log (its first `logBytes` bytes), checked, or {@link DAMAGED}. */
  private async loadLog(
    matchID: string,
    record: MatchRecord,
  ): Promise<StoredLogEntry[] | typeof DAMAGED> {
    if (record.logBytes === 0) return [];
    const name = `${matchID}.log`;
    const bytes = await this.disk.readPrefix(matchID, name, record.logBytes);
    const log = bytes instanceof Uint8Array ? parseLog(name, bytes, record.state._stateID) : bytes;
    if ('problem' in log) return this.damagedMark(matchID, log.problem);
    return log.value;
  }

  // ---------------------------------------------------------------------------------------------
  // Damage.

  private async damaged(matchID: string, reason: string): Promise<undefined> {
    await this.setAside(matchID, reason);
    return undefined;
  }

  private async damagedMark(matchID: string, reason: string): Promise<typeof DAMAGED> {
    await this.setAside(matchID, reason);
    return DAMAGED;
  }

  /**
   * Moves the match's files into a new folder under `damaged/` (the record first: once it is
   * gone, so is the match) and reports it. If the record cannot be moved, the report says so and
   * the match stays where it is (it will be found damaged, and reported, again).
   */
  private async setAside(matchID: string, reason: string): Promise<void> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const folder = join(
      this.dir,
      'damaged',
      `${stamp}-${matchID}-${randomBytes(4).toString('hex')}`,
    );
    let setAsideAt = folder;
    try {
      await this.disk.moveInto(folder, matchFiles(matchID));
    } catch (e) {
      setAsideAt = `(nowhere: moving it to ${folder} failed: ${(e as Error).message})`;
    }
    report(this.onDamage, { matchID, setAsideAt, reason });
  }

  // ---------------------------------------------------------------------------------------------
  // Writing (always inside the match's queue).

  private writeRecord(
    matchID: string,
    stateText: string,
    metadataText: string,
    logBytes: number,
  ): Promise<void> {
    const text = recordText(stateText, metadataText, logBytes);
    return this.disk.writeAtomic(matchID, `${matchID}.json`, text);
  }

  /**
   * Writes `text` into the log at `at` (over any stale tail), cuts the file after it and flushes
   * it. Answers the new length, or {@link DAMAGED} if the log is shorter than `at` (the match is
   * then set aside).
   */
  private async appendLog(
    matchID: string,
    at: number,
    text: string,
  ): Promise<number | typeof DAMAGED> {
    const written = await this.disk.writeAt(matchID, `${matchID}.log`, at, text);
    if (typeof written !== 'number') return this.damagedMark(matchID, written.problem);
    return written;
  }
}
