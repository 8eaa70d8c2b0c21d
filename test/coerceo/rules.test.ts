import { describe, expect, it } from 'vitest';
import {
  coerceo,
  formatBoard,
  LAURENTIUS_CPF,
  OCIUS_CPF,
  outcome,
  pieceAt,
  piecesOf,
  resign,
  threats,
  tilesHeld,
  turnEffects,
} from '../../src/coerceo/index.js';
import { isRulesError } from '../../src/core/errors.js';
import { cpfOf, expand, moveTexts, play, pos } from './helpers.js';

const S = {
  S1: 'E/-,b,acf,-,-/-,-,-,-/Z w 0/0 C2',
  S2: 'E/-,b,acf,c,-/-,-,-,-/Z w 0/0 C2',
  S3: 'E/-,b,acf,b,-/-,-,-,-/Z w 0/0 C2',
  S4: 'E/-,be,ade,-,-/-,-,-,-/Z b 0/0 C2',
  S5: 'E/-,-,e,f,-/-,f,f,-/Z w 0/0 C2',
  S6: '-,-,-/-,f,-,-/-,-,e,f,-/-,f,-,-/Z w 0/0 C2',
  S7: 'E/-,f,e,f,-/-,-,-,-/Z w 0/0 C2',
  S8: 'E/-,-,d,.,c/-,c,a,f/Z b 0/0 C2',
  S9: 'E/-,-,aef,e,-/-,-,d,-/Z w 0/0 C2',
  S10: 'E/-,-,aef,d,-/-,-,c,-/Z b 0/0 C2',
  S11: 'E/-,b,aef,b,-/-,-,-,-/Z w 2/0 C2',
  S12: 'E/-,-,acf,-,-/-,-,-,-/Z w 0/0 C2',
  S13: 'E/-,-,acef,-,-/-,-,-,-/Z w 0/0 C2',
  S14: 'E/-,-,af,-,-/-,-,-,-/Z w 0/0 C2',
};

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(isRulesError(e), String(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    return;
  }
  throw new Error(`expected a RulesError ${code}`);
}

describe('C-SETUP', () => {
  it('C-SETUP-1: the Laurentius start has the specified layout and position string', () => {
    const s = coerceo.start();
    expect(coerceo.serialize(s)).toBe(LAURENTIUS_CPF);
    expect(cpfOf(s)).toBe('ac,cf,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2');
    const white = 'a1a a1c a2c b1a b2a b2c b4e c4a c4e c5a c5e d1e d2c d2e d4a e1c e1e e2c'.split(
      ' ',
    );
    const black = 'a2f a3b a3f b1d b3b b3f b4b c1b c1d c2b c2d d1b d3d d3f d4d e2f e3d e3f'.split(
      ' ',
    );
    for (const f of white) expect(pieceAt(s, f)).toBe('white');
    for (const f of black) expect(pieceAt(s, f)).toBe('black');
    for (const f of 'abcdef') expect(pieceAt(s, `c3${f}`)).toBeNull();
  });

  it('C-SETUP-2: White (seat 0) moves first and both hold 0 tiles; a CPF with side b starts with Black', () => {
    const s = coerceo.start();
    expect(coerceo.toMove(s)).toBe(0);
    expect(tilesHeld(s)).toEqual({ white: 0, black: 0 });
    expect(coerceo.toMove(pos(S.S4))).toBe(1);
  });
});

