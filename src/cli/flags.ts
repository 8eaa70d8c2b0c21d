/**
 * Command-line flags: the generic flags of each command, reading `--name value` pairs against a
 * command's flag list (unknown flags are usage errors), integer flags, and the help text that
 * lists a command's flags.
 */
import { parseArgs } from 'node:util';
import { quote } from '../core/quote.js';
import type { FlagSpec, Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { suggestion } from './suggest.js';

/**
 * The seed flag of commands that start a game: the seed of the game's chance (a deal of cards,
 * say) and, in `play`, of the players. Games without chance ignore it.
 */
const SEED_FLAG: FlagSpec = {
  name: 'seed',
  value: '<S>',
  help: "seed of the game's chance (dealt cards, dice) and of the players (default 1 in play)",
};

/**
 * `--quiet`, the same in every command that has it (`play`, `match`): stdout carries only the
 * results, and the progress of a run of several games goes to stderr.
 */
export const QUIET_FLAG: FlagSpec = {
  name: 'quiet',
  help: "print only the results (a game's result line, a match's table); progress goes to stderr",
};

/** The generic flags of each command that works on a game (besides the game's own). */
export const COMMON_FLAGS: Readonly<Record<string, readonly FlagSpec[]>> = {
  perft: [
    {
      name: 'depth',
      value: '<N>',
      help: 'depth to count to (required); prints every depth from 1 to N (0 prints perft(0))',
    },
    {
      name: 'state',
      value: '<text>',
      help: 'start from this serialized state instead of the start',
    },
    {
      name: 'path',
      value: '<fast|apply>',
      help: "'fast' (play/undo, default) or 'apply' (immutable states)",
    },
    { name: 'json', help: 'one JSON object per depth: game, variant, depth, nodes, ms, nps' },
    {
      name: 'workers',
      value: '<N>',
      help: 'count on N worker threads (default 1); the same numbers, faster on N cores',
    },
    {
      name: 'split-depth',
      value: '<K>',
      help: 'print the perft of --depth as tasks, one JSON line per move path of length K',
    },
    {
      name: 'tasks',
      value: '<FILE>',
      help: 'count the tasks in FILE (lines of --split-depth, any subset) and print their sum',
    },
    SEED_FLAG,
  ],
  moves: [{ name: 'state', value: '<text>', help: 'the serialized state (required)' }],
  play: [
    {
      name: 'seats',
      value: '<bot,bot,...>',
      help: 'one bot per seat: random, mcts, alphabeta (ab); default all random',
    },
    { name: 'games', value: '<N>', help: 'play N games and print a results table (default 1)' },
    { name: 'time', value: '<ms>', help: 'thinking time per move of mcts/alphabeta (default 100)' },
    {
      name: 'iterations',
      value: '<N>',
      help: 'mcts: N playouts per move instead of --time (deterministic)',
    },
    {
      name: 'depth',
      value: '<N>',
      help: 'alphabeta: search N plies per move instead of --time (deterministic)',
    },
    { name: 'fixed-seats', help: 'keep the seat order in every game (default: rotate it)' },
    {
      name: 'opening-plies',
      value: '<N>',
      help: 'begin each game with N seeded random moves, shared by the games of a seat rotation',
    },
    {
      name: 'workers',
      value: '<N>',
      help: 'play the games on N worker threads (the same games with --iterations/--depth)',
    },
    SEED_FLAG,
    { name: 'max-plies', value: '<N>', help: 'stop a game after N moves (default 1000)' },
    { name: 'state', value: '<text>', help: 'start every game from this serialized state' },
    QUIET_FLAG,
  ],
};

/**
 * The flags of `<command> <game>`: the command's generic flags, then the game's own. A game flag
 * with the name of a generic flag is not offered by that command: the generic one wins (`play
 * <game> --max-plies` stops the game; a game's rule option of that name needs another name there).
 */
export function commandSpecs(command: string, plugin: GamePlugin): FlagSpec[] {
  const common = COMMON_FLAGS[command] ?? [];
  const taken = new Set(common.map((f) => f.name));
  return [...common, ...plugin.flags.filter((f) => !taken.has(f.name))];
}

/**
 * The flags a command passes to the game's `startState`: the game's own flags (those not
 * shadowed by a generic flag of the command) and `--seed`.
 */
export function gameFlags(command: string, plugin: GamePlugin, flags: Flags): Flags {
  const common = new Set((COMMON_FLAGS[command] ?? []).map((f) => f.name));
  const out: Record<string, string | boolean> = {};
  for (const f of plugin.flags) {
    const v = flags[f.name];
    if (!common.has(f.name) && v !== undefined) out[f.name] = v;
  }
  if (flags.seed !== undefined) out.seed = flags.seed;
  return out;
}

/** The `--help` flag every command takes. */
const HELP_FLAG: FlagSpec = { name: 'help', help: 'this text' };

/** The option lines of a help text: one `--name <value>  help` line per flag, then `--help`. */
export function flagLines(specs: readonly FlagSpec[]): string[] {
  const lines: string[] = [];
  for (const f of [...specs, HELP_FLAG]) {
    lines.push(`  --${`${f.name}${f.value ? ` ${f.value}` : ''}`.padEnd(28)} ${f.help}`);
  }
  return lines;
}

/**
 * Reads `args` against `specs` (plus `--help`): `--name value` for flags with a value,
 * `--name` alone for the others. Unknown flags, missing values and positional arguments are
 * a {@link UsageError}; an unknown flag's message names the nearest known one ("did you
 * mean"), or, through `elsewhere` (flag name → the commands that take it), the commands it
 * belongs to.
 */
export function parseFlags(
  specs: readonly FlagSpec[],
  args: readonly string[],
  elsewhere?: ReadonlyMap<string, readonly string[]>,
): Flags {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const f of [...specs, HELP_FLAG]) options[f.name] = { type: f.value ? 'string' : 'boolean' };
  // A value may itself start with '-' (an Ocius position string does): join every
  // `--flag value` of a flag that takes a value into `--flag=value` so parseArgs keeps it.
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  for (const arg of joined) {
    if (!arg.startsWith('--') || arg === '--') continue;
    const name = arg.slice(2).replace(/=.*$/s, '');
    if (options[name] !== undefined) continue;
    const near = suggestion(name, Object.keys(options), '--');
    const owners = elsewhere?.get(name);
    const where =
      near === '' && owners !== undefined && owners.length > 0
        ? ` (an option of ${owners.map((c) => `'${c}'`).join(', ')})`
        : '';
    throw new UsageError(`unknown option '--${name}'${where}${near}`);
  }
  try {
    const { values } = parseArgs({ args: joined, options, strict: true, allowPositionals: false });
    return values as Flags;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** An integer flag `>= min`, or `fallback` when absent (`undefined`: the flag is required). */
export function intFlag(flags: Flags, name: string, fallback: number | undefined, min = 0): number {
  const raw = flags[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be an integer >= ${min}, got ${quote(raw)}`);
  }
  return n;
}
