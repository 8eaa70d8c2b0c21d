/**
 * Plays bots against each other ({@link playGame}), for tests, benchmarks and the CLI.
 *
 * @module
 */
import { badArgument, gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import { type Game, normalizedScore } from '../core/game.js';
import { type OptionCheck, readCheckedOptions } from '../core/options.js';
import { CHECKS } from './options.js';
import type { Bot, SearchLimits } from './types.js';

/** Options of {@link playGame}. */
export interface PlayGameOptions<S> {
  /** The start state (default `game.start()`). */
  readonly start?: S;
  /** Search limits per move, for every bot (default: each bot's own defaults). */
  readonly limits?: SearchLimits;
  /** Stop after this many moves (default 1000); the game then counts as unfinished. */
  readonly maxPlies?: number;
}

/** The record of one game between bots. */
export interface GameRecord<S, M> {
  /** The moves played, in order. */
  readonly moves: readonly M[];
  /** The last state reached. */
  readonly final: S;
  /** Whether the game reached a terminal state. */
  readonly finished: boolean;
  /** `normalizedScore` of the final state per seat (½ each when unfinished in a win/loss game). */
  readonly result: readonly number[];
}

const PLAY_GAME_OPTIONS: Readonly<Record<keyof PlayGameOptions<unknown>, OptionCheck>> = {
  start: CHECKS.any,
  limits: CHECKS.limits,
  maxPlies: CHECKS.count,
};

function isBot(b: unknown): boolean {
  return (
    typeof b === 'object' && b !== null && typeof (b as Bot<unknown, unknown>).choose === 'function'
  );
}

/** Plays one game, `bots[seat]` choosing for each seat. */
export function playGame<S, M, O>(
  game: Game<S, M, O>,
  bots: readonly Bot<S, M>[],
  options: PlayGameOptions<S> = {},
): GameRecord<S, M> {
  gameArg('playGame', game);
  const o = readCheckedOptions(
    options,
    'playGame options',
    PLAY_GAME_OPTIONS,
  ) as PlayGameOptions<S>;
  if (!Array.isArray(bots) || !bots.every(isBot)) {
    badArgument('playGame', 'the bots', 'a list of bots (each with a choose function)', bots);
  }
  let state = o.start ?? game.start();
  const maxPlies = o.maxPlies ?? 1000;
  if (bots.length !== game.players(state)) {
    throw new RulesError(
      'UNSUPPORTED',
      `${game.name} has ${game.players(state)} seats, got ${bots.length} bots`,
    );
  }
  const moves: M[] = [];
  while (!game.terminal(state) && moves.length < maxPlies) {
    const bot = bots[game.toMove(state)] as Bot<S, M>;
    const move = bot.choose(state, o.limits);
    state = game.apply(state, move);
    moves.push(move);
  }
  return {
    moves,
    final: state,
    finished: game.terminal(state),
    result: normalizedScore(game, state),
  };
}
