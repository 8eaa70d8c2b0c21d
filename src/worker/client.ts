/**
 * The page's side of a bot worker: {@link BotWorker} posts a state to a worker that runs
 * {@link serveBots}, and answers with the bot's result, moves parsed back into the game's
 * moves. It can be stopped at any time ({@link BotWorker.cancel}): the worker is ended, and a
 * fresh one is started for the next search.
 *
 * @module
 */
import { badArgument, gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { quote } from '../core/quote.js';
import { checkLimits } from '../search/options.js';
import type { SearchLimits, SearchResult } from '../search/types.js';
import {
  type BotReply,
  type BotRequest,
  type BotSpec,
  checkSpec,
  type PostedResult,
  readReply,
  replyError,
} from './protocol.js';

/** What a worker's events carry, as far as {@link BotWorker} reads them. */
export interface WorkerEvent {
  /** A `message` event's message. */
  readonly data?: unknown;
  /** An `error` event's text. */
  readonly message?: unknown;
  /** An `error` event's: keeps the browser from also reporting the error on the page. */
  preventDefault?(): void;
}

/**
 * A worker as {@link BotWorker} uses it: a browser `Worker`, or a Node.js `Worker` from
 * `node:worker_threads` (or anything with the same methods). Its events are heard through
 * `addEventListener` when it has it (browsers), else through `on` (Node.js, where an `exit`
 * that was not asked for also counts as a failure). `ref`/`unref` (Node.js) are used so that an
 * idle worker does not keep the process alive.
 */
export interface WorkerLike {
  /** Sends a request to the worker. */
  postMessage(message: unknown): void;
  /** Ends the worker at once, whatever it is doing. */
  terminate(): unknown;
  /** Browsers: hears `message` (`event.data`), `messageerror` and `error` events. */
  addEventListener?(
    type: 'message' | 'messageerror' | 'error',
    listener: (event: WorkerEvent) => void,
  ): void;
  /** Node.js: hears `message` (the message itself), `messageerror`, `error` and `exit`. */
  on?(
    type: 'message' | 'messageerror' | 'error' | 'exit',
    listener: (value: unknown) => void,
  ): unknown;
  /** Node.js: keeps the process alive while the worker runs (called while a search is pending). */
  ref?(): unknown;
  /** Node.js: lets the process end while the worker is idle. */
  unref?(): unknown;
}

/** A search's result from a worker: the common result, plus the moves as the worker wrote them. */
export interface BotWorkerResult<M> extends SearchResult<M> {
  /** `move` in the game's notation. */
  readonly moveText: string;
  /**
   * `pv` in the game's notation: the line as far as its moves are legal from the searched
   * state (an MCTS line on a game with hidden information may be cut where it runs through
   * cards the real deal does not hold; it always holds `move`).
   */
  readonly pvText: readonly string[];
  /** Alpha-beta only: its raw score (see `AlphaBetaResult.score`). */
  readonly score?: number;
  /** Alpha-beta only: plies to the end when the score is a proven result, else `null`. */
  readonly pliesToEnd?: number | null;
}

/** A request without its number (which {@link BotWorker} adds), each kind on its own. */
type Unnumbered<R> = R extends unknown ? Omit<R, 'id'> : never;

interface Pending {
  resolve(reply: BotReply): void;
  reject(error: RulesError): void;
}

/** A caught value's text, for a message. */
function describe(e: unknown): string {
  return e instanceof Error ? String(e.message) : quote(e);
}

/**
 * One bot running in a worker, searched from the page's thread without blocking it:
 *
 * ```ts
 * const bot = new BotWorker(hive, { bot: 'alphabeta' }, () =>
 *   new Worker(new URL('./bots.worker.js', import.meta.url), { type: 'module' }),
 * );
 * const result = await bot.search(state, { timeMs: 2000 }); // result.move is a HiveMove
 * bot.cancel(); // from a Stop button: the pending search rejects with RulesError('CANCELLED')
 * ```
 *
 * `spawn` starts a worker whose script calls {@link serveBots} with `game` among its games. The
 * worker is started at the first search (`spawn` is called then), gets the `spec` (a
 * {@link BotSpec}: plain data) and keeps its bot between searches, so an MCTS bot reuses its
 * tree and an alpha-beta bot its table, exactly as the same bot in-process: with the same
 * spec, options and limits (no `timeMs`), a search gives the same move, value, line and node
 * count. Searches asked for while one runs wait their turn in the worker.
 *
 * Errors: a promise rejects with a `RulesError` — the bot's own, with its code, for a bad
 * state, bad limits or options (`INVALID_OPTIONS`, `INVALID_STATE`, `GAME_OVER`, …);
 * `CANCELLED` after {@link BotWorker.cancel} or {@link BotWorker.close}; `WORKER_FAILED` when
 * the worker could not start or died (its script failed, or it ran out of memory).
 */
export class BotWorker<S, M> {
  /** The game searched. */
  readonly game: Game<S, M, unknown>;
  /** The bot, as the worker builds it. */
  readonly spec: BotSpec;
  private readonly spawn: () => WorkerLike;
  private worker: WorkerLike | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  /**
   * Throws `RulesError('INVALID_ARGUMENT')` for a value that is not a game or a function, and
   * `INVALID_OPTIONS` for a `spec` that is not a {@link BotSpec} of plain data (the bot checks
   * its options' values when the worker builds it: an error there rejects the first search).
   */
  constructor(game: Game<S, M, unknown>, spec: BotSpec, spawn: () => WorkerLike) {
    this.game = gameArg('new BotWorker', game);
    this.spec = checkSpec('new BotWorker', spec);
    if (typeof spawn !== 'function') {
      badArgument('new BotWorker', 'spawn', 'a function that starts a worker', spawn);
    }
    this.spawn = spawn;
  }

  /** Whether a search (or reset) is under way or waiting. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /**
   * Searches `state` (not terminal) within `limits` (the bot's defaults without), in the
   * worker. Resolves with the result, its moves parsed back from their notation in `state`.
   */
  search(state: S, limits?: SearchLimits): Promise<BotWorkerResult<M>> {
    return this.request(() => {
      const text = this.game.serialize(state);
      const checked = checkLimits('BotWorker.search limits', limits);
      return checked === undefined
        ? { kind: 'search', state: text }
        : { kind: 'search', state: text, limits: checked };
    }).then((reply) => this.resultOf(state, reply));
  }

  /**
   * The bot's `reset()` in the worker: forgets its tree or table and restarts its random
   * stream. Resolves at once when no worker is running (the next one starts with a fresh bot).
   */
  reset(): Promise<void> {
    if (this.worker === null && !this.closed) return Promise.resolve();
    return this.request(() => ({ kind: 'reset' })).then(() => undefined);
  }

  /**
   * Stops everything under way: the worker is terminated (a search cannot be interrupted from
   * outside), and each pending search rejects with `RulesError('CANCELLED')`. The next search
   * starts a new worker with a fresh bot, as after `reset()`. Also the way to free an idle
   * worker. Does nothing when no worker is running.
   */
  cancel(): void {
    this.stop(new RulesError('CANCELLED', 'BotWorker: cancelled (the worker was ended)'));
  }

  /** {@link BotWorker.cancel}, for good: later searches reject with `CANCELLED`. */
  close(): void {
    this.closed = true;
    this.cancel();
  }

  /** Posts the request `make` builds, numbered; resolves with its answer. */
  private request(make: () => Unnumbered<BotRequest>): Promise<BotReply> {
    try {
      if (this.closed) throw new RulesError('CANCELLED', 'BotWorker: closed, it searches no more');
      const body = make();
      const worker = this.started();
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        try {
          worker.postMessage({ ...body, id });
        } catch (e) {
          // A value structured cloning refuses (a function, a signal): only plain data travels.
          const what = `BotWorker: cannot post the request (only plain data travels to a worker)`;
          reject(new RulesError('INVALID_ARGUMENT', `${what}: ${describe(e)}`));
          return;
        }
        this.pending.set(id, { resolve, reject });
        worker.ref?.();
      });
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** The running worker, or a new one, given the bot. */
  private started(): WorkerLike {
    if (this.worker !== null) return this.worker;
    let worker: WorkerLike;
    try {
      worker = this.spawn();
    } catch (e) {
      throw new RulesError('WORKER_FAILED', `BotWorker: the worker did not start: ${describe(e)}`);
    }
    const w = worker as unknown as Record<string, unknown> | null;
    if (
      w === null ||
      typeof w !== 'object' ||
      typeof w.postMessage !== 'function' ||
      typeof w.terminate !== 'function' ||
      (typeof w.addEventListener !== 'function' && typeof w.on !== 'function')
    ) {
      throw new RulesError(
        'WORKER_FAILED',
        `BotWorker: spawn must return a worker (postMessage, terminate, and addEventListener or on), got ${quote(worker)}`,
      );
    }
    this.worker = worker;
    this.listen(worker);
    try {
      worker.postMessage({
        kind: 'create',
        id: this.nextId++,
        game: this.game.name,
        spec: this.spec,
      });
    } catch (e) {
      const error = new RulesError(
        'WORKER_FAILED',
        `BotWorker: cannot post the bot: ${describe(e)}`,
      );
      this.stop(error);
      throw error;
    }
    return worker;
  }

  /** Hears `worker`'s answers and failures (only while it is the running one). */
  private listen(worker: WorkerLike): void {
    const fail = (what: string): void => {
      if (this.worker === worker) {
        this.stop(new RulesError('WORKER_FAILED', `BotWorker: the worker failed: ${what}`));
      }
    };
    const hear = (data: unknown): void => {
      if (this.worker === worker) this.settle(data);
    };
    if (typeof worker.addEventListener === 'function') {
      worker.addEventListener('message', (event) => hear(event?.data));
      worker.addEventListener('messageerror', () => fail('an answer could not be read'));
      worker.addEventListener('error', (event) => {
        event?.preventDefault?.();
        const text = typeof event?.message === 'string' ? event.message : '';
        fail(text === '' ? 'an error in its script' : text);
      });
    } else {
      const on = (worker.on as NonNullable<WorkerLike['on']>).bind(worker);
      on('message', hear);
      on('messageerror', () => fail('an answer could not be read'));
      on('error', (e) => fail(describe(e)));
      on('exit', (code) => fail(`it exited (code ${quote(code)})`));
    }
  }

  /** Settles the request an answer is for. */
  private settle(data: unknown): void {
    const reply = readReply(data);
    if (reply === null || reply.id === null) return;
    const p = this.pending.get(reply.id);
    if (p === undefined) return; // `create`'s answer: its error also answers every search
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref?.();
    if (reply.kind === 'error') p.reject(replyError(reply));
    else p.resolve(reply);
  }

  /** Ends the running worker; every pending request rejects with `error`. */
  private stop(error: RulesError): void {
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) {
      try {
        const ended = worker.terminate() as { then?: unknown } | undefined;
        // Node.js: a promise of the exit code.
        if (typeof ended?.then === 'function')
          (ended as Promise<unknown>).then(undefined, () => {});
      } catch {
        // Already ended.
      }
    }
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }

  /** The search result in `reply`, its moves parsed in `state`. */
  private resultOf(state: S, reply: BotReply): BotWorkerResult<M> {
    if (reply.kind !== 'result') {
      throw new RulesError('WORKER_FAILED', `BotWorker: a search was answered '${reply.kind}'`);
    }
    const r: PostedResult = reply.result;
    const { game } = this;
    const move = game.parseMove(state, r.move);
    const pv: M[] = [];
    let s = state;
    for (const text of r.pv) {
      try {
        const m = game.parseMove(s, text);
        pv.push(m);
        s = game.apply(s, m);
      } catch {
        break;
      }
    }
    return {
      move,
      value: r.value,
      pv: pv.length > 0 ? pv : [move],
      stats: r.stats,
      moveText: r.move,
      pvText: r.pv,
      ...(r.score === undefined ? {} : { score: r.score }),
      ...(r.pliesToEnd === undefined ? {} : { pliesToEnd: r.pliesToEnd }),
    };
  }
}
