/**
 * SVG pictures of Torres positions: {@link render} draws the 8×8 building area (T-GEO-1) with
 * each square's block height, every castle outlined (a maximal orthogonally connected group of
 * built squares), the knights in their seat's colour with the level they stand on, the king,
 * and a panel with the score track, phase, AP and each seat's supplies. The output is a
 * deterministic string (no DOM).
 *
 * ```ts
 * import { torres } from 'boardrules/torres';
 * import { render } from 'boardrules/torres/render';
 * const svg = render(torres.start({ players: 3, seed: 7 }), { coordinates: true });
 * ```
 *
 * Squares carry `data-square` (`'c4'`) so an interface can map clicks back to squares.
 *
 * @module boardrules/torres/render
 */
import type { OptionCheck } from '../core/options.js';
import {
  el,
  points,
  RENDER_CHECKS,
  readRenderOptions,
  svgDocument,
  text,
  title,
} from '../core/svg.js';
import { labelRegions, makeRegions } from '../geometry/grid.js';
import { GRID, squareName } from './engine/board.js';
import { checkState } from './state.js';
import type { TorresState } from './types.js';

/**
 * Options of {@link render}. All are optional; an unknown name or a bad value is a
 * `RulesError('INVALID_OPTIONS')`.
 */
export interface TorresRenderOptions {
  /** Side of a square in pixels, in (0, 10000]. Default 44. */
  readonly size?: number;
  /** Write the files a–h and ranks 1–8 around the board. Default `true`. */
  readonly coordinates?: boolean;
  /** Squares to highlight as destinations (names such as `'c4'`). */
  readonly highlight?: readonly string[];
  /** A square to outline as selected. */
  readonly selected?: string;
  /** Draw the side panel (score track, phase, AP, supplies). Default `true`. */
  readonly panel?: boolean;
}

const SQUARE = RENDER_CHECKS.textLike(/^[a-h][1-8]$/, "a square name a1..h8 such as 'c4'");

const OPTION_CHECKS: Readonly<Record<keyof TorresRenderOptions, OptionCheck>> = {
  size: RENDER_CHECKS.size,
  coordinates: RENDER_CHECKS.flag,
  highlight: RENDER_CHECKS.listOf(SQUARE, 'square names a1..h8'),
  selected: SQUARE,
  panel: RENDER_CHECKS.flag,
};

/** The seats' colours (seat 0..3) and their names in tooltips. */
export const SEAT_COLOURS: readonly string[] = ['#c0392b', '#2471a3', '#d4ac0d', '#239b56'];
const SEAT_NAMES = ['red', 'blue', 'yellow', 'green'];

/** Block colours by height, ground first; heights past the table use its last entry. */
const HEIGHT_FILLS = [
  '#efe6cc',
  '#cdbfa0',
  '#b4a380',
  '#9a8866',
  '#806f50',
  '#68593f',
  '#514531',
  '#3d3425',
];

/**
 * Draws a Torres position as an SVG document (a string): rank 8 at the top, file a on the left.
 * Each built square shows its height in its corner; castles are outlined in dark lines; a
 * knight is a disc of its seat's colour showing the level it stands on; the king is a gold disc.
 *
 * Deterministic: the same state and options always give the same string.
 */
