/**
 * The alpha-beta bot's transposition table: a bot's own memory or a {@link SharedSearchTable}'s,
 * read and written through the one entry codec (`../table-entry.ts`).
 *
 * Keyed on the position's 53-bit hash: index = low hash bits, verified on all 53. Replacement:
 * an entry from an earlier search (older generation) is always replaced; within a search, an
 * entry is replaced by one searched at least as deep. Mate scores are kept relative to the node.
 * Only entries of the current search cut the search; older ones still give their move to the
 * ordering, because their values may rest on a history (a repetition count) that has changed
 * since, which the hash does not see.
 *
 * @module
 */
import type { SharedSearchTable } from '../shared-table.js';
import {
  boundOf,
  depthOf,
  EMPTY,
  ENTRY_WORDS,
  generationOf,
  hashHigh,
  hashLow,
  holds,
  packMeta,
  packScore,
  scoreOf,
  writeEntry,
} from '../table-entry.js';
import { fromTable, toTable } from './scores.js';

/** A transposition table; see the module comment. */
export class TranspositionTable {
  private readonly words: Int32Array;
  private readonly mask: number;
  /** The generation the current search writes, and the only one whose values cut. */
  private generation = 0;

  // What the last `probe` found. Read them at once: the next probe (a child's) overwrites them.
  /** The entry's best move, or -1 when the slot holds no entry for the position. */
  move = -1;
  /** The entry's bound (`EXACT`, `LOWER`, `UPPER`), or `EMPTY` when there is none. */
  bound: number = EMPTY;
  /** The entry's depth (`EXHAUSTED`: the whole subtree). */
  depth = 0;
  /** The entry's score, seen from the probing ply. */
  score = 0;
  /** True when the entry was written by the current search (only then may it cut). */
  current = false;
  /**
   * The depth a result needs to replace the slot's entry, as probed (0: any). The store decides
   * on the entry as probed, without reading the slot again: by then its cache line is usually
   * gone, and a child that reused the slot meanwhile only makes the choice a little less
   * informed.
   */
  replaceDepth = 0;

  /**
   * A table of `entries` (a power of two) of the bot's own, or over `shared`'s memory, whose
   * generation is then the shared search's.
   */
  constructor(
    entries: number,
    private readonly shared: SharedSearchTable | null,
  ) {
    this.words = shared ? shared.table : new Int32Array(entries * ENTRY_WORDS);
    this.mask = this.words.length / ENTRY_WORDS - 1;
  }

  /** Starts a search: the next generation of a private table, the shared search's otherwise. */
  beginSearch(): void {
    if (this.shared) this.generation = this.shared.generation;
    else this.generation = (this.generation + 1) & 0xff;
  }

  /** Empties the table (between games). */
  clear(): void {
    if (this.shared) this.shared.clear();
    else this.words.fill(0);
    this.generation = 0;
  }

  /**
   * Looks the position `hash` up at `ply`: sets {@link move}, {@link bound}, {@link depth},
   * {@link score}, {@link current} and {@link replaceDepth}, and returns its slot for
   * {@link store}.
   */
  probe(hash: number, ply: number): number {
    const words = this.words;
    const lo = hashLow(hash);
    const slot = (lo & this.mask) * ENTRY_WORDS;
    const meta = words[slot + 1];
    const move = words[slot + 2];
    const word = words[slot + 3];
    const bound = boundOf(meta);
    const current = generationOf(meta) === this.generation;
    if (holds(words[slot], meta, move, word, lo, hashHigh(hash))) {
      this.move = move;
      this.bound = bound;
      this.depth = depthOf(word);
      this.score = fromTable(scoreOf(word), ply);
      this.current = current;
    } else {
      this.move = -1;
      this.bound = EMPTY;
    }
    this.replaceDepth = bound === EMPTY || !current ? 0 : depthOf(word);
    return slot;
  }

  /**
   * Stores the result of the node `hash` at `ply` in the `slot` {@link probe} gave, unless the
   * entry there needs a deeper result (`replaceDepth`, as {@link probe} found it): its `bound`,
   * best `move`, `score`, and `depth` searched (at most `DEEPEST`), or `EXHAUSTED` when no
   * position of the subtree rested on the horizon.
   */
  store(
    slot: number,
    replaceDepth: number,
    hash: number,
    ply: number,
    bound: number,
    move: number,
    score: number,
    depth: number,
  ): void {
    if (depth < replaceDepth) return;
    const meta = packMeta(hashHigh(hash), bound, this.generation);
    writeEntry(this.words, slot, hashLow(hash), meta, move, packScore(toTable(score, ply), depth));
  }
}
