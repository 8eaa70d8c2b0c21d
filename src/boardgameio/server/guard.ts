/**
 * The socket guard: every message a client sends is checked here before boardgame.io reads it.
 * boardgame.io 0.50's server trusts its sockets: it runs any action type a client sends (a state
 * replacement, an event that ends the match), crashes on a player ID that is not a string, lets
 * any socket take a seat nobody joined, and creates a match for any ID a socket names. The guard
 * lets through only what a client may send: `sync` of an existing match (a spectator, or a seat
 * with its lobby credentials) and `update` carrying one `play` move of the seat's own, from the
 * match's current state, that the game's rules take. Everything else is refused, with the reason
 * sent back to the socket as `boardrules:refused`.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import type { BoardgameIOGame, BoardrulesG } from '../definition.js';
import { MAX_MOVE_LENGTH, seatOf } from '../judge.js';
import { isMatchID, type MatchStore, type StoredMetadata, type StoredState } from './store.js';

/** The event a refused message is answered with: `{ event, reason, rule? }`. */
export const REFUSED_EVENT = 'boardrules:refused';

/** The longest credentials string the guard reads (boardgame.io's nanoid has 21 characters). */
const MAX_CREDENTIALS = 256;

/** What the guard says of a message. */
export type Verdict =
  | {
      /** The message may go on, as these arguments (rebuilt: nothing a client added survives). */
      readonly ok: true;
      readonly args: readonly unknown[];
    }
  | {
      /** The message is refused. */
      readonly ok: false;
      /** Why, in words (sent to the socket). */
      readonly reason: string;
      /** The rule that refused a move, when one did. */
      readonly rule?: string;
      /** Set when the client's state is behind the match's: the server syncs it again. */
      readonly stale?: {
        readonly matchID: string;
        readonly playerID: string;
        readonly credentials: string;
      };
    };

/** How the guard is set up for one game. */
export interface GuardOptions {
  /** The game's definition (its `refusal` judges moves). */
  readonly game: BoardgameIOGame;
  /** The store (to check that a match exists and who holds its seats). */
  readonly store: MatchStore;
  /** Whether a socket without a seat may watch a match. */
  readonly spectators: boolean;
}

const refuse = (reason: string, rule?: string): Verdict =>
  rule === undefined ? { ok: false, reason } : { ok: false, reason, rule };

function isPlain(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === null || proto === Object.prototype;
}

/** Whether `given` equals the stored credentials of seat `playerID` (constant-time). */
export function credentialsMatch(
  metadata: StoredMetadata,
  playerID: string,
  given: unknown,
): boolean {
  return authenticateSeat(
    given,
    Object.hasOwn(metadata.players, playerID) ? metadata.players[playerID] : undefined,
  );
}

/**
 * boardgame.io's `authenticateCredentials` for the hardened server: true only for the seat's own
 * lobby credentials (boardgame.io's default lets anyone take a seat nobody has joined).
 */
