/**
 * Boardspace's Hive actions, as its game records write them in the value of a `P0`/`P1`
 * property: an optional sequence number, the action's name (any case) and its arguments,
 * e.g. `12 dropb wS1 N 13 .` or `4 move B bL1 M 12 /wS1`. Read here into plain data, nothing
 * replayed yet (see `boardspace.ts`).
 *
 * The names and arguments are those of Boardspace's `Hivemovespec`: `pick <colour> <slot>
 * <piece>`, `pickb <col> <row> <piece>`, `drop <colour> <slot> <piece>`, `dropb`/`pdropb <piece>
 * <col> <row> <ref>`, `move`/`pmove`/`movedone`/`pmovedone <colour> <piece> <col> <row> <ref>`,
 * and the bare `done`, `pass`, `passdone`, `resign`, draw offers, `start P<n>`, `swap`,
 * `playwhite`, `playblack`, `reset`, `edit` and the undo requests.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';

/** A cell of Boardspace's board: its column (a letter, or `nA`/`nZ` beyond) and row. */
export interface BoardspaceCell {
  /** The column as a number: `A` is 65, `2A` is 63, `1Z` is 91 (Boardspace's `parseCol`). */
  readonly col: number;
  readonly row: number;
  /** As written: `N 13`. */
  readonly text: string;
}

/** The kinds of action, by what they do to the turn. */
export type BoardspaceActionKind =
  | 'start'
  | 'pick' // from a reserve
  | 'pickb' // from the board
  | 'drop' // back onto a reserve
  | 'dropb'
  | 'pdropb'
  | 'move'
  | 'pmove'
  | 'movedone'
  | 'pmovedone'
  | 'pass'
  | 'passdone'
  | 'done'
  | 'resign'
  | 'offerdraw'
  | 'acceptdraw'
  | 'declinedraw'
  | 'swap'
  | 'playwhite'
  | 'playblack'
  | 'reset'
  | 'edit'
  | 'undo'
  | 'gameover';

/** An action read from its text. */
export interface BoardspaceAction {
  readonly kind: BoardspaceActionKind;
  /** The sequence number written before it, or `null`. */
  readonly seq: number | null;
  /** `'w'`/`'b'` from a colour token (`W`, `B`, any case), or `null` when the action has none. */
  readonly colour: 'w' | 'b' | null;
  /** The piece token as written (`wS1`, `S1`, `bg1`, `Q`), or `null`. */
  readonly piece: string | null;
  /** The cell, or `null`. */
  readonly cell: BoardspaceCell | null;
  /** The reference after the cell (`.`, `/wQ`, `bG1-`, `wB2`), or `null` when there is none. */
  readonly ref: string | null;
  /** For `start`: the player index it names (`Start P0`); otherwise `null`. */
  readonly player: number | null;
}

/** Action names (lower case) and their kinds; Boardspace matches them without regard to case. */
const KINDS: Readonly<Record<string, BoardspaceActionKind>> = {
  start: 'start',
  pick: 'pick',
  pickb: 'pickb',
  drop: 'drop',
  dropb: 'dropb',
  pdropb: 'pdropb',
  move: 'move',
  pmove: 'pmove',
  movedone: 'movedone',
  pmovedone: 'pmovedone',
  pass: 'pass',
  passdone: 'passdone',
  done: 'done',
  resign: 'resign',
  offerdraw: 'offerdraw',
  acceptdraw: 'acceptdraw',
  declinedraw: 'declinedraw',
  swap: 'swap',
  playwhite: 'playwhite',
  playblack: 'playblack',
  reset: 'reset',
  edit: 'edit',
  undo: 'undo',
  pleaseundo: 'undo',
  dontundo: 'undo',
  allowundo: 'undo',
  gameoverontime: 'gameover',
};

/**
 * The arguments each kind takes, in order: c colour, s slot, p piece, x cell (two tokens), r the
 * reference (which may be missing).
 */
