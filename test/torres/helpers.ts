/** Small constructed positions in the spec's test notation (§0): `h: c3=1 d3=2`, `W@b3 B@d3 K@c3`. */
import { expect } from 'vitest';
import {
  squareIndex,
  type TorresMove,
  type TorresOptions,
  type TorresState,
  torres,
} from '../../src/torres/index.js';

const COLOURS = 'WBGR';

export function heightsOf(h: string): number[] {
  const out = new Array<number>(64).fill(0);
  for (const tok of h.split(/\s+/).filter(Boolean)) {
    const [sq, v] = tok.split('=');
    out[squareIndex(sq as string)] = Number(v);
  }
  return out;
}

export function piecesOf(p: string): (number | 'K' | null)[] {
  const out: (number | 'K' | null)[] = new Array(64).fill(null);
  for (const tok of p.split(/\s+/).filter(Boolean)) {
    const [who, sq] = tok.split('@');
    out[squareIndex(sq as string)] = who === 'K' ? 'K' : COLOURS.indexOf(who as string);
  }
  return out;
}

export interface Setup {
  h?: string;
  p?: string;
  options?: Partial<TorresOptions>;
  /** Patch of the turn record. */
  turn?: Partial<TorresState['turn']>;
  /** Patch of seat 0 (the mover). */
  me?: Partial<TorresState['seats'][number]>;
  state?: Partial<TorresState>;
}

/**
 * A state in seat 0's `actions` step (stack already chosen) with the given board. Blocks and
 * knights are not conserved; the engine's generator does not need it.
 */
export function at(s: Setup): TorresState {
  const base = torres.start({ players: 2, seed: 1, ...s.options });
  const n = base.options.players;
  const heights = heightsOf(s.h ?? '');
  const pieces = piecesOf(s.p ?? '');
  const seats = base.seats.map((seat, i) => {
    const onBoard = pieces.filter((v) => v === i).length;
    const st = {
      ...seat,
      knightsOff: Math.max(0, base.options.knightsPerPlayer - onBoard),
      stacks: [2, 2],
    };
    return i === 0 ? { ...st, ...s.me } : st;
  });
  return {
    ...base,
    heights,
    pieces,
    step: 'actions',
    actor: 0,
    order: Array.from({ length: n }, (_, i) => i),
    turnIndex: 0,
    lastPhaseStart: 0,
    setupCount: 0,
    seats,
    turn: { ...base.turn, active: 2, ...s.turn },
    ...s.state,
  };
}

export function kinds(state: TorresState, kind: TorresMove['kind'], card?: string): TorresMove[] {
  return torres
    .moves(state)
    .filter(
      (m) => m.kind === kind && (card === undefined || (m as { card?: string }).card === card),
    );
}

/** The `to` squares (optionally only moves from `from`) of the moves of a kind, sorted. */
export function targets(
  state: TorresState,
  kind: TorresMove['kind'],
  card?: string,
  from?: string,
): string[] {
  return kinds(state, kind, card)
    .filter((m) => from === undefined || (m as { from?: string }).from === from)
    .map((m) => (m as { to: string }).to)
    .sort();
}

export function sorted(xs: string): string[] {
  return xs
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort();
}

export function play(state: TorresState, ...texts: string[]): TorresState {
  let s = state;
  for (const t of texts) s = torres.apply(s, torres.parseMove(s, t));
  return s;
}

export function texts(state: TorresState): string[] {
  return torres.moves(state).map((m) => torres.formatMove(state, m));
}

export function expectSet(actual: string[], expected: string): void {
  expect([...actual].sort()).toEqual(sorted(expected));
}

/**
 * Plays from `state` until `until` holds: `choose` may pick a move text; by default a seat in
 * `actions` ends its turn and any other step takes its first listed move.
 */
export function drive(
  state: TorresState,
  until: (s: TorresState) => boolean,
  choose: (s: TorresState, moves: string[]) => string | undefined = () => undefined,
  max = 3000,
): TorresState {
  let s = state;
  for (let i = 0; i < max && !until(s); i++) {
    if (torres.terminal(s)) throw new Error('game over before the condition held');
    const ms = texts(s);
    const pick = choose(s, ms) ?? (ms.includes('end') ? 'end' : (ms[0] as string));
    s = play(s, pick);
  }
  if (!until(s)) throw new Error('condition never held');
  return s;
}

/** Plays the setup (knights on the first free castle squares, the king likewise). */
export function afterSetup(options: Partial<TorresOptions>): TorresState {
  return drive(
    torres.start(options),
    (s) => !['setupCastle', 'setupKnight', 'setupKing'].includes(s.step),
  );
}
