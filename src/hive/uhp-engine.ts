/**
 * A Universal Hive Protocol engine (H-UHP-9, H-UHP-10) over the boardrules Hive rules, as a
 * line-in / reply-out object so it can be driven by tests, by `boardrules uhp` on
 * stdin/stdout, or embedded in a server. Every reply ends with the line `ok`; failures print
 * `err <message>`, illegal or unparsable moves `invalidmove <message>`, and a failed command
 * leaves the engine's state unchanged. `handle` never throws.
 *
 * Besides official UHP it has a few boardrules extensions, unofficial and off by default
 * (docs/hive.md): `info` lines during `bestmove` (`SearchInfo`, `MultiPV`), a search that a
 * stop signal or the next input line ends (`StopOnInput`), and `bestmove clock`.
 *
 * @module
 */

import { type OptionCheck, readCheckedOptions } from '../core/options.js';
import { perftPosition } from '../core/perft.js';
import { quote } from '../core/quote.js';
import type { StopSignal } from '../search/types.js';
import { parseGameTypeString } from './engine/pieces.js';
import { hive } from './game.js';
import { formatGameString, parseGameString, playMoveString, undoPlies } from './game-string.js';
import type { DEFAULT_OPTIONS, HiveOptions } from './options.js';
import { searchPositionOf } from './state.js';
import type { HiveState } from './types.js';
import { UhpOptionTable, type UhpRuleOptions } from './uhp-options.js';
import { CommandError, fail } from './uhp-reply.js';
import {
  bestmoveLimit,
  DEFAULT_BESTMOVE_DEPTH,
  UhpSearch,
  type UhpSearchHelpers,
} from './uhp-search.js';

export { CLOCK_MOVES, clockBudget, type UhpClock, type UhpSideClock } from './uhp-clock.js';
export { MAX_MULTI_PV, type UhpRuleOptions } from './uhp-options.js';
export {
  DEFAULT_BESTMOVE_DEPTH,
  searchBudgetMs,
  type UhpHelperJob,
  type UhpSearchHelpers,
} from './uhp-search.js';

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

/** What {@link UhpEngine.handle} may be given beside the command line (UHP extensions). */
export interface UhpHandleOptions {
  /**
   * Stops a `bestmove` search, which then answers with its best move so far, as usual: an
   * `AbortSignal`, or any object whose `aborted` turns `true`.
   */
  readonly signal?: StopSignal;
  /**
   * True while another command line is waiting to be handled: with the `StopOnInput` option
   * True it stops a `bestmove` search as `signal` does (`boardrules uhp` passes it).
   */
  readonly inputWaiting?: () => boolean;
  /**
   * Receives each line of the reply as soon as it is known: the `info` lines while `bestmove`
   * searches, then the rest, `ok` last. `handle` still returns the whole reply. If it throws,
   * it is not called again for this reply.
   */
  readonly onLine?: (line: string) => void;
}

/** The checks of {@link UhpHandleOptions}. */
const HANDLE_OPTIONS: Readonly<Record<keyof UhpHandleOptions, OptionCheck>> = {
  signal: (v) =>
    typeof v === 'object' && v !== null && typeof (v as StopSignal).aborted === 'boolean'
      ? undefined
      : "an AbortSignal (an object with a boolean 'aborted')",
  inputWaiting: (v) => (typeof v === 'function' ? undefined : 'a function'),
  onLine: (v) => (typeof v === 'function' ? undefined : 'a function'),
};

/** How one command reports as it goes: the caller's control, and the `info` lines' sink. */
interface CommandWatch {
  readonly control: UhpHandleOptions;
  readonly info: (line: string) => void;
}

