// The analysis board (analysis.html): open a record of any of the three games, step through it
// with the keyboard or the move list, and ask the engine, which searches in Web Workers
// (engine-view.ts) so the page answers every key and click while it thinks. Plain TypeScript and
// DOM like the playground's page (../main.ts); the logic lives in DOM-free modules beside it:
// games.ts (reading records, finding their game), tree.ts (paths and the move list),
// positions.ts (replaying the tree), engine.ts (the searches), graph.ts, link.ts and
// setup-edits.ts.
//
// Built as one classic script (scripts/build-playground.mjs), so the page also works opened
// straight from disk (file://).
import { type HiveState, piecesOnBoard } from '../../../src/hive/index.js';
import { renderBoard } from '../../../src/hive/svg.js';
import { isRulesError, type RecordedGame } from '../../../src/index.js';
import { clickKeys } from '../board-keys.js';
import { type ClickOutcome, resolveClick } from '../clicks.js';
import { HIVE_SIZE } from '../hive.js';
import { resultText } from '../texts.js';
import { Graph, Suggestion } from './engine-view.js';
import {
  ADAPTERS,
  type GameName,
  isGameName,
  type Opened,
  openRecords,
  recordTitle,
  TITLES,
} from './games.js';
import { type Link, linkHash, linkTo, readLinkHash } from './link.js';
import { drawMoves } from './moves-view.js';
import { type Place, Positions } from './positions.js';
import { draftBoard, EditRefused, readHiveDraft, setupTargets } from './setup-edits.js';
import { SetupBox } from './setup-view.js';
import {
  mainPath,
  moveTokens,
  nodeAt,
  nodesTo,
  onMainLine,
  type Path,
  pathKey,
  readPathKey,
  STEP_KEYS,
  stepFrom,
  withMove,
} from './tree.js';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}
const textOf = (id: string): string => ($(id) as HTMLTextAreaElement).value;
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What the board shows: a game, its records (one of them open) and the place in it. */
interface Study {
  readonly game: GameName;
  readonly records: RecordedGame[];
  readonly index: number;
  positions: Positions;
  path: Path;
}

let study: Study;
/** The place `study.path` leads to (kept for redraws when the engine speaks). */
let place: Place;
/** The clicked piece, the moves offered as buttons, and why the last click was refused. */
let selected: string | null = null;
let pending: unknown[] = [];
let notice = '';
/** The hash this page last wrote (a change to any other is a link to open). */
let written = '';
/**
 * A Hive position being set up that the rules refuse (its saved text), drawn in place of the
 * position until another is opened; `null` when the board shows the position.
 */
let draft: string | null = null;

const suggestion = new Suggestion();
const graph = new Graph();
const setup = new SetupBox({
  game: () => study.game,
  state: () => place.state,
  open: (game, text) => show(game, [positionRecord(game, text)], 0),
  redraw: () => update(),
  preview: (game, text) => {
    if (game !== 'hive' || game !== study.game) return;
    try {
      readHiveDraft(text);
    } catch (e) {
      if (!(e instanceof EditRefused)) throw e;
      return;
    }
    draft = text;
    update();
  },
});

const adapter = () => ADAPTERS[study.game];
const record = (): RecordedGame => study.records[study.index] as RecordedGame;

/** A record of a position only: no moves, its start in a `Position` tag. */
function positionRecord(game: GameName, text: string): RecordedGame {
  ADAPTERS[game].game.deserialize(text);
  return { tags: [['Position', text]], comment: null, children: [] };
}

/** An empty record of `game`: its default start. */
function emptyRecord(game: GameName): RecordedGame {
  const g = ADAPTERS[game].game;
  return { tags: g.records?.tagsOf(g.start()) ?? [], comment: null, children: [] };
}

/**
 * Shows record `index` of `records` at `path`. Throws the `RulesError` of tags that name no
 * start of the game (the board keeps what it showed).
 */
function show(game: GameName, records: RecordedGame[], index: number, path: Path = []): void {
  // The setup text of another game would only be refused: start again from the board.
  if (study !== undefined && game !== study.game) setup.clear();
  draft = null;
  const positions = new Positions(ADAPTERS[game].game, records[index] as RecordedGame);
  study = { game, records, index, positions, path: nodesTo(positions.record, path) ? path : [] };
  selected = null;
  pending = [];
  notice = '';
  graph.start(game, positions.mainLine());
  setup.drawTools(ADAPTERS[game].game.players(positions.start));
  drawRecordInfo();
  update();
}

