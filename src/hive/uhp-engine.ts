/**
 * A Universal Hive Protocol engine (H-UHP-9, H-UHP-10) over the boardrules Hive rules, as a
 * line-in / reply-out object so it can be driven by tests, by `boardrules uhp` on
 * stdin/stdout, or embedded in a server. Every reply ends with the line `ok`; failures print
 * `err <message>`, illegal or unparsable moves `invalidmove <message>`, and a failed command
 * leaves the engine's state unchanged. `handle` never throws.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { type OptionCheck, readCheckedOptions, readOptions } from '../core/options.js';
import { perftPosition } from '../core/perft.js';
import { quote } from '../core/quote.js';
import { type AlphaBetaBot, alphaBetaBot } from '../search/alphabeta.js';
import {
  type SharedSearchBuffers,
  type SharedSearchTable,
  sharedSearchTable,
} from '../search/shared-table.js';
import { parseGameTypeString } from './engine/pieces.js';
import { DEFAULT_AGGRESSION, hiveEvaluatorWith } from './evaluate.js';
import { hive } from './game.js';
import { formatGameString, parseGameString, playMoveString, undoPlies } from './game-string.js';
import {
  formatOptionValue,
  parseRepetitionText,
  REPETITION_TEXTS,
  RULE_OPTIONS,
  type RuleOptionSpec,
} from './notation.js';
import { DEFAULT_OPTIONS, type HiveOptions, MAX_PLIES_LIMIT, resolveOptions } from './options.js';
import { searchPositionOf } from './state.js';
import type { HiveMove, HiveState } from './types.js';

/**
 * The version the engine reports in `info` unless told otherwise: the package's version, kept
 * equal to `package.json` by `npm run version-packages` (scripts/sync-version.mjs) and checked by a test.
 */
export const ENGINE_VERSION = '0.1.0';

/** Construction options for {@link UhpEngine}. */
export interface UhpEngineOptions {
  /** Version printed by `info` (default {@link ENGINE_VERSION}). */
  readonly version?: string;
  /** Clock in milliseconds for `perft` timings (default `performance.now`). */
  readonly now?: () => number;
  /**
   * Search depth (plies) of a bare `bestmove` without arguments (default
   * 2); deterministic like `bestmove depth N`.
   */
  readonly defaultDepth?: number;
  /**
   * Accept fan-extended game types (H-FAN-UHP-2) in `newgame` and list the fan bugs in `info`
   * (H-FAN-UHP-4). Default `true`; `false` makes a strictly official engine.
   */
  readonly fanBugs?: boolean;
  /**
   * Start-up values of the four UHP rule options (H-UHP-10), as if set by `options set`:
   * e.g. `{ repetitionDraw: true, maxPlies: 200 }`. Defaults: {@link DEFAULT_OPTIONS}.
   */
  readonly ruleOptions?: Partial<UhpRuleOptions>;
  /**
   * Threads that search beside the engine's own (lazy SMP): with them the `Threads` option goes
   * up to `helpers.max + 1`; without them it stays 1. `boardrules uhp` gives worker threads.
   */
  readonly helpers?: UhpSearchHelpers;
  /** Start-up value of the `Threads` option, as if set by `options set` (default 1). */
  readonly threads?: number;
}

/**
 * Helper threads for a `bestmove time` search with `Threads` above 1: each runs an alpha-beta
 * bot on the shared table, `bot.help(state, { search, index }, { timeMs })`, with the engine's
 * evaluator, until the engine ends the search. See {@link UhpHelperJob}.
 */
export interface UhpSearchHelpers {
  /** How many helpers can search at once (`Threads` goes up to this + 1). */
  readonly max: number;
  /** Starts `job.count` helpers on the job; returns at once (they stop when the search ends). */
  start(job: UhpHelperJob): void;
}

