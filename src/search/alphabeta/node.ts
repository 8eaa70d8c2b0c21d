/**
 * The alpha-beta node: negamax with principal variation search, the transposition table, move
 * ordering, and (optionally) late move reductions and late move pruning.
 *
 * Turn structure is read from the game, not assumed: when a move leaves the same seat to move
 * (several actions per turn), the child's value is not negated.
 *
 * The hot loop allocates nothing of its own: moves live in one preallocated `Int32Array` with a
 * segment per ply (ordered in place by selection), the table is a typed array, the PV a
 * triangular `Int32Array`. What the game allocates (its score arrays, the `apply` fallback's
 * states) is the game's.
 *
 * @module
 */
import type { Cursor } from '../cursor.js';
import { DEEPEST, EXACT, EXHAUSTED, LOWER, UPPER } from '../table-entry.js';
import type { Clock } from './clock.js';
import type { Leaves } from './leaves.js';
import { byHistory, type MoveOrdering, selectBest } from './ordering.js';
import type { PvTable } from './pv.js';
import { INF } from './scores.js';
import type { TranspositionTable } from './table.js';

/** Late move reductions start with the move at this index of the ordered list. */
const LATE_MOVE = 3;
/** From this index on a late move is reduced by two plies instead of one (at depth ≥ 4). */
const LATER_MOVE = 8;
/** From this index on, by three (at depth ≥ 6). */
const LATEST_MOVE = 24;
/** One ply above the horizon, in a null-window node, moves from this index on are pruned. */
const PRUNED_MOVE = 12;
/** The search looks at the clock once every this many nodes (a power of two). */
const CLOCK_EVERY = 1024;

/** What a node search reads and writes that outlives one search: the bot's. */
export interface NodeParts {
  readonly table: TranspositionTable | null;
  readonly ordering: MoveOrdering;
  readonly pv: PvTable;
  /** Deepest ply the buffers allow. */
  readonly maxPly: number;
  /** Late move reductions and pruning (the `reductions` option). */
  readonly reductions: boolean;
  /** The moves and their ranks: `width` entries per ply. */
  readonly moves: Int32Array;
  readonly ranks: Int32Array;
  readonly width: number;
}

/**
 * One search's nodes, on one cursor: {@link search} is the node; the counters are what the
 * deepening and the result read.
 */
export class NodeSearch<S, M> {
  private readonly table: TranspositionTable | null;
  private readonly ordering: MoveOrdering;
  private readonly pv: PvTable;
  private readonly maxPly: number;
  private readonly reductions: boolean;
  private readonly moves: Int32Array;
  private readonly ranks: Int32Array;
  private readonly width: number;

  /** Nodes entered. */
  nodes = 0;
  /** Table probes that returned a usable entry. */
  ttHits = 0;
  /**
   * Positions whose value depended on the horizon (evaluated, or taken from a table entry
   * that was): an iteration that adds none has searched the whole game tree.
   */
  horizon = 0;
  /** Set once a limit is reached: every node then returns 0 at once, and no value counts. */
  stopped = false;
  /** The score of the best root move searched completely in the current iteration. */
  rootScore = 0;
  /** The best root move of the last complete iteration, searched first (-1: none yet). */
  rootFirst = -1;
  /**
   * Root moves left out of the search (multi-PV: the moves of the lines already found at this
   * depth). While any is, the root's result is not stored in the table: it is the best of
   * some moves only.
   */
  private readonly excluded: number[] = [];

  /**
   * A search on `cursor` with the bot's `parts`, scoring its leaves by `leaves`, stopped by
   * `clock` (looked at every 1,024 nodes) or after `nodeLimit` nodes.
   */
  constructor(
    parts: NodeParts,
    private readonly cursor: Cursor<S, M>,
    private readonly leaves: Leaves<S, M>,
    private readonly clock: Clock,
    private readonly nodeLimit: number,
  ) {
    this.table = parts.table;
    this.ordering = parts.ordering;
    this.pv = parts.pv;
    this.maxPly = parts.maxPly;
    this.reductions = parts.reductions;
    this.moves = parts.moves;
    this.ranks = parts.ranks;
    this.width = parts.width;
  }

  /** Leaves the root moves `codes` out of the next root searches (none: every move again). */
  exclude(codes: readonly number[]): void {
    this.excluded.length = 0;
    this.excluded.push(...codes);
  }

  /** Removes the excluded moves from `moves[base..base + n)`; returns how many are left. */
  private withoutExcluded(moves: Int32Array, base: number, n: number): number {
    let kept = base;
    for (let i = base; i < base + n; i++) {
      if (!this.excluded.includes(moves[i])) moves[kept++] = moves[i];
    }
    return kept - base;
  }

  /** The value for `me` of the child just played, where `next` moves, searched to `depth`. */
  private child(
    depth: number,
    ply: number,
    alpha: number,
    beta: number,
    me: number,
    next: number,
  ): number {
    return next === me
      ? this.search(depth, ply + 1, alpha, beta, me)
      : -this.search(depth, ply + 1, -beta, -alpha, next);
  }

