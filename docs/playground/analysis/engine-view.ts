// The analysis board's two engine panels, each with a Web Worker of its own (engine.ts, over
// boardrules/worker): the suggestion for the position shown, searched again whenever the board
// moves, and the graph of the main line, each position evaluated in turn and drawn as it
// arrives. Moving on stops the search under way (its worker is ended, a new one starts). Evaluations are kept
// by position, so a graph asked again (another record with the same opening, a move added at the
// end) only evaluates what is new.
import { isRulesError } from '../../../src/index.js';
import { spawnBotWorker } from '../spawn.js';
import { Engine, type EngineLine, evaluate, think } from './engine.js';
import { ADAPTERS, type GameName } from './games.js';
import { chancesText, graphSvg } from './graph.js';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What an engine's failure says on the page (a stopped search says nothing). */
function failure(e: unknown): string | null {
  if (isRulesError(e, 'CANCELLED')) return null;
  return `The engine failed: ${e instanceof Error ? e.message : String(e)}`;
}

/** The suggestion for the position the board shows. */
export class Suggestion {
  private readonly engine = new Engine(spawnBotWorker);
  /** The number of the latest search: lines of an earlier one are dropped. */
  private run = 0;
  /** Whether a search is under way. */
  private busy = false;
  /** The game and saved text of the position searched (or being searched). */
  private key = '';
  private game: GameName = 'hive';
  /** The engine's latest line for `key`, or `null` before its first. */
  line: EngineLine | null = null;
  /** Called when a new line arrives (the page redraws the board's highlight). */
  onLine: () => void = () => {};

  /** Searches `state` unless it is the position already searched (or the engine is off). */
  follow(game: GameName, state: unknown): void {
    const on = ($('engine-on') as HTMLInputElement).checked;
    const text = ADAPTERS[game].game.serialize(state);
    const key = `${game}\n${text}`;
    if (!on) {
      this.stop();
      this.key = '';
      this.line = null;
      this.show('The engine is off.');
      return;
    }
    if (key === this.key) return;
    this.key = key;
    this.game = game;
    this.line = null;
    const timeMs = Number(($('think-time') as HTMLSelectElement).value) || 3000;
    this.stop();
    void this.search(++this.run, game, state, timeMs);
    this.show('Thinking…');
  }

  /** Stops the search under way. */
  private stop(): void {
    this.run++;
    this.busy = false;
    this.engine.stop();
  }

  /** Search `run`: shows each line as it comes, while it is the latest. */
  private async search(run: number, game: GameName, state: unknown, timeMs: number): Promise<void> {
    this.busy = true;
    try {
      for await (const line of think(this.engine, game, state, timeMs)) {
        if (run !== this.run) return;
        if (line.final) this.busy = false;
        this.line = line;
        this.show(null);
        this.onLine();
      }
    } catch (e) {
      if (run !== this.run) return;
      this.busy = false;
      const text = failure(e);
      if (text !== null) this.show(text);
    }
  }

  /** Searches the same position again (after the time or the switch changed). */
  restart(game: GameName, state: unknown): void {
    this.key = '';
    this.follow(game, state);
  }

  /** Writes the panel: `status`, or the engine's state and its latest line. */
  private show(status: string | null): void {
    const busy = this.busy;
    $('engine').dataset.busy = String(busy);
    const line = this.line;
    const seat = ADAPTERS[this.game].seatName(0);
    if (status !== null) $('engine-status').textContent = status;
    else if (line !== null) {
      const what =
        line.bot === 'alphabeta'
          ? `alpha-beta, depth ${line.depth}`
          : line.bot === 'mcts'
            ? 'MCTS'
            : 'the game is over';
      const counts =
        line.bot === 'none'
          ? ''
          : `, ${line.nodes.toLocaleString('en')} positions in ${seconds(line.elapsedMs)}`;
      $('engine-status').textContent =
        `${busy ? 'Thinking' : 'Done'}: ${what}${counts}${busy ? '…' : '.'}`;
    }
    const box = $('suggestion');
    if (line === null) box.textContent = '';
    else if (line.move === null) box.textContent = `No move: ${chancesText(seat, line.value)}.`;
    else {
      const rest = line.pv.slice(1);
      box.textContent = `Best: ${line.move} (${chancesText(seat, line.value)})${rest.length > 0 ? `, then ${rest.slice(0, 8).join(', ')}` : ''}`;
    }
    box.dataset.move = line?.move ?? '';
  }
}

/** The graph of the main line's evaluations. */
export class Graph {
  private readonly engine = new Engine(spawnBotWorker);
  /** The number of the latest run: points of an earlier one are dropped. */
  private run = 0;
  /** Evaluations already made, by time per position, game and saved text. */
  private readonly known = new Map<string, EngineLine>();
  private game: GameName = 'hive';
  private texts: string[] = [];
  /** Called when a point arrives (the page redraws the graph with its current ply). */
  onPoint: () => void = () => {};

  private keyOf(text: string): string {
    return `${($('graph-time') as HTMLSelectElement).value}\n${this.game}\n${text}`;
  }

  /** Evaluates the main line's states (from the start), those not evaluated before. */
  start(game: GameName, states: readonly unknown[]): void {
    const run = ++this.run;
    this.engine.stop();
    this.game = game;
    this.texts = states.map((s) => ADAPTERS[game].game.serialize(s));
    const missing = states.filter((_, i) => !this.known.has(this.keyOf(this.texts[i] as string)));
    if (missing.length > 0) {
      const timeMs = Number(($('graph-time') as HTMLSelectElement).value) || 300;
      void this.evaluate(run, game, missing, timeMs);
    }
  }

  /** Run `run`: evaluates `states` in turn with one bot, each point kept as it comes. */
  private async evaluate(
    run: number,
    game: GameName,
    states: readonly unknown[],
    timeMs: number,
  ): Promise<void> {
    const { game: rules } = ADAPTERS[game];
    try {
      const first = states.find((s) => !rules.terminal(s));
      const bot = first === undefined ? null : await this.engine.fresh(game, first);
      for (const state of states) {
        const line = await evaluate(game, state, { timeMs }, bot);
        if (run !== this.run) return;
        this.known.set(this.keyOf(rules.serialize(state)), line);
        this.onPoint();
      }
    } catch (e) {
      if (run !== this.run) return;
      const text = failure(e);
      if (text !== null) $('graph-status').textContent = text;
    }
  }

  /** The first seat's chances at each ply of the main line, `null` where not yet known. */
  values(): (number | null)[] {
    return this.texts.map((t) => this.known.get(this.keyOf(t))?.value ?? null);
  }

  /** Draws the graph, `current` (a main-line ply, or `null`) marked. */
  draw(current: number | null): void {
    const lines = this.texts.map((t) => this.known.get(this.keyOf(t)) ?? null);
    const values = lines.map((l) => l?.value ?? null);
    const seat = ADAPTERS[this.game].seatName(0);
    $('graph').innerHTML = graphSvg({
      values,
      seat,
      current,
      moves: lines.map((l) => l?.move ?? null),
    });
    const done = values.filter((v) => v !== null).length;
    $('graph-title').textContent = `${seat}'s chances over the main line`;
    $('graph-status').textContent =
      done < values.length
        ? `Evaluating: ${done} of ${values.length} positions…`
        : values.length === 1
          ? 'The start is evaluated: the graph grows with the main line.'
          : `All ${values.length} positions evaluated.`;
    $('graph-panel').dataset.points = String(done);
  }
}
