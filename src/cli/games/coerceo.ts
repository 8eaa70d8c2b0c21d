/**
 * The Coerceo plug-in of the `boardrules` CLI: `--variant laurentius|ocius`, `--exchange-cost`,
 * `--position <CPF>` and the rulings as flags; `formatBoard` draws the board.
 */
import {
  type CoerceoMove,
  type CoerceoOptions,
  type CoerceoState,
  coerceo,
  coerceoEvaluator,
  formatBoard,
  variantOf,
} from '../../coerceo/index.js';
import { type Flags, type GamePlugin, UsageError } from '../plugin.js';

function choice<T extends string>(flags: Flags, name: string, values: readonly T[]): T | undefined {
  const raw = flags[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !values.includes(raw as T)) {
    throw new UsageError(`--${name} must be one of ${values.join(', ')}, got '${String(raw)}'`);
  }
  return raw as T;
}

function bool(flags: Flags, name: string): boolean | undefined {
  const v = choice(flags, name, ['true', 'false'] as const);
  return v === undefined ? undefined : v === 'true';
}

/** Reads the Coerceo options from command-line flags. */
export function coerceoOptions(flags: Flags): Partial<CoerceoOptions> {
  const options: { -readonly [K in keyof CoerceoOptions]?: CoerceoOptions[K] } = {};
  const variant = choice(flags, 'variant', ['laurentius', 'ocius'] as const);
  if (variant) options.variant = variant;
  const cost = choice(flags, 'exchange-cost', ['2', '1'] as const);
  if (cost) options.exchangeCost = cost === '1' ? 1 : 2;
  if (typeof flags.position === 'string') options.position = flags.position;
  const rep = bool(flags, 'repetition-draw');
  if (rep !== undefined) options.repetitionDraw = rep;
  const ins = bool(flags, 'insufficient-material-draw');
  if (ins !== undefined) options.insufficientMaterialDraw = ins;
  const nlm = choice(flags, 'no-legal-moves', ['draw', 'loss'] as const);
  if (nlm) options.noLegalMoves = nlm;
  if (flags.cura === true) options.cura = true;
  return options;
}

/** The Coerceo plug-in. */
export const plugin: GamePlugin<CoerceoState, CoerceoMove> = {
  game: coerceo as GamePlugin<CoerceoState, CoerceoMove>['game'],
  summary: 'Coerceo (Laurentius and Ocius starts, one-tile exchange, Cura)',
  flags: [
    { name: 'variant', value: '<laurentius|ocius>', help: 'start layout (default laurentius)' },
    { name: 'exchange-cost', value: '<2|1>', help: 'tiles an exchange costs (default 2)' },
    { name: 'position', value: '<CPF>', help: 'start from this position string' },
    {
      name: 'repetition-draw',
      value: '<true|false>',
      help: 'third occurrence of a position draws (default true)',
    },
    {
      name: 'insufficient-material-draw',
      value: '<true|false>',
      help: 'one piece each and no exchange possible draws (default true)',
    },
    {
      name: 'no-legal-moves',
      value: '<draw|loss>',
      help: 'result for a side with pieces but no legal turn (default draw)',
    },
    { name: 'cura', help: "mark moves after which 'Cura' is due with '+'" },
  ],
  startState: (flags) => coerceo.start(coerceoOptions(flags)),
  variant: (state) => `${variantOf(state)}${state.exchangeCost === 1 ? ' exchange-1' : ''}`,
  show: (state) => formatBoard(state, { legend: true }),
  bots: { evaluate: coerceoEvaluator, rolloutDepth: 4 },
  recordTags: ['Variant', 'ExchangeCost'],
  analysis: {
    depth: 4,
    thresholds: [0.08, 0.15, 0.3],
    basis:
      'a piece given away early in the game costs about 0.22 at depth 4: a mistake; two a blunder',
  },
};
