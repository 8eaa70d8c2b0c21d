/**
 * An independent oracle for the Coerceo end of game (spec §9, C-END-1/2/4/5/6, order C-END-7).
 *
 * It reads only the serialized state (CPF + `h:` history + `r:` resignation, C-NOTATION-3/5) and
 * re-derives everything from the spec with its own small geometry (C-BOARD-1..6): it never calls
 * the engine's move generator, `terminal`, `outcome` or end-check code. Slow and simple on purpose.
 */
import { type CoerceoEndReason, type CoerceoState, coerceo } from '../../src/coerceo/index.js';

type Colour = 'white' | 'black';

/** The end rulings the oracle needs (spec §1), defaults as in the spec. */
export interface EndRulings {
  readonly repetitionDraw: boolean;
  readonly insufficientMaterialDraw: boolean;
  readonly noLegalMoves: 'draw' | 'loss';
}

/** The oracle's verdict: the winner (`null` = draw) and the C-END-7 reason. */
export interface EndVerdict {
  readonly winner: Colour | null;
  readonly reason: CoerceoEndReason;
}

/** A position as plain data: pieces by field key `x,y,f`, present tiles by `x,y`. */
interface Board {
  readonly tiles: Set<string>;
  readonly pieces: Map<string, Colour>;
  readonly side: Colour;
  readonly held: { readonly white: number; readonly black: number };
  readonly exchangeCost: number;
}

// C-BOARD-3: tile directions, side d: 0 top, 1 upper-right, 2 lower-right, 3 bottom, ...
const DIR: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
];
const FILES = 'abcde';
const COLUMN_SIZES = [3, 4, 5, 4, 3];
// C-NOTATION-1: letter = "fedcba"[f]
const LETTERS = 'fedcba';

const mod6 = (n: number): number => ((n % 6) + 6) % 6;
const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');
// C-BOARD-2: odd f points up and is White.
const colourOf = (f: number): Colour => (f % 2 === 1 ? 'white' : 'black');

/** C-NOTATION-1: `c3e` → `0,0,1`. */
function fieldKey(name: string): string {
  const file = FILES.indexOf(name[0] as string);
  const rank = Number(name[1]);
  const f = LETTERS.indexOf(name[2] as string);
  if (name.length !== 3 || file < 0 || !(rank >= 1) || f < 0) throw new Error(`field '${name}'`);
  const x = file - 2;
  return `${x},${rank - 3 - Math.min(x, 0)},${f}`;
}

/** C-BOARD-5: the vertex neighbours of field (x, y, f) on the unbounded tiling. */
function vertexNeighbours(x: number, y: number, f: number): [number, number, number][] {
  const nb = (d: number): [number, number] => {
    const [dx, dy] = DIR[mod6(d)] as readonly [number, number];
    return [x + dx, y + dy];
  };
  return [
    [x, y, mod6(f + 2)],
    [x, y, mod6(f - 2)],
    [...nb(f), mod6(f + 4)],
    [...nb(f - 1), mod6(f + 2)],
    [...nb(f), mod6(f + 2)],
    [...nb(f + 1), mod6(f + 4)],
  ];
}

/** C-BOARD-5 by field name (unbounded tiling), for checking the oracle's geometry. */
export function vertexNeighbourNames(name: string): string[] {
  const [x, y, f] = fieldKey(name).split(',').map(Number) as [number, number, number];
  return vertexNeighbours(x, y, f).map(
    ([nx, ny, nf]) => `${FILES[nx + 2]}${ny + 3 + Math.min(nx, 0)}${LETTERS[nf]}`,
  );
}

/** C-NOTATION-3: parses the first four space-separated fields of a state string. */
function parseBoard(words: readonly string[]): Board {
  const [board, side, held, variant] = words;
  const columns = (board as string).split('/');
  if (columns.length !== 5) throw new Error(`board '${board}'`);
  const tiles = new Set<string>();
  const pieces = new Map<string, Colour>();
  columns.forEach((column, i) => {
    const tokens = column.split(',');
    if (tokens.length !== COLUMN_SIZES[i]) throw new Error(`column '${column}'`);
    tokens.forEach((token, j) => {
      if (token === '-') return;
      const x = i - 2;
      const y = j + 1 - 3 - Math.min(x, 0);
      tiles.add(`${x},${y}`);
      if (token === '.') return;
      for (const letter of token) {
        const f = LETTERS.indexOf(letter);
        if (f < 0) throw new Error(`tile '${token}'`);
        pieces.set(`${x},${y},${f}`, colourOf(f));
      }
    });
  });
  const [w, b] = (held as string).split('/').map(Number);
  return {
    tiles,
    pieces,
    side: side === 'w' ? 'white' : 'black',
    held: { white: w as number, black: b as number },
    exchangeCost: Number((variant as string)[1]),
  };
}

