/**
 * Torres (Kramer & Kiesling, 1999) for 2–4 players: the basic game with all ten action cards
 * in every deck mode (shared, per-colour, draw-three-keep-one, master full hands) and the master
 * version with player-placed castles and the eight master cards.
 *
 * The game is a state machine of small atomic moves (T-FLOW-1): each action is one move that
 * costs its action points, and a turn ends with an explicit `end`. Rule IDs (`T-…`) refer to the
 * boardrules Torres specification.
 *
 * ```ts
 * import { torres } from 'boardrules/torres';
 * let s = torres.start({ players: 3, seed: 7 });
 * while (!torres.terminal(s)) s = torres.apply(s, torres.moves(s)[0]);
 * console.log(torres.score(s));
 * ```
 *
 * @module boardrules/torres
 */
import { RulesError } from '../core/errors.js';
import type { Game, SearchPosition } from '../core/game.js';
import { quote } from '../core/quote.js';
import { nextInt, type RngState, rngFromSeed, shuffle } from '../core/rng.js';
import { labelRegions, makeRegions } from '../geometry/grid.js';
import { GRID, squareIndex, squareName } from './board.js';
import { decode, encode, type TorresMove } from './moves.js';
import { deserializeState, formatCode, parseCode, serializeState } from './notation.js';
import { resolveOptions, type TorresOptions } from './options.js';
import { MAX_MOVES, type Position, S_OVER, startPosition } from './position.js';
import { castlePoints, kingBonus, masterPoints } from './rules.js';
import {
  type CardView,
  checkState,
  fromState,
  type TorresState,
  toState,
  trustState,
} from './state.js';

export { GRID, squareIndex, squareName } from './board.js';
export { CARD_NAMES, type CardName, MASTER_NAMES } from './cards.js';
export { determinize } from './determinize.js';
export { evaluateTorres, torresEvaluator } from './evaluate.js';
export type { PlayFromTo, PlayPlain, PlaySupply, PlayUnder, TorresMove } from './moves.js';
export { FORMAT, FORMAT_VERSION } from './notation.js';
export { DEFAULT_OPTIONS, type DeckMode, PHASE_STACKS, type TorresOptions } from './options.js';
export { STEP_NAMES, type TorresStep } from './position.js';
export type { CardView, TorresSeatState, TorresState, TorresTurnState } from './state.js';

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

/** The position of a state that passed {@link checkState} at entry point `where`. */
function checkedPosition(state: unknown, where: string): Position {
  return fromState(checkState(state, where));
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

// ---- queries for interfaces ----

/** One target of {@link knightTargets}. */
export interface KnightTarget {
  /** The square name. */
  readonly to: string;
  /** `'step'` if a plain step reaches it (T-KNIGHT-MOVE-2), else `'door'` (T-DOOR-2 only). */
  readonly via: 'step' | 'door';
}

/**
 * The squares the knight on `from` reaches for 1 AP (T-KNIGHT-MOVE-1), each marked as a step
 * or a door-only move, ignoring whose turn it is and the AP left.
 */
export function knightTargets(state: TorresState, from: string): KnightTarget[] {
  const pos = checkedPosition(state, 'knightTargets');
  const f = squareIndex(from);
  if (f < 0) throw new RulesError('PARSE_ERROR', `${quote(from)} is not a square`);
  const sets = new Int32Array(4);
  pos.stepTargets(f, sets, 0);
  pos.doorTargets(f, sets, 2);
  const out: KnightTarget[] = [];
  for (let q = 0; q < 64; q++) {
    const half = q >> 5;
    const bit = 1 << (q & 31);
    if ((sets[half] & bit) !== 0) out.push({ to: squareName(q), via: 'step' });
    else if ((sets[2 + half] & bit) !== 0) out.push({ to: squareName(q), via: 'door' });
  }
  return out;
}

/** The squares where a `block` may go now (T-BLOCK-1..4); empty outside the mover's actions. */
export function blockPlacements(state: TorresState): string[] {
  return torres
    .moves(checkState(state, 'blockPlacements'))
    .filter((m) => m.kind === 'block')
    .map((m) => (m as { to: string }).to);
}

/** Whether a square would take a block by T-BLOCK-2/3/4, ignoring AP and the active stack. */
export function canTakeBlock(state: TorresState, square: string): boolean {
  const pos = checkedPosition(state, 'canTakeBlock');
  const q = squareIndex(square);
  if (q < 0) throw new RulesError('PARSE_ERROR', `${quote(square)} is not a square`);
  const r = labelRegions(GRID, pos.heights, makeRegions(GRID));
  if (pos.pieces[q] !== 0) return false;
  const h = pos.heights[q];
  if (h > 0) return h + 1 <= r.areas[r.labels[q]];
  const ids = new Set<number>();
  for (let i = 0; i < GRID.orthCount[q]; i++) {
    const l = r.labels[GRID.orth[4 * q + i]];
    if (l >= 0) ids.add(l);
  }
  return ids.size === 1;
}

/**
 * Each seat's score if the current phase were scored now (T-SCORE-1..3, T-KING-4 and the
 * master card), with leapfrogging applied in scoring order.
 */
export function projectedScores(state: TorresState): number[] {
  const pos = checkedPosition(state, 'projectedScores');
  if (pos.step === S_OVER) return state.seats.map((s) => s.score);
  const phase = state.phase;
  const order = pos.scoringOrder();
  const c = castlePoints(pos.heights, pos.pieces, pos.n);
  for (const p of order) pos.advance(p, c[p]);
  const b = kingBonus(pos.heights, pos.pieces, pos.n, phase);
  for (const p of order) pos.advance(p, b[p]);
  if (state.masterCard !== null) {
    const m = masterPoints(state.masterCard, pos.heights, pos.pieces, pos.n, phase, state.options);
    for (const p of order) pos.advance(p, m[p]);
  }
  return Array.from({ length: pos.n }, (_, p) => pos.score(p));
}

/** T-END-3: the seats with the highest score (several only when tied on 0). */
export function winners(state: TorresState): number[] {
  checkState(state, 'winners');
  const best = Math.max(...state.seats.map((s) => s.score));
  return state.seats.flatMap((s, p) => (s.score === best ? [p] : []));
}
