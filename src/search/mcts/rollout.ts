/**
 * Rollouts: from the position a descent reached, moves by the rollout policy (uniform random by
 * default) to the end of the game or the `rolloutDepth` cut, and the rewards there: the
 * normalized score at the end, the evaluation (or the normalized current score) at a cut.
 *
 * @module
 */
import type { RandomStream } from '../../core/stream.js';
import type { Cursor } from '../cursor.js';
import type { MctsSettings } from './options.js';
import type { MoveRoom } from './select.js';

/** The rollouts of one search. */
export class Rollout<S, M> {
  /** Moves played by the rollouts. */
  nodes = 0;

  /**
   * Rollouts with the bot's `settings`, drawing from `stream` (the policy gets `random`, a
   * float of the same stream), listing moves in `room`.
   */
  constructor(
    private readonly settings: MctsSettings<S, M>,
    private readonly stream: RandomStream,
    private readonly random: () => number,
    private readonly room: MoveRoom,
  ) {}

  /**
   * Plays a rollout on `cursor`, scores where it stopped, and takes its moves back: the
   * rewards per seat.
   */
  run(cursor: Cursor<S, M>): ArrayLike<number> {
    const { rolloutDepth, rollout, evaluate } = this.settings;
    const moves = this.room.moves;
    let plies = 0;
    while (plies < rolloutDepth && !cursor.terminal()) {
      const n = cursor.generate(moves, 0);
      if (n === 0) break; // a live position without moves breaks the Game contract; don't hang
      const i = rollout ? rollout(cursor, moves, 0, n, this.random) : this.stream.int(n);
      cursor.play(moves[i]);
      plies++;
    }
    this.nodes += plies;
    const rewards = cursor.terminal() || !evaluate ? cursor.rewards() : evaluate(cursor);
    for (let i = 0; i < plies; i++) cursor.undo();
    return rewards;
  }
}
