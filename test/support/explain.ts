// What every game's `explain` promises, checked over a state and a set of candidate moves: a
// move is legal exactly when `moves` lists it; a refused move names rules of the game's
// refusal list, and `apply` throws a RulesError with the same rule and the rule in its message.
import { expect } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import type { Explanation } from '../../src/core/explain.js';
import type { Game } from '../../src/core/game.js';

export interface Explaining<S, M> extends Game<S, M, never> {
  explain(state: S, move: M): Explanation;
}

/** Checks the contract for each candidate; returns the rules the refusals named. */
export function checkExplain<S, M>(
  game: Explaining<S, M>,
  state: S,
  candidates: readonly M[],
  refusalRules: readonly string[],
): Set<string> {
  const listed = new Set(
    game.terminal(state) ? [] : game.moves(state).map((m) => JSON.stringify(m)),
  );
  const named = new Set<string>();
  for (const move of candidates) {
    let e: Explanation;
    try {
      e = game.explain(state, move);
    } catch (err) {
      // Only a value that names no move may throw, and then with no rule.
      expect(err).toBeInstanceOf(RulesError);
      expect((err as RulesError).rule).toBeUndefined();
      continue;
    }
    if (e.legal) {
      expect(listed.has(JSON.stringify(move)), `explain says legal: ${JSON.stringify(move)}`).toBe(
        true,
      );
      continue;
    }
    expect(
      listed.has(JSON.stringify(move)),
      `explain refuses a listed move: ${JSON.stringify(move)}`,
    ).toBe(false);
    expect(refusalRules).toContain(e.rule);
    expect(e.rules[0]).toBe(e.rule);
    for (const r of e.rules) expect(refusalRules).toContain(r);
    named.add(e.rule);
    let thrown: unknown;
    try {
      game.apply(state, move);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(RulesError);
    expect((thrown as RulesError).rule).toBe(e.rule);
    expect((thrown as RulesError).message).toContain(`(${e.rule})`);
    expect((thrown as RulesError).message).toContain(e.reason);
  }
  return named;
}

/** The explanation's rule, failing the test when the move is legal. */
export function refusedBy<S, M>(game: Explaining<S, M>, state: S, move: M): string {
  const e = game.explain(state, move);
  if (e.legal) throw new Error(`expected ${JSON.stringify(move)} to be refused`);
  return e.rule;
}
