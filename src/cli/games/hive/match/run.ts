/**
 * `boardrules match`: a referee for UHP Hive engines. Plays every opening with both colours
 * between engine A and engine B (boardrules' own UHP engine unless `--engine` says otherwise),
 * saves each game as a GameString, and prints the score with the Elo difference it shows.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from '../../../../core/quote.js';
import {
  type HiveOptions,
  hive,
  parseGameTypeString,
  type RepetitionRule,
} from '../../../../hive/index.js';
import { eloEstimate, formatElo, type Tally } from '../../../../search/elo.js';
import { intFlag, QUIET_FLAG } from '../../../flags.js';
import type { CliIO, FlagSpec, Flags } from '../../../plugin.js';
import { UsageError } from '../../../plugin.js';
import { ruleOptionsFromFlags } from '../rule-flags.js';
import { type Opening, openingsFromText, randomOpenings } from './openings.js';
import {
  bestmoveCommand,
  COLOURS,
  type Colour,
  type GameRecord,
  type GameSettings,
  type MoveLimit,
  refereeGame,
} from './referee.js';
import { EngineFailure, UhpProcess } from './uhp-process.js';

/** The flags of `boardrules match` (`--engine` may be given twice). */
export const MATCH_FLAGS: readonly FlagSpec[] = [
  {
    name: 'engine',
    value: '<command>',
    help: "a UHP engine's command line; twice for engines A and B (default: boardrules' own)",
  },
  { name: 'type', value: '<GameTypeString>', help: 'the game type (default Base+MLP)' },
  { name: 'time', value: '<s>', help: 'seconds per move, bestmove time (default 1)' },
  { name: 'depth', value: '<N>', help: 'plies per move, bestmove depth N, instead of --time' },
  { name: 'openings', value: '<N>', help: 'play N openings, each with both colours (default 10)' },
  {
    name: 'opening-plies',
    value: '<N>',
    help: 'random legal plies in each seeded opening (default 4)',
  },
  {
    name: 'openings-file',
    value: '<FILE>',
    help: 'openings from FILE: a GameString or MoveStrings (a;b;c) per line',
  },
  { name: 'seed', value: '<S>', help: 'seed of the random openings (default 1)' },
  {
    name: 'repetition-draw',
    value: '<on|off|hivegame|nokamute>',
    help: "third repetition draws (H-END-4; default on; 'nokamute' against nokamute)",
  },
  { name: 'max-plies', value: '<N>', help: 'draw after N plies (H-END-5; default 300, 0 = off)' },
  {
    name: 'tournament-opening',
    value: '<on|off>',
    help: 'no Queen on the first turn (H-PLACE-5; default on)',
  },
  {
    name: 'reply-timeout',
    value: '<ms>',
    help: 'an engine silent this long hangs and loses (default 2×time + 5 s; 120 s with --depth)',
  },
  {
    name: 'out',
    value: '<DIR>',
    help: 'where the GameStrings and results.json go (default match-games)',
  },
  QUIET_FLAG,
];

/**
 * Takes the `--engine <command>` pairs out of `args` (the flag may repeat, which the generic
 * parser does not allow): the commands, in order, and the other arguments.
 */
export function takeEngineFlags(args: readonly string[]): { engines: string[]; rest: string[] } {
  const engines: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--engine') {
      const command = args[i + 1];
      if (command === undefined) throw new UsageError('--engine needs a command');
      engines.push(command);
      i++;
    } else if (arg.startsWith('--engine=')) engines.push(arg.slice('--engine='.length));
    else rest.push(arg);
  }
  for (const command of engines) {
    if (command.trim() === '') throw new UsageError('--engine needs a command, got an empty one');
  }
  return { engines, rest };
}

/** What `match` needs from outside the flags. */
export interface MatchIO extends CliIO {
  /** Where a game's progress line goes (the real binary: stderr). */
  readonly progress?: { write(text: string): void };
  /** Milliseconds since an arbitrary origin. */
  readonly now: () => number;
  /** The command of boardrules' own UHP engine (the default engine); absent: `--engine` twice. */
  readonly selfEngine?: string;
}

/** Two engines, by their labels in the results. */
type Side = 'A' | 'B';
const SIDES: readonly Side[] = ['A', 'B'];

/** Everything a match is played with, read from the flags. */
interface MatchPlan {
  readonly commands: Readonly<Record<Side, string>>;
  readonly openings: readonly Opening[];
  readonly settings: GameSettings;
  readonly out: string;
}

