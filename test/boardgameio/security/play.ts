// Seats of a Hive match played by raw sockets, for the restart and the two-process tests: each
// seat plays seeded random legal moves from its own view, and every state any socket was shown
// is kept, to compare with what the store holds after a crash.
import type { Rng } from '../../../src/core/rng.js';
import { hive } from '../../../src/hive/index.js';
import { type Lobby, Raw, type WireState, waitFor } from './harness.js';

/** A Hive match of two seats: its ID and the seats' credentials. */
export interface HiveMatch {
  readonly matchID: string;
  readonly creds: readonly [string, string];
}

/** Creates a Hive match in `lobby` and joins both seats. */
export async function newHiveMatch(lobby: Lobby): Promise<HiveMatch> {
  const matchID = await lobby.create('hive', 2, { options: { type: 'Base+MLP' } });
  return {
    matchID,
    creds: [await lobby.join('hive', matchID, '0'), await lobby.join('hive', matchID, '1')],
  };
}

/** Every state some socket was shown: update number → the state's text. */
export type Shown = Map<number, string>;

/** Records into `shown` every state `socket` receives. */
export function record(socket: Raw, shown: Shown): void {
  socket.socket.onAny((event: string, ...args: unknown[]) => {
    const state =
      event === 'update'
        ? (args[1] as WireState)
        : event === 'sync'
          ? (args[1] as { state: WireState }).state
          : null;
    if (state !== null && typeof state?.G?.state === 'string')
      shown.set(state._stateID, state.G.state);
  });
}

/** Connects a seat (or a spectator, `seat` null) of `match` on the server at `url`. */
export async function seat(
  url: string,
  match: HiveMatch,
  seatID: 0 | 1 | null,
  shown?: Shown,
): Promise<Raw> {
  const socket = new Raw(url, 'hive');
  if (shown !== undefined) record(socket, shown);
  await socket.connected();
  await socket.sync(
    match.matchID,
    seatID === null ? null : String(seatID),
    seatID === null ? undefined : match.creds[seatID],
  );
  return socket;
}

/**
 * Plays moves on `seats` (seat 0 and seat 1, each on its own socket, perhaps on different server
 * processes) until `plies` more have been seen by every socket in `watchers`, or the game ends,
 * or `stop()` says so. Returns the plies played. Never throws for a server that went away.
 */
export async function playOn(
  match: HiveMatch,
  seats: readonly [Raw, Raw],
  watchers: readonly Raw[],
  rng: Rng,
  plies: number,
  stop: () => boolean = () => false,
): Promise<number> {
  let played = 0;
  while (played < plies && !stop()) {
    const view = seats[0].state;
    if (view === null || view.ctx.gameover !== undefined) break;
    const state = hive.deserialize(view.G.state);
    if (hive.terminal(state)) break;
    const who = hive.toMove(state) as 0 | 1;
    const mover = seats[who];
    const moves = hive.moves(state);
    const text = hive.formatMove(state, moves[rng.int(moves.length)] as never);
    mover.move(match.matchID, String(who), match.creds[who], text, view._stateID);
    try {
      await waitFor(
        () => stop() || watchers.every((w) => (w.state?._stateID ?? -1) > view._stateID),
        `update ${view._stateID + 1}`,
        5000,
      );
    } catch {
      break;
    }
    played++;
  }
  return played;
}
