// The search limits that stop a search from outside (`signal`), report its progress
// (`onIteration`) and ask for several best moves (`multiPv`). No test here depends on time:
// the signals count how often they are read, or fire from a report.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { hive, hiveEvaluator } from '../../src/hive/index.js';
import { alphaBetaBot, WIN_SCORE } from '../../src/search/alphabeta.js';
import { mctsBot } from '../../src/search/mcts.js';
import type { IterationInfo, StopSignal } from '../../src/search/types.js';
import { connect4 } from '../support/connect4.js';
import { tictactoe } from '../support/tictactoe.js';
import { moveValue } from './oracle.js';

/**
 * A signal that turns aborted on its `n`-th read. Checking the limits reads it once (is
 * `aborted` a boolean?), before the search does.
 */
function abortOnRead(n: number): StopSignal & { reads: number } {
  return {
    reads: 0,
    get aborted() {
      this.reads++;
      return this.reads >= n;
    },
  };
}

/** Replays `line` from `state` with `apply`, which throws on an illegal move. */
function replay<S, M, O>(game: Game<S, M, O>, state: S, line: readonly M[]): S {
  let s = state;
  for (const m of line) s = game.apply(s, m);
  return s;
}

/** The RulesError code and message `f` throws. */
function failure(f: () => unknown): { code: string; message: string } | undefined {
  try {
    f();
  } catch (e) {
    return isRulesError(e) ? { code: e.code, message: e.message } : { code: '?', message: '?' };
  }
  return undefined;
}

/** Hive positions of the bots' characterization (test/fixtures/search/positions.json). */
const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/search/positions.json', import.meta.url), 'utf8'),
) as { hive: string[] };

const midgame = hive.deserialize('Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');

describe('search limits: signal', () => {
  it('stops alpha-beta where it looks at its clock (every 1,024 nodes), with a legal move', () => {
    const signal = abortOnRead(4);
    const r = alphaBetaBot(connect4).search(connect4.start(), { signal });
    // Read by the check, then at nodes 1,024, 2,048 and 3,072: aborted on that last read.
    expect(signal.reads).toBe(4);
    expect(r.stats.nodes).toBe(3072);
    expect(r.stats.stopped).toBe(true);
    expect(r.stats.timedOut).toBe(false);
    expect(connect4.moves(connect4.start())).toContainEqual(r.move);
    replay(connect4, connect4.start(), r.pv);
  });

  it('a real AbortSignal stops alpha-beta after the iteration that aborted it', () => {
    const controller = new AbortController();
    const depths: number[] = [];
    const r = alphaBetaBot(hive, { evaluate: hiveEvaluator }).search(midgame, {
      signal: controller.signal,
      onIteration: (info) => {
        depths.push(info.depth);
        if (info.depth === 2) controller.abort();
      },
    });
    expect(depths).toEqual([1, 2]);
    expect(r.stats.stopped).toBe(true);
    // Iteration 3 was cut short: the answer is iteration 2's, or a root move iteration 3
    // searched to its end.
    expect(r.stats.depth).toBe(2);
    expect(hive.moves(midgame)).toContainEqual(r.move);
  });

  it('a signal that never fires changes nothing; an aborted one still answers a legal move', () => {
    const quiet = { aborted: false };
    const a = alphaBetaBot(connect4).search(connect4.start(), { depth: 6 });
    const b = alphaBetaBot(connect4).search(connect4.start(), { depth: 6, signal: quiet });
    expect(b.move).toEqual(a.move);
    expect(b.stats.nodes).toBe(a.stats.nodes);
    expect(b.stats.stopped).toBe(false);
    const stopped = alphaBetaBot(connect4).search(connect4.start(), {
      depth: 20,
      signal: AbortSignal.abort(),
    });
    expect(stopped.stats.stopped).toBe(true);
    expect(stopped.stats.nodes).toBe(1024);
    expect(connect4.moves(connect4.start())).toContainEqual(stopped.move);
  });

  it('stops MCTS before a playout, and may stand alone as its only limit', () => {
    // Read by the check, then before each playout: aborted before the 51st.
    const signal = abortOnRead(52);
    const r = mctsBot(connect4, { seed: 3 }).search(connect4.start(), { signal });
    expect(r.stats.playouts).toBe(50);
    expect(r.stats.stopped).toBe(true);
    expect(r.stats.timedOut).toBe(false);
    expect(connect4.moves(connect4.start())).toContainEqual(r.move);
    // Stopped before its first playout: still a legal move.
    const none = mctsBot(connect4).search(connect4.start(), { signal: AbortSignal.abort() });
    expect(none.stats.playouts).toBe(0);
    expect(connect4.moves(connect4.start())).toContainEqual(none.move);
    // Without it, the iteration limit decides, and the search is as before.
    const plain = mctsBot(connect4, { seed: 3 }).search(connect4.start(), { iterations: 50 });
    expect(plain.stats.stopped).toBe(false);
    expect(plain.move).toEqual(r.move);
    expect(plain.stats.nodes).toBe(r.stats.nodes);
  });
});

