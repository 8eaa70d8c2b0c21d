// The transposition-table entry codec (src/search/table-entry.ts) that the bots' own tables and
// the shared table both use: what is packed is what is read back, and the check refuses every
// entry that is not whole and of the position asked for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundOf,
  DEEPEST,
  depthOf,
  EMPTY,
  ENTRY_WORDS,
  EXACT,
  EXHAUSTED,
  generationOf,
  hashHigh,
  hashLow,
  holds,
  LOWER,
  packMeta,
  packScore,
  scoreOf,
  UPPER,
  writeEntry,
} from '../../src/search/table-entry.js';

/** The words of `slot` as a probe reads them: check, meta, move, score-and-depth. */
const read = (words: Int32Array, slot: number) =>
  [words[slot], words[slot + 1], words[slot + 2], words[slot + 3]] as [
    number,
    number,
    number,
    number,
  ];

const hash53 = fc.bigInt({ min: 0n, max: (1n << 53n) - 1n }).map(Number);
const entry = fc.record({
  hash: hash53,
  bound: fc.constantFrom(EXACT, LOWER, UPPER),
  generation: fc.integer({ min: 0, max: 255 }),
  move: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  // Scores fit in 24 bits: a won position is worth 1,000,000 at most.
  score: fc.integer({ min: -1_000_250, max: 1_000_250 }),
  depth: fc.oneof(fc.integer({ min: 0, max: DEEPEST }), fc.constant(EXHAUSTED)),
});

describe('table entry codec', () => {
  it('splits a 53-bit hash into the low 32 bits and the high 21', () => {
    const h = 0x1f_ffff_ffff_ffff; // 2^53 - 1
    expect(hashLow(h)).toBe(-1);
    expect(hashHigh(h)).toBe(0x1fffff);
    expect(hashLow(2 ** 32 + 5)).toBe(5);
    expect(hashHigh(2 ** 32 + 5)).toBe(1);
  });

  it('reads back what it wrote, and the entry holds its own position only', () => {
    fc.assert(
      fc.property(entry, hash53, (e, other) => {
        const words = new Int32Array(3 * ENTRY_WORDS);
        const slot = ENTRY_WORDS;
        const meta = packMeta(hashHigh(e.hash), e.bound, e.generation);
        writeEntry(words, slot, hashLow(e.hash), meta, e.move, packScore(e.score, e.depth));
        const [check, m, move, word] = read(words, slot);
        expect(boundOf(m)).toBe(e.bound);
        expect(generationOf(m)).toBe(e.generation);
        expect(move).toBe(e.move);
        expect(scoreOf(word)).toBe(e.score);
        expect(depthOf(word)).toBe(e.depth);
        expect(holds(check, m, move, word, hashLow(e.hash), hashHigh(e.hash))).toBe(true);
        const same = hashLow(other) === hashLow(e.hash) && hashHigh(other) === hashHigh(e.hash);
        expect(holds(check, m, move, word, hashLow(other), hashHigh(other))).toBe(same);
        // The neighbours are untouched.
        expect(words.subarray(0, slot).every((w) => w === 0)).toBe(true);
        expect(words.subarray(slot + ENTRY_WORDS).every((w) => w === 0)).toBe(true);
      }),
    );
  });

  it('refuses an empty slot and an entry torn by another write (any word of it)', () => {
    fc.assert(
      fc.property(entry, entry, fc.integer({ min: 1, max: 3 }), (a, b, torn) => {
        const words = new Int32Array(ENTRY_WORDS);
        const lo = hashLow(a.hash);
        const hi = hashHigh(a.hash);
        expect(holds(...read(words, 0), lo, hi)).toBe(false);
        expect(boundOf(words[1] as number)).toBe(EMPTY);
        writeEntry(
          words,
          0,
          lo,
          packMeta(hi, a.bound, a.generation),
          a.move,
          packScore(a.score, a.depth),
        );
        // Word `torn` from a write of another entry for the same position.
        const other = [0, packMeta(hi, b.bound, b.generation), b.move, packScore(b.score, b.depth)];
        const was = words[torn] as number;
        words[torn] = other[torn] as number;
        expect(holds(...read(words, 0), lo, hi)).toBe(words[torn] === was);
      }),
    );
  });
});
