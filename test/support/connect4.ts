/**
 * Connect Four (any width × height, `connect` in a row) as a boardrules `Game` with a fast
 * path. A toy for testing and benchmarking the generic bots on a game deeper than tic-tac-toe.
 * Fact used by tests: no game can end before ply `2·connect − 1`, so perft(n) = width^n for
 * n < 2·connect − 1 on a board at least `connect` high.
 */
import { RulesError } from '../../src/core/errors.js';
import type { Game, SearchPosition } from '../../src/core/game.js';

export interface C4Options {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
}
export interface C4State {
  readonly width: number;
  readonly height: number;
  readonly connect: number;
  /** Column-major cells: `cells[col * height + row]`, row 0 at the bottom; 0 empty, 1/2 seats 0/1. */
  readonly cells: readonly number[];
}
export interface C4Move {
  readonly col: number;
}

const DIRS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/** True when the stone at (col,row) completes a line of `k`. */
function winsAt(
  cells: ArrayLike<number>,
  w: number,
  h: number,
  k: number,
  col: number,
  row: number,
): boolean {
  const v = cells[col * h + row];
  if (!v) return false;
  for (const [dc, dr] of DIRS) {
    let n = 1;
    for (let s = 1; s < k; s++) {
      const c = col + dc * s;
      const r = row + dr * s;
      if (c < 0 || c >= w || r < 0 || r >= h || cells[c * h + r] !== v) break;
      n++;
    }
    for (let s = 1; s < k; s++) {
      const c = col - dc * s;
      const r = row - dr * s;
      if (c < 0 || c >= w || r < 0 || r >= h || cells[c * h + r] !== v) break;
      n++;
    }
    if (n >= k) return true;
  }
  return false;
}

/** The winning seat + 1 found by scanning the whole board, or 0. */
function winnerOf(s: C4State): number {
  for (let c = 0; c < s.width; c++) {
    for (let r = 0; r < s.height; r++) {
      if (winsAt(s.cells, s.width, s.height, s.connect, c, r))
        return s.cells[c * s.height + r] ?? 0;
    }
  }
  return 0;
}
function stones(cells: readonly number[]): number {
  let n = 0;
  for (const v of cells) if (v) n++;
  return n;
}
function over(s: C4State): boolean {
  return winnerOf(s) !== 0 || stones(s.cells) === s.cells.length;
}
function resultOf(w: number): number[] {
  return w === 1 ? [1, 0] : w === 2 ? [0, 1] : [0.5, 0.5];
}
function top(s: C4State, col: number): number {
  let r = 0;
  while (r < s.height && s.cells[col * s.height + r]) r++;
  return r;
}

const ZOBRIST_LO: number[] = [];
const ZOBRIST_HI: number[] = [];
{
  let x = 0x2545f491;
  for (let i = 0; i < 2 * 16 * 16; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    ZOBRIST_LO.push(x >>> 0);
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    ZOBRIST_HI.push((x >>> 0) & 0x1fffff);
  }
}

class C4Position implements SearchPosition<C4Move> {
  readonly maxMoves: number;
  private readonly w: number;
  private readonly h: number;
  private readonly k: number;
  private readonly cells: Int8Array;
  private readonly heights: Int8Array;
  private readonly history: Int32Array;
  private readonly wonAt: Int8Array;
  private ply = 0;
  private lo = 0;
  private hi = 0;

  constructor(s: C4State) {
    this.w = s.width;
    this.h = s.height;
    this.k = s.connect;
    this.maxMoves = s.width;
    this.cells = Int8Array.from(s.cells);
    this.heights = new Int8Array(s.width);
    for (let c = 0; c < s.width; c++) this.heights[c] = top(s, c);
    this.history = new Int32Array(s.width * s.height + 1);
    this.wonAt = new Int8Array(s.width * s.height + 1);
    this.ply = stones(s.cells);
    this.wonAt[this.ply] = winnerOf(s) ? 1 : 0;
    for (let i = 0; i < this.cells.length; i++) {
      const v = this.cells[i] ?? 0;
      if (v) this.toggle(i, v);
    }
  }
  private toggle(i: number, v: number): void {
    const z = i * 2 + v - 1;
    this.lo = (this.lo ^ (ZOBRIST_LO[z] ?? 0)) >>> 0;
    this.hi = (this.hi ^ (ZOBRIST_HI[z] ?? 0)) >>> 0;
  }
  toMove(): number {
    return this.ply % 2;
  }
  terminal(): boolean {
    return this.wonAt[this.ply] === 1 || this.ply === this.w * this.h;
  }
  score(): readonly number[] {
    if (this.wonAt[this.ply] === 1) return this.ply % 2 === 1 ? [1, 0] : [0, 1];
    return [0.5, 0.5];
  }
  generate(out: Int32Array, offset: number): number {
    if (this.terminal()) return 0;
    let n = 0;
    for (let c = 0; c < this.w; c++) if ((this.heights[c] ?? 0) < this.h) out[offset + n++] = c;
    return n;
  }
  play(col: number): void {
    const row = this.heights[col] ?? 0;
    const v = (this.ply % 2) + 1;
    const i = col * this.h + row;
    this.cells[i] = v;
    this.heights[col] = row + 1;
    this.toggle(i, v);
    this.history[this.ply] = col;
    this.ply++;
    this.wonAt[this.ply] = winsAt(this.cells, this.w, this.h, this.k, col, row) ? 1 : 0;
  }
  undo(): void {
    if (this.ply === 0) throw new RulesError('UNSUPPORTED', 'undo: nothing to undo');
    this.ply--;
    const col = this.history[this.ply] ?? 0;
    const row = (this.heights[col] ?? 1) - 1;
    const i = col * this.h + row;
    this.toggle(i, this.cells[i] ?? 0);
    this.cells[i] = 0;
    this.heights[col] = row;
  }
  hash(): number {
    return this.hi * 0x100000000 + this.lo;
  }
  decode(move: number): C4Move {
    return { col: move };
  }
  encode(move: C4Move): number {
    return move.col;
  }
  state(): C4State {
    return { width: this.w, height: this.h, connect: this.k, cells: Array.from(this.cells) };
  }
}

