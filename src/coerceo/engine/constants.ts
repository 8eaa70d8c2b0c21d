/**
 * The numbers the Coerceo engine's hot code uses: board sizes, colours, the move-code layout,
 * status codes and the layout of an undo snapshot. Their homes (board.ts, codes.ts, rules.ts,
 * position.ts) re-export or import them.
 *
 * Why a module with no imports: V8 does not fold module-level constants, so each use in a loop
 * was a context load and a tag check. The bundler replaces each use with its value when the
 * constants live in a module that imports nothing (esbuild's const inlining with
 * `minifySyntax`, see tsup.config.ts). Keep this file free of imports and of anything but plain
 * numeric constants, or the inlining stops.
 *
 * @module
 */

// ---- the board (board.ts) ----
/** Number of tiles on the full board. */
export const TILE_COUNT = 19;
/** Fields per colour on the full board. */
export const COLOUR_FIELDS = 57;
/** White (seat 0, up-pointing fields) and Black (seat 1). */
export const WHITE = 0;
/** See {@link WHITE}. */
export const BLACK = 1;

// ---- move codes (codes.ts) ----
/** Flag bit of an exchange in the integer move encoding. */
export const EXCHANGE: number = 1 << 12;
/** Upper bound on legal moves: 18 pieces × 6 steps + 18 exchange targets. */
export const MAX_MOVES: number = 18 * 6 + 18;

// ---- status (rules.ts) ----
/** The game goes on. */
export const LIVE = 0;
/** Winner code of a draw. */
export const DRAW = 2;

// ---- one entry of the position's undo stack (position.ts): what each slot holds ----
/** White's pieces, low word. */
export const S_WLO = 0;
/** White's pieces, high word. */
export const S_WHI = 1;
/** Black's pieces, low word. */
export const S_BLO = 2;
/** Black's pieces, high word. */
export const S_BHI = 3;
/** The tiles on the board (saved on irreversible turns only). */
export const S_TILES = 4;
/** The tiles' colour-index expansion, low word (irreversible turns only). */
export const S_PLO = 5;
/** The tiles' colour-index expansion, high word (irreversible turns only). */
export const S_PHI = 6;
/** Tiles White holds (irreversible turns only). */
export const S_HELDW = 7;
/** Tiles Black holds (irreversible turns only). */
export const S_HELDB = 8;
/** White's piece count (irreversible turns only). */
export const S_CNTW = 9;
/** Black's piece count (irreversible turns only). */
export const S_CNTB = 10;
/**
 * Where the repetition segment starts (the first position since the last irreversible turn);
 * saved on irreversible turns only, the only ones that move it.
 */
export const S_IRREV = 11;
/** The position hash, low word. */
export const S_HLO = 12;
/** The position hash, high word. */
export const S_HHI = 13;
/** 1 when the slots S_TILES..S_IRREV of this entry were saved (irreversible turns only). */
export const S_RARE = 14;
/**
 * The steps of the side not to move in this entry's position, −1 until `count` learns them
 * (see `CoerceoPosition.count`).
 */
export const S_REPLIES = 15;
/**
 * Slots per entry. The side to move and the end status are not saved: every play flips the
 * side, and a play is made only in a live position (the SearchPosition contract: `generate`
 * gives no move in an ended one), so `undo` flips the side back and restores a live status.
 */
export const S = 16;
