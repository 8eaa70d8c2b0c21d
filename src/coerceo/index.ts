/**
 * Coerceo for boardrules — under construction.
 *
 * @module boardrules/coerceo
 */

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'coerceo' as const;
