// The setup board's edits, as far as each game's saved text allows: a Coerceo position string
// names every field, so a click puts a piece on a field or takes it off (and a button turns the
// side to move); a Torres state lists every square's height and piece, so a click adds or takes
// a block (from or to the supply), puts a seat's knight or the king there or takes a knight
// off. A Hive position is its moves (a GameString), so Hive has no edits: its positions are set
// up by playing moves on the board. Every edit gives text that `game.deserialize` then checks;
// what it refuses is shown with its message. No DOM.
import { isRulesError } from '../../../src/index.js';
import { squareIndex } from '../../../src/torres/index.js';
import { ADAPTERS, type GameName } from './games.js';

/** One tool of the setup board: a click on the board (with a key) or a button (without). */
export interface SetupTool {
  readonly id: string;
  readonly label: string;
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

/** The setup tools of `game` for a position with `seats` seats (none for Hive). */
export function setupTools(game: GameName, seats: number): readonly SetupTool[] {
  if (game === 'coerceo') return COERCEO_TOOLS;
  if (game === 'torres') return torresTools(seats);
  return [];
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
  throw new EditRefused('A Hive position is its moves: play them on the board.');
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
