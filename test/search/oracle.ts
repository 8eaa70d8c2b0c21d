/**
 * Plain minimax without pruning, tables or ordering, over `moves`/`apply` only: an independent
 * oracle for the game-theoretic value of small positions. Returns the value for the seat to
 * move: 1 win, 0 draw, -1 loss (two-player win/loss games).
 */
import type { Game } from '../../src/core/game.js';

export function minimax<S, M, O>(game: Game<S, M, O>, state: S): number {
  if (game.terminal(state)) {
    throw new Error('minimax: call on a live state');
  }
  const me = game.toMove(state);
  let best = -2;
  for (const m of game.moves(state)) {
    const next = game.apply(state, m);
    let v: number;
    if (game.terminal(next)) {
      const r = game.score(next);
      v = Math.sign((r[me] ?? 0) - (r[1 - me] ?? 0));
    } else {
      v = game.toMove(next) === me ? minimax(game, next) : -minimax(game, next);
    }
    if (v > best) best = v;
    if (best === 1) break;
  }
  return best === 0 ? 0 : best; // no -0
}

/** Value (for the mover) of playing `move` in `state`. */
export function moveValue<S, M, O>(game: Game<S, M, O>, state: S, move: M): number {
  const me = game.toMove(state);
  const next = game.apply(state, move);
  if (game.terminal(next)) {
    const r = game.score(next);
    return Math.sign((r[me] ?? 0) - (r[1 - me] ?? 0));
  }
  const v = game.toMove(next) === me ? minimax(game, next) : -minimax(game, next);
  return v === 0 ? 0 : v;
}
