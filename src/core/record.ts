/**
 * Game records: a played game, or a study of one, as a tree of move texts with what a player or
 * an engine says about them. The same shape for every game; each game's notation writes the move
 * texts (`Game.formatMove`), and its {@link RecordRules} say which tags give the start.
 *
 * A record is plain, immutable data (it survives `JSON.stringify`), read from a file by
 * {@link readPgn} or a game's own readers, and replayed through the rules by {@link replayLine}.
 * The first child of a node continues its line; the others are variations, in the order the
 * record gives them.
 *
 * @module
 */
import { badArgument, gameArg, stringArg } from './args.js';
import { isRulesError, RulesError } from './errors.js';
import type { Game } from './game.js';
import { quote } from './quote.js';

/** A record's or a node's tag: its name and its text. */
export type RecordTag = readonly [name: string, value: string];

/** One move of a record and what follows it. */
export interface RecordNode {
  /** The move as the game's notation writes it (`Game.formatMove`). */
  readonly move: string;
  /**
   * Numeric annotation glyphs, PGN's NAGs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, and any
   * other `$n` as written.
   */
  readonly nags: readonly number[];
  /** Text said after the move, or `null`. */
  readonly comment: string | null;
  /**
   * An engine's evaluation of the position after the move, from the first seat's point of view
   * (positive: the first seat stands better), in the engine's units; `null` if none.
   */
  readonly evaluation: number | null;
  /** The node's other tags (a clock time, an engine's best move, …), in order. */
  readonly tags: readonly RecordTag[];
  /** What follows: the first continues this line, the others are variations. */
  readonly children: readonly RecordNode[];
}

/** A game record: its tags, the comment before the first move, and the tree of moves. */
export interface RecordedGame {
  /** The record's tags in order (PGN's tag pairs: `Event`, `White`, `Result`, …). */
  readonly tags: readonly RecordTag[];
  /** Text said before the first move, or `null`. */
  readonly comment: string | null;
  /** The first moves: the first is the main line, the others are variations. */
  readonly children: readonly RecordNode[];
}

/** Something a reader changed or could not keep, with where it was. */
export interface RecordWarning {
  /** What was normalised or dropped, and how. */
  readonly message: string;
  /** Where in the text: 1-based line (0 when the reader has no lines). */
  readonly line: number;
}

/** A record a reader could read only up to a move (a format whose moves are replayed as read). */
export interface RecordError {
  /** Index in `records` of the record, which holds the moves before the one refused. */
  readonly record: number;
  /** Why: a `RulesError` naming the ply, the move as written and the rule. */
  readonly error: RulesError;
}

/** A move text read by {@link RecordRules.readMove}. */
export interface ReadMove<Move> {
  /** The move the text names. */
  readonly move: Move;
  /** What was normalised to read it, in words; `null` when the text was exact. */
  readonly normalised: string | null;
}

/**
 * The most records one text may hold: every reader refuses a text with more (a
 * `RulesError('PARSE_ERROR')` naming the line where the record past the limit starts) before it
 * reads any record in full, so that a hostile text of millions of tiny records is refused at
 * once rather than read for minutes. Split a larger archive into several texts.
 */
export const MAX_RECORDS_PER_TEXT = 100_000;

/** Throws the refusal of {@link MAX_RECORDS_PER_TEXT} when `count` records already stand. */
export function checkRecordCount(format: string, count: number, line: number): void {
  if (count >= MAX_RECORDS_PER_TEXT) {
    throw new RulesError(
      'PARSE_ERROR',
      `${format} line ${line}: more than ${MAX_RECORDS_PER_TEXT} records in one text; split it into several`,
    );
  }
}

/** What a reader returns: the records of a text (a file may hold several) and its warnings. */
export interface RecordsRead {
  /** The records read, in the order of the text. */
  readonly records: readonly RecordedGame[];
  /** What the reader normalised or dropped, with its line: nothing is changed silently. */
  readonly warnings: readonly RecordWarning[];
  /**
   * Records cut short by a move the rules refuse, for formats read by replaying them (Boardspace
   * SGF names cells, not moves); always empty for PGN, whose moves are replayed by
   * {@link replayLine}.
   */
  readonly errors: readonly RecordError[];
}

