// The boardrules playground: plain TypeScript + DOM over the public API. Each game gets a small
// adapter saying how to draw a state and how a click maps to moves; everything else (turns,
// bots, undo, the move list, position strings) is generic over `Game`.
//
// Clicks: a move has an optional *source* (what you click first: a Hive piece, a Coerceo or
// Torres square with the piece that moves) and an optional *target* (where it goes). Moves
// with neither (pass, end turn, buy a card, choose a stack ...) are buttons under the board.

// The bots come from the same factory and per-game kits (evaluator, rollout cut-off, Torres'
// determinizer) as `boardrules play --seats`, so the playground's bots are the CLI's bots.
import { type BotKit, createBot } from '../../src/cli/bots.js';
import { plugin as coerceoPlugin } from '../../src/cli/games/coerceo.js';
import { plugin as hivePlugin } from '../../src/cli/games/hive.js';
import { plugin as torresPlugin } from '../../src/cli/games/torres.js';
import { coerceo } from '../../src/coerceo/index.js';
import { render as renderCoerceo } from '../../src/coerceo/svg.js';
import type { CoerceoMove, CoerceoState } from '../../src/coerceo/types.js';
import { GAME_TYPES, type HiveMove, type HiveState, hive } from '../../src/hive/index.js';
import { render as renderHive } from '../../src/hive/svg.js';
import type { Bot, Game } from '../../src/index.js';
import { type TorresMove, type TorresState, torres } from '../../src/torres/index.js';
import { render as renderTorres } from '../../src/torres/svg.js';

/** What the current view asks the renderer to show. */
interface View<M> {
  readonly highlight: readonly string[];
  readonly selected: string | null;
  readonly last: M | null;
}

/** The keys a click on an SVG element stands for. */
interface ClickKeys {
  readonly source: string | null;
  readonly target: string | null;
}

/** One option control of a game's setup form. */
interface OptionControl {
  readonly name: string;
  readonly label: string;
  readonly values: readonly (string | number | boolean)[];
  readonly input?: 'number';
  readonly initial?: string | number | boolean;
}

interface Adapter<S, M> {
  readonly game: Game<S, M, never>;
  readonly options: readonly OptionControl[];
  seatName(seat: number): string;
  /** The game's bot kit: evaluator, rollout cut-off and (hidden information) determinizer. */
  readonly bots?: BotKit<S, M>;
  render(state: S, view: View<M>): string;
  source(move: M): string | null;
  target(move: M): string | null;
  keys(element: Element): ClickKeys;
}

const hiveAdapter: Adapter<HiveState, HiveMove> = {
  game: hive as unknown as Game<HiveState, HiveMove, never>,
  ...(hivePlugin.bots ? { bots: hivePlugin.bots } : {}),
  options: [
    {
      name: 'type',
      label: 'Game type',
      // The eight official types, then two fan-bug rosters (H-FAN-UHP-2): one tile of each kind
      // turned, and every tile turned.
      values: [...GAME_TYPES, 'Base+MLP:wTFKWRDC:bTFKWRDC', 'Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC'],
      initial: 'Base+MLP',
    },
    { name: 'tournamentOpening', label: 'Tournament opening', values: [true, false] },
  ],
  seatName: (seat) => (seat === 0 ? 'White' : 'Black'),
  render: (state, view) =>
    renderHive(state, {
      size: 34,
      highlight: view.highlight.map((k) => {
        const [q, r] = k.split(',').map(Number);
        return { q: q as number, r: r as number };
      }),
      ...(view.selected === null ? {} : { selected: view.selected }),
    }),
  source: (m) => (m.kind === 'pass' ? null : m.piece),
  // A grab or swap is no hex-to-hex move: it is offered as a button ('wT1 *bA1', 'wC ~bQ').
  target: (m) => (m.kind === 'place' || m.kind === 'move' ? `${m.q},${m.r}` : null),
  keys: (el) => {
    const g = el.closest('[data-piece], [data-q]');
    if (!g) return { source: null, target: null };
    const q = g.getAttribute('data-q');
    const r = g.getAttribute('data-r');
    return {
      source: g.classList.contains('target') ? null : g.getAttribute('data-piece'),
      target: q === null || r === null ? null : `${q},${r}`,
    };
  },
};

