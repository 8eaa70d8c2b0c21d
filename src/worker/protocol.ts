/**
 * The messages between a page (or a Node.js thread) and a worker running boardrules bots, as
 * plain data: a bot is described by a {@link BotSpec} (no functions: the worker holds the
 * evaluators), a state travels as the game's saved text (`serialize`), a move as its notation.
 * Both sides check what they receive: {@link readRequest} in the worker, {@link readReply} in
 * the client.
 *
 * @module
 */
import { RulesError, type RulesErrorCode } from '../core/errors.js';
import { isPlainObject } from '../core/options.js';
import { quote } from '../core/quote.js';
import type { AlphaBetaOptions } from '../search/alphabeta.js';
import type { MctsOptions } from '../search/mcts.js';
import { checkLimits } from '../search/options.js';
import type { SearchLimits, SearchStats } from '../search/types.js';

/** The bots a worker builds: `randomBot`, `mctsBot` and `alphaBetaBot` of the core entry. */
export type BotKind = 'random' | 'mcts' | 'alphabeta';

/** The bot kinds, in the order the docs list them. */
export const BOT_KINDS: readonly BotKind[] = ['random', 'mcts', 'alphabeta'];

/**
 * The options of `alphaBetaBot` that are plain data (all but `evaluate`, which the worker's
 * {@link ServedGame} supplies, and `shared`).
 */
export type PostableAlphaBetaOptions = Omit<
  AlphaBetaOptions<unknown, unknown>,
  'evaluate' | 'shared'
>;

/**
 * The options of `mctsBot` that are plain data (all but `seed`, which is {@link BotSpec}'s own,
 * and the functions `evaluate`, `determinize` and `rollout`: the worker's {@link ServedGame}
 * supplies the first two).
 */
export type PostableMctsOptions = Omit<
  MctsOptions<unknown, unknown>,
  'seed' | 'evaluate' | 'determinize' | 'rollout'
>;

/**
 * A bot described as plain data, so that it can be posted to a worker, which builds it:
 * - `{ bot: 'random', seed }`: `randomBot(game, seed)`;
 * - `{ bot: 'mcts', seed, evaluate, options }`: `mctsBot(game, { seed, ...options })`, with the
 *   served game's evaluator as its `evaluate` (unless `evaluate` is `false`) and its
 *   determinizer (a game with hidden information);
 * - `{ bot: 'alphabeta', evaluate, options }`: `alphaBetaBot(game, options)`, with the served
 *   game's evaluator (unless `evaluate` is `false`).
 *
 * `seed` defaults to 1 and `evaluate` to `true`, as for the bots themselves. The options are
 * checked by the bot when the worker builds it (`RulesError('INVALID_OPTIONS')`).
 */
export type BotSpec =
  | {
      /** `randomBot`. */
      readonly bot: 'random';
      /** The random stream's seed (default 1). */
      readonly seed?: number;
    }
  | {
      /** `mctsBot`. */
      readonly bot: 'mcts';
      /** The random stream's seed (default 1). */
      readonly seed?: number;
      /** Give the bot the served game's evaluator (default `true`). */
      readonly evaluate?: boolean;
      /** Its other options: `rolloutDepth`, `guided`, `exploration`, `defaultLimits`, … */
      readonly options?: PostableMctsOptions;
    }
  | {
      /** `alphaBetaBot`. */
      readonly bot: 'alphabeta';
      /** Give the bot the served game's evaluator (default `true`). */
      readonly evaluate?: boolean;
      /** Its other options: `ttSize`, `maxDepth`, `reductions`, `defaultLimits`, … */
      readonly options?: PostableAlphaBetaOptions;
    };

/** What a page asks of a bot worker. Every request carries an `id` its answer repeats. */
export type BotRequest =
  | {
      /** Build the worker's bot (replacing any it had): answered `ready`, or `error`. */
      readonly kind: 'create';
      /** The request's number, repeated by its answer. */
      readonly id: number;
      /** A served game's `name`. */
      readonly game: string;
      /** The bot to build. */
      readonly spec: BotSpec;
    }
  | {
      /** Search a state with the bot: answered `result`, or `error`. */
      readonly kind: 'search';
      /** The request's number, repeated by its answer. */
      readonly id: number;
      /** The state, as the game's `serialize` writes it. */
      readonly state: string;
      /** The search's limits (absent: the bot's defaults). */
      readonly limits?: SearchLimits;
    }
  | {
      /** The bot's `reset()`: answered `ready`, or `error` when there is no bot. */
      readonly kind: 'reset';
      /** The request's number, repeated by its answer. */
      readonly id: number;
    };

