// The Torres SVG picture: well-formed, deterministic, and showing exactly what the state holds
// (heights, castle walls, knights by seat and level, the king, the score track).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { type TorresState, torres, winners } from '../../src/torres/index.js';
import { render } from '../../src/torres/svg.js';
import { byClass, parseXml, type XmlElement } from '../support/xml.js';
import { at } from './helpers.js';

/** Plays a fixed pseudo-random line for `plies` plies. */
function played(plies: number): TorresState {
  let s = torres.start({ players: 3, seed: 7 });
  for (let i = 0; i < plies && !torres.terminal(s); i++) {
    const moves = torres.moves(s);
    s = torres.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
  }
  return s;
}

const walls = (doc: XmlElement): number =>
  byClass(doc, 'castles')[0]?.children.filter((c) => c.name === 'line').length ?? -1;

describe('torres render', () => {
  it('draws 64 squares with their heights', () => {
    // h8 stands in a castle of five squares, so it may be five high (T-GEO-5).
    const s = at({ h: 'c3=1 d3=2 h8=5 h7=1 h6=1 h5=1 h4=1' });
    const doc = parseXml(render(s));
    const squares = byClass(doc, 'square');
    expect(squares).toHaveLength(64);
    const heights = Object.fromEntries(
      squares.map((q) => [q.attrs['data-square'], Number(q.attrs['data-height'])]),
    );
    expect(heights.c3).toBe(1);
    expect(heights.d3).toBe(2);
    expect(heights.h8).toBe(5);
    expect(Object.values(heights).reduce((a, b) => a + b, 0)).toBe(12);
    expect(
      byClass(doc, 'height')
        .map((t) => t.text)
        .sort(),
    ).toEqual(['1', '1', '1', '1', '1', '2', '5']);
  });

  it('outlines each castle along its perimeter only', () => {
    // c3+d3 (orthogonally joined: one castle, 6 unit walls), h8 alone (4), f5 diagonal to
    // nothing (4), and an L of three squares a1 a2 b1 (8).
    const s = at({ h: 'c3=1 d3=2 h8=1 f5=1 a1=1 a2=1 b1=2' });
    const doc = parseXml(render(s));
    expect(byClass(doc, 'castles')[0]?.attrs['data-count']).toBe('4');
    expect(walls(doc)).toBe(6 + 4 + 4 + 8);
    // Two squares touching only at a corner are two castles.
    const diag = parseXml(render(at({ h: 'c3=1 d4=1' })));
    expect(byClass(diag, 'castles')[0]?.attrs['data-count']).toBe('2');
    expect(walls(diag)).toBe(8);
  });

  it('draws knights in their seat colour with the level they stand on, and the king', () => {
    const s = at({ h: 'c3=2 d3=1 e5=1', p: 'W@c3 B@d3 W@a1 K@e5' });
    const doc = parseXml(render(s));
    const knights = byClass(doc, 'knight').map(
      (k) =>
        `${k.attrs['data-square']} seat ${k.attrs['data-seat']} level ${k.attrs['data-level']}`,
    );
    expect(knights.sort()).toEqual(['a1 seat 0 level 0', 'c3 seat 0 level 2', 'd3 seat 1 level 1']);
    expect(byClass(doc, 'king').map((k) => k.attrs['data-square'])).toEqual(['e5']);
  });

  it('shows every seat on the score track', () => {
    const s = played(200);
    const doc = parseXml(render(s));
    expect(byClass(doc, 'score').map((e) => Number(e.attrs['data-score']))).toEqual(
      torres.score(s),
    );
    expect(byClass(doc, 'knight')).toHaveLength(
      s.pieces.filter((p) => typeof p === 'number').length,
    );
    expect(byClass(parseXml(render(s, { panel: false })), 'score')).toHaveLength(0);
  });

  it('names the winner of a finished game (T-END-3)', () => {
    let s = torres.start({ players: 4, seed: 2 });
    for (let i = 0; !torres.terminal(s); i++) {
      const moves = torres.moves(s);
      s = torres.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    const names = ['red', 'blue', 'yellow', 'green'];
    const expected = winners(s).map((p) => names[p]);
    const heading = byClass(parseXml(render(s)), 'panel')[0]?.children[0]?.text;
    expect(heading).toBe(
      `Game over: ${expected.join(' and ')} ${expected.length > 1 ? 'win' : 'wins'}`,
    );
  });

  it('highlights target squares and coordinates on request', () => {
    const s = played(40);
    const doc = parseXml(
      render(s, { highlight: ['c4', 'd5'], selected: 'a1', coordinates: false }),
    );
    expect(byClass(doc, 'target').map((t) => t.attrs['data-square'])).toEqual(['c4', 'd5']);
    expect(byClass(doc, 'coords')).toHaveLength(0);
    expect(byClass(parseXml(render(s)), 'coords')).toHaveLength(1);
  });

  it("leaves a built square's height in view when the square is marked or selected", () => {
    // c3 is built (height 1) and empty: mark and select it, and put a knight-sized mark on it.
    const s = at({ h: 'c3=2 d3=1' });
    const doc = parseXml(render(s, { highlight: ['c3', 'd3'], selected: 'c3', size: 100 }));
    // The digit's box: from its baseline up a digit's height (under 0.75 em), 0.6 em wide each.
    const digits = byClass(doc, 'height').map((t) => {
      const x = Number(t.attrs.x);
      const y = Number(t.attrs.y);
      const em = Number(t.attrs['font-size']);
      return { x0: x, x1: x + 0.6 * em * t.text.length, y0: y - 0.75 * em, y1: y };
    });
    expect(digits).toHaveLength(2);
    for (const mark of [...byClass(doc, 'target'), ...byClass(doc, 'selected')]) {
      const half = Number(mark.attrs['stroke-width']) / 2;
      const box =
        mark.name === 'circle'
          ? {
              x0: Number(mark.attrs.cx) - Number(mark.attrs.r) - half,
              x1: Number(mark.attrs.cx) + Number(mark.attrs.r) + half,
              y0: Number(mark.attrs.cy) - Number(mark.attrs.r) - half,
              y1: Number(mark.attrs.cy) + Number(mark.attrs.r) + half,
            }
          : null;
      for (const d of digits) {
        if (box !== null) {
          // A disc: its nearest point to the digit's box is farther than its radius.
          const cx = Number(mark.attrs.cx);
          const cy = Number(mark.attrs.cy);
          const nx = Math.max(d.x0, Math.min(cx, d.x1));
          const ny = Math.max(d.y0, Math.min(cy, d.y1));
          expect(Math.hypot(nx - cx, ny - cy)).toBeGreaterThan(Number(mark.attrs.r) + half);
        } else {
          // An outline: its stroke's inner edge lies outside the digit's box.
          const inner = Number(mark.attrs.x) + half;
          const top = Number(mark.attrs.y) + half;
          if (d.x1 > Number(mark.attrs.x) && d.y1 > Number(mark.attrs.y)) {
            expect(d.x0).toBeGreaterThanOrEqual(inner);
            expect(d.y0).toBeGreaterThanOrEqual(top);
          }
        }
      }
    }
  });

  it('is deterministic: the same position gives the same string, however it was reached', () => {
    const s = played(150);
    expect(render(torres.deserialize(torres.serialize(s)))).toBe(render(s));
  });

  it('junk fields the picture writes as text are a RulesError (found by the fuzzer)', () => {
    const valid = JSON.parse(JSON.stringify(torres.start({ players: 3, seed: 7 })));
    for (const junk of [{ step: { toString: '' } }, { phase: {} }, { supply: '3' }]) {
      expect(() => render({ ...valid, ...junk } as never)).toThrow(RulesError);
    }
  });

  it('throws only RulesError on values that are not states (fuzzed)', () => {
    const valid = JSON.parse(JSON.stringify(torres.start({ players: 3, seed: 7 })));
    const mutated = fc
      .tuple(fc.constantFrom(...Object.keys(valid)), fc.anything())
      .map(([k, v]) => ({ ...valid, [k]: v }));
    fc.assert(
      fc.property(fc.oneof(fc.anything(), mutated), (x) => {
        try {
          expect(typeof render(x as never)).toBe('string');
        } catch (e) {
          expect(e).toBeInstanceOf(RulesError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('matches the stored pictures', async () => {
    await expect(render(played(12))).toMatchFileSnapshot('./__snapshots__/render-setup.svg');
    const midgame = played(100);
    expect(midgame.step).not.toBe('over');
    await expect(render(midgame)).toMatchFileSnapshot('./__snapshots__/render-midgame.svg');
    const finished = played(200);
    expect(finished.step).toBe('over');
    await expect(render(finished)).toMatchFileSnapshot('./__snapshots__/render-finished.svg');
  });
});
