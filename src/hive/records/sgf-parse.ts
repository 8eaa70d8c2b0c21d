/**
 * SGF's syntax (FF[4], the part Boardspace writes): game trees `( … )` of nodes `;` whose
 * properties are a name and one or more `[values]`, with `\` escaping the next character. What a
 * property means is left to the caller (Boardspace's Hive actions: see `boardspace.ts`).
 *
 * The reader runs in time and memory linear in the text, with no recursion, so any input is
 * answered. Text with no reading (a value or a tree not closed, a property without a value) is a
 * `RulesError('PARSE_ERROR')` naming the line; what it leaves out (text outside the game trees,
 * the variations of a tree, which Boardspace never writes) is said in a warning.
 *
 * @module
 */
import { RulesError } from '../../core/errors.js';
import { quote } from '../../core/quote.js';
import { checkRecordCount, type RecordWarning } from '../../core/record.js';

/** One value of a property, with the line it starts on. */
export interface SgfValue {
  /** The value with SGF's escapes taken out (`\]` is `]`, `\\` is `\`). */
  readonly text: string;
  /** 1-based line of its `[`. */
  readonly line: number;
}

/** A property: its name as written (`P0`, `SU`, `P-1`) and its values in order. */
export interface SgfProperty {
  readonly name: string;
  readonly values: readonly SgfValue[];
}

/** A node: its properties in order (a name may repeat) and the line of its `;`. */
export interface SgfNode {
  readonly properties: readonly SgfProperty[];
  readonly line: number;
}

/** A game tree read as its main line: the root node first. */
export interface SgfGame {
  readonly nodes: readonly SgfNode[];
  /** The line of the tree's `(`. */
  readonly line: number;
}

/** What {@link parseSgf} returns: the game trees in order, and what it left out. */
export interface SgfRead {
  readonly games: readonly SgfGame[];
  readonly warnings: readonly RecordWarning[];
}

/** A property name: SGF's upper-case letters, and what Boardspace writes besides (`P-1`, `P0`). */
const NAME_CHAR = /[A-Za-z0-9_-]/;

/**
 * A tree while it is read: whether it is on the main line (its nodes are kept, in `into`, the
 * main line of its game), and how many nodes and variations it has had so far.
 */
interface OpenTree {
  readonly line: number;
  readonly into: SgfNode[] | null;
  nodes: number;
  children: number;
}

/** The properties of a node that has none yet (shared: most nodes of a junk text have none). */
const NONE: SgfProperty[] = [];

/**
 * Reads every game tree of an SGF text, each as its main line (the first variation wherever a
 * tree branches; every other variation is left out with a warning). Throws
 * `RulesError('PARSE_ERROR')` naming the line for text with no reading.
 */
export function parseSgf(text: string): SgfRead {
  if (typeof text !== 'string') {
    throw new RulesError('PARSE_ERROR', `SGF: expected text, got ${quote(text)}`);
  }
  const warnings: RecordWarning[] = [];
  const fail = (line: number, why: string): never => {
    throw new RulesError('PARSE_ERROR', `SGF line ${line}: ${why}`);
  };
  const games: SgfGame[] = [];
  const open: OpenTree[] = [];
  let node: { properties: SgfProperty[]; line: number } | null = null;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let strayLine = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    const tree = open[open.length - 1];
    if (c === '(') {
      if (tree === undefined) {
        checkRecordCount('SGF', games.length, line);
        const nodes: SgfNode[] = [];
        games.push({ nodes, line });
        open.push({ line, into: nodes, nodes: 0, children: 0 });
      } else {
        if (tree.nodes === 0) fail(line, 'a game tree starts with a node (;)');
        // The first variation continues the main line; the others are left out, said once each.
        if (tree.into !== null && tree.children > 0) {
          warnings.push({
            line,
            message: 'a variation of the game tree; only the main line is read',
          });
        }
        open.push({ line, into: tree.children === 0 ? tree.into : null, nodes: 0, children: 0 });
        tree.children++;
      }
      node = null;
      i++;
    } else if (tree === undefined) {
      // Outside every tree: Boardspace ends a file with a line holding a space; anything else
      // is left out, said once per stretch.
      if (strayLine === 0) strayLine = line;
      i++;
      continue;
    } else if (c === ')') {
      if (tree.nodes === 0) fail(line, 'an empty game tree: a tree holds at least one node');
      open.pop();
      node = null;
      i++;
    } else if (c === ';') {
      if (tree.children > 0) fail(line, 'a node after the variations of its tree');
      node = { properties: NONE, line };
      tree.nodes++;
      tree.into?.push(node);
      i++;
    } else if (NAME_CHAR.test(c)) {
      if (node === null) fail(line, `property ${quote(c)} outside a node (a node starts with ';')`);
      const start = i;
      while (i < n && NAME_CHAR.test(text[i] as string)) i++;
      const name = text.slice(start, i);
      const values: SgfValue[] = [];
      for (;;) {
        while (i < n && /\s/.test(text[i] as string)) {
          if (text[i] === '\n') line++;
          i++;
        }
        if (text[i] !== '[') break;
        const valueLine = line;
        i++;
        let value = '';
        let from = i;
        for (;;) {
          if (i >= n) fail(valueLine, `the value of ${quote(name)} is not closed with ]`);
          const ch = text[i] as string;
          if (ch === ']') break;
          if (ch === '\n') line++;
          if (ch === '\\') {
            value += text.slice(from, i);
            const next = text[i + 1];
            if (next === undefined) fail(line, `the value of ${quote(name)} is not closed with ]`);
            if (next === '\n') line++;
            // A soft line break (backslash, newline) is nothing; any other escaped character is
            // itself.
            if (next !== '\n' && next !== '\r') value += next;
            i += 2;
            from = i;
            continue;
          }
          i++;
        }
        value += text.slice(from, i);
        i++;
        values.push({ text: value, line: valueLine });
      }
      if (values.length === 0) fail(line, `property ${quote(name)} has no [value]`);
      const at = node as { properties: SgfProperty[] };
      if (at.properties === NONE) at.properties = [];
      at.properties.push({ name, values });
    } else {
      fail(line, `unexpected ${quote(c)}`);
    }
    if (strayLine !== 0) {
      warnings.push({ line: strayLine, message: 'text outside a game tree; left out' });
      strayLine = 0;
    }
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) fail(unclosed.line, 'a game tree opened here is not closed');
  if (strayLine !== 0)
    warnings.push({ line: strayLine, message: 'text outside a game tree; left out' });
  if (games.length === 0) fail(1, 'no game tree: an SGF text starts with (;');
  return { games, warnings };
}