/** One engine seat of the match: its command and, between games, its running process. */
class EngineSeat {
  process: UhpProcess | undefined;
  name: string;
  restarts = 0;
  constructor(
    readonly command: string,
    readonly rules: Readonly<HiveOptions>,
    /** The longest wait for the greeting and the option replies (the match's reply timeout). */
    readonly timeoutMs: number,
  ) {
    this.name = command;
  }

  /** A running engine with the match's rule options: the one from the last game, or a new one. */
  async ready(): Promise<UhpProcess> {
    if (this.process?.alive) return this.process;
    if (this.process !== undefined) this.restarts++;
    await this.process?.close();
    // Kept from the spawn on, so that a stop during the start-up kills it too.
    this.process = UhpProcess.spawn(this.command);
    await this.process.greet(this.timeoutMs);
    this.name = this.process.name;
    await matchRuleOptions(this.process, this.rules, this.timeoutMs);
    return this.process;
  }

  /** Ends the engine politely (`exit`, then a kill). */
  async close(): Promise<void> {
    await this.process?.close();
  }

  /** Kills the engine at once. */
  kill(): void {
    this.process?.kill();
  }
}

/** A rule option's value as UHP writes it (`options set MaxPlies 40`, `RepetitionDraw HiveGame`). */
const UHP_VALUES: Readonly<Record<`${RepetitionRule}`, string>> = {
  false: 'False',
  true: 'True',
  hivegame: 'HiveGame',
  nokamute: 'Nokamute',
};
function uhpValue(value: number | RepetitionRule): string {
  return typeof value === 'number' ? String(value) : UHP_VALUES[`${value}`];
}

/**
 * Sets the rule options an engine lists (H-UHP-10: `TournamentOpening`, `RepetitionDraw`,
 * `MaxPlies`) to the match's, so an engine with them sees the same game ends as the referee.
 */
async function matchRuleOptions(
  engine: UhpProcess,
  rules: Readonly<HiveOptions>,
  timeoutMs: number,
): Promise<void> {
  const listed = new Set(
    (await engine.send('options', timeoutMs)).map((line) => line.split(';')[0]),
  );
  const wanted: [string, boolean | number | HiveOptions['repetitionDraw']][] = [
    ['TournamentOpening', rules.tournamentOpening],
    ['RepetitionDraw', rules.repetitionDraw],
    ['MaxPlies', rules.maxPlies],
  ];
  for (const [name, value] of wanted) {
    if (listed.has(name)) await engine.send(`options set ${name} ${uhpValue(value)}`, timeoutMs);
  }
}

