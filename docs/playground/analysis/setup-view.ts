// The analysis board's setup box: the saved text of a position, checked by `game.deserialize`
// (its refusal shown word for word), opened on the board when valid, and the tools that edit it
// by clicks on the board as far as the game's saved text allows (setup-edits.ts).
import { resultText } from '../texts.js';
import { ADAPTERS, type GameName, isGameName, TITLES } from './games.js';
import { checkPosition, EditRefused, editPosition, setupTools } from './setup-edits.js';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
}

/** What the setup box needs of the page. */
export interface SetupHost {
  /** The game shown, and the state on the board. */
  game(): GameName;
  state(): unknown;
  /** Opens a position (its saved text, valid in `game`) on the board. */
  open(game: GameName, text: string): void;
  /** Redraws the board (a tool pressed or let go changes what a click does). */
  redraw(): void;
  /**
   * Shows a saved text `game` refuses, when the board can draw it (a Hive position being set
   * up piece by piece): the page draws it in place of the position until another is opened.
   */
  preview(game: GameName, text: string): void;
}

export class SetupBox {
  /** The tool pressed, if any: board clicks edit the setup text instead of playing. */
  tool: string | null = null;
  private readonly host: SetupHost;

  constructor(host: SetupHost) {
    this.host = host;
    $('setup-from-board').addEventListener('click', () => {
      this.area().value = ADAPTERS[host.game()].game.serialize(host.state());
      this.say('');
    });
    $('setup-check').addEventListener('click', () => this.check());
    $('setup-use').addEventListener('click', () => this.use());
  }

  private area(): HTMLTextAreaElement {
    return $('setup-text') as HTMLTextAreaElement;
  }

  private say(text: string, bad = false): void {
    const el = $('setup-message');
    el.textContent = text;
    el.classList.toggle('bad', bad);
  }

  /** Forgets the text (another game's would only be refused). */
  clear(): void {
    this.area().value = '';
    this.say('');
  }

  /** The game the box is for: the one chosen above it, else the one shown. */
  private game(): GameName {
    const choice = ($('record-game') as HTMLSelectElement).value;
    return isGameName(choice) ? choice : this.host.game();
  }

  /** The tools of the game shown for a position of `seats` seats, the pressed one marked. */
  drawTools(seats: number): void {
    const tools = setupTools(this.host.game(), seats);
    if (!tools.some((t) => t.id === this.tool)) this.tool = null;
    $('setup-tools').replaceChildren(
      ...tools.map((t) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = t.label;
        b.dataset.tool = t.id;
        if (t.title !== undefined) {
          b.title = t.title;
          b.setAttribute('aria-label', t.title);
        }
        if (t.onBoard) b.setAttribute('aria-pressed', String(t.id === this.tool));
        b.addEventListener('click', () => {
          if (!t.onBoard) {
            this.edit(t.id, null);
            return;
          }
          this.tool = this.tool === t.id ? null : t.id;
          this.drawTools(seats);
          this.host.redraw();
          this.say(
            this.tool === null
              ? ''
              : `${t.label}: click the board. Press the tool again to stop editing.`,
          );
        });
        return b;
      }),
    );
  }

  /** Checks the text; says so, and returns the state when the game accepts it. */
  check(): unknown | undefined {
    const game = this.game();
    const checked = checkPosition(game, this.area().value);
    if (!checked.ok) {
      this.say(`Not a valid ${TITLES[game]} position: ${checked.message}`, true);
      return undefined;
    }
    const g = ADAPTERS[game];
    const who = g.game.terminal(checked.state)
      ? `the game is over (${resultText(g, checked.state)})`
      : `${g.seatName(g.game.toMove(checked.state))} to move`;
    this.say(`A valid ${TITLES[game]} position: ${who}.`);
    return checked.state;
  }

  /** Opens the text's position on the board, when it is valid; else draws it if it can. */
  use(): void {
    if (this.check() === undefined) {
      this.host.preview(this.game(), this.area().value.trim());
      return;
    }
    const message = $('setup-message').textContent ?? '';
    this.host.open(this.game(), this.area().value.trim());
    this.say(message);
  }

  /** Applies tool `id` at `key` (a clicked field or square; `null` for a button) to the text. */
  edit(id: string, key: string | null): void {
    const area = this.area();
    const game = this.host.game();
    if (area.value.trim() === '') area.value = ADAPTERS[game].game.serialize(this.host.state());
    try {
      area.value = editPosition(game, area.value, id, key);
    } catch (e) {
      if (!(e instanceof EditRefused)) throw e;
      this.say(e.message, true);
      return;
    }
    this.use();
  }
}
