/**
 * The Torres plug-in for the `boardrules` CLI: `--players N`, `--seed S`, `--deck-mode`,
 * `--version basic|master` and one flag per option.
 *
 * @module
 */
import { isRulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import {
  formatBoard,
  SEAT_NAMES,
  type TorresMove,
  type TorresOptions,
  type TorresState,
  torres,
  torresEvaluator,
} from '../../torres/index.js';
import type { FlagSpec, Flags, GamePlugin } from '../plugin.js';
import { UsageError } from '../plugin.js';

interface OptionFlag extends FlagSpec {
  readonly option: keyof TorresOptions;
  readonly kind: 'int' | 'string' | 'bool' | 'intOrString' | 'intOrNull';
}

const OPTION_FLAGS: readonly OptionFlag[] = [
  {
    name: 'players',
    value: '<2|3|4>',
    help: 'number of players (default 4)',
    option: 'players',
    kind: 'int',
  },
  {
    name: 'seed',
    value: '<S>',
    help: "the game's RNG seed: decks, random first player/master card",
    option: 'seed',
    kind: 'int',
  },
  {
    name: 'version',
    value: '<basic|master>',
    help: 'basic game or master version (default basic)',
    option: 'version',
    kind: 'string',
  },
  {
    name: 'deck-mode',
    value: '<mode>',
    help: 'shared | perColour | draft | masterHand (default shared)',
    option: 'deckMode',
    kind: 'string',
  },
  {
    name: 'first-player',
    value: '<seat|random>',
    help: 'first player (default 0)',
    option: 'firstPlayer',
    kind: 'intOrString',
  },
  {
    name: 'master-card',
    value: '<1..8|random>',
    help: 'master card (master version; default random)',
    option: 'masterCard',
    kind: 'intOrString',
  },
  {
    name: 'stack-cap',
    value: '<N|none>',
    help: 'largest stack after redistribution (default 3)',
    option: 'stackCap',
    kind: 'intOrNull',
  },
  {
    name: 'carry-over',
    help: 'carry unused blocks into the next phase (T-RULE-4)',
    option: 'carryOverBlocks',
    kind: 'bool',
  },
  {
    name: 'redistribution',
    value: '<mandatory|optional>',
    help: 'T-RULE-12 (default mandatory)',
    option: 'redistribution',
    kind: 'string',
  },
  {
    name: 'phase-start',
    value: '<lowest|highest>',
    help: 'who starts phases 2/3 (default lowest)',
    option: 'phaseStartPlayer',
    kind: 'string',
  },
  {
    name: 'round-order',
    value: '<fixed|leaderEachRound>',
    help: 'T-RULE-13 (default fixed)',
    option: 'roundOrder',
    kind: 'string',
  },
  {
    name: 'scoring-order',
    value: '<turnOrder|leaderFirst>',
    help: 'T-RULE-14 (default turnOrder)',
    option: 'scoringOrder',
    kind: 'string',
  },
  {
    name: 'jump-over-king',
    help: 'jumpKnight may jump the king',
    option: 'jumpOverKing',
    kind: 'bool',
  },
  {
    name: 'climb-two',
    value: '<exact|upTo>',
    help: 'climbTwo card (default exact)',
    option: 'climbTwo',
    kind: 'string',
  },
  {
    name: 'castle-spacing',
    value: '<manhattan|rowColumn>',
    help: 'master setup spacing (default manhattan)',
    option: 'castleSpacing',
    kind: 'string',
  },
  {
    name: 'master-contiguity',
    value: '<orthogonal|eightWay>',
    help: 'master card 4',
    option: 'masterContiguity',
    kind: 'string',
  },
  {
    name: 'master-line',
    value: '<orthogonal|withDiagonals>',
    help: 'master card 6',
    option: 'masterLine',
    kind: 'string',
  },
  {
    name: 'master-square',
    value: '<axis|anyOrientation>',
    help: 'master card 7',
    option: 'masterSquare',
    kind: 'string',
  },
  {
    name: 'master-min-knights',
    value: '<N>',
    help: 'knights needed for "all your knights" cards (default 2)',
    option: 'masterMinKnights',
    kind: 'int',
  },
  {
    name: 'knights',
    value: '<N>',
    help: 'knights per player (default 6)',
    option: 'knightsPerPlayer',
    kind: 'int',
  },
  {
    name: 'blocks',
    value: '<N>',
    help: 'tower blocks in the game (default 92)',
    option: 'totalBlocks',
    kind: 'int',
  },
];

function readInt(flag: string, raw: string): number {
  if (!/^\d+$/.test(raw.trim()))
    throw new UsageError(`--${flag} must be a non-negative integer, got ${quote(raw)}`);
  return Number(raw);
}

/** The Torres options named by the command-line flags. */
export function optionsFromFlags(flags: Flags): Partial<TorresOptions> {
  const out: Record<string, unknown> = {};
  for (const f of OPTION_FLAGS) {
    const raw = flags[f.name];
    if (raw === undefined) continue;
    if (f.kind === 'bool') out[f.option] = raw === true;
    else if (typeof raw !== 'string') throw new UsageError(`--${f.name} needs a value`);
    else if (f.kind === 'int') out[f.option] = readInt(f.name, raw);
    else if (f.kind === 'intOrString') out[f.option] = /^\d+$/.test(raw) ? Number(raw) : raw;
    else if (f.kind === 'intOrNull') out[f.option] = raw === 'none' ? null : readInt(f.name, raw);
    else out[f.option] = raw;
  }
  return out as Partial<TorresOptions>;
}

/** The Torres CLI plug-in. */
export const plugin: GamePlugin<TorresState, TorresMove> = {
  game: torres as unknown as GamePlugin<TorresState, TorresMove>['game'],
  summary:
    'Torres (Kramer & Kiesling, 1999), 2–4 players, action cards, deck variants, master version',
  // `--seed` is a generic flag of the commands that start a game (perft, play): it is read into
  // the `seed` option here but listed (and parsed) once, with the generic flags.
  flags: OPTION_FLAGS.filter((f) => f.name !== 'seed').map(({ name, value, help }) =>
    value === undefined ? { name, help } : { name, value, help },
  ),
  startState(flags: Flags): TorresState {
    try {
      return torres.start(optionsFromFlags(flags));
    } catch (e) {
      if (isRulesError(e)) throw new UsageError(e.message);
      throw e;
    }
  },
  variant(s: TorresState): string {
    const o = s.options;
    return `${o.players}p ${o.version === 'master' ? 'master' : o.deckMode} seed ${o.seed}`;
  },
  show: (state) => formatBoard(state, { legend: true }),
  seatNames: SEAT_NAMES,
  // Cards are hidden: MCTS searches samples of what its seat cannot see.
  // Guided MCTS without rollouts: 24–0 against one-move greedy where MCTS with random
  // expansion and rollouts cut at 10 plies lost 1–23 (bench/ladder.bench.mjs, docs/bots.md).
  bots: {
    evaluate: torresEvaluator,
    determinize: torres.determinize,
    rolloutDepth: 0,
    guided: true,
  },
  recordTags: ['Players', 'Seed'],
  analysis: {
    depth: 2,
    thresholds: [0.1, 0.2, 0.4],
    basis:
      'near even, one projected point moves the evaluation by about 0.06: ?! from 1.6 points lost, ? from 3.2, ?? from 6.4',
  },
};
