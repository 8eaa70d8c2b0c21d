/**
 * What a game provides to plug into the `boardrules` CLI. The generic commands (`perft`,
 * `moves`, `play`) work on any registered plug-in; a game only says how its options are read
 * from flags and how to label and picture a state.
 */
import type { Game } from '../core/game.js';
import type { BotKit } from './bots.js';

/** Parsed command-line flags: `--name value` becomes `{ name: 'value' }`, `--flag` `true`. */
export type Flags = Readonly<Record<string, string | boolean>>;

/** One game-specific flag, for `--help` and validation. */
export interface FlagSpec {
  /** Flag name without dashes, e.g. `type`. */
  readonly name: string;
  /** Placeholder for its value in help, e.g. `<GameTypeString>`; absent for boolean flags. */
  readonly value?: string;
  /** One line of help. */
  readonly help: string;
}

/** Thrown for bad command-line arguments; the CLI prints the message and exits with code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A game as the CLI sees it. */
export interface GamePlugin<S = unknown, M = unknown> {
  /** The rules. */
  readonly game: Game<S, M, unknown>;
  /** One line describing the game for `boardrules --help`. */
  readonly summary: string;
  /** The game-specific flags `perft`, `play` and `moves` accept (besides the generic ones). */
  readonly flags: readonly FlagSpec[];
  /**
   * The start state for these flags (e.g. `--type Base+MLP`, `--variant ocius`, `--players 3
   * --seed 7`). Throws {@link UsageError} for a bad flag value. `--seed` is also passed here so
   * games with chance can seed their RNG from it.
   */
  startState(flags: Flags): S;
  /** A short label of the state's variant for perft output, e.g. `Base+MLP`, `ocius`, `4p`. */
  variant(state: S): string;
  /** A plain-text picture of the state for `play` (optional). */
  show?(state: S): string;
  /**
   * What each seat is called, by seat, where the game's pictures name seats by colour (Torres:
   * red, blue, yellow, green); `play` prints `seat 0 (red)`. Absent: seats are numbers only.
   */
  readonly seatNames?: readonly string[];
  /**
   * The game's evaluator, determinizer and MCTS settings for `play --seats` (optional: bots
   * run without them, MCTS with plain rollouts to the end).
   */
  readonly bots?: BotKit<S, M>;
}
