/**
 * The numbers the Hive engine's hot loops use: torus size, bug kinds, piece slots, expansion
 * bits and the move-code layout. Their homes (board.ts, pieces.ts, codes.ts, rules.ts) re-export
 * them with the rest of their story.
 *
 * Why one module with no imports: V8 does not fold module-level constants, so every `CELLS` in a
 * loop was a context load, a tag check and a shift by a register. The bundler replaces each use
 * with its value when the constants live in a module that imports nothing (esbuild's const
 * inlining with `minifySyntax`, see tsup.config.ts), so the built package reads literals. Keep
 * this file free of imports and of anything but plain numeric constants, or the inlining stops.
 *
 * @module
 */

// ---- the torus (board.ts) ----
/** log2 of the torus side. */
export const BITS = 6;
/** Torus side. */
export const SIDE: number = 1 << BITS;
/** Mask of one coordinate. */
export const MASK: number = SIDE - 1;
/** Number of cells. */
export const CELLS: number = SIDE * SIDE;
/** The cell of the first placement, real (0, 0): `cellOf(0, 0)`. */
export const ORIGIN_CELL = 0;

// ---- bug kinds (pieces.ts): the numbers index the per-kind tables in the move generator ----
/** Queen Bee: one slide (H-QUEEN-1). */
export const QUEEN = 0;
/** Spider: exactly three slides (H-SPIDER-1). */
export const SPIDER = 1;
/** Beetle: one step at any height (H-BEETLE-1). */
export const BEETLE = 2;
/** Grasshopper: jumps a straight run (H-GRASS-1). */
export const GRASSHOPPER = 3;
/** Soldier Ant: any number of slides (H-ANT-1). */
export const ANT = 4;
/** Mosquito: copies adjacent top pieces (H-MOSQ-*). */
export const MOSQUITO = 5;
/** Ladybug: up, across, down (H-LADY-1). */
export const LADYBUG = 6;
/** Pillbug: one slide or a throw (H-PILLBUG-*). */
export const PILLBUG = 7;
/** Fan Mantis (Beetle tile): grabs from the ground, a Beetle on the hive (H-FAN-MANTIS). */
export const MANTIS = 8;
/** Fan Fly (Grasshopper tile): one slide, or a flight when it cannot slide (H-FAN-FLY). */
export const FLY = 9;
/** Fan Scorpion (Spider tile): a Spider nothing may climb, jump or move (H-FAN-SCORPION). */
export const SCORPION = 10;
/** Fan Wasp (Ant tile): flies next to enemy stacks only (H-FAN-WASP). */
export const WASP = 11;
/** Fan Cockroach (Ladybug tile): a Ladybug over friendly tops, any length (H-FAN-ROACH). */
export const ROACH = 12;
/** Fan Dragonfly (Mosquito tile): an off-axis hop that may carry (H-FAN-DRAGONFLY). */
export const DRAGONFLY = 13;
/**
 * Fan Centipede (Pillbug tile): one slide or a swap (H-FAN-CENTIPEDE). Not the "centipede" of the
 * Russian Pillbug leaflet, which names the official Pillbug (H-FAN-CENTIPEDE-g).
 */
export const CENTIPEDE = 14;
/** Number of bug kinds. */
export const KINDS = 15;
/** The first fan kind; kinds from here on are the fan bugs in canonical order T F K W R D C. */
export const FIRST_FAN_KIND: number = MANTIS;
/** Number of fan kinds. */
export const FAN_KINDS = 7;

// ---- piece ids (pieces.ts) ----
/**
 * Slots per colour: Q, S1, S2, B1, B2, G1–G3, A1–A3, M, L, P, then the fan bugs T1, T2, F1–F3,
 * K1, K2, W1–W3, R, D, C (H-MOVESET-3 order).
 */
export const SLOTS = 27;
/** Number of piece ids (both colours). */
export const PIECES: number = 2 * SLOTS;

// ---- expansion bits of a game-type mask (pieces.ts) ----
/** Expansion bit of the Mosquito in a game-type mask. */
export const EXP_M = 1;
/** Expansion bit of the Ladybug. */
export const EXP_L = 2;
/** Expansion bit of the Pillbug. */
export const EXP_P = 4;

// ---- move codes (codes.ts) ----
/**
 * Integer moves are `op * OP_SPAN + piece * CELLS + cell`. `OP_MOVE` places or moves `piece` to
 * `cell`; the fan operations (H-FAN-GEN-3) name the piece that changes hex and the cell it goes
 * to, so the actor is found on that cell: `OP_GRAB` puts `piece` under the Mantis on `cell`
 * (H-FAN-MANTIS-2), `OP_SWAP` trades places between `piece` and the Centipede on `cell`
 * (H-FAN-CENTIPEDE-1), and `OP_CARRY` moves the Dragonfly `piece` to `cell` with the piece under it
 * (H-FAN-DRAGONFLY-2).
 */
export const OP_SPAN: number = PIECES * CELLS;
/** Placement or movement of one piece. */
export const OP_MOVE = 0;
/** H-FAN-MANTIS-2: a grab, written as the grabbed piece going to the grabber's cell. */
export const OP_GRAB = 1;
/** H-FAN-CENTIPEDE-1: a swap, written as the partner going to the swapper's cell. */
export const OP_SWAP = 2;
/** H-FAN-DRAGONFLY-2: a Dragonfly move that carries the piece it stands on. */
export const OP_CARRY = 3;
/** The integer move meaning `pass`. */
export const PASS: number = 4 * OP_SPAN;

// ---- the position's undo stack (position.ts) ----
/** Ints the undo stack keeps per ply (`Position.hist`). */
export const HIST = 7;
