import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { checkConformance, runConformance } from '../support/conformance.js';
import { type TttMove, type TttState, tictactoe } from '../support/tictactoe.js';
import { tricks } from '../support/tricks.js';

/** tic-tac-toe with one thing broken, to prove the suite notices. */
function broken(patch: Partial<Game<TttState, TttMove>>): Game<TttState, TttMove> {
  return { ...tictactoe, ...patch };
}

describe('conformance suite on the toy game', () => {
  runConformance(tictactoe, { runs: 50, maxPlies: 9, endRule: (s) => tictactoe.terminal(s) });

  it('passes on tic-tac-toe without a fast path too', () => {
    const { search: _unused, ...noFastPath } = tictactoe;
    expect(() =>
      checkConformance(noFastPath as Game<TttState, TttMove>, { runs: 10 }),
    ).not.toThrow();
  });

  it('catches an apply that mutates its input', () => {
    const game = broken({
      apply(s, m) {
        const next = tictactoe.apply(s, m);
        (s.cells as number[])[m.cell] = 1; // the bug
        return next;
      },
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/mutat|frozen|read only|read-only/i);
  });

  it('catches a duplicated move', () => {
    const game = broken({
      moves: (s) => [...tictactoe.moves(s), ...tictactoe.moves(s).slice(0, 1)],
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/twice|two moves/);
  });

  it('catches a format/parse round-trip that loses information', () => {
    const game = broken({
      parseMove: (s, t) => ({ cell: (tictactoe.parseMove(s, t).cell + 1) % 9 }),
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/parseMove\(formatMove/);
  });

  it('catches a serialize/deserialize pair that does not round-trip', () => {
    const game = broken({ deserialize: () => tictactoe.start() });
    expect(() => checkConformance(game, { runs: 5, maxPlies: 3 })).toThrow(
      /serialize|deserialized/,
    );
  });

  it('catches terminal() disagreeing with the end rule', () => {
    expect(() =>
      checkConformance(tictactoe, { runs: 20, endRule: (s) => s.cells.every((c) => c !== 0) }),
    ).toThrow(/end rule/);
  });

  it('catches a fast path that lists moves in another order than moves()', () => {
    const game = broken({
      search(s) {
        const pos = tictactoe.search!(s);
        const generate = pos.generate.bind(pos);
        pos.generate = (out, offset) => {
          const n = generate(out, offset);
          out.subarray(offset, offset + n).reverse();
          return n;
        };
        return pos;
      },
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/fast path move/);
  });

  it('catches a count() that disagrees with generate', () => {
    const game = broken({
      search(s) {
        const pos = tictactoe.search!(s);
        const out = new Int32Array(pos.maxMoves);
        pos.count = () => pos.generate(out, 0) + (pos.terminal() ? 0 : 1);
        return pos;
      },
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/count\(\) is/);
  });

  it('catches an incremental hash that differs from a recomputed one', () => {
    const game = broken({
      search(s) {
        const pos = tictactoe.search!(s);
        const play = pos.play.bind(pos);
        const undo = pos.undo.bind(pos);
        const hash = pos.hash.bind(pos);
        let played = 0;
        pos.play = (m) => {
          played++;
          play(m);
        };
        pos.undo = () => {
          played--;
          undo();
        };
        pos.hash = () => hash() ^ (played > 0 ? 1 : 0); // forgets to update one bit
        return pos;
      },
    });
    expect(() => checkConformance(game, { runs: 5 })).toThrow(/incremental hash/);
  });

  it('catches a record that says what start does not do (seats, seed option, rulebook)', () => {
    const wrong = (patch: Partial<Game<TttState, TttMove>>) => () =>
      checkConformance(broken(patch), { runs: 1, maxPlies: 1 });
    expect(wrong({ seats: { min: 2, max: 2 } })).not.toThrow();
    expect(wrong({ seats: { min: 3, max: 4 } })).toThrow(/the start has 2 seats, outside/);
    expect(wrong({ seats: { min: 1, max: 2 } })).toThrow(/without the option that chooses/);
    // tic-tac-toe refuses every option, so no seat count starts through one.
    expect(wrong({ seats: { min: 2, max: 2, option: 'players' } })).toThrow(
      /start\(\{"players":2\}\) throws/,
    );
    expect(wrong({ seedOption: 'seed' })).toThrow(/seed/);
    expect(wrong({ rulebook: { prefix: 'ttt', page: 'Tic Tac Toe' } })).toThrow(/rulebook/);
    expect(wrong({ rulebook: { prefix: 'X', page: 'tictactoe' } })).not.toThrow();
  });

  it('passes a record whose seed option decides the deal (tricks)', () => {
    expect(() => checkConformance(tricks, { runs: 1, maxPlies: 3 })).not.toThrow();
    // The same game with a seed option that decides nothing.
    const deaf = { ...tricks, start: () => tricks.start({ seed: 1 }) };
    expect(() => checkConformance(deaf, { runs: 1, maxPlies: 3 })).toThrow(/decides nothing/);
  });

  it('catches a score with the wrong number of entries', () => {
    const game = broken({ score: () => [0.5] });
    expect(() => checkConformance(game, { runs: 2 })).toThrow(/score has 1 entries/);
  });
});