/** What each helper thread searches: everything as plain data, to post to a worker. */
export interface UhpHelperJob {
  /** How many helpers to start (1..`max`); they are numbered 1..count. */
  readonly count: number;
  /** The position, as `hive.serialize` writes it (a GameString with the rule options). */
  readonly state: string;
  /** The shared table's memory (`new SharedSearchTable(table)` on the helper's side). */
  readonly table: SharedSearchBuffers;
  /** Changes whenever the engine makes a new table: a helper may keep its bot while it holds. */
  readonly tableId: number;
  /** The shared search to join (`SharedSearchTable.begin`'s number). */
  readonly search: number;
  /** The `Aggression` option: the evaluator is `hiveEvaluatorWith(aggression)`. */
  readonly aggression: number;
  /** The search's time budget in milliseconds: a helper never searches longer. */
  readonly timeMs: number;
}

/** The rule options a UHP client can set (H-UHP-10), by their {@link HiveOptions} names. */
export type UhpRuleOptions = Pick<
  HiveOptions,
  'tournamentOpening' | 'repetitionDraw' | 'maxPlies' | 'strictInput'
>;

/** The official capability line of `info` (H-UHP-10). */
const OFFICIAL_CAPABILITIES = 'Mosquito;Ladybug;Pillbug';
/** H-FAN-UHP-4: what `info` appends with fan bugs enabled. */
const FAN_CAPABILITIES = ';Mantis;Fly;Scorpion;Wasp;Cockroach;Dragonfly;Centipede';

/**
 * The engine's own options (not rules: they change how it searches, never what is legal), listed
 * by `options` after the rule options, as nokamute lists its own: `Name;int;value;default;min;max`.
 */
const ENGINE_UHP_OPTIONS = [
  // Transposition table size; 4 MiB is alpha-beta's default of 2^18 16-byte entries.
  { name: 'TableSizeMiB', fallback: 4, min: 1, max: 1024 },
  // The evaluator's Queen terms (hiveEvaluatorWith): 1 cautious .. 5 all-out attack.
  { name: 'Aggression', fallback: DEFAULT_AGGRESSION, min: 1, max: 5 },
  // Threads searching a `bestmove time` (lazy SMP); the maximum is the engine's helpers + 1.
  { name: 'Threads', fallback: 1, min: 1, max: 1 },
] as const;
type EngineOptionName = (typeof ENGINE_UHP_OPTIONS)[number]['name'];
type EngineOptionSpec = {
  readonly name: EngineOptionName;
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
};

/** Depth of a bare `bestmove`: deterministic and quick (well under a second). */
export const DEFAULT_BESTMOVE_DEPTH = 2;

/**
 * How much of a `bestmove time` budget the search may use: the budget minus a safety margin of
 * 4 % (at least 25 ms, at most 1 s) for the last node batch, decoding and the reply.
 */
export function searchBudgetMs(budgetMs: number): number {
  const margin = Math.min(1000, Math.max(25, budgetMs * 0.04));
  return Math.max(1, budgetMs - margin);
}

/** The checks of {@link UhpEngineOptions}; `ruleOptions` is checked as `hive.start` checks them. */
const ENGINE_OPTIONS: Readonly<Record<keyof UhpEngineOptions, OptionCheck>> = {
  // The version is printed as is in `id`: one short line.
  version: (v) =>
    typeof v === 'string' && /^[\x21-\x7e]{1,64}$/.test(v)
      ? undefined
      : '1..64 printable characters without blanks',
  now: (v) => (typeof v === 'function' ? undefined : 'a function'),
  defaultDepth: (v) =>
    Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 64
      ? undefined
      : 'an integer in 1..64',
  fanBugs: (v) => (typeof v === 'boolean' ? undefined : 'true or false'),
  ruleOptions: () => undefined,
  helpers: (v) =>
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger((v as UhpSearchHelpers).max) &&
    (v as UhpSearchHelpers).max >= 0 &&
    typeof (v as UhpSearchHelpers).start === 'function'
      ? undefined
      : '{ max, start } with max an integer >= 0',
  // Checked against the helpers' count in the constructor.
  threads: (v) => (Number.isInteger(v) && (v as number) >= 1 ? undefined : 'an integer >= 1'),
};