const coerceoAdapter: Adapter<CoerceoState, CoerceoMove> = {
  game: coerceo as unknown as Game<CoerceoState, CoerceoMove, never>,
  ...(coerceoPlugin.bots ? { bots: coerceoPlugin.bots } : {}),
  options: [
    { name: 'variant', label: 'Variant', values: ['laurentius', 'ocius'] },
    { name: 'exchangeCost', label: 'Exchange cost', values: [2, 1] },
  ],
  seatName: (seat) => (seat === 0 ? 'White' : 'Black'),
  render: (state, view) =>
    renderCoerceo(state, {
      size: 46,
      highlight: view.highlight,
      ...(view.selected === null ? {} : { selected: view.selected }),
      ...(view.last === null ? {} : { lastMove: view.last }),
    }),
  source: (m) => (m.type === 'step' ? m.from : null),
  target: (m) => (m.type === 'step' ? m.to : m.target),
  keys: (el) => {
    const field = el.closest('[data-field]')?.getAttribute('data-field') ?? null;
    return { source: field, target: field };
  },
};

const SEAT_COLOURS = ['Red', 'Blue', 'Yellow', 'Green'];
const torresAdapter: Adapter<TorresState, TorresMove> = {
  game: torres as unknown as Game<TorresState, TorresMove, never>,
  options: [
    { name: 'players', label: 'Players', values: [2, 3, 4] },
    { name: 'seed', label: 'Seed', values: [], input: 'number', initial: 1 },
  ],
  seatName: (seat) => SEAT_COLOURS[seat] ?? `Seat ${seat}`,
  ...(torresPlugin.bots ? { bots: torresPlugin.bots } : {}),
  render: (state, view) =>
    renderTorres(state, {
      size: 50,
      highlight: view.highlight,
      ...(view.selected === null ? {} : { selected: view.selected }),
    }),
  source: (m) => ('from' in m ? m.from : null),
  target: (m) => ('to' in m ? m.to : null),
  keys: (el) => {
    const square = el.closest('[data-square]')?.getAttribute('data-square') ?? null;
    return { source: square, target: square };
  },
};

const ADAPTERS: Record<string, Adapter<unknown, unknown>> = {
  hive: hiveAdapter as unknown as Adapter<unknown, unknown>,
  coerceo: coerceoAdapter as unknown as Adapter<unknown, unknown>,
  torres: torresAdapter as unknown as Adapter<unknown, unknown>,
};

type SeatKind = 'human' | 'random' | 'mcts';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

/** The running session: one game, its states so far and who plays each seat. */
class Session {
  adapter: Adapter<unknown, unknown>;
  states: unknown[] = [];
  texts: string[] = [];
  moves: unknown[] = [];
  seats: SeatKind[] = [];
  bots: (Bot<unknown, unknown> | null)[] = [];
  selected: string | null = null;
  /** Moves offered as buttons because one click matched several. */
  pending: unknown[] = [];
  /** Bumped on every change, so a bot move scheduled for an old position is dropped. */
  epoch = 0;
  thinking = false;

  constructor(adapter: Adapter<unknown, unknown>) {
    this.adapter = adapter;
  }

  get state(): unknown {
    return this.states[this.states.length - 1];
  }

  start(options: Record<string, unknown>, seats: SeatKind[], iterations: number): void {
    const game = this.adapter.game;
    const s0 = game.start(options as never);
    this.reset(s0);
    this.seats = seats;
    this.bots = seats.map((kind, seat) =>
      kind === 'human'
        ? null
        : createBot(kind, game, this.adapter.bots, { seed: seat + 1, limits: { iterations } }),
    );
  }

  reset(state: unknown): void {
    this.states = [state];
    this.texts = [];
    this.moves = [];
    this.selected = null;
    this.pending = [];
    this.epoch++;
    for (const b of this.bots) b?.reset();
  }

  play(move: unknown): void {
    const game = this.adapter.game;
    const text = game.formatMove(this.state, move);
    this.states.push(game.apply(this.state, move));
    this.texts.push(text);
    this.moves.push(move);
    this.selected = null;
    this.pending = [];
    this.epoch++;
  }

