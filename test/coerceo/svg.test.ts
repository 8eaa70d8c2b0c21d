// The Coerceo SVG picture: well-formed, deterministic, and showing exactly what the public
// queries say (fields of the present tiles, pieces, removed tiles, tiles held).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CoerceoState,
  coerceo,
  piecesOf,
  presentTiles,
  removedTiles,
  resign,
  tilesHeld,
} from '../../src/coerceo/index.js';
import { render } from '../../src/coerceo/svg.js';
import { RulesError } from '../../src/core/errors.js';
import { byClass, parseXml } from '../support/xml.js';

/** Plays a fixed pseudo-random line until a tile has been collected (bounded). */
function gameWithRemovedTiles(): CoerceoState {
  let s = coerceo.start();
  for (let i = 0; i < 600 && !coerceo.terminal(s); i++) {
    const moves = coerceo.moves(s);
    s = coerceo.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    const held = tilesHeld(s);
    if (held.white + held.black >= 2) return s;
  }
  throw new Error('no tile collected in 600 plies');
}

describe('coerceo render', () => {
  it('draws the Laurentius start: 19 tiles of 6 fields and 18 + 18 pieces', () => {
    const s = coerceo.start();
    const doc = parseXml(render(s));
    expect(doc.name).toBe('svg');
    expect(byClass(doc, 'tile')).toHaveLength(presentTiles(s).length);
    expect(byClass(doc, 'field')).toHaveLength(6 * 19);
    const pieces = byClass(doc, 'piece');
    expect(pieces.filter((p) => p.attrs['data-colour'] === 'white')).toHaveLength(18);
    expect(pieces.filter((p) => p.attrs['data-colour'] === 'black')).toHaveLength(18);
    expect(byClass(doc, 'removed-tile')).toHaveLength(0);
  });

  it('puts each piece on its field and every White piece on a White (a, c, e) field', () => {
    const s = coerceo.start({ variant: 'ocius' });
    const doc = parseXml(render(s));
    const drawn = byClass(doc, 'piece').map(
      (p) => `${p.attrs['data-colour']} ${p.attrs['data-field']}`,
    );
    const expected = [
      ...piecesOf(s, 'white').map((f) => `white ${f}`),
      ...piecesOf(s, 'black').map((f) => `black ${f}`),
    ];
    expect(drawn.sort()).toEqual(expected.sort());
    for (const f of piecesOf(s, 'white')) expect('ace').toContain(f[2]);
    // Ocius (C-VARIANT-OCIUS-1): the 12 outer tiles are never on the board, so they are not
    // drawn at all (not as removed tiles), and the picture is the 7 tiles' size.
    expect(byClass(doc, 'tile')).toHaveLength(7);
    expect(byClass(doc, 'removed-tile')).toHaveLength(0);
    const width = (svg: string): number => Number(parseXml(svg).attrs.width);
    expect(width(render(s, { panel: false }))).toBeLessThan(
      width(render(coerceo.start(), { panel: false })) * 0.7,
    );
  });

  it('draws the Ocius tiles removed during the game as removed, and only those', () => {
    let s = coerceo.start({ variant: 'ocius', exchangeCost: 1 });
    for (let i = 0; removedTiles(s).length === 12; i++) {
      if (i > 600 || coerceo.terminal(s)) throw new Error('no tile removed in 600 plies');
      const moves = coerceo.moves(s);
      s = coerceo.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    const gone = byClass(parseXml(render(s)), 'removed-tile').map((t) => t.attrs['data-tile']);
    // removedTiles counts the 12 outer tiles too (tiles of the full board not on it).
    expect(gone.length).toBe(removedTiles(s).length - 12);
    expect(gone.length).toBeGreaterThan(0);
    for (const t of gone) expect(t).toMatch(/^(b2|b3|c2|c3|c4|d2|d3)$/);
    expect(byClass(parseXml(render(s, { removedTiles: false })), 'removed-tile')).toHaveLength(0);
  });

  it('leaves the panel out with panel: false, the board alone filling the picture', () => {
    const s = gameWithRemovedTiles();
    const doc = parseXml(render(s, { panel: false }));
    expect(byClass(doc, 'panel')).toHaveLength(0);
    expect(byClass(doc, 'status')).toHaveLength(0);
    expect(byClass(doc, 'held')).toHaveLength(0);
    expect(byClass(doc, 'piece')).toHaveLength(byClass(parseXml(render(s)), 'piece').length);
    expect(Number(doc.attrs.width)).toBeLessThan(Number(parseXml(render(s)).attrs.width));
  });

  it('wraps the tiles held into rows inside the picture', () => {
    // A fixed line until 8 tiles are gone, then (a valid position) White holding all 8.
    let s = coerceo.start();
    for (let i = 0; removedTiles(s).length < 8; i++) {
      if (i > 2000 || coerceo.terminal(s)) throw new Error('8 tiles not removed in 2000 plies');
      const moves = coerceo.moves(s);
      s = coerceo.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    const held = removedTiles(s).length;
    s = coerceo.deserialize(
      coerceo.serialize(s).replace(/ ([wb]) \d+\/\d+ /, (_, side) => ` ${side} ${held}/0 `),
    );
    expect(tilesHeld(s).white).toBe(held);
    const doc = parseXml(render(s));
    const [x0, y0, w, h] = (doc.attrs.viewBox ?? '').split(' ').map(Number) as number[];
    const icons = byClass(doc, 'held')[0]?.children ?? [];
    expect(icons).toHaveLength(held);
    for (const icon of icons) {
      for (const xy of (icon.attrs.points ?? '').split(' ')) {
        const [x, y] = xy.split(',').map(Number) as [number, number];
        expect(x).toBeLessThanOrEqual((x0 as number) + (w as number));
        expect(y).toBeLessThanOrEqual((y0 as number) + (h as number));
      }
    }
  });

  it('shows removed tiles and the tiles each side holds', () => {
    const s = gameWithRemovedTiles();
    const doc = parseXml(render(s));
    expect(byClass(doc, 'removed-tile').map((t) => t.attrs['data-tile'])).toEqual(removedTiles(s));
    expect(byClass(doc, 'tile')).toHaveLength(presentTiles(s).length);
    const held = byClass(doc, 'held');
    expect(held.map((h) => Number(h.attrs['data-count']))).toEqual([
      tilesHeld(s).white,
      tilesHeld(s).black,
    ]);
    expect(held.map((h) => h.children.length)).toEqual([tilesHeld(s).white, tilesHeld(s).black]);
    expect(byClass(doc, 'piece')).toHaveLength(
      piecesOf(s, 'white').length + piecesOf(s, 'black').length,
    );
  });

  it('highlights destinations, the selected piece and the last move', () => {
    const s = coerceo.start();
    const targets = coerceo
      .moves(s)
      .flatMap((m) => (m.kind === 'step' && m.from === 'c4a' ? [m.to] : []));
    expect(targets.length).toBeGreaterThan(0);
    const m = coerceo.parseMove(s, 'c4a-c4c');
    const doc = parseXml(
      render(coerceo.apply(s, m), { highlight: targets, lastMove: m, selected: 'c4c' }),
    );
    expect(byClass(doc, 'target').map((t) => t.attrs['data-field'])).toEqual(targets.sort());
    expect(byClass(doc, 'last-move').map((t) => t.attrs['data-field'])).toEqual(['c4a', 'c4c']);
    expect(byClass(parseXml(render(s, { coordinates: true })), 'coord')).toHaveLength(114);
  });

  it('names the side to move, and the result once the game is over', () => {
    const status = (s: CoerceoState): string =>
      byClass(parseXml(render(s)), 'status')[0]?.text ?? '';
    expect(status(coerceo.start())).toBe('White to move');
    expect(status(coerceo.apply(coerceo.start(), coerceo.moves(coerceo.start())[0]!))).toBe(
      'Black to move',
    );
    expect(status(resign(coerceo.start(), 'black'))).toBe('White wins (resignation)');
  });

  it('is wide enough for the result text, reason included', () => {
    // The status text starts at the panel's left edge; at about 0.6 em per character it must
    // end inside the picture ('White wins (captured-all)' used to be cut off).
    for (const s of [coerceo.start(), resign(coerceo.start(), 'black')]) {
      const doc = parseXml(render(s));
      const [x0, , width] = (doc.attrs.viewBox ?? '').split(' ').map(Number);
      const t = byClass(doc, 'status')[0];
      const end = Number(t?.attrs.x) + (t?.text.length ?? 0) * Number(t?.attrs['font-size']) * 0.6;
      expect(end).toBeLessThanOrEqual((x0 as number) + (width as number));
    }
  });

  it('is deterministic: the same position gives the same string, however it was reached', () => {
    const s = gameWithRemovedTiles();
    expect(render(coerceo.deserialize(coerceo.serialize(s)))).toBe(render(s));
  });

  it('throws only RulesError on values that are not states (fuzzed)', () => {
    const valid = JSON.parse(JSON.stringify(coerceo.start()));
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
    await expect(render(coerceo.start(), { coordinates: true })).toMatchFileSnapshot(
      './__snapshots__/render-laurentius.svg',
    );
    await expect(render(gameWithRemovedTiles())).toMatchFileSnapshot(
      './__snapshots__/render-midgame.svg',
    );
  });
});
