// The Hive SVG picture: well-formed, deterministic, and showing exactly what the public queries
// say is on the board (one tile per occupied hex, stack heights, hand, last move, highlights).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import {
  type HiveState,
  hive,
  parseGameString,
  piecesInHand,
  piecesOnBoard,
  stackAt,
} from '../../src/hive/index.js';
import { render } from '../../src/hive/svg.js';
import { byClass, parseXml } from '../support/xml.js';

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
  });
});
