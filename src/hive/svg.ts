/**
 * SVG pictures of Hive positions: {@link render} draws the hive (pointy-top hexes in the
 * library's axial coordinates, H-COORD-1), stacks with their height, both players' pieces in
 * hand, the last move and optional highlighted destinations. The output is a deterministic
 * string (no DOM), so it can be snapshot-tested, written to files or set as `innerHTML`.
 *
 * ```ts
 * import { hive } from 'boardrules/hive';
 * import { render } from 'boardrules/hive/render';
 * const s = hive.apply(hive.start(), { kind: 'place', piece: 'wS1', q: 0, r: 0 });
 * const svg = render(s, { coordinates: true });
 * ```
 *
 * Every drawn element carries `data-*` attributes (`data-q`, `data-r`, `data-piece`) so an
 * interface can map clicks back to hexes and pieces.
 *
 * @module boardrules/hive/render
 */
import { RulesError } from '../core/errors.js';
import type { OptionCheck } from '../core/options.js';
import { quote } from '../core/quote.js';
import {
  el,
  num,
  points,
  RENDER_CHECKS,
  readRenderOptions,
  svgDocument,
  text,
  title,
} from '../core/svg.js';
import { type Hex, KEY_LIMIT, toPixel } from '../geometry/hex.js';
import { BUG_PICTURES, type BugPart } from './bugs.js';
import { gameStateString, turnString, undoPlies } from './game-string.js';
import { pieceFromName, pieceName } from './pieces.js';
import { piecesInHand, piecesOnBoard, placeOf, stackAt } from './queries.js';
import type { HiveState } from './types.js';

/**
 * Options of {@link render}. All are optional; an unknown name or a bad value is a
 * `RulesError('INVALID_OPTIONS')`.
 */
export interface HiveRenderOptions {
  /** Hex circumradius in pixels (centre to corner), in (0, 10000]. Default 28. */
  readonly size?: number;
  /** Write each hex's axial `q,r` on it. Default `false`. */
  readonly coordinates?: boolean;
  /** Hexes to highlight as destinations (e.g. the legal targets of a selected piece). */
  readonly highlight?: readonly Hex[];
  /** A piece name (`'wA1'`) to outline as selected, on the board or in hand. */
  readonly selected?: string;
  /** Mark the last move's origin and destination. Default `true`. */
  readonly lastMove?: boolean;
  /** Draw the pieces in hand below the board. Default `true`. */
  readonly hand?: boolean;
  /**
   * How a piece shows its bug: `'bugs'`, a drawn picture of the bug (as on the real tiles, which
   * is how players know them), or `'letters'`, its UHP letter (`Q`, `A`, … as the notation writes
   * them). Both add the piece's number when its kind has several (`S1`, `S2`). Default `'bugs'`.
   */
  readonly pieces?: HivePieceStyle;
  /**
   * Write the status line above the board (game type, result, whose turn: `Base+MLP ·
   * InProgress · White[3]`). Default `true`. An app that says these in its own text turns it
   * off, and the board then fills the picture.
   */
  readonly status?: boolean;
}

/** How {@link HiveRenderOptions.pieces} shows a piece's bug. */
export type HivePieceStyle = 'bugs' | 'letters';

/** A hex the picture can place: integer coordinates within {@link KEY_LIMIT}. */
function isDrawableHex(h: unknown): boolean {
  if (h === null || typeof h !== 'object') return false;
  const { q, r } = h as Hex;
  return (
    Number.isInteger(q) &&
    Number.isInteger(r) &&
    Math.abs(q) <= KEY_LIMIT &&
    Math.abs(r) <= KEY_LIMIT
  );
}

