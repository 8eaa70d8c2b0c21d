import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { playGame } from '../../src/search/match.js';
import { mctsBot } from '../../src/search/mcts.js';
import { randomBot } from '../../src/search/random.js';
import type { Bot } from '../../src/search/types.js';
import { connect4 } from '../support/connect4.js';
import { nim } from '../support/nim.js';
import { tictactoe } from '../support/tictactoe.js';
import { determinizeTricks, type TricksState, tricks } from '../support/tricks.js';

/** Mean normalized result of `make(seed)` against random players, rotating its seat. */
function scoreVsRandom<S, M, O>(
  game: Game<S, M, O>,
  make: (seed: number) => Bot<S, M>,
  games: number,
  iterations: number,
  start?: () => S,
): { mean: number; wins: number; losses: number } {
  let total = 0;
  let wins = 0;
  let losses = 0;
  for (let g = 0; g < games; g++) {
    const s = start ? start() : game.start();
    const seats = game.players(s);
    const seat = g % seats;
    const bots = Array.from({ length: seats }, (_, i) =>
      i === seat ? make(g + 1) : randomBot(game, 1000 + g * seats + i),
    );
    const rec = playGame(game, bots, { start: s, limits: { iterations } });
    const r = rec.result[seat] ?? 0;
    total += r;
    if (r === 1) wins++;
    if (r === 0) losses++;
  }
  return { mean: total / games, wins, losses };
}

