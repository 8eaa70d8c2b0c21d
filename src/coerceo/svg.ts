/**
 * SVG pictures of Coerceo positions: {@link render} draws the hexagonal tiles cut into their
 * six triangular fields (C-BOARD-1..3), the pieces, the removed tiles as dashed outlines, the
 * tiles each side holds and who is to move. The output is a deterministic string (no DOM).
 *
 * ```ts
 * import { coerceo } from 'boardrules/coerceo';
 * import { render } from 'boardrules/coerceo/render';
 * const svg = render(coerceo.start(), { coordinates: true });
 * ```
 *
 * Fields carry `data-field` (`'c3a'`), tiles `data-tile` (`'c3'`), so an interface can map
 * clicks back to fields.
 *
 * @module boardrules/coerceo/render
 */
import type { OptionCheck } from '../core/options.js';
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
import { fieldCorners, tileCorner } from '../geometry/triangle.js';
import {
  FULL_TILES,
  fieldByName,
  fieldName,
  INNER_TILES,
  TILE_COUNT,
  TILE_NAMES,
  TILE_X,
  TILE_Y,
} from './engine/board.js';
import { outcome, pieceAt, sideToMove } from './queries.js';
import { checkState } from './state.js';
import type { CoerceoMove, CoerceoState } from './types.js';

/**
 * Options of {@link render}. All are optional; an unknown name or a bad value is a
 * `RulesError('INVALID_OPTIONS')`.
 */
export interface CoerceoRenderOptions {
  /** Tile circumradius in pixels (= a field's side), in (0, 10000]. Default 40. */
  readonly size?: number;
  /** Write every field's name (`c3a`) in it. Default `false`. */
  readonly coordinates?: boolean;
  /** Fields to highlight as destinations (names such as `'c3a'`). */
  readonly highlight?: readonly string[];
  /** A field to outline as selected (e.g. the piece about to move). */
  readonly selected?: string;
  /** The last move, marked on the board (states do not always remember it). */
  readonly lastMove?: CoerceoMove;
  /**
   * Draw removed tiles as dashed outlines. Default `true`. Only tiles that were on the board are
   * drawn so: the 12 outer tiles an Ocius game never has are not drawn at all.
   */
  readonly removedTiles?: boolean;
  /**
   * Draw the panel beside the board: the side to move (or the result) and the tiles each side
   * holds. Default `true`. An app that shows these in its own text turns it off, and the board
   * then fills the whole picture.
   */
  readonly panel?: boolean;
}

/** A field name of the full board, e.g. `c3a`. */
const isFieldName = (v: unknown): boolean => typeof v === 'string' && fieldByName(v) >= 0;

const OPTION_CHECKS: Readonly<Record<keyof CoerceoRenderOptions, OptionCheck>> = {
  size: RENDER_CHECKS.size,
  coordinates: RENDER_CHECKS.flag,
  highlight: RENDER_CHECKS.listOf(
    (v) => (isFieldName(v) ? undefined : 'a field name'),
    "field names such as 'c3a'",
  ),
  selected: (v) => (isFieldName(v) ? undefined : "a field name such as 'c3a'"),
  lastMove: (v) => {
    const m = v as Partial<Record<string, unknown>> | null;
    const ok =
      m !== null &&
      typeof m === 'object' &&
      ((m.kind === 'step' && isFieldName(m.from) && isFieldName(m.to)) ||
        (m.kind === 'exchange' && isFieldName(m.target)));
    return ok ? undefined : 'a Coerceo move (a step or an exchange between field names)';
  },
  removedTiles: RENDER_CHECKS.flag,
  panel: RENDER_CHECKS.flag,
};

const LIGHT_FIELD = '#e9e3d3';
const DARK_FIELD = '#8d8d8d';

type P = { x: number; y: number };

/** Screen point of a triangle-geometry point (its y axis points up; SVG's down). */
function flip(p: P): P {
  return { x: p.x, y: -p.y };
}

function centroid(ps: readonly P[]): P {
  let x = 0;
  let y = 0;
  for (const p of ps) {
    x += p.x;
    y += p.y;
  }
  return { x: x / ps.length, y: y / ps.length };
}

/** The triangle `ps` shrunk towards its centroid by `k`. */
function shrink(ps: readonly P[], k: number): P[] {
  const c = centroid(ps);
  return ps.map((p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k }));
}

/** A field's three screen corners (tile centre, `V_f`, `V_{f+1}`) for field id `6t + l`. */
function fieldTriangle(t: number, l: number, size: number): P[] {
  const f = 5 - l; // C-BOARD-7: letter a..f is geometric field 5..0
  return fieldCorners({ x: TILE_X[t], y: TILE_Y[t], f }, size).map(flip);
}

