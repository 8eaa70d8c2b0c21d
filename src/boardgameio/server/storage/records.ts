/**
 * What every store checks the same way: what a storable state, metadata and log entry are (a
 * value is checked as JSON, after the round trip, so the check is of exactly what is stored),
 * the match IDs and `listMatches` filters a store takes, the per-match queue and the damage
 * report.
 *
 * @module
 * @internal
 */

import {
  type DamageReport,
  isMatchID,
  type ListOptions,
  StaleWriteError,
  type StoredLogEntry,
  type StoredMetadata,
  type StoredState,
} from '../store.js';
import { StoreInputError } from './errors.js';

/** @internal What a store calls when it has set a damaged record aside. */
export type DamageHandler = (report: DamageReport) => void;

/** @internal The default {@link DamageHandler}: one line on standard error. */
export function logDamage(report: DamageReport): void {
  console.error(
    `boardrules: match ${report.matchID} was damaged (${report.reason}); set aside at ${report.setAsideAt}; the match is gone until restored from there`,
  );
}

/**
 * @internal Calls `onDamage` so that nothing it does (throw, reject) reaches the store's caller:
 * a report that cannot be delivered is logged instead.
 */
export function report(onDamage: DamageHandler, damage: DamageReport): void {
  try {
    const result: unknown = onDamage(damage);
    if (isThenable(result)) {
      result.then(undefined, (e: unknown) => logUndelivered(damage, e));
    }
  } catch (e) {
    logUndelivered(damage, e);
  }
}

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return (
    typeof x === 'object' && x !== null && typeof (x as { then?: unknown }).then === 'function'
  );
}

function logUndelivered(damage: DamageReport, e: unknown): void {
  logDamage(damage);
  console.error(`boardrules: the store's onDamage failed: ${safeString(e)}`);
}

function safeString(x: unknown): string {
  try {
    return x instanceof Error ? x.message : String(x);
  } catch {
    return 'an unprintable value';
  }
}

/** @internal A match ID for messages: itself if it is one, else a short printable description. */
export function describeID(id: unknown): string {
  if (isMatchID(id)) return id;
  if (typeof id !== 'string') return `(not a match ID: ${id === null ? 'null' : typeof id})`;
  return `(not a match ID: ${JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id)})`;
}

/** @internal A value and its JSON text, as a store keeps it. */
export interface Encoded<T> {
  /** The JSON text. */
  readonly text: string;
  /** The value read back from `text`: what the store holds and will return. */
  readonly value: T;
}

/**
 * @internal The JSON text of `value` and the value it reads back as, or a {@link StoreInputError}
 * naming `what` if JSON cannot hold it.
 */
export function encode(matchID: string, what: string, value: unknown): Encoded<unknown> {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new StoreInputError(matchID, `the ${what} is not JSON: ${safeString(e)}`, { cause: e });
  }
  if (typeof text !== 'string') {
    throw new StoreInputError(matchID, `the ${what} is not JSON (${typeof value})`);
  }
  return { text, value: JSON.parse(text) as unknown };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** @internal Why `x` (read from JSON) is not a storable state, or `undefined` if it is one. */
export function stateProblem(x: unknown): string | undefined {
  if (!isObject(x)) return 'not an object';
  if (!isCount(x._stateID)) return '_stateID is not an integer ≥ 0';
  if (!isObject(x.ctx)) return 'ctx is not an object';
  return undefined;
}

/** @internal Why `x` (read from JSON) is not storable metadata, or `undefined` if it is. */
export function metadataProblem(x: unknown): string | undefined {
  if (!isObject(x)) return 'not an object';
  if (typeof x.gameName !== 'string') return 'gameName is not a string';
  if (!isObject(x.players)) return 'players is not an object';
  if (typeof x.createdAt !== 'number') return 'createdAt is not a number';
  if (typeof x.updatedAt !== 'number') return 'updatedAt is not a number';
  return undefined;
}

/**
 * @internal Why `x` (read from JSON) is not a log entry of a state whose `_stateID` is `stateID`
 * (an object with an integer `_stateID` below it), or `undefined` if it is one.
 */
export function logEntryProblem(x: unknown, stateID: number): string | undefined {
  if (!isObject(x)) return 'not an object';
  if (!isCount(x._stateID)) return '_stateID is not an integer ≥ 0';
  if (x._stateID >= stateID) return `_stateID ${x._stateID} is not below the state's ${stateID}`;
  return undefined;
}

/** @internal `state` encoded, or a {@link StoreInputError} if it is not a storable state. */
export function encodeState(matchID: string, what: string, state: unknown): Encoded<StoredState> {
  const encoded = encode(matchID, what, state);
  const problem = stateProblem(encoded.value);
  if (problem !== undefined) {
    throw new StoreInputError(matchID, `the ${what} is not a boardgame.io state: ${problem}`);
  }
  return encoded as Encoded<StoredState>;
}