  /** Takes back the last move, and the bots' moves before it, back to a human's turn. */
  undo(): void {
    if (this.states.length <= 1) return;
    do {
      this.states.pop();
      this.texts.pop();
      this.moves.pop();
    } while (this.states.length > 1 && this.botOnMove() !== null);
    this.selected = null;
    this.pending = [];
    this.epoch++;
  }

  botOnMove(): Bot<unknown, unknown> | null {
    const game = this.adapter.game;
    if (game.terminal(this.state)) return null;
    return this.bots[game.toMove(this.state)] ?? null;
  }
}

let session = new Session(hiveAdapter as unknown as Adapter<unknown, unknown>);

function gameName(): string {
  return ($('game') as HTMLSelectElement).value;
}

function renderOptions(): void {
  const adapter = ADAPTERS[gameName()] as Adapter<unknown, unknown>;
  const box = $('options');
  box.replaceChildren();
  for (const o of adapter.options) {
    const label = document.createElement('label');
    label.textContent = o.label;
    if (o.input === 'number') {
      const input = document.createElement('input');
      input.type = 'number';
      input.name = o.name;
      input.value = String(o.initial ?? 0);
      input.style.width = '5rem';
      label.append(input);
    } else {
      const select = document.createElement('select');
      select.name = o.name;
      for (const v of o.values) {
        const opt = document.createElement('option');
        opt.value = String(v);
        opt.textContent = String(v);
        if (o.initial !== undefined && v === o.initial) opt.selected = true;
        select.append(opt);
      }
      select.addEventListener('change', renderSeats);
      label.append(select);
    }
    box.append(label);
  }
  renderSeats();
}

function readOptions(): Record<string, unknown> {
  const adapter = ADAPTERS[gameName()] as Adapter<unknown, unknown>;
  const out: Record<string, unknown> = {};
  for (const o of adapter.options) {
    const el = $('options').querySelector(`[name="${o.name}"]`) as HTMLInputElement | null;
    if (!el) continue;
    if (o.input === 'number') out[o.name] = Number(el.value);
    else out[o.name] = o.values.find((v) => String(v) === el.value);
  }
  return out;
}

function renderSeats(): void {
  const adapter = ADAPTERS[gameName()] as Adapter<unknown, unknown>;
  const n = adapter.game.players(adapter.game.start(readOptions() as never));
  const box = $('seats');
  const previous = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const label = document.createElement('label');
    label.textContent = adapter.seatName(seat);
    const select = document.createElement('select');
    select.name = `seat${seat}`;
    const kinds: [SeatKind, string][] = [
      ['human', 'Person'],
      ['random', 'Random bot'],
    ];
    kinds.push(['mcts', 'MCTS bot']);
    for (const [value, text] of kinds) {
      const opt = document.createElement('option');
      opt.value = value;
      opt.textContent = text;
      select.append(opt);
    }
    const prev = previous[seat];
    if (prev && kinds.some(([k]) => k === prev)) select.value = prev;
    label.append(select);
    box.append(label);
  }
  const iter = document.createElement('label');
  iter.textContent = 'MCTS iterations';
  const input = document.createElement('input');
  input.type = 'number';
  input.name = 'iterations';
  input.value = '200';
  input.min = '10';
  input.style.width = '5rem';
  iter.append(input);
  box.append(iter);
}

