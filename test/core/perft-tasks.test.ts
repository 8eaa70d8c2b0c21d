// perft split into independent tasks (what `boardrules perft --split-depth/--tasks/--workers`
// run): the tasks of every split depth sum exactly to the whole perft.
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { RulesError } from '../../src/core/errors.js';
import { perft, perftTask, perftTasks } from '../../src/core/perft.js';
import { hive } from '../../src/hive/index.js';
import { torres } from '../../src/torres/index.js';
import { tictactoe } from '../support/tictactoe.js';

describe('perftTasks / perftTask', () => {
  const cases = [
    ['hive Base+MLP', hive, hive.start({ type: 'Base+MLP' }), 4],
    ['coerceo laurentius', coerceo, coerceo.start(), 3],
    ['torres 3 players', torres, torres.start({ players: 3, seed: 5 }), 3],
    // Games of tic-tac-toe end from ply 5 on: tasks below a finished game must add nothing.
    ['tic-tac-toe', tictactoe, tictactoe.start(), 7],
  ] as const;
  for (const [label, game, state, depth] of cases) {
    it(`${label}: the tasks of every split depth 0..${depth} sum to perft(${depth})`, () => {
      const g = game as typeof tictactoe;
      const s = state as ReturnType<typeof tictactoe.start>;
      const whole = perft(g, s, depth);
      for (let split = 0; split <= depth; split++) {
        const tasks = perftTasks(g, s, depth, split);
        expect(tasks.every((t) => t.path.length === split && t.depth === depth)).toBe(true);
        const sum = tasks.reduce((n, t) => n + perftTask(g, s, t), 0);
        expect(sum, `split at ${split}`).toBe(whole);
      }
    });
  }

  it('the split is one task per move sequence, in move order', () => {
    const s = hive.start({ type: 'Base' });
    const roots = hive.moves(s).map((m) => hive.formatMove(s, m));
    expect(perftTasks(hive, s, 3, 1).map((t) => t.path)).toEqual(roots.map((m) => [m]));
  });

  it('refuses a split deeper than the perft and a path longer than the depth', () => {
    const s = tictactoe.start();
    expect(() => perftTasks(tictactoe, s, 2, 3)).toThrow(RulesError);
    expect(() => perftTask(tictactoe, s, { path: ['c1', 'c2', 'c3'], depth: 2 })).toThrow(
      RulesError,
    );
    expect(() => perftTask(tictactoe, s, { path: ['c1', 'c1'], depth: 3 })).toThrow(RulesError);
  });
});
