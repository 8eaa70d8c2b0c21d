/**
 * The Torres rules as a {@link Game} record: thin calls that check the state, reach its
 * position, ask the generator and build the next state.
 *
 * @module
 */
import { type Explanation, refusedMove } from '../core/explain.js';
import type { Game, SearchPosition } from '../core/game.js';
import { listedIndex } from '../core/listed.js';
import { quote } from '../core/quote.js';
import type { RandomSource, RngState } from '../core/rng.js';
import { determinize } from './determinize.js';
import { decode, encode, MAX_MOVES } from './engine/codes.js';
import { S_OVER } from './engine/layout.js';
import { explainMove, refusalOf } from './explain.js';
import { deserializeState, formatCode, parseCode, serializeState } from './notation.js';
import type { TorresOptions } from './options.js';
import { torresRecords } from './records.js';
import { searchPosition } from './search.js';
import { startState } from './setup.js';
import { checkState, childState, positionOf, trustState, versionOf } from './state.js';
import type { CardView, TorresMove, TorresState } from './types.js';

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'torres' as const;

const DUMMY_RNG: RngState = [0, 0, 0, 0];

/** Scratch move buffer (every use is synchronous and finishes before the next). */
const scratch = new Int32Array(MAX_MOVES);
function moves(state: TorresState): readonly TorresMove[] {
  const v = versionOf(state, 'torres.moves');
  if (v.moves !== undefined) return v.moves;
  const n = v.tree.positionAt(v).generate(scratch, 0);
  // `apply` searches `list`, a plain array: V8 reads a frozen array's elements about three times
  // slower, and looking the move object's code up instead reads the (cold) object. The caller
  // gets a frozen copy. Plain arrays: a small typed array costs more to allocate.
  const list: TorresMove[] = new Array(n);
  const codes: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const c = scratch[i] as number;
    codes[i] = c;
    list[i] = decode(c);
  }
  v.codes = codes;
  v.listed = list;
  v.moves = Object.freeze(list.slice());
  return v.moves;
}

function apply(state: TorresState, move: TorresMove): TorresState {
  const v = versionOf(state, 'torres.apply');
  // A move object `moves` handed out for this state is legal, and its code is known.
  const listed = v.listed;
  if (listed !== undefined) {
    const i = listedIndex(listed, move, v);
    if (i >= 0) return childState(state, v, (v.codes as number[])[i] as number);
  }
  const pos = v.tree.positionAt(v);
  const refused = refusalOf(pos, move);
  if (refused !== null) {
    throw refusedMove(quote(move), refused, pos.step === S_OVER ? 'GAME_OVER' : 'ILLEGAL_MOVE');
  }
  return childState(state, v, encode(move));
}

/**
 * T-OBS-1/2: the state as `seat` sees it. Other seats' hands (except in `masterHand` mode),
 * every deck, the pending draft cards and bought types of another buyer, and the RNG are
 * replaced by placeholders of the right length, and the seed is dropped (`options.seed` is
 * `null`): the deal follows from the seed, so a view that kept it would let `start` deal every
 * hidden card again.
 */
function observe(state: TorresState, seat: number): TorresState {
  checkState(state, 'torres.observe');
  const hide = (cs: readonly CardView[]): CardView[] => cs.map(() => '?');
  const publicHands = state.options.deckMode === 'masterHand';
  const own = state.actor === seat;
  // Hiding keeps every field's type and range: the observation is a valid input (T-OBS-2).
  return trustState({
    ...state,
    options: state.options.seed === null ? state.options : { ...state.options, seed: null },
    deck: hide(state.deck),
    rng: DUMMY_RNG,
    seats: state.seats.map((s, p) => ({
      ...s,
      hand: p === seat || publicHands ? s.hand : hide(s.hand),
      deck: hide(s.deck),
    })),
    turn: {
      ...state.turn,
      bought: own || publicHands ? state.turn.bought : hide(state.turn.bought),
      pending: own ? state.turn.pending : hide(state.turn.pending),
    },
  });
}

/** The Torres rules as a {@link Game}, plus `observe` and the `search` fast path. */
export const torres: Game<TorresState, TorresMove, TorresOptions> & {
  /** T-OBS-1/2: the state as `seat` sees it (hidden cards, the RNG and the seed replaced). */
  observe(state: TorresState, seat: number): TorresState;
  /** A full state consistent with what `seat` sees (see {@link Game.determinize}). */
  determinize(observed: TorresState, seat: number, random: RandomSource): TorresState;
  /** T-OBS-1: only `keep <card>` names a card the other seats may not see. */
  isPrivate(state: TorresState, move: TorresMove): boolean;
  /** The mutable play/undo position over a state, for perft and bots. */
  search(state: TorresState): SearchPosition<TorresMove>;
  /** Whether a move is legal, and which rule forbids it (see {@link Game.explain}). */
  explain(state: TorresState, move: TorresMove): Explanation;
} = {
  name,
  scoring: 'points',
  seats: { min: 2, max: 4, option: 'players' },
  seedOption: 'seed',
  rulebook: { prefix: 'T', page: 'torres' },
  records: torresRecords,
  start: startState,
  players: (s) => checkState(s, 'torres.players').options.players,
  toMove: (s) => checkState(s, 'torres.toMove').actor,
  moves,
  apply,
  explain: (s, m) => explainMove(positionOf(s, 'torres.explain'), m),
  terminal: (s) => checkState(s, 'torres.terminal').step === 'over', // T-END-1
  score: (s) => checkState(s, 'torres.score').seats.map((p) => p.score), // T-END-2
  formatMove: (s, m) => formatCode(positionOf(s, 'torres.formatMove'), encode(m)),
  parseMove: (s, text) => decode(parseCode(positionOf(s, 'torres.parseMove'), text)),
  serialize: (s) => serializeState(checkState(s, 'torres.serialize')),
  deserialize: deserializeState,
  observe,
  determinize,
  // T-OBS-1: the card kept from a draft is private to its owner; every other move is public.
  isPrivate: (s, m) => checkState(s, 'torres.isPrivate') !== null && m?.kind === 'keep',
  search: (s) => searchPosition(s, 'torres.search'),
};
