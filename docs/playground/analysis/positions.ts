// The states of a record's tree, replayed through the rules as the board visits them: each node
// read in its parent's state (leniently where the game's records are: `records.readMove`, as
// `replayLine` reads) and applied, once, and kept. A node the rules refuse stops its line there,
// with the reason in `replayLine`'s words (the ply, the move text and the rule). No DOM.
import {
  type Game,
  isRulesError,
  type RecordedGame,
  type RecordNode,
  recordStart,
} from '../../../src/index.js';
import { nodesTo, type Path } from './tree.js';

/** A node replayed: the state after it and the move it was read as, or why it could not be. */
export type Replayed =
  | {
      readonly state: unknown;
      readonly move: unknown;
      /** What a lenient read changed (`wS1 -bA1` read as …), or `null`. */
      readonly normalised: string | null;
    }
  | { readonly error: string };

/** Where the board stands: the state reached, and what stopped the line before `path`'s end. */
export interface Place {
  /** The state after the last node of the path that could be played. */
  readonly state: unknown;
  /** The move that led to `state` (`null` at the start). */
  readonly move: unknown;
  /** How many plies of the path were played. */
  readonly plies: number;
  /** Why the next node of the path could not be played, or `null` when all were. */
  readonly error: string | null;
}

export class Positions {
  readonly game: Game<unknown, unknown, unknown>;
  readonly record: RecordedGame;
  /** The start state (the record's `Position` tag, else the one its tags name). */
  readonly start: unknown;
  private readonly replayed = new Map<RecordNode, Replayed>();

  /** Throws the `RulesError` of tags that name no start the game can make. */
  constructor(game: Game<unknown, unknown, unknown>, record: RecordedGame) {
    this.game = game;
    this.record = record;
    this.start = recordStart(game, record);
  }

  /** The node replayed in `state` at ply `ply` (cached: each node is read once). */
  private replay(node: RecordNode, state: unknown, ply: number): Replayed {
    const known = this.replayed.get(node);
    if (known !== undefined) return known;
    const { game } = this;
    let r: Replayed;
    try {
      const read = game.records?.readMove?.(state, node.move) ?? {
        move: game.parseMove(state, node.move),
        normalised: null,
      };
      r = { state: game.apply(state, read.move), move: read.move, normalised: read.normalised };
    } catch (e) {
      if (!isRulesError(e)) throw e;
      // The reason without its rule in brackets, as replayLine words it.
      const reason = e.rule === undefined ? e.message : e.message.slice(0, -(e.rule.length + 3));
      r = { error: `ply ${ply} '${node.move}': ${reason}` };
    }
    this.replayed.set(node, r);
    return r;
  }

  /** The place `path` leads to; `null` for a path the record does not have. */
  at(path: Path): Place | null {
    const nodes = nodesTo(this.record, path);
    if (nodes === null) return null;
    let place: Place = { state: this.start, move: null, plies: 0, error: null };
    for (const [i, node] of nodes.entries()) {
      const r = this.replay(node, place.state, i + 1);
      if ('error' in r) return { ...place, error: r.error };
      place = { state: r.state, move: r.move, plies: i + 1, error: null };
    }
    return place;
  }

  /** How `node` replayed, if the board has been there (the move list greys out refused ones). */
  known(node: RecordNode): Replayed | undefined {
    return this.replayed.get(node);
  }

  /** The states of the main line from the start, up to the first node the rules refuse. */
  mainLine(): unknown[] {
    const states = [this.start];
    let state = this.start;
    for (let c = this.record.children, ply = 1; c.length > 0; ply++) {
      const node = c[0] as RecordNode;
      const r = this.replay(node, state, ply);
      if ('error' in r) break;
      state = r.state;
      states.push(state);
      c = node.children;
    }
    return states;
  }
}
