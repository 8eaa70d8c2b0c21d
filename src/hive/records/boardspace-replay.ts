/**
 * A Boardspace game's actions turned into moves by replaying them through the rules, as
 * Boardspace's own board does: a turn is the actions of the player to move up to their `done`
 * (`pick`/`pickb`, then `dropb`/`pdropb` naming the cell, or a robot's `move`/`pmove`), and only
 * the last drop before the `done` counts. The cell is authoritative: a move is the piece and the
 * cell, checked against the rules and written as the canonical MoveString; the reference after
 * the cell is only checked to describe it. A `done` with no action is a pass (Boardspace's
 * robots pass that way). Draw offers and answers have their own `done` and use no move.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import type { RecordWarning } from '../../core/record.js';
import { pieceAt, placeOf } from '../queries.js';
import type { HiveMove, HiveState } from '../types.js';
import type { BoardspaceAction, BoardspaceCell } from './boardspace-actions.js';
import { hexOf, pieceName } from './boardspace-pieces.js';
import { misfit } from './boardspace-reference.js';
import { isTerminal, type Played, play, pliesOf, sideToMove } from './rules.js';

/** One action as the record has it: who acted, what, where in the text. */
export interface ActionEvent {
  /** 0 for `P0`, 1 for `P1`. */
  readonly seat: 0 | 1;
  readonly action: BoardspaceAction;
  /** The property as written, e.g. `P0[12 dropb wS1 N 13 .]`. */
  readonly text: string;
  readonly line: number;
  /** The node's `TM[]` value, or `null`. */
  readonly time: string | null;
}

/** A move the replay played, with what the record said around it. */
export interface ReplayedMove {
  /** The canonical MoveString. */
  readonly move: string;
  /** The `TM[]` of the action that ended the turn, or `null`. */
  time: string | null;
  /** Draw offers, answers and resignations after the move, in words, or `null`. */
  comment: string | null;
}

/** How the record says the game ended, besides its final position. */
export type RecordedEnd =
  | { readonly kind: 'resign'; readonly seat: 0 | 1 }
  | { readonly kind: 'agreed' }
  | { readonly kind: 'time' };

/** The outcome of a replay. */
export interface BoardspaceReplay {
  /** The state after the moves played (`null` when there were no actions to replay). */
  readonly state: HiveState | null;
  readonly moves: readonly ReplayedMove[];
  /** The comment before the first move (an event before any move), or `null`. */
  readonly comment: string | null;
  readonly end: RecordedEnd | null;
  /** The seat that plays White (P0 unless a swap or `Start P1` said otherwise). */
  readonly whiteSeat: 0 | 1;
  /** The ply after which the position stood for the third time, when more moves followed. */
  readonly repeatedAt: number | null;
  readonly warnings: readonly RecordWarning[];
  /** Why the replay stopped before the end of the actions, or `null`. */
  readonly error: RulesError | null;
}

/** The turn under way: a piece picked up and perhaps dropped, or a pass. */
type Pending =
  | {
      readonly kind: 'piece';
      readonly piece: string;
      /** Where it was picked up: `null` from the reserve. */
      readonly from: { readonly q: number; readonly r: number } | null;
      to: BoardspaceCell | null;
      /** The action that dropped it (for the error of a refused move). */
      event: ActionEvent;
    }
  | { readonly kind: 'pass'; readonly event: ActionEvent };

const COLOUR = ['White', 'Black'] as const;

/**
 * Replays `events` from `start` (see the module comment). `repetition` is the same start with
 * the repetition rule on, followed alongside to find where Boardspace played on past a
 * threefold repetition (`null`: not looked for). Never throws for what the record holds: the
 * first action the rules or the format refuse ends the replay with `error`.
 */
export function replayBoardspace(
  start: HiveState,
  events: readonly ActionEvent[],
  repetition: HiveState | null,
): BoardspaceReplay {
  return new Replay(start, repetition).run(events);
}

class Replay {
  private state: HiveState;
  private origin: BoardspaceCell | null = null;
  private pending: Pending | null = null;
  private readonly drawPending: (BoardspaceAction['kind'] | null)[] = [null, null];
  private readonly resignPending: boolean[] = [false, false];
  private readonly moves: ReplayedMove[] = [];
  private comment: string | null = null;
  private end: RecordedEnd | null = null;
  private whiteSeat: 0 | 1 = 0;
  private repeatedAt: number | null = null;
  private readonly warnings: RecordWarning[] = [];

  constructor(
    start: HiveState,
    private repetition: HiveState | null,
  ) {
    this.state = start;
  }

