/**
 * The file system under {@link FileStore}: atomic replacement of a file, appending at a byte
 * offset, and the folder flushes that make a write survive a crash of the machine (with
 * `fsync`). {@link DurableFolder} knows files and bytes, not matches: the store decides what a
 * read problem means.
 *
 * @module
 * @internal
 */

import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { StoreBackendError } from './errors.js';

/** A temporary file this store writes (`.<target>.<pid>.<n>.tmp`). */
const TEMP_NAME = /^\..+\.\d+\.\d+\.tmp$/;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** @internal Decodes UTF-8 strictly; throws on invalid bytes. */
export function decodeUTF8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/**
 * @internal One store's folder: every write is atomic, and with `fsync` flushed (the file, then
 * the folder) before it resolves. Failures of the file system are {@link StoreBackendError}s
 * naming the match.
 */
export class DurableFolder {
  /** The folder, absolute. */
  readonly dir: string;
  private readonly fsync: boolean;
  private temps = 0;

  constructor(dir: string, fsync: boolean) {
    this.dir = dir;
    this.fsync = fsync;
  }

  /** Creates the folder if missing and deletes the temporary files a crash left behind. */
  async open(): Promise<void> {
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

  /** The names in the folder; the file system's error as it is. */
  async names(): Promise<string[]> {
    const entries = await readdir(this.dir, { withFileTypes: true });
    return entries.map((entry) => entry.name);
  }

  /**
   * The text of `name`; `undefined` if it does not exist; `{ problem }` if it cannot be a record
   * (empty, a folder, not UTF-8). Other failures are the file system's: {@link StoreBackendError}.
   */
  async readText(matchID: string, name: string): Promise<string | { problem: string } | undefined> {
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

  /**
   * The first `length` bytes of `name`, or `{ problem }` if it is missing, a folder or shorter.
   * Other failures are the file system's: {@link StoreBackendError}.
   */
  async readPrefix(
    matchID: string,
    name: string,
    length: number,
  ): Promise<Buffer | { problem: string }> {
    const bytes = Buffer.alloc(length);
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
      if (errorCode(e) === 'ENOENT') return { problem: `${name} is missing` };
      if (errorCode(e) === 'EISDIR') return { problem: `${name} is a folder` };
      throw new StoreBackendError(matchID, `reading ${name}`, e);
    }
    if (got < bytes.length) {
      return { problem: `${name} has ${got} bytes where its record says ${bytes.length}` };
    }
    return bytes;
  }

  /**
   * Replaces `name` with `text` atomically: a temporary file in the same folder, flushed, renamed
   * over `name`, the folder flushed.
   */
  async writeAtomic(matchID: string, name: string, text: string): Promise<void> {
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
   * Writes `text` into `name` at `at` (over any stale tail), cuts the file after it and flushes
   * it. Answers the new length, or `{ problem }` if the file is shorter than `at` (then it
   * writes nothing).
   */
  async writeAt(
    matchID: string,
    name: string,
    at: number,
    text: string,
  ): Promise<number | { problem: string }> {
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
      return { problem: `${name} has ${short} bytes where its record says ${at}` };
    }
    if (created) await this.syncDirOrFail(matchID, this.dir);
    return at + bytes.length;
  }

  /** Deletes the files `names` (those that exist), in order, then flushes the folder. */
  async remove(matchID: string, names: readonly string[]): Promise<void> {
    for (const name of names) {
      try {
        await unlink(join(this.dir, name));
      } catch (e) {
        if (errorCode(e) !== 'ENOENT') throw new StoreBackendError(matchID, `deleting ${name}`, e);
      }
    }
    await this.syncDirOrFail(matchID, this.dir);
  }

  /**
   * Moves the files `names` (those that exist), in order, into the new folder `folder` and
   * flushes both folders; the file system's error as it is.
   */
  async moveInto(folder: string, names: readonly string[]): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    for (const name of names) {
      try {
        await rename(join(this.dir, name), join(folder, name));
      } catch (e) {
        if (errorCode(e) !== 'ENOENT') throw e;
      }
    }
    await this.syncDir(folder);
    await this.syncDir(this.dir);
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
