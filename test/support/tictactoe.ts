/**
 * Tic-tac-toe as a boardrules `Game`, with a fast path. A toy used to test the generic
 * machinery (the conformance suite, perft, bots) before real games rely on it.
 * Known facts used by tests: 9 / 72 / 504 / 3,024 / 15,120 / 54,720 / 148,176 / 200,448 /
 * 127,872 sequences at depths 1..9, 255,168 complete games, perfect play is a draw.
 */
import { RulesError } from '../../src/core/errors.js';
import type { Game, SearchPosition } from '../../src/core/game.js';

export interface TttState {
  /** 9 cells, row-major: 0 empty, 1 X (seat 0), 2 O (seat 1). */
  readonly cells: readonly number[];
}
export interface TttMove {
  readonly cell: number;
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

function winner(cells: ArrayLike<number>): number {
  for (const [a, b, c] of LINES) {
    const v = cells[a] ?? 0;
    if (v !== 0 && v === cells[b] && v === cells[c]) return v;
  }
  return 0;
}
function filled(cells: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < 9; i++) if (cells[i] !== 0) n++;
  return n;
}
function isOver(cells: ArrayLike<number>): boolean {
  return winner(cells) !== 0 || filled(cells) === 9;
}
function result(cells: ArrayLike<number>): number[] {
  const w = winner(cells);
  if (w === 1) return [1, 0];
  if (w === 2) return [0, 1];
  return [0.5, 0.5];
}
const ZOBRIST: number[] = Array.from({ length: 18 }, (_, i) => ((i + 1) * 2654435761) >>> 0);

class TttPosition implements SearchPosition<TttMove> {
  readonly maxMoves = 9;
  private readonly cells: Int8Array;
  private readonly history: number[] = [];
  private h = 0;
  constructor(cells: readonly number[]) {
    this.cells = Int8Array.from(cells);
    for (let i = 0; i < 9; i++) {
      const v = this.cells[i] ?? 0;
      if (v) this.h ^= ZOBRIST[i * 2 + v - 1] ?? 0;
    }
  }
  toMove(): number {
    return filled(this.cells) % 2;
  }
  terminal(): boolean {
    return isOver(this.cells);
  }
  score(): readonly number[] {
    return isOver(this.cells) ? result(this.cells) : [0.5, 0.5];
  }
  generate(out: Int32Array, offset: number): number {
    if (isOver(this.cells)) return 0;
    let n = 0;
    for (let i = 0; i < 9; i++) if (this.cells[i] === 0) out[offset + n++] = i;
    return n;
  }
  play(move: number): void {
    const v = this.toMove() + 1;
    this.cells[move] = v;
    this.h ^= ZOBRIST[move * 2 + v - 1] ?? 0;
    this.history.push(move);
  }
  undo(): void {
    const move = this.history.pop();
    if (move === undefined) throw new RulesError('UNSUPPORTED', 'undo: nothing to undo');
    const v = this.cells[move] ?? 0;
    this.h ^= ZOBRIST[move * 2 + v - 1] ?? 0;
    this.cells[move] = 0;
  }
  hash(): number {
    return this.h;
  }
  decode(move: number): TttMove {
    return { cell: move };
  }
  encode(move: TttMove): number {
    return move.cell;
  }
  state(): TttState {
    return { cells: Array.from(this.cells) };
  }
}

export const tictactoe: Game<TttState, TttMove> = {
  name: 'tictactoe',
  scoring: 'winloss',
  start(options?: Partial<Record<string, never>>): TttState {
    if (options && Object.keys(options).length > 0) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `tictactoe has no options, got ${Object.keys(options).join(', ')}`,
      );
    }
    return { cells: [0, 0, 0, 0, 0, 0, 0, 0, 0] };
  },
  players: () => 2,
  toMove: (s) => filled(s.cells) % 2,
  moves(s) {
    if (isOver(s.cells)) return [];
    const out: TttMove[] = [];
    for (let i = 0; i < 9; i++) if (s.cells[i] === 0) out.push({ cell: i });
    return out;
  },
  apply(s, m) {
    if (isOver(s.cells)) throw new RulesError('GAME_OVER', 'the game is over');
    if (!Number.isInteger(m?.cell) || m.cell < 0 || m.cell > 8 || s.cells[m.cell] !== 0) {
      throw new RulesError('ILLEGAL_MOVE', `cell ${String(m?.cell)} is not free`);
    }
    const cells = s.cells.slice();
    cells[m.cell] = (filled(s.cells) % 2) + 1;
    return { cells };
  },
  terminal: (s) => isOver(s.cells),
  score: (s) => (isOver(s.cells) ? result(s.cells) : [0.5, 0.5]),
  formatMove: (_s, m) => `c${m.cell + 1}`,
  parseMove(s, text) {
    const match = /^c([1-9])$/.exec(text.trim());
    if (!match) throw new RulesError('PARSE_ERROR', `bad move '${text}': expected c1..c9`);
    const m = { cell: Number(match[1]) - 1 };
    if (s.cells[m.cell] !== 0 || isOver(s.cells)) {
      throw new RulesError('ILLEGAL_MOVE', `cell ${text} is not free`);
    }
    return m;
  },
  serialize: (s) => s.cells.map((v) => '.XO'[v]).join(''),
  deserialize(text) {
    if (typeof text !== 'string' || !/^[.XO]{9}$/.test(text)) {
      throw new RulesError(
        'PARSE_ERROR',
        `bad position '${String(text).slice(0, 20)}': expected 9 of . X O`,
      );
    }
    const cells = [...text].map((c) => '.XO'.indexOf(c));
    const x = cells.filter((v) => v === 1).length;
    const o = cells.filter((v) => v === 2).length;
    if (x !== o && x !== o + 1)
      throw new RulesError('INVALID_STATE', `X count ${x} and O count ${o} do not alternate`);
    return { cells };
  },
  search: (s) => new TttPosition(s.cells),
};
