/**
 * Move ordering for alpha-beta: the table move first, then two killer moves per ply, then the
 * countermove (per seat, the move that last refuted the opponent's move just played), then the
 * history heuristic (per seat, indexed by a hash of the move code, halved at each new search).
 * Moves are ordered in place, one selection step at a time, so a node that cuts early sorts
 * little.
 *
 * @module
 */

const HISTORY_BITS = 16;
const HISTORY_SIZE = 65_536;
const COUNTER_BITS = 12;
/** Slots of the countermove table (indexed by a hash of the move answered), per seat. */
const COUNTER_SIZE = 4096;
/** History scores stop growing here, below every rank of the moves ordered before them. */
const HISTORY_CAP = 268_435_456;

// Ranks above any history score: the table move, the two killers and the countermove, in that
// order. Late move reductions spare every move ranked this high.
const RANK_TABLE_MOVE = 0x7fffffff;
const RANK_KILLER_1 = 0x7ffffff0;
const RANK_KILLER_2 = 0x7fffffef;
const RANK_COUNTER = 0x7fffffee;

/** Index of a move code in the history and countermove tables: a multiplicative hash. */
const tableIndex = (code: number, bits: number): number =>
  Math.imul(code, 0x9e3779b1) >>> (32 - bits);

/** True for a rank given by the history alone: not the table move, a killer or the countermove. */
export const byHistory = (rank: number): boolean => rank < RANK_COUNTER;

/**
 * The selection sort step: brings the best-ranked of `moves[i..end)` (ranks in `ranks`) to `i`.
 */
export function selectBest(moves: Int32Array, ranks: Int32Array, i: number, end: number): void {
  let pick = i;
  for (let j = i + 1; j < end; j++) if (ranks[j] > ranks[pick]) pick = j;
  if (pick !== i) {
    const m = moves[i];
    moves[i] = moves[pick];
    moves[pick] = m;
    const r = ranks[i];
    ranks[i] = ranks[pick];
    ranks[pick] = r;
  }
}

/**
 * What the search learnt about good moves: killers per ply, countermoves and history per seat,
 * and the line being searched (the move each ply answers). Kept between the searches of one bot.
 */
export class MoveOrdering {
  private readonly history = new Int32Array(2 * HISTORY_SIZE);
  private readonly killers: Int32Array;
  /** The move that last refuted each move of the opponent (per seat). */
  private readonly counters = new Int32Array(2 * COUNTER_SIZE).fill(-1);
  /** The move played at each ply of the current line (what the next ply answers). */
  private readonly line: Int32Array;

  /** Room for plies `0..maxPly`. */
  constructor(maxPly: number) {
    this.killers = new Int32Array(2 * (maxPly + 1)).fill(-1);
    this.line = new Int32Array(maxPly + 1);
  }

  /** Forgets everything (between games). */
  clear(): void {
    this.history.fill(0);
    this.killers.fill(-1);
    this.counters.fill(-1);
  }

  /** Starts a search: the history halves, the killers go. */
  beginSearch(): void {
    const history = this.history;
    for (let i = 0; i < history.length; i++) history[i] = history[i] >> 1;
    this.killers.fill(-1);
  }

  /** `code` is played at `ply` of the line searched. */
  play(ply: number, code: number): void {
    this.line[ply] = code;
  }

  /** The countermove slot of the seat `me` answering the move at `ply - 1`, or -1 at the root. */
  private counterSlot(ply: number, me: number): number {
    return ply > 0 ? me * COUNTER_SIZE + tableIndex(this.line[ply - 1], COUNTER_BITS) : -1;
  }

  /**
   * Ranks `moves[base..base + n)` into `ranks` for the seat `me` at `ply`, `tableMove` (or -1)
   * first.
   */
  rank(
    moves: Int32Array,
    ranks: Int32Array,
    base: number,
    n: number,
    ply: number,
    me: number,
    tableMove: number,
  ): void {
    const history = this.history;
    const k0 = this.killers[2 * ply];
    const k1 = this.killers[2 * ply + 1];
    const hbase = me * HISTORY_SIZE;
    const counterSlot = this.counterSlot(ply, me);
    const counter = counterSlot >= 0 ? this.counters[counterSlot] : -1;
    for (let i = base; i < base + n; i++) {
      const code = moves[i];
      ranks[i] =
        code === tableMove
          ? RANK_TABLE_MOVE
          : code === k0
            ? RANK_KILLER_1
            : code === k1
              ? RANK_KILLER_2
              : code === counter
                ? RANK_COUNTER
                : history[hbase + tableIndex(code, HISTORY_BITS)];
    }
  }

  /**
   * `code`, played by `me` at `ply` of a node searched to `depth` whose table move was
   * `tableMove`, cut the node off: it becomes the first killer (unless it is the table move or
   * already that killer), the countermove of the move it answered, and gains history.
   */
  cutoff(ply: number, me: number, code: number, tableMove: number, depth: number): void {
    const killers = this.killers;
    const k0 = killers[2 * ply];
    if (code !== tableMove && code !== k0) {
      killers[2 * ply + 1] = k0;
      killers[2 * ply] = code;
    }
    const counterSlot = this.counterSlot(ply, me);
    if (counterSlot >= 0) this.counters[counterSlot] = code;
    const h = me * HISTORY_SIZE + tableIndex(code, HISTORY_BITS);
    this.history[h] = Math.min(HISTORY_CAP, this.history[h] + depth * depth);
  }
}
