/**
 * The games the CLI knows. Each game issue adds its plug-in here (one line).
 */
import { plugin as torresPlugin } from './games/torres.js';
import type { GamePlugin } from './plugin.js';

/** Registered games by name. */
export const games: ReadonlyMap<string, GamePlugin> = new Map<string, GamePlugin>([
  // ['hive', hivePlugin as GamePlugin],
  ['torres', torresPlugin as GamePlugin],
]);
