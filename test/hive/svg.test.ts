// The Hive SVG picture: well-formed, deterministic, and showing exactly what the public queries
// say is on the board (one tile per occupied hex, stack heights, hand, last move, highlights).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { BUG_PICTURES } from '../../src/hive/bugs.js';
import { KIND_LETTERS } from '../../src/hive/engine/pieces.js';
import {
  type HiveState,
  hive,
  parseGameString,
  piecesInHand,
  piecesOnBoard,
  stackAt,
} from '../../src/hive/index.js';
import { render, renderPiece } from '../../src/hive/svg.js';
import { byClass, parseXml, type XmlElement } from '../support/xml.js';

function play(texts: string[], options = {}): HiveState {
  let s = hive.start(options);
  for (const t of texts) s = hive.apply(s, hive.parseMove(s, t));
  return s;
}

// A short game with a beetle on top of the white Queen (a stack of two).
const MIDGAME = ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wB1 wQ\\', 'bA1 bQ/', 'wB1 wQ'];

describe('hive render', () => {
  it('draws the empty board as a well-formed document with every piece in hand', () => {
    const s = hive.start();
    const doc = parseXml(render(s));
    expect(doc.name).toBe('svg');
    expect(byClass(doc, 'tile')).toHaveLength(0);
    expect(byClass(doc, 'hand-piece')).toHaveLength(
      piecesInHand(s, 'w').length + piecesInHand(s, 'b').length,
    );
    expect(byClass(doc, 'hand-piece')).toHaveLength(28); // Base+MLP: 14 pieces a side
  });

  it('draws one tile per occupied hex, showing the top piece and the stack height', () => {
    const s = play(MIDGAME);
    const doc = parseXml(render(s));
    const tiles = byClass(doc, 'tile');
    const onBoard = piecesOnBoard(s);
    const hexes = new Set(onBoard.map((p) => `${p.q},${p.r}`));
    expect(tiles).toHaveLength(hexes.size);
    expect(hexes.size).toBe(onBoard.length - 1); // the beetle sits on the queen
    let pieces = 0;
    for (const t of tiles) {
      const q = Number(t.attrs['data-q']);
      const r = Number(t.attrs['data-r']);
      const stack = stackAt(s, q, r);
      expect(t.attrs['data-piece']).toBe(stack[stack.length - 1]);
      expect(Number(t.attrs['data-height'])).toBe(stack.length);
      pieces += stack.length;
    }
    expect(pieces).toBe(onBoard.length);
    const badges = byClass(doc, 'height');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.children.find((c) => c.name === 'text')?.text).toBe('2');
    expect(byClass(doc, 'hand-piece')).toHaveLength(
      piecesInHand(s, 'w').length + piecesInHand(s, 'b').length,
    );
  });

  it("marks the last move's origin and destination, and only the destination of a placement", () => {
    const s = play(MIDGAME);
    const doc = parseXml(render(s));
    const from = byClass(doc, 'last-from');
    const to = byClass(doc, 'last-to');
    expect(from).toHaveLength(1);
    expect(to).toHaveLength(1);
    // The last ply is wB1 climbing onto wQ: the destination is the queen's hex.
    const wq = piecesOnBoard(s).find((p) => p.piece === 'wQ');
    expect([to[0]?.attrs['data-q'], to[0]?.attrs['data-r']]).toEqual([
      String(wq?.q),
      String(wq?.r),
    ]);
    const placed = parseXml(render(play(['wS1'])));
    expect(byClass(placed, 'last-from')).toHaveLength(0);
    expect(byClass(placed, 'last-to')).toHaveLength(1);
    expect(byClass(parseXml(render(s, { lastMove: false })), 'last-to')).toHaveLength(0);
  });

  it('highlights the legal destinations of a piece', () => {
    const s = play(MIDGAME);
    const targets = hive
      .moves(s)
      .filter((m) => m.kind !== 'pass' && m.piece === 'bA1')
      .map((m) => m as { q: number; r: number });
    expect(targets.length).toBeGreaterThan(3);
    const doc = parseXml(render(s, { highlight: targets, selected: 'bA1', coordinates: true }));
    const drawn = byClass(doc, 'target').map((t) => `${t.attrs['data-q']},${t.attrs['data-r']}`);
    expect(drawn.sort()).toEqual(targets.map((t) => `${t.q},${t.r}`).sort());
    expect(byClass(doc, 'coord').length).toBe(byClass(doc, 'tile').length);
  });

  // Every kind: the eight official bugs in hand, then the seven fan bugs (every tile turned).
  const EVERY_KIND = [
    hive.start({ type: 'Base+MLP' }),
    hive.start({ type: 'Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC' }),
  ];
  const kindsInHand = (doc: XmlElement): string[] =>
    byClass(doc, 'hand-piece').map((p) => p.attrs['data-piece']?.[1] ?? '');

  it('draws every bug kind as its picture by default, and its letter with pieces: letters', () => {
    const seen = new Set<string>();
    for (const s of EVERY_KIND) {
      const bugs = parseXml(render(s));
      const letters = parseXml(render(s, { pieces: 'letters' }));
      for (const [k, piece] of byClass(bugs, 'hand-piece').entries()) {
        const kind = kindsInHand(bugs)[k] as string;
        seen.add(kind);
        const picture = byClass(piece, 'bug');
        expect(picture).toHaveLength(1);
        expect(picture[0]?.children.length).toBe(BUG_PICTURES[kind]?.length);
        // No letter: the only text is the piece's number, if it has one.
        const texts = piece.children.filter((c) => c.name === 'text').map((t) => t.text);
        expect(texts).toEqual(
          piece.attrs['data-piece']?.length === 3 ? [piece.attrs['data-piece'][2]] : [],
        );
        const lettered = byClass(letters, 'hand-piece')[k] as XmlElement;
        expect(byClass(lettered, 'bug')).toHaveLength(0);
        expect(lettered.children.find((c) => c.name === 'text')?.text).toBe(kind);
      }
    }
    // Every bug kind the library has, and no picture for a kind it does not have.
    expect([...seen].sort()).toEqual([...KIND_LETTERS].sort());
    expect(Object.keys(BUG_PICTURES).sort()).toEqual([...KIND_LETTERS].sort());
  });

  it('gives each kind a picture of its own, the same on both sides but for the colour', () => {
    const shapes = Object.values(BUG_PICTURES).map((parts) => parts.map(([, d]) => d).join('|'));
    expect(new Set(shapes).size).toBe(KIND_LETTERS.length);
    for (const kind of KIND_LETTERS) {
      const name = ['S', 'B', 'G', 'A', 'T', 'F', 'K', 'W'].includes(kind) ? `${kind}1` : kind;
      const paths = (side: string) =>
        byClass(parseXml(renderPiece(`${side}${name}`)), 'bug')[0]?.children ?? [];
      const white = paths('w');
      const black = paths('b');
      expect(white.map((p) => p.attrs.d)).toEqual(black.map((p) => p.attrs.d));
      // The body's colour differs (lighter on a black tile), so the bug stands out on both.
      const fill = (ps: XmlElement[]) =>
        ps.find((p) => p.attrs.fill?.startsWith('#') && p.attrs.fill !== '#1b1b1b')?.attrs.fill;
      expect(fill(white)).not.toBe(fill(black));
    }
  });

  it('keeps every bug inside its hex and clear of the number at the bottom', () => {
    // The picture's points: polyline and curve points, and for an ellipse (two half arcs) the
    // circle around its centre with the larger radius, which contains it.
    const pointsOf = (d: string): [number, number, number][] => {
      const out: [number, number, number][] = [];
      const tokens = d.match(/[MLCAZ]|-?[\d.]+/g) ?? [];
      let cmd = '';
      let last: [number, number] = [0, 0];
      for (let i = 0; i < tokens.length; ) {
        const t = tokens[i] as string;
        if (/[MLCAZ]/.test(t)) {
          cmd = t;
          i++;
          continue;
        }
        const n = (k: number) => Number(tokens[i + k]);
        if (cmd === 'A') {
          const end: [number, number] = [n(5), n(6)];
          const r = Math.max(n(0), n(1));
          out.push([(last[0] + end[0]) / 2, (last[1] + end[1]) / 2, r]);
          last = end;
          i += 7;
        } else {
          last = [n(0), n(1)];
          out.push([last[0], last[1], 0]);
          i += 2;
        }
      }
      return out;
    };
    const size = 100;
    for (const [kind, parts] of Object.entries(BUG_PICTURES)) {
      const doc = parseXml(renderPiece(`w${kind}${'SBGATFKW'.includes(kind) ? 1 : ''}`, { size }));
      const transform = byClass(doc, 'bug')[0]?.attrs.transform ?? '';
      const [, tx, ty, k] = (/translate\((\S+) (\S+)\) scale\((\S+)\)/.exec(transform) ?? []).map(
        Number,
      ) as number[];
      const apothem = size * 0.94 * (Math.sqrt(3) / 2);
      const number = byClass(doc, 'piece')[0]?.children.find((c) => c.name === 'text');
      for (const [paint, d] of parts) {
        const pad = paint === 'leg' || paint === 'inkLine' ? 2 : 0;
        for (const [px, py, r] of pointsOf(d)) {
          const x = (tx as number) + px * (k as number);
          const y = (ty as number) + py * (k as number);
          const reach = (r + pad) * (k as number);
          // Inside the pointy-top hex (its six sides), with the stroke or the ellipse's radius.
          expect(Math.abs(x) + reach, `${kind} x`).toBeLessThanOrEqual(apothem);
          expect(
            Math.abs(x) * 0.5 + Math.abs(y) * (Math.sqrt(3) / 2) + reach,
            `${kind} ${paint} (${px}, ${py})`,
          ).toBeLessThanOrEqual(apothem);
          if (number !== undefined && Math.abs(x) - reach < size * 0.12) {
            // Above the number (its top: the baseline less a digit's height, 0.75 em).
            const top = Number(number.attrs.y) - 0.75 * Number(number.attrs['font-size']);
            expect(y + reach, `${kind} over the number`).toBeLessThanOrEqual(top);
          }
        }
      }
    }
  });

  it('renderPiece draws one tile as render does, for every piece name', () => {
    for (const s of EVERY_KIND) {
      for (const name of [...piecesInHand(s, 'w'), ...piecesInHand(s, 'b')]) {
        const doc = parseXml(renderPiece(name, { size: 30 }));
        expect(doc.name).toBe('svg');
        const piece = byClass(doc, 'piece');
        expect(piece).toHaveLength(1);
        expect(piece[0]?.attrs['data-piece']).toBe(name);
        const inHand = byClass(parseXml(render(s, { size: 30 / 0.62 })), 'hand-piece').find(
          (p) => p.attrs['data-piece'] === name,
        );
        // The same picture (paths) as the hand's tile of the same size.
        expect(byClass(piece[0] as XmlElement, 'bug')[0]?.children.map((c) => c.attrs.d)).toEqual(
          byClass(inHand as XmlElement, 'bug')[0]?.children.map((c) => c.attrs.d),
        );
      }
    }
    expect(byClass(parseXml(renderPiece('bQ', { pieces: 'letters' })), 'bug')).toHaveLength(0);
    expect(renderPiece('wq')).toBe(renderPiece('wQ')); // names are read as UHP reads them
    expect(renderPiece('wA1', { selected: true })).not.toBe(renderPiece('wA1'));
  });

  it('refuses bad piece names and options with a RulesError', () => {
    for (const bad of ['wA', 'wQ1', 'xA1', '', 'wA9']) {
      expect(() => renderPiece(bad)).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
    }
    expect(() => renderPiece(3 as never)).toThrow(RulesError);
    expect(() => renderPiece('wA1', { pieces: 'emoji' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
    expect(() => renderPiece('wA1', { hand: true } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
    expect(() => render(hive.start(), { pieces: 'Bugs' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });

  it('leaves the status line out with status: false, the board alone filling the picture', () => {
    const s = play(['wS1', 'bS1 wS1-']);
    const withStatus = parseXml(render(s, { hand: false }));
    const without = parseXml(render(s, { hand: false, status: false }));
    expect(byClass(withStatus, 'status')).toHaveLength(1);
    expect(byClass(without, 'status')).toHaveLength(0);
    // Two tiles: the status line made the picture wider and taller than the board.
    expect(Number(without.attrs.width)).toBeLessThan(Number(withStatus.attrs.width));
    expect(Number(without.attrs.height)).toBeLessThan(Number(withStatus.attrs.height));
    expect(byClass(without, 'tile')).toHaveLength(2);
  });

  it('leaves the hand out on request', () => {
    expect(byClass(parseXml(render(play(MIDGAME), { hand: false })), 'hand-piece')).toHaveLength(0);
  });

  it('is deterministic: the same position gives the same string, however it was reached', () => {
    const s = play(MIDGAME);
    const again = parseGameString(hive.serialize(s));
    expect(render(again)).toBe(render(s));
    expect(render(hive.deserialize(hive.serialize(s)), { size: 20 })).toBe(render(s, { size: 20 }));
  });

  it('a junk type whose text conversion throws is a RulesError (found by the fuzzer)', () => {
    const valid = JSON.parse(JSON.stringify(hive.start()));
    expect(() => render({ ...valid, type: [Object.create(null)] } as never)).toThrow(RulesError);
  });

  it('throws only RulesError on values that are not states (fuzzed)', () => {
    const valid = JSON.parse(JSON.stringify(hive.start()));
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
    await expect(render(hive.start({ type: 'Base' }))).toMatchFileSnapshot(
      './__snapshots__/render-start.svg',
    );
    await expect(render(play(MIDGAME), { coordinates: true })).toMatchFileSnapshot(
      './__snapshots__/render-midgame.svg',
    );
    // Letters draw exactly what they drew before bug pictures came (the same file as then).
    await expect(
      render(play(MIDGAME), { coordinates: true, pieces: 'letters' }),
    ).toMatchFileSnapshot('./__snapshots__/render-midgame-letters.svg');
  });
});
