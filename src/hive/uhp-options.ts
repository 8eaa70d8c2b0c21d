/**
 * The UHP `options` command (H-UHP-10): the four rule options, which apply from the next
 * `newgame` (H-OPT-1), and the engine's own search options, which apply from the next
 * `bestmove`. {@link UhpOptionTable} holds their values and answers `options`, `options get`
 * and `options set`.
 *
 * @module
 */

import { RulesError } from '../core/errors.js';
import { readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';
import { DEFAULT_AGGRESSION } from './evaluate.js';
import {
  formatOptionValue,
  parseRepetitionText,
  REPETITION_TEXTS,
  RULE_OPTIONS,
  type RuleOptionSpec,
} from './notation.js';
import { DEFAULT_OPTIONS, type HiveOptions, MAX_PLIES_LIMIT, resolveOptions } from './options.js';
import { fail } from './uhp-reply.js';

/** The rule options a UHP client can set (H-UHP-10), by their {@link HiveOptions} names. */
export type UhpRuleOptions = Pick<
  HiveOptions,
  'tournamentOpening' | 'repetitionDraw' | 'maxPlies' | 'strictInput'
>;

/** The most lines `MultiPV` asks for (each costs about one more search of the root). */
export const MAX_MULTI_PV = 64;

/**
 * The engine's own options (not rules: they change how it searches, never what is legal), listed
 * by `options` after the rule options, as nokamute lists its own: `Name;int;value;default;min;max`
 * or `Name;bool;value;default`. The last three are boardrules extensions to UHP, off by default
 * (docs/hive.md): `SearchInfo` and `MultiPV` add `info` lines to `bestmove`, `StopOnInput` lets
 * a line that arrives during a search end it.
 */
const ENGINE_UHP_OPTIONS: readonly EngineOptionSpec[] = [
  // Transposition table size; 4 MiB is alpha-beta's default of 2^18 16-byte entries.
  { kind: 'int', name: 'TableSizeMiB', fallback: 4, min: 1, max: 1024, newBot: true },
  // The evaluator's Queen terms (hiveEvaluatorWith): 1 cautious .. 5 all-out attack.
  { kind: 'int', name: 'Aggression', fallback: DEFAULT_AGGRESSION, min: 1, max: 5, newBot: true },
  // Threads searching a `bestmove time` (lazy SMP); the maximum is the engine's helpers + 1.
  { kind: 'int', name: 'Threads', fallback: 1, min: 1, max: 1, newBot: true },
  // Extension: `info` lines after every iteration of a `bestmove` search.
  { kind: 'bool', name: 'SearchInfo', fallback: false, newBot: false },
  // Extension: the k best moves, each on an `info` line.
  { kind: 'int', name: 'MultiPV', fallback: 1, min: 1, max: MAX_MULTI_PV, newBot: false },
  // Extension: a line that arrives while `bestmove` searches ends the search.
  { kind: 'bool', name: 'StopOnInput', fallback: false, newBot: false },
];
/** The engine's own options' values ({@link ENGINE_UHP_OPTIONS}), by name. */
export interface EngineSettings {
  TableSizeMiB: number;
  Aggression: number;
  Threads: number;
  SearchInfo: boolean;
  MultiPV: number;
  StopOnInput: boolean;
}
/** The name of one of the engine's own options ({@link ENGINE_UHP_OPTIONS}). */
export type EngineOptionName = keyof EngineSettings;
type IntName = 'TableSizeMiB' | 'Aggression' | 'Threads' | 'MultiPV';
type BoolName = 'SearchInfo' | 'StopOnInput';
/** An engine option; `newBot`: a new value needs a new bot (table, evaluator, threads). */
type EngineOptionSpec =
  | {
      readonly kind: 'int';
      readonly name: IntName;
      readonly fallback: number;
      readonly min: number;
      readonly max: number;
      readonly newBot: boolean;
    }
  | {
      readonly kind: 'bool';
      readonly name: BoolName;
      readonly fallback: boolean;
      readonly newBot: boolean;
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

/** The values of a UHP engine's options, and its `options` command. */
export class UhpOptionTable {
  /** The rule options the next `newgame` starts with. */
  readonly settings: { -readonly [K in keyof UhpRuleOptions]: UhpRuleOptions[K] };
  /** {@link ENGINE_UHP_OPTIONS} with `Threads` up to the helpers' count + 1. */
  private readonly engineOptions: readonly EngineOptionSpec[];
  /** The values of {@link ENGINE_UHP_OPTIONS}; a change takes effect at the next `bestmove`. */
  readonly engineSettings: EngineSettings = {
    TableSizeMiB: 4,
    Aggression: DEFAULT_AGGRESSION,
    Threads: 1,
    SearchInfo: false,
    MultiPV: 1,
    StopOnInput: false,
  };

  /**
   * `ruleOptions` as the engine was given them, `maxThreads` the helpers' count + 1, `threads`
   * the start-up `Threads`. Throws `RulesError('INVALID_OPTIONS')` for a bad one.
   */
  constructor(ruleOptions: unknown, maxThreads: number, threads: number) {
    this.settings = ruleSettings(ruleOptions);
    this.engineOptions = ENGINE_UHP_OPTIONS.map((spec) =>
      spec.name === 'Threads' ? { ...spec, max: maxThreads } : spec,
    );
    if (threads > maxThreads) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `UhpEngine option 'threads' must be at most ${maxThreads} (its helpers + 1), got ${threads}`,
      );
    }
    this.engineSettings.Threads = threads;
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
    if (o.kind === 'bool') {
      const b = (x: boolean) => (x ? 'True' : 'False');
      return `${o.name};bool;${b(this.engineSettings[o.name])};${b(o.fallback)}`;
    }
    return `${o.name};int;${this.engineSettings[o.name]};${o.fallback};${o.min};${o.max}`;
  }

  /** Sets the engine option `o` to the text `raw`, or fails saying what it needs (unchanged). */
  private setEngineOption(o: EngineOptionSpec, raw: string): void {
    if (o.kind === 'bool') {
      const v = raw.toLowerCase();
      if (v !== 'true' && v !== 'false')
        fail(`option ${o.name} needs True or False, got ${quote(raw)}`);
      this.engineSettings[o.name] = v === 'true';
      return;
    }
    const n = Number(raw);
    if (!/^[0-9]+$/.test(raw) || n < o.min || n > o.max) {
      fail(`option ${o.name} needs an integer in ${o.min}..${o.max}, got ${quote(raw)}`);
    }
    this.engineSettings[o.name] = n;
  }

  /**
   * Answers `options` with `args` its arguments, into `out`. Returns whether an engine option
   * that shapes the bot was set: the next search must then start a bot with the new table
   * size, evaluator or threads.
   */
  command(args: string[], out: string[]): boolean {
    if (args.length === 0) {
      for (const spec of RULE_OPTIONS) out.push(this.optionLine(spec));
      for (const o of this.engineOptions) out.push(this.engineOptionLine(o));
      return false;
    }
    const sub = args[0].toLowerCase();
    const engineOption = this.engineOption(args[1]);
    if (
      engineOption &&
      (sub === 'get' || sub === 'set') &&
      args.length === (sub === 'get' ? 2 : 3)
    ) {
      if (sub === 'set') this.setEngineOption(engineOption, args[2]);
      out.push(this.engineOptionLine(engineOption));
      return sub === 'set' && engineOption.newBot;
    }
    if (sub === 'get' && args.length === 2) {
      out.push(this.optionLine(this.findOption(args[1])));
      return false;
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
      return false;
    }
    fail(`bad options command ${quote(args.join(' '))}`);
  }
}
