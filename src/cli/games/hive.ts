/**
 * The Hive plug-in for the `boardrules` CLI, its game part: `--type <GameTypeString>` (default
 * `Base+MLP`; fan-extended types such as `Base+MLP:wTW3:bC` play the fan bugs, H-FAN-UHP-2) and
 * the rule options of the spec's §0 as flags, the board as text, the bots' settings. It runs in
 * a browser too (the playground seats the same bots); Hive's own commands, which need Node.js,
 * join it in `hive/plugin.ts`, the plug-in the CLI registers.
 */
import { RulesError } from '../../core/errors.js';
import {
  formatBoard,
  type HiveMove,
  type HiveOptions,
  type HiveState,
  hive,
  hiveEvaluator,
} from '../../hive/index.js';
import type { Flags, GamePlugin } from '../plugin.js';
import { UsageError } from '../plugin.js';
import { RULE_FLAGS, ruleOptionsFromFlags } from './hive/rule-flags.js';

/** `boardrules perft|moves|play hive ...`. */
export const plugin: GamePlugin<HiveState, HiveMove> = {
  game: hive,
  summary:
    'Hive with Mosquito, Ladybug and Pillbug (8 game types, UHP notation) and the seven fan bugs',
  flags: [
    {
      name: 'type',
      value: '<GameTypeString>',
      help: 'game type, e.g. Base or Base+MLP (default); fan bugs: Base+MLP:wTW3:bC',
    },
    ...RULE_FLAGS,
    // `play` has a generic --max-plies (stop the game); there the rule option is --ply-cap.
    { name: 'ply-cap', value: '<N>', help: 'the same as --max-plies (in play: the rule option)' },
  ],
  startState(flags: Flags): HiveState {
    const options: Record<string, unknown> = { ...ruleOptionsFromFlags(flags) };
    if (flags.type !== undefined) {
      if (typeof flags.type !== 'string') throw new UsageError('--type needs a GameTypeString');
      options.type = flags.type;
    }
    try {
      return hive.start(options as Partial<HiveOptions>);
    } catch (e) {
      if (e instanceof RulesError) throw new UsageError(e.message);
      throw e;
    }
  },
  variant(state: HiveState): string {
    return state.type;
  },
  show(state: HiveState): string {
    return formatBoard(state);
  },
  // Random Hive games rarely end: rollouts are cut early and scored by the evaluator.
  bots: { evaluate: hiveEvaluator, rolloutDepth: 4 },
  recordTags: ['GameType'],
  analysis: {
    depth: 4,
    thresholds: [0.3, 0.45, 0.6],
    basis:
      "the 1,167 moves of the 19 real games in Mzinga's tests, at depth 4: 1 in 12 loses 0.3 or more, 1 in 40 0.45, 1 in 170 0.6",
  },
};
