import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { mctsBot } from '../../src/search/mcts.js';
import { type DeckMode, determinize, type TorresState, torres } from '../../src/torres/index.js';

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
            const d = determinize(o, seat, rng);
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

  it('lets the generic MCTS bot play Torres with hidden cards', () => {
    const s = randomGame(torres, { players: 3, seed: 2 }, 2, { maxPlies: 40 }).final;
    const bot = mctsBot(torres, { seed: 3, determinize });
    const m = bot.choose(torres.observe(s, torres.toMove(s)), { iterations: 30 });
    expect(torres.moves(s).map((x) => JSON.stringify(x))).toContain(JSON.stringify(m));
  });
});
