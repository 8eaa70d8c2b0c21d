/**
 * One mutable walking interface over both ways a {@link Game} can be searched: its fast path
 * (`game.search(state)`: play/undo on integer moves) when it has one, else `moves`/`apply` on
 * immutable states, where a move's integer code is its index in `moves(state)`. Bots are
 * written once against {@link Cursor} and get the fast path for free.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { type Game, normalizedScore, normalizeScores, type SearchPosition } from '../core/game.js';
import type { SearchNode } from './types.js';

/** The internal walking interface (see the module comment). */
export interface Cursor<S, M> extends SearchNode<S, M> {
  /** Upper bound on the number of legal moves in any position. */
  readonly maxMoves: number;
  /** Number of seats. */
  readonly players: number;
  terminal(): boolean;
  /** Writes the legal moves' codes at `out[offset..]` and returns their count. */
  generate(out: Int32Array, offset: number): number;
  play(code: number): void;
  undo(): void;
  /** A 53-bit hash of the current position. */
  hash(): number;
  /** The code as the game's move object (the code must be legal here). */
  decode(code: number): M;
  /**
   * An identity for the move that is the same in every state where the "same" move exists:
   * the integer code on the fast path, the move's notation on the `apply` path. Used by
   * determinized MCTS to share tree nodes between sampled states.
   */
  key(code: number): number | string;
  /** The game's normalized score of the current position, one entry per seat in `[0, 1]`. */
  rewards(): number[];
}

class FastCursor<S, M, O> implements Cursor<S, M> {
  readonly position: SearchPosition<M>;
  readonly maxMoves: number;
  readonly players: number;
  private readonly scoring: Game<S, M, O>['scoring'];

  constructor(game: Game<S, M, O>, state: S) {
    const search = game.search;
    if (!search) throw new RulesError('UNSUPPORTED', `${game.name} has no fast path`);
    this.position = search.call(game, state);
    this.maxMoves = this.position.maxMoves;
    this.players = game.players(state);
    this.scoring = game.scoring;
  }
  state(): S {
    return this.position.state() as S;
  }
  toMove(): number {
    return this.position.toMove();
  }
  terminal(): boolean {
    return this.position.terminal();
  }
  generate(out: Int32Array, offset: number): number {
    return this.position.generate(out, offset);
  }
  play(code: number): void {
    this.position.play(code);
  }
  undo(): void {
    this.position.undo();
  }
  hash(): number {
    return this.position.hash();
  }
  decode(code: number): M {
    return this.position.decode(code);
  }
  key(code: number): number {
    return code;
  }
  rewards(): number[] {
    return normalizeScores(this.scoring, this.position.score());
  }
}

/** Default room for the move list on the `apply` path, where the game states no bound. */
export const DEFAULT_APPLY_MAX_MOVES = 1024;

class ApplyCursor<S, M, O> implements Cursor<S, M> {
  readonly position: undefined = undefined;
  readonly players: number;
  private readonly states: S[];
  private readonly lists: (readonly M[] | undefined)[];

  constructor(
    private readonly game: Game<S, M, O>,
    state: S,
    readonly maxMoves: number,
  ) {
    this.states = [state];
    this.lists = [undefined];
    this.players = game.players(state);
  }
  private top(): S {
    return this.states[this.states.length - 1] as S;
  }
  private list(): readonly M[] {
    const i = this.lists.length - 1;
    let l = this.lists[i];
    if (!l) {
      l = this.game.terminal(this.top()) ? [] : this.game.moves(this.top());
      this.lists[i] = l;
    }
    return l;
  }
  state(): S {
    return this.top();
  }
  toMove(): number {
    return this.game.toMove(this.top());
  }
  terminal(): boolean {
    return this.game.terminal(this.top());
  }
  generate(out: Int32Array, offset: number): number {
    const n = this.list().length;
    if (offset + n > out.length) {
      throw new RulesError(
        'UNSUPPORTED',
        `${this.game.name}: ${n} legal moves exceed maxMoves ${this.maxMoves}; raise the bot's maxMoves option`,
      );
    }
    for (let i = 0; i < n; i++) out[offset + i] = i;
    return n;
  }
  play(code: number): void {
    const next = this.game.apply(this.top(), this.decode(code));
    this.states.push(next);
    this.lists.push(undefined);
  }
  undo(): void {
    if (this.states.length <= 1) throw new RulesError('UNSUPPORTED', 'undo: nothing to undo');
    this.states.pop();
    this.lists.pop();
  }
  hash(): number {
    return hashText(this.game.serialize(this.top()));
  }
  decode(code: number): M {
    const m = this.list()[code];
    if (m === undefined) throw new RulesError('ILLEGAL_MOVE', `move index ${code} is out of range`);
    return m;
  }
  key(code: number): string {
    return this.game.formatMove(this.top(), this.decode(code));
  }
  rewards(): number[] {
    return normalizedScore(this.game, this.top());
  }
}

/** A 53-bit FNV-1a-style hash of a string (two 32-bit lanes), for games without Zobrist. */
export function hashText(text: string): number {
  let lo = 0x811c9dc5;
  let hi = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    lo = Math.imul(lo ^ c, 0x01000193);
    hi = Math.imul(hi ^ c, 0x5bd1e995) ^ (lo >>> 15);
  }
  return (hi >>> 11) * 0x100000000 + (lo >>> 0);
}

/**
 * A cursor on `state`: the fast path when the game has one (unless `path` is `'apply'`),
 * else the `apply` path with room for `maxMoves` moves per position.
 */
export function cursorFor<S, M, O>(
  game: Game<S, M, O>,
  state: S,
  path: 'fast' | 'apply' = 'fast',
  maxMoves: number = DEFAULT_APPLY_MAX_MOVES,
): Cursor<S, M> {
  if (path === 'fast' && game.search) return new FastCursor(game, state);
  return new ApplyCursor(game, state, maxMoves);
}
