// The setup board's edits, as far as each game's saved text allows: a Coerceo position string
// names every field, so a click puts a piece on a field or takes it off (and a button turns the
// side to move); a Torres state lists every square's height and piece, so a click adds or takes
// a block (from or to the supply), puts a seat's knight or the king there or takes a knight
// off; a Hive GameString keeps a set-up position as its board field (`hive.fromBoard`), so a
// click puts the next piece of a bug on a hex (on top of its stack) or takes the top piece off.
// Every edit gives text that `game.deserialize` then checks; what it refuses is shown with its
// message. No DOM.
import { neighbors } from '../../../src/geometry/hex.js';
import { fromBoard, type HiveBoard, type HiveBoardOf, hive } from '../../../src/hive/index.js';
import { renderBoard } from '../../../src/hive/svg.js';
import { isRulesError } from '../../../src/index.js';
import { squareIndex } from '../../../src/torres/index.js';
import { ADAPTERS, type GameName } from './games.js';

/** One tool of the setup board: a click on the board (with a key) or a button (without). */
export interface SetupTool {
  readonly id: string;
  readonly label: string;
  /** What it does, for its tooltip and for screen readers, when the label is short. */
  readonly title?: string;
  /** Whether it applies to a clicked field or square (else the button does it at once). */
  readonly onBoard: boolean;
}

const COERCEO_TOOLS: readonly SetupTool[] = [
  { id: 'piece', label: 'Piece on / off', onBoard: true },
  { id: 'side', label: 'Switch the side to move', onBoard: false },
];

function torresTools(seats: number): SetupTool[] {
  return [
    { id: 'block+', label: 'Block +1', onBoard: true },
    { id: 'block-', label: 'Block −1', onBoard: true },
    ...Array.from({ length: seats }, (_, s) => ({
      id: `knight${s}`,
      label: `${ADAPTERS.torres.seatName(s)} knight`,
      onBoard: true,
    })),
    { id: 'empty', label: 'Take a knight off', onBoard: true },
    { id: 'king', label: 'King', onBoard: true },
  ];
}

/** Hive's bugs, by their UHP letter, with the number of each per colour (H-SETUP-2). */
const HIVE_BUGS: readonly (readonly [letter: string, name: string, count: number])[] = [
  ['Q', 'Queen Bee', 1],
  ['S', 'Spider', 2],
  ['B', 'Beetle', 2],
  ['G', 'Grasshopper', 3],
  ['A', 'Soldier Ant', 3],
  ['M', 'Mosquito', 1],
  ['L', 'Ladybug', 1],
  ['P', 'Pillbug', 1],
];

/** A tool per bug and colour (`hive:wA`), taking a piece off, and the side to move. */
const HIVE_TOOLS: readonly SetupTool[] = [
  ...(['w', 'b'] as const).flatMap((c) =>
    HIVE_BUGS.map(([letter, name]) => ({
      id: `hive:${c}${letter}`,
      label: `${c}${letter}`,
      title: `${c === 'w' ? 'White' : 'Black'} ${name}: click a hex to put one there`,
      onBoard: true,
    })),
  ),
  {
    id: 'hive:off',
    label: 'Take off',
    title: 'Click a hex to take its top piece off',
    onBoard: true,
  },
  { id: 'side', label: 'Switch the side to move', onBoard: false },
];

/** The setup tools of `game` for a position with `seats` seats. */
export function setupTools(game: GameName, seats: number): readonly SetupTool[] {
  if (game === 'coerceo') return COERCEO_TOOLS;
  if (game === 'torres') return torresTools(seats);
  return HIVE_TOOLS;
}

/** Why an edit cannot be made, in words for the page. */
export class EditRefused extends Error {}

const LETTERS = 'abcdef';
const FILES = 'abcde';

