// The boardrules playground: plain TypeScript + DOM over the public API. Each game has a small
// adapter (hive.ts, coerceo.ts, torres.ts) saying how to draw a state, how a click maps to
// moves and what to tell the player; this file is the page: the setup form, drawing, clicks,
// bots (each searching in a Web Worker, see session.ts; Stop pauses them), undo, the move list
// and position strings.
//
// Built as one classic script (scripts/build-playground.mjs), so the page also works opened
// straight from disk (file://), where browsers refuse module scripts.
import { isRulesError, ruleUrl } from '../../src/index.js';
import type { AnyAdapter, FormValues } from './adapter.js';
import { clickKeys } from './board-keys.js';
import { type ClickOutcome, resolveClick } from './clicks.js';
import { coerceoAdapter } from './coerceo.js';
import { hiveAdapter } from './hive.js';
import { SEAT_KINDS, type SeatKind, Session } from './session.js';
import { spawnBotWorker } from './spawn.js';
import { instructionText, statusText } from './texts.js';
import { torresAdapter } from './torres.js';

const ADAPTERS: Readonly<Record<string, AnyAdapter>> = {
  hive: hiveAdapter as unknown as AnyAdapter,
  coerceo: coerceoAdapter as unknown as AnyAdapter,
  torres: torresAdapter as unknown as AnyAdapter,
};

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

let session = new Session(hiveAdapter as unknown as AnyAdapter, spawnBotWorker);

function adapter(): AnyAdapter {
  return ADAPTERS[($('game') as HTMLSelectElement).value] ?? (hiveAdapter as unknown as AnyAdapter);
}

function renderOptions(): void {
  const box = $('options');
  box.replaceChildren();
  for (const o of adapter().options) {
    const label = document.createElement('label');
    label.append(o.label);
    if (o.input === 'number') {
      const input = document.createElement('input');
      input.type = 'number';
      input.name = o.name;
      input.min = '0';
      input.value = String(o.initial ?? 0);
      label.append(input);
    } else {
      const select = document.createElement('select');
      select.name = o.name;
      o.values.forEach((v, i) => {
        const opt = document.createElement('option');
        opt.value = String(v);
        opt.textContent = o.labels?.[i] ?? String(v);
        if (o.initial !== undefined && v === o.initial) opt.selected = true;
        select.append(opt);
      });
      select.addEventListener('change', renderSeats);
      label.append(select);
    }
    box.append(label);
  }
  renderSeats();
}

function formValues(): FormValues {
  const out: Record<string, string | number | boolean> = {};
  for (const o of adapter().options) {
    const el = $('options').querySelector(`[name="${o.name}"]`) as HTMLInputElement | null;
    if (!el) continue;
    if (o.input === 'number') out[o.name] = Number(el.value);
    else {
      const v = o.values.find((x) => String(x) === el.value);
      if (v !== undefined) out[o.name] = v;
    }
  }
  return out;
}

function startOptions(): Record<string, unknown> {
  const a = adapter();
  const values = formValues();
  return a.startOptions ? a.startOptions(values) : { ...values };
}

/** One seat select per seat of the game the form describes, keeping earlier choices. */
function renderSeats(): void {
  const a = adapter();
  let n = 2;
  try {
    n = a.game.players(a.game.start(startOptions() as never));
  } catch {
    // Bad options (say a seed out of range): New game reports it; keep two seats meanwhile.
  }
  const box = $('seats');
  const previous = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const label = document.createElement('label');
    label.append(a.seatName(seat));
    const select = document.createElement('select');
    select.name = `seat${seat}`;
    for (const [value, text] of SEAT_KINDS) {
      const opt = document.createElement('option');
      opt.value = value;
      opt.textContent = text;
      select.append(opt);
    }
    const prev = previous[seat];
    if (prev && SEAT_KINDS.some(([k]) => k === prev)) select.value = prev;
    label.append(select);
    box.append(label);
  }
  const iter = document.createElement('label');
  iter.append('MCTS iterations');
  const input = document.createElement('input');
  input.type = 'number';
  input.name = 'iterations';
  input.value = '200';
  input.min = '10';
  iter.append(input);
  box.append(iter);
}