/** The message under the record box; `bad` for a refusal. */
function message(id: string, text: string, bad = false): void {
  const el = $(id);
  el.textContent = text;
  el.classList.toggle('bad', bad);
}

/** The record's tags and, with several records, the choice between them. */
function drawRecordInfo(): void {
  $('record-tags').replaceChildren(
    ...record().tags.map(([name, value]) => {
      const li = document.createElement('li');
      const b = document.createElement('b');
      b.textContent = `${name}: `;
      li.append(b, name === 'Position' && value.length > 60 ? `${value.slice(0, 60)}…` : value);
      return li;
    }),
  );
  const choice = $('record-choice') as HTMLSelectElement;
  $('record-choice-label').hidden = study.records.length < 2;
  choice.replaceChildren(
    ...study.records.map((r, i) => {
      const opt = document.createElement('option');
      opt.value = String(i);
      opt.textContent = recordTitle(r, i);
      return opt;
    }),
  );
  choice.value = String(study.index);
}

/** Opens the records of a text, in the game chosen (or the one the text is for). */
function openText(text: string): void {
  const choice = ($('record-game') as HTMLSelectElement).value;
  let opened: Opened;
  try {
    opened = openRecords(text, isGameName(choice) ? choice : 'auto');
    show(opened.game, [...opened.records], 0);
  } catch (e) {
    if (!isRulesError(e) && !(e instanceof Error)) throw e;
    message('record-message', `Not opened: ${errorText(e)}`, true);
    return;
  }
  const n = opened.records.length;
  const lines = [
    `${n === 1 ? 'A record' : `${n} records`} of ${TITLES[opened.game]} (${opened.why}), read as ${opened.format}.`,
    ...opened.notes.slice(0, 20),
  ];
  if (opened.notes.length > 20) lines.push(`… and ${opened.notes.length - 20} more notes.`);
  message('record-message', lines.join('\n'));
}

/** Opens what a link holds; says so when it cannot. */
function openLink(link: Link): void {
  try {
    if ('position' in link) show(link.game, [positionRecord(link.game, link.position)], 0);
    else show(link.game, [...openRecords(link.record, link.game).records], 0, link.at);
    message('record-message', 'Opened from the link.');
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    message('record-message', `The link cannot be opened: ${e.message}`, true);
  }
}

/** Goes to `path` in the record shown. */
function go(path: Path): void {
  if (nodesTo(record(), path) === null) return;
  draft = null;
  study.path = path;
  selected = null;
  pending = [];
  notice = '';
  update();
}

/** Plays `move` on the board: the record's child with that move, or a new variation. */
function play(move: unknown): void {
  const { game } = adapter();
  const text = game.formatMove(place.state, move);
  const played = withMove(record(), study.path.slice(0, place.plies), text);
  if (played.record !== record()) {
    const mainBefore = study.positions.mainLine().length;
    study.records[study.index] = played.record;
    study.positions = new Positions(game, played.record);
    const main = study.positions.mainLine();
    if (main.length !== mainBefore) graph.start(study.game, main);
  }
  go(played.path);
}

/** The main line's ply the board shows, or `null` off the main line. */
function mainPly(): number | null {
  return onMainLine(study.path) && place.error === null ? study.path.length : null;
}

/** A Hive position being set up that the rules refuse: its pieces, and where to click. */
function drawDraft(text: string): void {
  const pieces = readHiveDraft(text).pieces;
  const board = $('board');
  board.innerHTML = renderBoard(draftBoard(readHiveDraft(text)), {
    size: HIVE_SIZE,
    hand: false,
    status: false,
    highlight: (setup.tool === null ? [] : setupTargets(pieces)).map((k) => {
      const [q, r] = k.split(',').map(Number);
      return { q: q as number, r: r as number };
    }),
  });
  board.dataset.draft = 'true';
  for (const id of ['tray', 'summary', 'choices']) $(id).replaceChildren();
}

