/**
 * {@link toBoardgameIO}: a boardrules {@link Game} as a boardgame.io 0.50 game definition, with
 * no hole of its own: nothing secret in what boardgame.io stores as the match's first state, no
 * seed a seat could guess, private moves kept out of other seats' logs, no event or undo, and
 * hooks that never throw.
 *
 * @module
 */
import { RulesError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { isPlainObject, readOptions } from '../core/options.js';
import { quote } from '../core/quote.js';
import { judge, type Refused, seatOf } from './judge.js';
import { cryptoRandom, cryptoSeed } from './random.js';

/** boardgame.io's marker for a refused move (the value of `INVALID_MOVE` in `boardgame.io/core`). */
export const INVALID_MOVE = 'INVALID_MOVE' as const;

/** What boardgame.io stores for a match (and sends to a client, as that seat's view). */
export interface BoardrulesG {
  /** The state as the game's `serialize` text; in a client's view, its `observe`d state. */
  readonly state: string;
  /**
   * Set until the first move of a game with hidden cards: `state` is then the state as no seat
   * sees it, and the server deals every hidden card (from its cryptographic generator) when the
   * first move arrives. A match's first state, which boardgame.io sends to every client as it
   * is, so holds no secret.
   */
  readonly deal?: true;
  /**
   * Set on the server when the move that led here is private (`Game.isPrivate`: Torres'
   * `keep <card>`): its log entry reaches only the seat that made it. Never in a view.
   */
  readonly private?: true;
  /** In a view only: why the stored match could not be read (`state` is then empty). */
  readonly error?: string;
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
   * The start option that takes boardgame.io's number of players. Default: the game's
   * `seats.option` (Torres: `'players'`); absent for games with a fixed number of seats.
   */
  readonly playersOption?: string;
  /**
   * The start option that takes a seed for the game's own randomness. Drawn on the server from
   * the platform's cryptographic generator for every match. A game with hidden cards (one with
   * `observe` and `determinize`: Torres) deals them again at the first move from that generator,
   * so its seed decides only public draws (the first player, the master card), and a match's
   * `setupData` may not set it. Default: the game's `seedOption` (Torres: `'seed'`); absent for
   * games without randomness.
   */
  readonly seedOption?: string;
  /**
   * Fewest players. Default: the game's `seats.min` when a start option sets the seat count,
   * else the game's seat count.
   */
  readonly minPlayers?: number;
  /**
   * Most players. Default: the game's `seats.max` when a start option sets the seat count, else
   * the game's seat count.
   */
  readonly maxPlayers?: number;
}

/** boardgame.io's `ctx`, as far as this definition reads it. */
export interface BoardgameIOCtx {
  /** The match's number of seats. */
  readonly numPlayers: number;
  /** The player ID (`'0'`, `'1'`, …) whose turn boardgame.io says it is. */
  readonly currentPlayer: string;
  /** The seats in turn order (boardgame.io's; `['0', '1', …]` here). */
  readonly playOrder?: readonly string[];
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

/** The one move of a definition: `play(text)`. */
export interface BoardgameIOPlay {
  /** The next `G`, or `INVALID_MOVE` for a move that is not legal for `playerID` now. */
  move(
    context: { G: BoardrulesG; ctx: BoardgameIOCtx; playerID?: string | null },
    text: string,
  ): BoardrulesG | typeof INVALID_MOVE;
  /** Moves run on the server only: a client's view lacks the hidden cards a move may need. */
  readonly client: false;
  /** A private move's log entry (see {@link BoardrulesG.private}) reaches only its own seat. */
  redact(context: { G: BoardrulesG }): boolean;
}

/** boardgame.io's events, every one switched off: a seat changes a match only by a move. */
export interface BoardgameIOEvents {
  /** No `endTurn`: a turn is one move. */
  readonly endTurn: false;
  /** No `pass`. */
  readonly pass: false;
  /** No `endPhase`. */
  readonly endPhase: false;
  /** No `setPhase`. */
  readonly setPhase: false;
  /** No `endGame`: the rules end the game (`endIf`). */
  readonly endGame: false;
  /** No `setActivePlayers`. */
  readonly setActivePlayers: false;
  /** No `endStage`. */
  readonly endStage: false;
  /** No `setStage`. */
  readonly setStage: false;
}

/** The boardgame.io game definition {@link toBoardgameIO} returns. */
export interface BoardgameIOGame {
  /** The game's name on the server (the lobby's `/games/<name>`). */
  readonly name: string;
  /** Fewest seats a match may have. */
  readonly minPlayers: number;
  /** Most seats a match may have. */
  readonly maxPlayers: number;
  /** boardgame.io's undo and redo are off: a move, once made, stands. */
  readonly disableUndo: true;
  /** boardgame.io's events, all off (boardgame.io 0.50's server still runs an event a client sends: see `boardrules/boardgameio/server`). */
  readonly events: BoardgameIOEvents;
  /** Throws nothing: answers boardgame.io's question "can a match start with this setup?". */
  validateSetupData(setupData: unknown, numPlayers: unknown): string | undefined;
  /**
   * The match's first `G`: the game's `start` with the match's options. For a game with hidden
   * cards, the state as no seat sees it, with `deal` set (see {@link BoardrulesG.deal}).
   */
  setup(context: { ctx: BoardgameIOCtx }, setupData?: BoardrulesSetupData): BoardrulesG;
  /** The one move, `play(text)`, in an object without a prototype (no inherited move names). */
  readonly moves: {
    /** Plays a move given in the game's notation. */
    readonly play: BoardgameIOPlay;
  };
  /** One boardgame.io turn per boardrules move, the seat to move from `toMove`. */
  readonly turn: {
    /** A turn is one move. */
    readonly minMoves: 1;
    /** A turn is one move. */
    readonly maxMoves: 1;
    /** The seat to move (an index into boardgame.io's play order, which is the seat order). */
    readonly order: {
      /** The seat to move at the start. Never throws (0 for an unreadable match). */
      first(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): number;
      /** The seat to move after each move (Torres: often the same seat). Never throws. */
      next(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): number;
    };
  };
  /** The end of the match (`terminal`), with the scores (`score`). Never throws. */
  endIf(context: { G: BoardrulesG; ctx: BoardgameIOCtx }): BoardrulesGameover | undefined;
  /**
   * What `playerID` receives: the game's `observe` for that seat (spectators and any other
   * player ID: no seat's). Never throws: an unreadable match gives `{ state: '', error }`.
   */
  playerView(context: { G: BoardrulesG; ctx: BoardgameIOCtx; playerID?: unknown }): BoardrulesG;
  /**
   * Why the server would refuse `text` from `playerID` in the match `G` (the stored, full
   * state), or `null` if `play` takes it: the judgement `play` makes, in words, for a server
   * that tells the seat why (only ever to that seat). Never throws.
   */
  refusal(G: BoardrulesG, playerID: unknown, text: unknown): Refused | null;
  /** For boardgame.io's own bots (`RandomBot`, `MCTSBot`). */
  readonly ai: {
    /** Every legal move now, as `play` actions (none for an unreadable match). */
    enumerate(G: BoardrulesG, ctx: BoardgameIOCtx, playerID?: string | null): BoardgameIOAction[];
  };
}

/**
 * The settings a game's record gives (`Game.seats` with its option, `Game.seedOption`): a game
 * whose seat count or chance comes from a start option needs no config for them.
 */
function defaultsOf(game: Game<unknown, unknown, unknown>): BoardgameIOConfig {
  const { seats, seedOption } = game;
  const out: { -readonly [K in keyof BoardgameIOConfig]: BoardgameIOConfig[K] } = {};
  if (typeof seats?.option === 'string') {
    out.playersOption = seats.option;
    out.minPlayers = seats.min;
    out.maxPlayers = seats.max;
  }
  if (typeof seedOption === 'string') out.seedOption = seedOption;
  return out;
}

/** States read back from `G`, by text: every call reads `G`, and most read the same one. */
const READ_LIMIT = 256;

const EVENTS_OFF: BoardgameIOEvents = Object.freeze({
  endTurn: false,
  pass: false,
  endPhase: false,
  setPhase: false,
  endGame: false,
  setActivePlayers: false,
  endStage: false,
  setStage: false,
} as const);

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
  const settings: BoardgameIOConfig = {
    ...defaultsOf(game as Game<unknown, unknown, unknown>),
    ...own,
  };
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
  // A game with hidden cards is dealt on the server at the first move (see BoardrulesG.deal).
  const observe = game.observe;
  const determinize = game.determinize;
  const hidden = observe !== undefined && determinize !== undefined;
  const { playersOption, seedOption } = settings;

  const read = new Map<string, S>();
  /** The state `G` holds (validated when first read; a bad store throws `INVALID_STATE`). */
  const stateOf = (G: BoardrulesG): S => {
    const text = (G as { state?: unknown }).state;
    if (typeof text !== 'string') {
      throw new RulesError('INVALID_STATE', `the match's G holds no state text (${quote(text)})`);
    }
    let state = read.get(text);
    if (state === undefined) {
      state = game.deserialize(text);
      if (read.size >= READ_LIMIT) read.clear();
      read.set(text, state);
    }
    return state;
  };
  const store = (state: S, extra?: { private?: true; deal?: true }): BoardrulesG => {
    const text = game.serialize(state);
    read.set(text, state);
    return extra === undefined ? { state: text } : { state: text, ...extra };
  };
  /** The start options of a match of `numPlayers` with `setupData` (refused in words). */
  const optionsFor = (numPlayers: number, setupData: unknown, seed: number): Partial<O> => {
    const data = readOptions(setupData ?? {}, 'setupData', ['options']) as BoardrulesSetupData;
    const given = ownOptions(data.options);
    if (playersOption !== undefined && given[playersOption] !== undefined) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `setupData.options.${playersOption}: the number of players is the match's numPlayers`,
      );
    }
    if (hidden && seedOption !== undefined && given[seedOption] !== undefined) {
      throw new RulesError(
        'INVALID_OPTIONS',
        `setupData.options.${seedOption}: the server draws the seed of a game with hidden cards, and the lobby shows setupData to everyone`,
      );
    }
    const options: Record<string, unknown> = { ...baseOptions, ...given };
    if (playersOption !== undefined) options[playersOption] = numPlayers;
    if (seedOption !== undefined && options[seedOption] === undefined) options[seedOption] = seed;
    return options as Partial<O>;
  };
  /** The state `G` holds, `undefined` for an unreadable one (hooks that must not throw). */
  const tryStateOf = (G: BoardrulesG): S | undefined => {
    try {
      return stateOf(G);
    } catch {
      return undefined;
    }
  };
  const orderOf = ({ G, ctx }: { G: BoardrulesG; ctx: BoardgameIOCtx }): number => {
    const state = tryStateOf(G);
    if (state === undefined) return 0;
    try {
      const at = (ctx.playOrder ?? []).indexOf(String(game.toMove(state)));
      return at < 0 ? 0 : at;
    } catch {
      return 0;
    }
  };

  const play: BoardgameIOPlay = {
    move({ G, playerID }, text) {
      try {
        let state = stateOf(G);
        // The first move of a game with hidden cards: deal them now, on the server, from its
        // cryptographic generator (the match's first G, which every client receives, held none).
        if (G.deal === true && hidden) state = determinize(state, -1, cryptoRandom());
        const judged = judge(game, state, playerID, text);
        if ('refused' in judged) return INVALID_MOVE;
        const next = game.apply(state, judged.move);
        return store(next, game.isPrivate?.(state, judged.move) ? { private: true } : undefined);
      } catch {
        // An unreadable match or a fault of the game: the match stays as it was.
        return INVALID_MOVE;
      }
    },
    client: false,
    redact: ({ G }) => G?.private === true,
  };

  return {
    name: settings.name ?? game.name,
    minPlayers,
    maxPlayers,
    disableUndo: true,
    events: EVENTS_OFF,
    validateSetupData(setupData, numPlayers) {
      if (
        typeof numPlayers !== 'number' ||
        !Number.isInteger(numPlayers) ||
        numPlayers < minPlayers ||
        numPlayers > maxPlayers
      ) {
        return `${game.name} is played by ${minPlayers}–${maxPlayers} players, not ${quote(numPlayers)}`;
      }
      try {
        game.start(optionsFor(numPlayers, setupData, 0));
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
    setup({ ctx }, setupData) {
      const state = game.start(optionsFor(ctx.numPlayers, setupData, cryptoSeed()));
      // Hidden cards are dealt at the first move: the match's first G is public.
      return hidden ? store(observe(state, -1), { deal: true }) : store(state);
    },
    moves: Object.freeze(Object.assign(Object.create(null), { play })),
    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: { first: orderOf, next: orderOf },
    },
    endIf({ G }) {
      const state = tryStateOf(G);
      if (state === undefined) return undefined;
      try {
        if (!game.terminal(state)) return undefined;
        const scores = game.score(state);
        const best = Math.max(...scores);
        const leaders = scores.flatMap((s, seat) => (s === best ? [seat] : []));
        return leaders.length === 1
          ? { scores, winner: String(leaders[0]) }
          : { scores, draw: true as const };
      } catch {
        return undefined;
      }
    },
    playerView({ G, playerID }) {
      try {
        const state = stateOf(G);
        // Perfect information: the stored text itself (read first, so a bad store is refused).
        if (observe === undefined) return { state: G.state };
        const view = game.serialize(observe(state, seatOf(playerID)));
        return G.deal === true ? { state: view, deal: true } : { state: view };
      } catch (e) {
        return {
          state: '',
          error: e instanceof RulesError ? e.message : 'the match could not be read',
        };
      }
    },
    refusal(G, playerID, text) {
      try {
        // Before the deal the public state decides: no move's legality needs a hidden card.
        const judged = judge(game, stateOf(G), playerID, text);
        return 'refused' in judged ? judged.refused : null;
      } catch (e) {
        return {
          message: `the match could not be read: ${e instanceof Error ? e.message : String(e)}`,
        };
      }
    },
    ai: {
      enumerate(G) {
        try {
          const state = stateOf(G);
          if (game.terminal(state)) return [];
          return game
            .moves(state)
            .map((m) => ({ move: 'play' as const, args: [game.formatMove(state, m)] as [string] }));
        } catch {
          return [];
        }
      },
    },
  };
}

/** A match's start options: the own keys of a plain object (the game's `start` checks them). */
function ownOptions(options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (!isPlainObject(options)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `setupData.options must be a plain object, got ${quote(options)}`,
    );
  }
  return { ...options };
}
