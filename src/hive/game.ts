import type { Game, SearchPosition } from '../core/game.js';

/** The legal moves of each state asked for, built once. */
import { checkedEncode, freezeState, newPosition, successor } from './state.js';

const moveLists = new WeakMap<HiveState, readonly HiveMove[]>();
/** Scratch move buffer (every use is synchronous and finishes before the next). */
const buffer = new Int32Array(MAX_MOVES);

/**
 * The mutable search position over a compact {@link Position}. Perft over it counts as H-PERFT-1/2
 * (a finished position has no children, a forced pass is one move; H-PERFT-3 tables, H-PERFT-5).
 */
import { decodeMove, encodeMove, moveOp, OP_MOVE, PASS } from './codes.js';
import {
  formatGameString,
  formatMoveString,
  parseGameString,
  parseMoveString,
} from './game-string.js';
import { rootVersion } from './lineage.js';
import { findLegal, generate, MAX_MOVES } from './moves.js';
import { formatMoveCode } from './notation.js';
import { type HiveOptions, resolveOptions } from './options.js';
import type { Position } from './position.js';
import { isOver, scoreOf } from './rules.js';
import { livePosition } from './state.js';
import type { HiveMove, HiveState } from './types.js';

class HiveSearch implements SearchPosition<HiveMove> {
  readonly maxMoves: number = MAX_MOVES;
  private readonly base: HiveState;
  private readonly basePly: number;
  readonly pos: Position;

  constructor(state: HiveState) {
    this.base = state;
    this.pos = livePosition(state).clone();
    this.basePly = this.pos.ply;
  }
  toMove(): number {
    return this.pos.ply & 1;
  }
  terminal(): boolean {
    return isOver(this.pos);
  }
  score(): readonly number[] {
    return scoreOf(this.pos);
  }
  generate(out: Int32Array, offset: number): number {
    return generate(this.pos, out, offset);
  }
  play(move: number): void {
    this.pos.play(move);
  }
  undo(): void {
    this.pos.undo();
  }
  hash(): number {
    return this.pos.hash();
  }
  decode(move: number): HiveMove {
    return decodeMove(this.pos, move);
  }
  encode(move: HiveMove): number {
    const m = encodeMove(this.pos, move);
    // A Dragonfly move names its carry only through the destination (H-FAN-DRAGONFLY-e).
    if (m !== PASS && moveOp(m) === OP_MOVE && this.pos.fan) {
      const legal = findLegal(this.pos, m);
      if (legal >= 0) return legal;
    }
    return m;
  }
  state(): HiveState {
    const pos = this.pos;
    const k = pos.ply;
    if (k <= this.basePly) {
      return freezeState(
        this.base.type,
        this.base.options,
        rootVersion(pos.clone(), this.base.history.slice(0, k)),
      );
    }
    // Re-render the moves played here: undo to the base, then replay formatting each.
    const moves: number[] = [];
    for (let i = this.basePly; i < k; i++) moves.push(pos.moveAt(i));
    for (let i = this.basePly; i < k; i++) pos.undo();
    const texts = this.base.history.slice();
    for (const m of moves) {
      texts.push(formatMoveCode(pos, m));
      pos.play(m);
    }
    return freezeState(this.base.type, this.base.options, rootVersion(pos.clone(), texts));
  }
}

/** Creates the search position for a state (exported for the engine and tests). */
export function searchPosition(
  state: HiveState,
): SearchPosition<HiveMove> & { readonly pos: Position } {
  return new HiveSearch(state);
}

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'hive' as const;

/**
 * Hive, the complete official game for the eight game types (Base plus any of Mosquito,
 * Ladybug, Pillbug), as a {@link Game}. Seat 0 is White, seat 1 Black.
 *
 * `serialize` writes a GameString ({@link formatGameString}): plain UHP, byte-identical to
 * Mzinga's, for a game with default rule options; otherwise the non-default options follow the
 * type in an option block, `Base+MLP{TournamentOpening=False,MaxPlies=40};InProgress;…`, so a
 * saved game comes back with them. `deserialize` reads either form ({@link parseGameString}),
 * replays every move, and throws `RulesError('INVALID_STATE')` when the state or turn field is
 * not what the moves give (`Base+MLP;WhiteWins;White[1]`); pass `{ lenient: true }` to
 * `parseGameString` to recompute those fields as Mzinga does.
 */
export const hive: Game<HiveState, HiveMove, HiveOptions> = {
  name,
  scoring: 'winloss',
  start(options?: Partial<HiveOptions>): HiveState {
    const resolved = resolveOptions(options ?? {});
    return freezeState(resolved.type, resolved, rootVersion(newPosition(resolved), []));
  },
  players(): number {
    return 2;
  },
  toMove(state: HiveState): number {
    return livePosition(state).ply & 1;
  },
  moves(state: HiveState): readonly HiveMove[] {
    const cached = moveLists.get(state);
    if (cached) return cached;
    const pos = livePosition(state);
    const n = generate(pos, buffer, 0);
    const list: HiveMove[] = [];
    for (let i = 0; i < n; i++) list.push(decodeMove(pos, buffer[i]));
    const frozen = Object.freeze(list);
    moveLists.set(state, frozen);
    return frozen;
  },
  apply(state: HiveState, move: HiveMove): HiveState {
    const pos = livePosition(state);
    return successor(state, pos, checkedEncode(pos, move));
  },
  terminal(state: HiveState): boolean {
    return isOver(livePosition(state));
  },
  score(state: HiveState): readonly number[] {
    return scoreOf(livePosition(state));
  },
  formatMove(state: HiveState, move: HiveMove): string {
    return formatMoveString(state, move);
  },
  parseMove(state: HiveState, text: string): HiveMove {
    return parseMoveString(state, text);
  },
  /** {@link formatGameString}: a GameString with the rule options in an option block. */
  serialize(state: HiveState): string {
    return formatGameString(state);
  },
  /** {@link parseGameString} with defaults: strict about the state and turn fields. */
  deserialize(text: string): HiveState {
    return parseGameString(text);
  },
  search(state: HiveState): SearchPosition<HiveMove> {
    return new HiveSearch(state);
  },
};
