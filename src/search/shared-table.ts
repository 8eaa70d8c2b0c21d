/**
 * A transposition table in shared memory, so that several alpha-beta bots, each on its own
 * thread, search one position together ("lazy SMP"): a leader searches as usual while helpers
 * search the same position into the same table, and the leader finds their results there.
 *
 * The table holds no locks. Its entries are those of every alpha-beta table, packed and checked
 * by the one entry codec (`table-entry.ts`): each entry's first word is the position's hash
 * XORed with the entry's other three words, so an entry half-written by one thread while another
 * reads it fails the check and is ignored, as if empty.
 *
 * @module
 */
import { integerArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import { ENTRY_BYTES, ENTRY_WORDS } from './table-entry.js';

/** `control` words: the current search's generation, and its number (odd while it runs). */
const GENERATION = 0;
const SEARCH = 1;

/** The memory of a {@link SharedSearchTable}, as posted to another thread. */
export interface SharedSearchBuffers {
  /** The entries: 16 bytes each, a power of two of them. */
  readonly table: SharedArrayBuffer;
  /** Two `int32` words: generation and search number. */
  readonly control: SharedArrayBuffer;
}

/**
 * A new empty {@link SharedSearchTable} of `entries` entries (1..2^26, rounded down to a power
 * of two), 16 bytes each. Throws `RulesError('INVALID_ARGUMENT')` for a bad count and
 * `RulesError('UNSUPPORTED')` where `SharedArrayBuffer` is unavailable (a browser page that is
 * not cross-origin isolated).
 */
export function sharedSearchTable(entries: number): SharedSearchTable {
  integerArg('sharedSearchTable', 'entries', entries, 1, 2 ** 26);
  if (typeof SharedArrayBuffer !== 'function') {
    throw new RulesError('UNSUPPORTED', 'sharedSearchTable: SharedArrayBuffer is unavailable here');
  }
  const size = 2 ** Math.floor(Math.log2(entries));
  return new SharedSearchTable({
    table: new SharedArrayBuffer(size * ENTRY_BYTES),
    control: new SharedArrayBuffer(2 * 4),
  });
}

/**
 * A transposition table and a search counter in shared memory, for {@link
 * AlphaBetaOptions.shared}; make one with {@link sharedSearchTable}. One side (the coordinator)
 * calls {@link begin}, hands the returned number to helper bots on other threads
 * (`bot.help(state, { search, index }, limits)`), runs the leader's `search`, then calls {@link
 * end}: every helper stops at its next check.
 *
 * Post {@link SharedSearchTable.buffers} to a worker and build the table there with `new SharedSearchTable(buffers)`:
 * both sides then read and write the same memory.
 */
export class SharedSearchTable {
  /** The entries, four `int32` words each (see `table-entry.ts`). */
  readonly table: Int32Array;
  /** `[generation, search number]`, read and written atomically. */
  readonly control: Int32Array;

  /**
   * The table over buffers another thread posted ({@link SharedSearchTable.buffers}). Throws
   * `RulesError('INVALID_ARGUMENT')` unless they are what {@link SharedSearchTable.buffers} gives.
   */
  constructor(buffers: SharedSearchBuffers) {
    const ok =
      typeof SharedArrayBuffer === 'function' &&
      typeof buffers === 'object' &&
      buffers !== null &&
      buffers.table instanceof SharedArrayBuffer &&
      buffers.control instanceof SharedArrayBuffer &&
      buffers.control.byteLength === 8 &&
      buffers.table.byteLength >= ENTRY_BYTES &&
      Number.isInteger(Math.log2(buffers.table.byteLength / ENTRY_BYTES));
    if (!ok) {
      throw new RulesError(
        'INVALID_ARGUMENT',
        'SharedSearchTable: expected the { table, control } buffers of another SharedSearchTable',
      );
    }
    this.table = new Int32Array(buffers.table);
    this.control = new Int32Array(buffers.control);
  }

  /** The shared memory, to post to another thread. */
  get buffers(): SharedSearchBuffers {
    return {
      table: this.table.buffer as SharedArrayBuffer,
      control: this.control.buffer as SharedArrayBuffer,
    };
  }

  /** How many entries the table has (a power of two). */
  get entries(): number {
    return this.table.length / ENTRY_WORDS;
  }

  /** The generation entries of the current (or last) search are stamped with, 0..255. */
  get generation(): number {
    return Atomics.load(this.control, GENERATION) & 0xff;
  }

  /** The number of the running search, or `null` between searches. */
  get running(): number | null {
    const n = Atomics.load(this.control, SEARCH);
    return (n & 1) === 1 ? n : null;
  }

  /**
   * Starts a search: a new generation (only its entries cut; older ones still order moves) and
   * a new search number, returned for the helpers. Ends a search still running first.
   */
  begin(): number {
    if (this.running !== null) this.end();
    Atomics.add(this.control, GENERATION, 1);
    return Atomics.add(this.control, SEARCH, 1) + 1;
  }

  /** Ends the running search, if any: bots searching it stop at their next check. */
  end(): void {
    if (this.running !== null) Atomics.add(this.control, SEARCH, 1);
  }

  /** True while search number `search` runs. */
  isRunning(search: number): boolean {
    return Atomics.load(this.control, SEARCH) === search && (search & 1) === 1;
  }

  /** Empties the table (between games; no search may be running on it). */
  clear(): void {
    this.table.fill(0);
  }
}
