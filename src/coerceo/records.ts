/**
 * What Coerceo's records need of the rules ({@link RecordRules}): the `Variant` tag names the
 * start layout (`Laurentius`, `Ocius`; the library's default without it), `ExchangeCost` the
 * substitute rule "Exchanging one tile" when it is `1`; any other start (a set-up position, other
 * rulings) is the record's `Position` tag, a saved state (C-NOTATION-5). A result is written as
 * PGN writes one for White and Black: `1-0`, `0-1`, `1/2-1/2`.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import { quote } from '../core/quote.js';
import { type RecordRules, type RecordTag, tagsArg, tagValue } from '../core/record.js';
import { outcomeOf } from './engine/rules.js';
import type { CoerceoOptions } from './options.js';
import { checkState } from './state.js';
import type { CoerceoMove, CoerceoState } from './types.js';

const VARIANTS = { laurentius: 'Laurentius', ocius: 'Ocius' } as const;

export const coerceoRecords: RecordRules<CoerceoState, CoerceoMove> & {
  startOptions(tags: readonly RecordTag[]): Partial<CoerceoOptions>;
} = {
  startOptions(tags) {
    tagsArg('coerceo.records.startOptions', tags);
    const variant = tagValue(tags, 'Variant')?.trim().toLowerCase() ?? 'laurentius';
    if (variant !== 'laurentius' && variant !== 'ocius') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `the record's Variant tag must be Laurentius or Ocius, got ${quote(tagValue(tags, 'Variant'))}`,
      );
    }
    const cost = tagValue(tags, 'ExchangeCost')?.trim() ?? '2';
    if (cost !== '1' && cost !== '2') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `the record's ExchangeCost tag must be 1 or 2, got ${quote(cost)}`,
      );
    }
    return { variant, exchangeCost: cost === '1' ? 1 : 2 };
  },
  tagsOf(start) {
    checkState(start, 'coerceo.records.tagsOf');
    const tags: RecordTag[] = [
      ['Variant', start.layout === 'O' ? VARIANTS.ocius : VARIANTS.laurentius],
    ];
    if (start.exchangeCost === 1) tags.push(['ExchangeCost', '1']);
    return tags;
  },
  resultOf(state) {
    checkState(state, 'coerceo.records.resultOf');
    const o = outcomeOf(state.status);
    if (o === null) return '*';
    return o.winner === 'white' ? '1-0' : o.winner === 'black' ? '0-1' : '1/2-1/2';
  },
};
