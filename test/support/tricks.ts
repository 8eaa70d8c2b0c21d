/**
 * "Tricks": a small 3-player trick-taking game with **chance** and **hidden information**, to
 * test multi-seat MCTS and determinization. No fast path (bots use `apply`).
 *
 * 24 cards: 4 suits of ranks 1..6 (card `c` has suit `⌊(c−1)/6⌋`, rank `(c−1) mod 6 + 1`).
 * Each seat holds 5 cards, the other 9 form a face-down stock. In turn from the leader, each
 * seat plays a card, following the suit led when it can; the highest card of the suit led wins
 * the trick, its player scores the sum of the three ranks and leads the next trick. Then, from
 * the winner on, every seat draws a card while the stock lasts: drawn at random with the RNG
 * held in the state (chance). The game ends when all hands are empty (8 tricks); scores are
 * points.
 *
 * Hidden: the other seats' hands, the stock and the RNG. `observe(s, seat)` replaces them by
 * zeros (unknown cards, a blank RNG), keeping their sizes. {@link determinizeTricks} deals
 * the unseen cards back at random.
 */
import { RulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { nextInt, type Rng, type RngState, rngFromSeed, shuffle } from '../../src/core/rng.js';

export interface TricksOptions {
  readonly seed: number;
}
export interface TricksState {
  /** Each seat's hand, ascending; 0 = a card this observer cannot see. */
  readonly hands: readonly (readonly number[])[];
  /** The stock, ascending; 0 = unknown. */
  readonly stock: readonly number[];
  /** Cards played to the current trick, in order from the leader. */
  readonly trick: readonly number[];
  /** Cards of completed tricks, ascending. */
  readonly played: readonly number[];
  readonly leader: number;
  readonly points: readonly number[];
  /** Chance: the RNG for draws ([0,0,0,0] when hidden). */
  readonly rng: RngState;
}
export interface TricksMove {
  readonly card: number;
}

const SEATS = 3;
const RANKS = 6;
const SUITS = 4;
const CARDS = RANKS * SUITS;
const HAND = 5;

const toMoveOf = (s: TricksState): number => (s.leader + s.trick.length) % SEATS;
const isOver = (s: TricksState): boolean => s.hands.every((h) => h.length === 0);
const sorted = (xs: readonly number[]): number[] => xs.slice().sort((a, b) => a - b);

/** Suit 0..3 and rank 1..6 of a card 1..24. */
export const suitOf = (card: number): number => Math.floor((card - 1) / RANKS);
export const rankOf = (card: number): number => ((card - 1) % RANKS) + 1;

function legal(s: TricksState): TricksMove[] {
  if (isOver(s)) return [];
  const hand = s.hands[toMoveOf(s)] ?? [];
  const led = s.trick.length > 0 ? suitOf(s.trick[0] as number) : -1;
  // Follow suit when able.
  const follow = led >= 0 && hand.some((c) => c > 0 && suitOf(c) === led);
  const out: TricksMove[] = [];
  for (const card of hand) {
    if (card <= 0 || (follow && suitOf(card) !== led)) continue;
    if (!out.some((m) => m.card === card)) out.push({ card });
  }
  return out;
}

export const tricks: Game<TricksState, TricksMove, TricksOptions> = {
  name: 'tricks',
  scoring: 'points',
  seats: { min: 3, max: 3 },
  seedOption: 'seed',
  start(options?: Partial<TricksOptions>): TricksState {
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'seed') throw new RulesError('INVALID_OPTIONS', `unknown option ${key}`);
    }
    const deck = Array.from({ length: CARDS }, (_, i) => i + 1);
    const [cards, rng] = shuffle(deck, rngFromSeed(options?.seed ?? 1));
    return {
      hands: [0, 1, 2].map((i) => sorted(cards.slice(i * HAND, (i + 1) * HAND))),
      stock: sorted(cards.slice(SEATS * HAND)),
      trick: [],
      played: [],
      leader: 0,
      points: [0, 0, 0],
      rng,
    };
  },
  players: () => SEATS,
  toMove: toMoveOf,
  moves: legal,
  apply(s, m) {
    if (isOver(s)) throw new RulesError('GAME_OVER', 'the game is over');
    const seat = toMoveOf(s);
    const hand = s.hands[seat] ?? [];
    if (!Number.isInteger(m?.card) || m.card < 1 || !hand.includes(m.card)) {
      throw new RulesError('ILLEGAL_MOVE', `seat ${seat} does not hold card ${String(m?.card)}`);
    }
    if (!legal(s).some((x) => x.card === m.card)) {
      throw new RulesError('ILLEGAL_MOVE', `card ${m.card} does not follow the suit led`);
    }
    const hands = s.hands.map((h, i) => (i === seat ? h.filter((c) => c !== m.card) : h.slice()));
    const trick = [...s.trick, m.card];
    if (trick.length < SEATS) return { ...s, hands, trick };
    // The trick is complete: score it, then draw from the winner on.
    const led = suitOf(trick[0] as number);
    let best = 0;
    for (let i = 1; i < SEATS; i++) {
      const c = trick[i] as number;
      if (suitOf(c) === led && rankOf(c) > rankOf(trick[best] as number)) best = i;
    }
    const winner = (s.leader + best) % SEATS;
    const points = s.points.slice();
    points[winner] = (points[winner] ?? 0) + trick.reduce((a, c) => a + rankOf(c), 0);
    const stock = s.stock.slice();
    let rng = s.rng;
    for (let k = 0; k < SEATS && stock.length > 0; k++) {
      const [i, next] = nextInt(rng, stock.length);
      rng = next;
      const seatDrawing = (winner + k) % SEATS;
      const card = stock.splice(i, 1)[0] as number;
      hands[seatDrawing] = sorted([...(hands[seatDrawing] ?? []), card]);
    }
    return {
      hands,
      stock,
      trick: [],
      played: sorted([...s.played, ...trick]),
      leader: winner,
      points,
      rng,
    };
  },
  terminal: isOver,
  score: (s) => s.points.slice(),
  formatMove: (_s, m) => `p${m.card}`,
  parseMove(s, text) {
    const match = /^\s*p(\d{1,2})\s*$/.exec(text);
    if (!match) throw new RulesError('PARSE_ERROR', `bad move '${text}': expected p<card>`);
    const m = { card: Number(match[1]) };
    if (!legal(s).some((x) => x.card === m.card)) {
      throw new RulesError('ILLEGAL_MOVE', `card ${m.card} is not in hand`);
    }
    return m;
  },
  serialize: (s) => JSON.stringify(s),
  deserialize(text) {
    let s: TricksState;
    try {
      s = JSON.parse(String(text)) as TricksState;
    } catch {
      throw new RulesError('PARSE_ERROR', 'tricks state is not JSON');
    }
    const cards = (x: unknown): x is number[] =>
      Array.isArray(x) && x.every((c) => Number.isInteger(c) && c >= 0 && c <= CARDS);
    if (
      typeof s !== 'object' ||
      s === null ||
      !Array.isArray(s.hands) ||
      s.hands.length !== SEATS ||
      !s.hands.every(cards) ||
      !cards(s.stock) ||
      !cards(s.trick) ||
      !cards(s.played) ||
      !Number.isInteger(s.leader) ||
      s.leader < 0 ||
      s.leader >= SEATS ||
      !Array.isArray(s.points) ||
      s.points.length !== SEATS ||
      !Array.isArray(s.rng) ||
      s.rng.length !== 4
    ) {
      throw new RulesError('INVALID_STATE', 'tricks state has a missing or malformed field');
    }
    return s;
  },
  observe(s, seat) {
    const blank = (xs: readonly number[]) => xs.map(() => 0);
    return {
      ...s,
      hands: s.hands.map((h, i) => (i === seat ? h.slice() : blank(h))),
      stock: blank(s.stock),
      rng: [0, 0, 0, 0],
    };
  },
};

/** Deals the cards `seat` cannot see at random into the hidden hands and stock, and reseeds the RNG. */
export function determinizeTricks(observed: TricksState, seat: number, rng: Rng): TricksState {
  const seen = new Set<number>([
    ...(observed.hands[seat] ?? []),
    ...observed.trick,
    ...observed.played,
  ]);
  const unseen: number[] = [];
  for (let c = 1; c <= CARDS; c++) if (!seen.has(c)) unseen.push(c);
  // Fisher–Yates with the bot's RNG.
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = unseen[i] as number;
    unseen[i] = unseen[j] as number;
    unseen[j] = t;
  }
  let k = 0;
  const hands = observed.hands.map((h, i) =>
    i === seat ? h.slice() : sorted(h.map(() => unseen[k++] as number)),
  );
  const stock = sorted(observed.stock.map(() => unseen[k++] as number));
  return {
    ...observed,
    hands,
    stock,
    rng: rngFromSeed(rng.uint32()),
  };
}
