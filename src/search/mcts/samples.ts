/**
 * What the MCTS bot may read of the state it searches: the seat to move (public) and that
 * seat's observation; on games with hidden information, the full states it samples from that
 * observation (determinization), a new one every `iterationsPerSample` iterations.
 *
 * @module
 */
import type { Game } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import type { RandomStream } from '../../core/stream.js';
import { type Cursor, cursorFor } from '../cursor.js';
import type { MctsSettings } from './options.js';
import type { MoveRoom } from './select.js';

/** The searched state as the bot sees it, and the samples of it. */
export class Samples<S, M, O> {
  /** The seat to move: the bot's. */
  readonly seat: number;
  /** What the seat sees: the state itself on perfect-information games. */
  readonly view: S;
  private rng: Rng | null = null;

  /** The view of `state` for the seat to move. */
  constructor(
    private readonly game: Game<S, M, O>,
    private readonly settings: MctsSettings<S, M>,
    state: S,
  ) {
    this.seat = game.toMove(state);
    this.view = settings.hidden && game.observe ? game.observe(state, this.seat) : state;
  }

  /** A cursor on the view. */
  viewCursor(): Cursor<S, M> {
    return cursorFor(this.game, this.view, this.settings.path, this.settings.maxMoves);
  }

  /** Starts the samples of a search: with hidden information, seeds their RNG from `stream`. */
  begin(stream: RandomStream): void {
    if (this.settings.hidden) this.rng = new Rng(stream.uint32());
  }

  /**
   * The cursor iteration `playouts` runs on: with hidden information a new sample every
   * `iterationsPerSample` iterations (with room made for its moves), else `cursor`.
   */
  cursorFor(playouts: number, cursor: Cursor<S, M>, room: MoveRoom): Cursor<S, M> {
    const { hidden, perSample, determinize, path, maxMoves } = this.settings;
    if (!hidden || playouts % perSample !== 0 || !determinize || !this.rng) return cursor;
    const sample = cursorFor(
      this.game,
      determinize(this.view, this.seat, this.rng),
      path,
      maxMoves,
    );
    room.ensure(sample.maxMoves);
    return sample;
  }
}
