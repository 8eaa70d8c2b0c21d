/**
 * One alpha-beta bot's searches: what outlives a search (the table, the move ordering, the
 * buffers) and one search from its limits to its result, as the leader or as a helper.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import { type Cursor, cursorFor } from '../cursor.js';
import { checkLimits } from '../options.js';
import type { IterationInfo, SearchLimits, SearchLine, SearchStats } from '../types.js';
import { Clock } from './clock.js';
import { type Deepened, deepen, type IterationDone, type RootLine } from './deepening.js';
import { enterShared, firstDepth, type HelperTicket } from './helpers.js';
import { Leaves } from './leaves.js';
import { NodeSearch } from './node.js';
import type { AlphaBetaSettings } from './options.js';
import { MoveOrdering } from './ordering.js';
import { PvTable } from './pv.js';
import { type AlphaBetaResult, alphaBetaResult, principalVariation, searchLine } from './result.js';
import { TranspositionTable } from './table.js';

/**
 * The searches of one bot. Determinism: without `timeMs`, a result depends only on the state,
 * the limits, the settings and the bot's earlier searches (which fill its table and history);
 * {@link clear} forgets them.
 */
export class AlphaBetaSearcher<S, M, O> {
  private readonly table: TranspositionTable | null;
  private readonly ordering: MoveOrdering;
  private readonly pv: PvTable;
  /** Moves and their ranks: a segment of the game's `maxMoves` per ply, grown on demand. */
  private moves = new Int32Array(0);
  private ranks = new Int32Array(0);

  constructor(
    private readonly game: Game<S, M, O>,
    private readonly settings: AlphaBetaSettings<S, M>,
  ) {
    const { shared, ttEntries, maxPly } = settings;
    this.table = shared || ttEntries > 0 ? new TranspositionTable(ttEntries, shared) : null;
    this.ordering = new MoveOrdering(maxPly);
    this.pv = new PvTable(maxPly);
  }

  /** Forgets the table and what the ordering learnt (between games). */
  clear(): void {
    this.table?.clear();
    this.ordering.clear();
  }

  /**
   * Searches `state`: as the leader (`helper` null), or as a helper of shared search
   * `helper.search`, which returns its statistics instead of a result.
   */
  run(state: S, limits: SearchLimits<M> | undefined, helper: null): AlphaBetaResult<M>;
  run(state: S, limits: SearchLimits<M> | undefined, helper: HelperTicket): SearchStats;
  run(
    state: S,
    limits: SearchLimits<M> | undefined,
    helper: HelperTicket | null,
  ): AlphaBetaResult<M> | SearchStats {
    const t0 = performance.now();
    const { game, settings, table, pv } = this;
    const where = helper ? 'alpha-beta help' : 'alpha-beta search';
    const lim = checkLimits<M>(where, limits) ?? settings.defaultLimits;
    const depthLimit = Math.min(settings.maxPly, Math.floor(lim.depth ?? settings.maxPly));
    const nodeLimit = lim.nodes ?? Number.POSITIVE_INFINITY;
    const deadline = lim.timeMs === undefined ? Number.POSITIVE_INFINITY : t0 + lim.timeMs;
    if (game.terminal(state)) throw new RulesError('GAME_OVER', 'alpha-beta: the game is over');
    const cursor: Cursor<S, M> = cursorFor(game, state, settings.path, settings.maxMoves);
    if (cursor.players !== 2) {
      throw new RulesError(
        'UNSUPPORTED',
        `alpha-beta needs two players, ${game.name} has ${cursor.players}`,
      );
    }
    const width = cursor.maxMoves;
    if (this.moves.length < width * (settings.maxPly + 1)) {
      this.moves = new Int32Array(width * (settings.maxPly + 1));
      this.ranks = new Int32Array(width * (settings.maxPly + 1));
    }
    const ownSearch = enterShared(settings.shared, helper);
    table?.beginSearch();
    this.ordering.beginSearch();
    pv.clear();

    const clock = new Clock(
      deadline,
      helper ? settings.shared : null,
      helper?.search,
      lim.signal ?? null,
    );
    const leaves = new Leaves(cursor, game.scoring === 'winloss', settings.evaluate);
    const parts = {
      table,
      ordering: this.ordering,
      pv,
      maxPly: settings.maxPly,
      reductions: settings.reductions,
      moves: this.moves,
      ranks: this.ranks,
      width,
    };
    const search = new NodeSearch(parts, cursor, leaves, clock, nodeLimit);
    // A helper finds no lines and reports nothing: the leader does.
    const multiPv = helper ? 1 : (lim.multiPv ?? 1);
    const report = lim.onIteration;
    const done: IterationDone | undefined =
      helper || report === undefined
        ? undefined
        : (depth, roots) => {
            const lines = this.decode(cursor, roots, false);
            const best = lines[0] as SearchLine<M>;
            const info: IterationInfo<M> = {
              depth,
              score: best.score,
              value: best.value,
              pliesToEnd: best.pliesToEnd,
              nodes: search.nodes,
              elapsedMs: performance.now() - t0,
              pv: best.pv,
              lines,
            };
            report(info);
          };
    let found: Deepened;
    try {
      found = deepen(search, pv, cursor.toMove(), firstDepth(helper), depthLimit, multiPv, done);
    } finally {
      if (ownSearch) settings.shared?.end();
    }
    const stats = (): SearchStats => ({
      nodes: search.nodes,
      playouts: 0,
      depth: found.completed,
      elapsedMs: performance.now() - t0,
      ttHits: search.ttHits,
      timedOut: clock.timedOut,
      stopped: clock.stopped,
    });
    if (helper) return stats();
    // Without any line (stopped before a root move was searched to its end): the first legal
    // move, worth nothing known.
    const roots = found.lines.length > 0 ? found.lines : [{ score: 0, line: [], depth: 0 }];
    // The table's best moves extend a line only when the search was not cut by time or signal.
    const lines = this.decode(cursor, roots, clock.timedOut || clock.stopped);
    return alphaBetaResult(lines, stats());
  }

  /**
   * The `roots` lines as moves, each checked legal and (unless `cut`) extended along the
   * table's best moves; the cursor is at the root and stays there.
   */
  private decode(cursor: Cursor<S, M>, roots: readonly RootLine[], cut: boolean): SearchLine<M>[] {
    const { table, settings } = this;
    return roots.map((root) =>
      searchLine(
        root,
        principalVariation(cursor, this.moves, root.line, table, settings.maxPly, cut),
      ),
    );
  }
}
