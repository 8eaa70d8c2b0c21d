/**
 * Why a move is or is not legal: the answer of each game's `explain(state, move)` and the
 * refusal every `apply` throws, so that an app, a referee or a reader can always see which rule
 * of the rulebook (`docs/rules/`) decided.
 *
 * @module
 */
import { RulesError, type RulesErrorCode } from './errors.js';
import type { Rulebook } from './game.js';

/** The rules that forbid a move, first the one that decides, with the reason in words. */
export interface Refusal {
  /** The deciding rule's ID, e.g. `'H-PLACE-5'`. */
  readonly rule: string;
  /** Every rule the move breaks, `rule` first. */
  readonly rules: readonly string[];
  /** The reason in plain words, e.g. `'the Queen may not be placed on the first turn'`. */
  readonly reason: string;
}

/** A game's answer to "may this move be played here?". */
export type Explanation =
  | {
      /** The move is legal in this state. */
      readonly legal: true;
    }
  | ({
      /** The move is not legal in this state: see the rules and the reason. */
      readonly legal: false;
    } & Refusal);

/** The explanation of a legal move (one shared object). */
export const LEGAL: Explanation = Object.freeze({ legal: true as const });

/** A refusal by one rule (or several: the first decides), with its reason. */
export function refusal(reason: string, rule: string, ...more: string[]): Refusal {
  return { rule, rules: [rule, ...more.filter((r) => r !== rule)], reason };
}

/** The explanation of an illegal move from its refusal. */
export function illegal(r: Refusal): Explanation {
  return { legal: false, rule: r.rule, rules: r.rules, reason: r.reason };
}

/**
 * The error `apply` throws for a refused move: `ILLEGAL_MOVE` (or `GAME_OVER` when the game has
 * ended) with the move's text, the reason and the deciding rule.
 */
export function refusedMove(
  moveText: string,
  r: Refusal,
  code: RulesErrorCode = 'ILLEGAL_MOVE',
): RulesError {
  return new RulesError(code, `${moveText} is illegal: ${r.reason}`, r.rule);
}

/**
 * Where rule `id` of `game` is written: the game's rulebook page (`Game.rulebook`:
 * `docs/rules/hive.md` for Hive's `H-…`) with the rule's anchor, relative to the repository root;
 * `undefined` when `id` is not a rule ID of that game (another prefix, or a game without a
 * rulebook). Each rule's heading there starts with its ID, and `docs/rules/index.md` lists them
 * all. Never throws.
 *
 * ```ts
 * rulePage('H-PLACE-5', hive); //=> 'docs/rules/hive.md#h-place-5'
 * ```
 */
export function rulePage(id: string, game: { readonly rulebook?: Rulebook }): string | undefined {
  if (typeof id !== 'string' || game === null || typeof game !== 'object') return undefined;
  const book: unknown = game.rulebook;
  if (book === null || typeof book !== 'object') return undefined;
  const { prefix, page } = book as Partial<Rulebook>;
  if (typeof prefix !== 'string' || typeof page !== 'string') return undefined;
  if (prefix === '' || !id.startsWith(`${prefix}-`)) return undefined;
  return `docs/rules/${page}.md#${id.toLowerCase()}`;
}

/** Where the rulebook is published: the repository's pages on GitHub. */
const RULEBOOK_BASE = 'https://github.com/boardrules/boardrules/blob/main/';

/**
 * The web address of rule `id` of `game` in the published rulebook (see {@link rulePage}), e.g.
 * `https://github.com/boardrules/boardrules/blob/main/docs/rules/hive.md#h-place-5`;
 * `undefined` when `id` is not a rule ID of that game. Never throws.
 */
export function ruleUrl(id: string, game: { readonly rulebook?: Rulebook }): string | undefined {
  const page = rulePage(id, game);
  return page === undefined ? undefined : `${RULEBOOK_BASE}${page}`;
}
