/**
 * What a game provides to plug into the `boardrules` CLI. The generic commands (`perft`,
 * `moves`, `play`) work on any registered plug-in; a game only says how its options are read
 * from flags and how to label and picture a state, and may add commands of its own (a protocol
 * engine, a referee) and jobs for their worker threads. The generic CLI names no game: a game is its
 * plug-in (src/cli/games/<game>.ts) and one line of `registry.ts`.
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

/** Where the CLI writes. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The process's own streams, for a command that speaks a protocol on them. (Typed by what a
 * command uses of them, so that the plug-ins' types hold outside Node.js too: the playground
 * seats the CLI's bots.)
 */
export interface CliStdio {
  /** Where the command reads, as chunks of text (the real binary: stdin). */
  readonly input: AsyncIterable<string | Uint8Array>;
  /** Where it answers (the real binary: stdout). */
  readonly output: { write(text: string): unknown };
  /** Where it reports what goes wrong beside the protocol (the real binary: stderr). */
  readonly errors: { write(text: string): unknown };
}

/** What the CLI gives a game's own command (see {@link CommandPlugin}). */
export interface CommandContext {
  readonly io: CliIO;
  /** Milliseconds since an arbitrary origin, for timings. */
  readonly now: () => number;
  /** Progress of long runs (the real binary: stderr); absent: no progress. */
  readonly progress?: { readonly tty: boolean; write(text: string): void };
  /** The version the CLI reports. */
  readonly version: string;
  /** The file worker threads run (the built binary's own); absent: no worker threads. */
  readonly workerScript?: URL;
  /**
   * The command line that runs this CLI (the real binary: this Node and this file), for a
   * command that starts the CLI again as a child process (`match` plays `<self> uhp`); absent
   * in-process.
   */
  readonly self?: string;
  /** The process's streams (the real binary's stdin, stdout, stderr); absent in-process. */
  readonly stdio?: CliStdio;
}

/**
 * A command a game adds to the CLI: `boardrules <name> [flags]`, without a game argument
 * (a protocol engine, say). Its name must be unique among every registered game's commands and
 * the generic ones.
 */
export interface CommandPlugin {
  /** The command's name, e.g. `uhp`. */
  readonly name: string;
  /** Its synopsis in `boardrules --help`, e.g. `uhp [rule options]`. */
  readonly synopsis: string;
  /** What it does, in a few words, beside the synopsis in `boardrules --help`. */
  readonly summary: string;
  /** What it does, for `boardrules <name> --help` (one or more lines). */
  readonly about: string;
  /** The flags it takes (the CLI reads them, and refuses any other). */
  readonly flags: readonly FlagSpec[];
  /**
   * Optional: takes out of the arguments those the generic flag parser cannot read, such as a
   * flag given twice (`match --engine A --engine B`); they reach `run` as `taken`. Throws
   * {@link UsageError} for a bad one.
   */
  take?(args: readonly string[]): {
    readonly taken: readonly string[];
    readonly rest: readonly string[];
  };
  /**
   * Runs the command. Throws {@link UsageError} for bad flags. Resolves to the exit code when it
   * is not 0 (a command that did part of its work: say, some records of a file could not be
   * read).
   */
  run(ctx: CommandContext, flags: Flags, taken: readonly string[]): Promise<number | undefined>;
}

/**
 * A game's settings for `boardrules analyze`: the depth searched by default, and the drops in
 * evaluation (for the seat that moved, in the evaluation's units: the first seat's view runs
 * from -1 to +1) from which a move is marked `?!`, `?` and `??`. The game's evaluator sets the
 * scale, so each game has its own.
 */
export interface AnalysisSettings {
  /** `--depth` when neither it nor `--time` is given. */
  readonly depth: number;
  /** The smallest drop of an inaccuracy (`?!`), a mistake (`?`) and a blunder (`??`). */
  readonly thresholds: readonly [inaccuracy: number, mistake: number, blunder: number];
  /** Why these numbers (for `analyze --help` and the guide). */
  readonly basis: string;
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
   * What each seat is called, by seat, where the game's pictures name seats by colour (e.g.
   * red, blue, yellow, green); `play` prints `seat 0 (red)`. Absent: seats are numbers only.
   */
  readonly seatNames?: readonly string[];
  /**
   * The game's evaluator, determinizer and MCTS settings for `play --seats` (optional: bots
   * run without them, MCTS with plain rollouts to the end).
   */
  readonly bots?: BotKit<S, M>;
  /**
   * The record tags that only this game's records have (Hive `GameType`, Coerceo `Variant`),
   * by which `boardrules record` and `analyze` tell a record's game when `--game` does not.
   */
  readonly recordTags?: readonly string[];
  /** How `boardrules analyze` searches and judges the game's moves (absent: the defaults). */
  readonly analysis?: AnalysisSettings;
  /** Commands of the game's own beside the generic ones (see {@link CommandPlugin}). */
  readonly commands?: readonly CommandPlugin[];
  /**
   * Does a job that the game's own commands sent to a CLI worker thread (`gameJobRequest` in
   * `workers.ts`: say, the helper threads of an engine's search). Returns when the job is done; answered only
   * when it throws.
   */
  runJob?(job: unknown): void;
}
