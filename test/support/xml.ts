// A tiny, strict XML reader for the SVG the renderers write: it proves the output is
// well-formed (one root, tags balanced, attributes quoted and unique, `<` and `&` only as markup
// or entities) and returns an element tree for structural assertions. No DTDs, comments,
// CDATA or processing instructions: the renderers never write them, so seeing one is an error.

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own character data (entities decoded), concatenated. */
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function decode(raw: string, where: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '<') throw new Error(`raw '<' in ${where}`);
    if (c !== '&') {
      out += c;
      continue;
    }
    const m = ENTITY.exec(raw.slice(i));
    if (!m) throw new Error(`bad entity in ${where} at ${JSON.stringify(raw.slice(i, i + 10))}`);
    const e = m[1] as string;
    out +=
      e === 'amp'
        ? '&'
        : e === 'lt'
          ? '<'
          : e === 'gt'
            ? '>'
            : e === 'quot'
              ? '"'
              : e === 'apos'
                ? "'"
                : String.fromCodePoint(
                    e.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
                  );
    i += m[0].length - 1;
  }
  return out;
}

/** Parses `xml`; throws an `Error` saying where it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    if (chunk !== '') {
      const top = stack[stack.length - 1];
      if (!top) {
        if (chunk.trim() !== '') throw new Error(`text outside the root at ${i}`);
      } else top.text += decode(chunk, `text at ${i}`);
    }
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('</', i)) {
      const m = NAME.exec(xml.slice(i + 2));
      if (!m) throw new Error(`bad closing tag at ${i}`);
      const end = i + 2 + m[0].length;
      if (xml[end] !== '>') throw new Error(`closing tag </${m[0]} not closed at ${end}`);
      const open = stack.pop();
      if (!open || open.name !== m[0]) {
        throw new Error(`</${m[0]}> at ${i} closes <${open?.name ?? 'nothing'}>`);
      }
      i = end + 1;
      continue;
    }
    const m = NAME.exec(xml.slice(i + 1));
    if (!m) throw new Error(`bad tag at ${i}: ${JSON.stringify(xml.slice(i, i + 12))}`);
    const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
    const attrs = el.attrs as Record<string, string>;
    let j = i + 1 + m[0].length;
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(j)) as RegExpExecArray;
      j += ws[0].length;
      if (xml.startsWith('/>', j) || xml[j] === '>') break;
      if (ws[0] === '') throw new Error(`missing blank before attribute at ${j}`);
      const a = /^([A-Za-z_][\w.:-]*)="([^"]*)"/.exec(xml.slice(j));
      if (!a) throw new Error(`bad attribute at ${j}: ${JSON.stringify(xml.slice(j, j + 20))}`);
      const key = a[1] as string;
      if (key in attrs) throw new Error(`duplicate attribute ${key} at ${j}`);
      attrs[key] = decode(a[2] as string, `attribute ${key} at ${j}`);
      j += a[0].length;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) throw new Error(`second root element <${el.name}> at ${i}`);
    else root = el;
    if (xml.startsWith('/>', j)) i = j + 2;
    else {
      stack.push(el);
      i = j + 1;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element of the tree (depth first, document order) for which `pred` holds. */
export function findAll(root: XmlElement, pred: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (pred(e)) out.push(e);
    for (const c of e.children) walk(c);
  };
  walk(root);
  return out;
}

/** Elements whose `class` attribute contains `cls`. */
export function byClass(root: XmlElement, cls: string): XmlElement[] {
  return findAll(root, (e) => (e.attrs.class ?? '').split(' ').includes(cls));
}
