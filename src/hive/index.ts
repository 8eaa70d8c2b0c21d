/**
 * Hive for boardrules — under construction.
 *
 * @module boardrules/hive
 */

/** The game's name as used by the CLI and in `Game.name`. */
export const name = 'hive' as const;
