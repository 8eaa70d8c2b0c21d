/**
 * The one way boardrules shows a caller's value inside an error message. Error messages are
 * built from whatever the caller passed, and building one must never throw: a template string
 * throws on a Symbol, `JSON.stringify` on a BigInt or a cycle, and an object with a null
 * prototype (or a `toString` key that is not a function) has no usable `toString`.
 *
 * Internal: not exported from the core entry.
 *
 * @module
 */

/** Longest piece of a caller's text echoed back (a 10 MB line must not come back in full). */
export const QUOTE_LIMIT = 100;

/** `text` cut to {@link QUOTE_LIMIT} characters, with `…` when something was cut. */
function clip(text: string): string {
  if (text.length <= QUOTE_LIMIT) return text;
  let end = QUOTE_LIMIT;
  // Never split a surrogate pair: a lone half would print as garbage.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Control characters written as escapes, so that a message stays on one line (a UHP reply or
 * a CLI error line must not be split by a newline in the echoed input).
 */
function escapeControls(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The built-in tag of an object (`Map`, `Date`, …), or `object` when even that fails. */
function tagOf(value: object): string {
  try {
    return Object.prototype.toString.call(value).slice(8, -1);
  } catch {
    return 'object';
  }
}

function show(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `'${escapeControls(clip(value))}'`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${clip(String(value))}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return escapeControls(clip(String(value)));
    case 'function':
      return 'a function';
    default: {
      if (value === null) return 'null';
      const proto = Object.getPrototypeOf(value);
      // Plain data (arrays and plain or null-prototype objects) reads best as JSON.
      if (Array.isArray(value) || proto === null || proto === Object.prototype) {
        const json = JSON.stringify(value);
        if (json !== undefined) return escapeControls(clip(json));
      }
      const tag = tagOf(value as object);
      return `${/^[AEIOU]/.test(tag) ? 'an' : 'a'} ${tag}`;
    }
  }
}

/**
 * A caller's value for an error message: strings in single quotes, plain data as JSON, other
 * objects by their kind (`a Map`), everything cut to {@link QUOTE_LIMIT} characters and kept on
 * one line. Never throws, whatever the value (BigInt, Symbol, cycles, null prototypes, throwing
 * getters or `toJSON`).
 */
export function quote(value: unknown): string {
  try {
    return show(value);
  } catch {
    // A throwing getter, toJSON or proxy trap, or a cycle: say what kind of value it was.
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  }
}
