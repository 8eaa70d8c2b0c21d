import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldIdOf } from '../../src/coerceo/engine/board.js';
import { coerceo, fieldName } from '../../src/coerceo/index.js';
import { perft } from '../../src/core/perft.js';

interface Vector {
  seed: number;
  ply: number;
  variant: 'laurentius' | 'ocius';
  turn: 'white' | 'black';
  white: [number, number, number][];
  black: [number, number, number][];
  extant_hexes: [number, number][];
  hexes_held: { white: number; black: number };
  outcome: string;
  n_moves: number;
  moves_xyf: [number, number, number][][];
  perft2: number;
  perft2_stop: number;
}

function load(file: string): Vector[] {
  const text = readFileSync(new URL(`../fixtures/coerceo/${file}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Vector);
}

const name = (p: [number, number, number]): string =>
  fieldName(fieldIdOf({ x: p[0], y: p[1], f: p[2] }));

/** The vector's position as a CPF. */
function cpfOf(v: Vector): string {
  const files = [3, 4, 5, 4, 3];
  const columns: string[] = [];
  const tiles = new Set(v.extant_hexes.map(([x, y]) => `${x},${y}`));
  const occupied = new Set([...v.white, ...v.black].map(name));
  for (let x = -2; x <= 2; x++) {
    const tokens: string[] = [];
    for (let r = 1; r <= (files[x + 2] as number); r++) {
      const y = r - 3 - Math.min(x, 0);
      const tile = `${'abcde'[x + 2]}${r}`;
      if (!tiles.has(`${x},${y}`)) {
        tokens.push('-');
        continue;
      }
      const letters = [...'abcdef'].filter((l) => occupied.has(tile + l)).join('');
      tokens.push(letters === '' ? '.' : letters);
    }
    columns.push(tokens.join(','));
  }
  const layout = v.variant === 'ocius' ? 'O' : 'L';
  return `${columns.join('/')} ${v.turn[0]} ${v.hexes_held.white}/${v.hexes_held.black} ${layout}2`;
}

function expectedMoves(v: Vector): string[] {
  return v.moves_xyf
    .map((m) =>
      m.length === 1
        ? `x${name(m[0] as [number, number, number])}`
        : `${name(m[0] as [number, number, number])}-${name(m[1] as [number, number, number])}`,
    )
    .sort();
}

for (const file of ['npn-positions.jsonl', 'npn-positions-exchange.jsonl']) {
  describe(`C-VECTOR: ${file}`, () => {
    const vectors = load(file);
    it(`C-VECTOR: every position's legal move set equals the reference (${vectors.length} positions)`, () => {
      for (const v of vectors) {
        const s = coerceo.start({ position: cpfOf(v) });
        const ours = coerceo.moves(s).map((m) => coerceo.formatMove(s, m));
        const where = `seed ${v.seed} ply ${v.ply} ${cpfOf(v)}`;
        expect(ours.slice().sort(), where).toEqual(expectedMoves(v));
        expect(ours.length, where).toBe(v.n_moves);
        // C-MOVE-2: and in canonical (ASCII) order.
        expect(ours, where).toEqual(ours.slice().sort());
      }
    });
    it('C-VECTOR: perft(2) with no moves below a finished game equals perft2_stop', () => {
      for (const v of vectors) {
        const s = coerceo.start({ position: cpfOf(v) });
        expect(perft(coerceo, s, 2), `seed ${v.seed} ply ${v.ply}`).toBe(v.perft2_stop);
      }
    });
  });
}
