// States of several games and several trees of each, used in turn in one process: every state
// keeps answering as itself however the positions behind the trees have been moved since. The
// states come from every way a state is made (start, deserialize, a caller's JSON copy, apply,
// a search position's state()), and each visit compares the state with a fresh read of the text
// it had when it was made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import type { Game } from '../../src/core/game.js';
import { hive } from '../../src/hive/index.js';
import { torres } from '../../src/torres/index.js';

// biome-ignore lint/suspicious/noExplicitAny: three games of different state types
type AnyGame = Game<any, any, any>;

interface Entry {
  readonly game: AnyGame;
  readonly state: unknown;
  readonly text: string;
}

const describeMoves = (game: AnyGame, state: unknown): string =>
  game
    .moves(state)
    .map((m: unknown) => game.formatMove(state, m))
    .join(' ');

/** The roots: each game started twice, a played game read back, and a caller's JSON copy. */
function roots(): Entry[] {
  const out: Entry[] = [];
  const starts: [AnyGame, object][] = [
    [hive, {}],
    [hive, { type: 'Base+MLP' }],
    [coerceo, {}],
    [coerceo, { variant: 'ocius' }],
    [torres, { players: 3, seed: 5 }],
    [torres, { players: 2, seed: 9, deckMode: 'draft' }],
  ];
  for (const [game, options] of starts) {
    let s = game.start(options);
    out.push({ game, state: s, text: game.serialize(s) });
    for (let i = 0; i < 12 && !game.terminal(s); i++) {
      const ms = game.moves(s);
      s = game.apply(s, ms[(i * 5) % ms.length]);
    }
    const text = game.serialize(s);
    out.push({ game, state: game.deserialize(text), text });
    out.push({ game, state: JSON.parse(JSON.stringify(s)), text });
  }
  return out;
}

describe('many states of many games used in turn', () => {
  it('every state answers as itself, whatever was asked of the others in between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.nat(5), fc.nat()), { minLength: 20, maxLength: 120 }),
        (steps) => {
          const pool = roots();
          for (const [pick, op, k] of steps) {
            const e = pool[pick % pool.length] as Entry;
            const { game, state, text } = e;
            const fresh = game.deserialize(text);
            expect(game.serialize(state)).toBe(text);
            if (game.terminal(fresh)) continue;
            const moves = game.moves(state);
            switch (op) {
              case 0:
                expect(describeMoves(game, state)).toBe(describeMoves(game, fresh));
                break;
              case 1:
              case 2: {
                const next = game.apply(state, moves[k % moves.length]);
                pool.push({ game, state: next, text: game.serialize(next) });
                break;
              }
              case 3: {
                const m = moves[k % moves.length];
                expect(game.explain?.(state, m)).toEqual(game.explain?.(fresh, m));
                break;
              }
              case 4: {
                // A search position, played one move on, gives its state back.
                const pos = game.search?.(state);
                if (pos === undefined) break;
                const buf = new Int32Array(pos.maxMoves);
                const n = pos.generate(buf, 0);
                pos.play(buf[k % n] as number);
                const back = pos.state();
                pool.push({ game, state: back, text: game.serialize(back) });
                break;
              }
              default: {
                expect(game.toMove(state)).toBe(game.toMove(fresh));
                expect(game.score(state)).toEqual(game.score(fresh));
              }
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