/** The engine's start-up rule options (H-UHP-10), checked like `hive.start` options. */
function ruleSettings(given: unknown): UhpRuleOptions {
  const rules = readOptions(
    given,
    "UhpEngine option 'ruleOptions'",
    RULE_OPTIONS.map((spec) => spec.key),
  );
  const r = resolveOptions({ ...rules });
  return {
    tournamentOpening: r.tournamentOpening,
    repetitionDraw: r.repetitionDraw,
    maxPlies: r.maxPlies,
    strictInput: r.strictInput,
  };
}

const HELP = [
  'Available commands:',
  'info',
  'newgame [GameTypeString|GameString]',
  'play MoveString',
  'pass',
  'validmoves',
  'bestmove [time hh:mm:ss|depth N]',
  'undo [N]',
  'options [get Name|set Name Value]',
  'perft N',
  'help',
  'exit',
];

class CommandError extends Error {
  readonly prefix: 'err' | 'invalidmove';
  constructor(prefix: 'err' | 'invalidmove', message: string) {
    super(message);
    this.prefix = prefix;
  }
}

function fail(message: string): never {
  throw new CommandError('err', message);
}

/**
 * The UHP engine. One game at a time; option changes apply from the next `newgame` (H-OPT-1).
 *
 * ```ts
 * const engine = new UhpEngine();
 * engine.handle('newgame Base+MLP'); // 'Base+MLP;NotStarted;White[1]\nok'
 * engine.handle('play wS1');         // 'Base+MLP;InProgress;Black[1];wS1\nok'
 * ```
 */
export class UhpEngine {
  private game: HiveState | null = null;
  private settings: { -readonly [K in keyof UhpRuleOptions]: UhpRuleOptions[K] };
  private readonly version: string;
  private readonly fanBugs: boolean;
  private readonly now: () => number;
  private readonly defaultDepth: number;
  private bot: AlphaBetaBot<HiveState, HiveMove> | null = null;
  /** The bot's table when `Threads` is above 1 (helpers search into it too). */
  private table: SharedSearchTable | null = null;
  private tableId = 0;
  private readonly helpers: UhpSearchHelpers | undefined;
  /** {@link ENGINE_UHP_OPTIONS} with `Threads` up to the helpers' count + 1. */
  private readonly engineOptions: readonly EngineOptionSpec[];
  private exited = false;
  /** The values of {@link ENGINE_UHP_OPTIONS}; a change takes effect at the next `bestmove`. */
  private readonly engineSettings: Record<EngineOptionName, number> = {
    TableSizeMiB: 4,
    Aggression: DEFAULT_AGGRESSION,
    Threads: 1,
  };