  run(events: readonly ActionEvent[]): BoardspaceReplay {
    let error: RulesError | null = null;
    for (const e of events) {
      try {
        this.act(e);
      } catch (x) {
        if (!(x instanceof RulesError)) throw x;
        error = x;
        break;
      }
    }
    if (error === null) this.finish();
    return {
      state: this.state,
      moves: this.moves,
      comment: this.comment,
      end: this.end,
      whiteSeat: this.whiteSeat,
      repeatedAt: this.repeatedAt,
      warnings: this.warnings,
      error,
    };
  }

  private warn(e: ActionEvent, message: string): void {
    this.warnings.push({ line: e.line, message: `${e.text}: ${message}` });
  }

  /** A refusal of the action by the format (not the rules): ends the replay. */
  private refuse(e: ActionEvent, why: string): never {
    throw new RulesError(
      'PARSE_ERROR',
      `ply ${pliesOf(this.state) + 1} ${quote(e.text)} (line ${e.line}): ${why}`,
    );
  }

  /** The seat whose turn it is. */
  private seatToMove(): 0 | 1 {
    return (sideToMove(this.state) === 0 ? this.whiteSeat : 1 - this.whiteSeat) as 0 | 1;
  }

  private act(e: ActionEvent): void {
    const a = e.action;
    const played = pliesOf(this.state) > 0 || this.pending !== null;
    switch (a.kind) {
      case 'start':
        if (played) this.warn(e, 'a start after the game began; left out');
        else this.whiteSeat = a.player === 1 ? 1 : 0;
        return;
      case 'swap':
        this.whiteSeat = (1 - this.whiteSeat) as 0 | 1;
        this.note(`P${e.seat} swaps colours`);
        return;
      case 'playwhite':
      case 'playblack':
        this.whiteSeat = ((a.kind === 'playwhite') === (e.seat === 0) ? 0 : 1) as 0 | 1;
        return;
      case 'offerdraw':
      case 'acceptdraw':
      case 'declinedraw':
        this.drawPending[e.seat] = a.kind;
        return;
      case 'resign':
        this.resignPending[e.seat] = true;
        return;
      case 'undo':
        this.warn(e, 'an undo request, which changes nothing in a saved game; left out');
        return;
      case 'reset':
        if (this.pending !== null) this.warn(e, 'the move under way is taken back');
        this.pending = null;
        return;
      case 'edit':
        throw new RulesError(
          'UNSUPPORTED',
          `ply ${pliesOf(this.state) + 1} ${quote(e.text)} (line ${e.line}): a board set up by hand (edit) cannot be replayed`,
        );
      case 'gameover':
        this.end = { kind: 'time' };
        this.note('the game ends on time');
        return;
      case 'done':
        this.done(e);
        return;
      case 'pass':
      case 'passdone':
        this.start(e);
        if (this.pending !== null) this.redrop(e, this.pending);
        this.pending = { kind: 'pass', event: e };
        if (a.kind === 'passdone') this.commit(e);
        return;
      default:
        this.piece(e);
    }
  }

  /** An action of the player to move while the game goes on: warns when it is the other. */
  private start(e: ActionEvent): void {
    if (e.seat !== this.seatToMove()) {
      this.warn(e, `P${e.seat} acts while it is ${COLOUR[sideToMove(this.state)]}'s turn`);
    }
  }

