/**
 * Rectangular grids with a height per cell (Torres' 8×8 building area, or any width × height).
 *
 * Cells are indexed row by row: `index = y * width + x`, with `x` the column and `y` the row.
 * Neighbour lists are precomputed once per grid as flat typed arrays, so move generators can
 * walk them without allocating. A *region* is a maximal orthogonally connected set of cells
 * whose height is non-zero (a Torres castle).
 *
 * @module
 */
import { badArgument, integerArg } from '../core/args.js';

/** A rectangular grid's shape with precomputed neighbour tables. Build it with {@link makeGrid}. */
export interface Grid {
  /** Number of columns. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
  /** Number of cells, `width * height`. */
  readonly size: number;
  /**
   * Orthogonal neighbours: cell `i` has `orthCount[i]` of them at
   * `orth[4 * i] .. orth[4 * i + orthCount[i] - 1]`, in ascending index order.
   */
  readonly orth: Int16Array;
  /** How many orthogonal neighbours each cell has (2 in a corner, 4 inside). */
  readonly orthCount: Uint8Array;
  /** Diagonal neighbours, laid out like {@link Grid.orth} (ascending index order). */
  readonly diag: Int16Array;
  /** How many diagonal neighbours each cell has. */
  readonly diagCount: Uint8Array;
}

/** Largest number of cells of a grid (its tables are allocated up front). */
export const MAX_GRID_CELLS: number = 1 << 20;

/**
 * Builds a grid of `width` × `height` cells (both positive integers, at most
 * {@link MAX_GRID_CELLS} cells). Throws `RulesError('INVALID_ARGUMENT')` otherwise.
 */
export function makeGrid(width: number, height: number): Grid {
  integerArg('grid.makeGrid', 'the width', width, 1, MAX_GRID_CELLS);
  integerArg('grid.makeGrid', 'the height', height, 1, MAX_GRID_CELLS);
  if (width * height > MAX_GRID_CELLS) {
    badArgument(
      'grid.makeGrid',
      'width × height',
      `at most ${MAX_GRID_CELLS} cells`,
      width * height,
    );
  }
  const size = width * height;
  const orth = new Int16Array(size * 4).fill(-1);
  const diag = new Int16Array(size * 4).fill(-1);
  const orthCount = new Uint8Array(size);
  const diagCount = new Uint8Array(size);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      for (const [dx, dy] of ORTH_DIRS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) {
          orth[4 * i + orthCount[i]] = ny * width + nx;
          orthCount[i] = orthCount[i] + 1;
        }
      }
      for (const [dx, dy] of DIAG_DIRS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) {
          diag[4 * i + diagCount[i]] = ny * width + nx;
          diagCount[i] = diagCount[i] + 1;
        }
      }
    }
  }
  return { width, height, size, orth, orthCount, diag, diagCount };
}

/** The four orthogonal unit steps `[dx, dy]`: −y, −x, +x, +y (so neighbours come in ascending index order). */
export const ORTH_DIRS: readonly (readonly [number, number])[] = [
  [0, -1],
  [-1, 0],
  [1, 0],
  [0, 1],
];

/** The four diagonal unit steps `[dx, dy]`, in ascending index order of the neighbours. */
export const DIAG_DIRS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
];

/**
 * `grid` if it has the shape {@link makeGrid} builds, else `RulesError('INVALID_ARGUMENT')`:
 * every function here checks its grid this way (constant time).
 */
function gridArg(where: string, grid: unknown): Grid {
  const g = grid as Grid;
  if (
    g === null ||
    typeof g !== 'object' ||
    !Number.isInteger(g.width) ||
    !Number.isInteger(g.height) ||
    g.size !== g.width * g.height ||
    !(g.orth instanceof Int16Array) ||
    g.orth.length !== 4 * g.size ||
    !(g.diag instanceof Int16Array) ||
    g.diag.length !== 4 * g.size ||
    !(g.orthCount instanceof Uint8Array) ||
    g.orthCount.length !== g.size ||
    !(g.diagCount instanceof Uint8Array) ||
    g.diagCount.length !== g.size
  ) {
    badArgument(where, 'the grid', 'a grid from makeGrid', grid);
  }
  return g;
}

