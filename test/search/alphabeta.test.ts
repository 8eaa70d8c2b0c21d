import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { randomPlayout } from '../../src/core/random-game.js';
import { Rng } from '../../src/core/rng.js';
import { alphaBetaBot, EVAL_SCALE, WIN_SCORE } from '../../src/search/alphabeta.js';
import { connect4 } from '../support/connect4.js';
import { nim } from '../support/nim.js';
import { type TttMove, type TttState, tictactoe } from '../support/tictactoe.js';
import { trap } from '../support/trap.js';
import { tricks } from '../support/tricks.js';
import { minimax, moveValue } from './oracle.js';

/** Replays a line with `apply`, which throws on an illegal move. */
function replay<S, M, O>(game: Game<S, M, O>, state: S, line: readonly M[]): S {
  let s = state;
  for (const m of line) s = game.apply(s, m);
  return s;
}

/** Live positions from seeded random games. */
function positions<S, M, O>(game: Game<S, M, O>, start: S, count: number, maxPlies: number): S[] {
  const out: S[] = [];
  for (let seed = 1; out.length < count; seed++) {
    const g = randomPlayout(game, start, seed, { maxPlies: seed % (maxPlies + 1) });
    if (!game.terminal(g.final)) out.push(g.final);
  }
  return out;
}

const sign = (score: number): number => (score > 0 ? 1 : score < 0 ? -1 : 0);

