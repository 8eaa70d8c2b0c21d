/**
 * The `boardrules` command, as a function of its arguments and its output streams so it can be
 * tested in-process. Generic over the registered games (`registry.ts`): `perft`, `moves` and
 * `play` work for any of them; `uhp` is the Universal Hive Protocol engine.
 */
import { parseArgs } from 'node:util';
import { isRulesError } from '../core/errors.js';
import { normalizedScore } from '../core/game.js';
import { perft } from '../core/perft.js';
import { randomPlayout } from '../core/random-game.js';
import type { Bot, SearchLimits } from '../search/types.js';
import { BOT_NAMES, type BotName, botName, botUnsupported, createBot } from './bots.js';
import type { FlagSpec, Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { games as registeredGames } from './registry.js';

/** Where the CLI writes. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

/** Everything the CLI needs from outside; defaults to the registered games. */
export interface CliContext {
  readonly io: CliIO;
  readonly games?: ReadonlyMap<string, GamePlugin>;
  /** Runs the UHP engine on stdin/stdout (only the real binary has one). */
  readonly uhp?: () => Promise<void>;
  /** Milliseconds since an arbitrary origin, for timings. */
  readonly now?: () => number;
}

const COMMON_FLAGS: Record<string, readonly FlagSpec[]> = {
  perft: [
    {
      name: 'depth',
      value: '<N>',
      help: 'depth to count to (required); prints every depth from 1 to N',
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
    { name: 'seed', value: '<S>', help: 'seed of the players and deals (default 1)' },
    { name: 'max-plies', value: '<N>', help: 'stop a game after N moves (default 1000)' },
    { name: 'state', value: '<text>', help: 'start every game from this serialized state' },
    {
      name: 'quiet',
      help: 'print only the result line (in a match: only the results table)',
    },
  ],
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
    '  uhp                                a Universal Hive Protocol engine on stdin/stdout',
    '  games                              list the available games',
    '  demo                               a short tour of every game (what `npm start` runs)',
    '',
    `Games: ${names.length > 0 ? names.join(', ') : '(none registered yet)'}`,
    "Run 'boardrules <command> <game> --help' for a game's options.",
  ];
  for (const [name, plugin] of gamesMap) lines.push(`  ${name.padEnd(10)} ${plugin.summary}`);
  return lines.join('\n');
}

function commandUsage(command: string, name: string, plugin: GamePlugin): string {
  const specs = [...(COMMON_FLAGS[command] ?? []), ...plugin.flags];
  const lines = [
    `Usage: boardrules ${command} ${name} [options]`,
    '',
    plugin.summary,
    '',
    'Options:',
  ];
  for (const f of specs)
    lines.push(`  --${`${f.name}${f.value ? ` ${f.value}` : ''}`.padEnd(28)} ${f.help}`);
  lines.push(`  --${'help'.padEnd(28)} this text`);
  return lines.join('\n');
}

function parseFlags(command: string, plugin: GamePlugin, args: string[]): Flags {
  const specs = [...(COMMON_FLAGS[command] ?? []), ...plugin.flags, { name: 'help', help: '' }];
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const f of specs) options[f.name] = { type: f.value ? 'string' : 'boolean' };
  // A value may itself start with '-' (an Ocius position string does): join every
  // `--flag value` of a flag that takes a value into `--flag=value` so parseArgs keeps it.
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  try {
    const { values } = parseArgs({ args: joined, options, strict: true, allowPositionals: false });
    return values as Flags;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

function intFlag(flags: Flags, name: string, fallback: number | undefined, min = 0): number {
  const raw = flags[name];
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be an integer >= ${min}, got '${String(raw)}'`);
  }
  return n;
}

function initialState(plugin: GamePlugin, flags: Flags): unknown {
  const text = flags.state;
  if (typeof text === 'string') return plugin.game.deserialize(text);
  return plugin.startState(flags);
}

function runPerft(ctx: CliContext, name: string, plugin: GamePlugin, flags: Flags): void {
  const depth = intFlag(flags, 'depth', undefined, 0);
  const path = flags.path ?? 'fast';
  if (path !== 'fast' && path !== 'apply')
    throw new UsageError(`--path must be 'fast' or 'apply', got '${String(path)}'`);
  const state = initialState(plugin, flags);
  const variant = plugin.variant(state);
  const now = ctx.now ?? (() => performance.now());
  for (let d = 1; d <= depth; d++) {
    const t0 = now();
    const nodes = perft(plugin.game, state, d, { path });
    const ms = now() - t0;
    const nps = ms > 0 ? Math.round((nodes / ms) * 1000) : nodes;
    if (flags.json) {
      ctx.io.out(
        JSON.stringify({
          game: name,
          variant,
          depth: d,
          nodes,
          ms: Math.round(ms * 1000) / 1000,
          nps,
        }),
      );
    } else {
      ctx.io.out(
        `perft(${d}) = ${nodes}  ${ms.toFixed(1)} ms  ${nps} nodes/s  [${name} ${variant}]`,
      );
    }
  }
}

function runMoves(ctx: CliContext, plugin: GamePlugin, flags: Flags): void {
  if (typeof flags.state !== 'string') throw new UsageError('--state <text> is required');
  const state = plugin.game.deserialize(flags.state);
  for (const m of plugin.game.moves(state)) ctx.io.out(plugin.game.formatMove(state, m));
}

/** The `play` flags that turn a self-play game into a bot match with a results table. */
const MATCH_FLAGS = ['seats', 'games', 'time', 'iterations', 'depth', 'fixed-seats'] as const;

function runPlay(ctx: CliContext, name: string, plugin: GamePlugin, flags: Flags): void {
  // Any match flag makes a match; without one, `play` is the single random self-play game.
  if (MATCH_FLAGS.some((f) => flags[f] !== undefined)) {
    runMatch(ctx, name, plugin, flags);
    return;
  }
  const seed = intFlag(flags, 'seed', 1, 0);
  const maxPlies = intFlag(flags, 'max-plies', 1000, 1);
  const game = plugin.game;
  const start = initialState(plugin, { ...flags, seed: String(seed) });
  const result = randomPlayout(game, start, seed, { maxPlies, keepStates: true });
  if (!flags.quiet) {
    ctx.io.out(`# ${name} ${plugin.variant(start)}, random players, seed ${seed}`);
    result.moves.forEach((m, i) => {
      const before = result.states[i];
      ctx.io.out(
        `${String(i + 1).padStart(4)}. seat ${game.toMove(before)}: ${game.formatMove(before, m)}`,
      );
    });
    if (plugin.show) ctx.io.out(plugin.show(result.final));
    ctx.io.out(`state: ${game.serialize(result.final)}`);
  }
  const score = game.score(result.final);
  const outcome = result.finished ? 'finished' : `stopped after ${maxPlies} plies`;
  ctx.io.out(
    `result: ${outcome}; ${result.moves.length} moves; score ${score.map((v, i) => `seat ${i} ${v}`).join(', ')}`,
  );
}

/** A 32-bit seed mixed from several integers (FNV-1a over their 32-bit words). */
function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    for (const word of [p >>> 0, Math.floor(p / 0x100000000) >>> 0]) {
      for (let k = 0; k < 4; k++) h = Math.imul(h ^ ((word >>> (8 * k)) & 0xff), 0x01000193);
    }
  }
  return h >>> 0;
}

