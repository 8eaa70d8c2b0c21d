/**
 * boardrules games on [boardgame.io](https://boardgame.io)'s server: {@link toBoardgameIO} turns
 * any boardrules {@link Game} into a boardgame.io game definition, so a match server, its lobby,
 * storage and clients run the exact rules without writing them again.
 *
 * - **State.** boardgame.io stores `G = { state }`, the game's `serialize` text: plain JSON that
 *   survives any storage adapter, from which every call reads the state back (`deserialize`
 *   validates it, so a tampered store is refused, not trusted).
 * - **One move.** `play(text)` takes a move in the game's notation (`formatMove`/`parseMove`). A
 *   move that is not legal — wrong seat, unreadable text, a rule that forbids it — returns
 *   boardgame.io's `INVALID_MOVE`: boardgame.io keeps the match as it was. The reason, with its
 *   rule ID, is what {@link whyRefused} says on the client's own view.
 * - **Turns.** boardgame.io's turn is one boardrules move; the next player is the game's
 *   `toMove` (Torres: the same seat for each action of its turn, and its phases).
 * - **Hidden information.** `playerView` is the game's `observe` for the seat (Torres: no other
 *   seat's hand, no deck order); spectators see what no seat holds.
 * - **The end.** `endIf` is `terminal`/`score`: `{ scores, winner }` or `{ scores, draw: true }`.
 *
 * boardgame.io is an optional peer dependency: this module imports nothing from it (its
 * `INVALID_MOVE` is a string constant, repeated here), so `boardrules/hive` and the other entries
 * never pull it in, and the definition works with any boardgame.io 0.50 server or client.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';

/** boardgame.io's marker for a refused move (the value of `INVALID_MOVE` in `boardgame.io/core`). */
export const INVALID_MOVE = 'INVALID_MOVE' as const;

/** What boardgame.io stores for a match (and sends to a client, as that seat's view). */
export interface BoardrulesG {
  /** The state as the game's `serialize` text; in a client's view, its `observe`d state. */
  readonly state: string;
}