export function render(state: TorresState, given: TorresRenderOptions = {}): string {
  checkState(state, 'render');
  const options = readRenderOptions('torres render', given, OPTION_CHECKS) as TorresRenderOptions;
  const size = options.size ?? 44;
  const coords = options.coordinates ?? true;
  const highlight = new Set(options.highlight ?? []);
  const showPanel = options.panel ?? true;
  const margin = coords ? size * 0.6 : size * 0.15;
  const x0 = margin;
  const y0 = size * 0.15;
  const sx = (i: number): number => x0 + (i & 7) * size;
  const sy = (i: number): number => y0 + (7 - (i >> 3)) * size; // rank 8 on top

  const heights = state.heights;
  const regions = labelRegions(GRID, heights, makeRegions(GRID));

  const cells: string[] = [];
  const walls: string[] = [];
  const pieces: string[] = [];
  const marks: string[] = [];
  for (let i = 0; i < 64; i++) {
    const name = squareName(i);
    const h = heights[i];
    const x = sx(i);
    const y = sy(i);
    const occupant = state.pieces[i];
    const who =
      occupant === null || occupant === undefined
        ? ''
        : occupant === 'K'
          ? ', the king'
          : `, a ${SEAT_NAMES[occupant] ?? `seat ${occupant}`} knight`;
    cells.push(
      el(
        'g',
        { class: 'square', 'data-square': name, 'data-height': h },
        title(`${name}: height ${h}${who}`),
        el('rect', {
          x,
          y,
          width: size,
          height: size,
          fill: HEIGHT_FILLS[Math.min(h, HEIGHT_FILLS.length - 1)],
          stroke: '#d9cfb4',
          'stroke-width': size * 0.02,
        }),
        h > 0
          ? text(
              {
                class: 'height',
                x: x + size * 0.1,
                y: y + size * 0.3,
                'font-size': size * 0.24,
                'font-weight': 'bold',
                fill: h >= 4 ? '#f3ecd8' : '#3d3425',
              },
              String(h),
            )
          : '',
      ),
    );
    // Castle walls: every side of a built square that does not face the same castle.
    const label = regions.labels[i];
    if (label >= 0) {
      const col = i & 7;
      const row = i >> 3;
      const same = (c: number, r: number): boolean =>
        c >= 0 && c < 8 && r >= 0 && r < 8 && regions.labels[8 * r + c] === label;
      const wall = (x1: number, y1: number, x2: number, y2: number): void => {
        walls.push(el('line', { x1, y1, x2, y2, stroke: '#1f1a12', 'stroke-width': size * 0.07 }));
      };
      if (!same(col - 1, row)) wall(x, y, x, y + size);
      if (!same(col + 1, row)) wall(x + size, y, x + size, y + size);
      if (!same(col, row + 1)) wall(x, y, x + size, y); // the rank above is drawn higher
      if (!same(col, row - 1)) wall(x, y + size, x + size, y + size);
    }
    const cx = x + size / 2;
    const cy = y + size / 2 + size * 0.05;
    if (occupant === 'K') {
      const r = size * 0.3;
      pieces.push(
        el(
          'g',
          { class: 'king', 'data-square': name },
          el('circle', {
            cx,
            cy,
            r,
            fill: '#f1c40f',
            stroke: '#7d6608',
            'stroke-width': size * 0.05,
          }),
          el('polygon', {
            points: points([
              { x: cx - r * 0.6, y: cy + r * 0.35 },
              { x: cx - r * 0.6, y: cy - r * 0.35 },
              { x: cx - r * 0.3, y: cy },
              { x: cx, y: cy - r * 0.5 },
              { x: cx + r * 0.3, y: cy },
              { x: cx + r * 0.6, y: cy - r * 0.35 },
              { x: cx + r * 0.6, y: cy + r * 0.35 },
            ]),
            fill: '#7d6608',
          }),
        ),
      );
    } else if (typeof occupant === 'number') {
      pieces.push(
        el(
          'g',
          { class: 'knight', 'data-square': name, 'data-seat': occupant, 'data-level': h },
          el('circle', {
            cx,
            cy,
            r: size * 0.3,
            fill: SEAT_COLOURS[occupant] ?? '#888888',
            stroke: options.selected === name ? '#ffffff' : '#111111',
            'stroke-width': options.selected === name ? size * 0.1 : size * 0.04,
          }),
          text(
            {
              x: cx,
              y: cy + size * 0.1,
              'text-anchor': 'middle',
              'font-size': size * 0.28,
              'font-weight': 'bold',
              fill: '#ffffff',
            },
            String(h),
          ),
        ),
      );
    }
    if (options.selected === name && typeof occupant !== 'number') {
      marks.push(
        el('rect', {
          class: 'selected',
          'data-square': name,
          x: x + size * 0.04,
          y: y + size * 0.04,
          width: size * 0.92,
          height: size * 0.92,
          fill: 'none',
          stroke: '#e67e22',
          'stroke-width': size * 0.08,
        }),
      );
    }
    if (highlight.has(name)) {
      // A disc where a knight would stand, clear of the height in the corner (which a player
      // needs to see to judge the climb).
      marks.push(
        el('circle', {
          class: 'target',
          'data-square': name,
          cx,
          cy,
          r: size * 0.27,
          fill: '#2ecc71',
          'fill-opacity': 0.55,
          stroke: '#1e8449',
          'stroke-width': size * 0.05,
        }),
      );
    }
  }

  const body: string[] = [
    el('g', { class: 'board' }, ...cells),
    el('g', { class: 'castles', 'data-count': regions.count }, ...walls),
    el('g', { class: 'pieces' }, ...pieces),
    el('g', { class: 'marks' }, ...marks),
  ];
  if (coords) {
    const labels: string[] = [];
    for (let k = 0; k < 8; k++) {
      labels.push(
        text(
          {
            x: x0 + k * size + size / 2,
            y: y0 + 8 * size + size * 0.42,
            'text-anchor': 'middle',
            'font-size': size * 0.28,
          },
          'abcdefgh'[k],
        ),
        text(
          {
            x: x0 - size * 0.3,
            y: y0 + (7 - k) * size + size * 0.6,
            'text-anchor': 'middle',
            'font-size': size * 0.28,
          },
          String(k + 1),
        ),
      );
    }
    body.push(el('g', { class: 'coords' }, ...labels));
  }

  const boardW = x0 + 8 * size + size * 0.15;
  const boardH = y0 + 8 * size + (coords ? size * 0.6 : size * 0.15);
  let width = boardW;
  if (showPanel) {
    const px = boardW + size * 0.3;
    const pw = size * 4.6;
    const panel: string[] = [];
    let py = y0 + size * 0.4;
    const line = (content: string, bold = false): void => {
      panel.push(
        text(
          {
            x: px,
            y: py,
            'font-size': size * 0.3,
            'font-weight': bold ? 'bold' : undefined,
          },
          content,
        ),
      );
      py += size * 0.42;
    };
    if (state.step === 'over') {
      // T-END-3: the highest score wins (several seats only when tied).
      const best = Math.max(...state.seats.map((s) => s.score));
      const names = state.seats.flatMap((s, p) => (s.score === best ? [SEAT_NAMES[p]] : []));
      line(`Game over: ${names.join(' and ')} ${names.length > 1 ? 'win' : 'wins'}`, true);
    } else line(`Phase ${state.phase} · round ${state.round + 1}`, true);
    if (state.step !== 'over') {
      line(`${SEAT_NAMES[state.actor] ?? state.actor} to act: ${state.step}`);
      line(`AP ${state.turn.apUsed}/${state.turn.apLimit} · supply ${state.supply}`);
    }
    py += size * 0.2;
    // Score track: one bar per seat on a common scale.
    const top = Math.max(20, ...state.seats.map((s) => s.score));
    const trackW = pw - size * 0.2;
    state.seats.forEach((seat, p) => {
      const colour = SEAT_COLOURS[p] ?? '#888888';
      panel.push(
        el(
          'g',
          { class: 'score', 'data-seat': p, 'data-score': seat.score },
          title(`${SEAT_NAMES[p]}: ${seat.score} points`),
          el('rect', {
            x: px,
            y: py - size * 0.25,
            width: trackW,
            height: size * 0.3,
            fill: '#eeeeee',
            stroke: '#bbbbbb',
            'stroke-width': size * 0.02,
          }),
          el('rect', {
            x: px,
            y: py - size * 0.25,
            width: (trackW * seat.score) / top,
            height: size * 0.3,
            fill: colour,
          }),
          text(
            { x: px + size * 0.08, y: py - size * 0.02, 'font-size': size * 0.24 },
            `${SEAT_NAMES[p]} ${seat.score}`,
          ),
        ),
      );
      py += size * 0.42;
      panel.push(
        text(
          { x: px, y: py, 'font-size': size * 0.22, fill: '#555555' },
          `knights off ${seat.knightsOff} · stacks ${seat.stacks.join(' ') || '–'}${seat.carry > 0 ? ` · carry ${seat.carry}` : ''} · cards ${seat.hand.length}`,
        ),
      );
      py += size * 0.5;
    });
    body.push(el('g', { class: 'panel' }, ...panel));
    width = px + pw;
  }
  return svgDocument(
    0,
    0,
    Math.ceil(width),
    Math.ceil(boardH),
    `Torres position: ${state.step === 'over' ? 'game over' : `phase ${state.phase}, ${state.step}`}`,
    body,
  );
}