function tileOutline(t: number, size: number): P[] {
  const out: P[] = [];
  for (let k = 0; k < 6; k++) {
    out.push(flip(tileCorner(TILE_X[t], TILE_Y[t], k, size)));
  }
  return out;
}

/** Tiles held are drawn this many to a row. */
const HELD_PER_ROW = 6;

/**
 * The side panel right of `x0`: the side to move (or the result) and the tiles each side holds,
 * appended to `body`. Returns its width.
 */
function drawPanel(
  state: CoerceoState,
  body: string[],
  x0: number,
  y0: number,
  size: number,
): number {
  const px = x0 + size * 0.2;
  let py = y0 + size * 0.8;
  const panel: string[] = [];
  const result = outcome(state);
  const status =
    result === null
      ? `${sideToMove(state) === 'white' ? 'White' : 'Black'} to move`
      : result.winner === null
        ? `Draw (${result.reason})`
        : `${result.winner === 'white' ? 'White' : 'Black'} wins (${result.reason})`;
  const statusSize = size * 0.32;
  panel.push(
    text({ class: 'status', x: px, y: py, 'font-size': statusSize, 'font-weight': 'bold' }, status),
  );
  py += size * 0.8;
  for (const [seat, label] of [
    [0, 'White'],
    [1, 'Black'],
  ] as const) {
    const held = state.held[seat];
    panel.push(
      text(
        { x: px, y: py, 'font-size': size * 0.28 },
        `${label} holds ${held} tile${held === 1 ? '' : 's'}`,
      ),
    );
    const icons: string[] = [];
    for (let i = 0; i < held; i++) {
      const c = {
        x: px + size * 0.3 + (i % HELD_PER_ROW) * size * 0.62,
        y: py + size * 0.5 + Math.floor(i / HELD_PER_ROW) * size * 0.6,
      };
      const hex: P[] = [];
      for (let k = 0; k < 6; k++) {
        const a = (k * 60 * Math.PI) / 180;
        hex.push({ x: c.x + size * 0.28 * Math.cos(a), y: c.y + size * 0.28 * Math.sin(a) });
      }
      icons.push(
        el('polygon', {
          points: points(hex),
          fill: seat === 0 ? '#ffffff' : '#1b1b1b',
          stroke: '#3d372d',
          'stroke-width': size * 0.03,
        }),
      );
    }
    panel.push(
      el('g', { class: 'held', 'data-colour': label.toLowerCase(), 'data-count': held }, ...icons),
    );
    py += size * 1.3 + Math.floor(Math.max(0, held - 1) / HELD_PER_ROW) * size * 0.6;
  }
  body.push(el('g', { class: 'panel' }, ...panel));
  // Wide enough for the status (about 0.6 em per character): a result with its reason
  // ('White wins (insufficient-material)') is longer than the panel's usual width.
  return Math.max(size * 4.2, size * 0.4 + status.length * statusSize * 0.6);
}

/**
 * Draws a Coerceo position as an SVG document (a string): the board in the orientation of the
 * notation (file a on the left, rank 1 at the bottom of each file), light (White, a/c/e) and
 * dark (Black, b/d/f) fields, pieces as inset triangles, removed tiles dashed, and beside the
 * board the tiles each side holds and the side to move (or the result).
 *
 * Deterministic: the same state and options always give the same string.
 */