describe('search limits: onIteration', () => {
  it('reports every completed iteration, one ply deeper each time, with a legal line', () => {
    const infos: IterationInfo<unknown>[] = [];
    const bot = alphaBetaBot(hive, { evaluate: hiveEvaluator });
    const r = bot.search(midgame, { depth: 4, onIteration: (info) => infos.push(info) });
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4]);
    for (const [k, info] of infos.entries()) {
      expect(info.lines).toHaveLength(1);
      expect(info.lines[0]?.pv).toEqual(info.pv);
      expect(info.lines[0]?.depth).toBe(info.depth);
      expect(info.value).toBeGreaterThanOrEqual(0);
      expect(info.value).toBeLessThanOrEqual(1);
      expect(info.pliesToEnd).toBeNull();
      expect(info.pv.length).toBeGreaterThanOrEqual(1);
      replay(hive, midgame, info.pv as never[]);
      if (k > 0) expect(info.nodes).toBeGreaterThan(infos[k - 1]?.nodes ?? 0);
    }
    // The last report is the answer.
    const last = infos[3] as IterationInfo<unknown>;
    expect(r.pv).toEqual(last.pv);
    expect(r.score).toBe(last.score);
    expect(r.stats.nodes).toBe(last.nodes);
    // Reporting changes nothing in the search.
    const quiet = alphaBetaBot(hive, { evaluate: hiveEvaluator }).search(midgame, { depth: 4 });
    expect(quiet.move).toEqual(r.move);
    expect(quiet.stats.nodes).toBe(r.stats.nodes);
  });

  it('reports a proven result with the plies to the end, and a throw ends the search', () => {
    // X to move wins at once in cell 2.
    const s = tictactoe.deserialize('XX.OO....');
    const infos: IterationInfo<unknown>[] = [];
    alphaBetaBot(tictactoe).search(s, { depth: 5, onIteration: (i) => infos.push(i) });
    expect(infos[0]?.score).toBe(WIN_SCORE - 1);
    expect(infos[0]?.pliesToEnd).toBe(1);
    expect(infos[0]?.value).toBe(1);
    expect(() =>
      alphaBetaBot(connect4).search(connect4.start(), {
        depth: 5,
        onIteration: () => {
          throw new Error('enough');
        },
      }),
    ).toThrow('enough');
  });
});

