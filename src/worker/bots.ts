/**
 * The worker's side of a bot: the games it serves (each with the functions a bot may need and
 * a message cannot carry: its evaluator, its determinizer), a bot built from a
 * {@link BotSpec}, and one search from a saved state to a {@link PostedResult}.
 *
 * @module
 */
import { badArgument, gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { quote } from '../core/quote.js';
import type { Rng } from '../core/rng.js';
import { alphaBetaBot } from '../search/alphabeta.js';
import { mctsBot } from '../search/mcts.js';
import { randomBot } from '../search/random.js';
import type { Bot, SearchLimits, SearchNode, SearchResult } from '../search/types.js';
import type { BotSpec, PostedResult } from './protocol.js';

/**
 * A game a bot worker serves, with what its bots may need that cannot be posted: the game's
 * evaluator (`hiveEvaluator`, `coerceoEvaluator`, `torresEvaluator`: what a {@link BotSpec}'s
 * `evaluate: true` means) and, for a game with hidden information, how MCTS samples what its
 * seat cannot see (default: the game's own `determinize`).
 *
 * ```ts
 * const served: ServedGame = { game: hive, evaluate: hiveEvaluator };
 * ```
 */
export interface ServedGame {
  /** The game; requests name it by its `name`. */
  readonly game: Game<unknown, unknown, unknown>;
  /** Static evaluation for MCTS and alpha-beta (see `Evaluator`). Absent: the bots' default. */
  evaluate?(node: SearchNode<unknown, unknown>): ArrayLike<number>;
  /** MCTS on hidden information: see `Determinizer`. Default: `game.determinize`. */
  determinize?(observed: unknown, seat: number, rng: Rng): unknown;
}

/** `games` checked: served games with distinct names. Throws `RulesError('INVALID_ARGUMENT')`. */
export function servedGames(where: string, games: unknown): ReadonlyMap<string, ServedGame> {
  if (!Array.isArray(games) || games.length === 0) {
    badArgument(where, 'the games', 'a non-empty array of served games', games);
  }
  const byName = new Map<string, ServedGame>();
  games.forEach((served: unknown, i) => {
    const what = `game ${i}`;
    if (served === null || typeof served !== 'object') {
      badArgument(where, what, 'an object { game, evaluate?, determinize? }', served);
    }
    const s = served as Record<string, unknown>;
    const game = gameArg(where, s.game as Game<unknown, unknown, unknown>);
    if (typeof game.name !== 'string') badArgument(where, `${what}'s name`, 'text', game.name);
    for (const f of ['evaluate', 'determinize']) {
      if (s[f] !== undefined && typeof s[f] !== 'function') {
        badArgument(where, `${what}'s ${f}`, 'a function or absent', s[f]);
      }
    }
    if (byName.has(game.name)) {
      badArgument(where, what, 'a game not served twice', game.name);
    }
    byName.set(game.name, served as ServedGame);
  });
  return byName;
}

/** The served game called `name`, or `RulesError('INVALID_ARGUMENT')` naming those served. */
export function servedGame(games: ReadonlyMap<string, ServedGame>, name: string): ServedGame {
  const served = games.get(name);
  if (served === undefined) {
    throw new RulesError(
      'INVALID_ARGUMENT',
      `bot worker: no game ${quote(name)} here (it serves ${[...games.keys()].join(', ')})`,
    );
  }
  return served;
}

/**
 * The bot `spec` describes, for `served`'s game: built the way {@link BotSpec} says, so that
 * the same bot made in-process with the same options searches the same way. Throws the bots'
 * own `RulesError` (`INVALID_OPTIONS`, `HIDDEN_INFORMATION` for alpha-beta on a game that hides
 * information).
 */
export function buildBot(served: ServedGame, spec: BotSpec): Bot<unknown, unknown> {
  const { game } = served;
  if (spec.bot === 'random') return randomBot(game, spec.seed ?? 1);
  const evaluate = spec.evaluate === false ? undefined : served.evaluate;
  const withEvaluate = evaluate === undefined ? {} : { evaluate };
  if (spec.bot === 'alphabeta') return alphaBetaBot(game, { ...spec.options, ...withEvaluate });
  const determinize =
    served.determinize ??
    (game.determinize === undefined
      ? undefined
      : (observed: unknown, seat: number, rng: Rng) =>
          (game.determinize as NonNullable<typeof game.determinize>)(observed, seat, rng));
  return mctsBot(game, {
    ...spec.options,
    seed: spec.seed ?? 1,
    ...withEvaluate,
    ...(determinize === undefined ? {} : { determinize }),
  });
}

/** `moves` from `state` in the game's notation, as far as they are legal. */
function lineText(
  game: Game<unknown, unknown, unknown>,
  state: unknown,
  moves: readonly unknown[],
): string[] {
  const texts: string[] = [];
  let s = state;
  for (const m of moves) {
    try {
      texts.push(game.formatMove(s, m));
      s = game.apply(s, m);
    } catch {
      // MCTS on hidden information: its line may run through cards this deal does not hold.
      break;
    }
  }
  return texts;
}

/** `result`, a search of `state`, as it is posted: moves in notation. */
export function postedResult(
  game: Game<unknown, unknown, unknown>,
  state: unknown,
  result: SearchResult<unknown>,
): PostedResult {
  const move = game.formatMove(state, result.move);
  const line = lineText(game, state, result.pv);
  const pv = line[0] === move ? line : [move];
  const extra = result as { score?: unknown; pliesToEnd?: unknown };
  return {
    move,
    value: result.value,
    pv,
    stats: { ...result.stats },
    ...(typeof extra.score === 'number' ? { score: extra.score } : {}),
    ...(extra.pliesToEnd === null || typeof extra.pliesToEnd === 'number'
      ? { pliesToEnd: extra.pliesToEnd }
      : {}),
  };
}

/** Reads `text` with the game and searches it with `bot` within `limits`. */
export function searchText(
  game: Game<unknown, unknown, unknown>,
  bot: Bot<unknown, unknown>,
  text: string,
  limits: SearchLimits | undefined,
): PostedResult {
  const state = game.deserialize(text);
  return postedResult(game, state, bot.search(state, limits));
}
