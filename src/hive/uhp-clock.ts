/**
 * How much time a `bestmove` search may take: the safety margin of `bestmove time`, and
 * `bestmove clock`, a boardrules extension to UHP (unofficial; docs/hive.md) that gives each
 * side's remaining time and increment, with the time manager that turns the side to move's
 * clock into a search's budget without ever spending the clock.
 *
 * ```text
 * bestmove clock wtime 00:05:00 btime 00:04:30 winc 00:00:02 binc 00:00:02
 * ```
 *
 * @module
 */

import { quote } from '../core/quote.js';
import { fail } from './uhp-reply.js';

/** One side's clock: the time it has left and what it gains after each of its moves. */
export interface UhpSideClock {
  /** Milliseconds left on the clock. */
  readonly timeMs: number;
  /** Milliseconds added after each move (Fischer increment; 0 without). */
  readonly incrementMs: number;
}

/** Both sides' clocks, as `bestmove clock` gives them. */
export interface UhpClock {
  readonly white: UhpSideClock;
  readonly black: UhpSideClock;
}

/** What the time manager gives one search, in milliseconds. */
export interface ClockBudget {
  /** No new iteration of iterative deepening starts after this. */
  readonly softMs: number;
  /** The search stops here, whatever it is doing (the safety margin already taken off). */
  readonly hardMs: number;
}

/**
 * How much of a `bestmove time` budget the search may use: the budget minus a safety margin of
 * 4 % (at least 25 ms, at most 1 s) for the last node batch, decoding and the reply.
 */
export function searchBudgetMs(budgetMs: number): number {
  const margin = Math.min(1000, Math.max(25, budgetMs * 0.04));
  return Math.max(1, budgetMs - margin);
}

/** The remaining time is spread as if this many moves were left to play. */
export const CLOCK_MOVES = 30;

/** `h:mm:ss` with an optional fraction of a second (at most milliseconds). */
const CLOCK_TIME = /^([0-9]{1,3}):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,3}))?$/;

/** The fields of `bestmove clock`, each a time as {@link CLOCK_TIME}. */
const FIELDS = ['wtime', 'btime', 'winc', 'binc'] as const;
type Field = (typeof FIELDS)[number];

/** Milliseconds in `text` (`hh:mm:ss[.fff]`), or fails naming `field`. */
function clockTime(field: Field, text: string): number {
  const m = CLOCK_TIME.exec(text);
  if (!m) fail(`bestmove clock: ${field} needs a time hh:mm:ss[.fff], got ${quote(text)}`);
  const [, h, min, sec, frac] = m;
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0'));
  return ((Number(h) * 60 + Number(min)) * 60 + Number(sec)) * 1000 + ms;
}

/**
 * The clocks of `bestmove clock` with `args` its arguments after `clock`: `wtime` and `btime`
 * (required), `winc` and `binc` (default 0), in any order, each once; field names in any case.
 * Fails with `err` saying what is wrong.
 */
export function parseClock(args: readonly string[]): UhpClock {
  const given = new Map<Field, number>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].toLowerCase();
    const field = FIELDS.find((f) => f === name);
    if (field === undefined) {
      fail(`bestmove clock: unknown field ${quote(args[i])} (wtime, btime, winc, binc)`);
    }
    if (given.has(field)) fail(`bestmove clock: ${field} is given twice`);
    const value = args[i + 1];
    if (value === undefined) fail(`bestmove clock: ${field} needs a time hh:mm:ss[.fff]`);
    given.set(field, clockTime(field, value));
  }
  const wtime = given.get('wtime');
  const btime = given.get('btime');
  if (wtime === undefined || btime === undefined) {
    fail(
      "bestmove clock needs both sides' time: wtime hh:mm:ss btime hh:mm:ss [winc ..] [binc ..]",
    );
  }
  return {
    white: { timeMs: wtime, incrementMs: given.get('winc') ?? 0 },
    black: { timeMs: btime, incrementMs: given.get('binc') ?? 0 },
  };
}

/**
 * The time manager: what one search may spend from `clock` (the side to move's). It aims at
 * `target` = the time left / {@link CLOCK_MOVES} + the increment; it starts no new iteration
 * after half the target (the next one would most likely not finish in time); it stops at the
 * hard limit of three times the target and never more than a third of the time left (so a
 * large increment cannot empty a nearly spent clock), less the safety margin of
 * {@link searchBudgetMs}. The search still answers with at least its first iteration (the
 * first 1,024 nodes) when the clock is all but spent.
 */
export function clockBudget(clock: UhpSideClock): ClockBudget {
  const target = clock.timeMs / CLOCK_MOVES + clock.incrementMs;
  const hard = Math.min(3 * target, clock.timeMs / 3);
  return { softMs: Math.min(target, hard) / 2, hardMs: searchBudgetMs(hard) };
}