/** A search's answer as it travels: the move and the line in the game's notation. */
export interface PostedResult {
  /** The chosen move, in the game's notation in the searched state. */
  readonly move: string;
  /** The move's value for the seat to move, in `[0, 1]` (see `SearchResult.value`). */
  readonly value: number;
  /**
   * The principal variation in notation, starting with `move`, as far as its moves are legal
   * from the searched state (an MCTS line on a game with hidden information may run through
   * cards the real deal does not hold: it stops there).
   */
  readonly pv: readonly string[];
  /** The search's counters, as the bot gives them. */
  readonly stats: SearchStats;
  /** Alpha-beta only: its raw score (see `AlphaBetaResult.score`). */
  readonly score?: number;
  /** Alpha-beta only: plies to the end when the score is a proven result, else `null`. */
  readonly pliesToEnd?: number | null;
}

/** What a bot worker answers. */
export type BotReply =
  | {
      /** The bot was built (`create`) or reset (`reset`). */
      readonly kind: 'ready';
      /** The number of the request answered. */
      readonly id: number;
    }
  | {
      /** A search's result. */
      readonly kind: 'result';
      /** The number of the request answered. */
      readonly id: number;
      /** What the search found. */
      readonly result: PostedResult;
    }
  | {
      /**
       * The request failed or was refused: a `RulesError`'s code, message and rule, or
       * `WORKER_FAILED` for any other error.
       */
      readonly kind: 'error';
      /** The number of the request answered; `null` when the refused message had none. */
      readonly id: number | null;
      /** The `RulesError`'s code. */
      readonly code: RulesErrorCode;
      /** Its message, without the rule. */
      readonly message: string;
      /** The rule that refused a move, when one did. */
      readonly rule?: string;
    };

/** Option names that hold functions or objects, which cannot be posted. */
const NOT_POSTABLE: Readonly<Record<string, string>> = {
  evaluate: "the served game's evaluator is used: set the spec's evaluate to true or false",
  determinize: "the served game's determinizer is used",
  rollout: 'a rollout policy is a function, which cannot be posted',
  shared: 'a shared table cannot be posted',
  seed: "the seed is the spec's own field",
};

/** Deepest nesting of plain data accepted in an option value. */
const MAX_NESTING = 4;

/** Whether `value` is plain data a worker can receive: numbers, text, booleans, plain objects. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || ['number', 'string', 'boolean', 'undefined'].includes(typeof value)) {
    return true;
  }
  if (depth >= MAX_NESTING) return false;
  if (Array.isArray(value)) return value.every((v) => isPlainData(v, depth + 1));
  return isPlainObject(value) && Object.values(value).every((v) => isPlainData(v, depth + 1));
}

const SPEC_KEYS: Readonly<Record<BotKind, readonly string[]>> = {
  random: ['bot', 'seed'],
  mcts: ['bot', 'seed', 'evaluate', 'options'],
  alphabeta: ['bot', 'evaluate', 'options'],
};

/**
 * `value` checked as a {@link BotSpec}: its shape and that its options are plain data, not
 * their values (the bot checks those when it is built). Throws `RulesError('INVALID_OPTIONS')`.
 */
export function checkSpec(where: string, value: unknown): BotSpec {
  const fail = (what: string): never => {
    throw new RulesError('INVALID_OPTIONS', `${where}: ${what}`);
  };
  if (!isPlainObject(value)) return fail(`the bot must be a plain object, got ${quote(value)}`);
  const kind = value.bot;
  if (typeof kind !== 'string' || !(BOT_KINDS as readonly string[]).includes(kind)) {
    return fail(`'bot' must be one of ${BOT_KINDS.join(', ')}, got ${quote(kind)}`);
  }
  const known = SPEC_KEYS[kind as BotKind];
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      fail(`the ${kind} bot takes no ${quote(key)} (it takes: ${known.join(', ')})`);
    }
  }
  if (value.seed !== undefined && typeof value.seed !== 'number') {
    fail(`'seed' must be a number, got ${quote(value.seed)}`);
  }
  if (value.evaluate !== undefined && typeof value.evaluate !== 'boolean') {
    fail(`'evaluate' must be true or false, got ${quote(value.evaluate)}`);
  }
  const options = value.options;
  if (options !== undefined) {
    if (!isPlainObject(options)) fail(`'options' must be a plain object, got ${quote(options)}`);
    for (const [name, v] of Object.entries(options as Record<string, unknown>)) {
      const why = Object.hasOwn(NOT_POSTABLE, name) ? NOT_POSTABLE[name] : undefined;
      if (why !== undefined) fail(`option ${quote(name)} cannot be sent to a worker: ${why}`);
      if (!isPlainData(v)) fail(`option ${quote(name)} must be plain data, got ${quote(v)}`);
    }
  }
  return value as BotSpec;
}

/** Whether `id` can number a request: an integer in `0 .. 2^53 - 1`. */
function isId(id: unknown): id is number {
  return Number.isSafeInteger(id) && (id as number) >= 0;
}