describe('C-TURN', () => {
  it('C-TURN-1: there is no pass; a side with no step and no exchange has no moves (S13)', () => {
    const s = pos(S.S13);
    expect(coerceo.moves(s)).toEqual([]);
    expect(coerceo.moves(coerceo.start()).every((m) => m.kind === 'step')).toBe(true);
  });

  it('C-TURN-2: a step removes the vacated tile, then the capture it enables (S9)', () => {
    const s = play(pos(S.S9), 'c4e-d3a');
    expect(cpfOf(s)).toBe(expand('E/-,-,ae,-,-/-,-,ad,-/Z b 1/0 C2'));
  });

  it('C-TURN-3: an exchange removes a tile nobody collects, then captures (S11)', () => {
    const s = play(pos(S.S11), 'xc4b');
    expect(cpfOf(s)).toBe(expand('E/-,b,ae,-,-/-,-,-,-/Z b 0/0 C2'));
    expect(coerceo.toMove(s)).toBe(1);
  });

  it('C-TURN-4: turnEffects reports captures, removed tiles and collected tiles (S8, S9)', () => {
    const s8 = pos(S.S8);
    expect(turnEffects(s8, coerceo.parseMove(s8, 'c3d-d2b'))).toEqual({
      captured: [],
      removedTiles: ['c3', 'c4'],
      collected: 2,
    });
    const s9 = pos(S.S9);
    expect(turnEffects(s9, coerceo.parseMove(s9, 'c4e-d3a'))).toEqual({
      captured: ['c3f'],
      removedTiles: ['c4'],
      collected: 1,
    });
  });
});

describe('C-MOVE', () => {
  it('C-MOVE-1: a piece steps to empty existing vertex neighbours only', () => {
    const start = moveTexts(coerceo.start()).filter((m) => m.startsWith('c4a'));
    expect(start).toEqual(['c4a-b3e', 'c4a-b4c', 'c4a-c4c', 'c4a-c5c']);
    expect(moveTexts(pos(S.S5)).filter((m) => m.startsWith('c3e'))).toHaveLength(6);
    expect(moveTexts(pos(S.S7)).filter((m) => m.startsWith('c3e'))).toEqual([
      'c3e-c3a',
      'c3e-c3c',
      'c3e-c4c',
    ]);
  });

  it('C-MOVE-2: moves are the 48 first moves in canonical ASCII order, [] when terminal', () => {
    const expected =
      'a1a-a1e a1c-a1e a2c-a1e a2c-a2a a2c-a2e b1a-a1e b1a-b1c b1a-b1e b2a-a1e b2a-a2e b2a-b2e b2a-b3c b2c-a1e b2c-b1e b2c-b2e b2c-c2a b4e-b4a b4e-b4c b4e-c5c c4a-b3e c4a-b4c c4a-c4c c4a-c5c c4e-c4c c4e-c5c c4e-d3a c4e-d4c c5a-c5c c5e-c5c d1e-d1a d1e-d1c d1e-e1a d2c-c2e d2c-d1a d2c-d2a d2c-e1a d2e-d2a d2e-d3c d2e-e1a d2e-e2a d4a-c5c d4a-d4c d4a-d4e e1c-e1a e1e-e1a e2c-e1a e2c-e2a e2c-e2e';
    expect(moveTexts(coerceo.start()).join(' ')).toBe(expected);
    expect(coerceo.moves(play(pos(S.S12), 'c3c-c3e'))).toEqual([]);
    // exchanges come last
    expect(moveTexts(pos('E/-,-,af,-,-/-,-,-,-/Z w 2/0 C2'))).toEqual([
      'c3a-c3c',
      'c3a-c3e',
      'xc3f',
    ]);
  });
});

