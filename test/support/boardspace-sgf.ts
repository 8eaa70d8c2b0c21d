/**
 * Boardspace SGF written from a Hive game, for the reader's tests: each move as one of the turn
 * shapes Boardspace's records have (a player's `pick`/`pickb` then `dropb`, a robot's `move`,
 * `movedone`, a Pillbug's `pmove` or `pickb`/`pdropb`, `pass`), with Boardspace's piece names
 * (`wL1`, `wQ`; references without the 1 of a single bug), cells `col row` with the first piece
 * on `N 13`, and a reference that describes the cell as Boardspace writes one.
 */
import type { HiveMove, HiveState } from '../../src/hive/index.js';
import { hive, pieceAt, placeOf } from '../../src/hive/index.js';

/** How a move is written: which of Boardspace's turn shapes, and in which case. */
export interface Style {
  /** 0 player (pick/pickb, dropb, done), 1 robot (move, done), 2 movedone, 3 a re-drop first. */
  readonly shape: number;
  /** Capitalised action names (`Pick`, `Dropb`, `Done`), as in 2023. */
  readonly capital: boolean;
  /** For a climb: `.` (2016 on), the top piece's name (2006), or `X.` (current Boardspace). */
  readonly climb: number;
}

/** Boardspace's name of a library piece in an action (`wL1`, `wQ`, `bS2`). */
export function actionName(piece: string): string {
  return /^[wb][MLP]$/.test(piece) ? `${piece}1` : piece;
}

/** Boardspace's column text of column number `col` (`N`, `2A`, `1Z`). */
function colText(col: number): string {
  if (col < 65) return `${65 - col}A`;
  if (col > 90) return `${col - 90}Z`;
  return String.fromCharCode(col);
}

/** The cell text of hex (q, r), with (0, 0) on N 13. */
export function cellText(q: number, r: number): string {
  return `${colText(78 + q)} ${13 - r}`;
}

const STEPS: readonly (readonly [dq: number, dr: number, pre: string, post: string])[] = [
  [1, 0, '', '-'],
  [-1, 0, '-', ''],
  [1, -1, '', '/'],
  [-1, 1, '/', ''],
  [0, 1, '', '\\'],
  [0, -1, '\\', ''],
];

/** The reference Boardspace writes for `piece` going to (q, r) from `from` (null: the reserve). */
function reference(
  s: HiveState,
  q: number,
  r: number,
  from: { q: number; r: number } | null,
  style: Style,
): string {
  const top = pieceAt(s, q, r);
  if (top !== null) return style.climb === 0 ? '.' : style.climb === 1 ? top : `${top}.`;
  for (const [dq, dr, pre, post] of STEPS) {
    const x = { q: q - dq, r: r - dr };
    const there = pieceAt(s, x.q, x.r);
    if (there === null || (from !== null && from.q === x.q && from.r === x.r)) continue;
    return `${pre}${there}${post}`;
  }
  return '.';
}

/** A side's id (`P0`/`P1`) for the colour that moves in `s`. */
function seat(s: HiveState): string {
  return hive.toMove(s) === 0 ? 'P0' : 'P1';
}

/** The action nodes of one move (`; P0[12 pick W 1 wA1]` each, without their sequence numbers). */
export function actionsOf(s: HiveState, move: HiveMove, style: Style): string[] {
  const p = seat(s);
  const cap = (name: string) => (style.capital ? name[0]?.toUpperCase() + name.slice(1) : name);
  const done = `${p}[${cap('done')}${style.capital ? ' ' : ''}]`;
  if (move.kind === 'pass') return [`${p}[${cap('pass')}]`, done];
  if (move.kind !== 'place' && move.kind !== 'move') throw new Error('no fan moves in Boardspace');
  const colour = move.piece[0] === 'w' ? 'W' : 'B';
  const name = actionName(move.piece);
  const at = placeOf(s, move.piece);
  const from = at === null ? null : { q: at.q, r: at.r };
  const cell = cellText(move.q, move.r);
  const ref = reference(s, move.q, move.r, from, style).replace(/\\/g, '\\\\');
  const thrown = (move.piece[0] === 'w') !== (hive.toMove(s) === 0);
  if (thrown) {
    // A Pillbug's throw of the other side's piece: the colour token is the piece's.
    return style.shape % 2 === 0
      ? [
          `${p}[${cap('pickb')} ${cellText(at?.q ?? 0, at?.r ?? 0)} ${name}]`,
          `${p}[${cap('pdropb')} ${name} ${cell} ${ref}]`,
          done,
        ]
      : [`${p}[${style.capital ? 'PMove' : 'pmove'} ${colour} ${name} ${cell} ${ref}]`, done];
  }
  if (style.shape === 1) return [`${p}[${cap('move')} ${colour} ${name} ${cell} ${ref}]`, done];
  if (style.shape === 2 && !style.capital)
    return [`${p}[movedone ${colour} ${name} ${cell} ${ref}]`];
  const pick =
    at === null
      ? `${p}[${cap('pick')} ${colour} 1 ${name}]`
      : `${p}[${cap('pickb')} ${cellText(at.q, at.r)} ${name}]`;
  const drop = `${p}[${cap('dropb')} ${name} ${cell} ${ref}]`;
  if (style.shape === 3) {
    // Dropped once on the same cell, picked up again and dropped: only the last drop counts.
    return [pick, drop, `${p}[${cap('pickb')} ${cell} ${name}]`, drop, done];
  }
  return [pick, drop, done];
}

/** The SGF text of a game: a Boardspace root, then every move's actions with sequence numbers. */
export function boardspaceSgf(
  moves: readonly HiveMove[],
  styles: readonly Style[],
  root: { su: string; re?: string; ids?: readonly [string, string]; options?: object } = {
    su: 'hive-plm',
  },
): string {
  const [a, b] = root.ids ?? ['alice', 'bob'];
  const lines = [
    '(;',
    'GM[27]VV[1]',
    `SU[${root.su}]`,
    'DT[Sat Jun 22 10:50:36 PDT 2019]',
    'GN[HV-alice-bob-2019-06-22-1750]',
    ...(root.re === undefined ? [] : [`RE[${root.re}]`]),
    `P0[id "${a}"]`,
    `P1[id "${b}"]`,
    '; P0[0 Start P0]',
  ];
  let seq = 1;
  let s = hive.start(root.options ?? {});
  moves.forEach((m, i) => {
    const style =
      styles.length === 0
        ? { shape: 0, capital: false, climb: 0 }
        : (styles[i % styles.length] as Style);
    for (const action of actionsOf(s, m, style)) {
      lines.push(`; ${action.replace(/\[/, `[${seq++} `)}`);
    }
    s = hive.apply(s, m);
  });
  lines.push(';', 'P0[time 0:12:47 ]', 'P1[time 0:17:41 ]', ')', ' ');
  return lines.join('\r\n');
}
