/**
 * {@link FileStore}: matches in files, one folder per store, for a single server process that
 * must survive a crash.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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
  type DamageHandler,
  describeID,
  encodeLog,
  encodeMetadata,
  encodeState,
  KeyedQueue,
  listOptions,
  logDamage,
  logEntryProblem,
  metadataProblem,
  OpenOnce,
  report,
  stateProblem,
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

/** The format tag of a match record. */
const FORMAT = 'boardrules-match';
/** The version of the record format this code writes and reads. */
const VERSION = 1;
/** A match record's file name: the match ID (no dots in it) and `.json`. */
const RECORD_NAME = /^([A-Za-z0-9_-]{1,64})\.json$/;
/** A temporary file this store writes (`.<target>.<pid>.<n>.tmp`). */
const TEMP_NAME = /^\..+\.\d+\.\d+\.tmp$/;
/** How many records `listMatches` reads at once. */
const LIST_CONCURRENCY = 16;

/** A match record, read and checked. */
interface MatchRecord {
  readonly state: StoredState;
  readonly metadata: StoredMetadata;
  /** How many bytes of the log file belong to the match (the rest is a torn or stale tail). */
  readonly logBytes: number;
}

/** A read found the match damaged and set it aside. */
const DAMAGED: unique symbol = Symbol('damaged');

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

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
  private readonly fsync: boolean;
  private readonly onDamage: DamageHandler;
  private readonly queue = new KeyedQueue();
  private readonly opening = new OpenOnce(() => this.open());
  private temps = 0;

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
    this.fsync = fsync;
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

  private async open(): Promise<void> {
    let names: string[];
    try {
      const created = await mkdir(this.dir, { recursive: true, mode: 0o700 });
      if (created !== undefined) await this.syncDir(dirname(this.dir));
      names = await readdir(this.dir);
    } catch (e) {
      throw new StoreBackendError('', `opening the folder ${this.dir}`, e);
    }
    for (const name of names) {
      if (!TEMP_NAME.test(name)) continue;
      try {
        await unlink(join(this.dir, name));
      } catch (e) {
        if (errorCode(e) !== 'ENOENT') {
          throw new StoreBackendError('', `deleting the leftover ${name}`, e);
        }
      }
    }
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
      await this.writeAtomic(matchID, `${matchID}.initial.json`, initial.text);
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
      for (const name of [`${matchID}.json`, `${matchID}.initial.json`, `${matchID}.log`]) {
        try {
          await unlink(join(this.dir, name));
        } catch (e) {
          if (errorCode(e) !== 'ENOENT')
            throw new StoreBackendError(matchID, `deleting ${name}`, e);
        }
      }
      await this.syncDirOrFail(matchID, this.dir);
    });
  }

  /**
   * The IDs of the matches whose metadata passes `opts`, in ID order. Every record is read and
   * checked: a damaged one is set aside and left out, never a failure of the list.
   */
  async listMatches(opts?: Parameters<MatchStore['listMatches']>[0]): Promise<string[]> {
    const filter = listOptions(opts);
    await this.connect();
    let entries: Dirent[];
    try {
      entries = await readdir(this.dir, { withFileTypes: true });
    } catch (e) {
      throw new StoreBackendError('', 'listing the matches', e);
    }
    const ids = entries
      .map((entry) => RECORD_NAME.exec(entry.name)?.[1])
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
    const read = await this.readText(matchID, name);
    if (read === undefined) return undefined;
    if (typeof read !== 'string') return this.damaged(matchID, `${name} ${read.problem}`);
    let value: unknown;
    try {
      value = JSON.parse(read);
    } catch (e) {
      return this.damaged(matchID, `${name} is not JSON (${(e as Error).message})`);
    }
    const problem = recordProblem(value);
    if (problem !== undefined) {
      return this.damaged(matchID, `${name} is not a match record: ${problem}`);
    }
    return value as MatchRecord;
  }

  /** The match's first state, checked, or {@link DAMAGED}. */
  private async loadInitial(matchID: string): Promise<StoredState | typeof DAMAGED> {
    const name = `${matchID}.initial.json`;
    const read = await this.readText(matchID, name);
    if (read === undefined) return this.damagedMark(matchID, `${name} is missing`);
    if (typeof read !== 'string') return this.damagedMark(matchID, `${name} ${read.problem}`);
    let value: unknown;
    try {
      value = JSON.parse(read);
    } catch (e) {
      return this.damagedMark(matchID, `${name} is not JSON (${(e as Error).message})`);
    }
    const problem = stateProblem(value);
    if (problem !== undefined) {
      return this.damagedMark(matchID, `${name} is not a boardgame.io state: ${problem}`);
    }
    return value as StoredState;
  }

  /** The match's log (its first `logBytes` bytes), checked, or {@link DAMAGED}. */
  private async loadLog(
    matchID: string,
    record: MatchRecord,
  ): Promise<StoredLogEntry[] | typeof DAMAGED> {
    if (record.logBytes === 0) return [];
    const name = `${matchID}.log`;
    const bytes = Buffer.alloc(record.logBytes);
    let got = 0;
    try {
      const fh = await open(join(this.dir, name), 'r');
      try {
        while (got < bytes.length) {
          const { bytesRead } = await fh.read(bytes, got, bytes.length - got, got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
      } finally {
        await fh.close();
      }
    } catch (e) {
      if (errorCode(e) === 'ENOENT') return this.damagedMark(matchID, `${name} is missing`);
      if (errorCode(e) === 'EISDIR') return this.damagedMark(matchID, `${name} is a folder`);
      throw new StoreBackendError(matchID, `reading ${name}`, e);
    }
    if (got < bytes.length) {
      return this.damagedMark(
        matchID,
        `${name} has ${got} bytes where its record says ${bytes.length}`,
      );
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return this.damagedMark(matchID, `${name} is not UTF-8 text`);
    }
    if (!text.endsWith('\n')) return this.damagedMark(matchID, `${name} ends inside an entry`);
    const log: StoredLogEntry[] = [];
    const lines = text.slice(0, -1).split('\n');
    for (let i = 0; i < lines.length; i++) {
      let entry: unknown;
      try {
        entry = JSON.parse(lines[i] as string);
      } catch {
        return this.damagedMark(matchID, `${name}: line ${i + 1} is not JSON`);
      }
      const problem = logEntryProblem(entry, record.state._stateID);
      if (problem !== undefined) {
        return this.damagedMark(matchID, `${name}: line ${i + 1} is not a log entry: ${problem}`);
      }
      log.push(entry as StoredLogEntry);
    }
    return log;
  }

  /**
   * The text of `name`; `undefined` if it does not exist; `{ problem }` if it cannot be a record
   * (empty, a folder, not UTF-8). Other failures are the file system's: {@link StoreBackendError}.
   */
  private async readText(
    matchID: string,
    name: string,
  ): Promise<string | { problem: string } | undefined> {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.dir, name));
    } catch (e) {
      if (errorCode(e) === 'ENOENT') return undefined;
      if (errorCode(e) === 'EISDIR') return { problem: 'is a folder' };
      throw new StoreBackendError(matchID, `reading ${name}`, e);
    }
    if (bytes.length === 0) return { problem: 'is empty (0 bytes)' };
    try {
      return utf8.decode(bytes);
    } catch {
      return { problem: 'is not UTF-8 text' };
    }
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
      await mkdir(folder, { recursive: true, mode: 0o700 });
      for (const name of [`${matchID}.json`, `${matchID}.initial.json`, `${matchID}.log`]) {
        try {
          await rename(join(this.dir, name), join(folder, name));
        } catch (e) {
          if (errorCode(e) !== 'ENOENT') throw e;
        }
      }
      await this.syncDir(folder);
      await this.syncDir(this.dir);
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
    const text = `{"format":"${FORMAT}","version":${VERSION},"logBytes":${logBytes},"state":${stateText},"metadata":${metadataText}}`;
    return this.writeAtomic(matchID, `${matchID}.json`, text);
  }

  /**
   * Replaces `name` with `text` atomically: a temporary file in the same folder, flushed, renamed
   * over `name`, the folder flushed.
   */
  private async writeAtomic(matchID: string, name: string, text: string): Promise<void> {
    const temp = join(this.dir, `.${name}.${process.pid}.${++this.temps}.tmp`);
    try {
      const fh = await open(temp, 'wx', 0o600);
      try {
        await fh.writeFile(text);
        if (this.fsync) await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(temp, join(this.dir, name));
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw new StoreBackendError(matchID, `writing ${name}`, e);
    }
    await this.syncDirOrFail(matchID, this.dir);
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
    const name = `${matchID}.log`;
    const path = join(this.dir, name);
    const bytes = Buffer.from(text, 'utf8');
    let fh: FileHandle | undefined;
    let created = false;
    let short: number | undefined;
    try {
      try {
        fh = await open(path, constants.O_RDWR);
      } catch (e) {
        if (errorCode(e) !== 'ENOENT') throw e;
        fh = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
        created = true;
      }
      const { size } = await fh.stat();
      if (size < at) {
        short = size;
      } else {
        let done = 0;
        while (done < bytes.length) {
          const { bytesWritten } = await fh.write(bytes, done, bytes.length - done, at + done);
          done += bytesWritten;
        }
        await fh.truncate(at + bytes.length);
        if (this.fsync) await fh.sync();
      }
    } catch (e) {
      throw new StoreBackendError(matchID, `appending to ${name}`, e);
    } finally {
      await fh?.close().catch(() => undefined);
    }
    if (short !== undefined) {
      return this.damagedMark(matchID, `${name} has ${short} bytes where its record says ${at}`);
    }
    if (created) await this.syncDirOrFail(matchID, this.dir);
    return at + bytes.length;
  }

  /** Flushes a folder's entries (with `fsync` on; not on Windows, where folders cannot be opened). */
  private async syncDir(path: string): Promise<void> {
    if (!this.fsync || process.platform === 'win32') return;
    const fh = await open(path, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  private async syncDirOrFail(matchID: string, path: string): Promise<void> {
    try {
      await this.syncDir(path);
    } catch (e) {
      throw new StoreBackendError(matchID, `flushing the folder ${path}`, e);
    }
  }
}

/** Why `x` (a parsed record file) is not a match record, or `undefined` if it is one. */
function recordProblem(x: unknown): string | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'not an object';
  const r = x as Record<string, unknown>;
  if (r.format !== FORMAT) return `format is not '${FORMAT}'`;
  if (r.version !== VERSION) return `version is not ${VERSION}`;
  if (typeof r.logBytes !== 'number' || !Number.isSafeInteger(r.logBytes) || r.logBytes < 0) {
    return 'logBytes is not an integer ≥ 0';
  }
  const state = stateProblem(r.state);
  if (state !== undefined) return `state: ${state}`;
  const metadata = metadataProblem(r.metadata);
  if (metadata !== undefined) return `metadata: ${metadata}`;
  return undefined;
}
