/**
 * One position of a record searched for `boardrules analyze`: the engine's move and the value of
 * the position for each seat, and the value of the move the record played. A job names the
 * record and the ply, and its answer is a function of them and the limits alone (a fresh search
 * every time: no table or history carried from another position), so any number of worker
 * threads, and any split of an archive into tasks, gives the same numbers as one thread.
 *
 * The engine is alpha-beta with the game's evaluator (the CLI's `alphabeta` bot) for two seats
 * with nothing hidden; max-n with the evaluator for the rest (`maxn.ts`).
 *
 * With `depth` N, a two-seat position is searched N plies when the first seat is to move and
 * N - 1 when the second is, so that every search's horizon falls on the same seat's turn: at a
 * fixed depth the evaluations of successive positions swing from ply to ply with who moves last
 * before the horizon, and a drop between them would measure that swing. The played move is
 * valued by a search one ply shallower from the position it led to, so that it and the engine's
 * move are seen to the same horizon.
 *
 * @module
 */
import type { Game } from '../../core/game.js';
import { type RecordedGame, type ReplayedLine, replayLine } from '../../core/record.js';
import { type AlphaBetaBot, alphaBetaBot } from '../../search/alphabeta.js';
import type { Evaluator } from '../../search/types.js';
import type { GamePlugin } from '../plugin.js';
import { Maxn, staticValues } from './maxn.js';

/** How long each position is searched: plies, or milliseconds (not reproducible). */
export interface AnalysisLimits {
  readonly depth?: number;
  readonly timeMs?: number;
}

/** A position to search, for a worker thread or this one. */
export interface AnalyzeJob {
  readonly kind: 'analyze';
  /** The registered game's name. */
  readonly game: string;
  /** The record (its main line is replayed to the ply). */
  readonly record: RecordedGame;
  /** The position after this many plies of the main line. */
  readonly ply: number;
  readonly limits: AnalysisLimits;
}

/** A move's value: for each seat in [0, 1], and the plies to a proven end, counting the move. */
export interface MoveValue {
  readonly values: readonly number[];
  readonly end: number | null;
}

/** What the search of one position found. */
export interface PositionResult extends MoveValue {
  /** The seat to move, or `null` when the game is over here. */
  readonly seat: number | null;
  /** The engine's move and line (the game's notation), or `null`/empty when over. */
  readonly best: string | null;
  readonly pv: readonly string[];
  /** The depth searched (0 when over) and the positions entered. */
  readonly depth: number;
  readonly nodes: number;
  /**
   * The value of the move the record plays here (the engine's own when they agree), or `null`
   * at the last position.
   */
  readonly played: MoveValue | null;
  /** Whether the record's move is the engine's. */
  readonly agrees: boolean;
}

/** The bot of each game, per thread: reset before every search. */
const bots = new Map<Game<unknown, unknown, unknown>, AlphaBetaBot<unknown, unknown>>();

function botOf<S, M>(game: Game<S, M, unknown>, evaluate?: Evaluator<S, M>): AlphaBetaBot<S, M> {
  let bot = bots.get(game as Game<unknown, unknown, unknown>);
  if (bot === undefined) {
    bot = alphaBetaBot(game, evaluate ? { evaluate } : {}) as AlphaBetaBot<unknown, unknown>;
    bots.set(game as Game<unknown, unknown, unknown>, bot);
  }
  bot.reset();
  return bot as AlphaBetaBot<S, M>;
}

/** The texts of a line of moves played from `state`. */
function texts<S, M>(game: Game<S, M, unknown>, state: S, line: readonly M[]): string[] {
  const out: string[] = [];
  let s = state;
  for (const m of line) {
    out.push(game.formatMove(s, m));
    s = game.apply(s, m);
  }
  return out;
}

/** Two seats' values from the first seat's value. */
const pair = (v0: number): number[] => [v0, 1 - v0];

/** A search of `state` and, below it, the value of `played` (the state it led to). */
interface Searcher<S, M> {
  /** The best move and line, the values, the depth reached and the nodes. */
  search(state: S): { line: M[]; value: MoveValue; depth: number; nodes: number };
  /** The value of a move that led to `next`, seen to the horizon of a `depth` search before it. */
  after(next: S, depth: number): { value: MoveValue; nodes: number };
}