function count(board: Board, colour: Colour): number {
  let n = 0;
  for (const c of board.pieces.values()) if (c === colour) n++;
  return n;
}

/** C-MOVE-1 / C-BOARD-6: some piece of `colour` has an empty, existing vertex neighbour. */
function hasStep(board: Board, colour: Colour): boolean {
  for (const [key, c] of board.pieces) {
    if (c !== colour) continue;
    const [x, y, f] = key.split(',').map(Number) as [number, number, number];
    for (const [nx, ny, nf] of vertexNeighbours(x, y, f)) {
      if (board.tiles.has(`${nx},${ny}`) && !board.pieces.has(`${nx},${ny},${nf}`)) return true;
    }
  }
  return false;
}

/**
 * C-END-5: how many earlier positions of the game (since the last irreversible turn, which the
 * `h:` token covers) equal the current one. The `h:` steps are undone one by one from the
 * current position; tiles and held counts cannot change across them, so a position is the piece
 * placement plus the side to move, which alternates.
 */
function earlierOccurrences(board: Board, history: readonly string[]): number {
  const placement = (pieces: Map<string, Colour>): string => [...pieces.keys()].sort().join(' ');
  const now = placement(board.pieces);
  const pieces = new Map(board.pieces);
  let seen = 0;
  for (let k = history.length - 1; k >= 0; k--) {
    const [from, to] = (history[k] as string).split('-').map(fieldKey) as [string, string];
    const colour = pieces.get(to);
    if (colour === undefined || pieces.has(from)) throw new Error(`cannot undo '${history[k]}'`);
    pieces.delete(to);
    pieces.set(from, colour);
    // the position before history[k] has the same side to move as now iff an even number of
    // steps separate it from the current one
    if ((history.length - k) % 2 === 0 && placement(pieces) === now) seen++;
  }
  return seen;
}

/**
 * The end verdict of a state by spec §9 alone, checked in the C-END-7 order, or `null` while the
 * game goes on. `rulings` are the options the game was started with (defaults per spec §1).
 */
export function coerceoVerdict(
  state: CoerceoState,
  rulings: Partial<EndRulings> = {},
): EndVerdict | null {
  const repetitionDraw = rulings.repetitionDraw ?? true;
  const insufficientMaterialDraw = rulings.insufficientMaterialDraw ?? true;
  const noLegalMoves = rulings.noLegalMoves ?? 'draw';

  const words = coerceo.serialize(state).split(' ');
  const board = parseBoard(words.slice(0, 4));
  const tail = words.slice(4);
  const history =
    tail
      .find((w) => w.startsWith('h:'))
      ?.slice(2)
      .split(',') ?? [];
  const resigned = tail.find((w) => w.startsWith('r:'));

  // C-END-2: resignation, the other side wins.
  if (resigned !== undefined) {
    return { winner: resigned === 'r:w' ? 'black' : 'white', reason: 'resignation' };
  }
  const mover = board.side;
  const opponent = other(mover);
  const mine = count(board, mover);
  const theirs = count(board, opponent);
  // C-END-1: the side to move has no pieces left: it has lost.
  if (mine === 0) return { winner: opponent, reason: 'captured-all' };
  // C-END-4: pieces but no step, and no exchange (C-EXCHANGE-1: held >= cost, a target exists).
  const canExchange = board.held[mover] >= board.exchangeCost && theirs > 0;
  if (!hasStep(board, mover) && !canExchange) {
    return { winner: noLegalMoves === 'loss' ? opponent : null, reason: 'no-legal-moves' };
  }
  // C-END-6: one piece each, and no exchange can ever be paid for.
  if (
    insufficientMaterialDraw &&
    mine === 1 &&
    theirs === 1 &&
    board.tiles.size - 1 + Math.max(board.held.white, board.held.black) < board.exchangeCost
  ) {
    return { winner: null, reason: 'insufficient-material' };
  }
  // C-END-5: the position occurred twice before.
  if (repetitionDraw && earlierOccurrences(board, history) >= 2) {
    return { winner: null, reason: 'repetition' };
  }
  return null;
}

/** Whether the game is over by spec §9 alone (see {@link coerceoVerdict}). */
export function coerceoEnded(state: CoerceoState, rulings: Partial<EndRulings> = {}): boolean {
  return coerceoVerdict(state, rulings) !== null;
}
