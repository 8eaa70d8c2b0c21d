// Every refusal names its rule (docs/rules/coerceo.md): `explain` and `apply` agree with the
// generator over random legal games, and each rule a move can be refused by has a case.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldName } from '../../src/coerceo/engine/board.js';
import { REFUSAL_RULES } from '../../src/coerceo/explain.js';
import {
  type CoerceoMove,
  type CoerceoState,
  coerceo,
  piecesOf,
  resign,
} from '../../src/coerceo/index.js';
import { checkExplain, refusedBy } from '../support/explain.js';

/** Every step and exchange a move object could name (all fields, both colours), plus a pass. */
function candidates(state: CoerceoState, sample: (n: number) => number): CoerceoMove[] {
  const out: CoerceoMove[] = [{ kind: 'pass' } as unknown as CoerceoMove];
  const names: string[] = [];
  for (let id = 0; id < 114; id++) names.push(fieldName(id));
  const mine = piecesOf(state, state.side === 0 ? 'white' : 'black');
  for (let i = 0; i < 40; i++) {
    const from = i % 2 === 0 && mine.length > 0 ? mine[sample(mine.length)] : names[sample(114)];
    out.push({ kind: 'step', from, to: names[sample(114)] });
  }
  for (let i = 0; i < 10; i++) out.push({ kind: 'exchange', target: names[sample(114)] });
  return out;
}

describe('Coerceo refusals name their rule', () => {
  const start = coerceo.start();
  const [firstStep] = coerceo.moves(start) as [CoerceoMove & { kind: 'step' }];
  const cases: [string, CoerceoState, CoerceoMove][] = [
    ['C-END-7', resign(start, 'black'), firstStep],
    ['C-TURN-1', start, { kind: 'pass' } as unknown as CoerceoMove],
    ['C-TURN-2', start, { kind: 'step', from: 'a2f', to: 'a1e' }],
    ['C-MOVE-1', start, { kind: 'step', from: 'a1a', to: 'a1c' }],
    ['C-EXCHANGE-1', start, { kind: 'exchange', target: 'a2f' }],
  ];
  for (const [rule, state, move] of cases) {
    it(`${rule}: ${JSON.stringify(move)} is refused by ${rule}`, () => {
      expect(refusedBy(coerceo, state, move)).toBe(rule);
      expect(coerceo.explain(state, move)).toMatchObject({ legal: false, rule });
      const thrown = (() => {
        try {
          coerceo.apply(state, move);
        } catch (e) {
          return e as { code: string; rule: string; message: string };
        }
        return null;
      })();
      expect(thrown?.rule).toBe(rule);
      expect(thrown?.code).toBe(rule === 'C-END-7' ? 'GAME_OVER' : 'ILLEGAL_MOVE');
      expect(thrown?.message).toContain(`(${rule})`);
    });
  }

  it('has a case for every rule a move can be refused by', () => {
    expect(cases.map(([r]) => r).sort()).toEqual([...REFUSAL_RULES].sort());
  });

  it('C-EXCHANGE-1: an exchange names what it lacks: the tiles or an opponent piece', () => {
    expect(coerceo.explain(start, { kind: 'exchange', target: 'a2f' })).toMatchObject({
      reason: 'an exchange costs 2 tiles and White holds 0',
    });
    expect(coerceo.explain(start, { kind: 'exchange', target: 'a1a' })).toMatchObject({
      rule: 'C-EXCHANGE-1',
    });
  });

  it('C-MOVE-1: explain and apply agree with the generator over random legal games', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (choices) => {
        let state = coerceo.start();
        let seed = choices.length;
        const sample = (n: number) => {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          return seed % n;
        };
        for (const choice of choices) {
          if (coerceo.terminal(state)) break;
          const legal = coerceo.moves(state);
          for (const m of legal) expect(coerceo.explain(state, m)).toEqual({ legal: true });
          checkExplain(coerceo, state, candidates(state, sample), REFUSAL_RULES);
          state = coerceo.apply(state, legal[choice % legal.length] as CoerceoMove);
        }
      }),
      { numRuns: 15 },
    );
  });
});
