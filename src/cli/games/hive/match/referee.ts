/**
 * One refereed Hive game between two UHP engines, for `boardrules match`. The referee holds the
 * game on the boardrules rules; each engine is asked for its move in turn, and every move is
 * played on both engines, so each checks the other's (and its own) with its own move generator.
 * Whatever goes wrong is a result, not an exception: an engine that crashes, hangs, answers
 * garbage or plays an illegal move loses the game; a legal move an engine refuses, or a game end
 * the engines see differently, ends the game unscored as a rules disagreement.
 */
import { isRulesError } from '../../../../core/errors.js';
import {
  formatGameString,
  formatMoveString,
  type GameStateString,
  gameStateString,
  type HiveOptions,
  hive,
  outcome,
  parseMoveString,
  playMoveString,
} from '../../../../hive/index.js';
import { EngineFailure } from './uhp-process.js';

/** What the referee needs of an engine: one command, its reply lines (without `ok`). */
export interface UhpLink {
  readonly name: string;
  send(command: string, timeoutMs: number): Promise<string[]>;
}

/** The colours, in turn order. */
export const COLOURS = ['white', 'black'] as const;
/** A colour. */
export type Colour = (typeof COLOURS)[number];

/** How the engines think: `bestmove time` (whole seconds, as UHP has them) or `bestmove depth`. */
export type MoveLimit = { readonly seconds: number } | { readonly depth: number };

/** How a game was refereed. */
export interface GameSettings {
  /** The rules (game type, repetition, ply cap) the referee plays by. */
  readonly rules: Readonly<HiveOptions>;
  readonly limit: MoveLimit;
  /** The longest wait for any reply before the engine is judged hung. */
  readonly replyTimeoutMs: number;
}

/** Why a game ended: a rule of the game, an engine's fault, or a rules disagreement. */
export type GameEndReason =
  | 'queen-surrounded'
  | 'both-queens-surrounded'
  | 'repetition'
  | 'ply-limit'
  | 'crashed'
  | 'hung'
  | 'garbage'
  | 'illegal-move'
  | 'error'
  | 'disagreement';

/** One refereed game. */
export interface GameRecord {
  /** The engines' names by colour. */
  readonly white: string;
  readonly black: string;
  /** The opening's MoveStrings (played for both engines before they think). */
  readonly opening: readonly string[];
  /** The game as a plain UHP GameString (the opening and every move the referee accepted). */
  readonly gameString: string;
  readonly plies: number;
  /** The winner; `null` for a draw or an unscored game. */
  readonly winner: Colour | null;
  /** `false` for a rules disagreement: no engine is known to be at fault. */
  readonly scored: boolean;
  readonly reason: GameEndReason;
  /** The colour whose engine failed or disagreed, for the faults and disagreements. */
  readonly faulty?: Colour;
  /** What happened, in words. */
  readonly detail: string;
  /** Milliseconds each colour's engine spent answering `bestmove`, and how many it answered. */
  readonly thinkMs: Readonly<Record<Colour, number>>;
  readonly thinkMoves: Readonly<Record<Colour, number>>;
}

