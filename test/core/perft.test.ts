import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { normalizedScore } from '../../src/core/game.js';
import { divide, perft } from '../../src/core/perft.js';
import { randomGame } from '../../src/core/random-game.js';
import { tictactoe } from '../support/tictactoe.js';

// Published counts for tic-tac-toe move sequences (games end at a line or a full board).
const TTT_PERFT = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];

describe('generic perft', () => {
  it('matches the known tic-tac-toe counts on the apply path', () => {
    const s = tictactoe.start();
    for (let d = 0; d <= 6; d++)
      expect(perft(tictactoe, s, d, { path: 'apply' })).toBe(TTT_PERFT[d]);
  });

  it('matches the known tic-tac-toe counts on the fast path, all depths', () => {
    const s = tictactoe.start();
    for (let d = 0; d <= 9; d++) expect(perft(tictactoe, s, d)).toBe(TTT_PERFT[d]);
  });

  it('divide splits the count by first move', () => {
    const parts = divide(tictactoe, tictactoe.start(), 3);
    expect(parts).toHaveLength(9);
    expect(parts.reduce((a, [, n]) => a + n, 0)).toBe(504);
  });

  it('rejects a negative or fractional depth with a RulesError', () => {
    expect(() => perft(tictactoe, tictactoe.start(), -1)).toThrow(RulesError);
    expect(() => perft(tictactoe, tictactoe.start(), 1.5)).toThrow(RulesError);
  });
});

describe('randomGame', () => {
  it('is reproducible from its seed', () => {
    const a = randomGame(tictactoe, undefined, 7);
    const b = randomGame(tictactoe, undefined, 7);
    expect(a.moves).toEqual(b.moves);
    expect(a.finished).toBe(true);
  });

  it('different seeds give different games', () => {
    const games = new Set(
      Array.from({ length: 20 }, (_, i) =>
        JSON.stringify(randomGame(tictactoe, undefined, i).moves),
      ),
    );
    expect(games.size).toBeGreaterThan(10);
  });

  it('keeps every state when asked and respects maxPlies', () => {
    const r = randomGame(tictactoe, undefined, 3, { keepStates: true, maxPlies: 4 });
    expect(r.moves).toHaveLength(4);
    expect(r.states).toHaveLength(5);
    expect(r.finished).toBe(false);
  });
});

describe('normalizedScore', () => {
  it('passes win/loss results through', () => {
    expect(normalizedScore(tictactoe, tictactoe.deserialize('XXXOO....'))).toEqual([1, 0]);
  });

  it('ranks points games, sharing ties', () => {
    const pointsGame = { ...tictactoe, scoring: 'points' as const, score: () => [10, 30, 10, 20] };
    const got = normalizedScore(pointsGame, tictactoe.start());
    for (const [i, want] of [1 / 6, 1, 1 / 6, 2 / 3].entries())
      expect(got[i]).toBeCloseTo(want, 12);
  });
});