describe('alpha-beta', () => {
  it('solves tic-tac-toe from the start as a draw (perfect play), searching to the end', () => {
    const bot = alphaBetaBot(tictactoe);
    const r = bot.search(tictactoe.start(), { depth: 20 });
    expect(r.score).toBe(0);
    expect(r.value).toBe(0.5);
    expect(r.pv.length).toBe(9); // a drawn game fills the board
    expect(tictactoe.terminal(replay(tictactoe, tictactoe.start(), r.pv))).toBe(true);
    expect(r.stats.depth).toBeLessThanOrEqual(9); // stops once the whole tree is searched
  });

  it('never loses tic-tac-toe as X or O against every possible opponent reply', () => {
    const bot = alphaBetaBot(tictactoe);
    let games = 0;
    const walk = (s: TttState, botSeat: number): void => {
      if (tictactoe.terminal(s)) {
        games++;
        expect(tictactoe.score(s)[botSeat]).toBeGreaterThanOrEqual(0.5);
        return;
      }
      if (tictactoe.toMove(s) === botSeat) {
        walk(tictactoe.apply(s, bot.choose(s, { depth: 9 })), botSeat);
      } else {
        for (const m of tictactoe.moves(s)) walk(tictactoe.apply(s, m), botSeat);
      }
    };
    walk(tictactoe.start(), 0);
    walk(tictactoe.start(), 1);
    expect(games).toBeGreaterThan(100);
  });

  it('takes a win in one over blocking, and reports the distance', () => {
    // X: c1 c2, O: c4 c5; X to move wins at c3 (O threatens c6).
    const s = tictactoe.deserialize('XX.OO....');
    const r = alphaBetaBot(tictactoe).search(s, { depth: 9 });
    expect(r.move).toEqual({ cell: 2 });
    expect(r.score).toBe(WIN_SCORE - 1);
    expect(r.pliesToEnd).toBe(1);
    expect(r.value).toBe(1);
  });

  it('agrees with plain minimax on random tic-tac-toe positions, with a legal PV', () => {
    const bot = alphaBetaBot(tictactoe);
    for (const s of positions(tictactoe, tictactoe.start(), 60, 7)) {
      const r = bot.search(s, { depth: 9 });
      expect(sign(r.score)).toBe(minimax(tictactoe, s));
      expect(moveValue(tictactoe, s, r.move)).toBe(minimax(tictactoe, s));
      replay(tictactoe, s, r.pv);
    }
  });

  it("plays Nim by Bouton's rule on the apply path (a game without fast path)", () => {
    const bot = alphaBetaBot(nim);
    const rng = new Rng(11);
    for (let i = 0; i < 40; i++) {
      const heaps = [rng.int(5), rng.int(5), 1 + rng.int(4)];
      const s = nim.start({ heaps });
      const xor = heaps.reduce((a, b) => a ^ b, 0);
      const r = bot.search(s, { depth: 20 });
      expect(sign(r.score)).toBe(xor === 0 ? -1 : 1);
      if (xor !== 0) {
        const after = nim.apply(s, r.move);
        expect(after.heaps.reduce((a, b) => a ^ b, 0)).toBe(0);
      }
      const end = replay(nim, s, r.pv);
      expect(nim.terminal(end)).toBe(true); // the PV of a solved game runs to its end
    }
  });

  // Compared on searches that reach the end of the game: at a depth horizon a table may
  // legitimately change the score (an entry searched deeper elsewhere is reused, "grafting").
  it('gives the same result with and without the transposition table', () => {
    const small = connect4.start({ width: 4, height: 3, connect: 3 });
    const cases: [Game<unknown, unknown, unknown>, unknown][] = [
      ...positions(tictactoe, tictactoe.start(), 30, 6).map(
        (s) => [tictactoe, s] as [Game<unknown, unknown, unknown>, unknown],
      ),
      ...positions(connect4, small, 20, 5).map(
        (s) => [connect4, s] as [Game<unknown, unknown, unknown>, unknown],
      ),
    ];
    for (const [game, s] of cases) {
      const withTt = alphaBetaBot(game).search(s, { depth: 20 });
      const without = alphaBetaBot(game, { ttSize: 0 }).search(s, { depth: 20 });
      expect(withTt.score).toBe(without.score);
      expect(withTt.stats.ttHits).toBeGreaterThanOrEqual(0);
      expect(without.stats.ttHits).toBe(0);
    }
    // A tiny table (many slot collisions, constant replacement) is still exact.
    for (const [game, st] of cases.slice(0, 20)) {
      const tiny = alphaBetaBot(game, { ttSize: 16 }).search(st, { depth: 20 });
      const none = alphaBetaBot(game, { ttSize: 0 }).search(st, { depth: 20 });
      expect(tiny.score).toBe(none.score);
    }
    // And the table pays for itself on a game with many transpositions.
    const a = alphaBetaBot(connect4).search(small, { depth: 12 });
    const b = alphaBetaBot(connect4, { ttSize: 0 }).search(small, { depth: 12 });
    expect(a.score).toBe(b.score);
    expect(a.stats.nodes).toBeLessThan(b.stats.nodes);
  });

  it('searches connect four to a fixed depth deterministically, with a legal PV', () => {
    const s = connect4.start();
    const r1 = alphaBetaBot(connect4).search(s, { depth: 7 });
    const r2 = alphaBetaBot(connect4).search(s, { depth: 7 });
    expect(r1.stats.depth).toBe(7);
    expect(r1.pv.length).toBeGreaterThan(0);
    replay(connect4, s, r1.pv);
    expect(r2.move).toEqual(r1.move);
    expect(r2.stats.nodes).toBe(r1.stats.nodes);
    expect(r2.pv).toEqual(r1.pv);
  });

  it('a stopped iteration still answers with a root move it searched to the end', () => {
    // X holds 3 and 4 and threatens 5; O (to move) holds 0. One ply sees nothing (every move
    // scores 0, the first cell is chosen); two plies see that only 5 stops X, searched third
    // of six at the root.
    const s: TttState = { cells: [2, 0, 0, 1, 1, 0, 0, 0, 0] };
    const full = alphaBetaBot(tictactoe).search(s, { depth: 2 });
    expect(full.move).toEqual({ cell: 5 });
    const oneMove = alphaBetaBot(tictactoe).search(s, { depth: 1 }).move;
    expect(oneMove).not.toEqual({ cell: 5 });
    let blockedAt = -1;
    for (let n = 1; n <= full.stats.nodes; n++) {
      const r = alphaBetaBot(tictactoe).search(s, { depth: 2, nodes: n });
      if (blockedAt < 0 && r.move.cell === 5) {
        blockedAt = n;
        // Found inside the second iteration, before it completed.
        expect(r.stats.depth).toBe(1);
      }
      // Once found, more nodes never lose it.
      if (blockedAt >= 0) expect(r.move, `nodes ${n}`).toEqual({ cell: 5 });
    }
    expect(blockedAt).toBeGreaterThan(0);
  });

  it('stops at a node limit and at a time budget with a legal move', () => {
    const s = connect4.start();
    const byNodes = alphaBetaBot(connect4).search(s, { nodes: 500, depth: 30 });
    expect(byNodes.stats.nodes).toBeLessThanOrEqual(500);
    expect(connect4.moves(s)).toContainEqual(byNodes.move);
    const byTime = alphaBetaBot(connect4).search(s, { timeMs: 5 });
    expect(connect4.moves(s)).toContainEqual(byTime.move);
    const none = alphaBetaBot(connect4).search(s, { timeMs: 0 });
    expect(connect4.moves(s)).toContainEqual(none.move);
    // A node budget of one stops at the root; a bot that searched before must not answer
    // with a stale move from its last search.
    const used = alphaBetaBot(tictactoe);
    const first = used.search(tictactoe.start(), { depth: 9 }).move;
    const later = tictactoe.apply(tictactoe.start(), first); // that cell is now taken
    const one = used.search(later, { nodes: 1 });
    expect(tictactoe.moves(later)).toContainEqual(one.move);
  });

  // Reduced late moves are searched again at full depth when they prove better, and a search
  // to the end of the game deepens until even the reduced lines reach the end: exact again.
  it('late move reductions stay exact when the search reaches the end of the game', () => {
    const lmr = alphaBetaBot(tictactoe, { reductions: true });
    const r = lmr.search(tictactoe.start(), { depth: 20 });
    expect(r.score).toBe(0);
    for (const s of positions(tictactoe, tictactoe.start(), 60, 6)) {
      const v = lmr.search(s, { depth: 20 });
      expect(sign(v.score)).toBe(minimax(tictactoe, s));
      expect(moveValue(tictactoe, s, v.move)).toBe(minimax(tictactoe, s));
      replay(tictactoe, s, v.pv);
    }
    const small = connect4.start({ width: 4, height: 3, connect: 3 });
    for (const s of positions(connect4, small, 20, 5)) {
      const reduced = alphaBetaBot(connect4, { reductions: true }).search(s, { depth: 20 });
      const full = alphaBetaBot(connect4).search(s, { depth: 20 });
      expect(reduced.score).toBe(full.score);
    }
  });

  it('late move reductions search fewer nodes to the same depth, with a legal PV', () => {
    const s = connect4.start();
    const reduced = alphaBetaBot(connect4, { reductions: true }).search(s, { depth: 8 });
    const full = alphaBetaBot(connect4).search(s, { depth: 8 });
    expect(reduced.stats.depth).toBe(8);
    expect(reduced.stats.nodes).toBeLessThan(full.stats.nodes);
    replay(connect4, s, reduced.pv);
    expect(() => alphaBetaBot(connect4, { reductions: 1 as never })).toThrow(/reductions/);
  });

  // Two plies above the horizon a late move's shallower try is its evaluation alone, so a
  // depth-3 search (whose only reducible nodes are at depth 2) already visits fewer nodes in
  // all (a single position can pay more for a re-search than it saves).
  it('late move reductions start two plies above the horizon', () => {
    let reducedNodes = 0;
    let fullNodes = 0;
    for (const s of positions(connect4, connect4.start(), 8, 6)) {
      const reduced = alphaBetaBot(connect4, { reductions: true }).search(s, { depth: 3 });
      const full = alphaBetaBot(connect4).search(s, { depth: 3 });
      reducedNodes += reduced.stats.nodes;
      fullNodes += full.stats.nodes;
      replay(connect4, s, reduced.pv);
    }
    expect(reducedNodes).toBeLessThan(fullNodes);
  });

  // One ply above the horizon a null-window node evaluates only its first twelve moves; the
  // rest are played just to see whether they end the game. In `trap`, only root move 1 wins:
  // three plies later, by the last of sixteen replies, at a node that a null window searches
  // (root move 0 went first). Pruning that move unseen would miss the win.
  it('late move pruning skips evaluations one ply above the horizon but never a move that ends the game', () => {
    const evaluations = (reductions: boolean): number => {
      let count = 0;
      const bot = alphaBetaBot(connect4, {
        reductions,
        evaluate: (node) => {
          count++;
          const cells = node.state().cells;
          const d = cells.reduce((a, v, i) => a + (v === 1 ? i % 7 : v === 2 ? -(i % 5) : 0), 0);
          return [0.5 + d / 400, 0.5 - d / 400];
        },
      });
      // Depth 2: reductions spare the root, so only the pruning one ply below it counts.
      for (const s of positions(
        connect4,
        connect4.start({ width: 16, height: 4, connect: 3 }),
        20,
        4,
      )) {
        bot.search(s, { depth: 2 });
      }
      return count;
    };
    expect(evaluations(true)).toBeLessThan(evaluations(false));
    for (const reductions of [false, true]) {
      const r = alphaBetaBot(trap, { reductions, path: 'apply' }).search(trap.start(), {
        depth: 3,
      });
      expect(r.move).toEqual({ k: 1 });
      expect(r.pliesToEnd).toBe(3);
    }
  });

  // Without a table nothing is grafted from elsewhere, so the score is the evaluation at the
  // end of the principal variation, which is exactly `depth` plies long unless the game ends.
  // A reduced move that proved better and were kept without its full-depth search would leave
  // a line a ply short, scored from a null window.
  it('late move reductions keep the score the value at the end of the full-depth line', () => {
    const weight = (i: number): number => ((i * 2654435761) >>> 0) % 97;
    const scattered = (node: { state(): { cells: readonly number[] } }): number[] => {
      const sums = [0, 0];
      node.state().cells.forEach((v, i) => {
        if (v) sums[v - 1] = (sums[v - 1] ?? 0) + weight(i);
      });
      const d = ((sums[0] ?? 0) - (sums[1] ?? 0)) / 4000;
      return [0.5 + d, 0.5 - d];
    };
    for (const reductions of [false, true]) {
      for (const s of positions(connect4, connect4.start(), 12, 8)) {
        const bot = alphaBetaBot(connect4, { evaluate: scattered, ttSize: 0, reductions });
        const r = bot.search(s, { depth: 6 });
        const end = replay(connect4, s, r.pv);
        const me = connect4.toMove(s);
        if (connect4.terminal(end)) continue;
        expect(r.pv.length).toBe(6);
        const e = scattered({ state: () => end });
        expect(r.score).toBe(Math.round(((e[me] ?? 0) - (e[1 - me] ?? 0)) * EVAL_SCALE));
      }
    }
  });

  it('refuses games it cannot search: hidden information, terminal states', () => {
    expect(() => alphaBetaBot(tricks)).toThrow(/hides information/);
    const over = tictactoe.deserialize('XXXOO....');
    try {
      alphaBetaBot(tictactoe).search(over);
      expect.unreachable();
    } catch (e) {
      expect(isRulesError(e) && e.code).toBe('GAME_OVER');
    }
  });

  it('uses the evaluation at the horizon, from the seat to move', () => {
    // Values stones in the centre column for their owner: a one-ply search must play there.
    const centre = (node: { state(): { cells: readonly number[]; height: number } }) => {
      const st = node.state();
      const count = [0, 0];
      for (let r = 0; r < st.height; r++) {
        const v = st.cells[3 * st.height + r] ?? 0;
        if (v) count[v - 1] = (count[v - 1] ?? 0) + 1;
      }
      return [0.5 + (count[0] ?? 0) / 20, 0.5 + (count[1] ?? 0) / 20];
    };
    const bot = alphaBetaBot(connect4, { evaluate: centre });
    const r = bot.search(connect4.start(), { depth: 1 });
    expect(r.move).toEqual({ col: 3 });
    expect(r.score).toBe(500); // (0.55 - 0.5) x EVAL_SCALE
    // As O after X took the centre, O also answers in the centre.
    const s1 = connect4.apply(connect4.start(), { col: 3 });
    expect(bot.search(s1, { depth: 1 }).move).toEqual({ col: 3 });
  });

  it('handles turns of several moves (the same seat moving again is not negated)', () => {
    // Nim where every turn is two takes (from any heaps) unless the heaps run out.
    const double: Game<{ n: number; heaps: readonly number[]; toMove: number }, TttMove> =
      doubleMoveNim();
    const bot = alphaBetaBot(double);
    for (const heaps of [
      [1, 2],
      [2, 2],
      [3, 1],
      [2, 3],
      [1, 1, 1],
      [4, 1],
    ]) {
      const s = { n: 0, heaps, toMove: 0 };
      const r = bot.search(s, { depth: 30 });
      expect(sign(r.score)).toBe(minimax(double, s));
    }
  });
});

