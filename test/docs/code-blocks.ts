// Reads the fenced TypeScript examples out of the Markdown docs and turns their `//=>` comments
// into checks. The convention itself is described at the top of examples.test.ts.
import ts from 'typescript';

/** One fenced ```ts block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository root (`README.md`, `docs/hive.md`). */
  readonly file: string;
  /** 1-based line of the opening fence; the code starts on the next line. */
  readonly line: number;
  /** ```ts fragment: type-checked only, never run. */
  readonly fragment: boolean;
  readonly code: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/;
const TS_LANGUAGES = new Set(['ts', 'typescript']);
// Script languages we do not run: a block in one of them would silently escape the checks.
const UNCHECKED_SCRIPT_LANGUAGES = new Set(['js', 'javascript', 'mjs', 'cjs', 'tsx', 'jsx']);

/** Every fenced block in `text` whose language is `ts` or `typescript`. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const words = info.trim().split(/\s+/).filter(Boolean);
    const language = (words[0] ?? '').toLowerCase();
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      const close = FENCE.exec(line);
      if (close && (close[2] as string).startsWith(fence) && (close[3] as string).trim() === '') {
        break;
      }
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line);
    }
    if (i >= lines.length) throw new Error(`${file}:${start + 1}: code fence is never closed`);
    if (UNCHECKED_SCRIPT_LANGUAGES.has(language)) {
      throw new Error(`${file}:${start + 1}: write examples as \`\`\`ts so the tests run them`);
    }
    if (!TS_LANGUAGES.has(language)) continue;
    const flags = words.slice(1);
    const unknown = flags.filter((w) => w !== 'fragment');
    if (unknown.length > 0) {
      throw new Error(`${file}:${start + 1}: unknown code block flag '${unknown.join(' ')}'`);
    }
    blocks.push({
      file,
      line: start + 1,
      fragment: flags.includes('fragment'),
      code: body.join('\n'),
    });
  }
  return blocks;
}

/** Where an expected-output comment sits, as `file:line` of the Markdown source. */
export function blockLocation(block: CodeBlock, codeLine: number): string {
  return `${block.file}:${block.line + codeLine}`;
}

/** A block's code with every `//=>` comment turned into a runtime check. */
export interface Instrumented {
  /** TypeScript source: the block with checked statements wrapped in calls to the harness. */
  readonly code: string;
  /** The `file:line` of every expectation, each of which must be reached at least once. */
  readonly expectations: readonly string[];
}

const MARKER = '//=>';

/**
 * Wraps every expression statement that ends with a `//=>` comment: `expr; //=> literal`
 * becomes `__expect(where, expr, () => (literal))`, and `console.log(a, b); //=> x, y` becomes
 * `__expectLog(where, [a, b], () => [x, y])`, which still prints. The harness functions come
 * from check-output.mjs. A `//=>` comment anywhere else is an error, so no expectation is
 * silently left unchecked.
 */
export function instrument(block: CodeBlock): Instrumented {
  const source = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.ES2022, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const expectations: string[] = [];
  const claimed = new Set<number>();

  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) {
      const comment = (ts.getTrailingCommentRanges(block.code, node.end) ?? []).find((c) =>
        block.code.slice(c.pos, c.end).startsWith(MARKER),
      );
      if (comment) {
        const expected = block.code.slice(comment.pos + MARKER.length, comment.end).trim();
        const where = blockLocation(
          block,
          source.getLineAndCharacterOfPosition(comment.pos).line + 1,
        );
        if (expected === '') throw new Error(`${where}: '${MARKER}' needs an expected value`);
        claimed.add(comment.pos);
        expectations.push(where);
        const expr = node.expression;
        const label = JSON.stringify(where);
        if (isConsoleLog(expr)) {
          const args = expr.arguments.map((a) => a.getText(source)).join(', ');
          edits.push({
            start: expr.getStart(source),
            end: expr.end,
            text: `__expectLog(${label}, [${args}], () => [${expected}])`,
          });
        } else {
          edits.push({
            start: expr.getStart(source),
            end: expr.end,
            text: `__expect(${label}, (${expr.getText(source)}), () => (${expected}))`,
          });
        }
        return; // an expectation inside a checked statement would overlap its edit
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  // Every marker in the block must have been claimed by a statement above.
  for (const match of block.code.matchAll(/\/\/=>/g)) {
    if (!claimed.has(match.index)) {
      const line = source.getLineAndCharacterOfPosition(match.index).line + 1;
      throw new Error(
        `${blockLocation(block, line)}: '${MARKER}' must end an expression statement or a console.log(...) call`,
      );
    }
  }

  let code = block.code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
  }
  return { code, expectations };
}

function isConsoleLog(expr: ts.Expression): expr is ts.CallExpression {
  return (
    ts.isCallExpression(expr) &&
    ts.isPropertyAccessExpression(expr.expression) &&
    expr.expression.getText() === 'console.log'
  );
}
