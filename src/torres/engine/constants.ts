/**
 * The numbers the Torres engine's hot code switches on: move kinds and the value of the king.
 * Their homes (codes.ts, rules.ts) re-export them.
 *
 * Why a module with no imports: V8 does not fold module-level constants, so each use in a loop
 * was a context load and a tag check. The bundler replaces each use with its value when the
 * constants live in a module that imports nothing (esbuild's const inlining with
 * `minifySyntax`, see tsup.config.ts; layout.ts and cards.ts are inlined the same way). Keep
 * this file free of imports and of anything but plain numeric constants, or the inlining stops.
 *
 * @module
 */

// ---- move kinds: the low 4 bits of a move code (codes.ts) ----
/** Move kind `castle`. */
export const K_CASTLE = 0;
/** Move kind `startKnight`. */
export const K_START = 1;
/** Move kind `king`. */
export const K_KING = 2;
/** Move kind `kingStay`. */
export const K_KING_STAY = 3;
/** Move kind `stack`. */
export const K_STACK = 4;
/** Move kind `block`. */
export const K_BLOCK = 5;
/** Move kind `knight`. */
export const K_KNIGHT = 6;
/** Move kind `move`. */
export const K_MOVE = 7;
/** Move kind `score`. */
export const K_SCORE = 8;
/** Move kind `buy`. */
export const K_BUY = 9;
/** Move kind `keep`. */
export const K_KEEP = 10;
/** Move kind `return`. */
export const K_RETURN = 11;
/** Move kind `spread`. */
export const K_SPREAD = 12;
/** Move kind `end`. */
export const K_END = 13;
/** Move kind `play` (the card id in the code's card field). */
export const K_PLAY = 14;
/** `x` of `blockUnder` when the block comes from the active stack. */
export const X_ACTIVE = 63;

// ---- pieces (rules.ts) ----
/** The value of the king in a `pieces` array. */
export const KING = 5;

// ---- phases (phases.ts) ----
/** The largest stack size the compact position can hold (stack sizes are counted per size). */
export const MAX_STACK = 15;