/** An engine's fault or a disagreement, ending the game before the rules do. */
class GameStop extends Error {
  constructor(
    readonly reason: GameEndReason,
    readonly colour: Colour,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const GAME_STATES: readonly string[] = [
  'NotStarted',
  'InProgress',
  'Draw',
  'WhiteWins',
  'BlackWins',
];

/** The UHP `bestmove` command of a limit (H-UHP-9). */
export function bestmoveCommand(limit: MoveLimit): string {
  if ('depth' in limit) return `bestmove depth ${limit.depth}`;
  const s = limit.seconds;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `bestmove time ${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * Plays one game from `opening` (MoveStrings legal under `settings.rules`) between the engines
 * `seats.white` and `seats.black`, which must be started; `now` is the clock for think times.
 */
export async function refereeGame(
  seats: Readonly<Record<Colour, UhpLink>>,
  opening: readonly string[],
  settings: GameSettings,
  now: () => number,
): Promise<GameRecord> {
  let state = hive.start(settings.rules);
  const thinkMs = { white: 0, black: 0 };
  const thinkMoves = { white: 0, black: 0 };
  const record = (
    reason: GameEndReason,
    winner: Colour | null,
    scored: boolean,
    detail: string,
    faulty?: Colour,
  ): GameRecord => ({
    white: seats.white.name,
    black: seats.black.name,
    opening,
    gameString: formatGameString(state, { uhp: true }),
    plies: state.history.length,
    winner,
    scored,
    reason,
    ...(faulty === undefined ? {} : { faulty }),
    detail,
    thinkMs,
    thinkMoves,
  });

  /** Sends a command to one colour's engine; its failure stops the game against it. */
  const ask = async (colour: Colour, command: string): Promise<string[]> => {
    try {
      return await seats[colour].send(command, settings.replyTimeoutMs);
    } catch (e) {
      if (!(e instanceof EngineFailure)) throw e;
      throw new GameStop(e.fault, colour, e.message);
    }
  };

  /** Plays a move the referee accepted on both engines: each must accept it and agree on the result. */
  const playOnBoth = async (text: string, first: Colour): Promise<void> => {
    for (const colour of first === 'white' ? COLOURS : [...COLOURS].reverse()) {
      const reply = await ask(colour, `play ${text}`);
      checkEcho(colour, `play ${text}`, reply, gameStateString(state), outcome(state)?.reason);
    }
  };

  try {
    for (const colour of COLOURS) {
      const reply = await ask(colour, `newgame ${state.type}`);
      checkEcho(colour, `newgame ${state.type}`, reply, 'NotStarted', undefined);
    }
    for (const text of opening) {
      const mover = COLOURS[hive.toMove(state)];
      state = playMoveString(state, text);
      await playOnBoth(text, mover);
    }
    let ended = outcome(state);
    while (ended === null) {
      const mover = COLOURS[hive.toMove(state)];
      const asked = now();
      const reply = await ask(mover, bestmoveCommand(settings.limit));
      thinkMs[mover] += now() - asked;
      thinkMoves[mover]++;
      const text = chosenMove(mover, reply);
      let canonical: string;
      try {
        canonical = formatMoveString(state, parseMoveString(state, text));
      } catch (e) {
        if (!isRulesError(e)) throw e;
        throw new GameStop('illegal-move', mover, `played '${text}': ${e.message}`);
      }
      state = playMoveString(state, canonical);
      await playOnBoth(canonical, mover);
      ended = outcome(state);
    }
    const words = ended.winner === null ? 'draw' : `${ended.winner} wins`;
    return record(
      ended.reason,
      ended.winner,
      true,
      `${words}: ${ended.reason.replaceAll('-', ' ')}`,
    );
  } catch (e) {
    if (!(e instanceof GameStop)) throw e;
    const name = seats[e.colour].name;
    if (e.reason === 'disagreement') {
      return record(e.reason, null, false, `${name} (${e.colour}) ${e.detail}`, e.colour);
    }
    const winner = e.colour === 'white' ? 'black' : 'white';
    return record(e.reason, winner, true, `${name} (${e.colour}) ${e.detail}`, e.colour);
  }
}

/** The move a `bestmove` reply names: its one line; `err`/`invalidmove`/blank lose the game. */
function chosenMove(colour: Colour, reply: readonly string[]): string {
  const lines = reply.map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0];
  if (first === undefined) throw new GameStop('garbage', colour, 'answered bestmove with no move');
  if (first.startsWith('err') || first.startsWith('invalidmove')) {
    throw new GameStop('error', colour, `answered bestmove with '${first}'`);
  }
  if (lines.length > 1) {
    throw new GameStop('garbage', colour, `answered bestmove with ${lines.length} lines`);
  }
  return first;
}

/**
 * Checks an engine's reply to `newgame`/`play`: a GameString whose state field agrees with the
 * referee's. An engine that refuses a legal move, or sees a game end where the referee does not
 * (or not one decided by the queens that the referee sees), disagrees on the rules. Draws by
 * repetition or ply cap are the referee's: an engine without those options plays on.
 */
function checkEcho(
  colour: Colour,
  command: string,
  reply: readonly string[],
  expected: GameStateString | 'NotStarted',
  endReason: string | undefined,
): void {
  const first = (reply[0] ?? '').trim();
  if (first.startsWith('invalidmove') || first.startsWith('err')) {
    throw new GameStop('disagreement', colour, `refused '${command}': ${first}`);
  }
  const field = first.split(';')[1]?.trim();
  if (field === undefined || !GAME_STATES.includes(field)) {
    throw new GameStop(
      'garbage',
      colour,
      `answered '${command}' with '${first}', not a GameString`,
    );
  }
  const refereeOnly = endReason === 'repetition' || endReason === 'ply-limit';
  if (field !== expected && !(refereeOnly && field === 'InProgress')) {
    throw new GameStop(
      'disagreement',
      colour,
      `sees '${field}' after '${command}' where the rules give '${expected}'`,
    );
  }
}