/** A record format a game reads (and perhaps writes) besides PGN and JSON. */
export interface RecordFormat {
  /** Its name, as `--to` and `format` options spell it: `'sgf'`, `'gamestring'`. */
  readonly name: string;
  /** Whether `text` looks like this format (a cheap test of its first characters). */
  detect(text: string): boolean;
  /** Reads every record of `text`; throws `PARSE_ERROR` naming the line for unreadable text. */
  read(text: string): RecordsRead;
  /** Writes a record (its main line), or is absent for a format only read. */
  write?(record: RecordedGame): string;
}

/**
 * What a game tells the record tools: which tags give its start state, and how a finished game's
 * result is written. Each game's record carries it as `Game.records`.
 */
export interface RecordRules<State, Move = unknown> {
  /**
   * The start options the game's own tags describe (Hive's `GameType`, Coerceo's `Variant`,
   * Torres' `Players` and `Seed`); the default start when they name none (`Game.start` of them is the start). A record whose start
   * they cannot name has a `Position` tag instead (see {@link recordStart}). Throws `RulesError`
   * naming the tag it cannot use.
   */
  startOptions(tags: readonly RecordTag[]): object;
  /** The tags whose {@link startOptions} start `start`, as far as tags can say. */
  tagsOf(start: State): RecordTag[];
  /** The `Result` tag of a finished game, in the spelling the game's records use. */
  resultOf(state: State): string;
  /**
   * Reads a move text of a record in `state`, leniently where the game's records are (Hive: a
   * single bug written with a number, a direction that points at an occupied cell): the move,
   * and what was normalised, or `null` when the text was exact. Throws what `Game.parseMove`
   * throws for text with no reading. Absent: `Game.parseMove`, exactly.
   */
  readMove?(state: State, text: string): ReadMove<Move>;
  /** The game's own record formats, besides PGN and JSON (Hive: Boardspace SGF, GameString). */
  readonly formats?: readonly RecordFormat[];
}

/** Whether `v` is a list of tags: `[name, value]` pairs of strings. */
function isTagList(v: unknown): v is readonly RecordTag[] {
  if (!Array.isArray(v)) return false;
  // An index loop: `every` skips the holes of a sparse array.
  for (let i = 0; i < v.length; i++) {
    const t: unknown = v[i];
    if (
      !Array.isArray(t) ||
      t.length !== 2 ||
      typeof t[0] !== 'string' ||
      typeof t[1] !== 'string'
    ) {
      return false;
    }
  }
  return true;
}

/** `tags` if it is a list of `[name, value]` texts, else `RulesError('INVALID_ARGUMENT')`. */
export function tagsArg(where: string, tags: unknown): readonly RecordTag[] {
  if (!isTagList(tags)) badArgument(where, 'the tags', 'a list of [name, value] texts', tags);
  return tags;
}

/** Whether `v` is a list of annotation glyph numbers (0..255). */
function isNagList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const g: unknown = v[i];
    if (!Number.isInteger(g) || (g as number) < 0 || (g as number) > 255) return false;
  }
  return true;
}

/** What is wrong with `n` as a node (its children aside), or `null`. */
function nodeError(n: unknown): string | null {
  if (typeof n !== 'object' || n === null) return 'a node that is not an object';
  const o = n as Record<string, unknown>;
  if (typeof o.move !== 'string') return `a node whose move is not text (${quote(o.move)})`;
  if (!isNagList(o.nags)) {
    return `node ${quote(o.move)}: nags must be a list of integers 0..255`;
  }
  if (o.comment !== null && typeof o.comment !== 'string') {
    return `node ${quote(o.move)}: comment must be text or null`;
  }
  if (
    o.evaluation !== null &&
    !(typeof o.evaluation === 'number' && Number.isFinite(o.evaluation))
  ) {
    return `node ${quote(o.move)}: evaluation must be a finite number or null`;
  }
  if (!isTagList(o.tags))
    return `node ${quote(o.move)}: tags must be a list of [name, value] texts`;
  if (!Array.isArray(o.children)) return `node ${quote(o.move)}: children must be a list`;
  return null;
}

/**
 * `value` if it is a {@link RecordedGame} (tags, comment and a finite tree of well-formed nodes,
 * checked without recursion, so a deep record is no stack overflow and a cyclic one no hang);
 * otherwise `RulesError('INVALID_ARGUMENT')` saying what is wrong.
 */
