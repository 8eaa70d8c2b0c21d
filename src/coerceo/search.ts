/**
 * Search positions of Coerceo states (`coerceo.search`): a copy of the state's tree position
 * that plays on by itself, and whose `state()` turns it back into a state through its origin
 * (the position knows no state).
 *
 * @module
 */
import type { CoerceoPosition, PositionOrigin } from './engine/position.js';
import { positionOf, stepTextAt, trustState } from './state.js';
import type { CoerceoState } from './types.js';

/**
 * What a search position was made from: the state, and where its position stood in the search
 * position's sequence (`stackTop`) then. Its `stateOf` is the search position's `state()`.
 */
class SearchOrigin implements PositionOrigin {
  constructor(
    private readonly from: CoerceoState,
    private readonly at: number,
  ) {}

  /**
   * The state `pos` shows, with the repetition history (positions and move texts since the last
   * irreversible turn) carried along: the entries from before the search are the state's own
   * (immutable, so shared), later ones are read off the position's undo stack. The state is the
   * root of a tree of its own once a position is needed for it.
   */
  stateOf(pos: CoerceoPosition): CoerceoState {
    const from = this.from;
    const at = this.at;
    const top = pos.stackTop();
    // The search position never undoes below `at`, so its segment starts at or after `from`'s.
    const first = at - from.history.length;
    const history: Array<readonly [number, number, number, number]> = [];
    const since: string[] = [];
    for (let j = pos.segmentStart(); j < top; j++) {
      if (j < at) {
        history.push(from.history[j - first] as readonly [number, number, number, number]);
        since.push(from.since[j - first] as string);
      } else {
        history.push([
          pos.pieceWordAt(j, 0),
          pos.pieceWordAt(j, 1),
          pos.pieceWordAt(j, 2),
          pos.pieceWordAt(j, 3),
        ]);
        since.push(stepTextAt(pos, j));
      }
    }
    return trustState({
      pieces: [pos.pieceWord(0), pos.pieceWord(1), pos.pieceWord(2), pos.pieceWord(3)],
      tiles: pos.tiles,
      held: [pos.heldBy(0), pos.heldBy(1)],
      side: pos.toMove() as 0 | 1,
      layout: from.layout,
      exchangeCost: from.exchangeCost,
      rulings: from.rulings,
      history,
      since,
      // Nothing is played after a resignation: it ends the game.
      resigned: top === at ? from.resigned : null,
      status: pos.status,
    });
  }
}

/**
 * A search position of its own for `state` (checked at entry point `where`): a copy of the
 * position of its tree at its version, whose `state()` rebuilds a state after any plays.
 */
export function searchPositionOf(state: unknown, where: string): CoerceoPosition {
  const pos = positionOf(state, where).clone();
  pos.origin = new SearchOrigin(state as CoerceoState, pos.stackTop());
  return pos;
}
