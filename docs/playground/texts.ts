// The page's words about the game as a whole: whose turn it is (and whether a bot is thinking or
// stopped), what the person to move should do (the adapter's instruction, or the generic text for
// bots, choices and the end), and the result.
import type { AnyAdapter } from './adapter.js';
import { SEAT_KINDS, type Session } from './session.js';

/** "Red wins with 45 points (Blue 30)" / "White wins" / "Draw", plus the game's reason. */
export function resultText(adapter: AnyAdapter, state: unknown): string {
  const { game } = adapter;
  const score = game.score(state);
  const best = Math.max(...score);
  const top = score.flatMap((v, seat) => (v === best ? [adapter.seatName(seat)] : []));
  const reason = adapter.endReason?.(state) ?? null;
  const why = reason === null ? '' : `: ${reason}`;
  if (game.scoring === 'winloss') {
    return top.length === score.length ? `Draw${why}.` : `${top.join(' and ')} wins${why}.`;
  }
  const others = score.flatMap((v, seat) => (v === best ? [] : [`${adapter.seatName(seat)} ${v}`]));
  const rest = others.length === 0 ? '' : ` (${others.join(', ')})`;
  const verb = top.length > 1 ? 'share the win' : 'wins';
  return `${top.join(' and ')} ${verb} with ${best} points${rest}${why}.`;
}

/** The status line: who is to move (and whether a bot is thinking), or the result. */
export function statusText(session: Session): string {
  const { adapter, state } = session;
  if (adapter.game.terminal(state)) return `Game over. ${resultText(adapter, state)}`;
  const seat = adapter.game.toMove(state);
  const name = adapter.seatName(seat);
  const kind = session.seats[seat] ?? 'human';
  if (kind === 'human') return `${name} to move`;
  const bot = (SEAT_KINDS.find(([k]) => k === kind)?.[1] ?? kind).toLowerCase();
  if (session.paused) return `${name} to move: the ${bot} is stopped`;
  return `${name} to move: the ${bot} is thinking…`;
}

/** What the person to move should do next, in words. */
export function instructionText(session: Session, legal: readonly unknown[]): string {
  const { adapter, state, selected, pending } = session;
  if (adapter.game.terminal(state)) {
    return 'Press New game to play again, or Undo to take moves back.';
  }
  if (session.botOnMove()) {
    return session.paused
      ? 'Press Go on to let the bot move, or Undo to take moves back.'
      : 'Wait for the bot to move, or press Stop to pause it.';
  }
  if (pending.length > 0 && selected === null) {
    return 'That click fits more than one move: choose one with the buttons.';
  }
  const text = adapter.instruct(state, { legal, selected });
  return pending.length > 0 ? `${text} The buttons are the other moves onto ${selected}.` : text;
}
