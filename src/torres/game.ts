/**
 * The Torres rules as a {@link Game} record: thin calls that check the state, reach its
 * position, ask the generator and build the next state.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game, SearchPosition } from '../core/game.js';
import { quote } from '../core/quote.js';
import { nextInt, type RngState, rngFromSeed, shuffle } from '../core/rng.js';
import { decode, encode, type TorresMove } from './moves.js';
import { deserializeState, formatCode, parseCode, serializeState } from './notation.js';
import { resolveOptions, type TorresOptions } from './options.js';
import { MAX_MOVES, type Position, S_OVER, startPosition } from './position.js';
import {
  type CardView,
  checkedPosition,
  checkState,
  type TorresState,
  toState,
  trustState,
} from './state.js';

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'torres' as const;

const DUMMY_RNG: RngState = [0, 0, 0, 0];

function codes(pos: Position): Int32Array {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.generate(buf, 0);
  return buf.subarray(0, n);
}

/** T-RNG-2: all draws happen here, in the specified order. */
function start(options?: Partial<TorresOptions>): TorresState {
  const o = resolveOptions(options);
  let rng = rngFromSeed(o.seed);
  let first = 0;
  if (o.firstPlayer === 'random') [first, rng] = nextInt(rng, o.players);
  else first = o.firstPlayer;
  let master = 0;
  if (o.version === 'master') {
    if (o.masterCard === 'random') {
      let m: number;
      [m, rng] = nextInt(rng, 8);
      master = m + 1;
    } else master = o.masterCard;
  }
  const types = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  let shared: number[] = [];
  const seatDecks: number[][] = [];
  if (o.deckMode === 'shared') {
    // T-RULE-17: all 40 cards, colour 0..3 then type order, whatever the player count.
    [shared, rng] = shuffle([...types, ...types, ...types, ...types], rng);
  } else if (o.deckMode === 'perColour' || o.deckMode === 'draft') {
    for (let p = 0; p < o.players; p++) {
      let d: number[];
      [d, rng] = shuffle(types, rng);
      seatDecks.push(d);
    }
  }
  const pos = startPosition(o, first, master, shared, seatDecks);
  return toState(pos, rng, true);
}

function apply(state: TorresState, move: TorresMove): TorresState {
  const pos = checkedPosition(state, 'torres.apply');
  if (pos.step === S_OVER) throw new RulesError('GAME_OVER', 'the game is over');
  const c = encode(move);
  if (!codes(pos).includes(c)) {
    throw new RulesError('ILLEGAL_MOVE', `illegal move ${quote(move)} in step '${state.step}'`);
  }
  pos.play(c);
  return toState(pos, state.rng, true);
}

/**
 * T-OBS-1/2: the state as `seat` sees it. Other seats' hands (except in `masterHand` mode),
 * every deck, the pending draft cards and bought types of another buyer, and the RNG are
 * replaced by placeholders of the right length.
 */
function observe(state: TorresState, seat: number): TorresState {
  checkState(state, 'torres.observe');
  const hide = (cs: readonly CardView[]): CardView[] => cs.map(() => '?');
  const publicHands = state.options.deckMode === 'masterHand';
  const own = state.actor === seat;
  // Hiding keeps every field's type and range: the observation is a valid input (T-OBS-2).
  return trustState({
    ...state,
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

class TorresSearch implements SearchPosition<TorresMove> {
  readonly maxMoves: number = MAX_MOVES;
  constructor(
    private readonly pos: Position,
    private readonly rng: RngState,
  ) {}
  toMove(): number {
    return this.pos.actor;
  }
  terminal(): boolean {
    return this.pos.step === S_OVER;
  }
  score(): readonly number[] {
    return Array.from({ length: this.pos.n }, (_, p) => this.pos.score(p));
  }
  generate(out: Int32Array, offset: number): number {
    return this.pos.generate(out, offset);
  }
  play(move: number): void {
    this.pos.play(move);
  }
  undo(): void {
    this.pos.undo();
  }
  hash(): number {
    return this.pos.hash();
  }
  decode(move: number): TorresMove {
    return decode(move);
  }
  encode(move: TorresMove): number {
    return encode(move);
  }
  state(): TorresState {
    return toState(this.pos, this.rng);
  }
}

/** The Torres rules as a {@link Game}, plus `observe` and the `search` fast path. */
export const torres: Game<TorresState, TorresMove, TorresOptions> & {
  /** T-OBS-1/2: the state as `seat` sees it (hidden cards and the RNG replaced). */
  observe(state: TorresState, seat: number): TorresState;
  /** The mutable play/undo position over a state, for perft and bots. */
  search(state: TorresState): SearchPosition<TorresMove>;
} = {
  name,
  scoring: 'points',
  start,
  players: (s) => checkState(s, 'torres.players').options.players,
  toMove: (s) => checkState(s, 'torres.toMove').actor,
  moves: (s) => Array.from(codes(checkedPosition(s, 'torres.moves')), decode),
  apply,
  terminal: (s) => checkState(s, 'torres.terminal').step === 'over', // T-END-1
  score: (s) => checkState(s, 'torres.score').seats.map((p) => p.score), // T-END-2
  formatMove: (s, m) => formatCode(checkedPosition(s, 'torres.formatMove'), encode(m)),
  parseMove: (s, text) => decode(parseCode(checkedPosition(s, 'torres.parseMove'), text)),
  serialize: (s) => serializeState(checkState(s, 'torres.serialize')),
  deserialize: deserializeState,
  observe,
  search: (s) => new TorresSearch(checkedPosition(s, 'torres.search'), s.rng),
};
