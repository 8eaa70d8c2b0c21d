/**
 * The games the CLI knows. Each game adds its plug-in here (one line).
 */
import { plugin as coerceoPlugin } from './games/coerceo.js';
import { plugin as hivePlugin } from './games/hive/plugin.js';
import { plugin as torresPlugin } from './games/torres.js';
import type { GamePlugin } from './plugin.js';

/** Registered games by name. */
export const games: ReadonlyMap<string, GamePlugin> = new Map<string, GamePlugin>([
  ['hive', hivePlugin as GamePlugin],
  ['coerceo', coerceoPlugin as GamePlugin],
  ['torres', torresPlugin as GamePlugin],
]);
