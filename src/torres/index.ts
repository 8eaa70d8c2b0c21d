/**
 * Torres for boardrules — under construction.
 *
 * @module boardrules/torres
 */

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'torres' as const;