export function authenticateSeat(credentials: unknown, player: unknown): boolean {
  // A seat nobody joined through the lobby has no credentials: no socket may take it.
  const stored = (player as { credentials?: unknown } | undefined)?.credentials;
  if (typeof stored !== 'string' || stored === '' || typeof credentials !== 'string') return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(credentials);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The match's stored state and metadata, or why the message is refused. */
async function matchOf(
  store: MatchStore,
  matchID: unknown,
): Promise<{ state: StoredState; metadata: StoredMetadata } | string> {
  if (!isMatchID(matchID)) return 'the match ID must be 1–64 letters, digits, _ or -';
  const { state, metadata } = await store.fetch(matchID, { state: true, metadata: true });
  // A socket never creates a match (boardgame.io would, for any ID it is sent).
  if (state === undefined || metadata === undefined) return `there is no match ${matchID}`;
  return { state, metadata };
}

/** The seat `playerID` names in the match, or why it cannot be used. */
function seatIn(metadata: StoredMetadata, playerID: unknown): string | null {
  if (typeof playerID !== 'string' || seatOf(playerID) < 0) {
    return 'the player ID must be a seat number written as a string: "0", "1", …';
  }
  if (!Object.hasOwn(metadata.players, playerID)) return `the match has no seat ${playerID}`;
  return null;
}

/**
 * Checks one message (`event` with its arguments) from a socket. Never throws: a fault of the
 * store is a refusal.
 */
export async function checkMessage(
  options: GuardOptions,
  event: unknown,
  args: readonly unknown[],
): Promise<Verdict> {
  try {
    if (event === 'sync') return await checkSync(options, args);
    if (event === 'update') return await checkUpdate(options, args);
    return refuse(`a client may send only sync and update, not ${describe(event)}`);
  } catch {
    return refuse('the server could not check this message');
  }
}

function describe(event: unknown): string {
  return typeof event === 'string' ? `'${event.slice(0, 40)}'` : typeof event;
}

/** `sync(matchID, playerID, credentials)`: watch a match, or play a seat one has joined. */
async function checkSync(options: GuardOptions, args: readonly unknown[]): Promise<Verdict> {
  const [matchID, playerID, credentials] = args;
  const match = await matchOf(options.store, matchID);
  if (typeof match === 'string') return refuse(match);
  if (playerID === null || playerID === undefined) {
    if (!options.spectators)
      return refuse('this server has no spectators: join a seat in the lobby');
    return { ok: true, args: [matchID, null, undefined] };
  }
  const wrong = seatIn(match.metadata, playerID);
  if (wrong !== null) return refuse(wrong);
  if (!credentialsMatch(match.metadata, playerID as string, credentials)) {
    return refuse(
      `seat ${playerID} is played only with the credentials its player got on joining through the lobby`,
    );
  }
  return { ok: true, args: [matchID, playerID, credentials] };
}

/**
 * `update(action, stateID, matchID, playerID)`: one `play` move of the seat's own, sent from
 * the match's current state, that the rules take.
 */
async function checkUpdate(options: GuardOptions, args: readonly unknown[]): Promise<Verdict> {
  const [action, stateID, matchID, playerID] = args;
  if (!isPlain(action) || action.type !== 'MAKE_MOVE') {
    return refuse('a client sends only moves (MAKE_MOVE): no events, no undo, no state of its own');
  }
  const payload = action.payload;
  if (!isPlain(payload) || payload.type !== 'play') {
    return refuse("the only move is 'play' with the move's text");
  }
  const moveArgs = payload.args;
  const text = Array.isArray(moveArgs) && moveArgs.length === 1 ? moveArgs[0] : undefined;
  if (typeof text !== 'string' || text.length > MAX_MOVE_LENGTH) {
    return refuse(`a move is one text of at most ${MAX_MOVE_LENGTH} characters`);
  }
  if (payload.playerID !== playerID) return refuse("the move's player ID is not the sender's");
  const credentials = payload.credentials;
  if (typeof credentials !== 'string' || credentials.length > MAX_CREDENTIALS) {
    return refuse('a move carries its seat’s credentials');
  }
  if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0) {
    return refuse('the state ID must be a whole number');
  }
  const match = await matchOf(options.store, matchID);
  if (typeof match === 'string') return refuse(match);
  const wrong = seatIn(match.metadata, playerID);
  if (wrong !== null) return refuse(wrong);
  if (!credentialsMatch(match.metadata, playerID as string, credentials)) {
    return refuse(
      `seat ${playerID} is played only with the credentials its player got on joining through the lobby`,
    );
  }
  const { state } = match;
  if ((state as { ctx?: { gameover?: unknown } }).ctx?.gameover !== undefined) {
    return refuse('the match is over');
  }
  if (stateID !== state._stateID) {
    return {
      ok: false,
      reason: `the move was made in update ${stateID}, and the match is at update ${state._stateID}: here is the match as it is`,
      stale: { matchID: matchID as string, playerID: playerID as string, credentials },
    };
  }
  const refused = options.game.refusal(state.G as BoardrulesG, playerID, text);
  if (refused !== null) return refuse(refused.message, refused.rule);
  // Rebuilt from the checked fields: nothing else a client put in the action is kept or logged.
  const clean = {
    type: 'MAKE_MOVE',
    payload: { type: 'play', args: [text], playerID, credentials },
  };
  return { ok: true, args: [clean, stateID, matchID, playerID] };
}
