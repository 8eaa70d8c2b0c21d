/**
 * The openings of `boardrules match`: seeded random ones (each a few legal plies from the start,
 * all different, none already finished), or the games of a file. Every opening is played with
 * both colours, so neither engine gains from a lopsided one.
 */
import { Rng } from '../../../../core/rng.js';
import {
  formatMoveString,
  type HiveOptions,
  hive,
  outcome,
  parseGameString,
} from '../../../../hive/index.js';
import { UsageError } from '../../../plugin.js';

/** An opening: its MoveStrings from the start. */
export type Opening = readonly string[];

/**
 * `count` different openings of `plies` random legal plies each under `rules`, from `seed`.
 * Fails when the rules do not have that many different openings.
 */
export function randomOpenings(
  rules: Partial<HiveOptions>,
  count: number,
  plies: number,
  seed: number,
): Opening[] {
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const openings: Opening[] = [];
  // Duplicates are redrawn; with few distinct openings (tiny ply counts) give up in words.
  for (let tries = 0; openings.length < count; tries++) {
    if (tries > count * 50 + 1000) {
      throw new UsageError(
        `found only ${openings.length} different ${plies}-ply openings; ask for fewer or longer ones`,
      );
    }
    let state = hive.start(rules);
    const moves: string[] = [];
    while (moves.length < plies && outcome(state) === null) {
      const legal = hive.moves(state);
      const move = legal[rng.int(legal.length)];
      moves.push(formatMoveString(state, move));
      state = hive.apply(state, move);
    }
    const key = moves.join(';');
    if (outcome(state) !== null || seen.has(key)) continue;
    seen.add(key);
    openings.push(moves);
  }
  return openings;
}

/**
 * The openings of a file: one per line, a GameString (its moves; its type must be the match's)
 * or MoveStrings separated by `;`. Blank lines and lines starting with `#` are skipped.
 */
export function openingsFromText(
  text: string,
  rules: Partial<HiveOptions>,
  file: string,
): Opening[] {
  const openings: Opening[] = [];
  const type = hive.start(rules).type;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const gameString = /^[^;]*;(NotStarted|InProgress|Draw|WhiteWins|BlackWins);/i.test(line);
    const full = gameString ? line : `${type};InProgress;White[1];${line}`;
    try {
      const state = parseGameString(full, { ...rules, lenient: true });
      if (state.type !== type) throw new Error(`its type is ${state.type}, the match's ${type}`);
      if (outcome(state) !== null) throw new Error('the game is already over');
      openings.push(state.history);
    } catch (e) {
      throw new UsageError(`${file} line ${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  if (openings.length === 0) throw new UsageError(`${file} has no openings`);
  return openings;
}