  /**
   * The value for `me` (the seat to move) of the cursor's position at `ply`, searched to
   * `depth` within the window (`alpha`, `beta`); 0 once stopped.
   */
  search(depth: number, ply: number, alpha: number, beta: number, me: number): number {
    const cursor = this.cursor;
    const nodes = ++this.nodes;
    if ((nodes & (CLOCK_EVERY - 1)) === 0 && this.clock.expired()) this.stopped = true;
    if (nodes >= this.nodeLimit) this.stopped = true;
    if (this.stopped) return 0;
    this.pv.clearAt(ply);
    if (cursor.terminal()) return this.leaves.end(me, ply);
    if (depth <= 0 || ply >= this.maxPly) {
      this.horizon++;
      return this.leaves.horizon(me);
    }

    // Transposition table probe.
    const table = this.table;
    let tableMove = -1;
    let hash = 0;
    let slot = -1;
    let replaceDepth = 0;
    if (table !== null) {
      hash = cursor.hash();
      slot = table.probe(hash, ply);
      replaceDepth = table.replaceDepth;
      const bound = table.bound;
      if (bound !== 0) {
        tableMove = table.move;
        // Only this search's entries cut: an older entry's value may rest on a repetition
        // history that has changed since (the hash does not see it); it still orders moves.
        if (ply > 0 && table.depth >= depth && table.current) {
          const v = table.score;
          if (
            bound === EXACT ||
            (bound === LOWER && v >= beta) ||
            (bound === UPPER && v <= alpha)
          ) {
            this.ttHits++;
            if (table.depth !== EXHAUSTED) this.horizon++;
            return v;
          }
        }
      }
    }

    // At the root the last iteration's best move goes first, whatever the table now holds.
    if (ply === 0 && this.rootFirst >= 0) tableMove = this.rootFirst;
    const moves = this.moves;
    const ranks = this.ranks;
    const ordering = this.ordering;
    const base = ply * this.width;
    let n = cursor.generate(moves, base);
    const excluding = ply === 0 && this.excluded.length > 0;
    if (excluding) n = this.withoutExcluded(moves, base, n);
    const end = base + n;
    ordering.rank(moves, ranks, base, n, ply, me, tableMove);

    const alpha0 = alpha;
    const horizon0 = this.horizon;
    let best = -INF;
    let bestMove = moves[base];
    const reductions = this.reductions;
    // Late move pruning: one ply above the horizon, in a null-window node (one that only
    // asks whether a move beats alpha), the moves from index PRUNED_MOVE of the ordered list
    // on are not evaluated, only played to see whether they end the game.
    const prunes = reductions && depth === 1 && ply > 0 && beta - alpha === 1;
    let pruning = false;
    for (let i = base; i < end; i++) {
      if (!pruning) {
        selectBest(moves, ranks, i, end);
        // Sorted: once one move is prunable, so are all after it (none is ranked higher).
        pruning = prunes && i - base >= PRUNED_MOVE && byHistory(ranks[i]);
      }
      const code = moves[i];
      ordering.play(ply, code);
      cursor.play(code);
      const ends = cursor.terminal();
      if (pruning && !ends) {
        cursor.undo();
        this.horizon++; // the value rests on the horizon: what was not looked at
        continue;
      }
      const next = ends ? me : cursor.toMove();
      let v: number;
      if (i === base) {
        v = this.child(depth - 1, ply, alpha, beta, me, next);
      } else {
        // Late move reductions: a move the ordering put late (and not the table move, a
        // killer or the countermove) is tried shallower first, and searched to full depth
        // only when it proves better than the best so far. Two plies above the horizon the
        // shallower try is the child's evaluation: the bulk of the savings in a timed search
        // (Hive Base, depth 7: about a fifth less time than reducing from depth 3 only).
        const late = i - base;
        const reduce =
          reductions && ply > 0 && depth >= 2 && late >= LATE_MOVE && byHistory(ranks[i])
            ? 1 +
              (late >= LATER_MOVE && depth >= 4 ? 1 : 0) +
              (late >= LATEST_MOVE && depth >= 6 ? 1 : 0)
            : 0;
        v =
          reduce > 0 ? this.child(depth - 1 - reduce, ply, alpha, alpha + 1, me, next) : alpha + 1;
        if (v > alpha && !this.stopped) {
          // Principal variation search: prove the move no better with a null window, and
          // search again with the full window only when it is.
          v = this.child(depth - 1, ply, alpha, alpha + 1, me, next);
          if (v > alpha && v < beta && !this.stopped) {
            v = this.child(depth - 1, ply, alpha, beta, me, next);
          }
        }
      }
      cursor.undo();
      if (this.stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = code;
        if (ply === 0) this.rootScore = v;
        this.pv.update(ply, code);
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) {
            ordering.cutoff(ply, me, code, tableMove, depth);
            break;
          }
        }
      }
    }

    if (table !== null && !excluding) {
      const bound = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
      const d = this.horizon === horizon0 ? EXHAUSTED : Math.min(depth, DEEPEST);
      table.store(slot, replaceDepth, hash, ply, bound, bestMove, best, d);
    }
    return best;
  }
}
