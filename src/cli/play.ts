/**
 * `boardrules play <game>`: one seeded random self-play game, or (with `--seats` and the other
 * match flags) bot-vs-bot games with a results table.
 */
import { normalizedScore } from '../core/game.js';
import { randomPlayout } from '../core/random-game.js';
import type { Bot, SearchLimits } from '../search/types.js';
import { BOT_NAMES, type BotName, botName, botUnsupported, createBot } from './bots.js';
import { gameFlags, intFlag } from './flags.js';
import type { Flags, GamePlugin } from './plugin.js';
import { UsageError } from './plugin.js';

/** Where `play` writes. */
export interface PlayIO {
  out(line: string): void;
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

/** The `play` flags that turn a self-play game into a bot match with a results table. */
const MATCH_FLAGS = ['seats', 'games', 'time', 'iterations', 'depth', 'fixed-seats'] as const;

/** Runs `play` for the command's flags. */
export function runPlay(
  ctx: { readonly io: PlayIO },
  name: string,
  plugin: GamePlugin,
  flags: Flags,
): void {
  // Any match flag makes a match; without one, `play` is the single random self-play game.
  if (MATCH_FLAGS.some((f) => flags[f] !== undefined)) {
    runMatch(ctx, name, plugin, flags);
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
function runMatch(
  ctx: { readonly io: PlayIO },
  name: string,
  plugin: GamePlugin,
  flags: Flags,
): void {
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
    initialState('play', plugin, { ...flags, seed: String(seed + g) });
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
      e.score += normalized[s];
      e.points += raw[s];
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
