// Helpers the fan-bug rule tests share (test/hive/fan/<bug>.test.ts): building positions,
// reading move sets by text, key or operation, and the literal oracles some tests compare with.

import { CELLS, cellOf } from '../../../src/hive/engine/board.js';
import { moveOp, movePiece, OP_CARRY, OP_MOVE, PASS } from '../../../src/hive/engine/codes.js';
import {
  gameSetup,
  inGameTable,
  PIECES,
  pieceFromName,
  pieceName,
  SLOTS,
} from '../../../src/hive/engine/pieces.js';
import type { Position } from '../../../src/hive/engine/position.js';
import { formatMoveCode } from '../../../src/hive/notation.js';
import { layout, legalMoves, moveTexts, type Placed } from '../helpers.js';

export type Hex = readonly [number, number];

/** H-COORD-2 directions NW NE E SE SW W. */
export const DIRS: readonly Hex[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

export function around([q, r]: Hex): Hex[] {
  return DIRS.map(([dq, dr]) => [q + dq, r + dr] as const);
}

export const key = ([q, r]: Hex): string => `${q},${r}`;

/** The stack on a hex, bottom to top. */
export function stack(pos: Position, q: number, r: number): string[] {
  const c = cellOf(q, r);
  const found: number[] = [];
  for (let p = 0; p < PIECES; p++) if (pos.cell[p] === c) found.push(p);
  return found.sort((a, b) => (pos.level[a] as number) - (pos.level[b] as number)).map(pieceName);
}

export const OPS = ['move', 'grab', 'swap', 'carry'];

/**
 * The legal moves as `op piece q,r` (the piece that changes hex, and its destination; for a
 * grab, the grabber's hex), sorted. `rename` maps piece names (to compare with a control).
 */
export function moveKeys(pos: Position, rename: Record<string, string> = {}): string[] {
  return legalMoves(pos)
    .map((m) => {
      if (m === PASS) return 'pass';
      const name = pieceName(movePiece(m));
      const c = m % CELLS;
      return `${OPS[moveOp(m)]} ${rename[name] ?? name} ${pos.realQ(c)},${pos.realR(c)}`;
    })
    .sort();
}

/** Plays the legal move whose canonical text is `text`. */
export function play(pos: Position, text: string): void {
  const m = legalMoves(pos).find((x) => formatMoveCode(pos, x) === text);
  if (m === undefined) throw new Error(`${text} is not legal: ${moveTexts(pos).join(';')}`);
  pos.play(m);
}

/** Plays the legal placement or movement of `piece` to (q, r). */
export function playTo(pos: Position, piece: string, q: number, r: number): void {
  const p = pieceFromName(piece);
  const c = cellOf(q, r);
  const m = legalMoves(pos).find(
    (x) => x !== PASS && moveOp(x) === OP_MOVE && movePiece(x) === p && x % CELLS === c,
  );
  if (m === undefined) throw new Error(`${piece} to ${q},${r} is not legal`);
  pos.play(m);
}

/** The canonical texts of the grabs (`T *X`) in a position. */
export function grabs(pos: Position): string[] {
  return moveTexts(pos).filter((t) => t.includes('*'));
}

/** Empty hexes that touch an occupied hex of `occupied` (an independent oracle). */
export function emptyNeighbours(occupied: readonly Hex[]): string[] {
  const occ = new Set(occupied.map(key));
  const out = new Set<string>();
  for (const h of occupied) for (const n of around(h)) if (!occ.has(key(n))) out.add(key(n));
  return [...out].sort();
}

/**
 * H-FAN-WASP-1 as an oracle: the empty hexes other than `start` whose occupied neighbours, with
 * the piece on `start` lifted, are all topped by `enemy` (at least one).
 */
export function waspOracle(pieces: readonly Placed[], start: Hex, enemy: 'w' | 'b'): string[] {
  const tops = new Map<string, string>();
  const occupied: Hex[] = [];
  for (const [name, q, r] of pieces) {
    tops.set(key([q, r]), name);
    if (q !== start[0] || r !== start[1]) occupied.push([q, r]);
  }
  tops.delete(key(start)); // the Wasp is alone on its hex
  const out: string[] = [];
  for (const e of emptyNeighbours(occupied)) {
    if (e === key(start)) continue;
    const [q, r] = e.split(',').map(Number) as [number, number];
    const touching = around([q, r])
      .map((n) => tops.get(key(n)))
      .filter((t): t is string => t !== undefined);
    if (touching.length > 0 && touching.every((t) => t[0] === enemy)) out.push(e);
  }
  return out.sort();
}

/**
 * Builds `pieces` and a control (of `ctrlType`) where each Scorpion named in `swap` is replaced
 * by the given Spider, and returns the moves the control has and the Scorpion position lacks (`lost`) and the
 * reverse (`gained`), with names mapped back.
 */
export function vsSpider(
  type: string,
  pieces: readonly Placed[],
  swap: Record<string, string>,
  toMove: 'w' | 'b' = 'w',
  ctrlType: string = type,
): { lost: string[]; gained: string[] } {
  const rename: Record<string, string> = {};
  for (const [k, s] of Object.entries(swap)) {
    rename[k] = s;
    rename[s] = k;
  }
  const scorp = layout(type, pieces, { toMove });
  const ctrl = layout(
    ctrlType,
    pieces.map(([n, q, r]) => [swap[n] ?? n, q, r] as const),
    { toMove },
  );
  const a = moveKeys(scorp);
  const b = moveKeys(ctrl, rename);
  return { lost: b.filter((x) => !a.includes(x)), gained: a.filter((x) => !b.includes(x)) };
}

// ---- §12.3 Mantis ------------------------------------------------------------------------------

/** The legal move whose canonical text is `text` (fails the test when there is none). */
export function moveOf(pos: Position, text: string): number {
  const m = legalMoves(pos).find((x) => formatMoveCode(pos, x) === text);
  if (m === undefined) throw new Error(`${text} is not legal; legal: ${moveTexts(pos).join(';')}`);
  return m;
}

/** Plays the legal move `text` and returns it. */
export function playText(pos: Position, text: string): number {
  const m = moveOf(pos, text);
  pos.play(m);
  return m;
}

/** Real `[q, r, level]` of a piece on the board, or null when in hand. */
export function at(pos: Position, name: string): [number, number, number] | null {
  const p = pieceFromName(name);
  const c = pos.cell[p] as number;
  if (c < 0) return null;
  return [pos.realQ(c), pos.realR(c), pos.level[p] as number];
}

/** The frozen set F as sorted piece names (H-FREEZE-1, H-FAN-GEN-2). */
export function frozenSet(pos: Position): string[] {
  return [pos.frozen, pos.frozen2]
    .filter((p) => p >= 0)
    .map((p) => pieceName(p))
    .sort();
}

/**
 * The difference between the incremental and the recomputed hash. {@link layout} sets the ply
 * and F without updating the hash, so this is not 0; a correct `play` keeps it unchanged.
 */
export function drift(pos: Position): bigint {
  return BigInt(pos.hash()) ^ BigInt(pos.recomputeHash());
}

/** Everything `undo` must restore. */
export function snap(pos: Position): unknown {
  return {
    hash: pos.hash(),
    ply: pos.ply,
    frozen: pos.frozen,
    frozen2: pos.frozen2,
    cell: Array.from(pos.cell),
    level: Array.from(pos.level),
    below: Array.from(pos.below),
    rq: Array.from(pos.rq),
    rr: Array.from(pos.rr),
    height: Array.from(pos.height),
    top: Array.from(pos.top),
  };
}

/** The canonical texts of the legal moves made with `actor` (its movements, grabs and swaps). */
export function movesBy(pos: Position, actor: string): string[] {
  return moveTexts(pos).filter((t) => t.startsWith(`${actor} `));
}

/** The grabs and swaps among the legal moves, as text. */
export function abilities(pos: Position): string[] {
  return moveTexts(pos).filter((t) => / [*~]/.test(t));
}

/** The destinations of `piece` reached by operation `op` (OP_MOVE or OP_CARRY), sorted. */
export function destsByOp(pos: Position, piece: string, op: number): string[] {
  const p = pieceFromName(piece);
  return legalMoves(pos)
    .filter((m) => m !== PASS && moveOp(m) === op && movePiece(m) === p)
    .map((m) => `${pos.realQ(m % CELLS)},${pos.realR(m % CELLS)}`)
    .sort();
}

/** The legal movement (plain or carrying) of `piece` to real hex (q, r). */
export function moveTo(pos: Position, piece: string, q: number, r: number): number {
  const p = pieceFromName(piece);
  const m = legalMoves(pos).find(
    (x) =>
      x !== PASS &&
      (moveOp(x) === OP_MOVE || moveOp(x) === OP_CARRY) &&
      movePiece(x) === p &&
      pos.realQ(x % CELLS) === q &&
      pos.realR(x % CELLS) === r,
  );
  if (m === undefined) throw new Error(`${piece} cannot move to ${q},${r}`);
  return m;
}

/** The pieces of one colour that a game type gives (H-FAN-GEN-1). */
export function roster(type: string, colour: 'w' | 'b'): string[] {
  const s = gameSetup(type);
  const t = inGameTable(s.mask, s.roster);
  const out: string[] = [];
  for (let p = 0; p < PIECES; p++) {
    if (t[p] && (p >= SLOTS ? 'b' : 'w') === colour) out.push(pieceName(p));
  }
  return out.sort();
}

// =============================================================================================
