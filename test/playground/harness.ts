// Shared by the playground's Node tests: the three adapters as test cases, what a click on
// each drawn thing looks like to an adapter (the `data-*` the renderers write), and random
// legal games.

import type { Adapter, Clicked } from '../../docs/playground/adapter.js';
import { coerceoAdapter } from '../../docs/playground/coerceo.js';
import { hiveAdapter } from '../../docs/playground/hive.js';
import { torresAdapter } from '../../docs/playground/torres.js';
import { fieldName } from '../../src/coerceo/index.js';
import {
  type HiveState,
  pieceAt,
  piecesInHand,
  piecesOnBoard,
  placeOf,
} from '../../src/hive/index.js';

/** One game under test: its adapter, start options to vary, and how its clicks look. */
export interface Case<S, M> {
  readonly name: string;
  readonly adapter: Adapter<S, M>;
  readonly starts: readonly Record<string, unknown>[];
  /** How many plies of each random game to check (Torres needs more to reach its cards). */
  readonly plies: number;
  /** The click on the drawn thing a source key names (a piece, a field, a square). */
  sourceClick(state: S, key: string): Clicked;
  /** The click on the mark of a highlighted destination. */
  targetClick(key: string): Clicked;
  /** Every key a click can produce in `state` (pieces, hexes, fields, squares). */
  keys(state: S): string[];
}

const hexClick = (key: string, classes: string[], piece?: string): Clicked => {
  const [q, r] = key.split(',');
  return { data: { q: q as string, r: r as string, ...(piece ? { piece } : {}) }, classes };
};

export const hiveCase: Case<HiveState, unknown> = {
  name: 'hive',
  adapter: hiveAdapter as unknown as Adapter<HiveState, unknown>,
  starts: [{}, { type: 'Base', tournamentOpening: false }, { type: 'Base+MLP:wTC:bTC' }],
  plies: 60,
  sourceClick: (state, key) => {
    if (key.includes(',')) {
      // A hex: its tile (the top piece of its stack), or the background, which the page maps
      // to the hex under the pointer just like a mark.
      const [q, r] = key.split(',').map(Number) as [number, number];
      const top = pieceAt(state, q, r);
      return top === null ? hexClick(key, ['target']) : hexClick(key, ['tile'], top);
    }
    const at = placeOf(state, key);
    // A piece on the board is its tile (the top of its stack); one in hand is a tray button.
    return at === null
      ? { data: { piece: key }, classes: ['hand-piece'] }
      : hexClick(`${at.q},${at.r}`, ['tile'], pieceAt(state, at.q, at.r) ?? key);
  },
  targetClick: (key) => hexClick(key, ['target']),
  keys: (state) => {
    const pieces = [
      ...piecesInHand(state, 'w'),
      ...piecesInHand(state, 'b'),
      ...piecesOnBoard(state).map((p) => p.piece),
    ];
    const hexes: string[] = [];
    for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) hexes.push(`${q},${r}`);
    return [...pieces, ...hexes];
  },
};

const FIELDS = Array.from({ length: 6 * 19 }, (_, id) => fieldName(id));

export const coerceoCase: Case<unknown, unknown> = {
  name: 'coerceo',
  adapter: coerceoAdapter as unknown as Adapter<unknown, unknown>,
  starts: [{}, { variant: 'ocius', exchangeCost: 1 }],
  plies: 80,
  sourceClick: (_s, field) => ({ data: { field, colour: 'white' }, classes: ['piece'] }),
  targetClick: (field) => ({ data: { field }, classes: ['target'] }),
  keys: () => FIELDS,
};

const SQUARES = [...'abcdefgh'].flatMap((f) => [...'12345678'].map((r) => `${f}${r}`));

export const torresCase: Case<unknown, unknown> = {
  name: 'torres',
  adapter: torresAdapter as unknown as Adapter<unknown, unknown>,
  starts: [
    { players: 2, seed: 1 },
    { players: 3, seed: 2, deckMode: 'draft' },
    { players: 2, seed: 3, version: 'master' },
  ],
  plies: 200,
  sourceClick: (_s, square) => ({ data: { square }, classes: ['knight'] }),
  targetClick: (square) => ({ data: { square }, classes: ['target'] }),
  keys: () => SQUARES,
};

export const CASES = [hiveCase, coerceoCase, torresCase] as unknown as readonly Case<
  unknown,
  unknown
>[];

/** The states of the legal game `choices` picks (`moves[c % n]` at each ply) from `start`. */
export function gameStates<S, M>(
  adapter: Adapter<S, M>,
  start: S,
  choices: readonly number[],
): S[] {
  const states = [start];
  for (const c of choices) {
    const s = states[states.length - 1] as S;
    if (adapter.game.terminal(s)) break;
    const moves = adapter.game.moves(s);
    states.push(adapter.game.apply(s, moves[c % moves.length] as M));
  }
  return states;
}

/** Moves compare by their JSON (they are plain objects). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
