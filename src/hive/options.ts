/**
 * Hive options (H-OPT): the game type plus the four rule options of the spec's §0, with their
 * exact names and defaults. Options are fixed when a game is created (H-OPT-1).
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { isPlainObject, readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';
import {
  formatSetupType,
  gameSetup,
  type HiveGameType,
  type HiveRoster,
  rosterCounts,
  rosterOf,
} from './engine/pieces.js';

/** Options for `hive.start`. Every field is optional; see {@link DEFAULT_OPTIONS}. */
export interface HiveOptions {
  /**
   * The game type (H-SETUP-2). Default `'Base+MLP'` (the full official game). A fan-extended
   * type such as `'Base+MLP:wTW3:bC'` (H-FAN-UHP-2) also sets the roster.
   */
  readonly type: HiveGameType;
  /** H-PLACE-5: no Queen on a player's first turn. Default `true`. UHP `TournamentOpening`. */
  readonly tournamentOpening: boolean;
  /**
   * H-END-4: repetition draws. Default `false` (no repetition rule, as Mzinga). `true`: the
   * third occurrence of a position — pieces, side to move and the frozen pieces — draws.
   * `'hivegame'`: the same without the frozen pieces, as hivegame.com counts. `'nokamute'`:
   * nokamute's count (see H-END-4). UHP `RepetitionDraw` (`True`, `False`, `HiveGame`,
   * `Nokamute`).
   */
  readonly repetitionDraw: RepetitionRule;
  /** H-END-5: draw after this many plies without a result; 0 = off. Default `0`. UHP `MaxPlies`. */
  readonly maxPlies: number;
  /** H-UHP-7/8: reject the lenient input forms of H-UHP-6. Default `false`. UHP `StrictInput`. */
  readonly strictInput: boolean;
  /**
   * H-FAN-ROSTER: the tiles each colour turns to a fan bug, e.g. `{ w: { T: 1 }, b: { C: 1 } }`.
   * Default `null` (the official game). Resolved options carry the roster in `type` as well;
   * giving both a roster and a type with a different roster is an error.
   */
  readonly roster: HiveRoster | null;
}

/** The repetition rules of H-END-4: off, boardrules' count, hivegame.com's or nokamute's. */
export type RepetitionRule = boolean | 'hivegame' | 'nokamute';

/** Every value of {@link HiveOptions.repetitionDraw}. */
export const REPETITION_RULES: readonly RepetitionRule[] = [false, true, 'hivegame', 'nokamute'];

/** The defaults (H-OPT-1): perft and the reference vectors assume them. */
export const DEFAULT_OPTIONS: Readonly<HiveOptions> = Object.freeze({
  type: 'Base+MLP',
  tournamentOpening: true,
  repetitionDraw: false,
  maxPlies: 0,
  strictInput: false,
  roster: null,
});

const OPTION_NAMES = Object.keys(DEFAULT_OPTIONS);

/** A checked `repetitionDraw` value (default when absent). */
function repetitionRule(v: unknown): RepetitionRule {
  if (v === undefined) return DEFAULT_OPTIONS.repetitionDraw;
  if (!REPETITION_RULES.includes(v as RepetitionRule)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `hive option 'repetitionDraw' must be false, true, 'hivegame' or 'nokamute', got ${quote(v)}`,
    );
  }
  return v as RepetitionRule;
}

/** Largest accepted `maxPlies` (the UHP option's maximum, H-UHP-10). */
export const MAX_PLIES_LIMIT = 100000;

/**
 * Validates and completes partial options. Throws `RulesError('INVALID_OPTIONS')` naming an
 * unknown option or a bad value.
 */
export function resolveOptions(options: unknown = {}): Readonly<HiveOptions> {
  const o = readOptions(options, 'hive options', OPTION_NAMES);
  const bool = (name: keyof HiveOptions): boolean => {
    const v = o[name];
    if (v === undefined) return DEFAULT_OPTIONS[name] as boolean;
    if (typeof v !== 'boolean') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `hive option '${name}' must be a boolean, got ${quote(v)}`,
      );
    }
    return v;
  };
  let setup = gameSetup(DEFAULT_OPTIONS.type);
  if (o.type !== undefined) {
    if (typeof o.type !== 'string') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `hive option 'type' must be a GameTypeString, got ${quote(o.type)}`,
      );
    }
    try {
      setup = gameSetup(o.type);
    } catch (e) {
      const why = e instanceof RulesError ? e.message : `unknown game type ${quote(o.type)}`;
      throw new RulesError('INVALID_OPTIONS', `hive option 'type': ${why}`);
    }
  }
  let type = setup.type;
  if (o.roster !== undefined && o.roster !== null) {
    if (!isPlainObject(o.roster)) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `hive option 'roster' must be a plain object or null, got ${quote(o.roster)}`,
      );
    }
    const counts = rosterCounts(setup.base, o.roster);
    const fromRoster = formatSetupType(setup.base, counts);
    // A type that names a roster and a roster option must agree (H-FAN-ROSTER-2: one roster).
    if (type !== setup.base && type !== fromRoster) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `hive options 'type' (${type}) and 'roster' (${fromRoster}) name different rosters`,
      );
    }
    type = fromRoster;
  }
  let maxPlies = DEFAULT_OPTIONS.maxPlies;
  if (o.maxPlies !== undefined) {
    const v = o.maxPlies;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_PLIES_LIMIT) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `hive option 'maxPlies' must be an integer in 0..${MAX_PLIES_LIMIT}, got ${quote(v)}`,
      );
    }
    maxPlies = v;
  }
  return Object.freeze({
    type,
    roster: rosterOf(gameSetup(type).roster),
    tournamentOpening: bool('tournamentOpening'),
    repetitionDraw: repetitionRule(o.repetitionDraw),
    maxPlies,
    strictInput: bool('strictInput'),
  });
}
