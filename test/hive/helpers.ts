/**
 * Test helpers: build Hive positions from a layout (bypassing the move history) and read move
 * sets as canonical text, so rule tests can assert exact sets.
 */

import fc from 'fast-check';
import { distance, type Hex, neighbors } from '../../src/geometry/hex.js';
import { CELLS, cellOf, NB } from '../../src/hive/engine/board.js';
import { moveOp, movePiece, OP_CARRY, OP_MOVE, PASS } from '../../src/hive/engine/codes.js';
import { generate, MAX_MOVES } from '../../src/hive/engine/moves.js';
import {
  GAME_TYPES,
  gameSetup,
  PIECES,
  pieceFromName,
  pieceName,
  SLOTS,
} from '../../src/hive/engine/pieces.js';
import { Position } from '../../src/hive/engine/position.js';
import { hive } from '../../src/hive/game.js';
import { parseGameString } from '../../src/hive/game-string.js';
import { formatMoveCode, parseMoveCode } from '../../src/hive/notation.js';
import { pieceAt, placeOf } from '../../src/hive/queries.js';
import { livePosition } from '../../src/hive/state.js';
import type { HiveState } from '../../src/hive/types.js';

/** One piece of a layout: name and hex; later entries on the same hex stack on top. */
export type Placed = readonly [name: string, q: number, r: number];

export interface LayoutOptions {
  /** Side to move. Default White. */
  readonly toMove?: 'w' | 'b';
  /** The mover's turn number (H-TURN-2). Default 6. */
  readonly turn?: number;
  /** The frozen piece (H-FREEZE-1). Default none. */
  readonly frozen?: string;
  /** A second frozen piece (after a grab, swap or carry, H-FAN-GEN-2). Default none. */
  readonly frozen2?: string;
  readonly tournamentOpening?: boolean;
}

/**
 * A position with the given pieces on the board. The first piece must be at (0,0) (it becomes
 * the coordinate anchor, H-PLACE-1). `type` is any GameTypeString, fan-extended ones included
 * (`'Base+MLP:wT:b'`, H-FAN-UHP-2); every piece named must belong to it.
 */
export function layout(type: string, pieces: readonly Placed[], o: LayoutOptions = {}): Position {
  const first = pieces[0];
  if (first === undefined || first[1] !== 0 || first[2] !== 0)
    throw new Error('layout must start at (0,0)');
  const setup = gameSetup(type);
  const pos = new Position(setup.mask, {
    tournamentOpening: o.tournamentOpening ?? true,
    repetitionDraw: false,
    maxPlies: 0,
    roster: setup.roster,
  });
  for (const [name, q, r] of pieces) {
    const p = pieceFromName(name);
    if (p < 0) throw new Error(`bad piece ${name}`);
    if (!pos.inGame[p]) throw new Error(`${name} is not a piece of ${type}`);
    pos.play(p * CELLS + cellOf(q, r));
  }
  pos.ply = ((o.turn ?? 6) - 1) * 2 + (o.toMove === 'b' ? 1 : 0);
  pos.frozen = o.frozen ? pieceFromName(o.frozen) : -1;
  pos.frozen2 = o.frozen2 ? pieceFromName(o.frozen2) : -1;
  pos.result = 0;
  return pos;
}

/**
 * Where the placement facts a position keeps incrementally differ from a recount of its board,
 * or `null` when they agree: `touching` (per cell, White-topped neighbours in bits 0–2,
 * Black-topped in bits 4–6, bit 7 while the cell holds a stack), `spotsOf` (per colour, the empty hexes it may place on by
 * H-PLACE-3) and `hand` (per colour, a bit per slot in the game and in hand).
 */
export function placementFactsMismatch(pos: Position): string | null {
  const touching = new Uint8Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    const t = pos.top[c] as number;
    if (t < 0) continue;
    touching[c] |= 0x80;
    for (let d = 0; d < 6; d++) touching[NB[c * 6 + d] as number] += t >= SLOTS ? 16 : 1;
  }
  for (let c = 0; c < CELLS; c++) {
    if (pos.touching[c] !== touching[c])
      return `touching[${c}] is ${pos.touching[c]}, the board says ${touching[c]}`;
  }
  const spots = [0, 0];
  for (let c = 0; c < CELLS; c++) {
    const white = (touching[c] as number) & 0x07;
    const black = ((touching[c] as number) >> 4) & 0x07;
    if (pos.height[c] !== 0) continue;
    if (white > 0 && black === 0) spots[0]++;
    if (black > 0 && white === 0) spots[1]++;
  }
  for (let colour = 0; colour < 2; colour++) {
    if (pos.spotsOf(colour) !== spots[colour])
      return `spotsOf(${colour}) is ${pos.spotsOf(colour)}, the board says ${spots[colour]}`;
  }
  const hand = [0, 0];
  for (let p = 0; p < PIECES; p++) {
    if (pos.inGame[p] && pos.cell[p] === -1) hand[p >= SLOTS ? 1 : 0] |= 1 << (p % SLOTS);
  }
  for (let colour = 0; colour < 2; colour++) {
    if (pos.hand[colour] !== hand[colour])
      return `hand[${colour}] is ${pos.hand[colour]}, the board says ${hand[colour]}`;
  }
  return null;
}