/** A cell index of `grid`, else `RulesError('INVALID_ARGUMENT')`. */
function cellArg(where: string, grid: Grid, i: unknown): number {
  return integerArg(where, 'the cell', i, 0, grid.size - 1);
}

/**
 * `heights` if it holds a number for every cell of `grid` (a typed array, or an array of
 * numbers), else `RulesError('INVALID_ARGUMENT')`.
 */
function heightsArg(where: string, grid: Grid, heights: unknown): ArrayLike<number> {
  const typed = ArrayBuffer.isView(heights) && !(heights instanceof DataView);
  const ok = typed
    ? (heights as unknown as ArrayLike<number>).length >= grid.size &&
      typeof (heights as unknown as ArrayLike<unknown>)[0] === 'number'
    : Array.isArray(heights) &&
      heights.length >= grid.size &&
      heights.every((h) => typeof h === 'number');
  if (!ok) badArgument(where, 'the heights', `${grid.size} numbers`, heights);
  return heights as ArrayLike<number>;
}

/** True when `(x, y)` lies on the grid. */
export function inBounds(grid: Grid, x: number, y: number): boolean {
  gridArg('grid.inBounds', grid);
  return (
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    x >= 0 &&
    y >= 0 &&
    x < grid.width &&
    y < grid.height
  );
}

/** The cell index of `(x, y)`; throws `RulesError('INVALID_ARGUMENT')` off the grid. */
export function cellIndex(grid: Grid, x: number, y: number): number {
  gridArg('grid.cellIndex', grid);
  integerArg('grid.cellIndex', 'x', x, 0, grid.width - 1);
  integerArg('grid.cellIndex', 'y', y, 0, grid.height - 1);
  return y * grid.width + x;
}

/** The column of cell `i`. */
export function cellX(grid: Grid, i: number): number {
  cellArg('grid.cellX', gridArg('grid.cellX', grid), i);
  return i % grid.width;
}

/** The row of cell `i`. */
export function cellY(grid: Grid, i: number): number {
  cellArg('grid.cellY', gridArg('grid.cellY', grid), i);
  return Math.floor(i / grid.width);
}

/** The orthogonal neighbours of cell `i` as a new array (allocates; prefer {@link Grid.orth}). */
export function orthNeighbours(grid: Grid, i: number): number[] {
  cellArg('grid.orthNeighbours', gridArg('grid.orthNeighbours', grid), i);
  const out: number[] = [];
  for (let k = 0; k < grid.orthCount[i]; k++) out.push(grid.orth[4 * i + k]);
  return out;
}

/** The diagonal neighbours of cell `i` as a new array (allocates; prefer {@link Grid.diag}). */
export function diagNeighbours(grid: Grid, i: number): number[] {
  cellArg('grid.diagNeighbours', gridArg('grid.diagNeighbours', grid), i);
  const out: number[] = [];
  for (let k = 0; k < grid.diagCount[i]; k++) out.push(grid.diag[4 * i + k]);
  return out;
}

/** The result of {@link labelRegions}, in caller-owned (reusable) arrays. */
export interface Regions {
  /** Region id per cell (`0 .. count-1`), or −1 for a cell of height 0. */
  readonly labels: Int16Array;
  /** Number of cells per region id. */
  readonly areas: Int32Array;
  /** Largest height per region id. */
  readonly tops: Int32Array;
  /** Number of regions found by the last {@link labelRegions} call. */
  count: number;
}

/** Allocates reusable buffers for {@link labelRegions} on this grid. */
export function makeRegions(grid: Grid): Regions {
  gridArg('grid.makeRegions', grid);
  return {
    labels: new Int16Array(grid.size),
    areas: new Int32Array(grid.size),
    tops: new Int32Array(grid.size),
    count: 0,
  };
}