/** A Coerceo saved text with `tool` applied at `key` (a field, `c3a`). */
function editCoerceo(text: string, tool: string, key: string | null): string {
  // The moves since the last capture (`h:`) and a resignation (`r:`) no longer fit the edited
  // position: the edited text is a position without history.
  const parts = text
    .trim()
    .split(/\s+/)
    .filter((p) => !p.startsWith('h:') && !p.startsWith('r:'));
  if (parts.length < 4) throw new EditRefused('That is not a Coerceo position string.');
  if (tool === 'side') {
    parts[1] = parts[1] === 'w' ? 'b' : 'w';
    return parts.join(' ');
  }
  const m = key === null ? null : /^([a-e])([1-5])([a-f])$/.exec(key);
  if (m === null) throw new EditRefused('Click a field of a tile.');
  const files = (parts[0] as string).split('/').map((f) => f.split(','));
  const tiles = files[FILES.indexOf(m[1] as string)];
  const rank = Number(m[2]) - 1;
  const tile = tiles?.[rank];
  if (tiles === undefined || tile === undefined || tile === '-') {
    throw new EditRefused(`There is no tile ${m[1]}${m[2]}.`);
  }
  const has = new Set(tile === '.' ? [] : tile);
  const letter = m[3] as string;
  if (has.has(letter)) has.delete(letter);
  else has.add(letter);
  const token = [...LETTERS].filter((l) => has.has(l)).join('');
  tiles[rank] = token === '' ? '.' : token;
  parts[0] = files.map((f) => f.join(',')).join('/');
  return parts.join(' ');
}

interface TorresSeat {
  knightsOff: number;
}
interface TorresData {
  heights: number[];
  pieces: (number | 'K' | null)[];
  supply: number;
  seats: TorresSeat[];
}

/** A Torres saved text with `tool` applied at `key` (a square, `e4`). */
function editTorres(text: string, tool: string, key: string | null): string {
  let saved: { state: TorresData };
  try {
    saved = JSON.parse(text);
  } catch {
    throw new EditRefused('That is not a Torres saved state (JSON).');
  }
  const s = saved?.state;
  if (
    typeof s !== 'object' ||
    s === null ||
    !Array.isArray(s.heights) ||
    !Array.isArray(s.pieces)
  ) {
    throw new EditRefused('That is not a Torres saved state: it has no heights and pieces.');
  }
  const q = key === null ? -1 : squareIndex(key);
  if (q < 0) throw new EditRefused('Click a square.');
  const piece = s.pieces[q] ?? null;
  const height = s.heights[q] ?? 0;
  const knightOff = (): void => {
    if (typeof piece === 'number' && s.seats[piece]) s.seats[piece].knightsOff++;
    s.pieces[q] = null;
  };
  if (tool === 'block+') {
    if (s.supply <= 0) throw new EditRefused('The supply has no block left.');
    s.heights[q] = height + 1;
    s.supply--;
  } else if (tool === 'block-') {
    if (height === 0) throw new EditRefused(`${key} has no block to take.`);
    if (piece !== null && height === 1) {
      throw new EditRefused(`Take the piece off ${key} before its last block.`);
    }
    s.heights[q] = height - 1;
    s.supply++;
  } else if (tool === 'empty') {
    if (typeof piece !== 'number') throw new EditRefused(`There is no knight on ${key}.`);
    knightOff();
  } else if (tool === 'king') {
    if (piece !== null && piece !== 'K') knightOff();
    s.pieces = s.pieces.map((p) => (p === 'K' ? null : p));
    s.pieces[q] = 'K';
  } else {
    const seat = Number(tool.replace('knight', ''));
    const to = s.seats[seat];
    if (to === undefined) throw new EditRefused(`There is no seat ${seat + 1}.`);
    if (piece === seat) return text;
    if (piece === 'K') throw new EditRefused(`The king stands on ${key}.`);
    if (height === 0) throw new EditRefused(`A knight stands on a block: ${key} has none.`);
    if (to.knightsOff <= 0) {
      throw new EditRefused(`${ADAPTERS.torres.seatName(seat)} has no knight off the board.`);
    }
    if (piece !== null) knightOff();
    s.pieces[q] = seat;
    to.knightsOff--;
  }
  return JSON.stringify(saved);
}

/**
 * The saved text `text` of `game` with `tool` applied at `key` (the clicked field or square;
 * `null` for a button). Throws {@link EditRefused} saying why when the edit cannot be made; the
 * result may still be a position the game refuses (see {@link checkPosition}).
 */
export function editPosition(
  game: GameName,
  text: string,
  tool: string,
  key: string | null,
): string {
  if (game === 'coerceo') return editCoerceo(text, tool, key);
  if (game === 'torres') return editTorres(text, tool, key);
  return editHive(text, tool, key);
}