describe('C-CAPTURE', () => {
  it('C-CAPTURE-1: enclosure at the edge with two pieces (S1), inside with three (S2), not with two inside (S3)', () => {
    expect(cpfOf(play(pos(S.S1), 'c3c-c3e'))).toBe(expand('E/-,b,ae,-,-/-,-,-,-/Z b 0/0 C2'));
    expect(cpfOf(play(pos(S.S2), 'c3c-c3e'))).toBe(expand('E/-,b,ae,c,-/-,-,-,-/Z b 0/0 C2'));
    expect(cpfOf(play(pos(S.S3), 'c3c-c3e'))).toBe(expand('E/-,b,aef,b,-/-,-,-,-/Z b 0/0 C2'));
  });

  it('C-CAPTURE-2: a piece stepping into an enclosure survives (S4 ply 1); own tile removal never captures own pieces (S10)', () => {
    const s = play(pos(S.S4), 'c3d-c3f');
    expect(pieceAt(s, 'c3f')).toBe('black');
    const s10 = play(pos(S.S10), 'c4d-d3f');
    expect(cpfOf(s10)).toBe(expand('E/-,-,aef,-,-/-,-,cf,-/Z w 0/1 C2'));
    expect(pieceAt(s10, 'c3f')).toBe('black');
  });

  it('C-CAPTURE-3: a persisting enclosure does not capture; re-forming it does (S4)', () => {
    let s = pos(S.S4);
    const plies = 'c3d-c3f c2e-c2c c2b-c2d c3e-c3c c2d-c2b c3c-c3e'.split(' ');
    for (let i = 0; i < plies.length; i++) {
      s = play(s, plies[i] as string);
      if (i < 5) expect(pieceAt(s, 'c3f'), `after ply ${i + 1}`).toBe('black');
    }
    expect(pieceAt(s, 'c3f')).toBeNull();
    expect(cpfOf(s)).toBe(expand('E/-,bc,ae,-,-/-,-,-,-/Z b 0/0 C2'));
  });

  it('C-CAPTURE-4: capture is automatic: S1 never keeps c3f', () => {
    const s = pos(S.S1);
    for (const m of coerceo.moves(s)) {
      const next = coerceo.apply(s, m);
      if (coerceo.formatMove(s, m) === 'c3c-c3e') expect(pieceAt(next, 'c3f')).toBeNull();
    }
  });

  it('C-CAPTURE-5: captures are simultaneous: one step captures c3d and c3f and wins', () => {
    const s = play(pos('E/-,-,acdf,c,-/-,-,-,-/Z w 0/0 C2'), 'c4c-c3e');
    expect(pieceAt(s, 'c3d')).toBeNull();
    expect(pieceAt(s, 'c3f')).toBeNull();
    expect(tilesHeld(s).white).toBe(1);
    expect(outcome(s)).toEqual({ winner: 'white', reason: 'captured-all' });
  });

  it('C-CAPTURE-6: a capture never empties a tile (S1, S2, S9, C-CAPTURE-5 example)', () => {
    for (const [cpf, move] of [
      [S.S1, 'c3c-c3e'],
      [S.S2, 'c3c-c3e'],
      [S.S9, 'c4e-d3a'],
    ] as const) {
      const before = pos(cpf);
      const eff = turnEffects(before, coerceo.parseMove(before, move));
      const after = play(before, move);
      for (const f of eff.captured) {
        const tile = f.slice(0, 2);
        expect(eff.removedTiles).not.toContain(tile);
        expect([...'abcdef'].some((l) => pieceAt(after, tile + l) !== null)).toBe(true);
      }
    }
  });
});

describe('C-TILE', () => {
  it('C-TILE-1: removable with 3 contiguous sides (S5); not with 3 alternating (S6) or 2 opposite (S7)', () => {
    expect(cpfOf(play(pos(S.S5), 'c3e-c4c'))).toBe(expand('E/-,-,-,cf,-/-,f,f,-/Z b 1/0 C2'));
    expect(cpfOf(play(pos(S.S6), 'c3e-c4c'))).toBe(
      expand('-,-,-/-,f,-,-/-,-,.,cf,-/-,f,-,-/Z b 0/0 C2'),
    );
    expect(cpfOf(play(pos(S.S7), 'c3e-c4c'))).toBe(expand('E/-,f,.,cf,-/-,-,-,-/Z b 0/0 C2'));
  });

  it('C-TILE-2: removal cascades: c3 then c4 (S8)', () => {
    expect(cpfOf(play(pos(S.S8), 'c3d-d2b'))).toBe(expand('E/-,-,-,-,c/-,bc,a,f/Z w 0/2 C2'));
  });

  it('C-TILE-3: the mover collects every removed tile (S8: 2); after an exchange nobody does (S11)', () => {
    expect(tilesHeld(play(pos(S.S8), 'c3d-d2b'))).toEqual({ white: 0, black: 2 });
    expect(tilesHeld(play(pos(S.S11), 'xc4b'))).toEqual({ white: 0, black: 0 });
  });

  it('C-TILE-4: no present empty tile is removable after a turn; tiles stay connected (S5..S8)', () => {
    for (const [cpf, move] of [
      [S.S5, 'c3e-c4c'],
      [S.S6, 'c3e-c4c'],
      [S.S7, 'c3e-c4c'],
      [S.S8, 'c3d-d2b'],
    ] as const) {
      // The result parses again, and parsing checks C-TILE-4a/b (C-NOTATION-4).
      expect(() => coerceo.deserialize(cpfOf(play(pos(cpf), move)))).not.toThrow();
    }
  });
});

