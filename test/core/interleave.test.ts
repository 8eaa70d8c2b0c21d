// States of several games and several trees of each, used in turn in one process: every state
// keeps answering as itself however the positions behind the trees have been moved since. The
// states come from every way a state is made (start, deserialize, a caller's JSON copy, apply,
// a search position's state(), and Torres' observations and determinized samples), and each
// visit compares the state with a fresh read of the text it had when it was made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { RulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { hive } from '../../src/hive/index.js';
import {
  blockPlacements,
  projectedScores,
  type TorresState,
  torres,
} from '../../src/torres/index.js';

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

/** Runs `f`: true if it was refused with `HIDDEN_INFORMATION`, false if it returned. */
function hiddenFromSeat(f: () => unknown): boolean {
  try {
    f();
    return false;
  } catch (e) {
    if (e instanceof RulesError && e.code === 'HIDDEN_INFORMATION') return true;
    throw e;
  }
}

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
    if (game === torres) {
      // What a seat sees, and a full state dealt from it: roots of trees of their own, which
      // must never reach the tree (or the hidden cards) of the state they were made from.
      const seen = torres.observe(s, 1);
      const dealt = torres.determinize(seen, 1, new Rng(3));
      for (const t of [seen, dealt]) out.push({ game, state: t, text: game.serialize(t) });
    }
  }
  return out;
}

/** What `f` returns, or `undefined` when it refuses with `HIDDEN_INFORMATION`. */
function hidden<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof RulesError && e.code === 'HIDDEN_INFORMATION') return undefined;
    throw e;
  }
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
                if (game === torres) {
                  // Queries read the tree's position too (projectedScores on a copy of it).
                  const t = state as TorresState;
                  expect(projectedScores(t)).toEqual(projectedScores(fresh));
                  expect(blockPlacements(t)).toEqual(blockPlacements(fresh));
                }
                break;
              case 1:
              case 2: {
                const m = moves[k % moves.length];
                // An observation refuses a move whose outcome it hides (a buy from a hidden
                // deck), and so must the fresh read of its text.
                const next = hidden(() => game.apply(state, m));
                expect(hidden(() => game.apply(fresh, m)) === undefined).toBe(next === undefined);
                if (next !== undefined)
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
                if (hidden(() => pos.play(buf[k % n] as number)) === undefined) break;
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

  it('a search position held across calls on other trees and games plays on as its own copy', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.nat()), { minLength: 20, maxLength: 100 }),
        (steps) => {
          const pool = roots();
          // Each held search position beside the immutable state it should show: the bridge
          // hands out positions that belong to a tree, and a search position is a copy that
          // belongs to nobody, so no call on any state may move it.
          const held: {
            game: AnyGame;
            pos: NonNullable<ReturnType<NonNullable<AnyGame['search']>>>;
            state: unknown;
          }[] = [];
          for (const [pick, op, k] of steps) {
            if (op === 0 || held.length === 0) {
              const { game, state } = pool[pick % pool.length] as Entry;
              const pos = game.search?.(state);
              if (pos !== undefined) held.push({ game, pos, state });
              continue;
            }
            const h = held[pick % held.length] as (typeof held)[number];
            const { game } = h;
            if (op === 1 && !game.terminal(h.state)) {
              // Play one move on the held position and the same move on the state: both agree.
              const buf = new Int32Array(h.pos.maxMoves);
              const n = h.pos.generate(buf, 0);
              const code = buf[k % n] as number;
              const move = h.pos.decode(code);
              // From a seat's view, a move that would show what the seat cannot see (a Torres
              // card drawn from a hidden deck) is refused, by the state and by its position alike,
              // and changes neither.
              let next: unknown;
              if (hiddenFromSeat(() => (next = game.apply(h.state, move)))) {
                expect(hiddenFromSeat(() => h.pos.play(code))).toBe(true);
              } else {
                h.pos.play(code);
                h.state = next;
              }
              // Meanwhile, another tree of the pool takes a step too.
              const other = pool[k % pool.length] as Entry;
              if (!other.game.terminal(other.state)) {
                const ms = other.game.moves(other.state);
                let after: unknown;
                if (
                  !hiddenFromSeat(() => (after = other.game.apply(other.state, ms[k % ms.length])))
                ) {
                  pool.push({ ...other, state: after });
                }
              }
            }
            expect(game.serialize(h.pos.state())).toBe(game.serialize(h.state));
            expect(h.pos.toMove()).toBe(game.toMove(h.state));
            // A seat's view of the state a held position shows equals the view of a fresh read.
            if (game.observe !== undefined) {
              const seat = k % game.score(h.state).length;
              const fresh = game.deserialize(game.serialize(h.state));
              expect(game.serialize(game.observe(h.pos.state(), seat))).toBe(
                game.serialize(game.observe(fresh, seat)),
              );
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
