/**
 * The bots a front end can seat, built in one place for the CLI (`boardrules play --seats`)
 * and any other front end (the playground): a name (`random`, `mcts`, `alphabeta`) plus the
 * game's {@link BotKit} (its evaluator, its determinizer for hidden information and its MCTS
 * rollout cut-off) gives a ready {@link Bot}.
 *
 * @module
 */
import type { Game } from '../core/game.js';
import { alphaBetaBot } from '../search/alphabeta.js';
import { type Determinizer, mctsBot } from '../search/mcts.js';
import { randomBot } from '../search/random.js';
import type { Bot, Evaluator, SearchLimits } from '../search/types.js';

/** What a game contributes to its bots: everything is optional, the bots work without it. */
export interface BotKit<S, M> {
  /**
   * Static evaluation, one value per seat in [0, 1]: alpha-beta's horizon and the score of
   * MCTS rollouts cut after {@link BotKit.rolloutDepth} plies.
   */
  readonly evaluate?: Evaluator<S, M>;
  /** Games with hidden information: how MCTS samples what its seat cannot see. */
  readonly determinize?: Determinizer<S>;
  /**
   * Cut MCTS rollouts after this many plies and score the position with `evaluate` (default:
   * play rollouts to the end). Only used together with `evaluate`.
   */
  readonly rolloutDepth?: number;
  /**
   * MCTS expands a node's moves best first by `evaluate` instead of in random order (see
   * `mctsBot`'s `guided`); with `rolloutDepth: 0` it scores each new node by `evaluate` alone.
   * For games whose turns are many small actions, where random expansion and rollouts measure
   * little (turns of several actions each, say).
   */
  readonly guided?: boolean;
}

/** The bot kinds a seat can hold. */
export const BOT_NAMES: readonly BotName[] = ['random', 'mcts', 'alphabeta'];

/** A bot kind: the seeded random player, Monte Carlo tree search or alpha-beta. */
export type BotName = 'random' | 'mcts' | 'alphabeta';

/** Accepted spellings besides the names themselves. */
const ALIASES: Readonly<Record<string, BotName>> = { ab: 'alphabeta', 'alpha-beta': 'alphabeta' };

/** The bot kind a name stands for (case-insensitive; `ab` is `alphabeta`), or `undefined`. */
export function botName(text: string): BotName | undefined {
  const t = text.trim().toLowerCase();
  if ((BOT_NAMES as readonly string[]).includes(t)) return t as BotName;
  return ALIASES[t];
}

/**
 * Why `name` cannot play `game` from `state`, or `null` when it can: alpha-beta needs two
 * seats and perfect information; MCTS on a game with hidden information needs the kit's
 * determinizer.
 */
export function botUnsupported<S, M, O>(
  name: BotName,
  game: Game<S, M, O>,
  state: S,
  kit: BotKit<S, M> = {},
): string | null {
  if (name === 'alphabeta') {
    if (game.observe) return `alphabeta needs perfect information, and ${game.name} hides some`;
    const n = game.players(state);
    if (n !== 2) return `alphabeta needs a two-player game, this ${game.name} game has ${n} seats`;
  }
  if (name === 'mcts' && game.observe && !kit.determinize) {
    return `mcts needs a determinizer for ${game.name}, which hides information`;
  }
  return null;
}

/** Options of {@link createBot}. */
export interface CreateBotOptions {
  /** Seed of the bot's random stream (random and MCTS bots). Default 1. */
  readonly seed?: number;
  /** Limits the bot searches with when `search`/`choose` get none. */
  readonly limits?: SearchLimits;
}

/**
 * A fresh bot of kind `name` for `game`, wired with the game's kit: MCTS gets the determinizer
 * (hidden information) and, with an evaluator, rollouts cut at `kit.rolloutDepth` plies and
 * (with `kit.guided`) moves expanded best first;
 * alpha-beta gets the evaluator at its horizon. Check {@link botUnsupported} first: this throws
 * the bots' own `RulesError` for a combination they cannot play.
 */
export function createBot<S, M, O>(
  name: BotName,
  game: Game<S, M, O>,
  kit: BotKit<S, M> = {},
  options: CreateBotOptions = {},
): Bot<S, M> {
  const seed = options.seed ?? 1;
  const limits = options.limits;
  if (name === 'random') return randomBot(game, seed);
  if (name === 'mcts') {
    return mctsBot(game, {
      seed,
      ...(limits ? { defaultLimits: limits } : {}),
      ...(kit.determinize ? { determinize: kit.determinize } : {}),
      ...(kit.evaluate && kit.rolloutDepth !== undefined
        ? { evaluate: kit.evaluate, rolloutDepth: kit.rolloutDepth }
        : {}),
      ...(kit.evaluate && kit.guided === true ? { evaluate: kit.evaluate, guided: true } : {}),
    });
  }
  return alphaBetaBot(game, {
    ...(limits ? { defaultLimits: limits } : {}),
    ...(kit.evaluate ? { evaluate: kit.evaluate } : {}),
  });
}