/** A refusal of a message: `INVALID_ARGUMENT` with what was wrong. */
function refuse(what: string): never {
  throw new RulesError('INVALID_ARGUMENT', `bot worker: ${what}`);
}

/**
 * The request in a message a worker received, checked: its kind, its id and each field.
 * Throws `RulesError('INVALID_ARGUMENT')` (`INVALID_OPTIONS` for a bad spec or bad limits)
 * saying what is wrong; {@link requestId} gives the id to answer with.
 */
export function readRequest(data: unknown): BotRequest {
  if (!isPlainObject(data)) return refuse(`a request must be a plain object, got ${quote(data)}`);
  if (!isId(data.id)) return refuse(`'id' must be an integer >= 0, got ${quote(data.id)}`);
  const id = data.id;
  const fields = (...names: string[]): void => {
    for (const key of Object.keys(data)) {
      if (!names.includes(key)) refuse(`a ${String(data.kind)} request has no ${quote(key)}`);
    }
  };
  switch (data.kind) {
    case 'create': {
      fields('kind', 'id', 'game', 'spec');
      if (typeof data.game !== 'string') refuse(`'game' must be a name, got ${quote(data.game)}`);
      const spec = checkSpec('bot worker', data.spec);
      return { kind: 'create', id, game: data.game as string, spec };
    }
    case 'search': {
      fields('kind', 'id', 'state', 'limits');
      if (typeof data.state !== 'string') {
        refuse(`'state' must be a saved state (text), got ${quote(data.state)}`);
      }
      const limits = checkLimits('bot worker search limits', data.limits);
      return limits === undefined
        ? { kind: 'search', id, state: data.state as string }
        : { kind: 'search', id, state: data.state as string, limits };
    }
    case 'reset':
      fields('kind', 'id');
      return { kind: 'reset', id };
    default:
      return refuse(
        `'kind' must be create, search or reset, got ${quote(data.kind)} (this worker serves boardrules bots only)`,
      );
  }
}

/** The id of a message, when it has a readable one, else `null`. */
export function requestId(data: unknown): number | null {
  try {
    return isPlainObject(data) && isId(data.id) ? data.id : null;
  } catch {
    return null; // a proxy that throws, posted in the same thread
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isText = (v: unknown): v is string => typeof v === 'string';

/** Whether `r` has the shape of a {@link PostedResult}. */
function isPostedResult(r: unknown): r is PostedResult {
  return (
    isPlainObject(r) &&
    isText(r.move) &&
    isNumber(r.value) &&
    Array.isArray(r.pv) &&
    r.pv.every(isText) &&
    isPlainObject(r.stats) &&
    isNumber(r.stats.nodes) &&
    isNumber(r.stats.playouts) &&
    isNumber(r.stats.depth) &&
    isNumber(r.stats.elapsedMs) &&
    typeof r.stats.timedOut === 'boolean'
  );
}

/** The reply in a message a client received, or `null` when it is none of a bot worker's. */
export function readReply(data: unknown): BotReply | null {
  if (!isPlainObject(data)) return null;
  const { kind, id } = data;
  if (kind === 'ready' && isId(id)) return { kind, id };
  if (kind === 'result' && isId(id) && isPostedResult(data.result)) {
    return { kind, id, result: data.result };
  }
  if (kind === 'error' && (id === null || isId(id)) && isText(data.code) && isText(data.message)) {
    const rule = isText(data.rule) ? { rule: data.rule } : {};
    return { kind, id, code: data.code as RulesErrorCode, message: data.message, ...rule };
  }
  return null;
}

/** Longest message of an error that is not a `RulesError` (a bug's) sent back. */
const MAX_FAILURE = 300;

/** The reply that reports `error` (thrown while answering request `id`). */
export function errorReply(id: number | null, error: unknown): BotReply {
  if (error instanceof RulesError) {
    const suffix = error.rule === undefined ? '' : ` (${error.rule})`;
    const message =
      suffix !== '' && error.message.endsWith(suffix)
        ? error.message.slice(0, -suffix.length)
        : error.message;
    return {
      kind: 'error',
      id,
      code: error.code,
      message,
      ...(error.rule === undefined ? {} : { rule: error.rule }),
    };
  }
  const text = error instanceof Error ? String(error.message) : quote(error);
  const message = text.length > MAX_FAILURE ? `${text.slice(0, MAX_FAILURE)}…` : text;
  return { kind: 'error', id, code: 'WORKER_FAILED', message: `bot worker: ${message}` };
}

/** The `RulesError` an `error` reply reports. */
export function replyError(reply: Extract<BotReply, { kind: 'error' }>): RulesError {
  return new RulesError(reply.code, reply.message, reply.rule);
}