describe('C-EXCHANGE', () => {
  it('C-EXCHANGE-1: holding the cost, any opponent piece may be exchanged (S11); not with fewer tiles', () => {
    expect(moveTexts(pos(S.S11)).filter((m) => m.startsWith('x'))).toEqual([
      'xc2b',
      'xc3f',
      'xc4b',
    ]);
    expect(
      moveTexts(pos('E/-,b,aef,b,-/-,-,-,-/Z w 1/0 C2')).filter((m) => m.startsWith('x')),
    ).toEqual([]);
  });

  it('C-EXCHANGE-2: one exchange per turn even holding 4 tiles', () => {
    const s = play(pos('E/-,b,aef,b,-/-,-,-,-/Z w 4/0 C2'), 'xc4b');
    expect(coerceo.toMove(s)).toBe(1);
    expect(tilesHeld(s).white).toBe(2);
  });

  it('C-EXCHANGE-3: the target tile is tested and enclosed pieces captured (xc4b); xc2b captures nothing', () => {
    const s = pos(S.S11);
    expect(turnEffects(s, coerceo.parseMove(s, 'xc4b'))).toEqual({
      captured: ['c3f'],
      removedTiles: ['c4'],
      collected: 0,
    });
    expect(cpfOf(play(s, 'xc2b'))).toBe(expand('E/-,-,aef,b,-/-,-,-,-/Z b 0/0 C2'));
    expect(turnEffects(s, coerceo.parseMove(s, 'xc2b')).captured).toEqual([]);
  });

  it('C-EXCHANGE-4: an exchange is legal with no step available (S13 with w 2/0)', () => {
    const s = pos('E/-,-,acef,-,-/-,-,-,-/Z w 2/0 C2');
    expect(moveTexts(s)).toEqual(['xc3f']);
    expect(outcome(play(s, 'xc3f'))).toEqual({ winner: 'white', reason: 'captured-all' });
  });
});

