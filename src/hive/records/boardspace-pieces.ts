/**
 * Boardspace's piece names and cells in the library's terms. Boardspace writes `wS1`, `bA3`, and
 * the single bugs with a 1 (`wL1`, `bM1`, `wP1`) except the Queen (`wQ`); references leave the 1
 * off (`/wL`). Records of 2006 and 2013 leave the colour off too (`Q`, `S1`, `g1`) or write the
 * type in lower case (`bg1`, `bq`). Cells are a column and a row; the library's hexes are axial
 * `(q, r)` with the first piece at `(0, 0)`, so a cell is read relative to the first piece's:
 * east is the next column, and north-east the next column and the next row.
 *
 * @module
 */
import { quote } from '../../core/quote.js';
import type { BoardspaceCell } from './boardspace-actions.js';

/** Boardspace's bug letters, all of which the library has under the same letter. */
const TYPES = 'QAGBSMLP';
/** The bugs a player has one of: their library names carry no number. */
const SINGLE = 'QMLP';

/** A piece token read: the library's name, or why it has none. */
export type PieceRead =
  | { readonly name: string; readonly colourGiven: boolean }
  | { readonly error: string };

/**
 * The library name (`wS1`, `bL`, `wQ`) of Boardspace piece token `token`, taking the colour from
 * `colour` when the token has none (`null`: no colour known, an error for such a token).
 */
export function pieceName(token: string, colour: 'w' | 'b' | null): PieceRead {
  const plain = /^([A-Za-z])([0-9]?)$/.exec(token);
  const coloured = plain === null ? /^([wbWB])([A-Za-z])([0-9]?)$/.exec(token) : null;
  if (plain === null && coloured === null) {
    return { error: `${quote(token)} is not a Boardspace piece` };
  }
  const parts = (plain ?? [coloured?.[0], ...(coloured as RegExpExecArray).slice(2)]) as string[];
  const c = coloured === null ? null : (coloured[1] as string).toLowerCase();
  const type = (parts[1] as string).toUpperCase();
  const n = parts[2] as string;
  if (!TYPES.includes(type)) return { error: `${quote(token)}: no bug ${quote(type)} in Hive` };
  const given = c !== null;
  const col = c ?? colour;
  if (col === null) return { error: `${quote(token)} has no colour, and nothing says whose it is` };
  if (SINGLE.includes(type)) {
    if (n !== '' && n !== '1') return { error: `${quote(token)}: there is one ${type} a side` };
    return { name: `${col}${type}`, colourGiven: given };
  }
  if (n === '' || n === '0') return { error: `${quote(token)} needs the bug's number` };
  return { name: `${col}${type}${n}`, colourGiven: given };
}

/** The six ways a reference names a neighbour, as (column, row) steps from the named piece. */
const STEPS: readonly (readonly [prefix: string, suffix: string, dc: number, dr: number])[] = [
  ['', '-', 1, 0],
  ['-', '', -1, 0],
  ['', '/', 1, 1],
  ['/', '', -1, -1],
  ['', '\\', 0, -1],
  ['\\', '', 0, 1],
];

/** A reference read: the piece it names and where the destination lies from it. */
export interface ReferenceRead {
  /** The library name of the piece named (`null` for `.`). */
  readonly piece: string | null;
  /**
   * `'on'` (a bare name, or `X.`: on top of it), `'dot'` (`.`: the first piece, a climb, or a
   * step with no other neighbour), or the (column, row) step from the piece.
   */
  readonly where: 'on' | 'dot' | readonly [dc: number, dr: number];
}

/** What reference `ref` says, or `null` when it is not one Boardspace writes. */
export function readReference(ref: string): ReferenceRead | null {
  if (ref === '.') return { piece: null, where: 'dot' };
  for (const [pre, post, dc, dr] of STEPS) {
    if (pre !== '' && ref.startsWith(pre) && ref.length > 1) {
      const p = pieceName(ref.slice(1), null);
      return 'name' in p ? { piece: p.name, where: [dc, dr] } : null;
    }
    if (post !== '' && ref.endsWith(post) && ref.length > 1) {
      const p = pieceName(ref.slice(0, -1), null);
      return 'name' in p ? { piece: p.name, where: [dc, dr] } : null;
    }
  }
  const bare = ref.endsWith('.') ? ref.slice(0, -1) : ref;
  const p = pieceName(bare, null);
  return 'name' in p ? { piece: p.name, where: 'on' } : null;
}

/** The library hex of a Boardspace cell, given the cell of the first piece (which is `(0, 0)`). */
export function hexOf(
  cell: BoardspaceCell,
  origin: BoardspaceCell,
): { readonly q: number; readonly r: number } {
  return { q: cell.col - origin.col, r: -(cell.row - origin.row) };
}

/** Whether hex `to` is `(dc, dr)` Boardspace steps from hex `from`. */
export function isStep(
  from: { readonly q: number; readonly r: number },
  to: { readonly q: number; readonly r: number },
  dc: number,
  dr: number,
): boolean {
  return to.q - from.q === dc && to.r - from.r === -dr;
}
