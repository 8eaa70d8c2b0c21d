/**
 * The one state guard every game runs at its public entry points. A game state arrives from
 * the caller, possibly edited or rebuilt from JSON; the guard turns "is this a valid state?"
 * into one question per game (`read`), asked once per state object and remembered, so the hot
 * `moves`/`apply` path pays one field read per call. States are immutable: a state the
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
  /**
   * {@link trust} for an object the library has just made and handed to no one (extensible,
   * never registered): stamped at once, without asking where it is registered already.
   */
  trustNew<S extends object>(state: S, derived: D): S;
  /** What the guard remembers for `state` (checked or trusted), without checking it. */
  known(state: object): D | undefined;
}

/** A class whose constructor returns the object it is given (see {@link stampsFor}). */
export class ReturnsItsArgument {
  constructor(o: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the private-field stamp needs it.
    return o;
  }
}

/** Reads and writes one private field on objects of any class (see {@link stampsFor}). */
export interface Stamps<D> {
  has(o: object): boolean;
  get(o: object): D;
  set(o: object, d: D): void;
  add(o: object, d: D): void;
}

/**
 * A private field that can be added to any object: a subclass of {@link ReturnsItsArgument}
 * initializes its field on whatever object its base constructor returned. The field is
 * invisible to everything but this code — not a property, not copied by spreading,
 * `Object.assign` or `structuredClone`, not in JSON, not compared by deep equality — and costs
 * a field read, where a `WeakMap` entry costs a hash-table insertion and makes the collector
 * keep young garbage (measured: 5.3 M entries took 14× the time and 5× the memory). One field
 * per call, so one stamp means nothing to another.
 *
 * The fields of all calls are read by the same code, which V8 gives one set of inline caches:
 * read with two private names, they go megamorphic. A hot stamp (each game's states, Hive's move
 * codes) is therefore a class of its own in its module, written like this one.
 */
export function stampsFor<D>(): Stamps<D> {
  class Stamp extends ReturnsItsArgument {
    #derived: D;
    constructor(o: object, d: D) {
      super(o);
      this.#derived = d;
    }
    static has(o: object): boolean {
      return #derived in o;
    }
    static get(o: object): D {
      return (o as Stamp).#derived;
    }
    static set(o: object, d: D): void {
      (o as Stamp).#derived = d;
    }
  }
  return {
    has: (o) => Stamp.has(o),
    get: (o) => Stamp.get(o),
    set: (o, d) => Stamp.set(o, d),
    add: (o, d) => {
      new Stamp(o, d);
    },
  };
}

/**
 * A guard for the states of `game` (its display name, e.g. `'Coerceo'`). `read` must throw a
 * `RulesError` for an invalid state; any other exception is a bug and passes through.
 *
 * What the guard remembers lives in a private field stamped on the states the library builds
 * (before they are frozen, if they are), and in a `WeakMap` for states it was handed and
 * checked (the caller's objects are not stamped). Each game passes `stamps` of its own (see
 * {@link stampsFor} for why); the default suits a guard that is not on a hot path.
 */
export function stateGuard<D>(
  game: string,
  read: (state: unknown) => D,
  stamps: Stamps<D> = stampsFor<D>(),
): StateGuard<D> {
  const checked = new WeakMap<object, D>();
  return {
    check(state: unknown, where: string): D {
      if (typeof state !== 'object' || state === null) {
        throw new RulesError(
          'INVALID_STATE',
          `${where}: not a valid ${game} state: expected an object, got ${quote(state)}`,
        );
      }
      if (stamps.has(state)) return stamps.get(state);
      const hit = checked.get(state);
      if (hit !== undefined) return hit;
      let derived: D;
      try {
        derived = read(state);
      } catch (e) {
        if (!(e instanceof RulesError)) throw e;
        throw new RulesError('INVALID_STATE', `${where}: not a valid ${game} state: ${e.message}`);
      }
      checked.set(state, derived);
      return derived;
    },
    trust<S extends object>(state: S, derived: D): S {
      if (stamps.has(state)) stamps.set(state, derived);
      else if (checked.has(state) || !Object.isExtensible(state)) checked.set(state, derived);
      else stamps.add(state, derived);
      return state;
    },
    trustNew<S extends object>(state: S, derived: D): S {
      stamps.add(state, derived);
      return state;
    },
    known(state: object): D | undefined {
      return stamps.has(state) ? stamps.get(state) : checked.get(state);
    },
  };
}
