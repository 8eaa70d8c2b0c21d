/**
 * The options of the MCTS bot: what each may be, checked when the bot is made, and the settings
 * they come to for a given game.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import { type OptionCheck, readCheckedOptions } from '../../core/options.js';
import type { Rng } from '../../core/rng.js';
import { CHECKS } from '../options.js';
import type { Evaluator, RolloutPolicy, SearchLimits } from '../types.js';

/**
 * Samples a full state consistent with what `seat` sees: given `observed = observe(s, seat)`,
 * return any state `d` with `observe(d, seat)` equivalent to `observed` (the hidden parts filled
 * in at random, e.g. the unseen cards dealt out and the chance RNG reseeded). Draw randomness
 * only from `rng` so the bot stays deterministic.
 */
export type Determinizer<S> = (observed: S, seat: number, rng: Rng) => S;

/** Options of {@link mctsBot}. */
export interface MctsOptions<S, M> {
  /** Seed of the bot's random stream (rollouts, expansion order, samples). Default 1. */
  readonly seed?: number;
  /** UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`, rewards being in [0, 1]. Default 0.7. */
  readonly exploration?: number;
  /** Limits used when `search` is called without any. Default `{ iterations: 1000 }`. */
  readonly defaultLimits?: SearchLimits<M>;
  /** Rollout policy; default uniform random. */
  readonly rollout?: RolloutPolicy<S, M>;
  /**
   * Cut rollouts after this many plies (default: play to the end). The cut position is scored
   * by `evaluate`, or by the normalized current score when there is none.
   */
  readonly rolloutDepth?: number;
  /** Evaluation of cut-off rollout positions (one value per seat in [0, 1]). */
  readonly evaluate?: Evaluator<S, M>;
  /**
   * Expand a node's moves best first by `evaluate` (the position each move leads to, for the
   * seat moving) instead of in random order, so that a small budget spends its iterations on
   * the moves the evaluation likes. Needs `evaluate` (ignored without it); best with
   * `rolloutDepth: 0`, where every new node is scored by the evaluation at once. Default `false`.
   */
  readonly guided?: boolean;
  /** Required for games with `observe`: samples full states from the bot's observation. */
  readonly determinize?: Determinizer<S>;
  /** Iterations run on each sampled state before sampling the next. Default 1 (one per iteration). */
  readonly iterationsPerSample?: number;
  /**
   * Keep the tree between searches: when the next state is found among the (up to
   * `reuseDepth` plies deep) descendants of the last root, that subtree becomes the new root.
   * Perfect-information games only. Default true.
   */
  readonly reuseTree?: boolean;
  /** How many plies below the old root to look for the new state. Default `2 × players`. */
  readonly reuseDepth?: number;
  /** `'fast'` (default): the game's play/undo path when it has one; `'apply'`: always `apply`. */
  readonly path?: 'fast' | 'apply';
  /** Room for moves per position on the `apply` path (default 1024). */
  readonly maxMoves?: number;
  /**
   * Stop growing the tree at this many nodes (playouts go on from its leaves), bounding memory
   * on long searches. Default 500,000. A node costs about 200 bytes plus 4 per legal move in
   * its position (measured: 224 bytes per node on Connect Four), so the default bounds the tree
   * at roughly 110 MB there and a few hundred MB on games with ~100 moves per position.
   */
  readonly maxTreeNodes?: number;
}

/** What each option of {@link MctsOptions} may be. */
const MCTS_OPTIONS: Readonly<Record<keyof MctsOptions<unknown, unknown>, OptionCheck>> = {
  seed: CHECKS.number,
  exploration: CHECKS.nonNegative,
  defaultLimits: CHECKS.limits,
  rollout: CHECKS.function,
  rolloutDepth: CHECKS.nonNegativeOrInfinity,
  evaluate: CHECKS.function,
  determinize: CHECKS.function,
  iterationsPerSample: CHECKS.positiveCount,
  guided: CHECKS.boolean,
  reuseTree: CHECKS.boolean,
  reuseDepth: CHECKS.count,
  path: CHECKS.path,
  maxMoves: CHECKS.positiveCount,
  maxTreeNodes: CHECKS.positiveCount,
};

/** The options as the bot uses them on one game, defaults filled in. */
export interface MctsSettings<S, M> {
  readonly seed: number;
  /** The UCB1 exploration constant. */
  readonly exploration: number;
  readonly defaultLimits: SearchLimits<M>;
  readonly rollout: RolloutPolicy<S, M> | undefined;
  readonly rolloutDepth: number;
  readonly evaluate: Evaluator<S, M> | undefined;
  /** Expansion best first by `evaluate` (only when there is one). */
  readonly guided: boolean;
  /** The game hides information: the bot searches determinized samples of its view. */
  readonly hidden: boolean;
  /** Set when `hidden`. */
  readonly determinize: Determinizer<S> | undefined;
  readonly perSample: number;
  /** Tree reuse, on perfect-information games only. */
  readonly reuse: boolean;
  readonly reuseDepth: number | undefined;
  readonly path: 'fast' | 'apply';
  readonly maxMoves: number | undefined;
  readonly maxTreeNodes: number;
}

/**
 * `given` checked (`RulesError('INVALID_OPTIONS')` naming the option; `'HIDDEN_INFORMATION'`
 * for a game with `observe` and no `determinize`) and completed with the defaults.
 */
export function mctsSettings<S, M, O>(game: Game<S, M, O>, given: unknown): MctsSettings<S, M> {
  const options = readCheckedOptions(given, 'mctsBot options', MCTS_OPTIONS) as MctsOptions<S, M>;
  const hidden = game.observe !== undefined;
  if (hidden && !options.determinize) {
    throw new RulesError(
      'HIDDEN_INFORMATION',
      `${game.name} hides information: mctsBot needs a determinize option to sample what the seat cannot see`,
    );
  }
  return {
    seed: options.seed ?? 1,
    exploration: options.exploration ?? 0.7,
    defaultLimits: options.defaultLimits ?? { iterations: 1000 },
    rollout: options.rollout,
    rolloutDepth: options.rolloutDepth ?? Number.POSITIVE_INFINITY,
    evaluate: options.evaluate,
    guided: options.guided === true && options.evaluate !== undefined,
    hidden,
    determinize: options.determinize,
    perSample: Math.max(1, Math.floor(options.iterationsPerSample ?? 1)),
    reuse: (options.reuseTree ?? true) && !hidden,
    reuseDepth: options.reuseDepth,
    path: options.path ?? 'fast',
    maxMoves: options.maxMoves,
    maxTreeNodes: options.maxTreeNodes ?? 500_000,
  };
}