/** The official capability line of `info` (H-UHP-10). */
const OFFICIAL_CAPABILITIES = 'Mosquito;Ladybug;Pillbug';
/** H-FAN-UHP-4: what `info` appends with fan bugs enabled. */
const FAN_CAPABILITIES = ';Mantis;Fly;Scorpion;Wasp;Cockroach;Dragonfly;Centipede';

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
  // Checked against the helpers' count by the option table (UhpOptionTable).
  threads: (v) => (Number.isInteger(v) && (v as number) >= 1 ? undefined : 'an integer >= 1'),
};

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
  private readonly version: string;
  private readonly fanBugs: boolean;
  private readonly now: () => number;
  private readonly defaultDepth: number;
  /** The rule options for the next `newgame` and the engine's own options. */
  private readonly options: UhpOptionTable;
  private readonly search: UhpSearch;
  private exited = false;

  /** Throws `RulesError('INVALID_OPTIONS')` for an unknown option or a bad value. */
  constructor(options: UhpEngineOptions = {}) {
    const o = readCheckedOptions(options, 'UhpEngine options', ENGINE_OPTIONS) as UhpEngineOptions;
    this.version = o.version ?? ENGINE_VERSION;
    this.fanBugs = o.fanBugs ?? true;
    this.now = o.now ?? (() => performance.now());
    this.defaultDepth = o.defaultDepth ?? DEFAULT_BESTMOVE_DEPTH;
    this.options = new UhpOptionTable(o.ruleOptions, 1 + (o.helpers?.max ?? 0), o.threads ?? 1);
    this.search = new UhpSearch(o.helpers);
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
   * piece of the input. Never throws, whatever it is given. `control` (the UHP extensions)
   * stops a `bestmove` search and streams the reply's lines as they come.
   */
  handle(line: string, control?: UhpHandleOptions): string {
    const body: string[] = [];
    let sent = 0;
    let onLine: ((line: string) => void) | undefined;
    // Passes the lines not yet sent to `onLine`, as they are known.
    const flush = (): void => {
      while (sent < body.length) {
        const text = body[sent++];
        try {
          onLine?.(text);
        } catch {
          onLine = undefined;
        }
      }
    };
    try {
      const c = readCheckedOptions(
        control,
        'UhpEngine.handle options',
        HANDLE_OPTIONS,
      ) as UhpHandleOptions;
      onLine = c.onLine;
      if (typeof line !== 'string') fail(`a command line must be text, got ${quote(line)}`);
      const info = (text: string): void => {
        body.push(text);
        flush();
      };
      if (line.trim() !== '') this.dispatch(line, body, { control: c, info });
    } catch (e) {
      if (e instanceof CommandError) body.push(`${e.prefix} ${e.message}`);
      else body.push(`err ${e instanceof Error ? e.message : quote(e)}`);
    }
    body.push('ok');
    flush();
    return body.join('\n');
  }

  private dispatch(line: string, out: string[], watch: CommandWatch): void {
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
        this.bestmove(args, out, watch);
        return;
      case 'undo':
        this.undo(args, out);
        return;
      case 'options':
        // A new engine option value takes effect with a new bot, at the next `bestmove`.
        if (this.options.command(args, out)) this.search.reset();
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
    const options: Partial<HiveOptions> = { ...this.options.settings };
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

  private bestmove(args: string[], out: string[], watch: CommandWatch): void {
    const s = this.live();
    const limit = bestmoveLimit(args, this.defaultDepth);
    const settings = this.options.engineSettings;
    const { signal, inputWaiting } = watch.control;
    // Stopped by the caller's signal, or (StopOnInput) by a line waiting behind this one.
    const byInput = settings.StopOnInput ? inputWaiting : undefined;
    const stop: StopSignal | undefined =
      signal === undefined && byInput === undefined
        ? undefined
        : {
            get aborted(): boolean {
              return signal?.aborted === true || byInput?.() === true;
            },
          };
    const move = this.search.bestmove(s, limit, settings, {
      ...(stop ? { signal: stop } : {}),
      info: watch.info,
    });
    out.push(hive.formatMove(s, move));
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