/** Reads the flags (`engines` are the `--engine` values, in order) into a plan. */
function planOf(flags: Flags, engines: readonly string[], io: MatchIO): MatchPlan {
  if (engines.length > 2) throw new UsageError('--engine names at most two engines');
  // One engine named: boardrules (A) against it (B); none: boardrules against itself.
  const self = io.selfEngine;
  const [a, b] =
    engines.length === 1 ? [self, engines[0]] : [engines[0] ?? self, engines[1] ?? self];
  if (a === undefined || b === undefined) {
    throw new UsageError("name both engines with '--engine <command>' twice");
  }
  const type = typeof flags.type === 'string' ? flags.type : 'Base+MLP';
  parseGameTypeString(type);
  const given = ruleOptionsFromFlags(flags);
  const rules = hive.start({
    type,
    repetitionDraw: true,
    maxPlies: 300,
    ...given,
  } as Partial<HiveOptions>).options;
  if (flags.time !== undefined && flags.depth !== undefined) {
    throw new UsageError('give --time or --depth, not both');
  }
  const limit: MoveLimit =
    flags.depth === undefined
      ? { seconds: intFlag(flags, 'time', 1, 1) }
      : { depth: intFlag(flags, 'depth', undefined, 1) };
  const replyTimeoutMs = intFlag(
    flags,
    'reply-timeout',
    'depth' in limit ? 120_000 : limit.seconds * 2000 + 5000,
    1,
  );
  const seed = intFlag(flags, 'seed', 1);
  let openings: Opening[];
  if (typeof flags['openings-file'] === 'string') {
    const file = flags['openings-file'];
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${quote(file)}: ${e instanceof Error ? e.message : e}`);
    }
    openings = openingsFromText(text, rules, file);
    if (flags.openings !== undefined)
      openings = openings.slice(0, intFlag(flags, 'openings', 1, 1));
  } else {
    const count = intFlag(flags, 'openings', 10, 1);
    openings = randomOpenings(rules, count, intFlag(flags, 'opening-plies', 4, 0), seed);
  }
  const out = typeof flags.out === 'string' ? flags.out : 'match-games';
  return {
    commands: { A: a, B: b },
    openings,
    settings: { rules, limit, replyTimeoutMs },
    out,
  };
}

/** A game that could not start because an engine did not: scored against that engine. */
function notStarted(
  seats: Record<Colour, EngineSeat>,
  colour: Colour,
  opening: Opening,
  e: EngineFailure,
): GameRecord {
  return {
    white: seats.white.name,
    black: seats.black.name,
    opening,
    gameString: '',
    plies: 0,
    winner: colour === 'white' ? 'black' : 'white',
    scored: true,
    reason: e.fault,
    faulty: colour,
    detail: `${seats[colour].name} (${colour}) did not start: ${e.message}`,
    thinkMs: { white: 0, black: 0 },
    thinkMoves: { white: 0, black: 0 },
  };
}

/** A side's tally from the games where it had `colour` (or any colour). */
function tallyOf(
  games: readonly { record: GameRecord; colours: Record<Side, Colour> }[],
  side: Side,
  colour?: Colour,
): Tally & { unscored: number } {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let unscored = 0;
  for (const { record, colours } of games) {
    const own = colours[side];
    if (colour !== undefined && own !== colour) continue;
    if (!record.scored) unscored++;
    else if (record.winner === null) draws++;
    else if (record.winner === own) wins++;
    else losses++;
  }
  return { wins, draws, losses, unscored };
}

/** Runs `boardrules match`; resolves when every game is played and the results printed. */
export async function runMatch(
  io: MatchIO,
  flags: Flags,
  engines: readonly string[],
): Promise<void> {
  const plan = planOf(flags, engines, io);
  const { rules } = plan.settings;
  const sides: Record<Side, EngineSeat> = {
    A: new EngineSeat(plan.commands.A, rules, plan.settings.replyTimeoutMs),
    B: new EngineSeat(plan.commands.B, rules, plan.settings.replyTimeoutMs),
  };
  // Engines run in their own process groups (so a hung one is killed with its shell): a
  // referee stopped by Ctrl-C or a kill takes them down with it rather than leave them running.
  const stop = (signal: NodeJS.Signals): void => {
    for (const side of SIDES) sides[side].kill();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    // Both engines must start once: a command that runs nothing is a usage error, not 2N losses.
    for (const side of SIDES) {
      try {
        await sides[side].ready();
      } catch (e) {
        if (!(e instanceof EngineFailure)) throw e;
        throw new UsageError(
          `engine ${side} (${quote(sides[side].command)}) did not start: ${e.message}`,
        );
      }
    }
    await playMatch(io, flags, plan, sides);
  } finally {
    // However the match ends, no engine outlives it (an open pipe would also keep us running).
    await Promise.all(SIDES.map((side) => sides[side].close()));
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** Plays every game of the plan between the started engines, then saves and prints the results. */
async function playMatch(
  io: MatchIO,
  flags: Flags,
  plan: MatchPlan,
  sides: Record<Side, EngineSeat>,
): Promise<void> {
  const { rules } = plan.settings;
  mkdirSync(plan.out, { recursive: true });
  const total = plan.openings.length * 2;
  const played: { record: GameRecord; colours: Record<Side, Colour>; file: string }[] = [];
  const quiet = flags.quiet === true;
  if (!quiet) {
    io.out(
      `match: ${rules.type}, ${plan.openings.length} openings × 2 colours, ${bestmoveCommand(plan.settings.limit)}, ` +
        `repetition ${uhpValue(rules.repetitionDraw)}, ply cap ${rules.maxPlies || 'none'}`,
    );
  }
  for (let i = 0; i < total; i++) {
    const opening = plan.openings[i >> 1];
    // Each opening twice: A white first, then B white.
    const colours: Record<Side, Colour> =
      i % 2 === 0 ? { A: 'white', B: 'black' } : { A: 'black', B: 'white' };
    const seats = {
      [colours.A]: sides.A,
      [colours.B]: sides.B,
    } as Record<Colour, EngineSeat>;
    let record: GameRecord | undefined;
    const links = {} as Record<Colour, UhpProcess>;
    for (const colour of COLOURS) {
      try {
        links[colour] = await seats[colour].ready();
      } catch (e) {
        if (!(e instanceof EngineFailure)) throw e;
        record = notStarted(seats, colour, opening, e);
        break;
      }
    }
    record ??= await refereeGame(links, opening, plan.settings, io.now);
    // An engine that answered out of turn may be out of step with its replies: start it afresh.
    if (record.faulty !== undefined) await seats[record.faulty].process?.close();
    const file = `game-${String(i + 1).padStart(3, '0')}.txt`;
    if (record.gameString !== '') writeFileSync(join(plan.out, file), `${record.gameString}\n`);
    played.push({ record, colours, file });
    const a = tallyOf(played, 'A');
    const result = record.scored
      ? record.winner === null
        ? '½-½'
        : record.winner === 'white'
          ? '1-0'
          : '0-1'
      : 'unscored';
    io.progress?.write(
      `game ${i + 1}/${total}: ${record.white} - ${record.black} ${result} ` +
        `(${record.detail}; ${record.plies} plies)  A ${a.wins}-${a.draws}-${a.losses}\n`,
    );
  }
  writeFileSync(
    join(plan.out, 'results.json'),
    `${JSON.stringify(
      {
        engines: {
          A: { name: sides.A.name, command: sides.A.command },
          B: { name: sides.B.name, command: sides.B.command },
        },
        rules: {
          type: rules.type,
          tournamentOpening: rules.tournamentOpening,
          repetitionDraw: rules.repetitionDraw,
          maxPlies: rules.maxPlies,
        },
        limit: plan.settings.limit,
        games: played.map(({ record, file }) => ({
          file: record.gameString === '' ? null : file,
          ...record,
        })),
      },
      null,
      2,
    )}\n`,
  );
  printSummary(io, plan, sides, played);
}

/** The results table: A's score in all games and by colour, the Elo difference, faults. */
function printSummary(
  io: MatchIO,
  plan: MatchPlan,
  sides: Record<Side, EngineSeat>,
  played: readonly { record: GameRecord; colours: Record<Side, Colour> }[],
): void {
  io.out(`A = ${sides.A.name}  (${sides.A.command})`);
  io.out(`B = ${sides.B.name}  (${sides.B.command})`);
  io.out('');
  io.out(
    `${'A vs B'.padEnd(12)}${'games'.padStart(6)}${'W'.padStart(5)}${'D'.padStart(5)}${'L'.padStart(5)}  ${'score'.padStart(7)}  Elo A − B (95 %)`,
  );
  const rows: [string, Colour | undefined][] = [
    ['total', undefined],
    ['A as white', 'white'],
    ['A as black', 'black'],
  ];
  for (const [label, colour] of rows) {
    const t = tallyOf(played, 'A', colour);
    const n = t.wins + t.draws + t.losses;
    const e = eloEstimate(t);
    const score = n === 0 ? 'n/a' : `${(e.score * 100).toFixed(1)} %`;
    io.out(
      `${label.padEnd(12)}${String(n).padStart(6)}${String(t.wins).padStart(5)}${String(t.draws).padStart(5)}${String(t.losses).padStart(5)}  ${score.padStart(7)}  ${formatElo(e)}`,
    );
  }
  const unscored = played.filter((g) => !g.record.scored);
  io.out('');
  io.out(`rules disagreements (unscored): ${unscored.length}`);
  for (const g of unscored) io.out(`  ${g.record.detail}`);
  const faults = played.filter((g) => g.record.scored && g.record.faulty !== undefined);
  io.out(`games lost to an engine fault: ${faults.length}`);
  for (const g of faults) io.out(`  ${g.record.reason}: ${g.record.detail}`);
  for (const side of SIDES) {
    let ms = 0;
    let moves = 0;
    for (const { record, colours } of played) {
      ms += record.thinkMs[colours[side]];
      moves += record.thinkMoves[colours[side]];
    }
    const per = moves === 0 ? 'n/a' : `${(ms / moves / 1000).toFixed(2)} s`;
    const restarts = sides[side].restarts > 0 ? `, restarted ${sides[side].restarts}×` : '';
    io.out(`${side}: ${moves} moves, ${per} per move${restarts}`);
  }
  io.out(`games saved in ${plan.out}/ (GameStrings, results.json)`);
}
