/**
 * The `boardrules` command, as a function of its arguments and its output streams so it can be
 * tested in-process. Generic over the registered games (`registry.ts`): `perft`, `moves` and
 * `play` work for any of them, `record` and `analyze` on the records of any of them, `games` and
 * `demo` list and show them, and a game may add commands of its own (its plug-in's `commands`).
 */
import { isRulesError } from '../core/errors.js';
import { ruleUrl } from '../core/explain.js';
import { perft } from '../core/perft.js';
import { quote } from '../core/quote.js';
import { analyzeCommand } from './analyze/command.js';
import { COMMON_FLAGS, commandSpecs, flagLines, parseFlags } from './flags.js';
import { runPerft } from './perft.js';
import { initialState, runPlay } from './play.js';
import type {
  CliIO,
  CliStdio,
  CommandContext,
  CommandPlugin,
  FlagSpec,
  Flags,
  GamePlugin,
} from './plugin.js';
import { UsageError } from './plugin.js';
import { recordCommand } from './record.js';
import { games as registeredGames } from './registry.js';
import { suggestion } from './suggest.js';
import { packageVersion } from './version.js';

export type { CliIO } from './plugin.js';

/** Everything the CLI needs from outside; defaults to the registered games. */
export interface CliContext {
  readonly io: CliIO;
  readonly games?: ReadonlyMap<string, GamePlugin>;
  /** Milliseconds since an arbitrary origin, for timings. */
  readonly now?: () => number;
  /** Progress of long runs (the real binary: stderr); absent: no progress. */
  readonly progress?: { readonly tty: boolean; write(text: string): void };
  /** The version `--version` prints (default: the package's). */
  readonly version?: string;
  /** The file worker threads run (the built binary's own); absent: no `--workers`. */
  readonly workerScript?: URL;
  /**
   * The command line that runs this CLI (the real binary: this Node and this file), for a
   * command that starts it again as a child process (a referee that plays the CLI's own engine);
   * absent: such a command needs to be told what to run.
   */
  readonly self?: string;
  /**
   * The process's streams, for a command that speaks a protocol on them (an engine); absent (the
   * CLI run in-process): such a command is not available.
   */
  readonly stdio?: CliStdio;
}

/** The commands that work on a game: `<command> <game> [flags]`. */
const GAME_COMMANDS = ['perft', 'moves', 'play'] as const;
type GameCommand = (typeof GAME_COMMANDS)[number];
/** The commands of the CLI itself that take no game. */
const OWN_COMMANDS = ['games', 'demo'] as const;

/** One line on what each generic command does, for its help. */
const ABOUT: Readonly<Record<string, string>> = {
  perft: 'Counts the move sequences of each depth from a position (tests the move generator).',
  moves: 'Lists the legal moves of a position, one per line.',
  play: 'Plays seeded random self-play games, or bot-vs-bot matches with a results table.',
  games: 'Lists the available games.',
  demo: 'A short tour of every game (what `npm start` runs).',
};

/**
 * The commands over the registered games' records (`record`, `analyze`: when a game has
 * records), then those the games add, by name; two of one name are an error.
 */
function gameOwnCommands(
  gamesMap: ReadonlyMap<string, GamePlugin>,
): ReadonlyMap<string, CommandPlugin> {
  const commands = new Map<string, CommandPlugin>();
  const recorded = [...gamesMap.values()].some((p) => p.game.records !== undefined);
  for (const command of recorded ? [recordCommand(gamesMap), analyzeCommand(gamesMap)] : []) {
    commands.set(command.name, command);
  }
  const generic: readonly string[] = [...GAME_COMMANDS, ...OWN_COMMANDS, 'help', 'version'];
  for (const [game, plugin] of gamesMap) {
    for (const command of plugin.commands ?? []) {
      if (commands.has(command.name) || generic.includes(command.name)) {
        throw new Error(`game '${game}' adds a command '${command.name}' the CLI already has`);
      }
      commands.set(command.name, command);
    }
  }
  return commands;
}

/** A synopsis and its summary as a line of `boardrules --help` (two if the synopsis is long). */
function commandLines(synopsis: string, summary: string): string[] {
  const at = 35;
  return synopsis.length < at
    ? [`  ${synopsis.padEnd(at)}${summary}`]
    : [`  ${synopsis}`, `${' '.repeat(at + 2)}${summary}`];
}

