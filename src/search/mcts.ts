/**
 * Monte Carlo tree search (UCT) for any number of seats, over any {@link Game}.
 *
 * Each iteration descends the tree by UCB1, expands one untried move, plays a rollout to the
 * end (or to a cut-off scored by an evaluation function) and backs up the reward **vector**:
 * every node adds the reward of the seat that chose the move leading to it, so two-player,
 * multi-player and points games (rank-normalized by `normalizedScore`) are handled alike.
 *
 * Games with hidden information (`game.observe`) are searched by determinization, as in
 * single-observer ISMCTS: the bot only ever reads `observe(state, seat)`, samples full states
 * consistent with it through the caller's `determinize`, and shares one tree between samples,
 * keyed by move identity; UCB uses availability counts (how often a move was legal when its
 * parent was visited) instead of the parent's visits.
 *
 * @module
 */
import { gameArg } from '../core/args.js';
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { type OptionCheck, readCheckedOptions } from '../core/options.js';
import { Rng } from '../core/rng.js';
import { RandomStream } from '../core/stream.js';
import { type Cursor, cursorFor } from './cursor.js';
import { CHECKS, checkLimits } from './options.js';
import type {
  Bot,
  Evaluator,
  RolloutPolicy,
  SearchLimits,
  SearchResult,
  SearchStats,
} from './types.js';

/**
 * Samples a full state consistent with what `seat` sees: given `observed = observe(s, seat)`,
 * return any state `d` with `observe(d, seat)` equivalent to `observed` (the hidden parts filled
 * in at random, e.g. the unseen cards dealt out and the chance RNG reseeded). Draw randomness
 * only from `rng` so the bot stays deterministic.
 */
export type Determinizer<S> = (observed: S, seat: number, rng: Rng) => S;

/** Options of {@link mctsBot}. */
export interface MctsOptions<S, M> {
  /** Seed of the bot's random stream (rollouts, expansion order, samples). Default 1. */
  readonly seed?: number;
  /** UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`, rewards being in [0, 1]. Default 0.7. */
  readonly exploration?: number;
  /** Limits used when `search` is called without any. Default `{ iterations: 1000 }`. */
  readonly defaultLimits?: SearchLimits;
  /** Rollout policy; default uniform random. */
  readonly rollout?: RolloutPolicy<S, M>;
  /**
   * Cut rollouts after this many plies (default: play to the end). The cut position is scored
   * by `evaluate`, or by the normalized current score when there is none.
   */
  readonly rolloutDepth?: number;
  /** Evaluation of cut-off rollout positions (one value per seat in [0, 1]). */
  readonly evaluate?: Evaluator<S, M>;
  /**
   * Expand a node's moves best first by `evaluate` (the position each move leads to, for the
   * seat moving) instead of in random order, so that a small budget spends its iterations on
   * the moves the evaluation likes. Needs `evaluate` (ignored without it); best with
   * `rolloutDepth: 0`, where every new node is scored by the evaluation at once. Default `false`.
   */
  readonly guided?: boolean;
  /** Required for games with `observe`: samples full states from the bot's observation. */
  readonly determinize?: Determinizer<S>;
  /** Iterations run on each sampled state before sampling the next. Default 1 (one per iteration). */
  readonly iterationsPerSample?: number;
  /**
   * Keep the tree between searches: when the next state is found among the (up to
   * `reuseDepth` plies deep) descendants of the last root, that subtree becomes the new root.
   * Perfect-information games only. Default true.
   */
  readonly reuseTree?: boolean;
  /** How many plies below the old root to look for the new state. Default `2 × players`. */
  readonly reuseDepth?: number;
  /** `'fast'` (default): the game's play/undo path when it has one; `'apply'`: always `apply`. */
  readonly path?: 'fast' | 'apply';
  /** Room for moves per position on the `apply` path (default 1024). */
  readonly maxMoves?: number;
  /**
   * Stop growing the tree at this many nodes (playouts go on from its leaves), bounding memory
   * on long searches. Default 500,000. A node costs about 200 bytes plus 4 per legal move in
   * its position (measured: 224 bytes per node on Connect Four), so the default bounds the tree
   * at roughly 110 MB there and a few hundred MB on games with ~100 moves per position.
   */
  readonly maxTreeNodes?: number;
}