/**
 * Labels the maximal orthogonally connected regions of cells with non-zero height, filling
 * `out` (no allocation besides a small scratch stack shared per call). Region ids are given in
 * the order of each region's lowest cell index, so labelling is deterministic. Returns `out`.
 */
export function labelRegions(grid: Grid, heights: ArrayLike<number>, out: Regions): Regions {
  gridArg('grid.labelRegions', grid);
  heightsArg('grid.labelRegions', grid, heights);
  if (
    out === null ||
    typeof out !== 'object' ||
    !(out.labels instanceof Int16Array) ||
    !(out.areas instanceof Int32Array) ||
    !(out.tops instanceof Int32Array) ||
    out.labels.length < grid.size ||
    out.areas.length < grid.size ||
    out.tops.length < grid.size ||
    Object.isFrozen(out)
  ) {
    badArgument('grid.labelRegions', 'out', 'buffers from makeRegions(grid)', out);
  }
  const { labels, areas, tops } = out;
  labels.fill(-1);
  const stack = scratchFor(grid.size);
  let count = 0;
  for (let start = 0; start < grid.size; start++) {
    if (heights[start] <= 0 || labels[start] >= 0) continue;
    const id = count++;
    let area = 0;
    let top = 0;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = id;
    while (sp > 0) {
      const c = stack[--sp];
      area++;
      const h = heights[c];
      if (h > top) top = h;
      const n = grid.orthCount[c];
      for (let k = 0; k < n; k++) {
        const d = grid.orth[4 * c + k];
        if (heights[d] > 0 && labels[d] < 0) {
          labels[d] = id;
          stack[sp++] = d;
        }
      }
    }
    areas[id] = area;
    tops[id] = top;
  }
  out.count = count;
  return out;
}

let scratch = new Int32Array(64);
function scratchFor(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(n);
  return scratch;
}

/** The connected regions of non-zero height as lists of cells (allocating convenience form). */
export function regionsOf(grid: Grid, heights: ArrayLike<number>): number[][] {
  gridArg('grid.regionsOf', grid);
  const r = labelRegions(grid, heights, makeRegions(grid));
  const out: number[][] = Array.from({ length: r.count }, () => []);
  for (let i = 0; i < grid.size; i++) {
    const id = r.labels[i];
    if (id >= 0) (out[id] as number[]).push(i);
  }
  return out;
}

/** The number of cells in the region containing cell `i` (0 if `i` has height 0). */
export function regionArea(grid: Grid, heights: ArrayLike<number>, i: number): number {
  heightsArg('grid.regionArea', gridArg('grid.regionArea', grid), heights);
  cellArg('grid.regionArea', grid, i);
  if (heights[i] <= 0) return 0;
  const r = labelRegions(grid, heights, makeRegions(grid));
  return r.areas[r.labels[i]];
}

/** An inclusive bounding box of cells. */
export interface Bounds {
  /** Smallest column. */
  readonly minX: number;
  /** Smallest row. */
  readonly minY: number;
  /** Largest column. */
  readonly maxX: number;
  /** Largest row. */
  readonly maxY: number;
}

/** The bounding box of a set of cells (for a region: its cells); `null` for an empty set. */
export function regionBounds(grid: Grid, cells: Iterable<number>): Bounds | null {
  gridArg('grid.regionBounds', grid);
  if (
    cells === null ||
    typeof cells !== 'object' ||
    typeof (cells as Partial<Iterable<number>>)[Symbol.iterator] !== 'function'
  ) {
    badArgument('grid.regionBounds', 'the cells', 'an iterable of cell indices', cells);
  }
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let any = false;
  for (const c of cells) {
    cellArg('grid.regionBounds', grid, c);
    any = true;
    const x = c % grid.width;
    const y = Math.floor(c / grid.width);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return any ? { minX, minY, maxX, maxY } : null;
}