function usage(
  gamesMap: ReadonlyMap<string, GamePlugin>,
  commands: ReadonlyMap<string, CommandPlugin>,
): string {
  const names = [...gamesMap.keys()];
  const lines = [
    'Usage: boardrules <command> [options]',
    '',
    'Commands:',
    '  perft <game> --depth N [options]   count move sequences (tests the move generator)',
    '  moves <game> --state <text>        list the legal moves of a position, one per line',
    '  play <game> [--seed S]             self-play by random players, printing moves and result',
    '  play <game> --seats <bot,...> [--time ms] [--games N]',
    '                                     bot-vs-bot matches (random, mcts, alphabeta) and a',
    '                                     results table',
    ...[...commands.values()].flatMap((c) => commandLines(c.synopsis, c.summary)),
    '  games                              list the available games',
    '  demo                               a short tour of every game (what `npm start` runs)',
    '',
    `Games: ${names.length > 0 ? names.join(', ') : '(none registered yet)'}`,
    "Run 'boardrules <command> --help' for a command's options, 'boardrules <command> <game>",
    "--help' for a game's too; 'boardrules --version' prints the version.",
  ];
  for (const [name, plugin] of gamesMap) lines.push(`  ${name.padEnd(10)} ${plugin.summary}`);
  return lines.join('\n');
}

/** `boardrules <command> --help` without a game: the command's generic flags and the games. */
function commandHelp(
  command: string,
  gamesMap: ReadonlyMap<string, GamePlugin>,
  commands: ReadonlyMap<string, CommandPlugin>,
): string {
  const game = (GAME_COMMANDS as readonly string[]).includes(command) ? ' <game>' : '';
  const about = commands.get(command)?.about ?? ABOUT[command] ?? '';
  const lines = [`Usage: boardrules ${command}${game} [options]`, '', about, ''];
  lines.push('Options:', ...flagLines(commandFlags(command, commands)));
  if (game !== '') {
    lines.push('', `Games: ${[...gamesMap.keys()].join(', ') || '(none registered)'}`);
    lines.push(`Run 'boardrules ${command} <game> --help' for the game's own options.`);
  }
  return lines.join('\n');
}

/** `boardrules <command> <game> --help`: the generic and the game's flags. */
function gameCommandHelp(command: GameCommand, name: string, plugin: GamePlugin): string {
  const lines = [`Usage: boardrules ${command} ${name} [options]`, '', plugin.summary, ''];
  lines.push('Options:', ...flagLines(commandSpecs(command, plugin)));
  return lines.join('\n');
}

/** Every command, for "did you mean" (`help` and `version` are spelled as commands too). */
function allCommands(commands: ReadonlyMap<string, CommandPlugin>): string[] {
  return [...GAME_COMMANDS, ...commands.keys(), ...OWN_COMMANDS, 'help', 'version'];
}

/**
 * The generic flags of every command: flag name → the commands that take it, so an option given
 * to the wrong command says where it belongs (`play <game> --json`: an option of 'perft').
 */
function flagOwners(
  commands: ReadonlyMap<string, CommandPlugin>,
): ReadonlyMap<string, readonly string[]> {
  const owners = new Map<string, string[]>();
  for (const command of allCommands(commands)) {
    for (const f of commandFlags(command, commands))
      owners.set(f.name, [...(owners.get(f.name) ?? []), command]);
  }
  return owners;
}

/** The flags of a command that takes no game. */
function commandFlags(
  command: string,
  commands: ReadonlyMap<string, CommandPlugin>,
): readonly FlagSpec[] {
  return commands.get(command)?.flags ?? COMMON_FLAGS[command] ?? [];
}

function runMoves(ctx: CliContext, plugin: GamePlugin, flags: Flags): void {
  if (typeof flags.state !== 'string') throw new UsageError('--state <text> is required');
  const state = plugin.game.deserialize(flags.state);
  for (const m of plugin.game.moves(state)) ctx.io.out(plugin.game.formatMove(state, m));
}

/** `['ab', 'cd', 'ef']` as `Ab, Cd and Ef`: the games' names as titles. */
function titles(names: readonly string[]): string {
  const t = names.map((n) => `${n.charAt(0).toUpperCase()}${n.slice(1)}`);
  return t.length < 2 ? t.join('') : `${t.slice(0, -1).join(', ')} and ${t.at(-1)}`;
}

async function runDemo(ctx: CliContext, gamesMap: ReadonlyMap<string, GamePlugin>): Promise<void> {
  ctx.io.out(`boardrules — executable rules for ${titles([...gamesMap.keys()]) || 'board games'}`);
  ctx.io.out('');
  if (gamesMap.size === 0) {
    ctx.io.out(
      'No games are registered yet. Available now: the generic Game interface, RulesError,',
    );
    ctx.io.out(
      'the seeded RNG, generic perft and random playouts, and the hex/triangle/grid geometry.',
    );
    return;
  }
  for (const [name, plugin] of gamesMap) {
    ctx.io.out(`== ${name}: ${plugin.summary}`);
    const start = plugin.startState({ seed: '1' });
    const counts = [1, 2].map((d) => perft(plugin.game, start, d));
    ctx.io.out(
      `start position (${plugin.variant(start)}): perft(1) = ${counts[0]}, perft(2) = ${counts[1]}`,
    );
    await runPlay(ctx, name, plugin, { seed: '1', quiet: true });
    // `npx boardrules`: the command a reader can paste as is, in a clone (npm start runs the
    // demo there, and `boardrules` alone is on no PATH) as in a project that installed it.
    ctx.io.out(
      `try: npx boardrules play ${name} --seed 2    npx boardrules perft ${name} --depth 3`,
    );
    ctx.io.out('');
  }
  ctx.io.out("Every command and its options: 'npx boardrules --help'.");
}

