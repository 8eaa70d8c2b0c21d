// The running game: its states so far, who plays each seat, and what the person to move has
// selected. No DOM: the page draws it.
//
// The bots are the same bots as `boardrules play --seats` (the game's kit: evaluator, rollout
// cut-off, Torres' determinizer; see bots.ts), each seat's in a Web Worker of its own
// (`BotWorker` from boardrules/worker), so the page's thread never searches. A seat's worker
// keeps its bot (an MCTS tree) between moves; stopping a search ends the worker, and the next
// search starts a fresh one.
import { isRulesError } from '../../src/index.js';
import { BotWorker } from '../../src/worker/index.js';
import type { AnyAdapter } from './adapter.js';
import { botSpec, type Spawn } from './bots.js';

/** Who plays a seat: a person clicking, or one of the bots. */
export type SeatKind = 'human' | 'random' | 'mcts';

/** The seat kinds and their names in the setup form. */
export const SEAT_KINDS: readonly (readonly [SeatKind, string])[] = [
  ['human', 'Person'],
  ['random', 'Random bot'],
  ['mcts', 'MCTS bot'],
];

/** A bot's search for one position (its epoch). */
interface Search {
  readonly epoch: number;
  readonly bot: BotWorker<unknown, unknown>;
}

export class Session {
  readonly adapter: AnyAdapter;
  states: unknown[] = [];
  texts: string[] = [];
  moves: unknown[] = [];
  /** The seat that played each move. */
  movers: number[] = [];
  seats: SeatKind[] = [];
  bots: (BotWorker<unknown, unknown> | null)[] = [];
  /** The MCTS bots' playouts per move. */
  iterations = 200;
  /** The bots wait (the page's Stop) until `resume`. */
  paused = false;
  /** The search under way, if any. */
  private search: Search | null = null;
  selected: string | null = null;
  /** Moves offered as buttons because one click matched several. */
  pending: unknown[] = [];
  /** Why the last click was refused ('' when it was not). */
  refusal = '';
  /** The rule that refused it (its ID), when the library named one. */
  refusalRule: string | undefined = undefined;
  /** Bumped on every change, so a bot move scheduled for an old position is dropped. */
  epoch = 0;

  /** Starts a worker for a bot (the page's `spawnBotWorker`; tests start theirs). */
  readonly spawn: Spawn;

  constructor(adapter: AnyAdapter, spawn: Spawn) {
    this.adapter = adapter;
    this.spawn = spawn;
  }

  get state(): unknown {
    return this.states[this.states.length - 1];
  }

  start(options: Record<string, unknown>, seats: SeatKind[], iterations: number): void {
    const game = this.adapter.game;
    this.reset(game.start(options as never));
    this.seats = seats;
    this.iterations = iterations;
    this.bots = seats.map((kind, seat) =>
      kind === 'human'
        ? null
        : new BotWorker(game, botSpec(kind, this.adapter.bots, seat + 1), this.spawn),
    );
  }

  /** Continues from `state` (a loaded position) with the same seats, the bots afresh. */
  reset(state: unknown): void {
    this.states = [state];
    this.texts = [];
    this.moves = [];
    this.movers = [];
    this.clearClick();
    this.search = null;
    // A fresh worker is a fresh bot: as `reset()`, and it also stops a search under way.
    for (const b of this.bots) b?.cancel();
  }

  /** Ends the bots' workers (the page leaves this game). */
  close(): void {
    this.search = null;
    for (const b of this.bots) b?.close();
  }

  play(move: unknown): void {
    const game = this.adapter.game;
    const text = game.formatMove(this.state, move);
    const mover = game.toMove(this.state);
    this.states.push(game.apply(this.state, move));
    this.texts.push(text);
    this.moves.push(move);
    this.movers.push(mover);
    this.clearClick();
  }

  /** Takes back the last move, and the bots' moves before it, back to a person's turn. */
  undo(): void {
    if (this.states.length <= 1) return;
    this.halt();
    do {
      this.states.pop();
      this.texts.pop();
      this.moves.pop();
      this.movers.pop();
    } while (this.states.length > 1 && this.botOnMove() !== null);
    this.clearClick();
  }

  /** Forgets the selection, the offered moves and the last refusal. */
  clearClick(): void {
    this.selected = null;
    this.pending = [];
    this.refusal = '';
    this.refusalRule = undefined;
    this.epoch++;
  }

  botOnMove(): BotWorker<unknown, unknown> | null {
    const game = this.adapter.game;
    if (game.terminal(this.state)) return null;
    return this.bots[game.toMove(this.state)] ?? null;
  }

  /** Whether the bot to move is searching this position. */
  get thinking(): boolean {
    return this.search !== null && this.search.epoch === this.epoch;
  }

  /**
   * Has the bot to move search this position, unless it already does or the bots are paused
   * (then `null`). Resolves with its move, or `null` when the search was stopped or the game
   * moved on meanwhile; rejects with the bot's error.
   */
  think(): Promise<{ readonly move: unknown } | null> | null {
    const bot = this.botOnMove();
    if (bot === null || this.paused || this.thinking) return null;
    this.halt();
    const search: Search = { epoch: this.epoch, bot };
    this.search = search;
    const done = (): boolean => {
      if (this.search === search) this.search = null;
      return search.epoch === this.epoch;
    };
    return bot.search(this.state, { iterations: this.iterations }).then(
      (r) => (done() ? { move: r.move } : null),
      (e: unknown) => {
        const current = done();
        if (isRulesError(e, 'CANCELLED') || !current) return null;
        throw e;
      },
    );
  }

  /** Stops the search under way (its bot's worker ends; the next search starts a new one). */
  halt(): void {
    const search = this.search;
    this.search = null;
    search?.bot.cancel();
  }

  /** The page's Stop: the bots wait, the search under way ends. */
  pause(): void {
    this.paused = true;
    this.halt();
  }

  /** The page's Go on: the bots play again (the page calls `think`). */
  resume(): void {
    this.paused = false;
  }
}
