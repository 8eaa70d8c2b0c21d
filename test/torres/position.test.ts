// The fast Position keeps what the heights imply (castles, door reach, block squares) in caches
// of its own, keyed by stamps of its heights (src/torres/engine/position.ts). These tests play
// several positions step by step in turn, so a cache that answered for the wrong board (another
// position's, or an older one of its own) would show up as a move list that differs from a
// position decoded afresh from the same state.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { torres } from '../../src/torres/index.js';
import type { TorresOptions } from '../../src/torres/options.js';

/** The legal moves of the position's state, from a position decoded from its saved text. */
function freshMoves(state: unknown): string[] {
  const decoded = torres.deserialize(torres.serialize(state as never));
  return torres.moves(decoded).map((m) => torres.formatMove(decoded, m));
}

/** The legal moves the live position generates, as text. */
function liveMoves(pos: ReturnType<typeof torres.search>, buf: Int32Array): string[] {
  const n = pos.generate(buf, 0);
  const state = pos.state() as never;
  return Array.from(buf.subarray(0, n), (c) => torres.formatMove(state, pos.decode(c)));
}

const GAMES: Partial<TorresOptions>[] = [
  { players: 4, seed: 11 },
  { players: 2, seed: 12, version: 'master' },
  { players: 3, seed: 13, deckMode: 'draft' },
];

describe('Torres fast position: the caches of what the heights imply', () => {
  it('T-DOOR-2, T-BLOCK-2/3, T-GEO-4: positions played in turn never see each other’s castles, doors or block squares', () => {
    const buf = new Int32Array(torres.search(torres.start(GAMES[0])).maxMoves);
    const positions = GAMES.map((o) => torres.search(torres.start(o)));
    const rng = new Rng(99);
    let compared = 0;
    for (let ply = 0; ply < 160; ply++) {
      for (const pos of positions) {
        if (pos.terminal()) continue;
        const live = liveMoves(pos, buf);
        expect(live, `ply ${ply}`).toEqual(freshMoves(pos.state()));
        compared++;
        const n = pos.generate(buf, 0);
        // Now and then play a move and take it back first, so undo's restored heights are
        // checked against the caches too.
        if (rng.int(4) === 0) {
          pos.play(buf[rng.int(n)]!);
          pos.undo();
          expect(liveMoves(pos, buf), `ply ${ply} after undo`).toEqual(live);
        }
        pos.play(buf[rng.int(n)]!);
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('a clone and its original played apart keep their own boards (T-DOOR-2)', () => {
    const buf = new Int32Array(4096);
    const a = torres.search(torres.start({ players: 2, seed: 5 }));
    const rng = new Rng(3);
    for (let i = 0; i < 40 && !a.terminal(); i++) a.play(buf[rng.int(a.generate(buf, 0))]!);
    const b = torres.search(a.state() as never);
    for (let i = 0; i < 60 && !a.terminal() && !b.terminal(); i++) {
      a.play(buf[rng.int(a.generate(buf, 0))]!);
      expect(liveMoves(b, buf)).toEqual(freshMoves(b.state()));
      b.play(buf[rng.int(b.generate(buf, 0))]!);
      expect(liveMoves(a, buf)).toEqual(freshMoves(a.state()));
    }
  });
});
