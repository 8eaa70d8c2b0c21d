/**
 * Coerceo options and rulings (spec §1), with their exact names and defaults, and the
 * validation `start()` applies.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';

/** Every option of `coerceo.start()` (spec §1). */
export interface CoerceoOptions {
  /** Start layout: `'laurentius'` (19 tiles, 18 + 18 pieces) or `'ocius'` (7 tiles, 7 + 7). Default `'laurentius'`. */
  readonly variant: 'laurentius' | 'ocius';
  /** Tiles an exchange costs: 2, or 1 with the substitute rule 'Exchanging one tile'. Default 2. */
  readonly exchangeCost: 1 | 2;
  /** Start from this position string (CPF, C-NOTATION-3) instead of a start layout. */
  readonly position: string | undefined;
  /** C-END-5: a position occurring for the third time is a draw. Default `true`. */
  readonly repetitionDraw: boolean;
  /** C-END-6: one piece each and no exchange ever possible is a draw. Default `true`. */
  readonly insufficientMaterialDraw: boolean;
  /** C-END-4: what a side to move with pieces but no legal turn gets. Default `'draw'`. */
  readonly noLegalMoves: 'draw' | 'loss';
  /** C-VARIANT-CURA-2: `formatMove` marks a move after which Cura is due with `+`. Default `false`. */
  readonly cura: boolean;
}

/** The rulings a state carries through play (the options that are not part of the position). */
export interface CoerceoRulings {
  /** See {@link CoerceoOptions.repetitionDraw}. */
  readonly repetitionDraw: boolean;
  /** See {@link CoerceoOptions.insufficientMaterialDraw}. */
  readonly insufficientMaterialDraw: boolean;
  /** See {@link CoerceoOptions.noLegalMoves}. */
  readonly noLegalMoves: 'draw' | 'loss';
  /** See {@link CoerceoOptions.cura}. */
  readonly cura: boolean;
}

/** The default rulings (spec §1). */
export const DEFAULT_RULINGS: CoerceoRulings = Object.freeze({
  repetitionDraw: true,
  insufficientMaterialDraw: true,
  noLegalMoves: 'draw',
  cura: false,
});

/** The seed's strict reading of the open points (spec §1). */
export const STRICT_RULINGS: CoerceoRulings = Object.freeze({
  repetitionDraw: false,
  insufficientMaterialDraw: false,
  noLegalMoves: 'loss',
  cura: false,
});

const DOMAINS: Record<keyof CoerceoOptions, readonly unknown[] | 'string'> = {
  variant: ['laurentius', 'ocius'],
  exchangeCost: [2, 1],
  position: 'string',
  repetitionDraw: [true, false],
  insufficientMaterialDraw: [true, false],
  noLegalMoves: ['draw', 'loss'],
  cura: [false, true],
};

const OPTION_NAMES = Object.keys(DOMAINS) as (keyof CoerceoOptions)[];

/** Checks names and values of a (partial) options object; throws `INVALID_OPTIONS`. */
export function checkOptions(options: unknown): Partial<CoerceoOptions> {
  const record = readOptions(options, 'coerceo options', OPTION_NAMES);
  for (const key of OPTION_NAMES) {
    const value = record[key];
    if (value === undefined) continue;
    const domain = DOMAINS[key];
    const ok = domain === 'string' ? typeof value === 'string' : domain.includes(value);
    if (!ok) {
      const expected = domain === 'string' ? 'a string' : domain.map((v) => quote(v)).join(' | ');
      throw new RulesError(
        'INVALID_OPTIONS',
        `coerceo option '${key}' must be ${expected}, got ${quote(value)}`,
      );
    }
  }
  return record as Partial<CoerceoOptions>;
}

/** The rulings from (checked) options, defaults filled in. */
export function rulingsOf(options: Partial<CoerceoOptions>): CoerceoRulings {
  return {
    repetitionDraw: options.repetitionDraw ?? DEFAULT_RULINGS.repetitionDraw,
    insufficientMaterialDraw:
      options.insufficientMaterialDraw ?? DEFAULT_RULINGS.insufficientMaterialDraw,
    noLegalMoves: options.noLegalMoves ?? DEFAULT_RULINGS.noLegalMoves,
    cura: options.cura ?? DEFAULT_RULINGS.cura,
  };
}
