/**
 * The transposition-table entry codec: how one search result is packed into four `int32` words
 * and read back, and the check that makes a table in shared memory safe without locks. Both
 * tables use it: a bot's own (`alphabeta/table.ts`) and the one several threads share
 * (`shared-table.ts`, which `alphabeta/table.ts` reads and writes through the same functions).
 *
 * One 16-byte entry per slot, so that a probe touches one cache line:
 *
 * | word | holds |
 * |---|---|
 * | 0 | low 32 bits of the hash, XOR words 1–3: an entry torn by two threads writing it at once fails the check |
 * | 1 | high 21 bits of the hash, bound << 21 (0: empty), generation << 23 |
 * | 2 | best move |
 * | 3 | score << 8, depth |
 *
 * The module imports nothing, so the build inlines its numbers into the hot code.
 *
 * @module
 */

/** Words of an entry. */
export const ENTRY_WORDS = 4;
/** Bytes of an entry. */
export const ENTRY_BYTES = 16;

/** Bound of an empty slot. */
export const EMPTY = 0;
/** The score is the node's exact value. */
export const EXACT = 1;
/** The score is a lower bound (the search failed high). */
export const LOWER = 2;
/** The score is an upper bound (the search failed low). */
export const UPPER = 3;

/** Depth meaning "the whole subtree was searched to its end": valid at any depth. */
export const EXHAUSTED = 255;
/** The deepest depth an entry records as such (deeper ones are stored as this). */
export const DEEPEST = 254;

/** The hash's low 32 bits, as the check word compares them. */
export const hashLow = (hash: number): number => hash | 0;

/** The hash's high 21 bits (of 53), as word 1 holds them. */
export const hashHigh = (hash: number): number => Math.floor(hash / 0x100000000) & 0x1fffff;

/** Word 1 of an entry: the hash's high bits, the bound and the generation. */
export const packMeta = (hi: number, bound: number, generation: number): number =>
  hi | (bound << 21) | (generation << 23);

/** Word 3 of an entry: the score (24 bits, signed) and the depth (8 bits). */
export const packScore = (score: number, depth: number): number => (score << 8) | depth;

/** The bound of word 1 (`EMPTY` for an empty slot). */
export const boundOf = (meta: number): number => (meta >>> 21) & 3;

/** The generation of word 1: the search that wrote the entry, 0..255. */
export const generationOf = (meta: number): number => meta >>> 23;

/** The score of word 3. */
export const scoreOf = (word: number): number => word >> 8;

/** The depth of word 3. */
export const depthOf = (word: number): number => word & 0xff;

/**
 * The lock-free check: the words of a slot, as read, are one whole entry for the hash whose
 * {@link hashLow} and {@link hashHigh} are `lo` and `hi` (not empty, not torn, not another
 * position's).
 */
export const holds = (
  check: number,
  meta: number,
  move: number,
  word: number,
  lo: number,
  hi: number,
): boolean =>
  boundOf(meta) !== EMPTY && (check ^ meta ^ move ^ word) === lo && (meta & 0x1fffff) === hi;

/** Writes one entry at `slot` (its first word) of `words`, check word first. */
export function writeEntry(
  words: Int32Array,
  slot: number,
  lo: number,
  meta: number,
  move: number,
  word: number,
): void {
  words[slot] = lo ^ meta ^ move ^ word;
  words[slot + 1] = meta;
  words[slot + 2] = move;
  words[slot + 3] = word;
}
