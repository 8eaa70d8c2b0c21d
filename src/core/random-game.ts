/**
 * Seeded random playouts over any {@link Game}, for tests, tools and benchmarks.
 *
 * @module
 */
import { badArgument, gameArg, integerArg } from './args.js';
import type { Game } from './game.js';
import { readOptions } from './options.js';
import { Rng } from './rng.js';

/** Limits for {@link randomGame}. */
export interface RandomGameOptions {
  /** Stop after this many moves even if the game is not over. Default 1000. */
  readonly maxPlies?: number;
  /** Keep every intermediate state in the result (default false: only start and final). */
  readonly keepStates?: boolean;
}

/** The record of a random playout. */
export interface RandomGameResult<S, M> {
  /** The state the game started from. */
  readonly start: S;
  /** The moves played, in order. */
  readonly moves: readonly M[];
  /** Every state from the start to the final one (only with `keepStates`). */
  readonly states: readonly S[];
  /** The last state reached. */
  readonly final: S;
  /** Whether the final state is terminal (false when `maxPlies` stopped the game). */
  readonly finished: boolean;
}

/**
 * Plays uniformly random legal moves from `game.start(gameOptions)` using a seeded RNG, so the
 * same seed always gives the same game.
 */
export function randomGame<S, M, O>(
  game: Game<S, M, O>,
  gameOptions: Partial<O> | undefined,
  seed: number,
  options: RandomGameOptions = {},
): RandomGameResult<S, M> {
  return randomPlayout(gameArg('randomGame', game), game.start(gameOptions), seed, options);
}

/** As {@link randomGame}, from a given state. */
export function randomPlayout<S, M, O>(
  game: Game<S, M, O>,
  start: S,
  seed: number,
  options: RandomGameOptions = {},
): RandomGameResult<S, M> {
  gameArg('randomPlayout', game);
  const o = readOptions(options, 'random game options', ['maxPlies', 'keepStates']);
  const maxPlies = integerArg(
    'randomPlayout',
    "option 'maxPlies'",
    o.maxPlies ?? 1000,
    0,
    Number.MAX_SAFE_INTEGER,
    'INVALID_OPTIONS',
  );
  const keepStates = o.keepStates ?? false;
  if (typeof keepStates !== 'boolean') {
    badArgument('randomPlayout', "option 'keepStates'", 'a boolean', keepStates, 'INVALID_OPTIONS');
  }
  if (typeof seed !== 'number') badArgument('randomPlayout', 'the seed', 'a number', seed);
  const rng = new Rng(seed);
  const moves: M[] = [];
  const states: S[] = [start];
  let state = start;
  while (moves.length < maxPlies && !game.terminal(state)) {
    const legal = game.moves(state);
    if (legal.length === 0) break;
    const move = legal[rng.int(legal.length)] as M;
    state = game.apply(state, move);
    moves.push(move);
    if (keepStates) states.push(state);
  }
  return {
    start,
    moves,
    states: keepStates ? states : [start, state],
    final: state,
    finished: game.terminal(state),
  };
}