describe('C-END', () => {
  it('C-END-1: removing the last opponent piece wins (S12)', () => {
    const s = play(pos(S.S12), 'c3c-c3e');
    expect(coerceo.terminal(s)).toBe(true);
    expect(coerceo.score(s)).toEqual([1, 0]);
  });

  it('C-END-2: either side may resign at any time; the other wins; serialize ends with r:b', () => {
    const s = resign(pos(S.S1), 'black');
    expect(coerceo.terminal(s)).toBe(true);
    expect(outcome(s)).toEqual({ winner: 'white', reason: 'resignation' });
    expect(coerceo.serialize(s).endsWith(' r:b')).toBe(true);
    expect(coerceo.serialize(coerceo.deserialize(coerceo.serialize(s)))).toBe(coerceo.serialize(s));
    expect(outcome(resign(coerceo.start(), 'white'))?.winner).toBe('black');
    expectCode(() => resign(s, 'white'), 'ILLEGAL_MOVE');
    expect(coerceo.moves(s)).toEqual([]);
  });

  it('C-END-3: the draw rulings can be switched off', () => {
    const loop = '(a1a-a1e a3f-a3d a1e-a1a a3d-a3f)';
    const plies = `${loop} ${loop}`.replace(/[()]/g, '');
    const s = play(coerceo.start({ repetitionDraw: false }), plies);
    expect(coerceo.terminal(s)).toBe(false);
    expect(coerceo.terminal(pos(S.S14, { insufficientMaterialDraw: false }))).toBe(false);
  });

  it("C-END-4: no legal turn is a draw by default, a loss with noLegalMoves:'loss' (S13)", () => {
    const s = pos(S.S13);
    expect(coerceo.terminal(s)).toBe(true);
    expect(outcome(s)).toEqual({ winner: null, reason: 'no-legal-moves' });
    expect(coerceo.score(s)).toEqual([0.5, 0.5]);
    const loss = pos(S.S13, { noLegalMoves: 'loss' });
    expect(outcome(loss)).toEqual({ winner: 'black', reason: 'no-legal-moves' });
    expect(coerceo.score(loss)).toEqual([0, 1]);
  });

  it('C-END-5: the third occurrence of a position is a draw (S15: after ply 8, not ply 7)', () => {
    const plies = 'a1a-a1e a3f-a3d a1e-a1a a3d-a3f a1a-a1e a3f-a3d a1e-a1a a3d-a3f'.split(' ');
    let s = coerceo.start();
    for (let i = 0; i < 7; i++) s = play(s, plies[i] as string);
    expect(coerceo.terminal(s)).toBe(false);
    const text = coerceo.serialize(s);
    s = play(s, plies[7] as string);
    expect(outcome(s)).toEqual({ winner: null, reason: 'repetition' });
    // serialized after ply 7 and deserialized still draws at ply 8 (C-NOTATION-5)
    const back = play(coerceo.deserialize(text), plies[7] as string);
    expect(outcome(back)).toEqual({ winner: null, reason: 'repetition' });
  });

  it('C-END-6: one piece each and no exchange ever possible is a draw (S14); not when held tiles suffice', () => {
    const s = pos(S.S14);
    expect(outcome(s)).toEqual({ winner: null, reason: 'insufficient-material' });
    const held = pos('E/-,-,af,-,-/-,-,-,-/Z w 2/0 C2');
    expect(coerceo.terminal(held)).toBe(false);
    expect(moveTexts(held)).toEqual(['c3a-c3c', 'c3a-c3e', 'xc3f']);
  });

  it('C-END-7: outcome and score (S12 [1,0] captured-all; S13 [½,½] no-legal-moves; ½ each while live)', () => {
    const s12 = play(pos(S.S12), 'c3c-c3e');
    expect(outcome(s12)).toEqual({ winner: 'white', reason: 'captured-all' });
    expect(coerceo.score(s12)).toEqual([1, 0]);
    expect(coerceo.score(pos(S.S13))).toEqual([0.5, 0.5]);
    expect(outcome(pos(S.S13))?.reason).toBe('no-legal-moves');
    expect(coerceo.score(coerceo.start())).toEqual([0.5, 0.5]);
    expect(outcome(coerceo.start())).toBeNull();
    // order: a side without pieces has lost, before C-END-4 could call it a draw
    expect(outcome(coerceo.deserialize(expand('E/-,-,ace,-,-/-,-,-,-/Z b 0/0 C2')))).toEqual({
      winner: 'white',
      reason: 'captured-all',
    });
  });
});