/** The match's `setupData` (boardgame.io's `createMatch` / lobby `setupData`). */
export interface BoardrulesSetupData {
  /** Start options for this match (game type, variant, …), over the definition's own. */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** How a boardrules game becomes a boardgame.io game (all optional). */
export interface BoardgameIOConfig {
  /** The game's name on the server (default: the game's own, e.g. `'hive'`). */
  readonly name?: string;
  /** Start options every match begins from; a match's `setupData.options` go over them. */
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * The start option that takes boardgame.io's number of players. Default: `'players'` for
   * Torres; absent for games with a fixed number of seats (Hive and Coerceo: 2).
   */
  readonly playersOption?: string;
  /**
   * The start option that takes a seed for the game's own randomness (Torres' deck). Drawn from
   * boardgame.io's seeded random plugin, so a match with a fixed `seed` replays identically.
   * Default: `'seed'` for Torres; absent for games without randomness.
   */
  readonly seedOption?: string;
  /** Fewest players (default: 2 for Torres, else the game's seat count). */
  readonly minPlayers?: number;
  /** Most players (default: 4 for Torres, else the game's seat count). */
  readonly maxPlayers?: number;
}

/** boardgame.io's `ctx`, as far as this definition reads it. */
export interface BoardgameIOCtx {
  /** The match's number of seats. */
  readonly numPlayers: number;
  /** The player ID (`'0'`, `'1'`, …) whose turn boardgame.io says it is. */
  readonly currentPlayer: string;
}

/** The end of a match, as `endIf` reports it (boardgame.io's `ctx.gameover`). */
export interface BoardrulesGameover {
  /** Each seat's score (win/loss games: 1 for the winner, 0 for the loser, ½ each for a draw). */
  readonly scores: readonly number[];
  /** The winning seat as a player ID, when one seat has the best score. */
  readonly winner?: string;
  /** Set when several seats share the best score. */
  readonly draw?: true;
}

/** One move the boardgame.io bots may choose (`ai.enumerate`). */
export interface BoardgameIOAction {
  /** The definition's one move. */
  readonly move: 'play';
  /** The move's text in the game's notation. */
  readonly args: [string];
}

/** The boardgame.io game definition {@link toBoardgameIO} returns. */
export interface BoardgameIOGame {
  /** The game's name on the server (the lobby's `/games/<name>`). */
  readonly name: string;
  /** Fewest seats a match may have. */
  readonly minPlayers: number;
  /** Most seats a match may have. */
  readonly maxPlayers: number;
  /** Throws nothing: answers boardgame.io's question "can a match start with this setup?". */
  validateSetupData(setupData: unknown, numPlayers: number): string | undefined;
  /** The match's first `G`: the game's `start` with the match's options, as text. */
  setup(
    context: { ctx: BoardgameIOCtx; random?: { Number(): number } },
    setupData?: BoardrulesSetupData,
  ): BoardrulesG;
  /** The one move: `play(text)`. */
  readonly moves: {
    /** Plays a move given in the game's notation. */
    readonly play: {
      /** The next `G`, or `INVALID_MOVE` for a move that is not legal for `playerID` now. */
      move(
        context: { G: BoardrulesG; ctx: BoardgameIOCtx; playerID?: string | null },
        text: string,
      ): BoardrulesG | typeof INVALID_MOVE;
      /** Moves run on the server only: a client's view may lack what a move needs. */
      readonly client: false;
    };
  };
  /** One boardgame.io turn per boardrules move, the seat to move from `toMove`. */
  readonly turn: {
    /** A turn is one move. */
    readonly minMoves: 1;
    /** A turn is one move. */
    readonly maxMoves: 1;
    /** The seat to move (an index into boardgame.io's play order, which is the seat order). */
    readonly order: {
      /** The seat to move at the start. */
      first(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): number;
      /** The seat to move after each move (Torres: often the same seat). */
      next(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): number;
    };
  };
  /** The end of the match (`terminal`), with the scores (`score`). */
  endIf(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): BoardrulesGameover | undefined;
  /** What `playerID` receives: the game's `observe` for that seat (spectators: no seat's). */
  playerView(context: {
    G: BoardrulesG;
    ctx: BoardgameIOCtx;
    playerID?: string | null;
  }): BoardrulesG;
  /** For boardgame.io's own bots (`RandomBot`, `MCTSBot`). */
  readonly ai: {
    /** Every legal move now, as `play` actions. */
    enumerate(G: BoardrulesG, ctx: BoardgameIOCtx, playerID?: string | null): BoardgameIOAction[];
  };
}

/** Defaults for the games whose seat count or randomness comes from their start options. */
const DEFAULTS: Readonly<Record<string, BoardgameIOConfig>> = {
  torres: { playersOption: 'players', seedOption: 'seed', minPlayers: 2, maxPlayers: 4 },
};

/** The seat of a boardgame.io player ID (`'0'`, `'1'`, …); −1 for a spectator or junk. */
function seatOf(playerID: string | null | undefined): number {
  const seat = Number(playerID);
  return playerID != null && playerID !== '' && Number.isInteger(seat) && seat >= 0 ? seat : -1;
}

/** States read back from `G`, by text: every call reads `G`, and most read the same one. */
const READ_LIMIT = 256;

/**
 * A boardgame.io game definition that plays `game` by its exact rules (see the module comment).
 * Throws `RulesError('INVALID_OPTIONS')` for a bad `config` or start options the game refuses.
 *
 * ```ts
 * import { Server } from 'boardgame.io/server';
 * import { hive } from 'boardrules/hive';
 * import { toBoardgameIO } from 'boardrules/boardgameio';
 * Server({ games: [toBoardgameIO(hive)] }).run(8000);
 * ```
 */
export function toBoardgameIO<S, M, O>(
  game: Game<S, M, O>,
  config: BoardgameIOConfig = {},
): BoardgameIOGame {
  const own = readOptions(config, 'toBoardgameIO config', [
    'name',
    'options',
    'playersOption',
    'seedOption',
    'minPlayers',
    'maxPlayers',
  ]) as BoardgameIOConfig;
  const settings: BoardgameIOConfig = { ...DEFAULTS[game.name], ...own };
  const baseOptions = settings.options ?? {};
  const trial = game.start(baseOptions as Partial<O>);
  const seats = game.players(trial);
  const minPlayers = settings.minPlayers ?? seats;
  const maxPlayers = settings.maxPlayers ?? seats;
  if (!Number.isInteger(minPlayers) || !Number.isInteger(maxPlayers) || minPlayers < 1) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `toBoardgameIO: bad player counts ${minPlayers}..${maxPlayers}`,
    );
  }
  if (settings.playersOption === undefined && (minPlayers !== seats || maxPlayers !== seats)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `toBoardgameIO: ${game.name} has ${seats} seats; other player counts need a playersOption`,
    );
  }

  const read = new Map<string, S>();
  /** The state `G` holds (validated when first read; a bad store throws `INVALID_STATE`). */
  const stateOf = (G: BoardrulesG): S => {
    const text = G.state;
    let state = read.get(text);
    if (state === undefined) {
      state = game.deserialize(text);
      if (read.size >= READ_LIMIT) read.clear();
      read.set(text, state);
    }
    return state;
  };
  const store = (state: S): BoardrulesG => {
    const text = game.serialize(state);
    read.set(text, state);
    return { state: text };
  };
  /** The start options of a match of `numPlayers` with `setupData`. */
  const optionsFor = (numPlayers: number, setupData: unknown, seed: number | undefined) => {
    const data = readOptions(setupData ?? {}, 'setupData', ['options']) as BoardrulesSetupData;
    const options: Record<string, unknown> = { ...baseOptions, ...(data.options ?? {}) };
    if (settings.playersOption !== undefined) options[settings.playersOption] = numPlayers;
    if (settings.seedOption !== undefined && options[settings.seedOption] === undefined) {
      options[settings.seedOption] = seed ?? 0;
    }
    return options as Partial<O>;
  };

  return {
    name: settings.name ?? game.name,
    minPlayers,
    maxPlayers,
    validateSetupData(setupData, numPlayers) {
      if (numPlayers < minPlayers || numPlayers > maxPlayers) {
        return `${game.name} is played by ${minPlayers}–${maxPlayers} players, not ${numPlayers}`;
      }
      try {
        game.start(optionsFor(numPlayers, setupData, 0));
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
    setup({ ctx, random }, setupData) {
      // A seed drawn from boardgame.io's seeded generator: a match's randomness is its seed's.
      const seed = random === undefined ? 0 : Math.floor(random.Number() * 2 ** 31);
      return store(game.start(optionsFor(ctx.numPlayers, setupData, seed)));
    },
    moves: {
      play: {
        move({ G, playerID }, text) {
          const state = stateOf(G);
          if (game.terminal(state) || seatOf(playerID) !== game.toMove(state)) return INVALID_MOVE;
          if (typeof text !== 'string') return INVALID_MOVE;
          try {
            return store(game.apply(state, game.parseMove(state, text)));
          } catch (e) {
            if (e instanceof RulesError) return INVALID_MOVE;
            throw e;
          }
        },
        client: false,
      },
    },
    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: {
        first: ({ G }) => game.toMove(stateOf(G)),
        next: ({ G }) => game.toMove(stateOf(G)),
      },
    },
    endIf({ G }) {
      const state = stateOf(G);
      if (!game.terminal(state)) return undefined;
      const scores = game.score(state);
      const best = Math.max(...scores);
      const leaders = scores.flatMap((s, seat) => (s === best ? [seat] : []));
      return leaders.length === 1
        ? { scores, winner: String(leaders[0]) }
        : { scores, draw: true as const };
    },
    playerView({ G, playerID }) {
      if (game.observe === undefined) return G;
      return { state: game.serialize(game.observe(stateOf(G), seatOf(playerID))) };
    },
    ai: {
      enumerate(G) {
        const state = stateOf(G);
        if (game.terminal(state)) return [];
        return game
          .moves(state)
          .map((m) => ({ move: 'play' as const, args: [game.formatMove(state, m)] as [string] }));
      },
    },
  };
}

