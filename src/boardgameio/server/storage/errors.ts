/**
 * The errors the match stores throw, besides `StaleWriteError` from the store contract
 * (`../store.ts`).
 * A store rejects with one of these four and nothing else:
 *
 * | error | when | stored? |
 * |---|---|---|
 * | `StaleWriteError` | `setState` of a state that was not made from the stored one (or of an unknown match) | nothing |
 * | {@link MatchExistsError} | `createMatch` of an ID that is taken | nothing |
 * | {@link StoreInputError} | a value the store cannot hold (not JSON, not a state, a bad match ID or list filter) | nothing |
 * | {@link StoreBackendError} | the file system or the database failed | unknown: fetch to learn |
 *
 * @module
 */

/** `createMatch` refused: a match with this ID exists. Nothing was stored. */
export class MatchExistsError extends Error {
  /** The match. */
  readonly matchID: string;

  constructor(matchID: string) {
    super(`match ${matchID} exists: a new match needs a new ID`);
    this.name = 'MatchExistsError';
    this.matchID = matchID;
  }
}

/**
 * A write or a query a store cannot take: a value JSON cannot hold (a cycle, a `BigInt`, a
 * `toJSON` that throws, a text longer than the platform's strings), a state that is not a
 * boardgame.io state (an object with an integer `_stateID` ≥ 0 and an object `ctx`), metadata
 * that is not boardgame.io's (`gameName`, `players`, `createdAt`, `updatedAt`), a log entry that
 * is not one (an object with an integer `_stateID` below the new state's), a `listMatches`
 * filter of the wrong types, or a match ID that `isMatchID` refuses (on `createMatch`).
 * Nothing was stored.
 */
export class StoreInputError extends Error {
  /** The match (a printable description when the ID itself was refused). */
  readonly matchID: string;

  constructor(matchID: string, message: string, options?: { cause?: unknown }) {
    super(`match ${matchID}: ${message}`, options);
    this.name = 'StoreInputError';
    this.matchID = matchID;
  }
}

/**
 * The file system or the database failed (disk full, permission denied, connection lost, a
 * timeout). `cause` is the original error. After a failed read nothing changed; after a failed
 * write the write may or may not have taken effect (a commit whose answer was lost, a rename
 * whose folder could not be flushed): fetch the match to learn which, and show nobody the move
 * until then.
 */
export class StoreBackendError extends Error {
  /** The match, or `''` for a call that concerns no single match (`connect`, `listMatches`). */
  readonly matchID: string;

  constructor(matchID: string, doing: string, cause: unknown) {
    super(`${matchID === '' ? '' : `match ${matchID}: `}${doing} failed: ${describeCause(cause)}`, {
      cause,
    });
    this.name = 'StoreBackendError';
    this.matchID = matchID;
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code)
      ? `${code}: ${cause.message}`
      : cause.message;
  }
  try {
    return String(cause);
  } catch {
    return 'an unprintable error';
  }
}
