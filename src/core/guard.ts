/**
 * The one state guard every game runs at its public entry points. A game state arrives from
 * the caller, possibly edited or rebuilt from JSON; the guard turns "is this a valid state?"
 * into one question per game (`read`), asked once per state object and remembered, so the hot
 * `moves`/`apply` path pays one `WeakMap` lookup per call. States are immutable: a state the
 * library built is registered with {@link StateGuard.trust} and never read again.
 *
 * `read` answers with what the game derives from a valid state (the state itself, or a cached
 * fast position or history version), or throws a `RulesError` saying what is wrong; the guard
 * re-throws that as `RulesError('INVALID_STATE')` prefixed by the entry point and the game, so
 * every game words the refusal the same way.
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */
import { RulesError } from './errors.js';
import { quote } from './quote.js';

/** A memoized validity check of one game's states (see the module comment). */
export interface StateGuard<D> {
  /**
   * What `read` derives from `state` when it is valid; otherwise throws
   * `RulesError('INVALID_STATE')` as `<where>: not a valid <game> state: <why>`.
   */
  check(state: unknown, where: string): D;
  /** Registers a state the library built (valid by construction) with what it derives to. */
  trust<S extends object>(state: S, derived: D): S;
  /** What the guard remembers for `state` (checked or trusted), without checking it. */
  known(state: object): D | undefined;
}

/**
 * A guard for the states of `game` (its display name, e.g. `'Coerceo'`). `read` must throw a
 * `RulesError` for an invalid state; any other exception is a bug and passes through.
 */
export function stateGuard<D>(game: string, read: (state: unknown) => D): StateGuard<D> {
  const known = new WeakMap<object, D>();
  return {
    check(state: unknown, where: string): D {
      if (typeof state !== 'object' || state === null) {
        throw new RulesError(
          'INVALID_STATE',
          `${where}: not a valid ${game} state: expected an object, got ${quote(state)}`,
        );
      }
      const hit = known.get(state);
      if (hit !== undefined) return hit;
      let derived: D;
      try {
        derived = read(state);
      } catch (e) {
        if (!(e instanceof RulesError)) throw e;
        throw new RulesError('INVALID_STATE', `${where}: not a valid ${game} state: ${e.message}`);
      }
      known.set(state, derived);
      return derived;
    },
    trust<S extends object>(state: S, derived: D): S {
      known.set(state, derived);
      return state;
    },
    known(state: object): D | undefined {
      return known.get(state);
    },
  };
}