export function render(state: CoerceoState, given: CoerceoRenderOptions = {}): string {
  checkState(state, 'render');
  const options = readRenderOptions('coerceo render', given, OPTION_CHECKS) as CoerceoRenderOptions;
  const size = options.size ?? 40;
  const showCoords = options.coordinates ?? false;
  const highlight = new Set(options.highlight ?? []);
  const showRemoved = options.removedTiles ?? true;
  const last = options.lastMove;
  const lastFields = new Set<string>();
  if (last?.kind === 'step') {
    lastFields.add(last.from);
    lastFields.add(last.to);
  } else if (last?.kind === 'exchange') lastFields.add(last.target);

  // The tiles the game starts with fix the picture's extent, so pictures of one game line up:
  // the full 19-tile board, or Ocius' 7 (C-VARIANT-OCIUS-1), whose outer tiles are never on the
  // board (so never "removed"). Tile centres lie 1.5·size apart per file (x = ±3·size for the
  // full board, ±1.5·size for Ocius), plus a corner radius each side. A custom layout ('C')
  // does not say which tiles it started with: it is drawn as the full board.
  const ocius = state.layout === 'O' && (state.tiles & ~INNER_TILES) === 0;
  const startTiles = ocius ? INNER_TILES : FULL_TILES;
  const w = size * (ocius ? 5 : 8);
  const h = Math.sqrt(3) * size * (ocius ? 3 : 5);
  const minX = -w / 2 - size * 0.3;
  const minY = -h / 2 - size * 0.3;
  const boardW = w + size * 0.6;

  const body: string[] = [];
  const removed: string[] = [];
  const tiles: string[] = [];
  const pieces: string[] = [];
  const marks: string[] = [];
  for (let t = 0; t < TILE_COUNT; t++) {
    const name = TILE_NAMES[t];
    const present = ((state.tiles >> t) & 1) === 1;
    if (!present) {
      if (showRemoved && (startTiles >> t) & 1) {
        removed.push(
          el(
            'polygon',
            {
              class: 'removed-tile',
              'data-tile': name,
              points: points(tileOutline(t, size * 0.96)),
              fill: 'none',
              stroke: '#b5ad98',
              'stroke-width': size * 0.03,
              'stroke-dasharray': `${num(size * 0.1)} ${num(size * 0.08)}`,
            },
            title(`tile ${name} (removed)`),
          ),
        );
      }
      continue;
    }
    const fields: string[] = [];
    for (let l = 0; l < 6; l++) {
      const field = fieldName(6 * t + l);
      const tri = fieldTriangle(t, l, size);
      const white = l % 2 === 0; // C-BOARD-2: a, c, e are White's fields
      fields.push(
        el(
          'polygon',
          {
            class: 'field',
            'data-field': field,
            points: points(tri),
            fill: white ? LIGHT_FIELD : DARK_FIELD,
            stroke: '#5b5347',
            'stroke-width': size * 0.02,
          },
          title(`field ${field}`),
        ),
      );
      if (showCoords) {
        const c = centroid(tri);
        fields.push(
          text(
            {
              class: 'coord',
              x: c.x,
              y: c.y + (l % 2 === 0 ? size * 0.12 : size * 0.02),
              'text-anchor': 'middle',
              'font-size': size * 0.17,
              fill: white ? '#7a725f' : '#dddddd',
            },
            field,
          ),
        );
      }
      const colour = pieceAt(state, field);
      if (colour !== null) {
        pieces.push(
          el(
            'polygon',
            {
              class: 'piece',
              'data-field': field,
              'data-colour': colour,
              points: points(shrink(tri, 0.58)),
              fill: colour === 'white' ? '#ffffff' : '#1b1b1b',
              stroke: options.selected === field ? '#e67e22' : '#000000',
              'stroke-width': options.selected === field ? size * 0.08 : size * 0.03,
              'stroke-linejoin': 'round',
            },
            title(`${colour} piece on ${field}`),
          ),
        );
      }
      if (lastFields.has(field)) {
        marks.push(
          el('polygon', {
            class: 'last-move',
            'data-field': field,
            points: points(shrink(tri, 0.82)),
            fill: 'none',
            stroke: '#e0a800',
            'stroke-width': size * 0.06,
          }),
        );
      }
      if (highlight.has(field)) {
        const c = centroid(tri);
        marks.push(
          el('circle', {
            class: 'target',
            'data-field': field,
            cx: c.x,
            cy: c.y,
            r: size * 0.13,
            fill: '#2ecc71',
            stroke: '#1e8449',
            'stroke-width': size * 0.03,
          }),
        );
      }
    }
    tiles.push(
      el(
        'g',
        { class: 'tile', 'data-tile': name },
        ...fields,
        el('polygon', {
          points: points(tileOutline(t, size)),
          fill: 'none',
          stroke: '#3d372d',
          'stroke-width': size * 0.06,
        }),
      ),
    );
  }
  body.push(el('g', { class: 'removed' }, ...removed));
  body.push(el('g', { class: 'board' }, ...tiles));
  body.push(el('g', { class: 'pieces' }, ...pieces));
  body.push(el('g', { class: 'marks' }, ...marks));

  const result = outcome(state);
  const panelW = (options.panel ?? true) ? drawPanel(state, body, minX + boardW, minY, size) : 0;
  return svgDocument(
    minX,
    minY,
    Math.ceil(boardW + panelW),
    Math.ceil(h + size * 0.6),
    `Coerceo position: ${result === null ? `${sideToMove(state)} to move` : 'game over'}`,
    body,
  );
}
