/**
 * `boardrules play <game>`: one seeded random self-play game, or (with `--seats` and the other
 * match flags) bot-vs-bot games with a results table.
 */
import { normalizedScore } from '../core/game.js';
import { randomPlayout } from '../core/random-game.js';
import type { Bot, SearchLimits } from '../search/types.js';
import { BOT_NAMES, type BotName, botName, botUnsupported, createBot } from './bots.js';
import { gameFlags, intFlag } from './flags.js';
import type { ProgressSink } from './perft.js';
import type { Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';
import { ProgressLine } from './progress.js';
import { WorkerPool } from './workers.js';

/** Where `play` writes. */
export interface PlayIO {
  out(line: string): void;
}

/** What `play` needs from the CLI besides its output. */
export interface PlayContext {
  readonly io: PlayIO;
  /** The script worker threads run (the CLI bundle itself); absent: `--workers` is refused. */
  readonly workerScript?: URL;
  /** Progress of a match whose games stdout does not show (`--quiet`); absent: none. */
  readonly progress?: ProgressSink;
  /** Milliseconds since an arbitrary origin, for the progress line (default `performance.now`). */
  readonly now?: () => number;
}

/**
 * The progress of a match on stderr while stdout shows only the results (`--quiet`): a
 * {@link ProgressLine} after each game, cleared before the table.
 */
class MatchProgress {
  private readonly line: ProgressLine;
  private done = 0;
  private finished = 0;
  private readonly scores: number[];

  constructor(
    sink: ProgressSink,
    now: () => number,
    private readonly total: number,
    private readonly labels: readonly string[],
  ) {
    this.line = new ProgressLine(sink, now);
    this.scores = labels.map(() => 0);
  }

  /** A game is over (games on workers may end in any order). */
  gameDone(r: MatchGameRecord): void {
    this.done++;
    if (r.finished) this.finished++;
    r.entrantAt.forEach((e, s) => {
      this.scores[e] = (this.scores[e] as number) + (r.normalized[s] as number);
    });
    const scores = this.labels
      .map((l, e) => `${l} ${Number((this.scores[e] as number).toFixed(2))}`)
      .join(', ');
    this.line.update(
      (elapsed) =>
        `play: game ${this.done}/${this.total} done (${this.finished} finished), ${elapsed}; score ${scores}`,
      this.done === this.total,
    );
  }

  /** The match is over: the terminal's line is cleared for the results table. */
  end(): void {
    this.line.end();
  }
}

/**
 * The start state of `command` for these flags: `--state` if given, else the game's start for
 * the game's own flags (see {@link gameFlags}).
 */
export function initialState(command: string, plugin: GamePlugin, flags: Flags): unknown {
  const text = flags.state;
  if (typeof text === 'string') return plugin.game.deserialize(text);
  return plugin.startState(gameFlags(command, plugin, flags));
}

/**
 * A seat as `play` prints it: `seat 1`, with the seat's colour where the game names one and any
 * `extra` words (`seat 1 (blue, mcts)`).
 */
export function seatText(plugin: GamePlugin, seat: number, extra?: string): string {
  const words = [plugin.seatNames?.[seat], extra].filter((w) => w !== undefined);
  return words.length === 0 ? `seat ${seat}` : `seat ${seat} (${words.join(', ')})`;
}

/** The result line of a game: how it ended, its length and each seat's score. */
function resultLine(
  plugin: GamePlugin,
  raw: readonly number[],
  plies: number,
  finished: boolean,
  maxPlies: number,
): string {
  const outcome = finished ? 'finished' : `stopped after ${maxPlies} plies`;
  const scores = raw.map((v, s) => `${seatText(plugin, s)} ${v}`).join(', ');
  return `result: ${outcome}; ${plies} moves; score ${scores}`;
}

/** The `play` flags that turn a self-play game into a bot match with a results table. */
const MATCH_FLAGS = [
  'seats',
  'games',
  'time',
  'iterations',
  'depth',
  'fixed-seats',
  'workers',
  'opening-plies',
] as const;

/** Runs `play` for the command's flags. */
export async function runPlay(
  ctx: PlayContext,
  name: string,
  plugin: GamePlugin,
  flags: Flags,
): Promise<void> {
  // Any match flag makes a match; without one, `play` is the single random self-play game.
  if (MATCH_FLAGS.some((f) => flags[f] !== undefined)) {
    await runMatch(ctx, name, plugin, flags);
    return;
  }
  const seed = intFlag(flags, 'seed', 1, 0);
  const maxPlies = intFlag(flags, 'max-plies', 1000, 1);
  const game = plugin.game;
  const start = initialState('play', plugin, { ...flags, seed: String(seed) });
  const result = randomPlayout(game, start, seed, { maxPlies, keepStates: true });
  if (!flags.quiet) {
    ctx.io.out(`# ${name} ${plugin.variant(start)}, random players, seed ${seed}`);
    result.moves.forEach((m, i) => {
      const before = result.states[i];
      ctx.io.out(
        `${String(i + 1).padStart(4)}. ${seatText(plugin, game.toMove(before))}: ${game.formatMove(before, m)}`,
      );
    });
    if (plugin.show) ctx.io.out(plugin.show(result.final));
    ctx.io.out(`state: ${game.serialize(result.final)}`);
  }
  ctx.io.out(
    resultLine(plugin, game.score(result.final), result.moves.length, result.finished, maxPlies),
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

/** Mixed into the seed of a match's openings, so they draw apart from every bot's seed. */
const OPENING_STREAM = 0x6f70656e;

/**
 * The seed of game `g`'s opening (`--opening-plies`): one per round of seat rotation, so the `n`
 * games of a round (each entrant in each seat once) draw the same moves, and from the same start
 * (any game whose start has no chance) play the same opening: deterministic bots then play different games from round
 * to round, and every bot gets every opening from every seat.
 */
function openingSeed(seed: number, g: number, n: number, rotate: boolean): number {
  return mixSeed(seed, rotate ? Math.floor(g / n) : g, OPENING_STREAM);
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

/** What one game of a match needs, the same in the main thread and in a worker. */
export interface MatchGameJob {
  /** The registered game's name. */
  readonly game: string;
  /** The `play` flags of the match. */
  readonly flags: Flags;
  /** The game's index in the match (0-based): its start seed, seats and bot seeds follow. */
  readonly index: number;
}

/** One finished (or capped) game of a match, as `runMatch` prints and counts it. */
export interface MatchGameRecord {
  /** The game's printed lines (none with `--quiet`). */
  readonly lines: readonly string[];
  /** For each seat, the entrant playing it. */
  readonly entrantAt: readonly number[];
  readonly raw: readonly number[];
  readonly normalized: readonly number[];
  readonly finished: boolean;
}

/** A match's settings from its flags. */
interface MatchSettings {
  readonly seed: number;
  readonly maxPlies: number;
  readonly games: number;
  readonly rotate: boolean;
  /** Random legal moves that begin every game (`--opening-plies`, 0 for none). */
  readonly openingPlies: number;
  readonly limitsFor: (kind: BotName) => SearchLimits;
  readonly startOf: (g: number) => unknown;
}

function matchSettings(plugin: GamePlugin, flags: Flags): MatchSettings {
  const seed = intFlag(flags, 'seed', 1, 0);
  const timeMs = flags.time === undefined ? undefined : intFlag(flags, 'time', 0, 1);
  const iterations =
    flags.iterations === undefined ? undefined : intFlag(flags, 'iterations', 0, 1);
  const depth = flags.depth === undefined ? undefined : intFlag(flags, 'depth', 0, 1);
  return {
    seed,
    maxPlies: intFlag(flags, 'max-plies', 1000, 1),
    games: intFlag(flags, 'games', 1, 1),
    rotate: !flags['fixed-seats'],
    openingPlies: intFlag(flags, 'opening-plies', 0, 0),
    limitsFor: (kind) => {
      const fixed = kind === 'mcts' ? iterations : kind === 'alphabeta' ? depth : undefined;
      const key = kind === 'mcts' ? 'iterations' : 'depth';
      if (fixed === undefined) return { timeMs: timeMs ?? 100 };
      return timeMs === undefined ? { [key]: fixed } : { [key]: fixed, timeMs };
    },
    startOf: (g) => initialState('play', plugin, { ...flags, seed: String(seed + g) }),
  };
}

/**
 * Plays game `index` of the match its flags describe. A pure function of its arguments (bots
 * limited by iterations or depth play the same game anywhere), so games can run on workers.
 */
export function playMatchGame(
  name: string,
  plugin: GamePlugin,
  job: MatchGameJob,
): MatchGameRecord {
  const { flags, index: g } = job;
  const m = matchSettings(plugin, flags);
  const game = plugin.game;
  const start = m.startOf(g);
  const kinds = parseSeats(plugin, flags, start);
  const n = kinds.length;
  // Seat s is played by entrant (s - g) mod n when rotating: entrant i sits at seat i + g.
  const entrantAt = Array.from({ length: n }, (_, s) => (m.rotate ? (((s - g) % n) + n) % n : s));
  const bots = entrantAt.map((e) =>
    createBot(kinds[e] as BotName, game, plugin.bots, {
      seed: mixSeed(m.seed, g, e),
      limits: m.limitsFor(kinds[e] as BotName),
    }),
  );
  const quiet = flags.quiet === true;
  const lines: string[] = [];
  if (!quiet) {
    const who = bots
      .map((b, s) => `${seatText(plugin, s)} ${b.name} (#${entrantAt[s] + 1})`)
      .join(', ');
    lines.push(`# game ${g + 1}/${m.games}: ${name} ${plugin.variant(start)}, seed ${m.seed + g}`);
    lines.push(`# ${who}`);
  }
  let state = start;
  let plies = 0;
  if (m.openingPlies > 0) {
    // Uniformly random legal moves, the bots' first move coming after them (counted in
    // --max-plies like every move of the game).
    const opening = randomPlayout(game, start, openingSeed(m.seed, g, n, m.rotate), {
      maxPlies: Math.min(m.openingPlies, m.maxPlies),
      keepStates: !quiet,
    });
    if (!quiet) {
      opening.moves.forEach((move, i) => {
        const before = opening.states[i];
        lines.push(
          `${String(i + 1).padStart(4)}. ${seatText(plugin, game.toMove(before), 'opening')}: ${game.formatMove(before, move)}`,
        );
      });
    }
    state = opening.final;
    plies = opening.moves.length;
  }
  while (!game.terminal(state) && plies < m.maxPlies) {
    const seat = game.toMove(state);
    const bot = bots[seat] as Bot<unknown, unknown>;
    const move = bot.choose(state);
    if (!quiet) {
      lines.push(
        `${String(plies + 1).padStart(4)}. ${seatText(plugin, seat, bot.name)}: ${game.formatMove(state, move)}`,
      );
    }
    state = game.apply(state, move);
    plies++;
  }
  const finished = game.terminal(state);
  const raw = game.score(state);
  if (!quiet) {
    if (plugin.show) lines.push(plugin.show(state));
    lines.push(`state: ${game.serialize(state)}`);
    lines.push(resultLine(plugin, raw, plies, finished, m.maxPlies));
    lines.push('');
  }
  return { lines, entrantAt, raw, normalized: normalizedScore(game, state), finished };
}

/**
 * `play --seats ... --games N`: bot-vs-bot games, each printed, then a results table. With
 * `--workers N` the games are played on N worker threads and printed in order.
 */
async function runMatch(
  ctx: PlayContext,
  name: string,
  plugin: GamePlugin,
  flags: Flags,
): Promise<void> {
  const m = matchSettings(plugin, flags);
  const workers = intFlag(flags, 'workers', 1, 1);
  if (workers > 1 && !ctx.workerScript) {
    throw new UsageError('--workers needs the boardrules binary (worker threads run its file)');
  }
  const game = plugin.game;
  const first = m.startOf(0);
  const kinds = parseSeats(plugin, flags, first);
  const n = kinds.length;
  for (let g = 1; g < m.games; g++) {
    if (game.players(m.startOf(g)) !== n) throw new UsageError('--seats: the seat count changed');
  }
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
  let finishedGames = 0;
  const count = (r: MatchGameRecord): void => {
    for (const line of r.lines) ctx.io.out(line);
    if (r.finished) finishedGames++;
    const top = Math.max(...r.raw);
    const leaders = r.raw.filter((v) => v === top).length;
    for (let s = 0; s < n; s++) {
      const e = entrants[r.entrantAt[s] as number] as Entrant;
      e.games++;
      e.score += r.normalized[s] as number;
      e.points += r.raw[s] as number;
      if (!r.finished || (r.raw[s] === top && leaders > 1)) e.draws++;
      else if (r.raw[s] === top) e.wins++;
      else e.losses++;
    }
  };
  // --quiet: stdout shows no game, so stderr shows how far the match is.
  const progress =
    flags.quiet === true && ctx.progress
      ? new MatchProgress(
          ctx.progress,
          ctx.now ?? (() => performance.now()),
          m.games,
          entrants.map((e) => e.label),
        )
      : undefined;
  const jobs = Array.from({ length: m.games }, (_, index) => ({ game: name, flags, index }));
  try {
    if (workers > 1 && ctx.workerScript) {
      const pool = new WorkerPool(ctx.workerScript, Math.min(workers, m.games));
      try {
        const records = await pool.run<MatchGameRecord>(
          jobs.map((job) => ({ kind: 'match', job })),
          (_done, _total, r) => progress?.gameDone(r),
        );
        records.forEach(count);
      } finally {
        await pool.close();
      }
    } else {
      for (const job of jobs) {
        const r = playMatchGame(name, plugin, job);
        progress?.gameDone(r);
        count(r);
      }
    }
  } finally {
    progress?.end();
  }
  const points = game.scoring === 'points';
  ctx.io.out(
    `# results: ${m.games} game${m.games === 1 ? '' : 's'} of ${name} ${plugin.variant(first)}, ` +
      `${finishedGames} finished; seats ${m.rotate && n > 1 ? 'rotate every game' : 'fixed'}; ` +
      (m.openingPlies > 0
        ? `openings of ${m.openingPlies} random move${m.openingPlies === 1 ? '' : 's'}, one per ${m.rotate && n > 1 ? 'rotation' : 'game'}; `
        : '') +
      `limits: mcts ${describeLimits(m.limitsFor('mcts'))}, alphabeta ${describeLimits(m.limitsFor('alphabeta'))}`,
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
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join(' | ')} |`;
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