export function recordArg(where: string, value: unknown): RecordedGame {
  const bad = (why: string): never => {
    throw new RulesError('INVALID_ARGUMENT', `${where}: not a game record: ${why}`);
  };
  if (typeof value !== 'object' || value === null)
    badArgument(where, 'the record', 'an object', value);
  const r = value as Record<string, unknown>;
  if (!isTagList(r.tags)) bad('tags must be a list of [name, value] texts');
  if (r.comment !== null && typeof r.comment !== 'string') bad('comment must be text or null');
  if (!Array.isArray(r.children)) bad('children must be a list');
  const seen = new Set<unknown>();
  const stack: unknown[] = [...(r.children as unknown[])];
  while (stack.length > 0) {
    const n = stack.pop();
    const why = nodeError(n);
    if (why !== null) bad(why);
    if (seen.has(n)) bad('a node appears twice in the tree');
    seen.add(n);
    for (const c of (n as RecordNode).children) stack.push(c);
  }
  return value as RecordedGame;
}

/** A node with the given move and nothing else said about it. */
export function recordNode(move: string, children: readonly RecordNode[] = []): RecordNode {
  stringArg('recordNode', 'the move', move);
  if (!Array.isArray(children)) badArgument('recordNode', 'the children', 'a list', children);
  for (const c of children) {
    const why = nodeError(c);
    if (why !== null) throw new RulesError('INVALID_ARGUMENT', `recordNode: ${why}`);
  }
  return { move, nags: [], comment: null, evaluation: null, tags: [], children };
}

/** The value of the first tag called `name` (exactly), or `undefined`. */
export function tagValue(tags: readonly RecordTag[], name: string): string | undefined {
  if (!isTagList(tags)) badArgument('tagValue', 'the tags', 'a list of [name, value] texts', tags);
  stringArg('tagValue', 'the name', name);
  for (const [n, v] of tags) if (n === name) return v;
  return undefined;
}

/** The main line: each node's first child, from the root down. */
export function mainLine(record: RecordedGame): RecordNode[] {
  recordArg('mainLine', record);
  const line: RecordNode[] = [];
  for (let next = record.children[0]; next !== undefined; next = next.children[0]) line.push(next);
  return line;
}

/** Every node of the record, depth first, main line before variations. */
export function recordNodes(record: RecordedGame): Generator<RecordNode> {
  recordArg('recordNodes', record);
  return nodesOf(record);
}

function* nodesOf(record: RecordedGame): Generator<RecordNode> {
  const stack = [...record.children].reverse();
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as RecordNode);
  }
}

/**
 * The record of a game played from `start` by `moves` (each legal in turn), with `tags` first
 * and then the game's start tags and, when the game is over, its `Result`. Throws the
 * `RulesError` of the first move that is not legal.
 */
export function recordOfGame<S, M, O>(
  game: Game<S, M, O>,
  start: S,
  moves: readonly M[],
  tags: readonly RecordTag[] = [],
): RecordedGame {
  gameArg('recordOfGame', game);
  const rules = recordRulesOf(game, 'recordOfGame');
  if (!Array.isArray(moves)) badArgument('recordOfGame', 'the moves', 'a list', moves);
  if (!isTagList(tags))
    badArgument('recordOfGame', 'the tags', 'a list of [name, value] texts', tags);
  let state = start;
  const texts: string[] = [];
  for (const m of moves) {
    texts.push(game.formatMove(state, m));
    state = game.apply(state, m);
  }
  let children: RecordNode[] = [];
  for (let i = texts.length - 1; i >= 0; i--) children = [recordNode(texts[i] as string, children)];
  const all: RecordTag[] = [...tags];
  for (const t of rules.tagsOf(start)) if (tagValue(all, t[0]) === undefined) all.push(t);
  // A start the game's tags cannot name (a position set up, or a game already under way) is
  // kept whole, as its saved text.
  const named = game.serialize(game.start(rules.startOptions(all) as Partial<O>));
  const saved = game.serialize(start);
  if (named !== saved && tagValue(all, 'Position') === undefined) all.push(['Position', saved]);
  if (game.terminal(state) && tagValue(all, 'Result') === undefined) {
    all.push(['Result', rules.resultOf(state)]);
  }
  return { tags: all, comment: null, children };
}