/** Nim where a turn is two takes of one object each (one if a single object is left). */
function doubleMoveNim(): Game<{ n: number; heaps: readonly number[]; toMove: number }, TttMove> {
  type St = { n: number; heaps: readonly number[]; toMove: number };
  const over = (s: St) => s.heaps.every((h) => h === 0);
  const game: Game<St, TttMove> = {
    name: 'double-nim',
    scoring: 'winloss',
    start: () => ({ n: 0, heaps: [2, 2], toMove: 0 }),
    players: () => 2,
    toMove: (s) => s.toMove,
    moves: (s) => (over(s) ? [] : s.heaps.flatMap((h, i) => (h > 0 ? [{ cell: i }] : []))),
    apply(s, m) {
      const heaps = s.heaps.slice();
      heaps[m.cell] = (heaps[m.cell] ?? 0) - 1;
      const second = s.n === 1 || heaps.every((h) => h === 0);
      return { n: second ? 0 : 1, heaps, toMove: second ? 1 - s.toMove : s.toMove };
    },
    terminal: over,
    // The last take wins: the winner is the seat that just moved, i.e. not `toMove`.
    score: (s) => (over(s) ? (s.toMove === 0 ? [0, 1] : [1, 0]) : [0.5, 0.5]),
    formatMove: (_s, m) => `${m.cell}`,
    parseMove: (_s, t) => ({ cell: Number(t) }),
    serialize: (s) => JSON.stringify(s),
    deserialize: (t) => JSON.parse(t),
  };
  return game;
}
