/**
 * What a match store must promise the hardened server: the boardgame.io 0.50 storage API
 * (`createMatch`, `fetch`, `setState`, `setMetadata`, `wipe`, `listMatches`, asynchronous), plus
 * three guarantees boardgame.io's own stores do not give:
 *
 * 1. **Durable before shown.** `setState` resolves only once the state and its log entries are
 *    stored (on disk: written, flushed and renamed into place; in a database: committed). The
 *    server broadcasts a move only after that (see `durable.ts`), so a crash never loses a move
 *    a client was shown.
 * 2. **Conditional.** A move's state has `_stateID` one more than the state it was made from.
 *    `setState` writes only if the stored state's `_stateID` is `state._stateID − 1`; otherwise it
 *    rejects with a {@link StaleWriteError} and stores nothing. Two server processes that both
 *    took a move from the same state cannot both store it.
 * 3. **Atomic and damage-proof.** A crash during a write leaves the old record or the new one,
 *    never a torn one. A record that cannot be read (damaged by something else) is reported to
 *    the store's `onDamage`, set aside, and from then on the match does not exist: `fetch`
 *    answers as for an unknown match and `listMatches` leaves it out. A store never throws
 *    anything but its documented errors, and never brings the process down.
 *
 * Match IDs are checked by the server before any store sees them ({@link isMatchID}).
 *
 * @module
 */

/** The parts of a match `fetch` may be asked for (boardgame.io's `FetchOpts`). */
export interface FetchOptions {
  /** The current state. */
  readonly state?: boolean;
  /** The match metadata (players, setup data, gameover, timestamps). */
  readonly metadata?: boolean;
  /** The log: every entry whose `_stateID` is below the current state's. */
  readonly log?: boolean;
  /** The state the match was created with. */
  readonly initialState?: boolean;
}

/** What `fetch` found (absent fields: not asked for, or no such match). */
export interface FetchResult {
  /** boardgame.io's state (`{ G, ctx, plugins, _stateID, … }`). */
  state?: StoredState;
  /** boardgame.io's match metadata. */
  metadata?: StoredMetadata;
  /** The log entries. */
  log?: StoredLogEntry[];
  /** The match's first state. */
  initialState?: StoredState;
}

/** boardgame.io's state of a match, as far as a store reads it (the rest is kept as it is). */
export interface StoredState {
  /** How many updates the match has had: each move adds one. */
  readonly _stateID: number;
  readonly [key: string]: unknown;
}

/** boardgame.io's match metadata, as far as a store reads it (the rest is kept as it is). */
export interface StoredMetadata {
  /** The game's name on the server. */
  readonly gameName: string;
  /** The seats: name, credentials, connection. */
  readonly players: Readonly<Record<string, unknown>>;
  /** Set once the match is over. */
  readonly gameover?: unknown;
  /** Milliseconds since 1970 (boardgame.io's `Date.now()`). */
  readonly createdAt: number;
  /** Milliseconds since 1970 of the last update. */
  readonly updatedAt: number;
  /** Whether the lobby lists the match. */
  readonly unlisted?: boolean;
  readonly [key: string]: unknown;
}

/** One boardgame.io log entry (one move). */
export interface StoredLogEntry {
  /** The `_stateID` of the state the move was made in. */
  readonly _stateID: number;
  readonly [key: string]: unknown;
}

/** boardgame.io's `listMatches` filter. */
export interface ListOptions {
  /** Only matches of this game. */
  readonly gameName?: string;
  /** Conditions on the metadata. */
  readonly where?: {
    /** Only finished (`true`) or unfinished (`false`) matches. */
    readonly isGameover?: boolean;
    /** Only matches last updated before this time (ms). */
    readonly updatedBefore?: number;
    /** Only matches last updated after this time (ms). */
    readonly updatedAfter?: number;
  };
}

/** A store's report of a record it could not read and has set aside. */
export interface DamageReport {
  /** The match whose record is damaged. */
  readonly matchID: string;
  /** Where it was set aside (a path, a table), for the operator. */
  readonly setAsideAt: string;
  /** What was wrong, in words. */
  readonly reason: string;
}

/** The storage API the hardened server needs (see the module comment for the guarantees). */
export interface MatchStore {
  /** boardgame.io asks whether calls return promises: always (`1`, boardgame.io's ASYNC). */
  type(): number;
  /** Opens the store (creates the folder, the tables). */
  connect(): Promise<void>;
  /** Stores a new match; rejects (and stores nothing) if the ID exists. */
  createMatch(
    matchID: string,
    opts: { initialState: StoredState; metadata: StoredMetadata },
  ): Promise<void>;
  /** The asked-for parts of a match (an empty result for an unknown or damaged match). */
  fetch(matchID: string, opts: FetchOptions): Promise<FetchResult>;
  /** Stores a move's state and log entries, conditionally (see the module comment). */
  setState(matchID: string, state: StoredState, deltalog?: StoredLogEntry[]): Promise<void>;
  /** Replaces the match's metadata. */
  setMetadata(matchID: string, metadata: StoredMetadata): Promise<void>;
  /** Deletes the match. */
  wipe(matchID: string): Promise<void>;
  /** The IDs of the matches that pass `opts`. */
  listMatches(opts?: ListOptions): Promise<string[]>;
}

/** `setState` refused: the stored state is not the one the move was made from. */
export class StaleWriteError extends Error {
  /** The match. */
  readonly matchID: string;
  /** The `_stateID` the write expected to replace (`state._stateID − 1`). */
  readonly expected: number;
  /** The stored `_stateID` (−1 for no match). */
  readonly found: number;

  constructor(matchID: string, expected: number, found: number) {
    super(
      `match ${matchID}: a move from update ${expected} was not stored: the match is at update ${found}`,
    );
    this.name = 'StaleWriteError';
    this.matchID = matchID;
    this.expected = expected;
    this.found = found;
  }
}

/** The longest match ID the server accepts. */
export const MAX_MATCH_ID_LENGTH = 64;

/**
 * Whether `id` is a match ID the server accepts: 1–64 characters of `A–Z a–z 0–9 _ -` (what
 * boardgame.io's lobby generates, nanoid), so that it is safe as a file name and a key.
 */
export function isMatchID(id: unknown): id is string {
  return typeof id === 'string' && id.length <= MAX_MATCH_ID_LENGTH && /^[A-Za-z0-9_-]+$/.test(id);
}

/** The log entries of the state `stateID`: those of moves before it (drops a torn tail). */
export function logUpTo(log: readonly StoredLogEntry[], stateID: number): StoredLogEntry[] {
  return log.filter((entry) => entry._stateID < stateID);
}

/** boardgame.io's `listMatches` filter on one match's metadata. */
export function matchesFilter(metadata: StoredMetadata, opts?: ListOptions): boolean {
  if (opts === undefined) return true;
  if (opts.gameName !== undefined && metadata.gameName !== opts.gameName) return false;
  const where = opts.where;
  if (where === undefined) return true;
  if (where.isGameover !== undefined && (metadata.gameover !== undefined) !== where.isGameover) {
    return false;
  }
  if (where.updatedBefore !== undefined && !(metadata.updatedAt < where.updatedBefore)) {
    return false;
  }
  if (where.updatedAfter !== undefined && !(metadata.updatedAt > where.updatedAfter)) return false;
  return true;
}