/** A tree node: the move that led here and the statistics of the seat that chose it. */
class Node {
  /** Visits (backed-up playouts through this node). */
  visits = 0;
  /** Times this node's move was legal when its parent was visited (ISMCTS availability). */
  avail = 0;
  /** Sum of the rewards of `mover`. */
  reward = 0;
  /**
   * Perfect information: the legal moves here (generated once, on the first visit); the first
   * `kids.length` of them are expanded, `kids[i]` playing `codes[i]`.
   */
  codes: Int32Array | null = null;
  kids: Node[] = [];
  /** Hidden information: children by move key (the legal moves vary between samples). */
  byKey: Map<number | string, Node> | null = null;
  constructor(
    /**
     * The move's code in the position it was expanded in. Without hidden information that is
     * the code in every visit; with it, the code is looked up again by key in each sample.
     */
    readonly code: number,
    /** The seat that played it (-1 at the root). */
    readonly mover: number,
  ) {}
}

/** A node's children, whichever way they are stored (not for hot loops). */
function childrenOf(node: Node): Iterable<Node> {
  return node.byKey ? node.byKey.values() : node.kids;
}

/** What each option of {@link MctsOptions} may be. */
const MCTS_OPTIONS: Readonly<Record<keyof MctsOptions<unknown, unknown>, OptionCheck>> = {
  seed: CHECKS.number,
  exploration: CHECKS.nonNegative,
  defaultLimits: CHECKS.limits,
  rollout: CHECKS.function,
  rolloutDepth: CHECKS.nonNegativeOrInfinity,
  evaluate: CHECKS.function,
  determinize: CHECKS.function,
  iterationsPerSample: CHECKS.positiveCount,
  guided: CHECKS.boolean,
  reuseTree: CHECKS.boolean,
  reuseDepth: CHECKS.count,
  path: CHECKS.path,
  maxMoves: CHECKS.positiveCount,
  maxTreeNodes: CHECKS.positiveCount,
};

/** A bot running MCTS; see {@link mctsBot}. */
export interface MctsBot<S, M> extends Bot<S, M> {
  /** Number of nodes currently in the tree below the root (0 before the first search). */
  treeSize(): number;
}

/**
 * Creates an MCTS bot. Deterministic: with an iteration limit (no `timeMs`), the move depends
 * only on the seed, the options, the state and the previous searches (through tree reuse and
 * the random stream); call `reset()` to forget both.
 */