/** A Hive position being set up: its GameString's type field and its board (maybe refused). */
export interface HiveDraft {
  /** The type field, with its option block: `Base+MLP`, `Base{MaxPlies=40}`. */
  readonly head: string;
  readonly toMove: 'w' | 'b';
  /** The turn the text names (`null` in a text that names none). */
  readonly turn: number | null;
  readonly pieces: readonly { piece: string; q: number; r: number; level: number }[];
}

const PLACE = /^([^@\s]+)@(-?[0-9]{1,6}),(-?[0-9]{1,6})(?:,([0-9]{1,2}))?$/;

/**
 * The Hive position a saved text holds, read as far as a setup board needs, so that a position
 * the rules refuse can still be edited and drawn: a GameString with a board field (its moves are
 * left out, as a Coerceo edit leaves its history out), or any GameString the library reads.
 */
export function readHiveDraft(text: string): HiveDraft {
  const parts = text.trim().split(';');
  const field = parts[3]?.trim() ?? '';
  if (/^board\s*\(/i.test(field)) {
    const inner = /^board\s*\((.*)\)$/is.exec(field)?.[1];
    const tokens = (inner ?? '')
      .trim()
      .replace(/\s*([@,])\s*/g, '$1')
      .split(/\s+/);
    const turn = /^(white|black)\[([0-9]{1,4})\]$/i.exec(tokens[0] ?? '');
    if (inner === undefined || turn === null) {
      throw new EditRefused(
        'The board field is Board(<turn> <pieces>), e.g. Board(White[3] wQ@0,0 …).',
      );
    }
    const pieces = tokens.slice(1).map((t) => {
      const m = PLACE.exec(t);
      if (m === null)
        throw new EditRefused(`A piece on the board is name@q,r or name@q,r,level, not ${t}.`);
      return { piece: m[1] as string, q: Number(m[2]), r: Number(m[3]), level: Number(m[4] ?? 0) };
    });
    return {
      head: (parts[0] ?? '').trim(),
      toMove: (turn[1] as string).toLowerCase() === 'white' ? 'w' : 'b',
      turn: Number(turn[2]),
      pieces,
    };
  }
  let board: HiveBoardOf;
  try {
    board = hive.boardOf(hive.deserialize(text.trim()));
  } catch (e) {
    if (!isRulesError(e)) throw e;
    throw new EditRefused(`That is not a Hive position: ${e.message}`);
  }
  return {
    head: (parts[0] ?? '').trim(),
    toMove: board.toMove,
    turn: board.turn,
    pieces: board.pieces.map((p) => ({ ...p })),
  };
}

/** The draft as a board for `fromBoard` and `renderBoard`: the head's type and options. */
export function draftBoard(draft: HiveDraft): HiveBoard {
  let start: { type: HiveBoard['type']; options: HiveBoard['options'] };
  try {
    start = hive.deserialize(`${draft.head};NotStarted;White[1]`);
  } catch (e) {
    if (!isRulesError(e)) throw e;
    throw new EditRefused(`That is not a Hive game type: ${e.message}`);
  }
  const { type, options } = start;
  return {
    type,
    options,
    pieces: draft.pieces,
    toMove: draft.toMove,
    ...(draft.turn === null ? {} : { turn: draft.turn }),
  };
}

/**
 * The text of a draft: the library's own GameString when the rules accept the position, else a
 * GameString with the draft's board field, which `deserialize` refuses with the same reason.
 */
function writeHiveDraft(draft: HiveDraft): string {
  const board = draftBoard(draft);
  // Each side has had at least as many turns as it has pieces (H-TURN-1). The draft's turn is
  // kept when the position allows it, else the lowest the pieces allow is taken.
  const nw = draft.pieces.filter((p) => p.piece.startsWith('w')).length;
  const nb = draft.pieces.length - nw;
  const lowest = draft.toMove === 'w' ? Math.max(nw, nb) + 1 : Math.max(nw, nb + 1, 1);
  for (const turn of [Math.max(draft.turn ?? 1, lowest), lowest]) {
    try {
      return hive.serialize(fromBoard({ ...board, turn }));
    } catch (e) {
      if (!isRulesError(e)) throw e;
    }
  }
  // Refused: it must still be a board the picture can draw (each piece of the game, once).
  try {
    renderBoard({ ...board, turn: lowest });
  } catch (e) {
    if (!isRulesError(e)) throw e;
    throw new EditRefused(e.message);
  }
  const side = `${draft.toMove === 'w' ? 'White' : 'Black'}[${lowest}]`;
  const places = draft.pieces.map(
    (p) => `${p.piece}@${p.q},${p.r}${p.level === 0 ? '' : `,${p.level}`}`,
  );
  return `${draft.head};InProgress;${side};Board(${[side, ...places].join(' ')})`;
}

/** The next piece of bug `id` (`wA`) a colour has in hand: the lowest number not on the board. */
function nextPiece(draft: HiveDraft, id: string): string {
  const bug = HIVE_BUGS.find(([letter]) => letter === id[1]);
  if (bug === undefined) throw new EditRefused(`There is no bug ${id}.`);
  const [, name, count] = bug;
  if (count === 1) {
    if (draft.pieces.some((p) => p.piece === id))
      throw new EditRefused(`${id} is on the board already.`);
    return id;
  }
  for (let n = 1; n <= count; n++) {
    if (!draft.pieces.some((p) => p.piece === `${id}${n}`)) return `${id}${n}`;
  }
  throw new EditRefused(`${id[0] === 'w' ? 'White' : 'Black'} has no ${name} left in hand.`);
}

/** A Hive saved text with `tool` applied at `key` (a hex, `q,r`). */
function editHive(text: string, tool: string, key: string | null): string {
  const draft = readHiveDraft(text);
  if (tool === 'side')
    return writeHiveDraft({ ...draft, toMove: draft.toMove === 'w' ? 'b' : 'w' });
  const m = key === null ? null : /^(-?[0-9]+),(-?[0-9]+)$/.exec(key);
  if (m === null) throw new EditRefused('Click a hex.');
  const q = Number(m[1]);
  const r = Number(m[2]);
  const stack = draft.pieces
    .filter((p) => p.q === q && p.r === r)
    .sort((a, b) => a.level - b.level);
  if (tool === 'hive:off') {
    const top = stack[stack.length - 1];
    if (top === undefined) throw new EditRefused(`There is no piece on ${q},${r}.`);
    // The higher numbers of the same bug move down, so the numbers stay in placement order.
    const bug = top.piece.replace(/[0-9]$/, '');
    const n = Number(top.piece.slice(bug.length) || 0);
    const pieces = draft.pieces
      .filter((p) => p !== top)
      .map((p) => {
        const k = p.piece.startsWith(bug) ? Number(p.piece.slice(bug.length) || 0) : 0;
        return n > 0 && p.piece.length === top.piece.length && k > n
          ? { ...p, piece: `${bug}${k - 1}` }
          : p;
      });
    return writeHiveDraft({ ...draft, pieces });
  }
  const piece = nextPiece(draft, tool.replace(/^hive:/, ''));
  return writeHiveDraft({
    ...draft,
    pieces: [...draft.pieces, { piece, q, r, level: stack.length }],
  });
}

/** The empty hexes next to the pieces of a draft (the origin when it has none): where to click. */
export function setupTargets(pieces: readonly { q: number; r: number }[]): string[] {
  const taken = new Set(pieces.map((p) => `${p.q},${p.r}`));
  if (taken.size === 0) return ['0,0'];
  const out = new Set<string>();
  for (const p of pieces) {
    for (const h of neighbors({ q: p.q, r: p.r })) {
      const k = `${h.q},${h.r}`;
      if (!taken.has(k)) out.add(k);
    }
  }
  return [...out];
}

/** What the check of a saved text says: the state, or the game's refusal. */
export type Checked =
  | { readonly ok: true; readonly state: unknown }
  | { readonly ok: false; readonly message: string };

/** `game.deserialize(text)`: the state, or its refusal's message. */
export function checkPosition(game: GameName, text: string): Checked {
  try {
    return { ok: true, state: ADAPTERS[game].game.deserialize(text.trim()) };
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return { ok: false, message: e.message };
  }
}
