// The analysis board's two engine panels, each with a Web Worker of its own (client.ts): the
// suggestion for the position shown, searched again whenever the board moves, and the graph of
// the main line, each position evaluated in turn and drawn as it arrives. Evaluations are kept
// by position, so a graph asked again (another record with the same opening, a move added at the
// end) only evaluates what is new.
import { EngineClient } from './client.js';
import type { EngineLine } from './engine.js';
import { ADAPTERS, type GameName } from './games.js';
import { chancesText, graphSvg } from './graph.js';
import type { EngineReply } from './protocol.js';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The suggestion for the position the board shows. */
export class Suggestion {
  private readonly client = new EngineClient();
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
      this.client.stop();
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
    this.client.run({ kind: 'think', game, state: text, timeMs }, (r) => this.hear(r));
    this.show('Thinking…');
  }

  /** Searches the same position again (after the time or the switch changed). */
  restart(game: GameName, state: unknown): void {
    this.key = '';
    this.follow(game, state);
  }

  private hear(reply: EngineReply): void {
    if (reply.kind === 'line' || reply.kind === 'point') {
      this.line = reply.line;
      this.show(null);
      this.onLine();
    } else if (reply.kind === 'error') this.show(`The engine failed: ${reply.message}`);
    else this.show(null);
  }

  /** Writes the panel: `status`, or the engine's state and its latest line. */
  private show(status: string | null): void {
    const busy = this.client.busy;
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
  private readonly client = new EngineClient();
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
    this.client.stop();
    this.game = game;
    this.texts = states.map((s) => ADAPTERS[game].game.serialize(s));
    const missing = this.texts.flatMap((t, i) => (this.known.has(this.keyOf(t)) ? [] : [i]));
    if (missing.length > 0) {
      const timeMs = Number(($('graph-time') as HTMLSelectElement).value) || 300;
      const states = missing.map((i) => this.texts[i] as string);
      this.client.run({ kind: 'graph', game, states, timeMs }, (r) => {
        if (r.kind === 'point') {
          this.known.set(this.keyOf(states[r.index] as string), r.line);
          this.onPoint();
        } else if (r.kind === 'error') {
          $('graph-status').textContent = `The engine failed: ${r.message}`;
        } else this.onPoint();
      });
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
