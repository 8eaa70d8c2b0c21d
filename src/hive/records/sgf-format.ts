/**
 * Boardspace's SGF as a Hive record format: every game tree of a file becomes a
 * {@link RecordedGame} of canonical MoveStrings, replayed through the rules as it is read (see
 * `boardspace-replay.ts`). The root gives the tags: `GameType` from `SU[]` (each era's spelling),
 * `White` and `Black` from the players' ids, `Date` from `DT[]`, `Result` from `RE[]` in any of
 * the languages Boardspace writes it in, and the SGF's own values as `Sgf…` tags.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import type {
  RecordError,
  RecordedGame,
  RecordFormat,
  RecordNode,
  RecordsRead,
  RecordTag,
  RecordWarning,
} from '../../core/record.js';
import type { HiveGameType } from '../engine/pieces.js';
import { gameStateString } from '../game-string.js';
import type { HiveOptions } from '../options.js';
import { type BoardspaceAction, parseAction } from './boardspace-actions.js';
import { type ActionEvent, type BoardspaceReplay, replayBoardspace } from './boardspace-replay.js';
import { pgnDate, playerNamed, readResultText } from './boardspace-result.js';
import { isTerminal, startState } from './rules.js';
import { parseSgf, type SgfGame, type SgfNode } from './sgf-parse.js';

/**
 * Boardspace's Hive variants (`SU[]`, any case, up to the first space) and their game types.
 * `hive-pielm` is the full game with a colour swap after the first move; `hive-ultimate` lets
 * players choose their bugs, blank tiles among them, which the library does not have.
 */
export const BOARDSPACE_VARIANTS: Readonly<Record<string, string>> = {
  hive: 'Base',
  'hive-m': 'Base+M',
  'hive-l': 'Base+L',
  'hive-p': 'Base+P',
  'hive-lm': 'Base+ML',
  'hive-pm': 'Base+MP',
  'hive-pl': 'Base+LP',
  'hive-plm': 'Base+MLP',
  'hive-pielm': 'Base+MLP',
  'hive-ultimate': 'Base+MLP',
};

