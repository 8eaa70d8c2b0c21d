/**
 * A tiny SVG writer shared by the games' `render` modules: escaping, deterministic number
 * formatting and element strings. No DOM: the output is a plain string, identical on every
 * platform for the same input (numbers are rounded to two decimals and `-0` is written `0`).
 *
 * Internal: not exported from the core entry; each `boardrules/<game>/render` bundles it.
 *
 * @module
 */
import { type OptionCheck, type OptionValues, readCheckedOptions } from './options.js';

/** Escapes text for use in SVG character data and attribute values. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A number with at most two decimals, no trailing zeros and no `-0`. */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

/** Attribute values: strings are escaped, numbers go through {@link num}; `undefined` is skipped. */
export type Attrs = Readonly<Record<string, string | number | undefined>>;

function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === 'number' ? num(v) : esc(v)}"`;
  }
  return out;
}

/** An element: self-closing when `children` is empty, else with the (already rendered) children. */
export function el(tag: string, a: Attrs, ...children: string[]): string {
  const body = children.join('');
  return body === '' ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${body}</${tag}>`;
}

/** A `<text>` element with escaped content. */
export function text(a: Attrs, content: string): string {
  return `<text${attrs(a)}>${esc(content)}</text>`;
}

/** A `<title>` element (the tooltip of its parent) with escaped content. */
export function title(content: string): string {
  return `<title>${esc(content)}</title>`;
}

/** A `points` attribute value from `[x, y]` pairs. */
export function points(ps: readonly { readonly x: number; readonly y: number }[]): string {
  return ps.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');
}

/** The complete document: an `<svg>` root of the given size with a `viewBox` from `(minX, minY)`. */
export function svgDocument(
  minX: number,
  minY: number,
  width: number,
  height: number,
  label: string,
  body: string[],
): string {
  const root = attrs({
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${num(minX)} ${num(minY)} ${num(width)} ${num(height)}`,
    width,
    height,
    role: 'img',
    'aria-label': label,
    'font-family': 'system-ui, sans-serif',
  });
  return `<svg${root}>${title(label)}\n${body.join('\n')}\n</svg>\n`;
}

/** Largest picture scale a renderer accepts (a hex, field or square of this many pixels). */
export const MAX_RENDER_SIZE = 10_000;

/** Longest list a renderer option may hold (highlights). */
const MAX_LIST = 10_000;

/** The checks of the renderers' options (see {@link readRenderOptions}). */
export const RENDER_CHECKS: {
  /** A positive finite scale up to {@link MAX_RENDER_SIZE}. */
  readonly size: OptionCheck;
  readonly flag: OptionCheck;
  /** A list whose every item passes `item` (`want` names the items). */
  listOf(item: OptionCheck, want: string): OptionCheck;
  /** A string matching `pattern` (`want` names it, e.g. `a square name a1..h8`). */
  textLike(pattern: RegExp, want: string): OptionCheck;
} = {
  size: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_RENDER_SIZE
      ? undefined
      : `a number in (0, ${MAX_RENDER_SIZE}]`,
  flag: (v) => (typeof v === 'boolean' ? undefined : 'true or false'),
  listOf: (item, want) => (v) =>
    Array.isArray(v) && v.length <= MAX_LIST && v.every((x) => item(x) === undefined)
      ? undefined
      : `a list of ${want}`,
  textLike: (pattern, want) => (v) => (typeof v === 'string' && pattern.test(v) ? undefined : want),
};

/**
 * A renderer's options, checked: unknown names and bad values are
 * `RulesError('INVALID_OPTIONS')` naming the renderer and the option, so that a picture never
 * shows `NaN`, `Infinity` or `undefined`.
 */
export function readRenderOptions(
  where: string,
  options: unknown,
  checks: Readonly<Record<string, OptionCheck>>,
): OptionValues {
  return readCheckedOptions(options, `${where} options`, checks);
}
