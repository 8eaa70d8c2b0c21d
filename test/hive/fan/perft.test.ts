/**
 * Perft from the start for fan rosters (H-FAN). The numbers in fixtures/hive/fan-perft.json are
 * the library's own regression values: no other engine implements fan bugs, so they only detect
 * unintended changes. A few depth-5 differences from the official tables are derived by hand
 * below, which checks those depths independently of the engine.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perft } from '../../../src/core/perft.js';
import { hive } from '../../../src/hive/index.js';

interface FanPerft {
  readonly note: string;
  readonly rosters: readonly {
    readonly type: string;
    /** Depths 0..applyDepth are also counted through the immutable moves/apply path. */
    readonly applyDepth: number;
    /** perft(0), perft(1), ... from the start position with default options. */
    readonly perft: readonly number[];
  }[];
}

const FIXTURE = JSON.parse(
  readFileSync(new URL('../../fixtures/hive/fan-perft.json', import.meta.url), 'utf8'),
) as FanPerft;

/** Official perft from the start (H-PERFT-3, Mzinga's tables), for comparison. */
const OFFICIAL_5: Record<string, number> = {
  Base: 516240,
  'Base+M': 1252800,
  'Base+L': 1252800,
  'Base+MP': 2730888,
};

const start = (type: string) => hive.start({ type: type as never });

describe('H-FAN perft regression (library values, not an external reference)', () => {
  it('the fixture says what it is and covers every fan letter', () => {
    expect(FIXTURE.note).toMatch(/regression/);
    expect(FIXTURE.note).toMatch(/not an external reference/i);
    const letters = new Set(FIXTURE.rosters.flatMap((r) => [...(r.type.split(':w')[1] ?? '')]));
    for (const x of 'TFKWRDC') expect(letters).toContain(x);
  });

  for (const { type, perft: counts, applyDepth } of FIXTURE.rosters) {
    it(`H-FAN perft regression: ${type} depths 0-${counts.length - 1}`, () => {
      const s = start(type);
      expect(s.type).toBe(type);
      expect(counts.map((_, d) => perft(hive, s, d))).toEqual(counts);
    });

    it(`H-FAN perft regression: ${type} apply path agrees to depth ${applyDepth}`, () => {
      const s = start(type);
      const got = counts
        .slice(0, applyDepth + 1)
        .map((_, d) => perft(hive, s, d, { path: 'apply' }));
      expect(got).toEqual(counts.slice(0, applyDepth + 1));
    });
  }

  it('H-PERFT-3: official perft from the start is unchanged: Base+MLP depth 4 = 151686 (also via an empty roster)', () => {
    expect(perft(hive, hive.start({ type: 'Base+MLP' }), 4)).toBe(151686);
    expect(perft(hive, hive.start({ type: 'Base+MLP:w:b' }), 4)).toBe(151686);
    expect(perft(hive, hive.start({ type: 'Base+MLP', roster: { w: {}, b: {} } }), 4)).toBe(151686);
    expect(perft(hive, hive.start({ type: 'Base' }), 5)).toBe(OFFICIAL_5.Base);
  });

  it('H-FAN perft, derived by hand: depth 5 differs from the official table only where ply 4 can use a fan move', () => {
    const at = (type: string, d: number) =>
      FIXTURE.rosters.find((r) => r.type === type)?.perft[d] as number;
    // Depth 5 counts White's 3rd ply. Movement needs the Queen placed on ply 2 (H-PLACE-5 keeps
    // it off ply 0); then White's first piece X touches Black's first piece Y and the Queen,
    // which touch nothing else, so X is pinned, and Y is pinned by Black's 2nd piece Z. A pinned
    // Dragonfly, Cockroach or Wasp has no move, exactly like the pinned official piece it replaces.
    expect(at('Base+M:wD:b', 5)).toBe(OFFICIAL_5['Base+M']);
    expect(at('Base+L:wR:bK2R', 5)).toBe(OFFICIAL_5['Base+L']);
    expect(at('Base:wW3:bF3', 5)).toBe(OFFICIAL_5.Base);
    // Placements only up to depth 4: a roster with as many kinds per side as the official type
    // has the official counts.
    expect(at('Base:wT2F3K2W3:bT2F3K2W3', 4)).toBe(21600);
    expect(at('Base+MP:wDC:bT2', 4)).toBe(86400);
    // All tiles turned in Base: a pinned Mantis MAY grab (H-FAN-MANTIS-e) its own Queen (alone,
    // unfrozen, both flanks empty): one extra move in each position X = wT1, Q on ply 2. Y: 4
    // kinds x 6 hexes; Q: 3 hexes away from Y; Z: 5 kinds (Queen included) x 3 hexes.
    expect(at('Base:wT2F3K2W3:bT2F3K2W3', 5) - OFFICIAL_5.Base).toBe(24 * 3 * 15);
    // Base+MP with wD, wC and bT2. Official: a pinned wP throws wQ to 4 hexes, 2 of them new
    // (the other 2 are wQ's own slides); a pinned wM does the same when Y = bP. Fan: a pinned wC
    // swaps with wQ, and with Y unless Y = bP (H-FAN-CENTIPEDE-2/c); a pinned wD has no move.
    // Positions: Y 6 hexes x Q 3 hexes x Z 3 hexes x Z kinds (7, or 6 when Y is M or P).
    const hexes = 6 * 3 * 3;
    const officialExtra = hexes * 2 * (4 * 7 + 2 * 6) + hexes * 2 * 6;
    const fanExtra = hexes * (2 * (4 * 7 + 6) + 1 * 6);
    expect(at('Base+MP:wDC:bT2', 5) - OFFICIAL_5['Base+MP']).toBe(fanExtra - officialExtra);
  });
});
