/**
 * Nim (normal play: whoever takes the last object wins) as a boardrules `Game` **without** a
 * fast path, so bots are tested on the `apply` fallback. Fact used by tests (Bouton 1901): the
 * player to move loses under perfect play exactly when the XOR of the heap sizes is 0.
 */
import { RulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';

export interface NimOptions {
  readonly heaps: readonly number[];
}
export interface NimState {
  readonly heaps: readonly number[];
  readonly toMove: number;
}
export interface NimMove {
  readonly heap: number;
  readonly take: number;
}

const isOver = (s: NimState): boolean => s.heaps.every((h) => h === 0);

export const nim: Game<NimState, NimMove, NimOptions> = {
  name: 'nim',
  scoring: 'winloss',
  start(options?: Partial<NimOptions>): NimState {
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'heaps') throw new RulesError('INVALID_OPTIONS', `unknown option ${key}`);
    }
    const heaps = options?.heaps ?? [3, 4, 5];
    if (!heaps.every((h) => Number.isInteger(h) && h >= 0 && h <= 99)) {
      throw new RulesError('INVALID_OPTIONS', 'heaps must be integers 0..99');
    }
    return { heaps: heaps.slice(), toMove: 0 };
  },
  players: () => 2,
  toMove: (s) => s.toMove,
  moves(s) {
    const out: NimMove[] = [];
    s.heaps.forEach((h, heap) => {
      for (let take = 1; take <= h; take++) out.push({ heap, take });
    });
    return out;
  },
  apply(s, m) {
    if (isOver(s)) throw new RulesError('GAME_OVER', 'the game is over');
    const h = s.heaps[m?.heap];
    if (h === undefined || !Number.isInteger(m.take) || m.take < 1 || m.take > h) {
      throw new RulesError('ILLEGAL_MOVE', `cannot take ${m?.take} from heap ${m?.heap}`);
    }
    const heaps = s.heaps.slice();
    heaps[m.heap] = h - m.take;
    return { heaps, toMove: 1 - s.toMove };
  },
  terminal: isOver,
  // The player who took the last object is the one not to move now.
  score: (s) => (isOver(s) ? (s.toMove === 0 ? [0, 1] : [1, 0]) : [0.5, 0.5]),
  formatMove: (_s, m) => `${m.heap + 1}-${m.take}`,
  parseMove(s, text) {
    const match = /^\s*(\d+)-(\d+)\s*$/.exec(text);
    if (!match) throw new RulesError('PARSE_ERROR', `bad move '${text}': expected heap-take`);
    const m = { heap: Number(match[1]) - 1, take: Number(match[2]) };
    const h = s.heaps[m.heap];
    if (h === undefined || m.take < 1 || m.take > h) {
      throw new RulesError('ILLEGAL_MOVE', `cannot take ${m.take} from heap ${m.heap + 1}`);
    }
    return m;
  },
  serialize: (s) => `${s.heaps.join(',')}/${s.toMove}`,
  deserialize(text) {
    const match = /^(\d{1,2}(?:,\d{1,2})*)\/([01])$/.exec(String(text));
    if (!match)
      throw new RulesError('PARSE_ERROR', `bad nim position '${String(text).slice(0, 30)}'`);
    return { heaps: (match[1] as string).split(',').map(Number), toMove: Number(match[2]) };
  },
};
