/**
 * PGN for every game: tag pairs, then the moves, each after its ply number, with `{comments}`,
 * `;` comments, `(variations)`, annotation glyphs (`!`, `?!`, `$n`) and a result (`1-0`, `0-1`,
 * `1/2-1/2`, `*`, or `WhiteWins`, `BlackWins`, `Draw` on a line of its own). It is the
 * format Mzinga and hivegame.com write for Hive, whose moves have spaces in them ("bS1 -wQ"), so
 * a move is not one word as in chess: it runs to the end of its line or to the next ply number,
 * comment, variation, glyph or result. The writer puts a number before every ply (`1. wS1`,
 * `2. bG1 -wS1`), which any game's notation can follow.
 *
 * In a comment, `[%eval 0.35]` is the node's evaluation and any other `[%name value]` a node tag,
 * as chess tools write clock times and evaluations.
 *
 * The reader is lenient where PGN files are (missing numbers, `1...` numbers, a result that
 * disagrees with the `Result` tag, unknown escapes) and says so in a warning; it throws
 * `RulesError('PARSE_ERROR')` naming the line only for text with no reading (an unclosed comment
 * or variation, a `)` with no `(`, a tag that is not closed). Its running time and memory are
 * linear in the text, with no recursion, so any input is answered.
 *
 * @module
 */
import { RulesError } from './errors.js';
import { quote } from './quote.js';
import {
  checkRecordCount,
  type RecordedGame,
  type RecordNode,
  type RecordsRead,
  type RecordTag,
  type RecordWarning,
  recordArg,
} from './record.js';

/** Glyphs written after a move, and their NAG numbers. */
const GLYPHS: Readonly<Record<string, number>> = {
  '!': 1,
  '?': 2,
  '!!': 3,
  '??': 4,
  '!?': 5,
  '?!': 6,
};
/** The result tokens that end a game's moves. */
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
/**
 * The results Mzinga and hivegame.com end Hive's moves with, on a line of their own (UHP's
 * GameStateStrings of a finished game), and the chess result each means.
 */
const WORD_RESULTS: ReadonlyMap<string, string> = new Map([
  ['WhiteWins', '1-0'],
  ['BlackWins', '0-1'],
  ['Draw', '1/2-1/2'],
]);

/** A node while it is read: its fields are filled in as the text goes on. */
interface Draft {
  move: string;
  nags: number[];
  comment: string | null;
  evaluation: number | null;
  tags: RecordTag[];
  children: Draft[];
}

/** One game while it is read. */
interface GameDraft {
  tags: RecordTag[];
  comment: string | null;
  children: Draft[];
  /** The line of its first tag or move. */
  line: number;
}

/** Reads every game of a PGN text. See the module comment. */
export function readPgn(text: string): RecordsRead {
  if (typeof text !== 'string') {
    throw new RulesError('PARSE_ERROR', `PGN: expected text, got ${quote(text)}`);
  }
  return new PgnReader(text).read();
}

class PgnReader {
  private i = 0;
  private line = 1;
  private readonly warnings: RecordWarning[] = [];
  private readonly games: GameDraft[] = [];
  private game: GameDraft | null = null;
  /** The last move read (`null`: none yet on this line) and the list it is in. */
  private last: Draft | null = null;
  /** Where the next move goes: the last move's children, or the list a line starts in. */
  private into: Draft[] = [];
  /** The list `last` is in (its siblings are the other choices at its ply). */
  private lastIn: Draft[] = [];
  /** For each open variation, the move it is another choice for. */
  private stack: { last: Draft; lastIn: Draft[]; line: number }[] = [];

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  read(): RecordsRead {
    const t = this.text;
    while (this.i < t.length) {
      const c = t[this.i] as string;
      if (c === '\n') {
        this.line++;
        this.i++;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
        this.i++;
      } else if (c === '%' && (this.i === 0 || t[this.i - 1] === '\n')) {
        this.skipLine(); // PGN's escape: the whole line is for other programs
      } else if (c === '[') {
        this.tag();
      } else if (c === '{') {
        this.braceComment();
      } else if (c === ';') {
        const start = ++this.i;
        while (this.i < t.length && t[this.i] !== '\n') this.i++;
        this.addComment(t.slice(start, this.i).trim());
      } else if (c === '(') {
        this.openVariation();
      } else if (c === ')') {
        this.closeVariation();
      } else if (c === '$') {
        this.nag();
      } else {
        this.token();
      }
    }
    this.endGame();
    return {
      records: this.games.map((g) => ({
        tags: g.tags,
        comment: g.comment,
        children: g.children.map(freeze),
      })),
      warnings: this.warnings,
      errors: [],
    };
  }

