/**
 * Stored before shown. boardgame.io 0.50's server broadcasts a move's new state to every client
 * and only then asks the store to write it: a crash in between loses a move everyone saw. The
 * {@link CommitGate} sits between the two: it holds each broadcast of a new state until the store
 * has written that state, then lets it out; if the write fails (a fault, or a conditional write
 * another server process won), the broadcast is dropped and nobody sees a move that was not kept.
 *
 * @module
 */
import type { MatchStore, StoredLogEntry, StoredState } from './store.js';

/** boardgame.io's pub/sub interface (what `SocketIO({ pubSub })` takes). */
export interface PubSub {
  /** Sends `payload` to every subscriber of `channelId` (in every server process). */
  publish(channelId: string, payload: unknown): void;
  /** Calls `callback` with each payload published on `channelId`. */
  subscribe(channelId: string, callback: (payload: unknown) => void): void;
  /** Removes every callback of `channelId`. */
  unsubscribeAll(channelId: string): void;
}

/** An event the gate reports (for the operator's log). */
export type GateEvent =
  | {
      /** A move's state could not be written: its broadcast was dropped. */
      readonly kind: 'write-failed';
      /** The match. */
      readonly matchID: string;
      /** The state's update number. */
      readonly stateID: number;
      /** Why. */
      readonly error: unknown;
    }
  | {
      /** Publishing a stored state to the other processes failed (they catch up on resync). */
      readonly kind: 'publish-failed';
      /** The match. */
      readonly matchID: string;
      /** Why. */
      readonly error: unknown;
    };

/** In-process pub/sub (boardgame.io's default), for a single server process. */
export class LocalPubSub implements PubSub {
  private readonly callbacks = new Map<string, ((payload: unknown) => void)[]>();

  /** Calls every callback of `channelId` with `payload`. */
  publish(channelId: string, payload: unknown): void {
    for (const callback of this.callbacks.get(channelId) ?? []) callback(payload);
  }

  /** Adds a callback to `channelId`. */
  subscribe(channelId: string, callback: (payload: unknown) => void): void {
    const list = this.callbacks.get(channelId) ?? [];
    list.push(callback);
    this.callbacks.set(channelId, list);
  }

  /** Removes the callbacks of `channelId`. */
  unsubscribeAll(channelId: string): void {
    this.callbacks.delete(channelId);
  }
}

/** The match and update number a broadcast carries, if it is a new state (`update`, `patch`). */
function newStateOf(payload: unknown): { matchID: string; stateID: number } | null {
  const p = payload as { type?: unknown; args?: unknown[] } | null;
  if (p === null || typeof p !== 'object' || !Array.isArray(p.args)) return null;
  // boardgame.io: update(matchID, state); patch(matchID, prevStateID, prevState, state).
  const state = p.type === 'update' ? p.args[1] : p.type === 'patch' ? p.args[3] : undefined;
  const stateID = (state as { _stateID?: unknown } | undefined)?._stateID;
  const matchID = p.args[0];
  return typeof matchID === 'string' && typeof stateID === 'number' ? { matchID, stateID } : null;
}

/**
 * Couples a store and a pub/sub so that a new state is broadcast only once stored. Give
 * boardgame.io `gate.store` as its `db` and `gate.pubSub` to its transport.
 */
export class CommitGate {
  /** The pub/sub boardgame.io's transport publishes to: new states wait here for their write. */
  readonly pubSub: PubSub;
  /** The store boardgame.io writes to: each write that lands lets its broadcast out. */
  readonly store: MatchStore;
  private readonly held = new Map<
    string,
    { stateID: number; channel: string; payload: unknown }[]
  >();

  constructor(
    store: MatchStore,
    inner: PubSub,
    private readonly report: (event: GateEvent) => void = () => {},
  ) {
    const held = this.held;
    this.pubSub = {
      publish: (channelId, payload) => {
        const news = newStateOf(payload);
        if (news === null) {
          inner.publish(channelId, payload);
          return;
        }
        const list = held.get(news.matchID) ?? [];
        list.push({ stateID: news.stateID, channel: channelId, payload });
        held.set(news.matchID, list);
      },
      subscribe: (channelId, callback) => inner.subscribe(channelId, callback),
      unsubscribeAll: (channelId) => inner.unsubscribeAll(channelId),
    };
    this.store = gatedStore(store, {
      stored: (matchID, stateID) => this.release(matchID, stateID, inner),
      failed: (matchID, stateID, error) => {
        this.drop(matchID, stateID);
        report({ kind: 'write-failed', matchID, stateID, error });
      },
    });
  }

  /** Lets out the held broadcasts of `matchID` up to `stateID`, in order. */
  private release(matchID: string, stateID: number, inner: PubSub): void {
    const list = this.held.get(matchID);
    if (list === undefined) return;
    const out = list.filter((h) => h.stateID <= stateID);
    const rest = list.filter((h) => h.stateID > stateID);
    if (rest.length === 0) this.held.delete(matchID);
    else this.held.set(matchID, rest);
    for (const h of out) {
      try {
        inner.publish(h.channel, h.payload);
      } catch (error) {
        this.report({ kind: 'publish-failed', matchID, error });
      }
    }
  }

  /** Drops the held broadcast of a state that was not stored. */
  private drop(matchID: string, stateID: number): void {
    const list = this.held.get(matchID);
    if (list === undefined) return;
    const rest = list.filter((h) => h.stateID !== stateID);
    if (rest.length === 0) this.held.delete(matchID);
    else this.held.set(matchID, rest);
  }

  /** How many broadcasts wait for their write (0 when idle). */
  get waiting(): number {
    let n = 0;
    for (const list of this.held.values()) n += list.length;
    return n;
  }
}

/**
 * `store` with a `setState` that tells the gate whether the write landed, and that never
 * rejects: boardgame.io awaits it in a socket handler, where a rejection would end the process.
 */
function gatedStore(
  store: MatchStore,
  on: {
    stored(matchID: string, stateID: number): void;
    failed(matchID: string, stateID: number, error: unknown): void;
  },
): MatchStore {
  return {
    type: () => store.type(),
    connect: () => store.connect(),
    createMatch: (matchID, opts) => store.createMatch(matchID, opts),
    fetch: (matchID, opts) => store.fetch(matchID, opts),
    setMetadata: (matchID, metadata) => store.setMetadata(matchID, metadata),
    wipe: (matchID) => store.wipe(matchID),
    listMatches: (opts) => store.listMatches(opts),
    setState: async (matchID: string, state: StoredState, deltalog?: StoredLogEntry[]) => {
      try {
        await store.setState(matchID, state, deltalog);
        on.stored(matchID, state._stateID);
      } catch (error) {
        on.failed(matchID, state._stateID, error);
      }
    },
  };
}