/** `<command> <game> [flags]`: finds the game, reads its flags and runs the command. */
async function runGameCommand(
  ctx: CliContext,
  command: GameCommand,
  rest: readonly string[],
  gamesMap: ReadonlyMap<string, GamePlugin>,
  commands: ReadonlyMap<string, CommandPlugin>,
): Promise<void> {
  const [name, ...args] = rest;
  if (name === undefined || name.startsWith('-')) {
    // `perft --help` without a game: the command's own help.
    if (
      name !== undefined &&
      parseFlags(COMMON_FLAGS[command] ?? [], rest, flagOwners(commands)).help
    ) {
      ctx.io.out(commandHelp(command, gamesMap, commands));
      return;
    }
    throw new UsageError(
      `'${command}' needs a game: ${[...gamesMap.keys()].join(', ') || '(none registered)'}`,
    );
  }
  const plugin = gamesMap.get(name);
  if (!plugin) {
    const known = [...gamesMap.keys()];
    throw new UsageError(
      `unknown game ${quote(name)}${suggestion(name, known)} (known: ${known.join(', ') || 'none'})`,
    );
  }
  const flags = parseFlags(commandSpecs(command, plugin), args, flagOwners(commands));
  if (flags.help) {
    ctx.io.out(gameCommandHelp(command, name, plugin));
    return;
  }
  if (command === 'perft') {
    const io = {
      out: ctx.io.out,
      now: ctx.now ?? (() => performance.now()),
      progress: ctx.progress,
      workerScript: ctx.workerScript,
    };
    await runPerft(io, name, plugin, flags, initialState(command, plugin, flags));
  } else if (command === 'moves') runMoves(ctx, plugin, flags);
  else await runPlay(ctx, name, plugin, flags);
}

/** What a game's own command gets of the CLI's context. */
function commandContext(ctx: CliContext): CommandContext {
  return {
    io: ctx.io,
    now: ctx.now ?? (() => performance.now()),
    version: ctx.version ?? packageVersion(),
    ...(ctx.progress === undefined ? {} : { progress: ctx.progress }),
    ...(ctx.workerScript === undefined ? {} : { workerScript: ctx.workerScript }),
    ...(ctx.self === undefined ? {} : { self: ctx.self }),
    ...(ctx.stdio === undefined ? {} : { stdio: ctx.stdio }),
  };
}

/** Runs the CLI; resolves to the process exit code (0 ok, 1 failure, 2 bad arguments). */
export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  const gamesMap = ctx.games ?? registeredGames;
  const [command, ...rest] = argv;
  try {
    const commands = gameOwnCommands(gamesMap);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      ctx.io.out(usage(gamesMap, commands));
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-V' || command === 'version') {
      ctx.io.out(ctx.version ?? packageVersion());
      return 0;
    }
    if ((GAME_COMMANDS as readonly string[]).includes(command)) {
      await runGameCommand(ctx, command as GameCommand, rest, gamesMap, commands);
      return 0;
    }
    const own = commands.get(command);
    if (own === undefined && !(OWN_COMMANDS as readonly string[]).includes(command)) {
      if (command.startsWith('-')) {
        throw new UsageError(
          `unknown option ${quote(command)}${suggestion(command, ['--help', '--version'])}`,
        );
      }
      throw new UsageError(
        `unknown command ${quote(command)}${suggestion(command, allCommands(commands))}`,
      );
    }
    const { taken, rest: others } = own?.take?.(rest) ?? { taken: [], rest };
    // The commands without a game take only their own flags: anything else is a usage error.
    const flags = parseFlags(commandFlags(command, commands), others, flagOwners(commands));
    if (flags.help) {
      ctx.io.out(commandHelp(command, gamesMap, commands));
      return 0;
    }
    if (own !== undefined) return (await own.run(commandContext(ctx), flags, taken)) ?? 0;
    if (command === 'games') {
      for (const [name, plugin] of gamesMap) ctx.io.out(`${name}\t${plugin.summary}`);
    } else await runDemo(ctx, gamesMap);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.io.err(`boardrules: ${e.message}`);
      ctx.io.err("Run 'boardrules --help' for usage.");
      return 2;
    }
    if (isRulesError(e)) {
      // Bad input given on the command line (a state, a flag value the game rejects).
      ctx.io.err(`boardrules: ${e.code}: ${e.message}`);
      // The game whose rulebook has the rule (its ID's prefix says which).
      for (const plugin of e.rule === undefined ? [] : gamesMap.values()) {
        const url = ruleUrl(e.rule as string, plugin.game);
        if (url !== undefined) ctx.io.err(`boardrules: the rule: ${url}`);
      }
      return 2;
    }
    ctx.io.err(
      `boardrules: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    return 1;
  }
}