/** The board, its pieces in hand, the facts beside it, and the buttons for moves. */
function drawBoard(): void {
  if (draft !== null) {
    drawDraft(draft);
    return;
  }
  delete $('board').dataset.draft;
  const a = adapter();
  const { game } = a;
  const { state } = place;
  const legal = game.terminal(state) ? [] : game.moves(state);
  let from = selected;
  let highlight: string[] = [];
  if (setup.tool !== null && study.game === 'hive') {
    // Setting up: the empty hexes around the hive, where a piece can be put.
    highlight = setupTargets(piecesOnBoard(state as HiveState));
    from = null;
  } else if (from !== null) {
    highlight = legal.filter((m) => a.source(m) === from).flatMap((m) => a.target(m) ?? []);
  } else if (suggestion.line?.move && setup.tool === null) {
    // The engine's move: its piece selected and its destination marked.
    try {
      const best = game.parseMove(state, suggestion.line.move);
      from = a.source(best);
      highlight = [a.target(best) ?? []].flat();
    } catch {
      // A line for another position (it is replaced at once).
    }
  }
  const board = $('board');
  board.innerHTML = a.render(state, { highlight, selected: from, last: place.move });
  board.dataset.ply = String(place.plies);
  board.dataset.path = pathKey(study.path.slice(0, place.plies));
  board.dataset.game = study.game;
  $('tray').replaceChildren(
    ...(a.tray?.(state) ?? []).map((row) => {
      const div = document.createElement('div');
      div.className = 'tray-row';
      const label = document.createElement('span');
      label.textContent = row.label;
      const pieces = document.createElement('div');
      for (const p of row.pieces) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'hand-piece';
        b.dataset.piece = p.key;
        b.innerHTML = p.picture(p.key === from);
        b.title = p.label;
        pieces.append(b);
      }
      div.append(label, pieces);
      return div;
    }),
  );
  $('summary').replaceChildren(
    ...(a.summary?.(state) ?? []).map((line) => {
      const li = document.createElement('li');
      li.textContent = line;
      return li;
    }),
  );
  const offered = pending.length > 0 ? pending : legal.filter((m) => a.target(m) === null);
  $('choices').replaceChildren(
    ...offered.map((m) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = a.label?.(state, m) ?? game.formatMove(state, m);
      b.addEventListener('click', () => play(m));
      return b;
    }),
  );
}

/** Redraws everything for the place the board is at, and has the engine follow it. */
function update(): void {
  const found = study.positions.at(study.path);
  if (found === null) study.path = [];
  place = found ?? (study.positions.at([]) as Place);
  const a = adapter();
  const { game } = a;
  const { state } = place;
  suggestion.follow(study.game, state);
  drawBoard();
  $('status').textContent = game.terminal(state)
    ? `Game over. ${resultText(a, state)}`
    : `${a.seatName(game.toMove(state))} to move`;
  const mainLength = mainPath(record()).length;
  $('place').textContent =
    place.plies === 0
      ? `The start${mainLength > 0 ? `, before ${mainLength} plies of the main line` : ''}`
      : onMainLine(study.path)
        ? `Ply ${place.plies} of ${mainLength}, main line`
        : `Ply ${place.plies}, in a variation`;
  const stop =
    draft !== null
      ? 'The board shows the position being set up, which the rules refuse: see the setup box.'
      : place.error === null
        ? ''
        : `The record stops here: ${place.error}`;
  $('notice').textContent = notice !== '' ? notice : stop;
  $('notice').classList.toggle('bad', notice !== '' || stop !== '');
  const node = nodeAt(record(), study.path.slice(0, place.plies));
  const said = node === null ? record().comment : node.comment;
  const evaluation = node?.evaluation ?? null;
  $('comment').textContent = [
    said?.trim() ?? '',
    evaluation === null ? '' : `(the record's evaluation: ${evaluation})`,
  ]
    .filter((t) => t !== '')
    .join(' ');
  drawMoves(
    $('moves'),
    moveTokens(record()),
    pathKey(study.path),
    study.positions,
    record().comment,
  );
  graph.draw(mainPly());
  writeLink();
}

/** The link to what the board shows, in the address and in the page. */
function writeLink(): void {
  const { game } = adapter();
  const link = linkTo(study.game, record(), study.path, game.serialize(place.state));
  const hash = linkHash(link);
  ($('link') as HTMLAnchorElement).href = hash;
  $('link-kind').textContent =
    'position' in link
      ? 'The record is too long for a link: this link holds the position only.'
      : 'This link holds the record and the place in it.';
  if (hash !== location.hash) {
    written = hash;
    try {
      history.replaceState(null, '', hash);
    } catch {
      // Some browsers refuse to change the address of a file:// page: the link above still has it.
    }
  }
}