export function mctsBot<S, M, O>(
  game: Game<S, M, O>,
  given: MctsOptions<S, M> = {},
): MctsBot<S, M> {
  gameArg('mctsBot', game);
  const options = readCheckedOptions(given, 'mctsBot options', MCTS_OPTIONS) as MctsOptions<S, M>;
  const seed = options.seed ?? 1;
  const c = options.exploration ?? 0.7;
  const rolloutDepth = options.rolloutDepth ?? Number.POSITIVE_INFINITY;
  const perSample = Math.max(1, Math.floor(options.iterationsPerSample ?? 1));
  const path = options.path ?? 'fast';
  const hidden = game.observe !== undefined;
  if (hidden && !options.determinize) {
    throw new RulesError(
      'HIDDEN_INFORMATION',
      `${game.name} hides information: mctsBot needs a determinize option to sample what the seat cannot see`,
    );
  }
  const reuse = (options.reuseTree ?? true) && !hidden;
  const maxTreeNodes = options.maxTreeNodes ?? 500_000;
  const guided = options.guided === true && options.evaluate !== undefined;

  let stream = new RandomStream(seed);
  const random = (): number => stream.float();
  // Tree kept between searches (perfect information only).
  let root: Node | null = null;
  let rootState: S | null = null;
  let rootText = '';

  let buffer = new Int32Array(0);
  let scratch: Node[] = [];
  let scratchCodes = new Int32Array(0);
  const pathNodes: Node[] = [];

  const ensureBuffers = (maxMoves: number): void => {
    if (buffer.length < maxMoves) {
      buffer = new Int32Array(maxMoves);
      scratch = new Array<Node>(maxMoves);
      scratchCodes = new Int32Array(maxMoves);
    }
  };

  /** Finds `text` (a serialized state) among the descendants of the old root. */
  const findReusable = (state: S): Node | null => {
    if (!reuse || root === null || rootState === null) return null;
    const text = game.serialize(state);
    if (text === rootText) return root;
    const cursor = cursorFor(game, rootState, path, options.maxMoves);
    const target = cursorFor(game, state, path, options.maxMoves).hash();
    const depthLimit = options.reuseDepth ?? 2 * cursor.players;
    let budget = 20_000;
    const walk = (node: Node, depth: number): Node | null => {
      if (depth >= depthLimit) return null;
      for (const child of childrenOf(node)) {
        if (child.visits === 0 || --budget < 0) continue;
        cursor.play(child.code);
        let found: Node | null = null;
        if (cursor.hash() === target && game.serialize(cursor.state()) === text) found = child;
        else found = walk(child, depth + 1);
        cursor.undo();
        if (found) return found;
      }
      return null;
    };
    return walk(root, 0);
  };

  const search = (state: S, limits?: SearchLimits): SearchResult<M> => {
    const t0 = performance.now();
    const lim = checkLimits('mcts search', limits) ?? options.defaultLimits ?? { iterations: 1000 };
    const maxIterations = lim.iterations ?? Number.POSITIVE_INFINITY;
    const deadline = lim.timeMs === undefined ? Number.POSITIVE_INFINITY : t0 + lim.timeMs;
    if (maxIterations === Number.POSITIVE_INFINITY && deadline === Number.POSITIVE_INFINITY) {
      throw new RulesError('UNSUPPORTED', 'mcts: give an iteration or time limit');
    }

    // What the bot may read: the seat to move (public) and that seat's observation.
    const seat = game.toMove(state);
    const view = hidden && game.observe ? game.observe(state, seat) : state;
    if (game.terminal(view)) throw new RulesError('GAME_OVER', 'mcts: the game is over');
    const rootCursor = cursorFor(game, view, path, options.maxMoves);
    ensureBuffers(rootCursor.maxMoves);
    const rootMoves = rootCursor.generate(buffer, 0);
    if (rootMoves === 0) throw new RulesError('INVALID_STATE', 'mcts: no legal move');
    if (rootMoves === 1) {
      // A forced move (e.g. a pass): nothing to search.
      const move = rootCursor.decode(buffer[0]);
      const elapsedMs = performance.now() - t0;
      const stats = { nodes: 0, playouts: 0, depth: 0, elapsedMs, reused: 0, timedOut: false };
      return { move, value: 0.5, pv: [move], stats };
    }

    let reused = 0;
    const kept = findReusable(state);
    // Nodes in the tree: a kept subtree has at most one node per visit.
    let treeNodes = 0;
    if (kept) {
      root = kept;
      reused = kept.visits;
      treeNodes = kept.visits;
    } else {
      root = new Node(-1, -1);
    }
    if (reuse) {
      rootState = state;
      rootText = game.serialize(state);
    }
    const tree = root;
    const detRng = hidden ? new Rng(stream.uint32()) : null;
    const determinize = options.determinize;

    let nodes = 0;
    let playouts = 0;
    let maxDepth = 0;
    let timedOut = false;
    let cursor: Cursor<S, M> = rootCursor;
    const evaluateChild = (code: number, mover: number): number => {
      cursor.play(code);
      const v = cursor.terminal()
        ? (cursor.rewards()[mover] ?? 0)
        : ((options.evaluate as Evaluator<S, M>)(cursor)[mover] ?? 0);
      cursor.undo();
      return v;
    };
    /** Sorts `codes` best first for `mover` by the evaluation of the position each leads to. */
    const orderByEvaluation = (codes: Int32Array, mover: number): void => {
      const ranked = Array.from(codes, (code, i) => ({
        code,
        i,
        value: evaluateChild(code, mover),
      }));
      // Ties keep the generator's order, so the expansion order is deterministic.
      ranked.sort((a, b) => b.value - a.value || a.i - b.i);
      ranked.forEach((r, i) => {
        codes[i] = r.code;
      });
    };
    /** The index in `buffer[0..n)` of the move whose position `mover` evaluates best. */
    const bestByEvaluation = (n: number, mover: number): number => {
      let best = 0;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < n; i++) {
        const v = evaluateChild(buffer[i] as number, mover);
        if (v > bestValue) {
          bestValue = v;
          best = i;
        }
      }
      return best;
    };

    while (playouts < maxIterations) {
      if (performance.now() >= deadline) {
        timedOut = true;
        break;
      }
      if (hidden && playouts % perSample === 0 && determinize && detRng) {
        cursor = cursorFor(game, determinize(view, seat, detRng), path, options.maxMoves);
        ensureBuffers(cursor.maxMoves);
      }
      // Selection and expansion.
      let node = tree;
      let depth = 0;
      pathNodes.length = 0;
      for (;;) {
        if (cursor.terminal()) break;
        const mover = cursor.toMove();
        let next: Node;
        if (!hidden) {
          // Perfect information: the move list is fixed, so keep it in the node.
          let codes = node.codes;
          if (codes === null) {
            const n = cursor.generate(buffer, 0);
            codes = node.codes = buffer.slice(0, n);
            if (guided) orderByEvaluation(codes, mover);
          }
          const kids = node.kids;
          const k = kids.length;
          if (k < codes.length && treeNodes < maxTreeNodes) {
            // Expand the next untried move: the best evaluated when guided (`codes` is sorted),
            // else a random one (swapped to position k).
            const j = guided || k + 1 === codes.length ? k : k + stream.int(codes.length - k);
            const code = codes[j];
            codes[j] = codes[k];
            codes[k] = code;
            const child = new Node(code, mover);
            treeNodes++;
            kids.push(child);
            cursor.play(code);
            nodes++;
            depth++;
            pathNodes.push(child);
            break;
          }
          if (k === 0) break; // the tree is full: roll out from this leaf
          // UCB1 with the parent's visits.
          const logN = Math.log(node.visits);
          next = kids[0] as Node;
          let bestValue = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < k; i++) {
            const child = kids[i] as Node;
            const value = child.reward / child.visits + c * Math.sqrt(logN / child.visits);
            if (value > bestValue) {
              bestValue = value;
              next = child;
            }
          }
          cursor.play(next.code);
        } else {
          // Hidden information: match this sample's legal moves to children by key.
          const n = cursor.generate(buffer, 0);
          if (node.byKey === null) node.byKey = new Map();
          const children = node.byKey;
          let untried = 0;
          let known = 0;
          for (let i = 0; i < n; i++) {
            const code = buffer[i];
            const child = children.get(cursor.key(code));
            if (child === undefined) buffer[untried++] = code;
            else {
              // Availability: this move was legal on this visit.
              child.avail++;
              scratch[known] = child;
              // The child's move may have another code in this sample (apply path: its index).
              scratchCodes[known++] = code;
            }
          }
          if (untried > 0 && treeNodes < maxTreeNodes) {
            const code =
              buffer[
                untried === 1 ? 0 : guided ? bestByEvaluation(untried, mover) : stream.int(untried)
              ];
            const child = new Node(code, mover);
            treeNodes++;
            child.avail = 1;
            children.set(cursor.key(code), child);
            cursor.play(code);
            nodes++;
            depth++;
            pathNodes.push(child);
            break;
          }
          if (known === 0) break; // the tree is full: roll out from this leaf
          // UCB1 with availability counts in place of the parent's visits (ISMCTS).
          next = scratch[0] as Node;
          let nextCode = scratchCodes[0];
          let bestValue = Number.NEGATIVE_INFINITY;
          for (let i = 0; i < known; i++) {
            const child = scratch[i] as Node;
            const value =
              child.reward / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
            if (value > bestValue) {
              bestValue = value;
              next = child;
              nextCode = scratchCodes[i];
            }
          }
          cursor.play(nextCode);
        }
        nodes++;
        depth++;
        pathNodes.push(next);
        node = next;
      }
      if (depth > maxDepth) maxDepth = depth;

      // Rollout.
      let plies = 0;
      while (plies < rolloutDepth && !cursor.terminal()) {
        const n = cursor.generate(buffer, 0);
        if (n === 0) break; // a live position without moves breaks the Game contract; don't hang
        const i = options.rollout ? options.rollout(cursor, buffer, 0, n, random) : stream.int(n);
        cursor.play(buffer[i]);
        plies++;
      }
      nodes += plies;
      const rewards =
        cursor.terminal() || !options.evaluate ? cursor.rewards() : options.evaluate(cursor);
      for (let i = 0; i < plies; i++) cursor.undo();

      // Backup.
      for (let i = pathNodes.length - 1; i >= 0; i--) {
        const p = pathNodes[i] as Node;
        p.visits++;
        p.reward += rewards[p.mover] ?? 0;
        cursor.undo();
      }
      tree.visits++;
      playouts++;
    }

    // The answer: the most visited root child that is legal in the real position.
    const n = rootCursor.generate(buffer, 0);
    let bestCode = buffer[0];
    let bestNode: Node | null = null;
    for (let i = 0; i < n; i++) {
      const code = buffer[i];
      const child = hidden
        ? tree.byKey?.get(rootCursor.key(code))
        : tree.kids.find((kid) => kid.code === code);
      if (!child) continue;
      if (
        bestNode === null ||
        child.visits > bestNode.visits ||
        (child.visits === bestNode.visits &&
          child.reward / Math.max(1, child.visits) > bestNode.reward / Math.max(1, bestNode.visits))
      ) {
        bestNode = child;
        bestCode = code;
      }
    }
    const move = rootCursor.decode(bestCode);
    const pv: M[] = [move];
    if (!hidden && bestNode) {
      // Most-visited line, for display.
      rootCursor.play(bestCode);
      let plies = 1;
      let at: Node = bestNode;
      while (plies < 32 && !rootCursor.terminal()) {
        let next: Node | null = null;
        for (const ch of at.kids) if (!next || ch.visits > next.visits) next = ch;
        if (!next || next.visits === 0) break;
        pv.push(rootCursor.decode(next.code));
        rootCursor.play(next.code);
        plies++;
        at = next;
      }
      for (let i = 0; i < plies; i++) rootCursor.undo();
    }
    if (!reuse) root = null;
    const stats: SearchStats = {
      nodes,
      playouts,
      depth: maxDepth,
      elapsedMs: performance.now() - t0,
      reused,
      timedOut,
    };
    return {
      move,
      value: bestNode && bestNode.visits > 0 ? bestNode.reward / bestNode.visits : 0.5,
      pv,
      stats,
    };
  };

  const countTree = (node: Node | null): number => {
    if (!node) return 0;
    let total = 0;
    for (const ch of childrenOf(node)) total += 1 + countTree(ch);
    return total;
  };

  return {
    name: 'mcts',
    search,
    choose: (state, limits) => search(state, limits).move,
    reset() {
      stream = new RandomStream(seed);
      root = null;
      rootState = null;
      rootText = '';
    },
    treeSize: () => countTree(root),
  };
}