const OPTION_CHECKS: Readonly<Record<keyof HiveRenderOptions, OptionCheck>> = {
  size: RENDER_CHECKS.size,
  coordinates: RENDER_CHECKS.flag,
  highlight: RENDER_CHECKS.listOf(
    (h) => (isDrawableHex(h) ? undefined : 'a hex'),
    `hexes {q, r} with integer coordinates within ±${KEY_LIMIT}`,
  ),
  // Any text: a name that is no piece in the picture selects nothing.
  selected: (v) => (typeof v === 'string' ? undefined : 'a piece name'),
  lastMove: RENDER_CHECKS.flag,
  hand: RENDER_CHECKS.flag,
  pieces: (v) => (v === 'bugs' || v === 'letters' ? undefined : "'bugs' or 'letters'"),
  status: RENDER_CHECKS.flag,
};

/** Fill colour of each bug's letter, by kind letter (Q S B G A M L P). */
const BUG_COLOURS: Readonly<Record<string, string>> = {
  Q: '#c8960c',
  S: '#8b4a1c',
  B: '#7d4fa8',
  G: '#2f8f3a',
  A: '#2f6fc0',
  M: '#6c7a7d',
  L: '#c0392b',
  P: '#138d75',
  // Fan bugs (H-FAN-UHP-1).
  T: '#5b8c1a',
  F: '#3b4b8f',
  K: '#a0522d',
  W: '#e07b00', // orange, apart from the Queen's gold: both are striped
  R: '#5d4037',
  D: '#0e7c86',
  C: '#8e3b5b',
};

/** The bug names, for tooltips. */
const BUG_NAMES: Readonly<Record<string, string>> = {
  Q: 'Queen Bee',
  S: 'Spider',
  B: 'Beetle',
  G: 'Grasshopper',
  A: 'Soldier Ant',
  M: 'Mosquito',
  L: 'Ladybug',
  P: 'Pillbug',
  T: 'Mantis',
  F: 'Fly',
  K: 'Scorpion',
  W: 'Wasp',
  R: 'Cockroach',
  D: 'Dragonfly',
  C: 'Centipede',
};

const WHITE_FILL = '#f5f0e1';
const BLACK_FILL = '#262626';

/** A bug's colour on a black tile: its colour mixed with a third of white, to stand out. */
const ON_BLACK: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BUG_COLOURS).map(([k, c]) => {
    const mix = (i: number): string =>
      Math.round(Number.parseInt(c.slice(i, i + 2), 16) * 0.65 + 255 * 0.35)
        .toString(16)
        .padStart(2, '0');
    return [k, `#${mix(1)}${mix(3)}${mix(5)}`];
  }),
);