/** Why a move is refused (see {@link whyRefused}). */
export interface Refused {
  /** What is wrong, in words. */
  readonly message: string;
  /** The rulebook ID of the rule that forbids the move (`'H-PLACE-5'`), when a rule does. */
  readonly rule?: string;
}

/**
 * Why the move `text` would be refused for `playerID` in the state a client sees (`G` of its
 * view), or `null` when it is legal: a message naming the rule (`RulesError.rule`), for a client
 * to show after boardgame.io refused its move. Works on a seat's own view: a move's legality
 * never depends on what the seat cannot see.
 */
export function whyRefused<S, M, O>(
  game: Game<S, M, O>,
  G: BoardrulesG,
  playerID: string | null | undefined,
  text: string,
): Refused | null {
  const state = game.deserialize(G.state);
  if (game.terminal(state)) return { message: 'the game is over: no move is legal' };
  const seat = seatOf(playerID);
  const toMove = game.toMove(state);
  if (seat < 0) {
    return {
      message: `only a seat can move (got player ${quote(playerID ?? null)}); it is seat ${toMove}'s move`,
    };
  }
  if (seat !== toMove) return { message: `it is seat ${toMove}'s move, not seat ${seat}'s` };
  try {
    game.apply(state, game.parseMove(state, text));
    return null;
  } catch (e) {
    if (!(e instanceof RulesError)) throw e;
    return e.rule === undefined ? { message: e.message } : { message: e.message, rule: e.rule };
  }
}

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
    if (view.ctx.currentPlayer !== client.playerID) return;
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