/** One entry of `--seats`: a bot kind, playing the same seat or rotating with the games. */
interface Entrant {
  readonly label: string;
  readonly kind: BotName;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  score: number;
  points: number;
}

/** The bot kinds of `--seats` (all random without it), checked against the game. */
function parseSeats(plugin: GamePlugin, flags: Flags, start: unknown): BotName[] {
  const game = plugin.game;
  const n = game.players(start);
  const raw = flags.seats;
  if (raw === undefined) return Array.from({ length: n }, () => 'random' as const);
  if (typeof raw !== 'string') throw new UsageError('--seats needs a list of bots');
  const names = raw.split(',');
  const kinds = names.map((text) => {
    const kind = botName(text);
    if (!kind) {
      throw new UsageError(
        `--seats: unknown bot '${text.trim()}' in '${raw}'; known: ${BOT_NAMES.join(', ')} (ab = alphabeta)`,
      );
    }
    const why = botUnsupported(kind, game, start, plugin.bots);
    if (why) throw new UsageError(`--seats: ${why} (got '${raw}')`);
    return kind;
  });
  if (kinds.length !== n) {
    throw new UsageError(
      `--seats lists ${kinds.length} bot${kinds.length === 1 ? '' : 's'} ('${raw}'), but this ${game.name} game has ${n} seats`,
    );
  }
  return kinds;
}

