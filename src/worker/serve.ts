/**
 * The worker's loop: {@link serveBots} answers every {@link BotRequest} it receives with one
 * {@link BotReply}, and refuses anything else with an `error` reply, never by throwing.
 *
 * @module
 */
import { badArgument, objectArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Bot } from '../search/types.js';
import { buildBot, type ServedGame, searchText, servedGame, servedGames } from './bots.js';
import { type BotReply, type BotRequest, errorReply, readRequest, requestId } from './protocol.js';

/**
 * Where a worker receives its messages and posts its answers: a browser worker's global scope
 * (`self`), a `MessagePort`, or Node.js' `parentPort` from `node:worker_threads`. Messages are
 * heard through `on('message', …)` when the scope has it (Node.js), else through
 * `addEventListener('message', …)`.
 */
export interface WorkerScope {
  /** Sends an answer to the page. */
  postMessage(message: unknown): void;
  /** Browsers (and Node.js ports): `event.data` is the message. */
  addEventListener?(
    type: 'message',
    listener: (event: { readonly type?: string; readonly data?: unknown }) => void,
  ): void;
  /** Node.js: the listener gets the message itself. */
  on?(type: 'message', listener: (message: unknown) => void): unknown;
  /** A `MessagePort`'s: starts the delivery of messages heard with `addEventListener`. */
  start?(): void;
}

/** One worker's bot and the games it may be built for. */
class BotHost {
  private bot: Bot<unknown, unknown> | null = null;
  private served: ServedGame | null = null;
  /** Why the last `create` failed: every search until the next `create` fails with it. */
  private failure: RulesError | null = null;

  constructor(private readonly games: ReadonlyMap<string, ServedGame>) {}

  answer(req: BotRequest): BotReply {
    if (req.kind === 'create') {
      this.bot = null;
      this.served = null;
      try {
        const served = servedGame(this.games, req.game);
        this.bot = buildBot(served, req.spec);
        this.served = served;
        this.failure = null;
      } catch (e) {
        this.failure = e instanceof RulesError ? e : null;
        throw e;
      }
      return { kind: 'ready', id: req.id };
    }
    const { bot, served } = this;
    if (bot === null || served === null) {
      throw (
        this.failure ??
        new RulesError('INVALID_ARGUMENT', `bot worker: no bot yet (send a create request first)`)
      );
    }
    if (req.kind === 'reset') {
      bot.reset();
      return { kind: 'ready', id: req.id };
    }
    return {
      kind: 'result',
      id: req.id,
      result: searchText(served.game, bot, req.state, req.limits),
    };
  }
}

/**
 * Serves boardrules bots in a worker: call it once in the worker's script, with the worker's
 * scope (`self` in a browser, `parentPort` in a Node.js worker thread) and the games it may
 * build bots for. From then on it answers every message (see {@link BotRequest}): `create`
 * builds the worker's one bot from a plain-data {@link BotSpec}, `search` searches a saved
 * state with it, `reset` is its `reset()`. Each request gets one answer carrying its `id`:
 * `ready`, `result` (the move and line in the game's notation), or `error` with the
 * `RulesError`'s code; a message that is not a request gets an `error` too (code
 * `INVALID_ARGUMENT`, id `null` when it has none). Nothing a message holds makes it throw.
 *
 * {@link BotWorker} is the other side, on the page. Throws `RulesError('INVALID_ARGUMENT')` for
 * a scope without `postMessage`, or games that are not a non-empty list of distinct
 * {@link ServedGame}s.
 *
 * ```ts
 * // bots.worker.ts, started by `new Worker(new URL('./bots.worker.js', import.meta.url))`
 * import { serveBots } from 'boardrules/worker';
 * import { hive, hiveEvaluator } from 'boardrules/hive';
 * serveBots(self, [{ game: hive, evaluate: hiveEvaluator }]);
 * ```
 */
export function serveBots(scope: WorkerScope, games: readonly ServedGame[]): void {
  const s = objectArg('serveBots', 'the scope', scope);
  if (typeof s.postMessage !== 'function') {
    badArgument('serveBots', "the scope's postMessage", 'a function', s.postMessage);
  }
  const hasOn = typeof s.on === 'function';
  if (!hasOn && typeof s.addEventListener !== 'function') {
    badArgument(
      'serveBots',
      'the scope',
      "a worker scope with addEventListener or on (self, or node:worker_threads' parentPort)",
      scope,
    );
  }
  const host = new BotHost(servedGames('serveBots', games));
  const post = (reply: BotReply): void => {
    try {
      scope.postMessage(reply);
    } catch (e) {
      scope.postMessage(errorReply(reply.id, e));
    }
  };
  const hear = (data: unknown): void => {
    let reply: BotReply;
    try {
      reply = host.answer(readRequest(data));
    } catch (e) {
      reply = errorReply(requestId(data), e);
    }
    post(reply);
  };
  if (hasOn) {
    (scope.on as NonNullable<WorkerScope['on']>).call(scope, 'message', hear);
  } else {
    (scope.addEventListener as NonNullable<WorkerScope['addEventListener']>).call(
      scope,
      'message',
      (event) => hear(event?.data),
    );
    if (typeof s.start === 'function') (s.start as () => void).call(scope);
  }
}