function newGame(): void {
  const adapter = ADAPTERS[gameName()] as Adapter<unknown, unknown>;
  const seats = [...$('seats').querySelectorAll('select')].map((s) => s.value as SeatKind);
  const iterInput = $('seats').querySelector('[name="iterations"]') as HTMLInputElement | null;
  const iterations = Math.max(10, Number(iterInput?.value ?? 200) || 200);
  session = new Session(adapter);
  try {
    session.start(readOptions(), seats, iterations);
    showError('');
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  update();
}

function showError(message: string): void {
  $('error').textContent = message;
}

/** Redraws everything from the session and schedules a bot move when a bot is to play. */
function update(): void {
  const { adapter } = session;
  const game = adapter.game;
  const state = session.state;
  const legal = game.terminal(state) ? [] : game.moves(state);
  const highlight =
    session.selected === null
      ? []
      : legal
          .filter((m) => adapter.source(m) === session.selected)
          .map((m) => adapter.target(m))
          .filter((t): t is string => t !== null);
  const board = $('board');
  board.innerHTML = adapter.render(state, {
    highlight,
    selected: session.selected,
    last: session.moves[session.moves.length - 1] ?? null,
  });
  board.dataset.ply = String(session.texts.length);

  const bot = session.botOnMove();
  const status = $('status');
  if (game.terminal(state)) {
    const score = game.score(state);
    status.textContent = `Game over: ${score.map((v, seat) => `${adapter.seatName(seat)} ${v}`).join(', ')}`;
  } else {
    const seat = game.toMove(state);
    status.textContent = `${adapter.seatName(seat)} to move${bot ? ' (bot thinking…)' : ''}`;
  }

  const list = $('moves');
  list.replaceChildren(
    ...session.texts.map((t) => {
      const li = document.createElement('li');
      li.textContent = t;
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight;

  // Buttons: the moves a click cannot express, or the candidates of an ambiguous click.
  const choices = $('choices');
  choices.replaceChildren();
  if (!bot) {
    const offered =
      session.pending.length > 0
        ? session.pending
        : legal.filter((m) => adapter.target(m) === null);
    for (const m of offered) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = game.formatMove(state, m);
      b.addEventListener('click', () => {
        session.play(m);
        update();
      });
      choices.append(b);
    }
  }
  ($('position') as HTMLTextAreaElement).value = game.serialize(state);
  ($('undo') as HTMLButtonElement).disabled = session.texts.length === 0;

  if (bot) {
    const epoch = session.epoch;
    const current = session;
    setTimeout(() => {
      if (current !== session || epoch !== session.epoch) return;
      const move = bot.choose(session.state);
      if (current !== session || epoch !== session.epoch) return;
      session.play(move);
      update();
    }, 30);
  }
}

function onBoardClick(event: MouseEvent): void {
  const { adapter } = session;
  const game = adapter.game;
  const state = session.state;
  if (game.terminal(state) || session.botOnMove()) return;
  const keys = adapter.keys(event.target as Element);
  const legal = game.moves(state);
  const pick = (candidates: unknown[]): boolean => {
    if (candidates.length === 0) return false;
    if (candidates.length === 1) session.play(candidates[0]);
    else {
      session.pending = candidates;
      session.selected = null;
    }
    update();
    return true;
  };
  if (session.selected !== null && keys.target !== null) {
    const sel = session.selected;
    const c = legal.filter((m) => adapter.source(m) === sel && adapter.target(m) === keys.target);
    if (pick(c)) return;
  }
  if (keys.source !== null && legal.some((m) => adapter.source(m) === keys.source)) {
    session.selected = session.selected === keys.source ? null : keys.source;
    session.pending = [];
    update();
    return;
  }
  if (keys.target !== null) {
    const c = legal.filter((m) => adapter.source(m) === null && adapter.target(m) === keys.target);
    if (pick(c)) return;
  }
  session.selected = null;
  session.pending = [];
  update();
}

async function copyPosition(): Promise<void> {
  const area = $('position') as HTMLTextAreaElement;
  area.select();
  try {
    await navigator.clipboard.writeText(area.value);
  } catch {
    // Clipboard API unavailable (insecure context): the text is selected for Ctrl+C instead.
  }
}

function loadPosition(): void {
  const text = ($('position') as HTMLTextAreaElement).value.trim();
  try {
    const state = session.adapter.game.deserialize(text);
    session.reset(state);
    showError('');
    update();
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
  }
}

$('game').addEventListener('change', () => {
  renderOptions();
  newGame();
});
$('new-game').addEventListener('click', newGame);
$('board').addEventListener('click', onBoardClick);
$('undo').addEventListener('click', () => {
  session.undo();
  update();
});
$('copy').addEventListener('click', () => void copyPosition());
$('load').addEventListener('click', loadPosition);

const initial = new URLSearchParams(location.search).get('game');
if (initial && initial in ADAPTERS) ($('game') as HTMLSelectElement).value = initial;
renderOptions();
newGame();
