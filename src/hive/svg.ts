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
import type { OptionCheck } from '../core/options.js';
import {
  el,
  num,
  points,
  RENDER_CHECKS,
  readRenderOptions,
  svgDocument,
  text,
} from '../core/svg.js';
import { type Hex, KEY_LIMIT, toPixel } from '../geometry/hex.js';
import { readBoardArg, readBoardOptions, readPieces } from './board-field.js';
import { gameSetup, inGameTable, PIECES, pieceName, SLOTS } from './engine/pieces.js';
import type { HiveBoard } from './from-board.js';
import { gameStateString, turnString, undoPlies } from './game-string.js';
import { formatTurnString } from './notation.js';
import { piecesInHand, piecesOnBoard, placeOf, stackAt } from './queries.js';
import {
  corners,
  describe,
  type HivePieceStyle,
  PIECE_STYLE_CHECK,
  pieceTile,
} from './svg-piece.js';
import type { HiveState } from './types.js';

export { type HivePieceOptions, type HivePieceStyle, renderPiece } from './svg-piece.js';

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
  pieces: PIECE_STYLE_CHECK,
  status: RENDER_CHECKS.flag,
};

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
  const turn = turnString(state);
  const stacks = new Map<string, { q: number; r: number; stack: string[] }>();
  for (const p of piecesOnBoard(state)) {
    const key = `${p.q},${p.r}`;
    if (!stacks.has(key)) stacks.set(key, { q: p.q, r: p.r, stack: stackAt(state, p.q, p.r) });
  }
  return draw(
    {
      status: `${state.type} · ${stateString} · ${turn}`,
      turn,
      stacks: [...stacks.values()],
      hands: [piecesInHand(state, 'w'), piecesInHand(state, 'b')],
      lastMove: (options.lastMove ?? true) ? lastMoveOf(state) : null,
    },
    options,
  );
}

/**
 * Draws a placement that need not be a legal position, as a setup board shows one while it is
 * being built: the pieces of {@link HiveBoard} on their hexes (a hex's stack by `level`), the
 * rest of the game type's pieces in hand, and `Setup` with the side to move in the status line.
 * Only the shape is checked: every piece must be a piece of the game type, once
 * (`RulesError('INVALID_STATE')`, H-SETUP-2, as `fromBoard` says), and a board of the wrong
 * shape is `INVALID_ARGUMENT`. `hive.fromBoard` says whether the rules accept the position.
 */
export function renderBoard(board: HiveBoard, given: HiveRenderOptions = {}): string {
  const raw = readBoardArg('renderBoard', board);
  const options = readRenderOptions('hive render', given, OPTION_CHECKS) as HiveRenderOptions;
  const resolved = readBoardOptions('renderBoard', board as unknown as Record<string, unknown>);
  const setup = gameSetup(resolved.type);
  const inGame = inGameTable(setup.mask, setup.roster);
  const list = readPieces(raw, resolved, inGame, 'renderBoard', 'INVALID_ARGUMENT');
  const stacks = new Map<string, { q: number; r: number; stack: string[] }>();
  for (const p of [...list].sort((a, b) => a.level - b.level)) {
    const key = `${p.q},${p.r}`;
    const at = stacks.get(key);
    if (at === undefined) stacks.set(key, { q: p.q, r: p.r, stack: [pieceName(p.piece)] });
    else at.stack.push(pieceName(p.piece));
  }
  const hands: [string[], string[]] = [[], []];
  const onBoard = new Set(list.map((p) => p.piece));
  for (let p = 0; p < PIECES; p++) {
    if (inGame[p] && !onBoard.has(p)) hands[p < SLOTS ? 0 : 1].push(pieceName(p));
  }
  const turn =
    raw.turn === null
      ? raw.colour === 0
        ? 'White'
        : 'Black'
      : formatTurnString({ colour: raw.colour, turn: raw.turn });
  return draw(
    {
      status: `${resolved.type} · Setup · ${turn}`,
      turn,
      stacks: [...stacks.values()],
      hands,
      lastMove: null,
    },
    options,
  );
}

/** What a picture shows, from a state or from a placement. */
interface Picture {
  /** The status line. */
  readonly status: string;
  /** The side to move (and turn), for the picture's title. */
  readonly turn: string;
  /** Each occupied hex's stack, bottom to top. */
  readonly stacks: readonly {
    readonly q: number;
    readonly r: number;
    readonly stack: readonly string[];
  }[];
  /** White's and Black's pieces in hand. */
  readonly hands: readonly [readonly string[], readonly string[]];
  readonly lastMove: { piece: string; from: Hex | null; to: Hex } | null;
}

/** Draws a picture (see {@link render}). */
function draw(picture: Picture, options: HiveRenderOptions): string {
  const { status, lastMove } = picture;
  const size = options.size ?? 28;
  const showCoords = options.coordinates ?? false;
  const highlight = options.highlight ?? [];
  const showHand = options.hand ?? true;
  const style = options.pieces ?? 'bugs';

  // One entry per occupied hex, in a stable order (by r, then q).
  const occupied = [...picture.stacks].sort((a, b) => a.r - b.r || a.q - b.q);

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
  for (const { q, r, stack } of occupied) {
    const top = stack[stack.length - 1] as string;
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
      const pieces = picture.hands[colour === 'w' ? 0 : 1];
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
    `Hive position: ${picture.turn}`,
    body,
  );
}
