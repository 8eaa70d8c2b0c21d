/**
 * Max-n: the search `analyze` gives a game alpha-beta cannot search (more than two seats, or
 * cards hidden from the seats). Every seat picks, at its turns, the move best for itself; the
 * leaves are scored by the game's evaluator, one value per seat in [0, 1], and a finished game by
 * its normalized score. A record holds every card its game dealt, so the search sees the whole
 * recorded state: the analysis is "double dummy", as bridge players call judging a hand with
 * every card face up. Plain `moves`/`apply`, no pruning (max-n has little), no table: small
 * depths, and the same answer on every run.
 *
 * @module
 */
import { type Game, normalizedScore } from '../../core/game.js';
import type { Evaluator } from '../../search/types.js';

/** What a search to some depth found. */
export interface MaxnResult<M> {
  /** The value of the position for each seat, in [0, 1]. */
  readonly values: readonly number[];
  /** The line the seats choose, from the position (empty at a leaf). */
  readonly line: readonly M[];
}

/** Thrown inside the search when its time is up. */
class OutOfTime extends Error {}

/** The static values of `state` (see the module comment). */
export function staticValues<S, M, O>(
  game: Game<S, M, O>,
  evaluate: Evaluator<S, M> | undefined,
  state: S,
): number[] {
  if (game.terminal(state) || evaluate === undefined) return normalizedScore(game, state);
  return Array.from(
    evaluate({ position: undefined, state: () => state, toMove: () => game.toMove(state) }),
  );
}

/** A max-n search of one position; `nodes` counts the positions it entered. */
export class Maxn<S, M, O> {
  nodes = 0;

  constructor(
    private readonly game: Game<S, M, O>,
    private readonly evaluate: Evaluator<S, M> | undefined,
    /** `performance.now()` past which the search gives up (Infinity: never). */
    private readonly deadline: number = Number.POSITIVE_INFINITY,
  ) {}

  private node(state: S, depth: number): MaxnResult<M> {
    this.nodes++;
    if ((this.nodes & 1023) === 0 && performance.now() > this.deadline) throw new OutOfTime();
    const { game } = this;
    if (depth === 0 || game.terminal(state)) {
      return { values: staticValues(game, this.evaluate, state), line: [] };
    }
    const seat = game.toMove(state);
    let best: MaxnResult<M> | null = null;
    let bestMove: M | null = null;
    // Ties go to the first move in the game's order, so the answer is the same on every run.
    for (const move of game.moves(state)) {
      const r = this.node(game.apply(state, move), depth - 1);
      if (best === null || (r.values[seat] as number) > (best.values[seat] as number)) {
        best = r;
        bestMove = move;
      }
    }
    if (best === null) return { values: staticValues(game, this.evaluate, state), line: [] };
    return { values: best.values, line: [bestMove as M, ...best.line] };
  }

  /** The position searched `depth` plies deep. */
  search(state: S, depth: number): MaxnResult<M> {
    return this.node(state, depth);
  }

  /**
   * Iterative deepening until the deadline: the deepest search completed (at least one ply,
   * whatever the time), and its depth.
   */
  deepen(state: S, maxDepth = 64): { readonly result: MaxnResult<M>; readonly depth: number } {
    const first = new Maxn(this.game, this.evaluate);
    let done = { result: first.search(state, 1), depth: 1 };
    this.nodes += first.nodes;
    for (let d = 2; d <= maxDepth && performance.now() < this.deadline; d++) {
      try {
        done = { result: this.search(state, d), depth: d };
      } catch (e) {
        if (e instanceof OutOfTime) break;
        throw e;
      }
    }
    return done;
  }
}
