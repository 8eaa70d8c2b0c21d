// The engine of the analysis board, run inside its Web Worker (worker.ts), but free of the
// worker and the DOM, so Node tests can run it too. It is the bots of `boardrules play`, with
// each game's kit: alpha-beta with the game's evaluator where it applies (two seats, perfect
// information: Hive, Coerceo), MCTS with the kit's determinizer otherwise (Torres hides cards).
//
// Values are the first seat's chances in [0, 1] (½ even), whoever is to move: a search's value
// for the seat to move, turned round when the second seat moves; with more than two seats, the
// kit's evaluator's share for the first seat (a search values only the seat to move).
import { botUnsupported, createBot } from '../../../src/cli/bots.js';
import {
  type Bot,
  type Game,
  normalizedScore,
  type SearchLimits,
  type SearchResult,
} from '../../../src/index.js';
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

type AnyGame = Game<unknown, unknown, unknown>;

/** Alpha-beta's deepest iteration here (a proven result stops it sooner). */
const MAX_DEPTH = 40;

/** The bot for `state`: alpha-beta where it can play, else MCTS. */
export function analysisBot(name: GameName, state: unknown): Bot<unknown, unknown> {
  const { game, bots } = ADAPTERS[name];
  const kind = botUnsupported('alphabeta', game, state, bots) === null ? 'alphabeta' : 'mcts';
  return createBot(kind, game, bots, { seed: 1 });
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

/** The line `moves` from `state` in the game's notation, as far as its moves are legal. */
function lineText(game: AnyGame, state: unknown, moves: readonly unknown[]): string[] {
  const texts: string[] = [];
  for (const m of moves) {
    try {
      texts.push(game.formatMove(state, m));
      state = game.apply(state, m);
    } catch {
      // MCTS on hidden information: its line may run through cards this deal does not hold.
      break;
    }
  }
  return texts;
}

function lineOf(
  name: GameName,
  state: unknown,
  bot: Bot<unknown, unknown>,
  r: SearchResult<unknown>,
  final: boolean,
): EngineLine {
  const { game } = ADAPTERS[name];
  const pv = lineText(game, state, r.pv.length > 0 ? r.pv : [r.move]);
  return {
    value: firstSeatValue(name, state, r.value),
    move: pv[0] ?? game.formatMove(state, r.move),
    pv,
    depth: r.stats.depth,
    nodes: r.stats.nodes,
    elapsedMs: r.stats.elapsedMs,
    bot: bot.name,
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
 * Searches `state` for up to `timeMs`, giving a line after each depth alpha-beta completes
 * (MCTS: one line, at the end), the last with `final` set. The caller stops it by not asking for
 * more (the worker is terminated instead when the board moves on).
 */
export function* think(name: GameName, state: unknown, timeMs: number): Generator<EngineLine> {
  const { game } = ADAPTERS[name];
  if (game.terminal(state)) {
    yield endLine(name, state);
    return;
  }
  const bot = analysisBot(name, state);
  const until = Date.now() + timeMs;
  if (bot.name !== 'alphabeta') {
    yield lineOf(name, state, bot, bot.search(state, { timeMs }), true);
    return;
  }
  for (let depth = 1; ; depth++) {
    const left = until - Date.now();
    const r = bot.search(state, { depth, timeMs: Math.max(1, left) });
    const proven = r.value === 0 || r.value === 1;
    const done = r.stats.timedOut || proven || depth >= MAX_DEPTH || until - Date.now() <= 0;
    yield lineOf(name, state, bot, r, done);
    if (done) return;
  }
}

/**
 * The first seat's chances in `state` and the engine's move there, from a search of `limits`
 * by `bot` (one bot for a whole line keeps its table between positions).
 */
export function evaluate(
  name: GameName,
  state: unknown,
  limits: SearchLimits,
  bot?: Bot<unknown, unknown>,
): EngineLine {
  const { game } = ADAPTERS[name];
  if (game.terminal(state)) return endLine(name, state);
  const b = bot ?? analysisBot(name, state);
  return lineOf(name, state, b, b.search(state, limits), true);
}
