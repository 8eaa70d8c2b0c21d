import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perftPosition } from '../../src/core/perft.js';
import { generate, MAX_MOVES } from '../../src/hive/engine/moves.js';
import { formatGameString, parseGameString } from '../../src/hive/game-string.js';
import { formatMoveCode, parseMoveCode, stateStringOf } from '../../src/hive/notation.js';
import { livePosition, searchPositionOf } from '../../src/hive/state.js';

interface Vector {
  type: string;
  game: string;
  ply: number;
  state: string;
  validmoves: string[];
  perft?: Record<string, number>;
}

const vectors: Vector[] = readFileSync(
  new URL('../fixtures/hive/mzinga-positions.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Vector);

describe('Mzinga reference positions (test/fixtures/hive)', () => {
  it('has all 1,589 positions', () => {
    expect(vectors.length).toBe(1589);
  });

  const types = [...new Set(vectors.map((v) => v.type))];
  for (const type of types) {
    it(`${type}: state, legal move set and perft(1..3) equal the reference`, () => {
      const buf = new Int32Array(MAX_MOVES);
      vectors.forEach((v, index) => {
        if (v.type !== type) return;
        const where = `vector line ${index + 1}`;
        const s = parseGameString(v.game);
        const pos = livePosition(s);
        expect(stateStringOf(pos), where).toBe(v.state);
        expect(pos.ply, where).toBe(v.ply);
        const n = generate(pos, buf, 0);
        const mine = Array.from(buf.subarray(0, n));
        const ref = v.validmoves.map((t) => parseMoveCode(pos, t).move);
        const fmt = (ms: number[]) => ms.map((m) => formatMoveCode(pos, m)).sort();
        expect(new Set(mine).size, where).toBe(n);
        expect(fmt(mine), where).toEqual(fmt(ref));
        if (!v.perft) return;
        const sp = searchPositionOf(s);
        expect(perftPosition(sp, 1), where).toBe(v.perft['1']);
        expect(perftPosition(sp, 2), where).toBe(v.perft['2']);
        expect(perftPosition(sp, 3), where).toBe(v.perft['3']);
      });
    });
  }

  it("H-UHP-5: canonical MoveStrings are byte-identical to the reference engine's validmoves", () => {
    const buf = new Int32Array(MAX_MOVES);
    vectors.forEach((v, index) => {
      const pos = livePosition(parseGameString(v.game));
      const n = generate(pos, buf, 0);
      const mine = Array.from(buf.subarray(0, n), (m) => formatMoveCode(pos, m)).sort();
      expect(mine, `vector line ${index + 1}`).toEqual([...v.validmoves].sort());
    });
  });

  it('every reference GameString reloads to itself (H-UHP-8: history kept as given)', () => {
    for (const v of vectors)
      expect(formatGameString(parseGameString(v.game), { uhp: true })).toBe(v.game);
  });
});
