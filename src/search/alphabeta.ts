/**
 * Alpha-beta search for two-player games: negamax with principal variation search and
 * iterative deepening, a transposition table keyed on the position hash, TT-move / killer /
 * history move ordering, time, depth and node limits, and the principal variation.
 *
 * Turn structure is read from the game, not assumed: when a move leaves the same seat to move
 * (several actions per turn), the child's value is not negated.
 *
 * The hot loop allocates nothing of its own: moves live in one preallocated `Int32Array` with a
 * segment per ply (ordered in place by selection), the table is a set of typed arrays, the PV a
 * triangular `Int32Array`. What the game allocates (its score arrays, the `apply` fallback's
 * states) is the game's.
 *
 * @module
 */
import { gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { type OptionCheck, readCheckedOptions } from '../core/options.js';
import { type Cursor, cursorFor } from './cursor.js';
import { CHECKS, checkLimits } from './options.js';
import { SharedSearchTable } from './shared-table.js';
import { ENTRY_WORDS } from './table-entry.js';
import type { Bot, Evaluator, SearchLimits, SearchResult, SearchStats } from './types.js';

/** Score of a won position at the root; a win in `p` plies scores `WIN_SCORE - p`. */
export const WIN_SCORE = 1_000_000;
/** Scores beyond this (in absolute value) are proven wins or losses. */
const WIN_BOUND = WIN_SCORE - 10_000;
/** An evaluation of +1 (seat to move certainly better) maps to this score. */
export const EVAL_SCALE = 10_000;
/** Table depth meaning "the whole subtree was searched to its end": valid at any depth. */
const EXHAUSTED = 255;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;
const INF = 2 * WIN_SCORE;
const HISTORY_BITS = 16;
const HISTORY_SIZE = 1 << HISTORY_BITS;
const COUNTER_BITS = 12;
/** Slots of the countermove table (indexed by a hash of the move answered), per seat. */
const COUNTER_SIZE = 1 << COUNTER_BITS;
/** Late move reductions start with the move at this index of the ordered list. */
const LATE_MOVE = 3;
/** From this index on a late move is reduced by two plies instead of one (at depth ≥ 4). */
const LATER_MOVE = 8;
/** From this index on, by three (at depth ≥ 6). */
const LATEST_MOVE = 24;
/** One ply above the horizon, in a null-window node, moves from this index on are pruned. */
const PRUNED_MOVE = 12;

// Order values above any history score (capped at 2^28): the table move, the two killers and
// the countermove, in that order. Late move reductions spare every move ranked this high.
const ORDER_TABLE_MOVE = 0x7fffffff;
const ORDER_KILLER_1 = 0x7ffffff0;
const ORDER_KILLER_2 = 0x7fffffef;
const ORDER_COUNTER = 0x7fffffee;

/** Index of a move code in the history and countermove tables: a multiplicative hash. */
const tableIndex = (code: number, bits: number): number =>
  Math.imul(code, 0x9e3779b1) >>> (32 - bits);

/** Options of {@link alphaBetaBot}. */
export interface AlphaBetaOptions<S, M> {
  /**
   * Static evaluation at the depth horizon, one value per seat in `[0, 1]`; the score is
   * `(e[me] − e[opponent]) × EVAL_SCALE`. Default: the normalized current score (0 for
   * win/loss games before the end, the rank difference for points games).
   */
  readonly evaluate?: Evaluator<S, M>;
  /**
   * Transposition table entries (rounded down to a power of two; 0 disables the table).
   * Default 2^18 (about 5 MB). The table persists between searches of the same bot (its moves
   * order the next search; only the current search's values cut).
   */
  readonly ttSize?: number;
  /** Deepest search the bot's buffers allow, in plies. Default 64. */
  readonly maxDepth?: number;
  /** Limits used when `search` is called without any. Default `{ timeMs: 1000 }`. */
  readonly defaultLimits?: SearchLimits;
  /** `'fast'` (default): the game's play/undo path when it has one; `'apply'`: always `apply`. */
  readonly path?: 'fast' | 'apply';
  /** Room for moves per position on the `apply` path (default 1024). */
  readonly maxMoves?: number;
  /**
   * A table in shared memory instead of the bot's own (`ttSize` is then ignored), for a search
   * on several threads at once: see {@link AlphaBetaBot.help}. A `search` started while the
   * table's search runs ({@link SharedSearchTable.begin}) joins it; otherwise it begins and
   * ends one of its own.
   */
  readonly shared?: SharedSearchTable;
  /**
   * Late move reductions (default `false`): below the root, at depth ≥ 2, a move ordered
   * fourth or later and after the table move, the killers and the countermove is first
   * searched a ply shallower (two plies from the ninth move on at depth ≥ 4, three from the
   * twenty-fifth at depth ≥ 6; at depth 2 that is its evaluation), with a null window, and
   * searched again at full depth only when it proves better than the best so far. One ply
   * above the horizon, in a null-window node, moves from the thirteenth on (after those) are
   * not evaluated at all, only played to see whether they end the game. A timed search gets
   * deeper in the same time; the price is that a fixed-depth search is no longer exact minimax
   * (a move that looks bad a few plies short of the horizon but is good at it can be missed).
   * The Hive UHP engine turns it on.
   */
  readonly reductions?: boolean;
}

/** Which shared search a helper joins: see {@link AlphaBetaBot.help}. */
export interface HelperTicket {
  /** The number {@link SharedSearchTable.begin} returned. */
  readonly search: number;
  /** The helper's number, 1 up: odd helpers start one ply deeper than the leader. */
  readonly index: number;
}

/** What {@link AlphaBetaBot.search} returns: the common result plus the raw score. */
export interface AlphaBetaResult<M> extends SearchResult<M> {
  /**
   * The minimax score for the seat to move: `±(WIN_SCORE − p)` for a win/loss in `p` plies,
   * otherwise within `±EVAL_SCALE`.
   */
  readonly score: number;
  /** Plies to the end of the game when the score is a proven win or loss, else `null`. */
  readonly pliesToEnd: number | null;
}

/** What each option of {@link AlphaBetaOptions} may be. */
const ALPHA_BETA_OPTIONS: Readonly<Record<keyof AlphaBetaOptions<unknown, unknown>, OptionCheck>> =
  {
    evaluate: CHECKS.function,
    ttSize: CHECKS.count,
    maxDepth: CHECKS.positiveCount,
    defaultLimits: CHECKS.limits,
    path: CHECKS.path,
    maxMoves: CHECKS.positiveCount,
    shared: (v) => (v instanceof SharedSearchTable ? undefined : 'a SharedSearchTable'),
    reductions: CHECKS.boolean,
  };

/** A bot running alpha-beta; see {@link alphaBetaBot}. */
export interface AlphaBetaBot<S, M> extends Bot<S, M> {
  search(state: S, limits?: SearchLimits): AlphaBetaResult<M>;
  /**
   * Helps another thread's `search` of the same `state` ("lazy SMP"): searches it into the
   * `shared` table (the bot's option, which this needs) by iterative deepening, odd helpers a
   * ply ahead of the leader, until the shared search `ticket.search` ends or `limits` run out;
   * the leader finds the results in the table. Returns at once when that search is no longer
   * running. Returns the helper's own statistics (its best move is not reported).
   */
  help(state: S, ticket: HelperTicket, limits?: SearchLimits): SearchStats;
}

/**
 * Creates an alpha-beta bot for two-player games of perfect information.
 *
 * Transposition table: one entry per slot (index = low hash bits, verified on all 53 bits),
 * holding depth, bound type, score and best move. Only entries of the current search cut the
 * search; entries from earlier searches (older generations) still supply their best move for
 * ordering, because their values may rest on a history (a repetition count) that has changed
 * since, which the hash does not see. Replacement: an entry from an earlier search
 * (older generation) is always replaced; within a search, an entry is replaced by one searched
 * at least as deep (depth-preferred). Mate scores are stored relative to the node.
 *
 * Determinism: without `timeMs`, the result depends only on the state, the limits, the options
 * and the bot's earlier searches (which fill its table and history); `reset()` clears them.
 */
export function alphaBetaBot<S, M, O>(
  game: Game<S, M, O>,
  given: AlphaBetaOptions<S, M> = {},
): AlphaBetaBot<S, M> {
  gameArg('alphaBetaBot', game);
  const options = readCheckedOptions(
    given,
    'alphaBetaBot options',
    ALPHA_BETA_OPTIONS,
  ) as AlphaBetaOptions<S, M>;
  if (game.observe) {
    throw new RulesError(
      'HIDDEN_INFORMATION',
      `${game.name} hides information: alpha-beta needs perfect information (use mctsBot)`,
    );
  }
  const maxPly = Math.max(1, Math.min(250, Math.floor(options.maxDepth ?? 64)));
  const shared = options.shared;
  const requested = Math.floor(options.ttSize ?? 1 << 18);
  const ttEntries = shared
    ? shared.entries
    : requested >= 1
      ? 2 ** Math.floor(Math.log2(requested))
      : 0;
  const ttMask = ttEntries - 1;
  // One 16-byte entry per slot, so a probe touches one cache line:
  //   [slot*4]     low 32 bits of the hash, XOR the other three words: an entry torn by two
  //                threads writing it at once (a shared table) fails the check
  //   [slot*4 + 1] high 21 bits of the hash | bound type << 21 (0 = empty) | generation << 23
  //   [slot*4 + 2] best move
  //   [slot*4 + 3] score << 8 | depth
  const tt = shared ? shared.table : new Int32Array(ttEntries * ENTRY_WORDS);
  let generation = 0;
  const history = new Int32Array(2 * HISTORY_SIZE);
  const killers = new Int32Array(2 * (maxPly + 1)).fill(-1);
  // The move that last refuted each move of the opponent (per seat): ordered after the killers.
  const counters = new Int32Array(2 * COUNTER_SIZE).fill(-1);
  // The move played at each ply of the current line (what the next ply answers).
  const line = new Int32Array(maxPly + 1);
  const reductions = options.reductions ?? false;
  const pvTable = new Int32Array((maxPly + 1) * (maxPly + 1));
  const pvLength = new Int32Array(maxPly + 1);
  let moves = new Int32Array(0);
  let order = new Int32Array(0);

  const clear = (): void => {
    if (shared) shared.clear();
    else tt.fill(0);
    history.fill(0);
    killers.fill(-1);
    counters.fill(-1);
    generation = 0;
  };

  /**
   * Searches `state`: as the leader (`helper` null), or as a helper of shared search
   * `helper.search`, which returns its statistics instead of a result.
   */
  function run(state: S, limits: SearchLimits | undefined, helper: null): AlphaBetaResult<M>;
  function run(state: S, limits: SearchLimits | undefined, helper: HelperTicket): SearchStats;
  function run(
    state: S,
    limits: SearchLimits | undefined,
    helper: HelperTicket | null,
  ): AlphaBetaResult<M> | SearchStats {
    const t0 = performance.now();
    const where = helper ? 'alpha-beta help' : 'alpha-beta search';
    const lim = checkLimits(where, limits) ?? options.defaultLimits ?? { timeMs: 1000 };
    const depthLimit = Math.min(maxPly, Math.floor(lim.depth ?? maxPly));
    const nodeLimit = lim.nodes ?? Number.POSITIVE_INFINITY;
    const deadline = lim.timeMs === undefined ? Number.POSITIVE_INFINITY : t0 + lim.timeMs;
    if (game.terminal(state)) throw new RulesError('GAME_OVER', 'alpha-beta: the game is over');
    const cursor: Cursor<S, M> = cursorFor(game, state, options.path ?? 'fast', options.maxMoves);
    if (cursor.players !== 2) {
      throw new RulesError(
        'UNSUPPORTED',
        `alpha-beta needs two players, ${game.name} has ${cursor.players}`,
      );
    }
    const width = cursor.maxMoves;
    if (moves.length < width * (maxPly + 1)) {
      moves = new Int32Array(width * (maxPly + 1));
      order = new Int32Array(width * (maxPly + 1));
    }
    // A shared table's generation is its search's: a leader joins the running one (its
    // coordinator began it and ends it) or begins and ends its own.
    let ownSearch = false;
    if (shared) {
      if (!helper && shared.running === null) {
        shared.begin();
        ownSearch = true;
      }
      generation = shared.generation;
    } else generation = (generation + 1) & 0xff;
    for (let i = 0; i < history.length; i++) history[i] = history[i] >> 1;
    killers.fill(-1);
    pvLength.fill(0);
    const winloss = game.scoring === 'winloss';
    const evaluate = options.evaluate;

    let nodes = 0;
    let ttHits = 0;
    let stopped = false;
    let timedOut = false;
    // Counts positions whose value depended on the horizon (evaluated, or taken from a table
    // entry that was): an iteration that adds none has searched the whole game tree.
    let horizon = 0;
    // The score of the best root move searched completely in the current iteration.
    let rootScore = 0;
    // The best root move of the last complete iteration (-1: none yet).
    let rootFirst = -1;

    const terminalScore = (me: number, ply: number): number => {
      const r = winloss && cursor.position ? cursor.position.score() : cursor.rewards();
      const diff = (r[me] ?? 0) - (r[1 - me] ?? 0);
      return Math.round(diff * (WIN_SCORE - ply));
    };
    const staticScore = (me: number): number => {
      horizon++;
      if (evaluate) {
        const e = evaluate(cursor);
        return Math.round(((e[me] ?? 0.5) - (e[1 - me] ?? 0.5)) * EVAL_SCALE);
      }
      if (winloss) return 0;
      const r = cursor.rewards();
      return Math.round(((r[me] ?? 0) - (r[1 - me] ?? 0)) * EVAL_SCALE);
    };
    const toTable = (v: number, ply: number): number =>
      v >= WIN_BOUND ? v + ply : v <= -WIN_BOUND ? v - ply : v;
    const fromTable = (v: number, ply: number): number =>
      v >= WIN_BOUND ? v - ply : v <= -WIN_BOUND ? v + ply : v;

    /** The value for `me` of the child just played, where `next` moves, searched to `depth`. */
    const child = (
      depth: number,
      ply: number,
      alpha: number,
      beta: number,
      me: number,
      next: number,
    ): number =>
      next === me
        ? negamax(depth, ply + 1, alpha, beta, me)
        : -negamax(depth, ply + 1, -beta, -alpha, next);

    const negamax = (
      depth: number,
      ply: number,
      alpha: number,
      beta: number,
      me: number,
    ): number => {
      nodes++;
      if ((nodes & 1023) === 0) {
        if (performance.now() >= deadline) {
          stopped = true;
          timedOut = true;
        }
        // A shared search ended by its coordinator: its helpers stop.
        if (helper && !(shared as SharedSearchTable).isRunning(helper.search)) stopped = true;
      }
      if (nodes >= nodeLimit) stopped = true;
      if (stopped) return 0;
      pvLength[ply] = 0;
      if (cursor.terminal()) return terminalScore(me, ply);
      if (depth <= 0 || ply >= maxPly) return staticScore(me);

      // Transposition table probe.
      let hashMove = -1;
      let slot = -1;
      let lo = 0;
      let hi = 0;
      // The slot's entry as probed: the store below decides on it without reading the slot
      // again (by then its cache line is usually gone; a child that reused the slot meanwhile
      // only makes the replacement choice a little less informed).
      let slotMeta = 0;
      let slotDepth = 0;
      if (ttEntries > 0) {
        const h = cursor.hash();
        lo = h | 0;
        hi = Math.floor(h / 0x100000000) & 0x1fffff;
        slot = (lo & ttMask) << 2;
        const meta = tt[slot + 1];
        const entryMove = tt[slot + 2];
        const word = tt[slot + 3];
        slotMeta = meta;
        slotDepth = word & 0xff;
        const f = (meta >>> 21) & 3;
        if (f !== 0 && (tt[slot] ^ meta ^ entryMove ^ word) === lo && (meta & 0x1fffff) === hi) {
          hashMove = entryMove;
          const d = word & 0xff;
          // Only this search's entries cut: an older entry's value may rest on a repetition
          // history that has changed since (the hash does not see it); it still orders moves.
          if (ply > 0 && d >= depth && meta >>> 23 === generation) {
            const v = fromTable(word >> 8, ply);
            if (f === EXACT || (f === LOWER && v >= beta) || (f === UPPER && v <= alpha)) {
              ttHits++;
              if (d !== EXHAUSTED) horizon++;
              return v;
            }
          }
        }
      }

      // At the root the last iteration's best move goes first, whatever the table now holds.
      if (ply === 0 && rootFirst >= 0) hashMove = rootFirst;
      const base = ply * width;
      const n = cursor.generate(moves, base);
      // Order: table move, killers, the countermove of the move just played, then history.
      const k0 = killers[2 * ply];
      const k1 = killers[2 * ply + 1];
      const hbase = me * HISTORY_SIZE;
      const counterSlot =
        ply > 0 ? me * COUNTER_SIZE + tableIndex(line[ply - 1], COUNTER_BITS) : -1;
      const counter = counterSlot >= 0 ? counters[counterSlot] : -1;
      for (let i = base; i < base + n; i++) {
        const code = moves[i];
        order[i] =
          code === hashMove
            ? ORDER_TABLE_MOVE
            : code === k0
              ? ORDER_KILLER_1
              : code === k1
                ? ORDER_KILLER_2
                : code === counter
                  ? ORDER_COUNTER
                  : history[hbase + tableIndex(code, HISTORY_BITS)];
      }

      const alpha0 = alpha;
      const horizon0 = horizon;
      let best = -INF;
      let bestMove = moves[base];
      // Late move pruning: one ply above the horizon, in a null-window node (one that only
      // asks whether a move beats alpha), the moves from index PRUNED_MOVE of the ordered list
      // on are not evaluated, only played to see whether they end the game.
      const prunes = reductions && depth === 1 && ply > 0 && beta - alpha === 1;
      let pruning = false;
      for (let i = base; i < base + n; i++) {
        if (!pruning) {
          // Selection sort step: bring the best-ordered remaining move to i.
          let pick = i;
          for (let j = i + 1; j < base + n; j++) if (order[j] > order[pick]) pick = j;
          if (pick !== i) {
            const m = moves[i];
            moves[i] = moves[pick];
            moves[pick] = m;
            const o = order[i];
            order[i] = order[pick];
            order[pick] = o;
          }
          // Sorted: once one move is prunable, so are all after it (none is ordered higher).
          pruning = prunes && i - base >= PRUNED_MOVE && order[i] < ORDER_COUNTER;
        }
        const code = moves[i];
        line[ply] = code;
        cursor.play(code);
        const ends = cursor.terminal();
        if (pruning && !ends) {
          cursor.undo();
          horizon++; // the value rests on the horizon: what was not looked at
          continue;
        }
        const next = ends ? me : cursor.toMove();
        let v: number;
        if (i === base) {
          v = child(depth - 1, ply, alpha, beta, me, next);
        } else {
          // Late move reductions: a move the ordering put late (and not the table move, a
          // killer or the countermove) is tried shallower first, and searched to full depth
          // only when it proves better than the best so far. Two plies above the horizon the
          // shallower try is the child's evaluation: the bulk of the savings in a timed search
          // (Hive Base, depth 7: about a fifth less time than reducing from depth 3 only).
          const late = i - base;
          const reduce =
            reductions && ply > 0 && depth >= 2 && late >= LATE_MOVE && order[i] < ORDER_COUNTER
              ? 1 +
                (late >= LATER_MOVE && depth >= 4 ? 1 : 0) +
                (late >= LATEST_MOVE && depth >= 6 ? 1 : 0)
              : 0;
          v = reduce > 0 ? child(depth - 1 - reduce, ply, alpha, alpha + 1, me, next) : alpha + 1;
          if (v > alpha && !stopped) {
            // Principal variation search: prove the move no better with a null window, and
            // search again with the full window only when it is.
            v = child(depth - 1, ply, alpha, alpha + 1, me, next);
            if (v > alpha && v < beta && !stopped) v = child(depth - 1, ply, alpha, beta, me, next);
          }
        }
        cursor.undo();
        if (stopped) return 0;
        if (v > best) {
          best = v;
          bestMove = code;
          if (ply === 0) rootScore = v;
          // Principal variation: this move, then the child's line.
          const row = ply * (maxPly + 1);
          const childRow = (ply + 1) * (maxPly + 1);
          pvTable[row] = code;
          const len = ply + 1 <= maxPly ? pvLength[ply + 1] : 0;
          for (let k = 0; k < len; k++) pvTable[row + 1 + k] = pvTable[childRow + k];
          pvLength[ply] = len + 1;
          if (v > alpha) {
            alpha = v;
            if (alpha >= beta) {
              if (code !== hashMove && code !== k0) {
                killers[2 * ply + 1] = k0 as number;
                killers[2 * ply] = code;
              }
              if (counterSlot >= 0) counters[counterSlot] = code;
              const hi2 = hbase + tableIndex(code, HISTORY_BITS);
              history[hi2] = Math.min(1 << 28, history[hi2] + depth * depth);
              break;
            }
          }
        }
      }

      // Store, preferring deeper entries within this search.
      if (slot >= 0) {
        const d = horizon === horizon0 ? EXHAUSTED : Math.min(depth, EXHAUSTED - 1);
        if (((slotMeta >>> 21) & 3) === 0 || slotMeta >>> 23 !== generation || d >= slotDepth) {
          const flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
          const newMeta = hi | (flag << 21) | (generation << 23);
          const newWord = (toTable(best, ply) << 8) | d;
          tt[slot] = lo ^ newMeta ^ bestMove ^ newWord;
          tt[slot + 1] = newMeta;
          tt[slot + 2] = bestMove;
          tt[slot + 3] = newWord;
        }
      }
      return best;
    };

    const me = cursor.toMove();
    let bestScore = 0;
    let bestLine: number[] = [];
    let completed = 0;
    // Lazy SMP: odd helpers search a ply ahead of the leader, so that the table holds deeper
    // results than the leader's own by the time it gets there.
    const firstDepth = helper ? 1 + (helper.index % 2) : 1;
    try {
      for (let depth = Math.min(firstDepth, depthLimit); depth <= depthLimit; depth++) {
        const horizonBefore = horizon;
        const v = negamax(depth, 0, -INF, INF, me);
        if (stopped) {
          // A partial iteration still decides when a root move was searched to its end: the
          // first is the previous iteration's best, and any later one only replaces it by
          // proving better in a full window, so its line is at least as good as the last
          // complete one.
          if (pvLength[0] > 0) {
            bestLine = Array.from(pvTable.subarray(0, pvLength[0]));
            bestScore = rootScore;
          }
          break;
        }
        completed = depth;
        bestScore = v;
        bestLine = Array.from(pvTable.subarray(0, pvLength[0]));
        rootFirst = bestLine[0] ?? -1;
        if (horizon === horizonBefore) break; // the whole game tree was searched
        if (Math.abs(v) >= WIN_BOUND && WIN_SCORE - Math.abs(v) <= depth) break; // proven
      }
    } finally {
      if (ownSearch) shared?.end();
    }
    if (helper) {
      const elapsedMs = performance.now() - t0;
      return { nodes, playouts: 0, depth: completed, elapsedMs, ttHits, timedOut };
    }
    if (bestLine.length === 0) {
      const n = cursor.generate(moves, 0);
      if (n === 0) throw new RulesError('INVALID_STATE', 'alpha-beta: no legal move');
      bestLine = [moves[0]];
    }
    // Decode the line, checking each move is legal where it is played. Where the line was cut
    // (a table hit below the root), continue along the table's best moves.
    const pv: M[] = [];
    let played = 0;
    const isLegal = (code: number): boolean => {
      const n = cursor.generate(moves, 0);
      for (let i = 0; i < n; i++) if (moves[i] === code) return true;
      return false;
    };
    for (const code of bestLine) {
      if (cursor.terminal() || !isLegal(code)) break;
      pv.push(cursor.decode(code));
      cursor.play(code);
      played++;
    }
    if (played === bestLine.length && !timedOut) {
      while (played < maxPly && ttEntries > 0 && !cursor.terminal()) {
        const h = cursor.hash();
        const slot = (h & ttMask) << 2;
        const meta = tt[slot + 1];
        const code = tt[slot + 2];
        const check = tt[slot] ^ meta ^ code ^ tt[slot + 3];
        if (((meta >>> 21) & 3) === 0 || check !== (h | 0)) break;
        if ((meta & 0x1fffff) !== (Math.floor(h / 0x100000000) & 0x1fffff)) break;
        if (!isLegal(code)) break;
        pv.push(cursor.decode(code));
        cursor.play(code);
        played++;
      }
    }
    for (let i = 0; i < played; i++) cursor.undo();
    if (pv.length === 0) {
      // Stopped before any move was searched: any legal move will do.
      cursor.generate(moves, 0);
      pv.push(cursor.decode(moves[0]));
    }
    const proven = Math.abs(bestScore) >= WIN_BOUND;
    const stats: SearchStats = {
      nodes,
      playouts: 0,
      depth: completed,
      elapsedMs: performance.now() - t0,
      ttHits,
      timedOut,
    };
    return {
      move: pv[0] as M,
      value: proven
        ? bestScore > 0
          ? 1
          : 0
        : Math.min(1, Math.max(0, 0.5 + bestScore / (2 * EVAL_SCALE))),
      pv,
      stats,
      score: bestScore === 0 ? 0 : bestScore, // no -0 from negation
      pliesToEnd: proven ? WIN_SCORE - Math.abs(bestScore) : null,
    };
  }

  const search = (state: S, limits?: SearchLimits): AlphaBetaResult<M> => run(state, limits, null);
  const help = (state: S, ticket: HelperTicket, limits?: SearchLimits): SearchStats => {
    if (!shared) {
      throw new RulesError('INVALID_ARGUMENT', "alpha-beta help: the bot has no 'shared' table");
    }
    const ok =
      typeof ticket === 'object' &&
      ticket !== null &&
      Number.isInteger(ticket.search) &&
      Number.isInteger(ticket.index) &&
      ticket.index >= 1;
    if (!ok) {
      throw new RulesError(
        'INVALID_ARGUMENT',
        'alpha-beta help: the ticket must be { search, index } with integers, index >= 1',
      );
    }
    checkLimits('alpha-beta help', limits);
    if (!shared.isRunning(ticket.search)) {
      return { nodes: 0, playouts: 0, depth: 0, elapsedMs: 0, ttHits: 0, timedOut: false };
    }
    return run(state, limits, ticket);
  };

  return {
    name: 'alphabeta',
    search,
    help,
    choose: (state, limits) => search(state, limits).move,
    reset: clear,
  };
}