/** @internal `metadata` encoded, or a {@link StoreInputError} if it is not storable metadata. */
export function encodeMetadata(matchID: string, metadata: unknown): Encoded<StoredMetadata> {
  const encoded = encode(matchID, 'metadata', metadata);
  const problem = metadataProblem(encoded.value);
  if (problem !== undefined) {
    throw new StoreInputError(matchID, `the metadata is not boardgame.io's: ${problem}`);
  }
  return encoded as Encoded<StoredMetadata>;
}

/**
 * @internal The entries of `deltalog` (absent: none), each encoded, or a {@link StoreInputError}
 * if one is not a log entry of the state `stateID`.
 */
export function encodeLog(
  matchID: string,
  deltalog: unknown,
  stateID: number,
): Encoded<StoredLogEntry>[] {
  if (deltalog === undefined) return [];
  if (!Array.isArray(deltalog)) {
    throw new StoreInputError(matchID, 'the log entries are not an array');
  }
  const entries: Encoded<StoredLogEntry>[] = [];
  // By index, not `map`: a hole in a sparse array is an entry too (and not one).
  for (let i = 0; i < deltalog.length; i++) {
    const encoded = encode(matchID, `log entry ${i}`, deltalog[i]);
    const problem = logEntryProblem(encoded.value, stateID);
    if (problem !== undefined) {
      throw new StoreInputError(matchID, `log entry ${i} is not a log entry: ${problem}`);
    }
    entries.push(encoded as Encoded<StoredLogEntry>);
  }
  return entries;
}

/** @internal The refusal of a write to an unknown match: stale, found −1. */
export function unknownMatch(matchID: string, state: StoredState): StaleWriteError {
  return new StaleWriteError(matchID, state._stateID - 1, -1);
}

/** @internal The options of `fetch`, read once (boardgame.io: a truthy field asks for the part). */
export interface Wanted {
  /** The state. */
  readonly state: boolean;
  /** The metadata. */
  readonly metadata: boolean;
  /** The log. */
  readonly log: boolean;
  /** The first state. */
  readonly initialState: boolean;
}

/** @internal What `opts` asks `fetch` for; anything that is not an object asks for nothing. */
export function wanted(opts: unknown): Wanted {
  const o = isObject(opts) ? opts : {};
  return {
    state: Boolean(o.state),
    metadata: Boolean(o.metadata),
    log: Boolean(o.log),
    initialState: Boolean(o.initialState),
  };
}

/**
 * @internal `opts` as a {@link ListOptions} whose fields have the right types (`undefined` and
 * `null`: no filter), or a {@link StoreInputError}. NaN bounds are refused: SQL and JavaScript
 * compare them differently.
 */
export function listOptions(opts: unknown): ListOptions | undefined {
  if (opts === undefined || opts === null) return undefined;
  const bad = (why: string): StoreInputError => new StoreInputError('(any)', `listMatches: ${why}`);
  if (!isObject(opts)) throw bad('the options are not an object');
  const { gameName, where } = opts;
  if (gameName !== undefined && typeof gameName !== 'string') throw bad('gameName is not a text');
  if (where === undefined || where === null) return gameName === undefined ? {} : { gameName };
  if (!isObject(where)) throw bad('where is not an object');
  const { isGameover, updatedBefore, updatedAfter } = where;
  if (isGameover !== undefined && typeof isGameover !== 'boolean') {
    throw bad('where.isGameover is not true or false');
  }
  for (const [name, bound] of [
    ['updatedBefore', updatedBefore],
    ['updatedAfter', updatedAfter],
  ] as const) {
    if (bound !== undefined && (typeof bound !== 'number' || Number.isNaN(bound))) {
      throw bad(`where.${name} is not a number`);
    }
  }
  return {
    ...(gameName === undefined ? {} : { gameName }),
    where: {
      ...(isGameover === undefined ? {} : { isGameover }),
      ...(updatedBefore === undefined ? {} : { updatedBefore: updatedBefore as number }),
      ...(updatedAfter === undefined ? {} : { updatedAfter: updatedAfter as number }),
    },
  };
}

/**
 * @internal One promise chain per key: `run(key, task)` starts `task` once every task queued
 * before it for the same key has settled, and answers what `task` answers. Keys with nothing
 * queued take no memory.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after the tasks queued before it for `key`. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/**
 * `open` run once and remembered, for a store's `connect()`: every call answers the same promise;
 * after a failure, the next call tries again.
 */
export class OpenOnce {
  private opening: Promise<void> | undefined;

  constructor(private readonly open: () => Promise<void>) {}

  /** The promise of the one opening (a new one after a failed opening). */
  run(): Promise<void> {
    if (this.opening === undefined) {
      const opening = this.open();
      this.opening = opening;
      opening.catch(() => {
        if (this.opening === opening) this.opening = undefined;
      });
    }
    return this.opening;
  }
}
