/**
 * Hive's rule options as command-line flags (the spec's §0, H-OPT), shared by the game commands,
 * `boardrules uhp` and `boardrules match`.
 */
import { quote } from '../../../core/quote.js';
import type { UhpRuleOptions } from '../../../hive/index.js';
import type { FlagSpec, Flags } from '../../plugin.js';
import { UsageError } from '../../plugin.js';

function boolFlag(flags: Flags, name: string, expected = 'on|off'): boolean | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (v === true || v === 'true' || v === 'on') return true;
  if (v === 'false' || v === 'off') return false;
  throw new UsageError(`--${name} expects ${expected}, got ${quote(v)}`);
}

/**
 * The flags of the four rule options of the spec's §0 (H-OPT), shared by the game commands and
 * `boardrules uhp` (where they set the engine's start-up UHP options, H-UHP-10).
 */
export const RULE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'tournament-opening',
    value: '<on|off>',
    help: 'no Queen on the first turn (H-PLACE-5; default on)',
  },
  {
    name: 'repetition-draw',
    value: '<on|off|hivegame|nokamute>',
    help: 'third repetition draws, counted as boardrules, hivegame.com or nokamute count (H-END-4; default off)',
  },
  {
    name: 'max-plies',
    value: '<N>',
    help: 'draw after N plies without a result (H-END-5; 0 = off)',
  },
  { name: 'strict-input', value: '<on|off>', help: 'reject lenient UHP input (default off)' },
];

/** The rule options named by {@link RULE_FLAGS} (and `--ply-cap` when given). */
export function ruleOptionsFromFlags(flags: Flags): Partial<UhpRuleOptions> {
  const options: { -readonly [K in keyof UhpRuleOptions]?: UhpRuleOptions[K] } = {};
  const t = boolFlag(flags, 'tournament-opening');
  if (t !== undefined) options.tournamentOpening = t;
  const rep = flags['repetition-draw'];
  if (rep === 'hivegame' || rep === 'nokamute') options.repetitionDraw = rep;
  else {
    const r = boolFlag(flags, 'repetition-draw', 'on|off|hivegame|nokamute');
    if (r !== undefined) options.repetitionDraw = r;
  }
  const s = boolFlag(flags, 'strict-input');
  if (s !== undefined) options.strictInput = s;
  for (const name of ['max-plies', 'ply-cap']) {
    const raw = flags[name];
    if (raw === undefined) continue;
    if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
      throw new UsageError(`--${name} expects an integer >= 0, got ${quote(raw)}`);
    }
    options.maxPlies = Number(raw);
  }
  return options;
}