  /** pick, pickb, drop, dropb, pdropb, move, pmove, movedone, pmovedone. */
  private piece(e: ActionEvent): void {
    const a = e.action;
    this.start(e);
    const toMove = sideToMove(this.state) === 0 ? 'w' : 'b';
    const p = this.pending;
    switch (a.kind) {
      case 'pick': {
        const name = this.name(e, a.piece as string, a.colour, 'the reserve it is picked from');
        if (p !== null) this.redrop(e, p);
        this.pending = { kind: 'piece', piece: name, from: null, to: null, event: e };
        return;
      }
      case 'drop':
        if (p === null) this.warn(e, 'a piece put back with none picked up; left out');
        else this.warn(e, 'the piece picked up is put back; the move under way is taken back');
        this.pending = null;
        return;
      case 'pickb': {
        if (p?.kind === 'piece' && p.to !== null && sameCell(p.to, a.cell as BoardspaceCell)) {
          // Picking up the piece just dropped: the drop is taken back, the piece still in hand.
          this.redrop(e, p);
          p.to = null;
          return;
        }
        const hex = this.hex(e, a.cell as BoardspaceCell);
        if (p !== null) this.redrop(e, p);
        const top = pieceAt(this.state, hex.q, hex.r);
        if (top === null) this.refuse(e, `${(a.cell as BoardspaceCell).text} is empty`);
        const name = this.name(
          e,
          a.piece as string,
          top[0] as 'w' | 'b',
          `the top piece at ${(a.cell as BoardspaceCell).text}`,
        );
        if (name !== top)
          this.refuse(
            e,
            `${quote(a.piece)} is not on top at ${(a.cell as BoardspaceCell).text}, ${top} is`,
          );
        this.pending = { kind: 'piece', piece: name, from: hex, to: null, event: e };
        return;
      }
      case 'dropb':
      case 'pdropb': {
        const cell = a.cell as BoardspaceCell;
        if (p === null || p.kind !== 'piece') {
          // A drop with nothing picked up: the piece it names, from wherever it is.
          const colour = a.kind === 'pdropb' ? null : toMove;
          const name = this.name(e, a.piece as string, colour, `the player to move`);
          this.warn(e, `a drop with no piece picked up: read as ${name} moving to ${cell.text}`);
          this.take(e, name, cell);
          return;
        }
        const name = this.name(
          e,
          a.piece as string,
          p.piece[0] as 'w' | 'b',
          'the piece picked up',
        );
        if (name !== p.piece) {
          this.warn(e, `names ${name}, but ${p.piece} was picked up; ${p.piece} is moved`);
        }
        if (p.from !== null && sameHex(p.from, this.hex(e, cell))) {
          this.warn(e, `${p.piece} is put back where it was; the move under way is taken back`);
          this.pending = null;
          return;
        }
        if (p.to !== null) this.redrop(e, p);
        this.describe(e, p.piece, cell, p.from);
        p.to = cell;
        p.event = e;
        return;
      }
      default: {
        // move, pmove, movedone, pmovedone: the colour token is the moved piece's.
        const name = this.name(e, a.piece as string, a.colour, 'the colour of the move');
        if (p !== null) this.redrop(e, p);
        this.take(e, name, a.cell as BoardspaceCell);
        if (a.kind === 'movedone' || a.kind === 'pmovedone') this.commit(e);
      }
    }
  }

  /** The whole move at once (a robot's `move`, or a drop with no pick): `name` to `cell`. */
  private take(e: ActionEvent, name: string, cell: BoardspaceCell): void {
    const place = this.placeOf(e, name);
    const from = place === null ? null : { q: place.q, r: place.r };
    this.describe(e, name, cell, from);
    this.pending = { kind: 'piece', piece: name, from, to: cell, event: e };
  }

  /** A drop is replaced within the turn: only the last counts, which is said. */
  private redrop(e: ActionEvent, p: Pending): void {
    if (p.kind === 'piece' && p.to !== null) {
      this.warn(
        e,
        `the drop of ${p.piece} at ${p.to.text} (line ${p.event.line}) is taken back; only the last drop counts`,
      );
    } else if (p.kind === 'pass') {
      this.warn(e, `the pass (line ${p.event.line}) is taken back`);
    }
  }

  private done(e: ActionEvent): void {
    const draw = this.drawPending[e.seat];
    if (draw !== null && draw !== undefined) {
      this.drawPending[e.seat] = null;
      const who = this.colourOf(e.seat);
      if (draw === 'offerdraw') this.note(`${who} offers a draw`);
      else if (draw === 'declinedraw') this.note(`${who} declines the draw`);
      else {
        this.note(`${who} accepts the draw`);
        this.end = { kind: 'agreed' };
      }
      return;
    }
    if (this.resignPending[e.seat]) {
      this.resignPending[e.seat] = false;
      this.note(`${this.colourOf(e.seat)} resigns`);
      this.end = { kind: 'resign', seat: e.seat };
      return;
    }
    if (e.seat !== this.seatToMove()) {
      this.warn(
        e,
        `a done by P${e.seat} while it is ${COLOUR[sideToMove(this.state)]}'s turn, with nothing to confirm; left out`,
      );
      return;
    }
    if (this.pending === null) {
      if (this.end !== null || isTerminal(this.state)) {
        this.warn(e, 'a done with nothing to confirm after the game ended; left out');
        return;
      }
      this.warn(e, 'a done with no action: read as a pass (Boardspace writes a forced pass so)');
      this.pending = { kind: 'pass', event: e };
    }
    this.commit(e);
  }

