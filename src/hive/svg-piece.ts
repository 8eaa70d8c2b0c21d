/**
 * One Hive piece tile as the pictures draw it: the bug's picture (bugs.ts) or its letter, in
 * its colours, on a white or black hex. {@link render} draws the board's tiles with it, and
 * {@link renderPiece} draws one tile on its own (a button for a piece in hand).
 *
 * @module
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
import { BUG_PICTURES, type BugPart } from './bugs.js';
import { pieceFromName, pieceName } from './engine/pieces.js';

/** How `HiveRenderOptions.pieces` shows a piece's bug. */
export type HivePieceStyle = 'bugs' | 'letters';

/** The check of a piece-style option. */
export const PIECE_STYLE_CHECK: OptionCheck = (v) =>
  v === 'bugs' || v === 'letters' ? undefined : "'bugs' or 'letters'";

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
export function corners(cx: number, cy: number, r: number): { x: number; y: number }[] {
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
export function pieceTile(
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
export function num4(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/** A piece's name in words, with its UHP name: `White Soldier Ant 1 (wA1)`. */
export function describe(name: string): string {
  const colour = name[0] === 'w' ? 'White' : 'Black';
  return `${colour} ${BUG_NAMES[name[1]] ?? name[1]}${name.length > 2 ? ` ${name.slice(2)}` : ''} (${name})`;
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
  pieces: PIECE_STYLE_CHECK,
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