describe('search limits: multiPv', () => {
  it('finds every root move of tic-tac-toe with its exact value, best first', () => {
    // In X.O.O.X.. X wins at once in 1 and in 3 plies by 7: the deepening goes on past the
    // first line's proof until every line is proven.
    for (const text of ['.........', 'X...O....', 'XO..X....', 'X.O.O.X..']) {
      const s = tictactoe.deserialize(text);
      const moves = tictactoe.moves(s);
      const r = alphaBetaBot(tictactoe).search(s, { depth: 9, multiPv: 9 });
      expect(r.lines.map((l) => l.move)).toHaveLength(moves.length);
      expect(new Set(r.lines.map((l) => JSON.stringify(l.move))).size).toBe(moves.length);
      for (const line of r.lines) {
        // The score's sign is the game-theoretic value of the move (win, draw, loss).
        expect(Math.sign(line.score), `${text} ${JSON.stringify(line.move)}`).toBe(
          moveValue(tictactoe, s, line.move),
        );
        expect(line.pv[0]).toEqual(line.move);
        replay(tictactoe, s, line.pv);
      }
      const scores = r.lines.map((l) => l.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(r.move).toEqual(r.lines[0]?.move);
      expect(r.score).toBe(r.lines[0]?.score);
    }
  });

  it('the first line is the single-line search: its move and score at a fixed depth', () => {
    const bot = () => alphaBetaBot(hive, { evaluate: hiveEvaluator });
    for (const s of [midgame, ...recorded.hive.map((text) => hive.deserialize(text))]) {
      for (const depth of [1, 2, 3]) {
        const one = bot().search(s, { depth });
        const three = bot().search(s, { depth, multiPv: 3 });
        expect(three.lines).toHaveLength(3);
        expect(three.lines[0]?.score).toBe(one.score);
        expect(three.lines[0]?.move).toEqual(one.move);
        expect(three.move).toEqual(one.move);
        const firsts = three.lines.map((l) => JSON.stringify(l.move));
        expect(new Set(firsts).size).toBe(3);
        for (const line of three.lines) {
          expect(line.depth).toBe(depth);
          replay(hive, s, line.pv as never[]);
        }
        const scores = three.lines.map((l) => l.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    }
  });

  it('gives as many lines as there are moves, reports them per iteration, and costs more', () => {
    const s = tictactoe.deserialize('XOXOXO...');
    const r = alphaBetaBot(tictactoe).search(s, { depth: 3, multiPv: 5 });
    expect(r.lines).toHaveLength(3);
    const infos: IterationInfo<unknown>[] = [];
    const bot = alphaBetaBot(connect4);
    const three = bot.search(connect4.start(), {
      depth: 5,
      multiPv: 3,
      onIteration: (i) => infos.push(i),
    });
    expect(infos.map((i) => i.lines.length)).toEqual([3, 3, 3, 3, 3]);
    expect(infos.at(-1)?.lines).toEqual(three.lines);
    const one = alphaBetaBot(connect4).search(connect4.start(), { depth: 5 });
    expect(three.stats.nodes).toBeGreaterThan(one.stats.nodes);
  });

  it('after a stop, the lines the unfinished iteration found come first', () => {
    const controller = new AbortController();
    const r = alphaBetaBot(hive, { evaluate: hiveEvaluator }).search(midgame, {
      multiPv: 4,
      signal: controller.signal,
      onIteration: (info) => {
        if (info.depth === 2) controller.abort();
      },
    });
    expect(r.stats.stopped).toBe(true);
    expect(r.lines).toHaveLength(4);
    expect(new Set(r.lines.map((l) => JSON.stringify(l.move))).size).toBe(4);
    for (const line of r.lines) expect([2, 3]).toContain(line.depth);
    expect(r.move).toEqual(r.lines[0]?.move);
  });
});

describe('search limits: checked like the others', () => {
  it('names the limit that is wrong (RulesError INVALID_OPTIONS)', () => {
    const s = connect4.start();
    for (const [limits, name] of [
      [{ multiPv: 0 }, 'multiPv'],
      [{ multiPv: 1.5 }, 'multiPv'],
      [{ multiPv: '2' }, 'multiPv'],
      [{ signal: {} }, 'signal'],
      [{ signal: { aborted: 'no' } }, 'signal'],
      [{ signal: null }, 'signal'],
      [{ onIteration: 3 }, 'onIteration'],
    ] as const) {
      for (const search of [
        () => alphaBetaBot(connect4).search(s, limits as never),
        () => mctsBot(connect4).search(s, limits as never),
      ]) {
        const f = failure(search);
        expect(f?.code, JSON.stringify(limits)).toBe('INVALID_OPTIONS');
        expect(f?.message).toContain(`'${name}'`);
      }
    }
    expect(failure(() => alphaBetaBot(connect4, { defaultLimits: { multiPv: -1 } }))?.code).toBe(
      'INVALID_OPTIONS',
    );
  });
});