function newGame(): void {
  const seats = [...$('seats').querySelectorAll('select')].map((s) => s.value as SeatKind);
  const iterInput = $('seats').querySelector('[name="iterations"]') as HTMLInputElement | null;
  const iterations = Math.max(10, Number(iterInput?.value ?? 200) || 200);
  const next = new Session(adapter(), spawnBotWorker);
  try {
    next.start(startOptions(), seats, iterations);
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  session.close();
  session = next;
  showError('');
  update();
}

/** `text` as a sentence, with a full stop at its end (its start is a name or a capital). */
function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * The notice above the board, always the same size: why the last click or typed move was
 * refused, with a link to the rule that refused it, or else what the last move was.
 */
function showNotice(): void {
  const link = $('refusal-rule') as HTMLAnchorElement;
  const rule = session.refusal === '' ? undefined : session.refusalRule;
  const url = rule === undefined ? undefined : ruleUrl(rule, session.adapter.game);
  $('refusal').textContent = sentence(session.refusal);
  link.hidden = url === undefined;
  if (rule !== undefined && url !== undefined) {
    link.href = url;
    link.textContent = `Rule ${rule}`;
    link.title = `Rule ${rule} in the rulebook`;
  }
  const n = session.texts.length;
  const mover = session.movers[n - 1];
  $('last-move').textContent =
    session.refusal !== '' || mover === undefined
      ? ''
      : `${session.adapter.seatName(mover)} played ${session.texts[n - 1]}.`;
}

function showError(message: string): void {
  $('error').textContent = message;
}

function button(text: string, notation: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'move';
  b.textContent = text;
  b.dataset.move = notation;
  b.title = notation;
  b.addEventListener('click', onClick);
  return b;
}

/** The highlighted destinations: the selection's, or (if the game wants) the sourceless ones. */
function highlights(legal: readonly unknown[]): string[] {
  const a = session.adapter;
  const from = session.selected;
  if (from === null && !a.highlightFree) return [];
  return legal
    .filter((m) => a.source(m) === from)
    .map((m) => a.target(m))
    .filter((t): t is string => t !== null);
}

/** The pieces off the board as buttons, the selected one pressed. */
function renderTray(): void {
  const rows = session.adapter.tray?.(session.state) ?? [];
  $('tray').replaceChildren(
    ...rows.map((row) => {
      const div = document.createElement('div');
      div.className = 'tray-row';
      const label = document.createElement('span');
      label.textContent = row.label;
      const pieces = document.createElement('div');
      div.append(label, pieces);
      for (const p of row.pieces) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'hand-piece';
        b.dataset.piece = p.key;
        b.innerHTML = p.picture(p.key === session.selected);
        b.title = p.label;
        b.setAttribute('aria-pressed', String(p.key === session.selected));
        pieces.append(b);
      }
      return div;
    }),
  );
}