describe('C-VARIANT', () => {
  it('C-VARIANT-OCIUS-1: the Ocius start (7 tiles, 7 + 7 pieces) and its 26 first moves', () => {
    const s = coerceo.start({ variant: 'ocius' });
    expect(coerceo.serialize(s)).toBe(OCIUS_CPF);
    expect(moveTexts(s).join(' ')).toBe(
      'b3c-b2a b3c-b2e b3c-b3a b3c-c3a b3e-b3a b3e-c3a b3e-c4a b3e-c4c c2a-b2c c2a-b2e c2a-c2c c2e-c2c c2e-d2a c2e-d2c c3c-b2e c3c-c3a c3c-c3e c3c-d2a d3a-c3e d3a-c4c d3a-c4e d3a-d3e d3c-c3e d3c-d2a d3c-d2e d3c-d3e',
    );
    // S17: ring-2 tiles count as missing for enclosure
    expect(cpfOf(play(s, 'b3e-c4a c4d-c4f'))).toBe(
      expand('-,-,-/-,df,c,-/-,ae,cf,bf,-/-,bf,ac,-/Z w 0/0 O2'),
    );
    // S18: first removal, White +1
    expect(cpfOf(play(s, 'b3e-c4c b2f-b2b b3c-b2a'))).toBe(
      expand('-,-,-/-,abd,-,-/-,ae,cf,bcd,-/-,bf,ac,-/Z b 1/0 O2'),
    );
    // EveryBoard's 6+6 small board is playable via `position`
    expect(
      coerceo.moves(
        coerceo.start({ position: '-,-,-/-,d,e,-/-,bd,abde,ae,-/-,b,a,-/-,-,- w 0/0 C2' }),
      ).length,
    ).toBeGreaterThan(0);
  });

  it("C-VARIANT-ONETILE-1: exchangeCost 1 ('Exchanging one tile'): S13 with w 1/0 C1 has only xc3f", () => {
    expect(moveTexts(pos('E/-,-,acef,-,-/-,-,-,-/Z w 1/0 C1'))).toEqual(['xc3f']);
    const s = coerceo.start({ exchangeCost: 1 });
    expect(coerceo.serialize(s).endsWith(' L1')).toBe(true);
  });

  it('C-VARIANT-CURA-1: threats lists the capturing steps of the side that just moved', () => {
    const s = play(coerceo.start(), 'a2c-a2a a2f-a2b');
    const fmt = (st: typeof s, ms: ReturnType<typeof threats>): string[] =>
      ms.map((m) => coerceo.formatMove(st, m));
    expect(fmt(s, threats(s))).toEqual(['a3b-a2f', 'b3b-a2f']);
    const s9 = pos(S.S9.replace(' w ', ' b '));
    expect(threats(s9).map((m) => (m.kind === 'step' ? `${m.from}-${m.to}` : ''))).toEqual([
      'c4e-c4c',
      'c4e-d3a',
    ]);
    expect(threats(coerceo.start())).toEqual([]);
    expect(threats(play(pos(S.S12), 'c3c-c3e'))).toEqual([]);
    // It never changes legality.
    expect(coerceo.moves(s)).toEqual(
      coerceo.moves(play(coerceo.start({ cura: true }), 'a2c-a2a a2f-a2b')),
    );
  });

  it('C-VARIANT-CURA-2: with cura, formatMove marks a move after which Cura is due; + is ignored on input', () => {
    const withCura = play(coerceo.start({ cura: true }), 'a2c-a2a');
    const without = play(coerceo.start(), 'a2c-a2a');
    const m = coerceo.parseMove(without, 'a2f-a2b');
    expect(coerceo.formatMove(withCura, m)).toBe('a2f-a2b+');
    expect(coerceo.formatMove(without, m)).toBe('a2f-a2b');
    expect(coerceo.parseMove(withCura, 'a2f-a2b')).toEqual(m);
    expect(coerceo.parseMove(without, 'a2f-a2b+')).toEqual(m);
  });
});

describe('C-VECTOR-5 scenarios', () => {
  it('S16: the first capture of the Laurentius tree at ply 3', () => {
    expect(cpfOf(play(coerceo.start(), 'a2c-a2a a2f-a2b a1a-a2c'))).toBe(
      'c,ac,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df b 0/0 L2',
    );
  });

  it('S19: Cura is due after Laurentius a2c-a2a a2f-a2b', () => {
    const s = play(coerceo.start(), 'a2c-a2a a2f-a2b');
    expect(threats(s).map((m) => coerceo.formatMove(s, m))).toEqual(['a3b-a2f', 'b3b-a2f']);
  });

  it('S13: with w 2/0 C2 the only move xc3f wins', () => {
    const s = pos('E/-,-,acef,-,-/-,-,-,-/Z w 2/0 C2');
    expect(moveTexts(s)).toEqual(['xc3f']);
    expect(coerceo.score(play(s, 'xc3f'))).toEqual([1, 0]);
  });
});

