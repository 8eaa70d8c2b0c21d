// The analysis board's links: the address's hash says which game, and either the record (as
// PGN, else JSON) with the place in it, or only the position (the game's saved text) when the
// record is too long for a link. Opening the link opens the same view. No DOM.
import { isRulesError, type RecordedGame, writeRecord } from '../../../src/index.js';
import { ADAPTERS, type GameName, isGameName } from './games.js';
import { type Path, pathKey, readPathKey } from './tree.js';

/** The longest record text a link carries (encoded); a longer record's link has its position. */
export const LINK_RECORD_LIMIT = 8000;

/** What a link opens. */
export type Link =
  | {
      readonly game: GameName;
      /** The record's text, in a format the game reads. */
      readonly record: string;
      /** The place in it. */
      readonly at: Path;
    }
  | { readonly game: GameName; readonly position: string };

/**
 * The link to `path` in `record`: the record and the place when the record fits in
 * {@link LINK_RECORD_LIMIT} characters, else `position` (the saved text of the state shown).
 */
export function linkTo(game: GameName, record: RecordedGame, path: Path, position: string): Link {
  for (const format of ['pgn', 'json']) {
    let text: string;
    try {
      text =
        format === 'json'
          ? JSON.stringify(record)
          : writeRecord(ADAPTERS[game].game, record, format);
    } catch (e) {
      // PGN refuses what it cannot hold (a `}` in a comment): JSON holds anything.
      if (!isRulesError(e)) throw e;
      continue;
    }
    if (encodeURIComponent(text).length <= LINK_RECORD_LIMIT)
      return { game, record: text, at: path };
  }
  return { game, position };
}

/** The link as an address hash (`#game=hive&record=…&at=0.0.1`). */
export function linkHash(link: Link): string {
  const params = new URLSearchParams({ game: link.game });
  if ('position' in link) params.set('position', link.position);
  else {
    params.set('record', link.record);
    params.set('at', pathKey(link.at));
  }
  return `#${params.toString()}`;
}

/** The link a hash holds, or `null` when it holds none (or one for a game the board lacks). */
export function readLinkHash(hash: string): Link | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('game');
  if (!isGameName(game)) return null;
  const position = params.get('position');
  if (position !== null) return { game, position };
  const record = params.get('record');
  if (record === null) return null;
  return { game, record, at: readPathKey(params.get('at') ?? '') ?? [] };
}