/** Redraws everything from the session and schedules a bot move when a bot is to play. */
function update(): void {
  const a = session.adapter;
  const { game } = a;
  const state = session.state;
  const legal = game.terminal(state) ? [] : game.moves(state);
  const board = $('board');
  board.innerHTML = a.render(state, {
    highlight: highlights(legal),
    selected: session.selected,
    last: session.moves[session.moves.length - 1] ?? null,
  });
  board.dataset.ply = String(session.texts.length);
  board.dataset.game = game.name;

  const bot = session.botOnMove();
  $('status').textContent = statusText(session);
  $('instruction').textContent = instructionText(session, legal);
  showNotice();
  renderTray();
  $('summary').replaceChildren(
    ...(a.summary?.(state) ?? []).map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );

  // The move list: each move's number (written out, so 100 and more fit), who played it, and
  // its notation.
  const list = $('moves');
  list.replaceChildren(
    ...session.texts.map((t, i) => {
      const li = document.createElement('li');
      const parts: [string, string][] = [
        ['ply', `${i + 1}.`],
        ['seat', a.seatName(session.movers[i] ?? 0)],
        ['text', t],
      ];
      for (const [cls, content] of parts) {
        const span = document.createElement('span');
        span.className = cls;
        span.textContent = content;
        li.append(span, ' ');
      }
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight;

  // Buttons: the moves a click cannot express, or the candidates of an ambiguous click; while a
  // bot is to move, Stop (or Go on, once stopped).
  const choices = $('choices');
  choices.replaceChildren();
  if (bot) choices.append(botButton());
  else {
    const offered =
      session.pending.length > 0 ? session.pending : legal.filter((m) => a.target(m) === null);
    for (const m of offered) {
      const notation = game.formatMove(state, m);
      choices.append(
        button(a.label?.(state, m) ?? notation, notation, () => {
          session.play(m);
          update();
        }),
      );
    }
  }
  ($('position') as HTMLTextAreaElement).value = game.serialize(state);
  ($('undo') as HTMLButtonElement).disabled = session.texts.length === 0;

  if (bot) think();
}

/** Has the bot to move search (in its worker) and plays its move when it comes. */
function think(): void {
  const current = session;
  current.think()?.then(
    (found) => {
      if (found === null || current !== session) return;
      session.play(found.move);
      update();
    },
    (e: unknown) => {
      if (current !== session) return;
      session.pause();
      showError(`The bot failed: ${e instanceof Error ? e.message : String(e)}`);
      update();
    },
  );
}

/** Stop while a bot thinks; Go on once it is stopped. */
function botButton(): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'bot-control';
  if (session.paused) {
    b.textContent = 'Go on';
    b.title = 'Let the bots play again';
    b.addEventListener('click', () => {
      session.resume();
      showError('');
      update();
    });
  } else {
    b.textContent = 'Stop';
    b.title = 'Stop the bot: it stops thinking, and the bots wait until Go on';
    b.addEventListener('click', () => {
      session.pause();
      update();
    });
  }
  return b;
}

function apply(outcome: ClickOutcome<unknown>): void {
  switch (outcome.kind) {
    case 'play':
      session.play(outcome.move);
      break;
    case 'choose':
      session.clearClick();
      session.pending = [...outcome.moves];
      break;
    case 'select':
      session.clearClick();
      session.selected = outcome.source;
      session.pending = [...outcome.also];
      break;
    case 'refuse': {
      const selected = session.selected;
      session.clearClick();
      session.selected = selected;
      session.refusal = outcome.why;
      session.refusalRule = outcome.rule;
      break;
    }
  }
}

function onBoardClick(event: MouseEvent): void {
  const { adapter: a, state } = session;
  if (a.game.terminal(state) || session.botOnMove()) return;
  const keys = clickKeys(a, $('board'), event);
  if (keys === null) {
    session.clearClick();
  } else {
    apply(resolveClick(a, state, a.game.moves(state), session.selected, keys));
  }
  update();
}

/** Plays a move typed in the game's notation; `parseMove`'s error says what is wrong. */
function playTyped(event: SubmitEvent): void {
  event.preventDefault();
  const { adapter: a, state } = session;
  if (a.game.terminal(state) || session.botOnMove()) return;
  const input = $('move-text') as HTMLInputElement;
  let move: unknown;
  try {
    move = a.game.parseMove(state, input.value.trim());
  } catch (e) {
    session.clearClick();
    const rule = isRulesError(e) ? e.rule : undefined;
    const message = e instanceof Error ? e.message : String(e);
    // The rule is the link after the reason: not also in brackets at the message's end.
    const suffix = rule === undefined ? '' : ` (${rule})`;
    const reason =
      suffix !== '' && message.endsWith(suffix) ? message.slice(0, -suffix.length) : message;
    session.refusal = `Not allowed: ${reason}`;
    session.refusalRule = rule;
    update();
    return;
  }
  session.play(move);
  input.value = '';
  update();
}

async function copyPosition(): Promise<void> {
  const area = $('position') as HTMLTextAreaElement;
  area.select();
  try {
    await navigator.clipboard.writeText(area.value);
    showError('');
  } catch {
    // No clipboard API here (e.g. opened from disk): the text is selected for Ctrl+C instead.
    showError('The clipboard is not available here: the text is selected, copy it with Ctrl+C.');
  }
}

function loadPosition(): void {
  const text = ($('position') as HTMLTextAreaElement).value.trim();
  try {
    session.reset(session.adapter.game.deserialize(text));
    showError('');
    update();
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
  }
}

function boot(): void {
  $('game').addEventListener('change', () => {
    renderOptions();
    newGame();
  });
  $('new-game').addEventListener('click', newGame);
  $('board').addEventListener('click', onBoardClick);
  $('tray').addEventListener('click', onBoardClick);
  $('undo').addEventListener('click', () => {
    session.undo();
    update();
  });
  $('typed').addEventListener('submit', playTyped);
  $('copy').addEventListener('click', () => void copyPosition());
  $('load').addEventListener('click', loadPosition);

  const initial = new URLSearchParams(location.search).get('game');
  if (initial && initial in ADAPTERS) ($('game') as HTMLSelectElement).value = initial;
  renderOptions();
  newGame();
}

try {
  boot();
} catch (e) {
  // Say so on the page rather than leave it blank.
  const status = document.getElementById('status');
  if (status) status.textContent = `The playground failed to start: ${String(e)}`;
  throw e;
}