  private warn(message: string): void {
    this.warnings.push({ message, line: this.line });
  }

  private fail(message: string, line = this.line): never {
    throw new RulesError('PARSE_ERROR', `PGN line ${line}: ${message}`);
  }

  private skipLine(): void {
    while (this.i < this.text.length && this.text[this.i] !== '\n') this.i++;
  }

  /** The game moves and tags go into, begun at the current line if there is none. */
  private current(): GameDraft {
    if (this.game === null) {
      checkRecordCount('PGN', this.games.length, this.line);
      this.game = { tags: [], comment: null, children: [], line: this.line };
      this.into = this.game.children;
      this.lastIn = this.into;
      this.last = null;
      this.stack = [];
    }
    return this.game;
  }

  private endGame(): void {
    if (this.game === null) return;
    const open = this.stack[this.stack.length - 1];
    if (open !== undefined) this.fail('a variation opened here is not closed', open.line);
    this.games.push(this.game);
    this.game = null;
  }

  /** `[Name "value"]`: a tag pair; after moves, it starts the next game. */
  private tag(): void {
    const t = this.text;
    if (this.game !== null && (this.game.children.length > 0 || this.last !== null)) {
      this.endGame();
    }
    const game = this.current();
    const line = this.line;
    let j = this.i + 1;
    while (t[j] === ' ' || t[j] === '\t') j++;
    const nameStart = j;
    while (j < t.length && /[A-Za-z0-9_+#=:-]/.test(t[j] as string)) j++;
    const name = t.slice(nameStart, j);
    while (t[j] === ' ' || t[j] === '\t') j++;
    if (name === '' || t[j] !== '"') this.fail(`a tag must be [Name "value"]`, line);
    j++;
    let value = '';
    for (;;) {
      if (j >= t.length || t[j] === '\n')
        this.fail(`the value of tag ${quote(name)} is not closed`);
      const ch = t[j] as string;
      if (ch === '"') break;
      if (ch === '\\' && (t[j + 1] === '"' || t[j + 1] === '\\')) {
        value += t[j + 1];
        j += 2;
      } else {
        value += ch;
        j++;
      }
    }
    j++;
    while (t[j] === ' ' || t[j] === '\t') j++;
    if (t[j] !== ']') this.fail(`tag ${quote(name)} is not closed with ]`, line);
    this.i = j + 1;
    game.tags.push([name, value]);
  }

  /** `{…}`: a comment, with its `[%eval]` and `[%name value]` commands taken out. */
  private braceComment(): void {
    const t = this.text;
    const line = this.line;
    const end = t.indexOf('}', this.i + 1);
    if (end < 0) this.fail('a comment opened with { is not closed', line);
    const body = t.slice(this.i + 1, end);
    for (let k = 0; k < body.length; k++) if (body[k] === '\n') this.line++;
    this.i = end + 1;
    const node = this.last;
    let rest = body;
    if (node !== null) {
      rest = body.replace(
        /\[%\s*([A-Za-z][\w-]*)\s+([^\]]*)\]/g,
        (_, name: string, value: string) => {
          const v = value.trim();
          if (name === 'eval' && Number.isFinite(Number(v)) && v !== '')
            node.evaluation = Number(v);
          else node.tags.push([name, v]);
          return '';
        },
      );
    }
    this.addComment(rest.trim().replace(/\s+/g, ' '));
  }

  private addComment(text: string): void {
    if (text === '') return;
    if (this.last !== null) {
      this.last.comment = join(this.last.comment, text);
      return;
    }
    const open = this.stack[this.stack.length - 1];
    if (open !== undefined) {
      // Before a variation's first move: the record has no place for it but the move before.
      this.warn('a comment before the first move of a variation is kept with the move it replaces');
      open.last.comment = join(open.last.comment, text);
      return;
    }
    const game = this.current();
    game.comment = join(game.comment, text);
  }

  /** `(`: the next moves are another choice for the last move. */
  private openVariation(): void {
    this.i++;
    this.current();
    if (this.last === null) this.fail('a variation must follow a move');
    this.stack.push({ last: this.last, lastIn: this.lastIn, line: this.line });
    this.into = this.lastIn;
    this.last = null;
  }

  /** `)`: back to the line the variation branched from, after the move it replaced. */
  private closeVariation(): void {
    this.i++;
    const top = this.stack.pop();
    if (top === undefined) this.fail('a ) with no ( before it');
    this.last = top.last;
    this.lastIn = top.lastIn;
    this.into = top.last.children;
  }

  /** `$n`: a numeric annotation glyph on the last move. */
  private nag(): void {
    const t = this.text;
    let j = this.i + 1;
    while (j < t.length && t[j] !== undefined && (t[j] as string) >= '0' && (t[j] as string) <= '9')
      j++;
    const digits = t.slice(this.i + 1, j);
    this.i = j;
    if (digits === '' || digits.length > 3) {
      this.warn(`${quote(`$${digits}`)} is not an annotation glyph; dropped`);
      return;
    }
    if (this.last === null) this.warn(`annotation $${digits} before any move; dropped`);
    else this.last.nags.push(Number(digits));
  }

  /** A ply number, a result or a move. */
  private token(): void {
    const t = this.text;
    const start = this.i;
    // A ply number: digits and one or more dots.
    const num = /^\d+\s*\.+/.exec(t.slice(start, start + 24));
    if (num !== null) {
      this.current();
      this.i += num[0].length;
      return;
    }
    // A move: up to the end of the line or the next structural character or ply number.
    let j = start;
    while (j < t.length) {
      const ch = t[j] as string;
      if (ch === '\n' || ch === '{' || ch === '}' || ch === ';' || ch === '(' || ch === ')') break;
      if (ch === '$' || ch === '[') break;
      if ((ch === ' ' || ch === '\t') && /^[ \t]+\d+\s*\.+/.test(t.slice(j, j + 24))) break;
      j++;
    }
    let word = t.slice(start, j).trim();
    this.i = j;
    if (word === '') {
      this.i = j + 1; // a lone '}' outside a comment
      this.warn(`a ${quote(t[j])} outside a comment; dropped`);
      return;
    }
    // A result word on its own (Mzinga's last line), or a result token alone or after a move.
    if (WORD_RESULTS.has(word)) {
      this.result(word);
      return;
    }
    const words = word.split(/\s+/);
    const lastWord = words[words.length - 1] as string;
    let result: string | null = null;
    if (RESULTS.has(lastWord)) {
      result = lastWord;
      word = words.slice(0, -1).join(' ');
    }
    if (word !== '') this.move(word);
    if (result !== null) this.result(result);
  }

  private move(text: string): void {
    this.current();
    const glyph = /[!?]{1,2}$/.exec(text);
    let move = text;
    const nags: number[] = [];
    if (glyph !== null && GLYPHS[glyph[0]] !== undefined) {
      move = text.slice(0, -glyph[0].length).trimEnd();
      nags.push(GLYPHS[glyph[0]] as number);
    }
    if (move === '') {
      if (this.last !== null) this.last.nags.push(...nags);
      return;
    }
    const node: Draft = { move, nags, comment: null, evaluation: null, tags: [], children: [] };
    this.into.push(node);
    this.lastIn = this.into;
    this.last = node;
    this.into = node.children;
  }

  /** A result token: the end of the game's moves (inside a variation, only of the variation). */
  private result(token: string): void {
    if (this.stack.length > 0) return;
    const game = this.current();
    const tag = game.tags.find(([n]) => n === 'Result');
    // `*` says only that the result is not known: no tag is made of it.
    if (tag === undefined) {
      if (token !== '*') game.tags.push(['Result', token]);
    } else if (
      tag[1] !== token &&
      !(token === '*' && tag[1] !== '') &&
      (WORD_RESULTS.get(token) ?? token) !== (WORD_RESULTS.get(tag[1]) ?? tag[1])
    ) {
      this.warn(`the moves end with ${quote(token)} but the Result tag says ${quote(tag[1])}`);
    }
    this.endGame();
  }
}

function join(a: string | null, b: string): string {
  return a === null ? b : `${a} ${b}`;
}

/** A draft as a record node (children frozen first, with no recursion). */
function freeze(root: Draft): RecordNode {
  // Post-order over an explicit stack: a record may be a million plies deep.
  const done = new Map<Draft, RecordNode>();
  const stack: Draft[] = [root];
  while (stack.length > 0) {
    const d = stack[stack.length - 1] as Draft;
    const pending = d.children.filter((c) => !done.has(c));
    if (pending.length > 0) {
      for (let k = pending.length - 1; k >= 0; k--) stack.push(pending[k] as Draft);
      continue;
    }
    stack.pop();
    done.set(d, {
      move: d.move,
      nags: d.nags,
      comment: d.comment,
      evaluation: d.evaluation,
      tags: d.tags,
      children: d.children.map((c) => done.get(c) as RecordNode),
    });
  }
  return done.get(root) as RecordNode;
}

/** The tag value written with PGN's escapes (a line break cannot be written: see `pgnError`). */
function tagText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** A comment with its evaluation and node tags as `[%…]` commands, or `null` if it says nothing. */
function commentText(node: {
  comment: string | null;
  evaluation?: number | null;
  tags?: readonly RecordTag[];
}): string | null {
  const parts: string[] = [];
  if (node.evaluation !== undefined && node.evaluation !== null) {
    parts.push(`[%eval ${node.evaluation}]`);
  }
  for (const [n, v] of node.tags ?? []) parts.push(`[%${n} ${v}]`);
  if (node.comment !== null) parts.push(node.comment);
  return parts.length === 0 ? null : `{${parts.join(' ')}}`;
}

const TAG_NAME = /^[A-Za-z0-9_+#=:-]+$/;
const NODE_TAG_NAME = /^[A-Za-z][\w-]*$/;

/**
 * What in the record PGN cannot hold so that {@link readPgn} gives it back, or `null`: the
 * writer refuses it rather than change it.
 */
function pgnError(record: RecordedGame): string | null {
  for (const [name, value] of record.tags) {
    if (!TAG_NAME.test(name)) return `tag name ${quote(name)} is not a PGN symbol`;
    if (/[\r\n]/.test(value)) return `tag ${quote(name)} has a line break`;
  }
  const comment = (where: string, c: string | null): string | null => {
    if (c === null) return null;
    if (c.includes('}') || c.includes('[%')) return `${where}: a comment cannot hold '}' or '[%'`;
    if (c !== c.trim().replace(/\s+/g, ' ') || c === '') {
      return `${where}: a comment must be words with single spaces (PGN keeps no layout)`;
    }
    return null;
  };
  const top = comment('the record', record.comment);
  if (top !== null) return top;
  const stack = [...record.children];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    const at = `move ${quote(n.move)}`;
    const m = n.move;
    if (
      m === '' ||
      m !== m.trim() ||
      /[{}();$[\r\n]|\s\d+\s*\.|[!?]$|^\d+\s*\./.test(m) ||
      RESULTS.has(m.split(/\s+/).pop() as string) ||
      WORD_RESULTS.has(m)
    ) {
      return `${at}: PGN cannot hold this move text`;
    }
    const c = comment(at, n.comment);
    if (c !== null) return c;
    for (const [name, value] of n.tags) {
      if (!NODE_TAG_NAME.test(name) || name === 'eval') {
        return `${at}: node tag name ${quote(name)} cannot be written as [%name value]`;
      }
      if (value.includes(']') || value !== value.trim() || /[\r\n}]/.test(value)) {
        return `${at}: node tag ${quote(name)} has a value PGN cannot hold`;
      }
    }
    stack.push(...n.children);
  }
  return null;
}

/**
 * The record as PGN: its tags, one per line, then its moves, each after its ply number
 * (`1.`, `2.`, …), with comments, glyphs (as `$n`) and variations, and last the `Result` tag's
 * value (`*` when there is none; `WhiteWins`, `BlackWins` and `Draw` on a line of their own, after
 * a blank line, as Mzinga writes them). {@link readPgn} reads it back as the same record: what PGN
 * cannot hold (a tag name that is no PGN symbol, a `}` or a line break in a comment, a move text
 * with `{}();$[` or that ends in a glyph) is refused with `RulesError('INVALID_ARGUMENT')` naming
 * it, never changed.
 */
export function writePgn(record: RecordedGame): string {
  recordArg('writePgn', record);
  const why = pgnError(record);
  if (why !== null) throw new RulesError('INVALID_ARGUMENT', `writePgn: ${why}`);
  const out: string[] = [];
  for (const [name, value] of record.tags) out.push(`[${name} "${tagText(value)}"]`);
  if (record.tags.length > 0) out.push('');
  const words: string[] = [];
  const top = commentText({ comment: record.comment });
  if (top !== null) words.push(top);
  // Depth first over an explicit stack (a record may be a million plies deep): a line is its
  // first move, then each other choice in parentheses with its own line, then the first move's
  // continuation. Work is pushed in reverse of writing.
  type Work = { line: readonly RecordNode[]; ply: number } | string;
  const work: Work[] = [{ line: record.children, ply: 1 }];
  const pushMove = (n: RecordNode, ply: number): void => {
    const c = commentText(n);
    if (c !== null) work.push(c);
    for (let k = n.nags.length - 1; k >= 0; k--) work.push(`$${n.nags[k]}`);
    work.push(`${ply}. ${n.move}`);
  };
  while (work.length > 0) {
    const w = work.pop() as Work;
    if (typeof w === 'string') {
      words.push(w);
      continue;
    }
    const [first, ...others] = w.line;
    if (first === undefined) continue;
    work.push({ line: first.children, ply: w.ply + 1 });
    for (let k = others.length - 1; k >= 0; k--) {
      const v = others[k] as RecordNode;
      work.push(')');
      work.push({ line: v.children, ply: w.ply + 1 });
      pushMove(v, w.ply);
      work.push('(');
    }
    pushMove(first, w.ply);
  }
  const result = record.tags.find(([n]) => n === 'Result')?.[1];
  if (result !== undefined && WORD_RESULTS.has(result)) {
    // As Mzinga writes it: the moves, a blank line, and the result on a line of its own.
    if (words.length > 0) out.push(wrap(words), '');
    out.push(result);
  } else {
    words.push(result !== undefined && RESULTS.has(result) ? result : '*');
    out.push(wrap(words));
  }
  return `${out.join('\n')}\n`;
}

/** Words joined into lines, a new line before each ply number outside variations. */
function wrap(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  let depth = 0;
  for (const w of words) {
    const startsPly = /^\d+\. /.test(w);
    if (line !== '' && depth === 0 && startsPly) {
      lines.push(line);
      line = w;
    } else {
      line = line === '' ? w : w === ')' || line.endsWith('(') ? `${line}${w}` : `${line} ${w}`;
    }
    if (w === '(') depth++;
    if (w === ')') depth--;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
