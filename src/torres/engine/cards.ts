/**
 * The ten action cards (§8) and the eight master cards (§11) as small integer ids.
 *
 * @module
 */

/** Action card type names in the order of the cards in the Italian rules (§8). */
export const CARD_NAMES = [
  'ap6',
  'ap7',
  'supplyBlock',
  'blockUnder',
  'moveBlock',
  'relocate',
  'diagonal',
  'anyDoor',
  'jumpKnight',
  'climbTwo',
] as const;

/** An action card type. */
export type CardName = (typeof CARD_NAMES)[number];

/** Card ids: 1..10 in {@link CARD_NAMES} order; 0 is a hidden card (T-OBS-2). */
export const HIDDEN = 0;
/** T-CARD-AP6-1 */
export const AP6 = 1;
/** T-CARD-AP7-1 (7 AP; T-RULE-21) */
export const AP7 = 2;
/** T-CARD-SUPPLY-1 */
export const SUPPLY_BLOCK = 3;
/** T-CARD-UNDER-1 */
export const BLOCK_UNDER = 4;
/** T-CARD-MOVEBLOCK-1 */
export const MOVE_BLOCK = 5;
/** T-CARD-RELOCATE-1 */
export const RELOCATE = 6;
/** T-CARD-DIAGONAL-1 */
export const DIAGONAL = 7;
/** T-CARD-DOOR-1 (T-RULE-19) */
export const ANY_DOOR = 8;
/** T-CARD-JUMP-1 */
export const JUMP_KNIGHT = 9;
/** T-CARD-CLIMB2-1 */
export const CLIMB_TWO = 10;

/** The id (1..10) of a card name, or −1. */
export function cardId(name: string): number {
  return (CARD_NAMES as readonly string[]).indexOf(name) + 1 || -1;
}

/** The name of card id 1..10; `'?'` for a hidden card. */
export function cardName(id: number): CardName | '?' {
  return id === HIDDEN ? '?' : (CARD_NAMES[id - 1] as CardName);
}

/** Master card names (T-MASTER-CARD-1), ids 1..8 in table order. */
export const MASTER_NAMES = [
  'edge',
  'diagonals',
  'castles',
  'contiguous',
  'levels',
  'line',
  'square',
  'sameLevel',
] as const;