describe('MCTS', () => {
  it('beats the random player at tic-tac-toe (fixed seeds and iterations)', () => {
    const r = scoreVsRandom(tictactoe, (seed) => mctsBot(tictactoe, { seed }), 40, 400);
    expect(r.losses).toBeLessThanOrEqual(2);
    expect(r.wins).toBeGreaterThanOrEqual(28);
  });

  it('beats the random player at connect four in a clear majority', () => {
    const r = scoreVsRandom(connect4, (seed) => mctsBot(connect4, { seed }), 20, 300);
    expect(r.wins).toBeGreaterThanOrEqual(18);
  });

  it('beats the random player at Nim on the apply path (no fast path)', () => {
    const start = () => nim.start({ heaps: [3, 5, 7] });
    const r = scoreVsRandom(nim, (seed) => mctsBot(nim, { seed }), 20, 400, start);
    expect(r.wins).toBeGreaterThanOrEqual(16);
  });

  it('is deterministic: same seed, state and iterations give the same move and statistics', () => {
    const s = connect4.start();
    const a = mctsBot(connect4, { seed: 9 }).search(s, { iterations: 500 });
    const b = mctsBot(connect4, { seed: 9 }).search(s, { iterations: 500 });
    expect(b.move).toEqual(a.move);
    expect(b.pv).toEqual(a.pv);
    expect(b.stats.nodes).toBe(a.stats.nodes);
    expect(b.value).toBe(a.value);
    // reset() restores the initial behaviour of a used bot.
    const bot = mctsBot(connect4, { seed: 9 });
    bot.search(connect4.apply(s, { col: 0 }), { iterations: 200 });
    bot.reset();
    const c = bot.search(s, { iterations: 500 });
    expect(c.move).toEqual(a.move);
    expect(c.stats.nodes).toBe(a.stats.nodes);
  });

  it('finds a win in one and sees the opponent threat', () => {
    const s = tictactoe.deserialize('XX.OO....');
    const r = mctsBot(tictactoe, { seed: 3 }).search(s, { iterations: 300 });
    expect(r.move).toEqual({ cell: 2 });
    expect(r.value).toBeGreaterThan(0.9);
  });

  it('reuses the subtree of the played moves between searches', () => {
    const bot = mctsBot(connect4, { seed: 4 });
    const s0 = connect4.start();
    const first = bot.search(s0, { iterations: 2000 });
    expect(first.stats.reused).toBe(0);
    const reply = first.pv[1] ?? { col: 0 };
    const s2 = connect4.apply(connect4.apply(s0, first.move), reply);
    const second = bot.search(s2, { iterations: 100 });
    expect(second.stats.reused).toBeGreaterThan(0);
    expect(connect4.moves(s2)).toContainEqual(second.move);
    // An unrelated state starts a fresh tree; so does a bot with reuse switched off.
    expect(bot.search(connect4.apply(s0, { col: 6 }), { iterations: 50 }).stats.reused).toBe(0);
    const fresh = mctsBot(connect4, { seed: 4, reuseTree: false });
    fresh.search(s0, { iterations: 2000 });
    expect(fresh.search(s2, { iterations: 100 }).stats.reused).toBe(0);
  });

  it('uses a pluggable rollout policy and cuts rollouts with an evaluation', () => {
    let policyCalls = 0;
    const leftmost = mctsBot(connect4, {
      seed: 1,
      rollout: (node, _moves, _offset, count) => {
        policyCalls++;
        expect(node.toMove()).toBeGreaterThanOrEqual(0);
        return count - count; // always the first listed move
      },
    });
    leftmost.search(connect4.start(), { iterations: 20 });
    expect(policyCalls).toBeGreaterThan(20);

    let evalCalls = 0;
    const cut = mctsBot(connect4, {
      seed: 1,
      rolloutDepth: 0,
      evaluate: (node) => {
        evalCalls++;
        // Prefer stones in the centre column: a tiny hand-written heuristic.
        const s = node.state();
        let x = 0;
        for (let r = 0; r < s.height; r++) x += s.cells[3 * s.height + r] === 1 ? 1 : 0;
        return [0.5 + x / 20, 0.5 - x / 20];
      },
    });
    const r = cut.search(connect4.start(), { iterations: 100 });
    expect(evalCalls).toBe(100);
    expect(r.move).toEqual({ col: 3 });
  });

  it('guided: expands moves best first by the evaluation, instead of at random', () => {
    // An evaluation that likes the last cell taken by the seat that moved, whoever it is.
    const likesCell = (cell: number) => (node: { state(): { cells: readonly number[] } }) => {
      const v = node.state().cells[cell];
      return v === 1 ? [1, 0] : v === 2 ? [0, 1] : [0.5, 0.5];
    };
    const start = tictactoe.start();
    for (const cell of [0, 5, 8]) {
      // One iteration expands one root move: the evaluation's favourite.
      for (const seed of [1, 2, 3]) {
        const bot = mctsBot(tictactoe, { seed, evaluate: likesCell(cell), guided: true });
        expect(bot.search(start, { iterations: 1 }).move).toEqual({ cell });
      }
    }
    // Unguided, the first expansion is the seeded random one: not always that move.
    const firsts = new Set(
      [1, 2, 3, 4, 5, 6].map(
        (seed) =>
          mctsBot(tictactoe, { seed, evaluate: likesCell(8) }).search(start, { iterations: 1 }).move
            .cell,
      ),
    );
    expect(firsts.size).toBeGreaterThan(1);
    // Without an evaluation there is nothing to order by: it stays random, and valid.
    expect(() =>
      mctsBot(tictactoe, { guided: true }).search(start, { iterations: 5 }),
    ).not.toThrow();
    expect(() => mctsBot(tictactoe, { guided: 'yes' as never })).toThrow(/guided/);
  });

  it('guided, with hidden information: each sample expands its best untried move first', () => {
    // Tricks: the evaluation likes a high card just played, for the seat that played it.
    const evaluate = (node: { state(): TricksState }) => {
      const s = node.state();
      const n = s.trick.length;
      const out = [0.5, 0.5, 0.5];
      if (n > 0) out[(s.leader + n - 1) % 3] = (s.trick[n - 1] as number) / 100;
      return out;
    };
    for (let seed = 1; seed <= 5; seed++) {
      const s = tricks.start();
      const bot = mctsBot(tricks, { seed, evaluate, guided: true, determinize: determinizeTricks });
      const best = Math.max(...tricks.moves(s).map((m) => m.card));
      expect(bot.search(s, { iterations: 1 }).move).toEqual({ card: best });
    }
  });

  it('stops on a time budget with a legal move', () => {
    const s = connect4.start();
    const r = mctsBot(connect4).search(s, { timeMs: 5 });
    expect(connect4.moves(s)).toContainEqual(r.move);
    const zero = mctsBot(connect4).search(s, { timeMs: 0 });
    expect(connect4.moves(s)).toContainEqual(zero.move);
    expect(zero.stats.timedOut).toBe(true);
  });

  it('rejects a terminal state and a search without any limit', () => {
    const over = tictactoe.deserialize('XXXOO....');
    const codeOf = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isRulesError(e) ? e.code : 'not a RulesError';
      }
      return undefined;
    };
    expect(codeOf(() => mctsBot(tictactoe).search(over))).toBe('GAME_OVER');
    expect(codeOf(() => mctsBot(tictactoe, { defaultLimits: {} }).search(tictactoe.start()))).toBe(
      'UNSUPPORTED',
    );
  });

  it('stops growing the tree at maxTreeNodes and keeps playing out from its leaves', () => {
    const s = connect4.start();
    const capped = mctsBot(connect4, { seed: 2, maxTreeNodes: 50 });
    const r = capped.search(s, { iterations: 2000 });
    expect(capped.treeSize()).toBeLessThanOrEqual(50);
    expect(r.stats.playouts).toBe(2000);
    expect(connect4.moves(s)).toContainEqual(r.move);
    const free = mctsBot(connect4, { seed: 2 });
    free.search(s, { iterations: 2000 });
    expect(free.treeSize()).toBeGreaterThan(1000);
  });

  it('answers a forced move at once, without searching', () => {
    // X X O / O O X / X O . : no line yet and one free cell, so one legal move.
    const s = tictactoe.deserialize('XXOOOXXO.');
    expect(tictactoe.moves(s)).toEqual([{ cell: 8 }]);
    const r = mctsBot(tictactoe).search(s, { iterations: 1000 });
    expect(r.move).toEqual({ cell: 8 });
    expect(r.stats.playouts).toBe(0);
  });
});
