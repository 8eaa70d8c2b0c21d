/**
 * Lazy SMP for alpha-beta: a leader searches as usual while helper bots on other threads search
 * the same position into one {@link SharedSearchTable}. This module holds what the leader and
 * its helpers agree on: who begins and ends a shared search, how a helper is admitted, and the
 * depth it starts at.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { checkLimits } from '../options.js';
import type { SharedSearchTable } from '../shared-table.js';
import type { SearchLimits, SearchStats } from '../types.js';

/** Which shared search a helper joins: see {@link AlphaBetaBot.help}. */
export interface HelperTicket {
  /** The number {@link SharedSearchTable.begin} returned. */
  readonly search: number;
  /** The helper's number, 1 up: odd helpers start one ply deeper than the leader. */
  readonly index: number;
}

/**
 * Checks a `help` call: the bot needs its `shared` table and a well-formed `ticket`, and the
 * `limits` must be limits (each a `RulesError`).
 */
export function checkHelp(
  shared: SharedSearchTable | null,
  ticket: HelperTicket,
  limits: SearchLimits | undefined,
): void {
  if (!shared) {
    throw new RulesError('INVALID_ARGUMENT', "alpha-beta help: the bot has no 'shared' table");
  }
  const ok =
    typeof ticket === 'object' &&
    ticket !== null &&
    Number.isInteger(ticket.search) &&
    Number.isInteger(ticket.index) &&
    ticket.index >= 1;
  if (!ok) {
    throw new RulesError(
      'INVALID_ARGUMENT',
      'alpha-beta help: the ticket must be { search, index } with integers, index >= 1',
    );
  }
  checkLimits('alpha-beta help', limits);
}

/** What a helper reports when its shared search had already ended: it searched nothing. */
export function idleHelper(): SearchStats {
  return {
    nodes: 0,
    playouts: 0,
    depth: 0,
    elapsedMs: 0,
    ttHits: 0,
    timedOut: false,
    stopped: false,
  };
}

/**
 * The first depth of iterative deepening: 1 for the leader, and for helpers 2 when their
 * number is odd, so that the table holds deeper results than the leader's own by the time it
 * gets there.
 */
export function firstDepth(helper: HelperTicket | null): number {
  return helper ? 1 + (helper.index % 2) : 1;
}

/**
 * Enters the shared search, if there is one: a leader joins the running one (its coordinator
 * began it and ends it) or begins one of its own, a helper only joins. True when the caller
 * began it and must end it.
 */
export function enterShared(
  shared: SharedSearchTable | null,
  helper: HelperTicket | null,
): boolean {
  if (shared && !helper && shared.running === null) {
    shared.begin();
    return true;
  }
  return false;
}
