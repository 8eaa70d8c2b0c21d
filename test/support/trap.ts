// A toy game for the search tests: a trap that only a search deep enough (and, with reductions,
// careful enough) finds. Shared by test/search/alphabeta.test.ts and characterization.test.ts.
import type { Game } from '../../src/core/game.js';

/**
 * Sixteen moves a ply, six plies, a draw unless the first player's root move 1 sets a trap:
 * then that player's move 15 two plies later wins at once.
 */
export interface TrapState {
  readonly ply: number;
  readonly trap: boolean;
  readonly won: boolean;
}
export const trap: Game<TrapState, { k: number }, Record<string, never>> = {
  name: 'trap',
  scoring: 'winloss',
  start: () => ({ ply: 0, trap: false, won: false }),
  players: () => 2,
  toMove: (s) => s.ply % 2,
  moves: (s) => (s.won || s.ply >= 6 ? [] : Array.from({ length: 16 }, (_, k) => ({ k }))),
  apply: (s, m) => ({
    ply: s.ply + 1,
    trap: s.trap || (s.ply === 0 && m.k === 1),
    won: s.trap && s.ply === 2 && m.k === 15,
  }),
  terminal: (s) => s.won || s.ply >= 6,
  // A win is the first player's (the only one who can spring the trap).
  score: (s) => (s.won ? [1, 0] : [0.5, 0.5]),
  formatMove: (_s, m) => String(m.k),
  parseMove: (_s, text) => ({ k: Number(text) }),
  serialize: (s) => JSON.stringify(s),
  deserialize: (text) => JSON.parse(text) as TrapState,
};
