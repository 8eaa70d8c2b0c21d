import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { RandomStream } from '../../src/core/stream.js';
import { playGame } from '../../src/search/match.js';
import { mctsBot } from '../../src/search/mcts.js';
import { randomBot } from '../../src/search/random.js';
import { connect4 } from '../support/connect4.js';
import { determinizeTricks, tricks } from '../support/tricks.js';

describe('random bot and random stream', () => {
  it('RandomStream draws exactly what core Rng draws from the same seed', () => {
    for (const seed of [0, 1, 42, 0xdeadbeef, -7]) {
      const a = new Rng(seed);
      const b = new RandomStream(seed);
      for (let i = 0; i < 200; i++) {
        expect(b.uint32()).toBe(a.uint32());
        expect(b.int(7 + i)).toBe(a.int(7 + i));
        expect(b.float()).toBe(a.float());
      }
      expect(b.state).toEqual(a.state);
    }
  });

  it('plays legal moves and replays the same game from the same seeds', () => {
    const run = () => playGame(connect4, [randomBot(connect4, 3), randomBot(connect4, 4)]);
    const a = run();
    const b = run();
    expect(a.finished).toBe(true);
    expect(b.moves).toEqual(a.moves);
    // Different seeds give a different game (with overwhelming probability, fixed here).
    const c = playGame(connect4, [randomBot(connect4, 5), randomBot(connect4, 6)]);
    expect(c.moves).not.toEqual(a.moves);
  });

  it('reset restarts the stream; the k-th choice is the k-th draw of Rng(seed)', () => {
    const bot = randomBot(connect4, 8);
    const s = connect4.start();
    const first = [0, 1, 2, 3].map(() => bot.choose(s));
    bot.reset();
    expect([0, 1, 2, 3].map(() => bot.choose(s))).toEqual(first);
    const rng = new Rng(8);
    expect(first.map((m) => m.col)).toEqual([0, 1, 2, 3].map(() => rng.int(7)));
  });

  it('plays a 3-player hidden-information game to its end alongside MCTS', () => {
    const bots = [
      randomBot(tricks, 1),
      mctsBot(tricks, { seed: 1, determinize: determinizeTricks }),
      randomBot(tricks, 2),
    ];
    const rec = playGame(tricks, bots, {
      start: tricks.start({ seed: 4 }),
      limits: { iterations: 50 },
    });
    expect(rec.finished).toBe(true);
    expect(rec.moves.length).toBe(24);
    expect(rec.result.length).toBe(3);
  });

  it('playGame checks the number of bots and stops at maxPlies', () => {
    expect(() => playGame(connect4, [randomBot(connect4, 1)])).toThrow(/2 seats, got 1 bots/);
    const cut = playGame(connect4, [randomBot(connect4, 1), randomBot(connect4, 2)], {
      maxPlies: 5,
    });
    expect(cut.moves.length).toBe(5);
    expect(cut.finished).toBe(false);
    expect(cut.result).toEqual([0.5, 0.5]);
  });
});
