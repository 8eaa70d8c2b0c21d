/**
 * The phases of a game (T-PHASE-1/2): the stacks each seat is dealt per phase, and the largest
 * stack the compact position can hold. Kernel data: the position deals from it (turn.ts) and
 * the options and the state layer check against it.
 *
 * @module
 */
/** T-PHASE-1: the stacks per phase for 2, 3 and 4 players. */
export const PHASE_STACKS: Readonly<Record<number, readonly (readonly number[])[]>> = {
  2: [
    [3, 3, 3, 3],
    [3, 3, 3, 3],
    [3, 3, 3, 3],
  ],
  3: [
    [3, 3, 2, 2],
    [3, 3, 2],
    [3, 3, 2],
  ],
  4: [
    [2, 2, 2, 2],
    [2, 2, 2],
    [2, 2, 2],
  ],
};

// The largest stack size lives with the other plain numbers, so the build inlines it.
export { MAX_STACK } from './constants.js';

/**
 * The stack sizes of each phase for these options (T-PHASE-1 or `phaseStacks`). Typed by the two
 * options it reads, so that the kernel names nothing of the options layer (`TorresOptions` fits).
 */
export function stacksFor(o: {
  readonly players: number;
  readonly phaseStacks?: readonly (readonly number[])[] | null;
}): readonly (readonly number[])[] {
  return o.phaseStacks ?? (PHASE_STACKS[o.players] as readonly (readonly number[])[]);
}