function alphaBeta<S, M>(
  game: Game<S, M, unknown>,
  evaluate: Evaluator<S, M> | undefined,
  limits: AnalysisLimits,
): Searcher<S, M> {
  const valuesOf = (state: S, r: { value: number; pliesToEnd: number | null }): MoveValue => {
    const seat = game.toMove(state);
    return { values: pair(seat === 0 ? r.value : 1 - r.value), end: r.pliesToEnd };
  };
  const leaf = (state: S): number[] => {
    const v = staticValues(game, evaluate, state);
    // As alpha-beta scores a horizon: the difference of the two seats' values.
    return pair(0.5 + ((v[0] as number) - (v[1] as number)) / 2);
  };
  return {
    search(state) {
      const seat = game.toMove(state);
      const depth =
        limits.depth === undefined ? undefined : Math.max(1, limits.depth - (seat === 0 ? 0 : 1));
      const r = botOf(game, evaluate).search(
        state,
        depth === undefined ? { timeMs: limits.timeMs ?? 1000 } : { depth },
      );
      return {
        line: [...r.pv],
        value: valuesOf(state, r),
        depth: depth ?? Math.max(1, r.stats.depth),
        nodes: r.stats.nodes,
      };
    },
    after(next, depth) {
      if (game.terminal(next)) return { value: { values: leaf(next), end: 1 }, nodes: 0 };
      if (depth <= 1) return { value: { values: leaf(next), end: null }, nodes: 1 };
      const r = botOf(game, evaluate).search(next, { depth: depth - 1 });
      const v = valuesOf(next, r);
      return {
        value: { values: v.values, end: v.end === null ? null : v.end + 1 },
        nodes: r.stats.nodes,
      };
    },
  };
}

function maxn<S, M>(
  game: Game<S, M, unknown>,
  evaluate: Evaluator<S, M> | undefined,
  limits: AnalysisLimits,
): Searcher<S, M> {
  return {
    search(state) {
      const deadline =
        limits.depth === undefined ? performance.now() + (limits.timeMs ?? 1000) : undefined;
      const m = new Maxn(game, evaluate, deadline);
      const { result, depth } =
        limits.depth === undefined
          ? m.deepen(state)
          : { result: m.search(state, limits.depth), depth: limits.depth };
      return {
        line: [...result.line],
        value: { values: result.values, end: null },
        depth,
        nodes: m.nodes,
      };
    },
    after(next, depth) {
      const m = new Maxn(game, evaluate);
      const r = m.search(next, Math.max(0, depth - 1));
      return { value: { values: r.values, end: null }, nodes: m.nodes };
    },
  };
}

/** Whether `game` is searched by alpha-beta from `state` (two seats, nothing hidden). */
export function searchedByAlphaBeta<S, M>(game: Game<S, M, unknown>, state: S): boolean {
  return game.observe === undefined && game.players(state) === 2;
}

/**
 * Searches position `ply` of `line` (the record's main line replayed) for `plugin`'s game.
 */
export function analysePosition<S, M>(
  plugin: GamePlugin<S, M>,
  line: ReplayedLine<S, M>,
  ply: number,
  limits: AnalysisLimits,
): PositionResult {
  const game = plugin.game;
  const state = line.states[ply] as S;
  const evaluate = plugin.bots?.evaluate;
  if (game.terminal(state)) {
    return {
      seat: null,
      values: staticValues(game, evaluate, state),
      end: 0,
      best: null,
      pv: [],
      depth: 0,
      nodes: 0,
      played: null,
      agrees: false,
    };
  }
  const searcher = searchedByAlphaBeta(game, state)
    ? alphaBeta(game, evaluate, limits)
    : maxn(game, evaluate, limits);
  const found = searcher.search(state);
  const best = found.line[0] as M;
  const playedMove = line.moves[ply];
  const bestText = game.formatMove(state, best);
  const agrees = playedMove !== undefined && game.formatMove(state, playedMove) === bestText;
  let played: MoveValue | null = null;
  let nodes = found.nodes;
  if (agrees) played = found.value;
  else if (playedMove !== undefined) {
    const after = searcher.after(line.states[ply + 1] as S, found.depth);
    played = after.value;
    nodes += after.nodes;
  }
  return {
    seat: game.toMove(state),
    ...found.value,
    best: bestText,
    pv: texts(game, state, found.line),
    depth: found.depth,
    nodes,
    played,
    agrees,
  };
}

/** The main lines of records already replayed, per thread. */
const lines = new WeakMap<RecordedGame, ReplayedLine<unknown, unknown>>();

/** Does `job` with `plugin` (the job's game), replaying its record once per thread. */
export function runAnalyzeJob(job: AnalyzeJob, plugin: GamePlugin): PositionResult {
  let line = lines.get(job.record);
  if (line === undefined) {
    line = replayLine(plugin.game, job.record);
    lines.set(job.record, line);
  }
  return analysePosition(plugin, line, job.ply, job.limits);
}
