/**
 * The layout of the Torres position's flat state array: what each index holds, and the ids of
 * the turn-flow steps stored at `STEP`. The `Position` (position.ts), the generator (moves.ts,
 * card-moves.ts), the turn flow (turn.ts) and the state conversion (state.ts) all read the
 * array through these names.
 *
 * @module
 */

// ---- steps (T-FLOW-1) ----
/** The steps of the state machine, by id. */
export const STEP_NAMES = [
  'setupCastle',
  'setupKnight',
  'setupKing',
  'chooseStack',
  'actions',
  'draftKeep',
  'draftReturn',
  'redistribute',
  'kingMove',
  'over',
] as const;
/** A step of the state machine (T-FLOW-1). */
export type TorresStep = (typeof STEP_NAMES)[number];
/** Step id of `setupCastle` (master setup). */
export const S_SETUP_CASTLE = 0;
/** Step id of `setupKnight`. */
export const S_SETUP_KNIGHT = 1;
/** Step id of `setupKing`. */
export const S_SETUP_KING = 2;
/** Step id of `chooseStack`. */
export const S_CHOOSE = 3;
/** Step id of `actions`. */
export const S_ACTIONS = 4;
/** Step id of `draftKeep`. */
export const S_KEEP = 5;
/** Step id of `draftReturn`. */
export const S_RETURN = 6;
/** Step id of `redistribute`. */
export const S_REDIST = 7;
/** Step id of `kingMove`. */
export const S_KING_MOVE = 8;
/** Step id of `over`. */
export const S_OVER = 9;

// ---- the flat array ----
/** Layout: 64 heights. */
export const H = 0;
/** Layout: 64 pieces (T-GEO-3: at most one per square): 0 empty, 1..4 a knight of seat p − 1, 5 the king. */
export const P = 64;
/** Layout: blocks in the supply. */
export const SUPPLY = 128;
/** Layout: the phase 1..3. */
export const PHASE = 129;
/** Layout: the 0-based round. */
export const ROUND = 130;
/** Layout: index into the round's order. */
export const TURN = 131;
/** Layout: the step id. */
export const STEP = 132;
/** Layout: the seat that started the phase (lastPhaseStart). */
export const LPS = 133;
/** Layout: the seat to act. */
export const ACTOR = 134;
/** Layout: blocks left in the active stack (or still to spread). */
export const ACTIVE = 135;
/** Layout: the turn's AP limit. */
export const AP_LIMIT = 136;
/** Layout: AP spent this turn. */
export const AP_USED = 137;
/** Layout: purchases this turn. */
export const BOUGHT_N = 138;
/** Layout: 1 once a card was played this turn. */
export const PLAYED = 139;
/** Layout: blocks redistributed this turn. */
export const SPREAD_N = 140;
/** Layout: 1 while carried blocks are spread (T-RULE-4). */
export const CARRY_SPREAD = 141;
/** Layout: placements made in the current setup step. */
export const SETUP_N = 142;
/** Layout: the master card 1..8, or 0. */
export const MASTER = 143;
/** Layout: 4 seats of the round, in turn order. */
export const ORDER = 144;
/** Layout: number of pending draft cards. */
export const PEND_N = 148;
/** Layout: 3 pending draft cards, in drawn order. */
export const PEND = 149;
/** Layout: 11 counts of cards bought this turn, by card id (0 = hidden). */
export const BOUGHT = 152;
/** Layout: size of the shared deck. */
export const DECK_N = 163;
/** Layout: 40 shared-deck cards, bottom first (the top is at DECK + DECK_N − 1). */
export const DECK = 164;
/** Layout: offset of seat 0's record. */
export const SEAT0 = 204;
/** Layout: size of one seat's record. */
export const SEAT_STRIDE = 52;
/** Seat record: track position. */
export const O_SCORE = 0;
/** Seat record: knights off the board. */
export const O_KOFF = 1;
/** Seat record: carried blocks. */
export const O_CARRY = 2;
/** Seat record: 16 stack counts by size. */
export const O_STACKS = 3;
/** Seat record: 11 hand counts by card id (0 = hidden). */
export const O_HAND = 19;
/** Seat record: size of the seat's deck. */
export const O_DECK_N = 30;
/** Seat record: 10 deck cards, bottom first. */
export const O_DECK = 31;
/** Seat record: 11 counts of the cards the seat has played, by card id (public, T-OBS-1). */
export const O_PLAYED = 41;
/** Layout: the array length. */
export const SIZE: number = SEAT0 + 4 * SEAT_STRIDE;
/** Offset of seat p's record in the array. */
export function seatOffset(p: number): number {
  return SEAT0 + p * SEAT_STRIDE;
}
