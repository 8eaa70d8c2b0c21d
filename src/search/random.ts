/**
 * The seeded random player: a uniform choice among the legal moves, drawn from a `core/rng`
 * stream. The baseline every other bot must beat.
 *
 * @module
 */
import { badArgument, gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { checkLimits } from './options.js';
import type { Bot, SearchLimits, SearchResult } from './types.js';

/**
 * A bot that plays a uniformly random legal move. The `k`-th call of `search`/`choose` after
 * construction (or `reset`) draws the `k`-th number of the `core/rng` stream of `seed`, so a
 * game between seeded bots replays exactly. On games with hidden information it chooses among
 * `moves(observe(state, seat))`, which the `Game` contract makes equal to `moves(state)`.
 * Limits are checked but otherwise ignored.
 */
export function randomBot<S, M, O>(game: Game<S, M, O>, seed = 1): Bot<S, M> {
  gameArg('randomBot', game);
  if (typeof seed !== 'number') badArgument('randomBot', 'the seed', 'a number', seed);
  let rng = new Rng(seed);
  const search = (state: S, limits?: SearchLimits): SearchResult<M> => {
    checkLimits('random bot search', limits);
    const t0 = performance.now();
    if (game.terminal(state)) throw new RulesError('GAME_OVER', 'random bot: the game is over');
    const view = game.observe ? game.observe(state, game.toMove(state)) : state;
    const moves = game.moves(view);
    if (moves.length === 0) throw new RulesError('INVALID_STATE', 'random bot: no legal move');
    const move = moves[rng.int(moves.length)] as M;
    return {
      move,
      value: 0.5,
      pv: [move],
      stats: {
        nodes: 0,
        playouts: 0,
        depth: 0,
        elapsedMs: performance.now() - t0,
        timedOut: false,
      },
    };
  };
  return {
    name: 'random',
    search,
    choose: (state, limits) => search(state, limits).move,
    reset() {
      rng = new Rng(seed);
    },
  };
}