/** Paint of each part of a bug picture (see bugs.ts), by the bug's colour. */
function bugPart([paint, d]: BugPart, colour: string): string {
  switch (paint) {
    case 'wing':
      return el('path', { d, fill: colour, 'fill-opacity': 0.45 });
    case 'body':
      return el('path', { d, fill: colour });
    case 'ink':
      return el('path', { d, fill: INK });
    default:
      return el('path', {
        d,
        fill: 'none',
        stroke: paint === 'leg' ? colour : INK,
        'stroke-width': paint === 'leg' ? 4 : 3.5,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
  }
}

const INK = '#1b1b1b';

/** The six corners of a pointy-top hex of circumradius `r` centred on `(cx, cy)`. */
function corners(cx: number, cy: number, r: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let k = 0; k < 6; k++) {
    const a = ((60 * k - 90) * Math.PI) / 180;
    out.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  }
  return out;
}

/**
 * A piece tile (board or hand): hexagon, the bug (a picture or its letter), its number, and a
 * tooltip.
 */
function pieceTile(
  name: string,
  cx: number,
  cy: number,
  r: number,
  cls: string,
  extra: Readonly<Record<string, string | number>>,
  tooltip: string,
  selected: boolean,
  style: HivePieceStyle,
): string {
  const white = name[0] === 'w';
  const kind = name[1];
  const number = name.slice(2);
  const colour = (white ? BUG_COLOURS[kind] : ON_BLACK[kind]) ?? '#888888';
  const numberFill = white ? '#555555' : '#bbbbbb';
  const picture = BUG_PICTURES[kind];
  let bug: string;
  let label = '';
  if (style === 'bugs' && picture !== undefined) {
    // The ±45 box of the picture fills the hex down to its number at the bottom corner.
    bug = el(
      'g',
      {
        class: 'bug',
        transform: `translate(${num(cx)} ${num(cy - r * 0.06)}) scale(${num4(r / 72)})`,
      },
      ...picture.map((part) => bugPart(part, colour)),
    );
    if (number !== '') {
      label = text(
        {
          x: cx,
          y: cy + r * 0.84,
          'text-anchor': 'middle',
          'font-size': r * 0.27,
          'font-weight': 'bold',
          fill: numberFill,
        },
        number,
      );
    }
  } else {
    bug = text(
      {
        x: cx,
        y: cy + r * 0.22,
        'text-anchor': 'middle',
        'font-size': r * 0.72,
        'font-weight': 'bold',
        fill: BUG_COLOURS[kind] ?? '#888888',
      },
      kind,
    );
    if (number !== '') {
      label = text(
        { x: cx + r * 0.42, y: cy + r * 0.3, 'font-size': r * 0.32, fill: numberFill },
        number,
      );
    }
  }
  return el(
    'g',
    { class: cls, 'data-piece': name, ...extra },
    title(tooltip),
    el('polygon', {
      points: points(corners(cx, cy, r * 0.94)),
      fill: white ? WHITE_FILL : BLACK_FILL,
      stroke: selected ? '#e67e22' : white ? '#8a8372' : '#000000',
      'stroke-width': selected ? r * 0.14 : r * 0.05,
    }),
    bug,
    label,
  );
}

/** A scale factor with four decimals (two would make small pictures visibly uneven). */
function num4(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

function describe(name: string): string {
  const colour = name[0] === 'w' ? 'White' : 'Black';
  return `${colour} ${BUG_NAMES[name[1]] ?? name[1]}${name.length > 2 ? ` ${name.slice(2)}` : ''} (${name})`;
}

/** The piece moved by the last ply and where it came from (`null` for a placement), if any. */
function lastMoveOf(state: HiveState): { piece: string; from: Hex | null; to: Hex } | null {
  const last = state.history[state.history.length - 1];
  if (last === undefined) return null;
  const piece = last.split(' ')[0];
  if (piece.toLowerCase() === 'pass') return null;
  const to = placeOf(state, piece);
  if (to === null) return null;
  const before = placeOf(undoPlies(state, 1), piece);
  return { piece, from: before === null ? null : { q: before.q, r: before.r }, to };
}

/**
 * Draws a Hive position as an SVG document (a string). The hive is drawn with the first
 * piece's hex `(0, 0)` as origin and `r` growing down the screen; each occupied hex shows its
 * top piece, with a badge giving the stack height when pieces are stacked (the tooltip lists
 * the stack bottom to top). Below the board, each player's pieces in hand.
 *
 * Deterministic: the same state and options always give the same string.
 */
export function render(state: HiveState, given: HiveRenderOptions = {}): string {
  // Validates the state first (a RulesError for anything that is not one), via its replay, and
  // only then reads its type: a junk `type` could make a template string throw.
  const stateString = gameStateString(state);
  const options = readRenderOptions('hive render', given, OPTION_CHECKS) as HiveRenderOptions;
  const status = `${state.type} · ${stateString} · ${turnString(state)}`;
  const size = options.size ?? 28;
  const showCoords = options.coordinates ?? false;
  const highlight = options.highlight ?? [];
  const lastMove = (options.lastMove ?? true) ? lastMoveOf(state) : null;
  const showHand = options.hand ?? true;
  const style = options.pieces ?? 'bugs';

  // One entry per occupied hex, in a stable order (by r, then q).
  const cells = new Map<string, { q: number; r: number }>();
  for (const p of piecesOnBoard(state)) cells.set(`${p.q},${p.r}`, { q: p.q, r: p.r });
  const occupied = [...cells.values()].sort((a, b) => a.r - b.r || a.q - b.q);

  // The board's extent covers pieces, highlights and the last move's origin.
  const extent: Hex[] = [...occupied, ...highlight];
  if (lastMove?.from) extent.push(lastMove.from);
  if (extent.length === 0) extent.push({ q: 0, r: 0 });
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const h of extent) {
    const p = toPixel(h, size);
    minX = Math.min(minX, p.x - size);
    maxX = Math.max(maxX, p.x + size);
    minY = Math.min(minY, p.y - size);
    maxY = Math.max(maxY, p.y + size);
  }
  const pad = size * 0.4;
  minX -= pad;
  const showStatus = options.status ?? true;
  if (showStatus) minY -= size * 0.8; // room for the status line
  minY -= pad;
  maxX += pad;
  maxY += pad;

  const body: string[] = [];
  if (showStatus) {
    body.push(
      text(
        { class: 'status', x: minX + pad, y: minY + size * 0.7, 'font-size': size * 0.45 },
        status,
      ),
    );
  }

  // Last move: a dotted outline where the piece came from, an accent under where it went.
  const marks: string[] = [];
  if (lastMove) {
    if (lastMove.from) {
      const p = toPixel(lastMove.from, size);
      marks.push(
        el('polygon', {
          class: 'last-from',
          'data-q': lastMove.from.q,
          'data-r': lastMove.from.r,
          points: points(corners(p.x, p.y, size * 0.9)),
          fill: 'none',
          stroke: '#e0a800',
          'stroke-width': size * 0.08,
          'stroke-dasharray': `${num(size * 0.15)} ${num(size * 0.12)}`,
        }),
      );
    }
    const p = toPixel(lastMove.to, size);
    marks.push(
      el('polygon', {
        class: 'last-to',
        'data-q': lastMove.to.q,
        'data-r': lastMove.to.r,
        points: points(corners(p.x, p.y, size * 1.04)),
        fill: '#f4c430',
      }),
    );
  }
  body.push(el('g', { class: 'last-move' }, ...marks));

  const tiles: string[] = [];
  for (const { q, r } of occupied) {
    const stack = stackAt(state, q, r);
    const top = stack[stack.length - 1];
    const p = toPixel({ q, r }, size);
    const tooltip =
      stack.length > 1
        ? `${describe(top)} on a stack of ${stack.length} at (${q}, ${r}), bottom to top: ${stack.join(' ')}`
        : `${describe(top)} at (${q}, ${r})`;
    let tile = pieceTile(
      top,
      p.x,
      p.y,
      size,
      'tile',
      { 'data-q': q, 'data-r': r, 'data-height': stack.length },
      tooltip,
      options.selected === top,
      style,
    );
    if (stack.length > 1) {
      // Height badge at the upper right corner, with the pieces below shown as thin edges.
      const bx = p.x + size * 0.52;
      const by = p.y - size * 0.5;
      tile += el(
        'g',
        { class: 'height', 'data-q': q, 'data-r': r },
        el('circle', {
          cx: bx,
          cy: by,
          r: size * 0.26,
          fill: '#e67e22',
          stroke: '#ffffff',
          'stroke-width': size * 0.04,
        }),
        text(
          {
            x: bx,
            y: by + size * 0.1,
            'text-anchor': 'middle',
            'font-size': size * 0.3,
            'font-weight': 'bold',
            fill: '#ffffff',
          },
          String(stack.length),
        ),
      );
    }
    if (showCoords) {
      tile += text(
        {
          class: 'coord',
          x: p.x,
          y: p.y + size * 0.68,
          'text-anchor': 'middle',
          'font-size': size * 0.24,
          fill: top[0] === 'w' ? '#777777' : '#aaaaaa',
        },
        `${q},${r}`,
      );
    }
    tiles.push(tile);
  }
  body.push(el('g', { class: 'board' }, ...tiles));

  const targets: string[] = [];
  const seen = new Set<string>();
  for (const h of highlight) {
    const key = `${h.q},${h.r}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const p = toPixel(h, size);
    targets.push(
      el(
        'g',
        { class: 'target', 'data-q': h.q, 'data-r': h.r },
        el('polygon', {
          points: points(corners(p.x, p.y, size * 0.9)),
          fill: '#2ecc71',
          'fill-opacity': 0.35,
          stroke: '#1e8449',
          'stroke-width': size * 0.06,
          'stroke-dasharray': `${num(size * 0.2)} ${num(size * 0.1)}`,
        }),
        showCoords
          ? text(
              {
                x: p.x,
                y: p.y + size * 0.1,
                'text-anchor': 'middle',
                'font-size': size * 0.28,
                fill: '#1e5631',
              },
              key,
            )
          : '',
      ),
    );
  }
  body.push(el('g', { class: 'targets' }, ...targets));

  let width = maxX - minX;
  let height = maxY - minY;
  if (showHand) {
    const hs = size * 0.62;
    const rowH = hs * 2.3;
    const labelW = size * 2.4;
    let y = maxY + hs;
    let rowWidth = 0;
    for (const colour of ['w', 'b'] as const) {
      const pieces = piecesInHand(state, colour);
      const items: string[] = [
        text(
          { x: minX + pad, y: y + hs * 0.3, 'font-size': size * 0.4 },
          colour === 'w' ? 'White' : 'Black',
        ),
      ];
      pieces.forEach((name, i) => {
        const cx = minX + pad + labelW + i * hs * 1.9;
        items.push(
          pieceTile(
            name,
            cx,
            y,
            hs,
            'hand-piece',
            {},
            `${describe(name)} in hand`,
            options.selected === name,
            style,
          ),
        );
      });
      rowWidth = Math.max(rowWidth, pad + labelW + pieces.length * hs * 1.9 + pad);
      body.push(el('g', { class: 'hand', 'data-colour': colour }, ...items));
      y += rowH;
    }
    width = Math.max(width, rowWidth);
    height = y - hs - minY + pad;
  }
  // Room for the status line (about 0.6 em per character), which fan-bug game types make long.
  if (showStatus) width = Math.max(width, pad * 2 + status.length * size * 0.45 * 0.6);
  return svgDocument(
    minX,
    minY,
    Math.ceil(width),
    Math.ceil(height),
    `Hive position: ${turnString(state)}`,
    body,
  );
}

/** Options of {@link renderPiece}. */
export interface HivePieceOptions {
  /** Hex circumradius in pixels, in (0, 10000]. Default 28. */
  readonly size?: number;
  /** Draw the bug (`'bugs'`, default) or its letter (`'letters'`), as {@link HiveRenderOptions.pieces}. */
  readonly pieces?: HivePieceStyle;
  /** Outline the tile as selected. Default `false`. */
  readonly selected?: boolean;
}

const PIECE_CHECKS: Readonly<Record<keyof HivePieceOptions, OptionCheck>> = {
  size: RENDER_CHECKS.size,
  pieces: OPTION_CHECKS.pieces,
  selected: RENDER_CHECKS.flag,
};

/**
 * Draws one piece tile, as {@link render} draws it on the board, as an SVG document of its own
 * (a string): for a piece outside the picture, such as a button for a piece in hand.
 * `piece` is a UHP piece name (`'wQ'`, `'bA2'`, `'wT1'`); anything else is a
 * `RulesError('PARSE_ERROR')`.
 *
 * ```ts
 * import { renderPiece } from 'boardrules/hive/render';
 * const button = `<button>${renderPiece('wA1', { size: 20 })}</button>`;
 * ```
 */
export function renderPiece(piece: string, given: HivePieceOptions = {}): string {
  if (typeof piece !== 'string' || pieceFromName(piece) < 0) {
    throw new RulesError('PARSE_ERROR', `not a Hive piece name: ${quote(piece)}`);
  }
  const name = pieceName(pieceFromName(piece));
  const options = readRenderOptions('hive renderPiece', given, PIECE_CHECKS) as HivePieceOptions;
  const size = options.size ?? 28;
  // A pointy-top hex: √3·r wide, 2·r high.
  const w = Math.sqrt(3) * size;
  return svgDocument(-w / 2, -size, Math.ceil(w), Math.ceil(2 * size), describe(name), [
    pieceTile(
      name,
      0,
      0,
      size,
      'piece',
      {},
      describe(name),
      options.selected ?? false,
      options.pieces ?? 'bugs',
    ),
  ]);
}