/** The legal moves of a position as integers. */
export function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = generate(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/**
 * The destinations `q,r` of the legal movements of one piece (its own moves, throws of it, and a
 * Dragonfly's moves with or without a carry; not grabs or swaps), sorted.
 */
export function destinations(pos: Position, piece: string): string[] {
  const p = pieceFromName(piece);
  return legalMoves(pos)
    .filter(
      (m) => m !== PASS && (moveOp(m) === OP_MOVE || moveOp(m) === OP_CARRY) && movePiece(m) === p,
    )
    .map((m) => `${pos.realQ(m % CELLS)},${pos.realR(m % CELLS)}`)
    .sort();
}

/** Sorted `q,r` strings of hexes. */
export function hexes(...hs: (readonly [number, number])[]): string[] {
  return hs.map(([q, r]) => `${q},${r}`).sort();
}

/** The legal moves as canonical MoveStrings, sorted. */
export function moveTexts(pos: Position): string[] {
  return legalMoves(pos)
    .map((m) => formatMoveCode(pos, m))
    .sort();
}

/** Parses MoveStrings in `pos` and renders them canonically, sorted (to compare as sets). */
export function canonical(pos: Position, texts: string): string[] {
  return texts
    .split(';')
    .map((t) => formatMoveCode(pos, parseMoveCode(pos, t).move))
    .sort();
}

/**
 * The position of a GameString, read leniently (H-UHP-8): Appendix A's "Threefold" says `Draw`,
 * which it is only with the `repetitionDraw` option it is about.
 */
export function posOf(gameString: string): Position {
  return livePosition(parseGameString(gameString, { lenient: true }));
}

/** The name of the piece moved by an integer move. */
export function moverOf(m: number): string {
  return m === PASS ? 'pass' : pieceName(movePiece(m));
}

/** H-END-1/2/3 as an independent oracle for `terminal` (default options: no repetition, no cap). */
export function queenSurrounded(s: HiveState): boolean {
  return (['wQ', 'bQ'] as const).some((q) => {
    const at = placeOf(s, q);
    return at !== null && neighbors(at).every((h) => pieceAt(s, h.q, h.r) !== null);
  });
}

/** H-COORD-5 as an oracle: the hexes form one connected group (an empty set or one hex counts). */
export function connected(cells: readonly Hex[]): boolean {
  if (cells.length <= 1) return true;
  const key = (h: Hex) => `${h.q},${h.r}`;
  const all = new Set(cells.map(key));
  const seen = new Set([key(cells[0] as Hex)]);
  const todo = [cells[0] as Hex];
  while (todo.length) {
    const h = todo.pop() as Hex;
    for (const o of cells) {
      if (distance(h, o) === 1 && !seen.has(key(o))) {
        seen.add(key(o));
        todo.push(o);
      }
    }
  }
  return seen.size === all.size;
}

/**
 * A random legal game for {@link walk}: an official game type and up to `maxPlies` choices
 * (`moves[c % n]` at each ply), at least 10.
 */
export function randomGame(maxPlies: number): fc.Arbitrary<{ type: string; choices: number[] }> {
  return fc.record({
    type: fc.constantFrom(...GAME_TYPES),
    choices: fc.array(fc.nat(), { minLength: 10, maxLength: maxPlies, size: 'max' }),
  });
}

/**
 * Plays the random legal game that `choices` picks (`moves[c % n]` at each ply) from the start of
 * `type`, calling `check` on every state with the state before it (`null` for the first).
 */
export function walk(
  type: string,
  choices: readonly number[],
  check: (s: HiveState, prev: HiveState | null) => void,
): void {
  let s = hive.start({ type: type as never });
  check(s, null);
  for (const c of choices) {
    const ms = hive.moves(s);
    if (ms.length === 0) break;
    const next = hive.apply(s, ms[c % ms.length] as never);
    check(next, s);
    s = next;
  }
}
