/**
 * One MCTS bot's searches: what outlives a search (the random stream, the kept tree, the move
 * room) and one search from its limits to its result: iterations of descent, rollout and
 * backup on the view or its samples, then the answer.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import type { Game } from '../../core/game.js';
import { RandomStream } from '../../core/stream.js';
import { checkLimits } from '../options.js';
import type { SearchLimits, SearchResult, SearchStats } from '../types.js';
import { answer } from './answer.js';
import type { MctsSettings } from './options.js';
import { KeptTree } from './reuse.js';
import { Rollout } from './rollout.js';
import { Samples } from './samples.js';
import { Descent, MoveRoom } from './select.js';
import { backUp, countTree } from './tree.js';

/**
 * The searches of one bot. Deterministic: with an iteration limit (no `timeMs`), a result
 * depends only on the seed, the settings, the state and the earlier searches (through tree
 * reuse and the random stream); {@link reset} forgets both.
 */
export class MctsSearcher<S, M, O> {
  private stream: RandomStream;
  /** A float of the bot's stream, for rollout policies. */
  private readonly random = (): number => this.stream.float();
  private readonly kept: KeptTree<S, M, O>;
  private readonly room = new MoveRoom();

  constructor(
    private readonly game: Game<S, M, O>,
    private readonly settings: MctsSettings<S, M>,
  ) {
    this.stream = new RandomStream(settings.seed);
    this.kept = new KeptTree(game, settings);
  }

  /** Forgets the tree and restarts the random stream. */
  reset(): void {
    this.stream = new RandomStream(this.settings.seed);
    this.kept.clear();
  }

  /** Nodes in the kept tree below its root. */
  treeSize(): number {
    return countTree(this.kept.root);
  }

  /** Searches `state` within `limits`. */
  search(state: S, limits?: SearchLimits<M>): SearchResult<M> {
    const t0 = performance.now();
    const { game, settings, room, stream } = this;
    const lim = checkLimits<M>('mcts search', limits) ?? settings.defaultLimits;
    const maxIterations = lim.iterations ?? Number.POSITIVE_INFINITY;
    const deadline = lim.timeMs === undefined ? Number.POSITIVE_INFINITY : t0 + lim.timeMs;
    const signal = lim.signal ?? null;
    if (
      maxIterations === Number.POSITIVE_INFINITY &&
      deadline === Number.POSITIVE_INFINITY &&
      signal === null
    ) {
      throw new RulesError('UNSUPPORTED', 'mcts: give an iteration, time or signal limit');
    }
    const samples = new Samples(game, settings, state);
    if (game.terminal(samples.view)) throw new RulesError('GAME_OVER', 'mcts: the game is over');
    const rootCursor = samples.viewCursor();
    room.ensure(rootCursor.maxMoves);
    const rootMoves = rootCursor.generate(room.moves, 0);
    if (rootMoves === 0) throw new RulesError('INVALID_STATE', 'mcts: no legal move');
    if (rootMoves === 1) {
      // A forced move (e.g. a pass): nothing to search.
      const move = rootCursor.decode(room.moves[0]);
      const elapsedMs = performance.now() - t0;
      const stats: SearchStats = {
        nodes: 0,
        playouts: 0,
        depth: 0,
        elapsedMs,
        reused: 0,
        timedOut: false,
        stopped: false,
      };
      return { move, value: 0.5, pv: [move], stats };
    }

    const { root, reused } = this.kept.rootFor(state);
    samples.begin(stream);
    const descent = new Descent(settings, stream, room, reused);
    const rollout = new Rollout(settings, stream, this.random, room);
    let playouts = 0;
    let maxDepth = 0;
    let timedOut = false;
    let stopped = false;
    let cursor = rootCursor;
    while (playouts < maxIterations) {
      if (performance.now() >= deadline) {
        timedOut = true;
        break;
      }
      // The caller stopped the search: answer with what the playouts so far found.
      if (signal?.aborted === true) {
        stopped = true;
        break;
      }
      cursor = samples.cursorFor(playouts, cursor, room);
      const depth = descent.descend(root, cursor);
      if (depth > maxDepth) maxDepth = depth;
      const rewards = rollout.run(cursor);
      backUp(root, room.path, rewards, cursor);
      playouts++;
    }

    const found = answer(root, rootCursor, room.moves, settings.hidden);
    this.kept.finish();
    const stats: SearchStats = {
      nodes: descent.nodes + rollout.nodes,
      playouts,
      depth: maxDepth,
      elapsedMs: performance.now() - t0,
      reused,
      timedOut,
      stopped,
    };
    return { move: found.move, value: found.value, pv: found.pv, stats };
  }
}