const SHAPES: Partial<Record<BoardspaceActionKind, string>> = {
  pick: 'csp',
  drop: 'cspr',
  pickb: 'xp',
  dropb: 'pxr',
  pdropb: 'pxr',
  move: 'cpxr',
  pmove: 'cpxr',
  movedone: 'cpxr',
  pmovedone: 'cpxr',
};

/** A column token: one character, or a count before `A` or `Z` (Boardspace's `printCol`). */
function columnOf(token: string): number | null {
  if (token.length === 1) return /[A-Za-z]/.test(token) ? token.toUpperCase().charCodeAt(0) : null;
  const m = /^([0-9]{1,3})([AZ])$/i.exec(token);
  if (m === null) return null;
  const off = Number(m[1]);
  return (m[2] as string).toUpperCase() === 'A' ? 65 - off : 90 + off;
}

/**
 * The action in `text`, or `null` when the text is not an action (the root's `id "name"`,
 * the last node's `time 0:12:47`). Throws `RulesError('PARSE_ERROR')` saying what is wrong for
 * an action with bad arguments or a numbered action Boardspace does not have.
 */
export function parseAction(text: string): BoardspaceAction | null {
  const tokens = text.trim().split(/\s+/);
  let k = 0;
  let seq: number | null = null;
  if (/^[0-9]{1,9}$/.test(tokens[0] as string)) {
    seq = Number(tokens[0]);
    k = 1;
  }
  const name = (tokens[k] ?? '').toLowerCase();
  const kind = KINDS[name];
  if (kind === undefined) {
    if (seq === null) return null;
    throw bad(
      name === '' ? 'a sequence number with no action' : `unknown action ${quote(tokens[k])}`,
    );
  }
  k++;
  const args = tokens.slice(k).filter((t) => t !== '');
  let colour: 'w' | 'b' | null = null;
  let piece: string | null = null;
  let cell: BoardspaceCell | null = null;
  let ref: string | null = null;
  let player: number | null = null;
  const shape = SHAPES[kind];
  if (kind === 'start') {
    const p = /^P([0-9])$/i.exec(args[0] ?? '');
    if (p === null) throw bad(`${name} needs a player (P0, P1), got ${quote(args.join(' '))}`);
    player = Number(p[1]);
  } else if (shape !== undefined) {
    let a = 0;
    const need = (what: string): string => {
      const t = args[a++];
      if (t === undefined) throw bad(`${name} needs ${what}: ${quote(text.trim())}`);
      return t;
    };
    for (const part of shape) {
      if (part === 'c') {
        const t = need('a colour (W or B)').toLowerCase();
        if (t !== 'w' && t !== 'b') throw bad(`${name}: ${quote(t)} is not a colour (W or B)`);
        colour = t;
      } else if (part === 's') {
        const t = need('a reserve slot');
        if (!/^[0-9]{1,2}$/.test(t)) throw bad(`${name}: ${quote(t)} is not a reserve slot`);
      } else if (part === 'p') {
        piece = need('a piece');
      } else if (part === 'x') {
        const colText = need('a cell');
        const rowText = need('a cell row');
        const col = columnOf(colText);
        if (col === null || !/^-?[0-9]{1,4}$/.test(rowText)) {
          throw bad(`${name}: ${quote(`${colText} ${rowText}`)} is not a cell`);
        }
        cell = { col, row: Number(rowText), text: `${colText} ${rowText}` };
      } else {
        // The reference describes the cell for a reader; Boardspace may leave it empty.
        ref = args[a++] ?? null;
      }
    }
    if (a < args.length) throw bad(`${name}: unexpected ${quote(args.slice(a).join(' '))}`);
  } else if (args.length > 0 && kind !== 'edit' && kind !== 'undo' && kind !== 'gameover') {
    throw bad(`${name} takes no arguments, got ${quote(args.join(' '))}`);
  }
  return { kind, seq, colour, piece, cell, ref, player };
}

function bad(why: string): RulesError {
  return new RulesError('PARSE_ERROR', why);
}
