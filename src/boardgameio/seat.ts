/**
 * {@link playSeat}: a boardrules bot at a boardgame.io client's seat.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { BoardgameIOCtx, BoardrulesG } from './definition.js';

/** The slice of a boardgame.io client (`Client` from `boardgame.io/client`) a seat bot drives. */
export interface BoardgameIOClient {
  /** The seat the client plays (`'0'`, `'1'`, …). */
  readonly playerID?: string | null;
  /** Calls `listener` with every state the client receives; returns an unsubscribe function. */
  subscribe(listener: (state: BoardgameIOClientState | null) => void): () => void;
  /** The client's moves; a definition from {@link toBoardgameIO} has `play`. */
  readonly moves: Readonly<Record<string, (text: string) => void>>;
}

/** The slice of a boardgame.io client state a seat bot reads. */
export interface BoardgameIOClientState {
  /** The seat's view of the match. */
  readonly G: BoardrulesG;
  /** boardgame.io's context; `gameover` is set once the match is over. */
  readonly ctx: BoardgameIOCtx & {
    /** Set once the match is over (what `endIf` returned). */
    readonly gameover?: unknown;
  };
  /** boardgame.io's count of the match's updates. */
  readonly _stateID: number;
}

/** The slice of a boardrules bot a seat needs (every bot of `boardrules`: random, alpha-beta, MCTS). */
export interface SeatBot<S, M> {
  /** The move to play in `state` (a state where the bot's seat is to move). */
  choose(state: S): M;
}

/**
 * Plays `client`'s seat with a boardrules bot: whenever the match reaches a state where that
 * seat is to move, the bot chooses on the seat's own view and the client sends the move. Runs
 * where the client runs (a browser tab, or a process next to the server for a computer seat).
 * Returns a function that stops it.
 *
 * ```ts
 * const seat = Client({ game: definition, matchID, playerID: '1', multiplayer: SocketIO({ server }) });
 * seat.start();
 * const stop = playSeat(seat, hive, alphaBetaBot(hive, { evaluate: evaluateHive }));
 * ```
 */
export function playSeat<S, M, O>(
  client: BoardgameIOClient,
  game: Game<S, M, O>,
  bot: SeatBot<S, M>,
): () => void {
  let answered = -1;
  return client.subscribe((view) => {
    if (view === null || view.ctx.gameover !== undefined || view._stateID === answered) return;
    if (view.ctx.currentPlayer !== client.playerID || view.G.error !== undefined) return;
    const state = game.deserialize(view.G.state);
    if (game.terminal(state) || String(game.toMove(state)) !== client.playerID) return;
    const play = client.moves.play;
    if (play === undefined) {
      throw new RulesError('INVALID_ARGUMENT', 'playSeat: the client has no play move');
    }
    answered = view._stateID;
    play(game.formatMove(state, bot.choose(state)));
  });
}