  /** Plays the turn under way, which `e` confirms. */
  private commit(e: ActionEvent): void {
    const p = this.pending as Pending;
    this.pending = null;
    let move: HiveMove;
    if (p.kind === 'pass') move = { kind: 'pass' };
    else {
      if (p.to === null) this.refuse(e, `${p.piece} is picked up but not dropped`);
      const first = this.origin === null;
      if (first) this.origin = p.to;
      const hex = hexOf(p.to, this.origin as BoardspaceCell);
      move = {
        kind: p.from === null && this.placeOf(p.event, p.piece) === null ? 'place' : 'move',
        piece: p.piece,
        ...hex,
      };
    }
    const played = this.play(p.event, move);
    this.state = played.state;
    this.moves.push({ move: played.text, time: e.time, comment: null });
    this.followRepetition(move);
  }

  private play(e: ActionEvent, move: HiveMove): { state: HiveState; text: string } {
    let r: Played;
    try {
      r = play(this.state, move);
    } catch (x) {
      if (!(x instanceof RulesError)) throw x;
      this.refuse(e, x.message);
    }
    if ('refusal' in r) {
      throw new RulesError(
        r.over ? 'GAME_OVER' : 'ILLEGAL_MOVE',
        `ply ${pliesOf(this.state) + 1} ${quote(e.text)} (line ${e.line}): ${r.refusal.reason}`,
        r.refusal.rule,
      );
    }
    return r;
  }

  /** The same move on the board that draws by repetition, until it first does. */
  private followRepetition(move: HiveMove): void {
    const rep = this.repetition;
    if (rep === null) return;
    const r = play(rep, move);
    if ('refusal' in r) {
      this.repetition = null;
      return;
    }
    this.repetition = r.state;
    if (isTerminal(r.state) && !isTerminal(this.state)) {
      this.repeatedAt = pliesOf(r.state);
      this.repetition = null;
    }
  }

  /** At the end of the actions: what was left unconfirmed is said. */
  private finish(): void {
    const p = this.pending;
    if (p?.kind === 'piece' && p.to !== null) {
      this.warn(p.event, `the drop of ${p.piece} at ${p.to.text} has no done; left out`);
    } else if (p?.kind === 'pass') {
      this.warn(p.event, 'a pass with no done; left out');
    }
    if (this.repeatedAt !== null && this.repeatedAt === pliesOf(this.state)) this.repeatedAt = null;
  }

  /** The library name of piece token `token`, the colour from `colour` when it has none. */
  private name(e: ActionEvent, token: string, colour: 'w' | 'b' | null, from: string): string {
    const r = pieceName(token, colour);
    if ('error' in r) this.refuse(e, r.error);
    if (!r.colourGiven)
      this.warn(e, `piece ${quote(token)} has no colour: read as ${r.name}, from ${from}`);
    return r.name;
  }

  /** Where piece `name` is (`null` in hand); refuses a piece this game does not have. */
  private placeOf(e: ActionEvent, name: string): { q: number; r: number } | null {
    try {
      return placeOf(this.state, name);
    } catch (x) {
      if (!(x instanceof RulesError)) throw x;
      this.refuse(e, x.message);
    }
  }

  /** The library hex of a cell (only after the first piece, which fixes the origin). */
  private hex(e: ActionEvent, cell: BoardspaceCell): { q: number; r: number } {
    if (this.origin === null)
      this.refuse(e, `no piece is on the board yet to place ${cell.text} by`);
    return hexOf(cell, this.origin);
  }

  /** Warns when the reference after the cell does not describe where `name` goes. */
  private describe(
    e: ActionEvent,
    name: string,
    cell: BoardspaceCell,
    from: { q: number; r: number } | null,
  ): void {
    const ref = e.action.ref;
    if (ref === null) return;
    const why = misfit(this.state, ref, name, cell, this.origin, from);
    if (why !== null) this.warn(e, why);
  }

  /** The colour a seat plays, in words. */
  private colourOf(seat: 0 | 1): string {
    return seat === this.whiteSeat ? 'White' : 'Black';
  }

  /** Adds words to the comment of the last move (or the record's, before any). */
  private note(text: string): void {
    const last = this.moves[this.moves.length - 1];
    if (last === undefined)
      this.comment = this.comment === null ? text : `${this.comment}; ${text}`;
    else last.comment = last.comment === null ? text : `${last.comment}; ${text}`;
  }
}

function sameCell(a: BoardspaceCell, b: BoardspaceCell): boolean {
  return a.col === b.col && a.row === b.row;
}

function sameHex(a: { q: number; r: number }, b: { q: number; r: number }): boolean {
  return a.q === b.q && a.r === b.r;
}
