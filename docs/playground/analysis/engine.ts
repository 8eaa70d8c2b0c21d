// The engine of the analysis board: the bots of `boardrules play`, each game with its kit:
// alpha-beta with the game's evaluator where it applies (two seats, perfect information: Hive,
// Coerceo), MCTS with the kit's determinizer otherwise (Torres hides cards). They search in a Web
// Worker through boardrules/worker (`BotWorker`, the same worker as the playground's computer
// seats, see ../bots.ts); this file drives the searches and turns their results into lines. No
// DOM: Node tests run it over a message channel.
//
// Values are the first seat's chances in [0, 1] (½ even), whoever is to move: a search's value
// for the seat to move, turned round when the second seat moves; with more than two seats, the
// kit's evaluator's share for the first seat (a search values only the seat to move).
import { botUnsupported } from '../../../src/cli/bots.js';
import { normalizedScore, type SearchLimits } from '../../../src/index.js';
import { BotWorker, type BotWorkerResult } from '../../../src/worker/index.js';
import { botSpec, type Spawn } from '../bots.js';
import { ADAPTERS, type GameName } from './games.js';

/** What the engine says about a position at one depth of its search. */
export interface EngineLine {
  /** The first seat's chances, in [0, 1]. */
  readonly value: number;
  /** The move it suggests, in the game's notation (`null` at the end of the game). */
  readonly move: string | null;
  /** The line it expects, starting with `move`, in the game's notation. */
  readonly pv: readonly string[];
  /** Alpha-beta: plies searched; MCTS: the deepest node reached. */
  readonly depth: number;
  readonly nodes: number;
  readonly elapsedMs: number;
  /** Which bot: `alphabeta` or `mcts`. */
  readonly bot: string;
  /** The last line of this search. */
  readonly final: boolean;
}

/** Alpha-beta's deepest iteration here (a proven result stops it sooner). */
const MAX_DEPTH = 40;

/**
 * One panel's engine: a bot in a worker, kept while the game and the kind of bot stay (a
 * fresh bot for each search all the same, see `fresh`), and stopped when the board moves on.
 */
export class Engine {
  private bot: BotWorker<unknown, unknown> | null = null;
  private key = '';

  constructor(private readonly spawn: Spawn) {}

  /**
   * The bot for `state` — alpha-beta where it can play, else MCTS — as new: the worker's bot is
   * reset (or a worker started for another game or bot).
   */
  async fresh(name: GameName, state: unknown): Promise<BotWorker<unknown, unknown>> {
    const { game, bots } = ADAPTERS[name];
    const kind = botUnsupported('alphabeta', game, state, bots) === null ? 'alphabeta' : 'mcts';
    const key = `${name} ${kind}`;
    if (this.bot === null || key !== this.key) {
      this.bot?.close();
      this.bot = new BotWorker(game, botSpec(kind, bots, 1), this.spawn);
      this.key = key;
    } else {
      await this.bot.reset();
    }
    return this.bot;
  }

  /** Stops the search under way: its promise rejects with `RulesError('CANCELLED')`. */
  stop(): void {
    this.bot?.cancel();
  }

  /** Ends the worker for good. */
  close(): void {
    this.bot?.close();
    this.bot = null;
  }
}

/** The first seat's share of `value`, a value for the seat to move in `state`. */
export function firstSeatValue(name: GameName, state: unknown, value: number): number {
  const { game, bots } = ADAPTERS[name];
  if (game.terminal(state)) return normalizedScore(game, state)[0] ?? 0.5;
  const seats = game.players(state);
  if (seats === 2) return game.toMove(state) === 0 ? value : 1 - value;
  const evaluate = bots?.evaluate;
  if (evaluate === undefined) return 0.5;
  const node = {
    position: undefined,
    state: () => state,
    toMove: () => game.toMove(state),
  };
  return evaluate(node)[0] ?? 0.5;
}

function lineOf(
  name: GameName,
  state: unknown,
  bot: BotWorker<unknown, unknown>,
  r: BotWorkerResult<unknown>,
  final: boolean,
): EngineLine {
  return {
    value: firstSeatValue(name, state, r.value),
    move: r.moveText,
    pv: r.pvText,
    depth: r.stats.depth,
    nodes: r.stats.nodes,
    elapsedMs: r.stats.elapsedMs,
    bot: bot.spec.bot,
    final,
  };
}

/** The line for a finished game: its result, no move. */
function endLine(name: GameName, state: unknown): EngineLine {
  return {
    value: firstSeatValue(name, state, 0.5),
    move: null,
    pv: [],
    depth: 0,
    nodes: 0,
    elapsedMs: 0,
    bot: 'none',
    final: true,
  };
}

/**
 * Searches `state` for up to `timeMs` with `engine`'s bot, giving a line after each depth
 * alpha-beta completes (MCTS: one line, at the end), the last with `final` set. `engine.stop()`
 * ends it: the search under way rejects with `RulesError('CANCELLED')`.
 */
export async function* think(
  engine: Engine,
  name: GameName,
  state: unknown,
  timeMs: number,
): AsyncGenerator<EngineLine> {
  if (ADAPTERS[name].game.terminal(state)) {
    yield endLine(name, state);
    return;
  }
  const bot = await engine.fresh(name, state);
  const until = Date.now() + timeMs;
  if (bot.spec.bot !== 'alphabeta') {
    yield lineOf(name, state, bot, await bot.search(state, { timeMs }), true);
    return;
  }
  for (let depth = 1; ; depth++) {
    const left = until - Date.now();
    const r = await bot.search(state, { depth, timeMs: Math.max(1, left) });
    const proven = r.value === 0 || r.value === 1;
    const done = r.stats.timedOut || proven || depth >= MAX_DEPTH || until - Date.now() <= 0;
    yield lineOf(name, state, bot, r, done);
    if (done) return;
  }
}

/**
 * The first seat's chances in `state` and the engine's move there, from a search of `limits`
 * by `bot` (one bot for a whole line keeps its table between positions; `null` at the end of
 * the game, where nothing is searched).
 */
export async function evaluate(
  name: GameName,
  state: unknown,
  limits: SearchLimits,
  bot: BotWorker<unknown, unknown> | null,
): Promise<EngineLine> {
  if (ADAPTERS[name].game.terminal(state) || bot === null) return endLine(name, state);
  return lineOf(name, state, bot, await bot.search(state, limits), true);
}
