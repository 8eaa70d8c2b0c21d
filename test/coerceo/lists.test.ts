// `moves` hands out one frozen list per generator input (src/coerceo/engine/lists.ts): states that
// differ only where the list cannot tell must share it, and states that differ anywhere the list
// depends on — the opponent's pieces when an exchange is affordable, the held tiles, the side
// to move — must never be handed another state's list.
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import type { CoerceoState } from '../../src/coerceo/types.js';

/** The legal moves of `state` from a search position of its own (no list shared). */
function fresh(state: CoerceoState): string[] {
  // `search` is optional in the generic `Game` type; Coerceo has it.
  const pos = coerceo.search(state);
  const buf = new Int32Array(pos.maxMoves);
  const n = pos.generate(buf, 0);
  return Array.from(buf.subarray(0, n), (c) => JSON.stringify(pos.decode(c)));
}

const listed = (state: CoerceoState): string[] =>
  coerceo.moves(state).map((m) => JSON.stringify(m));

/** Laurentius with two tiles taken off (so White may hold two), White to move. */
const BOARD = '-,cf,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/-,cf,df';
const at = (board: string, rest: string): CoerceoState =>
  coerceo.start({ position: `${board} ${rest}` });

/** The board with one letter taken out of one tile token, for every letter that parses. */
function withOnePieceLess(board: string): string[] {
  const out: string[] = [];
  const files = board.split('/').map((f) => f.split(','));
  files.forEach((tiles, fi) => {
    tiles.forEach((tile, ti) => {
      if (tile === '-' || tile === '.') return;
      for (const letter of tile) {
        const copy = files.map((f) => [...f]);
        (copy[fi] as string[])[ti] = tile.replace(letter, '') || '.';
        out.push(copy.map((f) => f.join(',')).join('/'));
      }
    });
  });
  return out;
}

describe('Coerceo move lists shared between states', () => {
  it('C-MOVE-2, C-EXCHANGE-1: states with the same mover pieces but other opponent pieces, held tiles or side never get each other’s list', () => {
    const base = at(BOARD, 'w 2/0 C2');
    const variants: CoerceoState[] = [at(BOARD, 'w 1/0 C2'), at(BOARD, 'b 0/2 C2')];
    for (const board of withOnePieceLess(BOARD)) {
      for (const rest of ['w 2/0 C2', 'b 0/2 C2']) {
        try {
          variants.push(at(board, rest));
        } catch {
          // a removal that leaves an invalid position (e.g. a game already over) is skipped
        }
      }
    }
    let sameMover = 0;
    for (const v of variants) {
      expect(listed(base)).toEqual(fresh(base)); // the base's list is the one remembered
      expect(listed(v)).toEqual(fresh(v));
      if (v.side === 0 && v.pieces[0] === base.pieces[0] && v.pieces[1] === base.pieces[1]) {
        sameMover++;
      }
    }
    // Black pieces taken from both piece words while White's stay: both halves of the key.
    const blackLo = new Set(variants.filter((v) => v.side === 0).map((v) => v.pieces[2]));
    const blackHi = new Set(variants.filter((v) => v.side === 0).map((v) => v.pieces[3]));
    expect(sameMover).toBeGreaterThan(10);
    expect(blackLo.size).toBeGreaterThan(2);
    expect(blackHi.size).toBeGreaterThan(2);
  });

  it('C-MOVE-2: White and Black with the same piece words (mirrored fields) get their own lists', () => {
    // Each tile holds a and b: White's and Black's colour indices, hence words, are equal.
    const board = 'ab,ab,ab/ab,ab,ab,ab/ab,ab,.,ab,ab/ab,ab,ab,ab/ab,ab,ab';
    const white = at(board, 'w 0/0 C2');
    const black = at(board, 'b 0/0 C2');
    expect(white.pieces.slice(0, 2)).toEqual(black.pieces.slice(2, 4));
    for (const s of [white, black, white]) expect(listed(s)).toEqual(fresh(s));
  });

  it('C-MOVE-2: states that differ only in the opponent’s pieces share one frozen list when no exchange is affordable', () => {
    const a = at(BOARD, 'w 0/2 C2');
    const b = at(BOARD.replace('/-,cf,df', '/-,cf,d'), 'w 0/2 C2');
    expect(a.pieces[0]).toBe(b.pieces[0]);
    expect(coerceo.moves(b)).toBe(coerceo.moves(a));
    expect(Object.isFrozen(coerceo.moves(a))).toBe(true);
  });
});
