// The shared SVG writer and the XML checker the render tests rely on.
import { describe, expect, it } from 'vitest';
import { el, esc, num, svgDocument, text } from '../../src/core/svg.js';
import { byClass, parseXml } from '../support/xml.js';

describe('svg writer', () => {
  it('escapes markup characters in text and attributes', () => {
    expect(esc(`a<b & "c" 'd'>`)).toBe('a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;');
    const doc = parseXml(
      svgDocument(0, 0, 10, 10, 'A & <B>', [el('g', { 'data-x': '"<&>"' }, text({}, '<&>'))]),
    );
    expect(doc.children[0]?.text).toBe('A & <B>');
    expect(doc.children[1]?.attrs['data-x']).toBe('"<&>"');
    expect(doc.children[1]?.children[0]?.text).toBe('<&>');
  });

  it('writes numbers with at most two decimals and never -0', () => {
    expect(num(1 / 3)).toBe('0.33');
    expect(num(-0.001)).toBe('0');
    expect(num(-0)).toBe('0');
    expect(num(2)).toBe('2');
    expect(num(-12.346)).toBe('-12.35');
  });

  it('skips undefined attributes and self-closes empty elements', () => {
    expect(el('rect', { x: 1, y: undefined })).toBe('<rect x="1"/>');
    expect(el('g', { class: 'a' }, '<x/>')).toBe('<g class="a"><x/></g>');
  });
});

describe('xml checker', () => {
  it('accepts well-formed documents and finds elements by class', () => {
    const doc = parseXml('<svg a="1"><g class="x y"><r class="x"/></g>t&amp;</svg>\n');
    expect(byClass(doc, 'x').map((e) => e.name)).toEqual(['g', 'r']);
    expect(doc.text).toBe('t&');
  });

  it.each([
    ['<a><b></a></b>', 'closes'],
    ['<a>', 'unclosed'],
    ['<a/><b/>', 'second root'],
    ['<a x="1" x="2"/>', 'duplicate'],
    ['<a x=1/>', 'bad attribute'],
    ['<a>&nbsp;</a>', 'bad entity'],
    ['<a>x & y</a>', 'bad entity'],
    ['<a x="<"/>', "raw '<'"],
    ['text<a/>', 'outside the root'],
    ['', 'no root'],
  ])('rejects %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(message);
  });
});