/** What a replay read leniently (see {@link RecordRules.readMove}). */
export interface ReplayWarning {
  /** The ply (1-based) whose move text was normalised. */
  readonly ply: number;
  /** The text as written, and what it was read as. */
  readonly message: string;
}

/** A line of a record replayed through the rules (see {@link replayLine}). */
export interface ReplayedLine<S, M> {
  /** The start state, then the state after each move replayed. */
  readonly states: readonly S[];
  /** The moves replayed, one per node of the line up to the first it could not play. */
  readonly moves: readonly M[];
  /**
   * `null` when the whole line was played; otherwise why the next node could not be: a
   * `RulesError` (its own code and rule) whose message names the ply, the move text and the
   * reason.
   */
  readonly error: RulesError | null;
  /** Every move text the game read leniently, and how: nothing is normalised silently. */
  readonly warnings: readonly ReplayWarning[];
}

/**
 * Replays `nodes` (a line of the record in order; its {@link mainLine} by default) from the
 * record's start state ({@link recordStart}): each move text is read in the state it is played
 * in (`Game.parseMove`) and applied. Never throws for a bad move: it stops there and says why in
 * `error`, keeping the game up to it. Throws a `RulesError` only for arguments that are not a
 * game and a record, or tags that name no start the game can make.
 */
export function replayLine<S, M, O>(
  game: Game<S, M, O>,
  record: RecordedGame,
  nodes?: readonly RecordNode[],
): ReplayedLine<S, M> {
  gameArg('replayLine', game);
  recordArg('replayLine', record);
  if (nodes !== undefined && !Array.isArray(nodes)) {
    badArgument('replayLine', 'the line', 'a list of nodes', nodes);
  }
  const line = nodes ?? mainLine(record);
  for (const n of line) {
    const why = nodeError(n);
    if (why !== null) throw new RulesError('INVALID_ARGUMENT', `replayLine: ${why}`);
  }
  const rules = recordRulesOf(game, 'replayLine');
  let state = recordStart(game, record);
  const states: S[] = [state];
  const moves: M[] = [];
  const warnings: ReplayWarning[] = [];
  for (let ply = 0; ply < line.length; ply++) {
    const text = (line[ply] as RecordNode).move;
    try {
      let move: M;
      if (rules.readMove === undefined) {
        move = game.parseMove(state, text);
      } else {
        const read = rules.readMove(state, text);
        move = read.move;
        if (read.normalised !== null) warnings.push({ ply: ply + 1, message: read.normalised });
      }
      state = game.apply(state, move);
      moves.push(move);
      states.push(state);
    } catch (e) {
      if (!isRulesError(e)) throw e;
      const error = new RulesError(
        e.code,
        `ply ${ply + 1} ${quote(text)}: ${e.rule === undefined ? e.message : e.message.slice(0, -(e.rule.length + 3))}`,
        e.rule,
      );
      return { states, moves, error, warnings };
    }
  }
  return { states, moves, error: null, warnings };
}

/**
 * The state a record starts from: its `Position` tag read back (`Game.deserialize`) when it has
 * one, else the start the game's own tags name ({@link RecordRules.startOptions}). Throws a
 * `RulesError` naming the tag it cannot use.
 */
export function recordStart<S, M, O>(game: Game<S, M, O>, record: RecordedGame): S {
  gameArg('recordStart', game);
  recordArg('recordStart', record);
  const rules = recordRulesOf(game, 'recordStart');
  const position = tagValue(record.tags, 'Position');
  if (position === undefined) return game.start(rules.startOptions(record.tags) as Partial<O>);
  try {
    return game.deserialize(position);
  } catch (e) {
    if (!isRulesError(e)) throw e;
    throw new RulesError(e.code, `the record's Position tag: ${e.message}`);
  }
}

/** The game's record rules, or `UNSUPPORTED` for a game without them. */
export function recordRulesOf<S, M, O>(game: Game<S, M, O>, where: string): RecordRules<S, M> {
  const rules = game.records;
  if (rules === undefined) {
    throw new RulesError('UNSUPPORTED', `${where}: the game ${quote(game.name)} has no records`);
  }
  return rules;
}