function apply(outcome: ClickOutcome<unknown>): void {
  notice = '';
  switch (outcome.kind) {
    case 'play':
      play(outcome.move);
      return;
    case 'choose':
      selected = null;
      pending = [...outcome.moves];
      break;
    case 'select':
      selected = outcome.source;
      pending = [...outcome.also];
      break;
    case 'refuse':
      notice = outcome.why;
      pending = [];
      break;
  }
  update();
}

function onBoardClick(event: MouseEvent): void {
  const a = adapter();
  const keys = clickKeys(a, $('board'), event);
  if (setup.tool !== null) {
    const key = keys?.target ?? keys?.source ?? null;
    if (key !== null) setup.edit(setup.tool, key);
    return;
  }
  if (a.game.terminal(place.state)) return;
  if (keys === null) {
    selected = null;
    pending = [];
    notice = '';
    update();
    return;
  }
  apply(resolveClick(a, place.state, a.game.moves(place.state), selected, keys));
}

/** ←/→, Home/End, ↑/↓ anywhere but in a text box or a list. */
function onKey(event: KeyboardEvent): void {
  const step = STEP_KEYS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as Element | null;
  if (target?.closest('input, textarea, select')) return;
  event.preventDefault();
  go(stepFrom(record(), study.path.slice(0, place.plies), step));
}

function onMovesClick(event: MouseEvent): void {
  const b = (event.target as Element).closest<HTMLElement>('[data-path]');
  const path = b ? readPathKey(b.dataset.path ?? '') : null;
  if (path !== null) go(path);
}

/** A click on the graph goes to the main line's ply nearest to it. */
function onGraphClick(event: MouseEvent): void {
  const svg = $('graph').querySelector('svg');
  const ctm = svg?.getScreenCTM();
  const points = [...$('graph').querySelectorAll<SVGCircleElement>('circle[data-ply]')];
  if (!ctm || points.length === 0) return;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  let best = points[0] as SVGCircleElement;
  for (const c of points) {
    if (Math.abs(c.cx.baseVal.value - p.x) < Math.abs(best.cx.baseVal.value - p.x)) best = c;
  }
  go(mainPath(record(), Number(best.dataset.ply)));
}

function boot(): void {
  $('record-open').addEventListener('click', () => openText(textOf('record-text')));
  $('record-file').addEventListener('change', async () => {
    const file = ($('record-file') as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await file.text();
    ($('record-text') as HTMLTextAreaElement).value = text;
    openText(text);
  });
  $('record-choice').addEventListener('change', () => {
    show(study.game, study.records, Number(($('record-choice') as HTMLSelectElement).value));
  });
  $('record-game').addEventListener('change', () => {
    const choice = ($('record-game') as HTMLSelectElement).value;
    if (isGameName(choice) && choice !== study.game) show(choice, [emptyRecord(choice)], 0);
  });
  $('moves').addEventListener('click', onMovesClick);
  $('graph').addEventListener('click', onGraphClick);
  $('board').addEventListener('click', onBoardClick);
  $('tray').addEventListener('click', onBoardClick);
  document.addEventListener('keydown', onKey);
  $('engine-on').addEventListener('change', () => suggestion.restart(study.game, place.state));
  $('think-time').addEventListener('change', () => suggestion.restart(study.game, place.state));
  $('graph-time').addEventListener('change', () => {
    graph.start(study.game, study.positions.mainLine());
    graph.draw(mainPly());
  });
  suggestion.onLine = drawBoard;
  graph.onPoint = () => graph.draw(mainPly());
  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    const link = readLinkHash(location.hash);
    if (link) openLink(link);
  });

  const link = readLinkHash(location.hash);
  const param = new URLSearchParams(location.search).get('game');
  const game = isGameName(param) ? param : 'hive';
  show(game, [emptyRecord(game)], 0);
  if (link) openLink(link);
}

try {
  boot();
} catch (e) {
  // Say so on the page rather than leave it blank.
  const status = document.getElementById('status');
  if (status) status.textContent = `The analysis board failed to start: ${String(e)}`;
  throw e;
}
