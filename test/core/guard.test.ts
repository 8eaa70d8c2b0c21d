import { describe, expect, it } from 'vitest';
import { coerceo } from '../../src/coerceo/index.js';
import { logistic, pairwiseValues, twoSeatValues } from '../../src/core/curve.js';
import { RulesError } from '../../src/core/errors.js';
import type { Game } from '../../src/core/game.js';
import { stateGuard } from '../../src/core/guard.js';
import { hive } from '../../src/hive/index.js';
import { torres } from '../../src/torres/index.js';

describe('stateGuard: the one state check of every game', () => {
  const reads: unknown[] = [];
  const guard = stateGuard<number>('Toy', (s) => {
    reads.push(s);
    const n = (s as { n?: unknown }).n;
    if (typeof n !== 'number') throw new RulesError('PARSE_ERROR', `field 'n' must be a number`);
    return n * 2;
  });

  it('derives once per state object and remembers it', () => {
    const s = { n: 3 };
    expect(guard.check(s, 'toy.moves')).toBe(6);
    expect(guard.check(s, 'toy.apply')).toBe(6);
    expect(reads.filter((r) => r === s)).toHaveLength(1);
  });

  it('words every refusal the same way, as INVALID_STATE naming the entry point', () => {
    for (const bad of [{ n: 'x' }, null, 5, 'text']) {
      let caught: unknown;
      try {
        guard.check(bad, 'toy.apply');
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(RulesError);
      expect((caught as RulesError).code).toBe('INVALID_STATE');
      expect((caught as RulesError).message).toMatch(/^toy\.apply: not a valid Toy state: /);
    }
  });

  it('trusts what the library built without reading it', () => {
    const s = { n: 'never read' };
    guard.trust(s, 42);
    expect(guard.check(s, 'toy.moves')).toBe(42);
    expect(reads).not.toContain(s);
  });

  it('lets a bug in read (not a RulesError) through', () => {
    const buggy = stateGuard('Toy', () => {
      throw new TypeError('bug');
    });
    expect(() => buggy.check({}, 'toy.moves')).toThrow(TypeError);
  });
});

describe('what the guard remembers', () => {
  it('known() answers only for states checked or trusted, without checking anything', () => {
    let reads = 0;
    const guard = stateGuard('Toy', (s) => {
      reads++;
      return (s as { n: number }).n * 2;
    });
    const a = { n: 2 };
    const b = { n: 5 };
    expect(guard.known(a)).toBeUndefined();
    expect(reads).toBe(0);
    expect(guard.check(a, 'toy.f')).toBe(4);
    expect(guard.known(a)).toBe(4);
    guard.trust(b, 99);
    expect(guard.known(b)).toBe(99);
    expect(reads).toBe(1);
  });
});

describe('how the guard keeps what it knows about a trusted state', () => {
  const toy = () => {
    let reads = 0;
    const guard = stateGuard<number>('Toy', (s) => {
      reads++;
      const n = (s as { n?: unknown }).n;
      if (typeof n !== 'number') throw new RulesError('PARSE_ERROR', `field 'n' must be a number`);
      return n;
    });
    return { guard, reads: () => reads };
  };

  it('leaves a trusted state plain data: same keys, prototype, JSON and deep equality', () => {
    const { guard } = toy();
    const s = { n: 1, list: [1, 2] };
    guard.trust(s, 7);
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
    expect(Reflect.ownKeys(s)).toEqual(['n', 'list']);
    expect(JSON.stringify(s)).toBe('{"n":1,"list":[1,2]}');
    expect(s).toStrictEqual({ n: 1, list: [1, 2] });
    expect(guard.check(s, 'toy.f')).toBe(7);
  });

  it('trustNew stamps a fresh object like trust: known without reading, plain data, not passed to copies', () => {
    const { guard, reads } = toy();
    const s = guard.trustNew({ n: 1 }, 9);
    expect(guard.check(s, 'toy.f')).toBe(9);
    expect(guard.known(s)).toBe(9);
    expect(Object.keys(s)).toEqual(['n']);
    expect(JSON.stringify(s)).toBe('{"n":1}');
    expect(guard.known({ ...s })).toBeUndefined();
    expect(reads()).toBe(0);
    guard.trust(s, 10); // a later trust updates it
    expect(guard.check(s, 'toy.f')).toBe(10);
  });

  it('does not pass on to copies: a spread, assigned or cloned copy is checked afresh', () => {
    const { guard, reads } = toy();
    const s = { n: 1 };
    guard.trust(s, 7);
    for (const copy of [{ ...s }, Object.assign({}, s), structuredClone(s), Object.create(s)]) {
      expect(guard.known(copy)).toBeUndefined();
    }
    expect(guard.check({ ...s }, 'toy.f')).toBe(1);
    expect(guard.check(Object.create(s), 'toy.f')).toBe(1); // read afresh, not 7
    expect(reads()).toBe(2);
  });

  it('is one guard’s own: another guard (another game) does not see it', () => {
    const a = toy();
    const b = toy();
    const s = { n: 3 };
    a.guard.trust(s, 99);
    expect(b.guard.known(s)).toBeUndefined();
    expect(b.guard.check(s, 'toy.f')).toBe(3);
    expect(a.guard.check(s, 'toy.f')).toBe(99);
  });

  it('each game stamps its states with a field of its own: a state of one game, built and trusted by it, is still refused by the others', () => {
    // Typed as one generic game: each is handed the states of the others on purpose.
    const games = [hive, coerceo, torres] as unknown as Game<unknown, unknown, unknown>[];
    const states = [hive.start(), coerceo.start(), torres.start({ players: 2, seed: 1 })];
    // Each state has been through its own game's guard, moves and apply first.
    const played = states.map((s, i) => {
      const g = games[i] as Game<unknown, unknown, unknown>;
      return g.apply(s, g.moves(s)[0]);
    });
    played.forEach((s, i) => {
      games.forEach((g, j) => {
        const moves = () => g.moves(s);
        if (i === j) expect(moves().length).toBeGreaterThan(0);
        else expect(moves).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
      });
    });
  });

  it('updates what it knows on a second trust, and keeps frozen or checked states too', () => {
    const { guard, reads } = toy();
    const s = { n: 1 };
    guard.trust(s, 1);
    guard.trust(s, 2);
    expect(guard.check(s, 'toy.f')).toBe(2);
    const frozen = Object.freeze({ n: 4 });
    guard.trust(frozen, 40);
    expect(guard.check(frozen, 'toy.f')).toBe(40);
    const given = { n: 5 };
    expect(guard.check(given, 'toy.f')).toBe(5);
    guard.trust(given, 50);
    expect(guard.check(given, 'toy.f')).toBe(50);
    expect(reads()).toBe(1);
  });
});

describe('the evaluators’ score curve', () => {
  it('is ½ at an even balance and ≈ 73 % at one scale ahead', () => {
    expect(logistic(0, 8)).toBe(0.5);
    expect(logistic(8, 8)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(twoSeatValues(-8, 8)[1]).toBeCloseTo(logistic(8, 8), 12);
  });
  it('two seats sum to 1; pairwise values permute with the seats and are ½ when level', () => {
    const [a, b] = twoSeatValues(5, 8);
    expect(a + b).toBeCloseTo(1, 12);
    expect(pairwiseValues([3, 3, 3], 8)).toEqual([0.5, 0.5, 0.5]);
    const v = pairwiseValues([10, 0, 4], 8);
    const w = pairwiseValues([0, 4, 10], 8);
    expect(w[2]).toBeCloseTo(v[0], 12);
    expect(w[0]).toBeCloseTo(v[1], 12);
    expect(pairwiseValues([7], 8)).toEqual([1]);
  });
});