/** `play --seats ... --games N`: bot-vs-bot games, each printed, then a results table. */
function runMatch(ctx: CliContext, name: string, plugin: GamePlugin, flags: Flags): void {
  const seed = intFlag(flags, 'seed', 1, 0);
  const maxPlies = intFlag(flags, 'max-plies', 1000, 1);
  const games = intFlag(flags, 'games', 1, 1);
  const timeMs = flags.time === undefined ? undefined : intFlag(flags, 'time', 0, 1);
  const iterations =
    flags.iterations === undefined ? undefined : intFlag(flags, 'iterations', 0, 1);
  const depth = flags.depth === undefined ? undefined : intFlag(flags, 'depth', 0, 1);
  const limitsFor = (kind: BotName): SearchLimits => {
    const fixed = kind === 'mcts' ? iterations : kind === 'alphabeta' ? depth : undefined;
    const key = kind === 'mcts' ? 'iterations' : 'depth';
    if (fixed === undefined) return { timeMs: timeMs ?? 100 };
    return timeMs === undefined ? { [key]: fixed } : { [key]: fixed, timeMs };
  };
  const rotate = !flags['fixed-seats'];
  const game = plugin.game;
  const startOf = (g: number): unknown =>
    initialState(plugin, { ...flags, seed: String(seed + g) });
  const first = startOf(0);
  const kinds = parseSeats(plugin, flags, first);
  const n = kinds.length;
  const entrants: Entrant[] = kinds.map((kind, i) => ({
    label: `#${i + 1} ${kind}`,
    kind,
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    score: 0,
    points: 0,
  }));
  const quiet = flags.quiet === true;
  let finishedGames = 0;
  for (let g = 0; g < games; g++) {
    const start = g === 0 ? first : startOf(g);
    if (game.players(start) !== n) throw new UsageError('--seats: the seat count changed');
    // Seat s is played by entrant (s - g) mod n when rotating: entrant i sits at seat i + g.
    const at = (s: number): number => (rotate ? (((s - g) % n) + n) % n : s);
    const bots = Array.from({ length: n }, (_, s) => {
      const e = entrants[at(s)] as Entrant;
      return createBot(e.kind, game, plugin.bots, {
        seed: mixSeed(seed, g, at(s)),
        limits: limitsFor(e.kind),
      });
    });
    if (!quiet) {
      const who = bots.map((b, s) => `seat ${s} ${b.name} (#${at(s) + 1})`).join(', ');
      ctx.io.out(`# game ${g + 1}/${games}: ${name} ${plugin.variant(start)}, seed ${seed + g}`);
      ctx.io.out(`# ${who}`);
    }
    let state = start;
    let plies = 0;
    while (!game.terminal(state) && plies < maxPlies) {
      const seat = game.toMove(state);
      const bot = bots[seat] as Bot<unknown, unknown>;
      const move = bot.choose(state);
      if (!quiet) {
        ctx.io.out(
          `${String(plies + 1).padStart(4)}. seat ${seat} (${bot.name}): ${game.formatMove(state, move)}`,
        );
      }
      state = game.apply(state, move);
      plies++;
    }
    const finished = game.terminal(state);
    if (finished) finishedGames++;
    const raw = game.score(state);
    const normalized = normalizedScore(game, state);
    const top = Math.max(...raw);
    const leaders = raw.filter((v) => v === top).length;
    for (let s = 0; s < n; s++) {
      const e = entrants[at(s)] as Entrant;
      e.games++;
      e.score += normalized[s] as number;
      e.points += raw[s] as number;
      if (!finished || (raw[s] === top && leaders > 1)) e.draws++;
      else if (raw[s] === top) e.wins++;
      else e.losses++;
    }
    if (!quiet) {
      if (plugin.show) ctx.io.out(plugin.show(state));
      ctx.io.out(`state: ${game.serialize(state)}`);
      const outcome = finished ? 'finished' : `stopped after ${maxPlies} plies`;
      ctx.io.out(
        `result: ${outcome}; ${plies} moves; score ${raw.map((v, s) => `seat ${s} ${v}`).join(', ')}`,
      );
      ctx.io.out('');
    }
  }
  const points = game.scoring === 'points';
  ctx.io.out(
    `# results: ${games} game${games === 1 ? '' : 's'} of ${name} ${plugin.variant(first)}, ` +
      `${finishedGames} finished; seats ${rotate && n > 1 ? 'rotate every game' : 'fixed'}; ` +
      `limits: mcts ${describeLimits(limitsFor('mcts'))}, alphabeta ${describeLimits(limitsFor('alphabeta'))}`,
  );
  const header = ['bot', 'games', 'wins', 'draws', 'losses', 'mean score'];
  if (points) header.push('mean points');
  const rows = entrants.map((e) => {
    const row = [
      e.label,
      String(e.games),
      String(e.wins),
      String(e.draws),
      String(e.losses),
      (e.score / Math.max(1, e.games)).toFixed(3),
    ];
    if (points) row.push((e.points / Math.max(1, e.games)).toFixed(1));
    return row;
  });
  const widths = header.map((h, c) =>
    Math.max(h.length, ...rows.map((r) => (r[c] as string).length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((v, c) => (c === 0 ? v.padEnd(widths[c] as number) : v.padStart(widths[c] as number))).join(' | ')} |`;
  ctx.io.out(line(header));
  ctx.io.out(
    `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of rows) ctx.io.out(line(r));
}

/** `--time 100` as `100 ms`, `{ iterations: 500 }` as `500 iterations`. */
function describeLimits(l: SearchLimits): string {
  const parts: string[] = [];
  if (l.iterations !== undefined) parts.push(`${l.iterations} iterations`);
  if (l.depth !== undefined) parts.push(`depth ${l.depth}`);
  if (l.timeMs !== undefined) parts.push(`${l.timeMs} ms`);
  return parts.join(' or ');
}

function runDemo(ctx: CliContext, gamesMap: ReadonlyMap<string, GamePlugin>): void {
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
    runPlay(ctx, name, plugin, { seed: '1', quiet: true });
    ctx.io.out(`try: boardrules play ${name} --seed 2    boardrules perft ${name} --depth 3`);
    ctx.io.out('');
  }
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
    if (command === 'games') {
      for (const [name, plugin] of gamesMap) ctx.io.out(`${name}\t${plugin.summary}`);
      return 0;
    }
    if (command === 'demo') {
      runDemo(ctx, gamesMap);
      return 0;
    }
    if (command === 'uhp') {
      if (rest.includes('--help')) {
        ctx.io.out(
          'Usage: boardrules uhp\n\nA Universal Hive Protocol engine: reads commands on stdin, answers on stdout.',
        );
        return 0;
      }
      if (!ctx.uhp) throw new UsageError('the UHP engine is not available here');
      await ctx.uhp();
      return 0;
    }
    if (command !== 'perft' && command !== 'moves' && command !== 'play') {
      throw new UsageError(`unknown command '${command}'`);
    }
    const [name, ...args] = rest;
    if (name === undefined || name.startsWith('-')) {
      throw new UsageError(
        `'${command}' needs a game: ${[...gamesMap.keys()].join(', ') || '(none registered)'}`,
      );
    }
    const plugin = gamesMap.get(name);
    if (!plugin)
      throw new UsageError(
        `unknown game '${name}'; known: ${[...gamesMap.keys()].join(', ') || '(none)'}`,
      );
    const flags = parseFlags(command, plugin, args);
    if (flags.help) {
      ctx.io.out(commandUsage(command, name, plugin));
      return 0;
    }
    if (command === 'perft') runPerft(ctx, name, plugin, flags);
    else if (command === 'moves') runMoves(ctx, plugin, flags);
    else runPlay(ctx, name, plugin, flags);
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
      return 2;
    }
    ctx.io.err(
      `boardrules: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    return 1;
  }
}