/** The Boardspace SGF format: detected by a text that starts, after blanks, with `(;`. */
export const sgfFormat: RecordFormat = {
  name: 'sgf',
  detect: (text) => /^\uFEFF?\s*\(\s*;/.test(text),
  read: readBoardspaceSgf,
};

/**
 * Reads every game of a Boardspace SGF text. Throws `RulesError('PARSE_ERROR')` naming the line
 * for text that is not SGF; an action the rules or the format refuse ends its game there, with a
 * {@link RecordError}.
 */
export function readBoardspaceSgf(text: string): RecordsRead {
  const parsed = parseSgf(text);
  const warnings: RecordWarning[] = [...parsed.warnings];
  const records: RecordedGame[] = [];
  const errors: RecordError[] = [];
  for (const game of parsed.games) {
    const r = readGame(game);
    if (r.error !== null) errors.push({ record: records.length, error: r.error });
    records.push(r.record);
    warnings.push(...r.warnings);
  }
  return { records, warnings, errors };
}

/** The root's facts: tags in the making, and the players' ids. */
interface Root {
  readonly tags: Map<string, string>;
  readonly ids: [string, string];
  type: string | null;
}

function readGame(game: SgfGame): {
  record: RecordedGame;
  warnings: RecordWarning[];
  error: RulesError | null;
} {
  const warnings: RecordWarning[] = [];
  const root: Root = { tags: new Map(), ids: ['', ''], type: null };
  const [first, ...rest] = game.nodes;
  if (first !== undefined) readRoot(first, root, warnings);
  const { events, error: formatError } = eventsOf(rest, root, warnings);
  if (root.type === null) {
    const empty = { tags: tagsOf(root, null, null, 0), comment: null, children: [] };
    const error =
      root.tags.get('SgfVariant') === undefined
        ? null
        : new RulesError(
            'PARSE_ERROR',
            `SGF line ${game.line}: SU[${root.tags.get('SgfVariant')}] is not a Hive variant of Boardspace`,
          );
    if (error === null)
      warnings.push({ line: game.line, message: 'a game tree with no SU[]: read as hive (Base)' });
    if (error !== null) return { record: empty, warnings, error };
    root.type = 'Base';
  }
  let options: Partial<HiveOptions> = { type: root.type as HiveGameType };
  let replay = replayOf(options, events);
  if (replay.error?.rule === 'H-PLACE-5') {
    // Boardspace once allowed the Queen on the first turn.
    options = { ...options, tournamentOpening: false };
    warnings.push({
      line: game.line,
      message: `${replay.error.message}: the game is read with TournamentOpening=False, as Boardspace played it then`,
    });
    replay = replayOf(options, events);
  }
  warnings.push(...replay.warnings);
  if (replay.repeatedAt !== null) {
    warnings.push({
      line: game.line,
      message: `the position after ply ${replay.repeatedAt} stands for the third time (as hivegame.com counts) and the game goes on, as Boardspace allows: read with RepetitionDraw=False`,
    });
  }
  const result = resultOf(replay, root, warnings, game.line);
  const record: RecordedGame = {
    tags: tagsOf(root, gameType(options, replay), result, replay.whiteSeat),
    comment: replay.comment,
    children: nodesOf(replay),
  };
  return { record, warnings, error: replay.error ?? formatError };
}

function replayOf(options: Partial<HiveOptions>, events: readonly ActionEvent[]): BoardspaceReplay {
  // A tree with no actions has nothing to replay (and a file may hold a great many of them).
  if (events.length === 0) return NOTHING_PLAYED;
  const start = startState(options);
  // Followed alongside to find a threefold repetition as hivegame.com counts one (the pieces
  // and the side to move).
  const repetition = startState({ ...options, repetitionDraw: 'hivegame' });
  return replayBoardspace(start, events, repetition);
}

const NOTHING_PLAYED: BoardspaceReplay = {
  state: null,
  moves: [],
  comment: null,
  end: null,
  whiteSeat: 0,
  repeatedAt: null,
  warnings: [],
  error: null,
};

/** The GameType tag: the type with the rule options the game was read with. */
function gameType(options: Partial<HiveOptions>, replay: BoardspaceReplay): string {
  const block: string[] = [];
  if (options.tournamentOpening === false) block.push('TournamentOpening=False');
  if (replay.repeatedAt !== null) block.push('RepetitionDraw=False');
  return `${options.type}${block.length === 0 ? '' : `{${block.join(',')}}`}`;
}

/** Root properties read for what they are, and those of Boardspace's that say nothing here. */
const QUIET = new Set(['GM', 'VV', 'CM', 'FF', 'CA', 'AP']);

function readRoot(node: SgfNode, root: Root, warnings: RecordWarning[]): void {
  const t = root.tags;
  for (const p of node.properties) {
    const v = p.values[0];
    if (v === undefined) continue;
    const text = v.text.trim();
    switch (p.name) {
      case 'SU': {
        t.set('SgfVariant', text);
        const variant = (text.split(/\s+/)[0] as string).toLowerCase();
        const type = BOARDSPACE_VARIANTS[variant];
        root.type = type ?? null;
        if (variant === 'hive-ultimate') {
          warnings.push({
            line: v.line,
            message: `SU[${text}]: read as Base+MLP; a blank tile of it cannot be replayed`,
          });
        }
        break;
      }
      case 'GM':
        if (text !== '27')
          warnings.push({
            line: v.line,
            message: `GM[${text}] is not Boardspace's Hive (27); read as Hive`,
          });
        break;
      case 'DT':
        t.set('SgfDate', text);
        break;
      case 'GN':
        if (text !== '') t.set('SgfGameName', text);
        break;
      case 'RE':
        t.set('SgfResult', text);
        break;
      case 'TC':
        t.set('TimeControl', text);
        break;
      case 'P0':
      case 'P1':
        for (const value of p.values)
          readPlayer(p.name === 'P0' ? 0 : 1, value.text, value.line, root, warnings);
        break;
      default:
        if (!QUIET.has(p.name)) {
          warnings.push({
            line: v.line,
            message: `root property ${p.name}[${quote(v.text).slice(1, -1)}] left out`,
          });
        }
    }
  }
}

/** `id "name"` and `ranking 1500` of a player in the root. */
function readPlayer(
  seat: 0 | 1,
  text: string,
  line: number,
  root: Root,
  warnings: RecordWarning[],
): void {
  const id = /^\s*id\s+"(.*)"\s*$/.exec(text);
  if (id !== null) {
    root.ids[seat] = id[1] as string;
    return;
  }
  const ranking = /^\s*ranking\s+(\S+)\s*$/.exec(text);
  if (ranking !== null) {
    root.tags.set(`P${seat}Ranking`, ranking[1] as string);
    return;
  }
  warnings.push({ line, message: `P${seat}[${text}] in the root left out` });
}

/** The actions of the move nodes, up to the first the format cannot read. */
function eventsOf(
  nodes: readonly SgfNode[],
  root: Root,
  warnings: RecordWarning[],
): { events: ActionEvent[]; error: RulesError | null } {
  const events: ActionEvent[] = [];
  for (const node of nodes) {
    const tm = node.properties.find((p) => p.name === 'TM')?.values[0]?.text.trim() ?? null;
    for (const p of node.properties) {
      if (p.name === 'TM') continue;
      const seat = p.name === 'P0' ? 0 : p.name === 'P1' ? 1 : null;
      for (const v of p.values) {
        const written = `${p.name}[${v.text}]`;
        if (seat === null) {
          const why = /^P-?[0-9]+$/.test(p.name)
            ? 'an event of no player (Boardspace viewer)'
            : 'a property Boardspace games do not use here';
          warnings.push({ line: v.line, message: `${written}: ${why}; left out` });
          continue;
        }
        let action: BoardspaceAction | null;
        try {
          action = parseAction(v.text);
        } catch (e) {
          if (!(e instanceof RulesError)) throw e;
          return {
            events,
            error: new RulesError(
              'PARSE_ERROR',
              `SGF line ${v.line}: ${quote(written)}: ${e.message}`,
            ),
          };
        }
        if (action === null) {
          const time = /^\s*time\s+(\S+)\s*$/.exec(v.text);
          if (time !== null) root.tags.set(`P${seat}Time`, time[1] as string);
          else warnings.push({ line: v.line, message: `${written} is not an action; left out` });
          continue;
        }
        events.push({ seat, action, text: written, line: v.line, time: tm });
      }
    }
  }
  return { events, error: null };
}

/** The Result tag: what `RE[]` says when it names a player or a draw, else what the game shows. */
function resultOf(
  replay: BoardspaceReplay,
  root: Root,
  warnings: RecordWarning[],
  line: number,
): string | null {
  const colourOf = (seat: number): 'WhiteWins' | 'BlackWins' =>
    seat === replay.whiteSeat ? 'WhiteWins' : 'BlackWins';
  const re = root.tags.get('SgfResult');
  if (re !== undefined) {
    const said = readResultText(re);
    if (said.kind === 'draw') return 'Draw';
    if (said.kind === 'win') {
      const seat = playerNamed(said.name, root.ids);
      if (seat !== null) return colourOf(seat);
      warnings.push({
        line,
        message: `RE[${re}] names ${quote(said.name)}, who is neither player (${root.ids.map((i) => quote(i)).join(', ')})`,
      });
    } else {
      warnings.push({ line, message: `RE[${re}] is not a result this reader knows` });
    }
  }
  const end = replay.end;
  const how = re === undefined ? 'no RE[]' : 'RE[] gives no result';
  if (end?.kind === 'resign') {
    warnings.push({ line, message: `${how}: the Result comes from the resignation` });
    return colourOf(1 - end.seat);
  }
  if (end?.kind === 'agreed') {
    warnings.push({ line, message: `${how}: the Result comes from the draw agreed` });
    return 'Draw';
  }
  if (replay.state !== null && replay.error === null && isTerminal(replay.state)) {
    warnings.push({ line, message: `${how}: the Result comes from the final position` });
    return gameStateString(replay.state);
  }
  return null;
}

/** The record's tags, in the order Mzinga writes converted games, then Boardspace's own. */
function tagsOf(
  root: Root,
  type: string | null,
  result: string | null,
  whiteSeat: 0 | 1,
): RecordTag[] {
  const t = root.tags;
  const tags: RecordTag[] = [];
  const add = (name: string, value: string | undefined | null): void => {
    if (value !== undefined && value !== null) tags.push([name, value]);
  };
  add('GameType', type);
  const dt = t.get('SgfDate');
  add('Date', dt === undefined ? undefined : pgnDate(dt));
  add('Site', 'boardspace.net');
  // P0 plays White unless the game says otherwise (a swap of colours, `Start P1`).
  add('White', root.ids[whiteSeat]);
  add('Black', root.ids[1 - whiteSeat]);
  add('Result', result);
  add('SgfDate', dt);
  add('SgfGameName', t.get('SgfGameName'));
  add('SgfResult', t.get('SgfResult'));
  add('SgfVariant', t.get('SgfVariant'));
  add('TimeControl', t.get('TimeControl'));
  for (const [colour, seat] of [
    ['White', whiteSeat],
    ['Black', 1 - whiteSeat],
  ] as const) {
    add(`${colour}Ranking`, t.get(`P${seat}Ranking`));
    add(`${colour}Time`, t.get(`P${seat}Time`));
  }
  return tags;
}

/** The main line as record nodes, built from the end (no recursion). */
function nodesOf(replay: BoardspaceReplay): RecordNode[] {
  let children: RecordNode[] = [];
  for (let i = replay.moves.length - 1; i >= 0; i--) {
    const m = replay.moves[i] as BoardspaceReplay['moves'][number];
    const tags: RecordTag[] = m.time === null ? [] : [['TM', m.time]];
    children = [{ move: m.move, nags: [], comment: m.comment, evaluation: null, tags, children }];
  }
  return children;
}
