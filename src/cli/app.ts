/**
 * The `boardrules` command, as a function of its arguments and its output streams so it can be
 * tested in-process. Generic over the registered games (`registry.ts`): `perft`, `moves` and
 * `play` work for any of them; `uhp` is the Universal Hive Protocol engine.
 */
import { isRulesError } from '../core/errors.js';
import { ruleUrl } from '../core/explain.js';
import { perft } from '../core/perft.js';
import { quote } from '../core/quote.js';
import type { UhpRuleOptions } from '../hive/uhp-engine.js';
import { COMMON_FLAGS, commandSpecs, flagLines, intFlag, parseFlags } from './flags.js';
import { RULE_FLAGS, ruleOptionsFromFlags } from './games/hive.js';
import { MATCH_FLAGS, runMatch, takeEngineFlags } from './match/run.js';
import { runPerft } from './perft.js';
import { initialState, runPlay } from './play.js';
import type { FlagSpec, Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { games as registeredGames } from './registry.js';
import { suggestion } from './suggest.js';
import { packageVersion } from './version.js';

/** Where the CLI writes. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

/** How `boardrules uhp` runs its engine. */
export interface UhpRun {
  /** The rule options given as flags: the engine's start-up UHP options (H-UHP-10). */
  readonly ruleOptions: Partial<UhpRuleOptions>;
  /** The version `info` reports. */
  readonly version: string;
  /** Start-up value of the engine's `Threads` option (`--threads`; default 1). */
  readonly threads?: number;
}

/** Everything the CLI needs from outside; defaults to the registered games. */
export interface CliContext {
  readonly io: CliIO;
  readonly games?: ReadonlyMap<string, GamePlugin>;
  /** Runs the UHP engine on stdin/stdout (only the real binary has one). */
  readonly uhp?: (run: UhpRun) => Promise<void>;
  /** Milliseconds since an arbitrary origin, for timings. */
  readonly now?: () => number;
  /** Progress of long runs (the real binary: stderr); absent: no progress. */
  readonly progress?: { readonly tty: boolean; write(text: string): void };
  /** The version `--version` prints (default: the package's). */
  readonly version?: string;
  /** The file worker threads run (the built binary's own); absent: no `--workers`. */
  readonly workerScript?: URL;
  /**
   * The command line of boardrules' own UHP engine, `match`'s default engine (the real binary:
   * itself with `uhp`); absent: `match` needs `--engine` twice.
   */
  readonly selfEngine?: string;
}

/** `boardrules uhp`'s flags: the rule options' start-up values, and the engine's threads. */
const UHP_FLAGS: readonly FlagSpec[] = [
  ...RULE_FLAGS,
  {
    name: 'threads',
    value: '<N>',
    help: "search 'bestmove time' on N threads (the Threads option; default 1, at most the cores)",
  },
];

/** The commands that work on a game: `<command> <game> [flags]`. */
const GAME_COMMANDS = ['perft', 'moves', 'play'] as const;
type GameCommand = (typeof GAME_COMMANDS)[number];

/** One line on what each command does, for its help. */
const ABOUT: Readonly<Record<string, string>> = {
  perft: 'Counts the move sequences of each depth from a position (tests the move generator).',
  moves: 'Lists the legal moves of a position, one per line.',
  play: 'Plays seeded random self-play games, or bot-vs-bot matches with a results table.',
  uhp: [
    'A Universal Hive Protocol engine: reads commands on stdin, answers on stdout.',
    "The rule flags set its start-up UHP options ('options set' still changes them).",
  ].join('\n'),
  match: [
    'Referees a match between two UHP engines (boardrules by default): every opening with both',
    'colours, every move checked by the rules and by both engines, games saved as GameStrings,',
    'the score with its Elo difference. A crash, hang or garbage answer loses that game only.',
  ].join('\n'),
  games: 'Lists the available games.',
  demo: 'A short tour of every game (what `npm start` runs).',
};

function usage(gamesMap: ReadonlyMap<string, GamePlugin>): string {
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
    '  uhp [rule options]                 a Universal Hive Protocol engine on stdin/stdout',
    '  match [--engine <cmd>] [--engine <cmd>] [--time s|--depth N] [--openings N]',
    '                                     referee a Hive match between two UHP engines',
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
function commandHelp(command: string, gamesMap: ReadonlyMap<string, GamePlugin>): string {
  const game = (GAME_COMMANDS as readonly string[]).includes(command) ? ' <game>' : '';
  const lines = [`Usage: boardrules ${command}${game} [options]`, '', ABOUT[command] ?? '', ''];
  lines.push('Options:', ...flagLines(commandFlags(command)));
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
const COMMANDS = [...GAME_COMMANDS, 'uhp', 'match', 'games', 'demo', 'help', 'version'];

/**
 * The generic flags of every command: flag name → the commands that take it, so an option given
 * to the wrong command says where it belongs (`play hive --json`: an option of 'perft').
 */
function flagOwners(): ReadonlyMap<string, readonly string[]> {
  const owners = new Map<string, string[]>();
  for (const command of COMMANDS) {
    for (const f of commandFlags(command))
      owners.set(f.name, [...(owners.get(f.name) ?? []), command]);
  }
  return owners;
}

/** The flags of a command that takes no game. */
function commandFlags(command: string): readonly FlagSpec[] {
  if (command === 'uhp') return UHP_FLAGS;
  if (command === 'match') return MATCH_FLAGS;
  return COMMON_FLAGS[command] ?? [];
}

function runMoves(ctx: CliContext, plugin: GamePlugin, flags: Flags): void {
  if (typeof flags.state !== 'string') throw new UsageError('--state <text> is required');
  const state = plugin.game.deserialize(flags.state);
  for (const m of plugin.game.moves(state)) ctx.io.out(plugin.game.formatMove(state, m));
}

async function runDemo(ctx: CliContext, gamesMap: ReadonlyMap<string, GamePlugin>): Promise<void> {
  ctx.io.out('boardrules — executable rules for Hive, Coerceo and Torres');
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
): Promise<void> {
  const [name, ...args] = rest;
  if (name === undefined || name.startsWith('-')) {
    // `perft --help` without a game: the command's own help.
    if (name !== undefined && parseFlags(COMMON_FLAGS[command] ?? [], rest, flagOwners()).help) {
      ctx.io.out(commandHelp(command, gamesMap));
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
  const flags = parseFlags(commandSpecs(command, plugin), args, flagOwners());
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

/** Runs the CLI; resolves to the process exit code (0 ok, 1 failure, 2 bad arguments). */
export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  const gamesMap = ctx.games ?? registeredGames;
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      ctx.io.out(usage(gamesMap));
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-V' || command === 'version') {
      ctx.io.out(ctx.version ?? packageVersion());
      return 0;
    }
    if ((GAME_COMMANDS as readonly string[]).includes(command)) {
      await runGameCommand(ctx, command as GameCommand, rest, gamesMap);
      return 0;
    }
    if (command !== 'games' && command !== 'demo' && command !== 'uhp' && command !== 'match') {
      if (command.startsWith('-')) {
        throw new UsageError(
          `unknown option ${quote(command)}${suggestion(command, ['--help', '--version'])}`,
        );
      }
      throw new UsageError(`unknown command ${quote(command)}${suggestion(command, COMMANDS)}`);
    }
    // `match` may name two engines with one flag; the generic parser takes the rest.
    const { engines, rest: others } =
      command === 'match' ? takeEngineFlags(rest) : { engines: [], rest };
    // The commands without a game take only their own flags: anything else is a usage error.
    const flags = parseFlags(commandFlags(command), others, flagOwners());
    if (flags.help) {
      ctx.io.out(commandHelp(command, gamesMap));
      return 0;
    }
    if (command === 'games') {
      for (const [name, plugin] of gamesMap) ctx.io.out(`${name}\t${plugin.summary}`);
    } else if (command === 'demo') {
      await runDemo(ctx, gamesMap);
    } else if (command === 'match') {
      await runMatch(
        {
          ...ctx.io,
          now: ctx.now ?? (() => performance.now()),
          ...(ctx.progress === undefined ? {} : { progress: ctx.progress }),
          ...(ctx.selfEngine === undefined ? {} : { selfEngine: ctx.selfEngine }),
        },
        flags,
        engines,
      );
    } else {
      if (!ctx.uhp) throw new UsageError('the UHP engine is not available here');
      const ruleOptions = ruleOptionsFromFlags(flags);
      const threads = intFlag(flags, 'threads', 1, 1);
      await ctx.uhp({ ruleOptions, version: ctx.version ?? packageVersion(), threads });
    }
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
