// What the page needs to know about one game: how to draw a state, how a click on the picture
// maps to moves, and how to say in words what the player to move should do. Everything here is
// free of the DOM, so the adapters can be tested in Node (test/playground/).
import type { BotKit } from '../../src/cli/bots.js';
import type { Game } from '../../src/index.js';

/** What the current view asks the renderer to show. */
export interface View<M> {
  /** Keys of the highlighted destinations (a Hive `q,r`, a Coerceo field, a Torres square). */
  readonly highlight: readonly string[];
  /** The selected source key, if any. */
  readonly selected: string | null;
  /** The last move played, if any. */
  readonly last: M | null;
}

/**
 * The element a click landed on, as the DOM layer reads it: the `data-*` attributes of the
 * nearest drawn element that has any (camel-cased, as `dataset` gives them) and its classes.
 */
export interface Clicked {
  readonly data: Readonly<Record<string, string>>;
  readonly classes: readonly string[];
}

/** The keys a click stands for: what it selects (`source`) and where it points (`target`). */
export interface ClickKeys {
  readonly source: string | null;
  readonly target: string | null;
}

/**
 * What a refused click meant: a move, for the library's `explain` to say why it is illegal, or
 * the page's own explanation in plain words when the click names no move at all (an opponent's
 * piece, a square in a step that is played with buttons), with the rule it rests on.
 */
export type Attempt<M> = { readonly move: M } | { readonly why: string; readonly rule?: string };

/** A piece off the board (a Hive piece in hand), shown as a button below the board. */
export interface TrayPiece {
  /** The source key clicking it selects (`data-piece`). */
  readonly key: string;
  /** Its picture (an SVG document), drawn selected when it is. */
  picture(selected: boolean): string;
  /** What it is, in words, for its tooltip and for screen readers (`White Spider 1 (wS1)`). */
  readonly label: string;
}

/** One row of the tray: a label (the owner) and its pieces. */
export interface TrayRow {
  readonly label: string;
  readonly pieces: readonly TrayPiece[];
}

/** One option control of a game's setup form. */
export interface OptionControl {
  readonly name: string;
  readonly label: string;
  readonly values: readonly (string | number | boolean)[];
  /** How each value is shown in the select (default: the value itself). */
  readonly labels?: readonly string[];
  readonly input?: 'number';
  readonly initial?: string | number | boolean;
}

/** The form's values, by option control name. */
export type FormValues = Readonly<Record<string, string | number | boolean>>;

/** What an instruction may depend on besides the state. */
export interface TurnView<M> {
  /** The legal moves of the state. */
  readonly legal: readonly M[];
  /** The selected source key, if any. */
  readonly selected: string | null;
}

export interface Adapter<S, M> {
  readonly game: Game<S, M, never>;
  /** The controls of the setup form, in order. */
  readonly options: readonly OptionControl[];
  /** The options for `game.start` from the form's values (default: the values as they are). */
  startOptions?(values: FormValues): Record<string, unknown>;
  seatName(seat: number): string;
  /** The game's bot kit: evaluator, rollout cut-off and (hidden information) determinizer. */
  readonly bots?: BotKit<S, M>;
  /**
   * Highlight the destinations of sourceless moves (a Torres block, a Coerceo exchange) while
   * nothing is selected. Off for Hive, where a placement needs a piece chosen first.
   */
  readonly highlightFree: boolean;
  render(state: S, view: View<M>): string;
  /**
   * The pieces off the board, as buttons below it (Hive's hands). An HTML row wraps on a
   * phone, where the same pieces drawn in the picture would shrink with it.
   */
  tray?(state: S): readonly TrayRow[];
  /** The key of what a move starts from (clicked first), or `null` when it needs no source. */
  source(move: M): string | null;
  /** The key of where a move goes, or `null` for a move that is a button. */
  target(move: M): string | null;
  /** The keys of a click on a drawn element. */
  keys(clicked: Clicked): ClickKeys;
  /** The keys of a click on the picture's background at user-space point (x, y), if any. */
  keysAt?(x: number, y: number): ClickKeys;
  /** Whether `key` is a piece of the player to move (it may be selected even without moves). */
  ownPiece(state: S, key: string): boolean;
  /** The move a refused click most plausibly meant (or why it names none); `null`: nothing. */
  attempt(state: S, selected: string | null, keys: ClickKeys): Attempt<M> | null;
  /**
   * Why `source`, a piece of the player to move with no legal move, cannot move: a move it
   * cannot make whose refusal by the library names the reason (one next to it, say), or the
   * page's words with their rule.
   */
  stuck(state: S, source: string): Attempt<M>;
  /** That `source` cannot move, in words (`wS1 cannot move now`, `wS2 cannot be placed now`). */
  cannot(state: S, source: string): string;
  /** In words: what the person to move should do next. */
  instruct(state: S, view: TurnView<M>): string;
  /** The text of a button for a move (default: the move's notation). */
  label?(state: S, move: M): string;
  /** One line per fact worth showing beside the board (scores, phase …); may be empty. */
  summary?(state: S): readonly string[];
  /** Why the game ended, when the game can say (`'all of Black's pieces are captured'`). */
  endReason?(state: S): string | null;
}

/** Any adapter, with its state and move types erased (the page treats them as opaque). */
export type AnyAdapter = Adapter<unknown, unknown>;

/** "1 choice" / "3 choices". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** "a", "a or b", "a, b or c". */
export function either(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
