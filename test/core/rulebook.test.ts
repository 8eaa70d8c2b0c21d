// Where a rule is written: each game's record names its rulebook page and the prefix of its rule
// IDs, and rulePage/ruleUrl find a rule there (core/explain.ts). The pages themselves are checked
// against the records in test/docs/rules-index.test.ts.
import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { rulePage, ruleUrl } from '../../src/core/explain.js';
import { hive } from '../../src/hive/index.js';
import { torres } from '../../src/torres/index.js';
import { tictactoe } from '../support/tictactoe.js';

describe('rulePage and ruleUrl', () => {
  it("find a rule on its game's page, by the record's rulebook", () => {
    expect(rulePage('H-PLACE-5', hive)).toBe('docs/rules/hive.md#h-place-5');
    expect(rulePage('C-TURN-1', coerceo)).toBe('docs/rules/coerceo.md#c-turn-1');
    expect(rulePage('T-CARD-AP6-1', torres)).toBe('docs/rules/torres.md#t-card-ap6-1');
    expect(ruleUrl('H-PLACE-5', hive)).toBe(
      'https://github.com/boardrules/boardrules/blob/main/docs/rules/hive.md#h-place-5',
    );
  });

  it("answer undefined for another game's rule, a game without a rulebook, or junk", () => {
    expect(rulePage('T-DOOR-1', hive)).toBeUndefined();
    expect(ruleUrl('H-PLACE-5', coerceo)).toBeUndefined();
    expect(rulePage('HX-PLACE-5', hive)).toBeUndefined();
    expect(rulePage('X-CELL-1', tictactoe)).toBeUndefined();
    expect(rulePage(5 as never, hive)).toBeUndefined();
    expect(rulePage('H-PLACE-5', null as never)).toBeUndefined();
    expect(rulePage('H-PLACE-5', { rulebook: { prefix: '', page: 'x' } })).toBeUndefined();
  });

  it('serve a fourth game the same way: the record is all they read', () => {
    const book = { ...tictactoe, rulebook: { prefix: 'X', page: 'tictactoe' } };
    expect(rulePage('X-CELL-1', book)).toBe('docs/rules/tictactoe.md#x-cell-1');
  });
});
