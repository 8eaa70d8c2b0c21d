/**
 * The core of boardrules: the generic {@link Game} interface every game implements, the
 * {@link RulesError} type, the seeded RNG, generic perft and random playouts, generic bots
 * (random, MCTS, alpha-beta) and the shared board geometry (hex, triangle and height grids).
 * The games themselves live in `boardrules/hive`, `boardrules/coerceo` and `boardrules/torres`.
 *
 * @module boardrules
 */
export * from './core/index.js';
export * from './geometry/index.js';
export * from './search/index.js';
