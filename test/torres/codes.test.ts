// Move codes ↔ move objects (src/torres/engine/codes.ts): `decode` hands out one frozen object per code
// (`moves` relies on it being a lookup), and `encode` takes it back to the same code.
import { describe, expect, it } from 'vitest';
import { code, decode, encode, kindOf } from '../../src/torres/engine/codes.js';
import { K_BLOCK, K_PLAY } from '../../src/torres/engine/constants.js';
import { torres } from '../../src/torres/index.js';

describe('Torres move codes', () => {
  it('one frozen object per code, small codes and card plays alike, each encoding back to its code', () => {
    const buf = new Int32Array(8192);
    const seen = new Map<number, unknown>();
    let plays = 0;
    for (let g = 0; g < 6; g++) {
      const pos = torres.search(torres.start({ players: 4, seed: 500 + g }));
      let pick = g;
      while (!pos.terminal()) {
        const n = pos.generate(buf, 0);
        for (let i = 0; i < n; i++) {
          const c = buf[i] as number;
          const move = decode(c);
          expect(Object.isFrozen(move)).toBe(true);
          expect(encode(move)).toBe(c);
          if (seen.has(c)) expect(move).toBe(seen.get(c));
          else seen.set(c, move);
          if (kindOf(c) === K_PLAY) plays++;
        }
        pick = (pick * 1103515245 + 12345) >>> 0;
        pos.play(buf[pick % n] as number);
      }
    }
    // Both tables are exercised: codes with a card field (≥ 2^16) and plain ones.
    expect(plays).toBeGreaterThan(0);
    expect([...seen.keys()].some((c) => c >= 1 << 16)).toBe(true);
    expect([...seen.keys()].some((c) => c < 1 << 16)).toBe(true);
  });

  it('a code with stray bits decodes to the move its fields name, which encodes to its own code', () => {
    const stray = code(K_BLOCK, 5, 9, 0, 0); // a block has no from square
    const canonical = code(K_BLOCK, 0, 9, 0, 0);
    expect(decode(stray)).toEqual(decode(canonical));
    expect(encode(decode(stray))).toBe(canonical);
  });
});