describe('options', () => {
  it('start() rejects unknown options and values, and a variant or cost contradicting the position', () => {
    expectCode(() => coerceo.start({ variant: 'big' as 'ocius' }), 'INVALID_OPTIONS');
    expectCode(() => coerceo.start({ exchangeCost: 3 as 2 }), 'INVALID_OPTIONS');
    expectCode(() => coerceo.start({ foo: 1 } as never), 'INVALID_OPTIONS');
    expectCode(() => coerceo.start({ cura: 'yes' as unknown as boolean }), 'INVALID_OPTIONS');
    expectCode(
      () => coerceo.start({ variant: 'ocius', position: LAURENTIUS_CPF }),
      'INVALID_OPTIONS',
    );
    expectCode(
      () => coerceo.start({ exchangeCost: 1, position: LAURENTIUS_CPF }),
      'INVALID_OPTIONS',
    );
    expectCode(() => coerceo.start({ position: 'nonsense' }), 'INVALID_OPTIONS');
    expect(
      coerceo.serialize(coerceo.start({ variant: 'laurentius', position: LAURENTIUS_CPF })),
    ).toBe(LAURENTIUS_CPF);
  });

  it('apply rejects illegal moves and moves after the end', () => {
    const s = coerceo.start();
    expectCode(() => coerceo.apply(s, { kind: 'step', from: 'a2c', to: 'a2b' }), 'ILLEGAL_MOVE');
    expectCode(() => coerceo.apply(s, { kind: 'exchange', target: 'a3f' }), 'ILLEGAL_MOVE');
    expectCode(() => coerceo.apply(s, { kind: 'step', from: 'zz', to: 'a2b' }), 'ILLEGAL_MOVE');
    expectCode(() => coerceo.apply(s, null as never), 'ILLEGAL_MOVE');
    const over = play(pos(S.S12), 'c3c-c3e');
    expectCode(() => coerceo.apply(over, { kind: 'step', from: 'c3a', to: 'c3c' }), 'GAME_OVER');
  });
});

describe('render', () => {
  it("C-SETUP-1: formatBoard() draws the spec's picture of the Laurentius start, each tile named", () => {
    // The spec's picture (C-SETUP-1): a tile is two rows, top `a f e`, bottom `b c d`, each file
    // half a tile lower than the one to its left; the tile's name stands before its top row, as
    // the spec's right-hand annotations (`b3^`) say which tiles a row holds.
    const expected = [
      '      a      b      c      d      e',
      '                c5 W.W',
      '         b4 ..W    ... d4 W..',
      '  a3 .B.    B.. c4 W.W    ..B e3 .B.',
      '     B.. b3 .B.    ... d3 .B.    ..B',
      '  a2 .B.    B.. c3 ...    ..B e2 .B.',
      '     .W. b2 W..    ... d2 ..W    .W.',
      '  a1 W..    .W. c2 ...    .W. e1 ..W',
      '     .W. b1 W..    B.B d1 ..W    .W.',
      '            ..B c1 ...    B..',
      '                   B.B',
      LAURENTIUS_CPF,
    ];
    expect(formatBoard(coerceo.start()).split('\n')).toEqual(expected);
  });

  it("C-NOTATION-1: in the picture, the field after a tile name is that tile's field a", () => {
    // Every piece of a random position, read back from the picture by tile name and place.
    let s = coerceo.start();
    for (let i = 0; i < 40 && !coerceo.terminal(s); i++) {
      const moves = coerceo.moves(s);
      s = coerceo.apply(s, moves[(i * 7919) % moves.length]);
    }
    const rows = formatBoard(s).split('\n').slice(1, -1);
    const seen: string[] = [];
    rows.forEach((row, r) => {
      for (const m of row.matchAll(/([a-e][1-5]) ([WB.]{3})/g)) {
        const below = (rows[r + 1] as string).slice(
          (m.index as number) + 3,
          (m.index as number) + 6,
        );
        const letters = [...'afe'].map((l, k) => [l, (m[2] as string)[k]]);
        letters.push(...[...'bcd'].map((l, k) => [l, below[k]]));
        for (const [l, c] of letters) if (c !== '.') seen.push(`${m[1]}${l}${c}`);
      }
    });
    const expected = (['white', 'black'] as const).flatMap((colour) =>
      piecesOf(s, colour).map((f) => `${f}${colour === 'white' ? 'W' : 'B'}`),
    );
    expect(seen.sort()).toEqual(expected.sort());
    expect(seen.length).toBeGreaterThan(10);
  });

  it('formatBoard({ legend: true }) says what each symbol means, before the position string', () => {
    const lines = formatBoard(coerceo.start(), { legend: true }).split('\n');
    expect(lines.slice(0, 11)).toEqual(formatBoard(coerceo.start()).split('\n').slice(0, 11));
    const legend = lines.slice(11, -1).join('\n');
    expect(legend).toMatch(/W White piece, B Black piece, \. empty field/);
    expect(legend).toMatch(/a f e[\s\S]*b c d/);
    expect(lines.at(-1)).toBe(LAURENTIUS_CPF);
  });
});
