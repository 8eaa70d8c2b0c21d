/**
 * boardrules games on [boardgame.io](https://boardgame.io)'s server: {@link toBoardgameIO} turns
 * any boardrules `Game` into a boardgame.io game definition, so a match server, its lobby,
 * storage and clients run the exact rules without writing them again.
 *
 * - **State.** boardgame.io stores `G = { state }`, the game's `serialize` text: plain JSON that
 *   survives any storage adapter, from which every call reads the state back (`deserialize`
 *   validates it, so a tampered store is refused, not trusted).
 * - **One move.** `play(text)` takes a move in the game's notation, written canonically
 *   (`formatMove`) and at most {@link MAX_MOVE_LENGTH} characters. A move that is not legal —
 *   wrong seat, unreadable or non-canonical text, a rule that forbids it — returns boardgame.io's
 *   `INVALID_MOVE`: boardgame.io keeps the match as it was. The reason, with its rule ID, is what
 *   {@link whyRefused} says on the client's own view.
 * - **Turns.** boardgame.io's turn is one boardrules move; the next player is the game's
 *   `toMove` (Torres: the same seat for each action of its turn, and its phases). Undo and
 *   boardgame.io's events are off.
 * - **Hidden information.** `playerView` is the game's `observe` for the seat (Torres: no other
 *   seat's hand, no deck order, no seed); spectators see what no seat holds. Hidden cards are
 *   dealt on the server at the first move, from the platform's cryptographic generator, so the
 *   match's first state (which boardgame.io sends to every client unfiltered) holds no secret.
 *   A private move (Torres' `keep <card>`) reaches only its own seat's log.
 * - **The end.** `endIf` is `terminal`/`score`: `{ scores, winner }` or `{ scores, draw: true }`.
 *
 * The definition alone cannot close the holes of boardgame.io 0.50's own server (it runs events
 * and state replacements a client sends, lets any socket take a seat nobody joined, and shows a
 * move before storing it): run it behind `boardrules/boardgameio/server`. See
 * `docs/multiplayer.md`.
 *
 * boardgame.io is an optional peer dependency: this module imports nothing from it (its
 * `INVALID_MOVE` is a string constant, repeated here), so `boardrules/hive` and the other entries
 * never pull it in, and the definition works with any boardgame.io 0.50 server or client.
 *
 * @module boardrules/boardgameio
 */
export {
  type BoardgameIOAction,
  type BoardgameIOConfig,
  type BoardgameIOCtx,
  type BoardgameIOEvents,
  type BoardgameIOGame,
  type BoardgameIOPlay,
  type BoardrulesG,
  type BoardrulesGameover,
  type BoardrulesSetupData,
  INVALID_MOVE,
  toBoardgameIO,
} from './definition.js';
export { MAX_MOVE_LENGTH, type Refused } from './judge.js';
export { cryptoRandom } from './random.js';
export { whyRefused } from './refusal.js';
export {
  type BoardgameIOClient,
  type BoardgameIOClientState,
  playSeat,
  type SeatBot,
} from './seat.js';