  /** Throws `RulesError('INVALID_OPTIONS')` for an unknown option or a bad value. */
  constructor(options: UhpEngineOptions = {}) {
    const o = readCheckedOptions(options, 'UhpEngine options', ENGINE_OPTIONS) as UhpEngineOptions;
    this.version = o.version ?? ENGINE_VERSION;
    this.fanBugs = o.fanBugs ?? true;
    this.now = o.now ?? (() => performance.now());
    this.defaultDepth = o.defaultDepth ?? DEFAULT_BESTMOVE_DEPTH;
    this.settings = ruleSettings(o.ruleOptions);
    this.helpers = o.helpers;
    const maxThreads = 1 + (o.helpers?.max ?? 0);
    this.engineOptions = ENGINE_UHP_OPTIONS.map((spec) =>
      spec.name === 'Threads' ? { ...spec, max: maxThreads } : spec,
    );
    const threads = o.threads ?? 1;
    if (threads > maxThreads) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `UhpEngine option 'threads' must be at most ${maxThreads} (its helpers + 1), got ${threads}`,
      );
    }
    this.engineSettings.Threads = threads;
  }

  /** True once `exit` was handled. */
  get done(): boolean {
    return this.exited;
  }

  /** The current game state, or `null` before the first `newgame`. */
  get state(): HiveState | null {
    return this.game;
  }

  /**
   * Handles one command line and returns the full reply, ending with the line `ok`
   * (H-UHP-9); a blank line is answered with `ok` alone. Error messages quote at most a short
   * piece of the input. Never throws, whatever it is given.
   */
  handle(line: string): string {
    const body: string[] = [];
    try {
      if (typeof line !== 'string') fail(`a command line must be text, got ${quote(line)}`);
      if (line.trim() !== '') this.dispatch(line, body);
    } catch (e) {
      if (e instanceof CommandError) body.push(`${e.prefix} ${e.message}`);
      else body.push(`err ${e instanceof Error ? e.message : quote(e)}`);
    }
    body.push('ok');
    return body.join('\n');
  }

  private dispatch(line: string, out: string[]): void {
    const trimmed = line.trim();
    const m = /^(\S*)\s*(.*)$/s.exec(trimmed) as RegExpExecArray;
    const command = m[1].toLowerCase();
    const rest = m[2].trim();
    const args = rest === '' ? [] : rest.split(/\s+/);
    switch (command) {
      case 'info':
        out.push(
          `id boardrules-hive ${this.version}`,
          this.fanBugs ? OFFICIAL_CAPABILITIES + FAN_CAPABILITIES : OFFICIAL_CAPABILITIES,
        );
        return;
      case 'newgame':
        this.newgame(rest, out);
        return;
      case 'play':
        if (rest === '') fail('play needs a MoveString');
        this.play(rest, out);
        return;
      case 'pass':
        if (rest !== '') fail(`pass takes no arguments, got ${quote(rest)}`);
        this.play('pass', out);
        return;
      case 'validmoves': {
        const s = this.live();
        out.push(
          hive
            .moves(s)
            .map((mv) => hive.formatMove(s, mv))
            .join(';'),
        );
        return;
      }
      case 'bestmove':
        this.bestmove(args, out);
        return;
      case 'undo':
        this.undo(args, out);
        return;
      case 'options':
        this.options(args, out);
        return;
      case 'perft':
        this.perft(args, out);
        return;
      case 'help':
        out.push(...HELP);
        return;
      case 'exit':
        this.exited = true;
        return;
      default:
        fail(`invalid command ${quote(m[1])}; try 'help'`);
    }
  }

  private current(): HiveState {
    if (!this.game) return fail('no game in progress; use newgame');
    return this.game;
  }

  private live(): HiveState {
    const s = this.current();
    if (hive.terminal(s)) fail('the game is over');
    return s;
  }

  private newgame(arg: string, out: string[]): void {
    const options: Partial<HiveOptions> = { ...this.settings };
    let next: HiveState;
    try {
      if (!this.fanBugs && arg.split(';')[0]?.includes(':')) {
        throw new Error(`fan game types are disabled in this engine: ${quote(arg.split(';')[0])}`);
      }
      if (arg === '') next = hive.start({ ...options, type: 'Base' });
      // H-UHP-8: the engine recomputes the state and turn fields (an error with StrictInput).
      else if (arg.includes(';')) next = parseGameString(arg, { ...options, lenient: true });
      else next = hive.start({ ...options, type: parseGameTypeString(arg) });
    } catch (e) {
      fail(e instanceof Error ? e.message : quote(e));
    }
    this.game = next;
    out.push(formatGameString(next, { uhp: true }));
  }

  private play(text: string, out: string[]): void {
    const s = this.live();
    let next: HiveState;
    try {
      next = playMoveString(s, text);
    } catch (e) {
      throw new CommandError('invalidmove', e instanceof Error ? e.message : quote(e));
    }
    this.game = next;
    out.push(formatGameString(next, { uhp: true }));
  }

  private bestmove(args: string[], out: string[]): void {
    const s = this.live();
    let depth: number | undefined;
    let timeMs: number | undefined;
    if (args.length > 0) {
      const kind = args[0].toLowerCase();
      const arg = args[1];
      const ok =
        args.length === 2 &&
        ((kind === 'depth' && /^[0-9]+$/.test(arg)) ||
          (kind === 'time' && /^[0-9]+:[0-5][0-9]:[0-5][0-9]$/.test(arg)));
      if (!ok) fail(`bestmove expects 'time hh:mm:ss' or 'depth N', got ${quote(args.join(' '))}`);
      if (kind === 'depth') {
        depth = Number(arg);
        if (depth < 1) fail(`bestmove depth must be at least 1, got ${quote(arg)}`);
      } else {
        const [h, m, sec] = arg.split(':').map(Number) as [number, number, number];
        timeMs = ((h * 60 + m) * 60 + sec) * 1000;
        if (timeMs < 1) fail(`bestmove time must be at least 00:00:01, got ${quote(arg)}`);
      }
    } else {
      depth = this.defaultDepth;
    }
    const moves = hive.moves(s);
    const first = moves[0];
    if (!first) fail('no legal move');
    // A forced move (often `pass`) needs no search.
    if (moves.length === 1) {
      out.push(hive.formatMove(s, first));
      return;
    }
    // H-UHP-10: alpha-beta with the Hive evaluator. `depth N` starts from an empty table so
    // the answer depends on the position alone; `time` keeps what earlier searches learnt.
    const { TableSizeMiB, Aggression, Threads } = this.engineSettings;
    const helpers = Threads > 1 ? this.helpers : undefined;
    if (!this.bot) {
      // 16 bytes per table entry; in shared memory when helpers search into it too.
      const entries = (TableSizeMiB * 2 ** 20) / 16;
      this.table = helpers ? sharedSearchTable(entries) : null;
      this.tableId++;
      this.bot = alphaBetaBot(hive, {
        evaluate: hiveEvaluatorWith(Aggression),
        maxDepth: 64,
        // A ply deeper in the same time (measured by matches: docs/hive.md).
        reductions: true,
        ...(this.table ? { shared: this.table } : { ttSize: entries }),
      });
    }
    let result: ReturnType<AlphaBetaBot<HiveState, HiveMove>['search']>;
    if (depth !== undefined) {
      // Deterministic: one thread, whatever `Threads` says.
      this.bot.reset();
      result = this.bot.search(s, { depth: Math.min(depth, 64) });
    } else if (helpers && this.table) {
      // Lazy SMP: the helpers search the same position into the shared table until this
      // thread's search is done; their deeper results cut this one's tree.
      const budget = searchBudgetMs(timeMs as number);
      const search = this.table.begin();
      try {
        helpers.start({
          count: Threads - 1,
          state: hive.serialize(s),
          table: this.table.buffers,
          tableId: this.tableId,
          search,
          aggression: Aggression,
          timeMs: budget,
        });
        result = this.bot.search(s, { timeMs: budget });
      } finally {
        this.table.end();
      }
    } else {
      result = this.bot.search(s, { timeMs: searchBudgetMs(timeMs as number) });
    }
    out.push(hive.formatMove(s, result.move));
  }

  private undo(args: string[], out: string[]): void {
    const s = this.current();
    if (args.length > 1) fail('undo takes at most one argument');
    const n = args.length === 0 ? 1 : Number(args[0]);
    const plies = s.history.length;
    if (!Number.isInteger(n) || n < 1 || n > plies) {
      fail(`cannot undo ${quote(args[0] ?? '1')} plies: ${plies} played`);
    }
    this.game = undoPlies(s, n);
    out.push(formatGameString(this.game, { uhp: true }));
  }

  private optionLine(spec: RuleOptionSpec): string {
    const v = this.settings[spec.key];
    const d = DEFAULT_OPTIONS[spec.key];
    if (spec.kind === 'int') return `${spec.name};int;${v};${d};0;${MAX_PLIES_LIMIT}`;
    if (spec.kind === 'enum') {
      // UHP's enum option line: name, type, value, default, then every value (H-END-4).
      const values = REPETITION_TEXTS.map(([t]) => t).join(';');
      return `${spec.name};enum;${formatOptionValue(v)};${formatOptionValue(d)};${values}`;
    }
    const b = (x: unknown) => (x ? 'True' : 'False');
    return `${spec.name};bool;${b(v)};${b(d)}`;
  }

  private findOption(name: string | undefined): RuleOptionSpec {
    const spec = RULE_OPTIONS.find((o) => o.name.toLowerCase() === (name ?? '').toLowerCase());
    if (!spec) return fail(`unknown option ${quote(name ?? '')}`);
    return spec;
  }

  /** The engine option named `name` (any case), if it is one. */
  private engineOption(name: string | undefined) {
    return this.engineOptions.find((o) => o.name.toLowerCase() === (name ?? '').toLowerCase());
  }

  private engineOptionLine(o: EngineOptionSpec): string {
    return `${o.name};int;${this.engineSettings[o.name]};${o.fallback};${o.min};${o.max}`;
  }

  private options(args: string[], out: string[]): void {
    if (args.length === 0) {
      for (const spec of RULE_OPTIONS) out.push(this.optionLine(spec));
      for (const o of this.engineOptions) out.push(this.engineOptionLine(o));
      return;
    }
    const sub = args[0].toLowerCase();
    const engineOption = this.engineOption(args[1]);
    if (
      engineOption &&
      (sub === 'get' || sub === 'set') &&
      args.length === (sub === 'get' ? 2 : 3)
    ) {
      if (sub === 'set') {
        const raw = args[2];
        const n = Number(raw);
        if (!/^[0-9]+$/.test(raw) || n < engineOption.min || n > engineOption.max) {
          fail(
            `option ${engineOption.name} needs an integer in ${engineOption.min}..${engineOption.max}, got ${quote(raw)}`,
          );
        }
        this.engineSettings[engineOption.name] = n;
        // The next search starts a bot with the new table size, evaluator or threads.
        this.bot = null;
      }
      out.push(this.engineOptionLine(engineOption));
      return;
    }
    if (sub === 'get' && args.length === 2) {
      out.push(this.optionLine(this.findOption(args[1])));
      return;
    }
    if (sub === 'set' && args.length === 3) {
      const spec = this.findOption(args[1]);
      const raw = args[2];
      if (spec.kind === 'enum') {
        const rule = parseRepetitionText(raw);
        if (rule === undefined) {
          const texts = REPETITION_TEXTS.map(([t]) => t).join(', ');
          fail(`option ${spec.name} needs one of ${texts}, got ${quote(raw)}`);
        }
        (this.settings as Record<string, unknown>)[spec.key] = rule;
      } else if (spec.kind === 'bool') {
        const v = raw.toLowerCase();
        if (v !== 'true' && v !== 'false')
          fail(`option ${spec.name} needs True or False, got ${quote(raw)}`);
        (this.settings as Record<string, unknown>)[spec.key] = v === 'true';
      } else {
        const n = Number(raw);
        if (!/^[0-9]+$/.test(raw) || n > MAX_PLIES_LIMIT) {
          fail(`option ${spec.name} needs an integer in 0..${MAX_PLIES_LIMIT}, got ${quote(raw)}`);
        }
        this.settings.maxPlies = n;
      }
      // H-OPT-1: the running game keeps its options; the new value applies from `newgame`.
      out.push(this.optionLine(spec));
      return;
    }
    fail(`bad options command ${quote(args.join(' '))}`);
  }

  private perft(args: string[], out: string[]): void {
    const s = this.current();
    if (args.length !== 1 || !/^[0-9]{1,2}$/.test(args[0])) {
      fail(`perft expects a depth 0..99, got ${quote(args.join(' '))}`);
    }
    const depth = Number(args[0]);
    const pos = searchPositionOf(s);
    for (let d = 0; d <= depth; d++) {
      const t0 = this.now();
      const nodes = perftPosition(pos, d);
      const ms = this.now() - t0;
      const knps = Math.round(nodes / Math.max(ms, 0.001));
      out.push(`perft(${d}) = ${nodes} in ${Math.round(ms)} ms. ${knps} KN/s`);
    }
  }

  /** The current GameString with every move rendered canonically (H-UHP-8), or `null`. */
  canonical(): string | null {
    return this.game ? formatGameString(this.game, { uhp: true, canonical: true }) : null;
  }
}
