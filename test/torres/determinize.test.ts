import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { mctsBot } from '../../src/search/mcts.js';
import { type DeckMode, type TorresState, torres } from '../../src/torres/index.js';

describe('determinization for bots (T-OBS-2)', () => {
  it('T-OBS-2: determinize(observe(s, seat)) is a valid state that the seat cannot tell from s', () => {
    const rng = new Rng(5);
    let filled = 0;
    for (const deckMode of ['shared', 'perColour', 'draft', 'masterHand'] as DeckMode[]) {
      for (let seed = 1; seed <= 3; seed++) {
        const g = randomGame(torres, { players: 2 + (seed % 3), seed, deckMode }, seed, {
          maxPlies: 3000,
          keepStates: true,
        });
        for (let i = 0; i < g.states.length; i += 9) {
          const s = g.states[i] as TorresState;
          for (let seat = 0; seat < s.options.players; seat++) {
            const o = torres.observe(s, seat);
            const d = torres.determinize(o, seat, rng);
            expect(torres.serialize(torres.observe(d, seat))).toBe(torres.serialize(o));
            expect(JSON.stringify(d)).not.toContain('"?"');
            expect(torres.serialize(torres.deserialize(torres.serialize(d)))).toBe(
              torres.serialize(d),
            );
            if (!torres.terminal(s) && torres.toMove(s) === seat)
              expect(torres.moves(d)).toEqual(torres.moves(s));
            if (JSON.stringify(o).includes('"?"')) filled++;
          }
        }
      }
    }
    expect(filled).toBeGreaterThan(50);
  });

  it('T-OBS-2: with seat −1, a start state as no seat sees it is dealt afresh from any random source', () => {
    for (const deckMode of ['shared', 'perColour', 'draft'] as DeckMode[]) {
      const start = torres.start({ players: 3, seed: 8, deckMode });
      const view = torres.observe(start, -1);
      const counted = (s: TorresState) =>
        [...s.deck, ...s.seats.flatMap((p) => [...p.hand, ...p.deck])].sort().join(',');
      // A source that is not an Rng: what a server passes (here, a second seeded stream).
      const other = new Rng(99);
      const source = { int: (n: number) => other.int(n) };
      const a = torres.determinize(view, -1, source);
      const b = torres.determinize(view, -1, new Rng(100));
      expect(torres.serialize(torres.observe(a, -1))).toBe(torres.serialize(view));
      // Every card is dealt, the same cards as the seeded deal, in another order.
      expect(counted(a)).toBe(counted(start));
      expect(counted(a)).not.toContain('?');
      expect(JSON.stringify([a.deck, a.seats])).not.toBe(JSON.stringify([b.deck, b.seats]));
      // The deal follows from no seed: the dealt state keeps the view's placeholders.
      expect(a.options.seed).toBeNull();
      expect(a.rng).toEqual([0, 0, 0, 0]);
      expect(torres.moves(a)).toEqual(torres.moves(start));
    }
  });

  it('lets the generic MCTS bot play Torres with hidden cards', () => {
    const s = randomGame(torres, { players: 3, seed: 2 }, 2, { maxPlies: 40 }).final;
    const bot = mctsBot(torres, { seed: 3, determinize: torres.determinize });
    const m = bot.choose(torres.observe(s, torres.toMove(s)), { iterations: 30 });
    expect(torres.moves(s).map((x) => JSON.stringify(x))).toContain(JSON.stringify(m));
  });
});