const DEFAULTS: C4Options = { width: 7, height: 6, connect: 4 };

export const connect4: Game<C4State, C4Move, C4Options> = {
  name: 'connect4',
  scoring: 'winloss',
  start(options?: Partial<C4Options>): C4State {
    for (const key of Object.keys(options ?? {})) {
      if (!(key in DEFAULTS)) throw new RulesError('INVALID_OPTIONS', `unknown option ${key}`);
    }
    const o = { ...DEFAULTS, ...options };
    if (
      ![o.width, o.height, o.connect].every((v) => Number.isInteger(v) && v >= 2 && v <= 16) ||
      o.connect > Math.max(o.width, o.height)
    ) {
      throw new RulesError('INVALID_OPTIONS', 'width/height/connect must be integers 2..16');
    }
    return { ...o, cells: new Array<number>(o.width * o.height).fill(0) };
  },
  players: () => 2,
  toMove: (s) => stones(s.cells) % 2,
  moves(s) {
    if (over(s)) return [];
    const out: C4Move[] = [];
    for (let c = 0; c < s.width; c++) if (top(s, c) < s.height) out.push({ col: c });
    return out;
  },
  apply(s, m) {
    if (over(s)) throw new RulesError('GAME_OVER', 'the game is over');
    if (!Number.isInteger(m?.col) || m.col < 0 || m.col >= s.width || top(s, m.col) >= s.height) {
      throw new RulesError('ILLEGAL_MOVE', `column ${String(m?.col)} is not playable`);
    }
    const cells = s.cells.slice();
    cells[m.col * s.height + top(s, m.col)] = (stones(s.cells) % 2) + 1;
    return { ...s, cells };
  },
  terminal: over,
  score: (s) => resultOf(winnerOf(s)),
  formatMove: (_s, m) => `${m.col + 1}`,
  parseMove(s, text) {
    const col = Number(text.trim()) - 1;
    if (!/^\s*\d+\s*$/.test(text)) throw new RulesError('PARSE_ERROR', `bad column '${text}'`);
    const m = { col };
    if (over(s) || col < 0 || col >= s.width || top(s, col) >= s.height) {
      throw new RulesError('ILLEGAL_MOVE', `column ${text} is not playable`);
    }
    return m;
  },
  serialize(s) {
    const cols: string[] = [];
    for (let c = 0; c < s.width; c++) {
      let col = '';
      for (let r = 0; r < s.height; r++) col += '.xo'[s.cells[c * s.height + r] ?? 0];
      cols.push(col);
    }
    return `${s.connect}:${cols.join('/')}`;
  },
  deserialize(text) {
    const m = /^(\d{1,2}):([.xo/]+)$/.exec(String(text));
    if (!m)
      throw new RulesError('PARSE_ERROR', `bad connect4 position '${String(text).slice(0, 30)}'`);
    const cols = (m[2] as string).split('/');
    const height = cols[0]?.length ?? 0;
    const state: C4State = {
      width: cols.length,
      height,
      connect: Number(m[1]),
      cells: cols.flatMap((c) => [...c].map((ch) => '.xo'.indexOf(ch))),
    };
    if (cols.some((c) => c.length !== height) || cols.some((c) => /\.[xo]/.test(c))) {
      throw new RulesError(
        'INVALID_STATE',
        'columns must have equal height and no floating stones',
      );
    }
    const x = state.cells.filter((v) => v === 1).length;
    const o = state.cells.filter((v) => v === 2).length;
    if (x !== o && x !== o + 1)
      throw new RulesError('INVALID_STATE', 'stone counts do not alternate');
    connect4.start({ width: state.width, height: state.height, connect: state.connect });
    return state;
  },
  search: (s) => new C4Position(s),
};
