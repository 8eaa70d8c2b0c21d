// The running game: its states so far, who plays each seat, and what the person to move has
// selected. No DOM: the page draws it.
//
// The bots come from the same factory and per-game kits (evaluator, rollout cut-off, Torres'
// determinizer) as `boardrules play --seats`, so the playground's bots are the CLI's bots.
import { createBot } from '../../src/cli/bots.js';
import type { Bot } from '../../src/index.js';
import type { AnyAdapter } from './adapter.js';

/** Who plays a seat: a person clicking, or one of the bots. */
export type SeatKind = 'human' | 'random' | 'mcts';

/** The seat kinds and their names in the setup form. */
export const SEAT_KINDS: readonly (readonly [SeatKind, string])[] = [
  ['human', 'Person'],
  ['random', 'Random bot'],
  ['mcts', 'MCTS bot'],
];

export class Session {
  readonly adapter: AnyAdapter;
  states: unknown[] = [];
  texts: string[] = [];
  moves: unknown[] = [];
  /** The seat that played each move. */
  movers: number[] = [];
  seats: SeatKind[] = [];
  bots: (Bot<unknown, unknown> | null)[] = [];
  selected: string | null = null;
  /** Moves offered as buttons because one click matched several. */
  pending: unknown[] = [];
  /** Why the last click was refused ('' when it was not). */
  refusal = '';
  /** The rule that refused it (its ID), when the library named one. */
  refusalRule: string | undefined = undefined;
  /** Bumped on every change, so a bot move scheduled for an old position is dropped. */
  epoch = 0;

  constructor(adapter: AnyAdapter) {
    this.adapter = adapter;
  }

  get state(): unknown {
    return this.states[this.states.length - 1];
  }

  start(options: Record<string, unknown>, seats: SeatKind[], iterations: number): void {
    const game = this.adapter.game;
    this.reset(game.start(options as never));
    this.seats = seats;
    this.bots = seats.map((kind, seat) =>
      kind === 'human'
        ? null
        : createBot(kind, game, this.adapter.bots, { seed: seat + 1, limits: { iterations } }),
    );
  }

  /** Continues from `state` (a loaded position) with the same seats. */
  reset(state: unknown): void {
    this.states = [state];
    this.texts = [];
    this.moves = [];
    this.movers = [];
    this.clearClick();
    for (const b of this.bots) b?.reset();
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

  botOnMove(): Bot<unknown, unknown> | null {
    const game = this.adapter.game;
    if (game.terminal(this.state)) return null;
    return this.bots[game.toMove(this.state)] ?? null;
  }
}
