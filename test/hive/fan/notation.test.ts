/**
 * The fan-bug roster and notation extension (H-FAN-ROSTER, H-FAN-UHP): which pieces each colour
 * has, the extended GameTypeString, the piece names, the grab and swap MoveStrings, and the UHP
 * engine with fan bugs. Grabs and swaps come from real games played by legal moves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError, type RulesError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { moveOp, OP_CARRY, OP_GRAB, OP_SWAP } from '../../../src/hive/engine/codes.js';
import { FAN_LETTERS, KIND_LETTERS, pieceFromName } from '../../../src/hive/engine/pieces.js';
import {
  formatGameString,
  GAME_TYPES,
  type HiveMove,
  type HiveState,
  hive,
  parseGameString,
  parseGameTypeString,
  parseMoveString,
  piecesInHand,
  placeOf,
  stackAt,
  UhpEngine,
} from '../../../src/hive/index.js';
import {
  formatMoveCode as formatLow,
  parseMoveCode as parseLow,
} from '../../../src/hive/notation.js';
import { livePosition } from '../../../src/hive/state.js';
import { layout, legalMoves, moveTexts } from '../helpers.js';
import { FAN_TYPES } from './types.js';

const lines = (reply: string) => reply.split('\n');

/** The RulesError `f` throws (fails the test when it returns or throws anything else). */
function rulesError(f: () => unknown): RulesError {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return e;
    throw e;
  }
  throw new Error('expected a RulesError, but nothing was thrown');
}

/** Plays MoveStrings from the start of `type`. */
function play(type: string, ...texts: string[]): HiveState {
  let s = hive.start({ type: type as never });
  for (const t of texts) s = hive.apply(s, hive.parseMove(s, t));
  return s;
}

/**
 * The first state of seeded random games of `type` where `want` picks a move (deterministic):
 * the state and that move. Real games only: every ply is a legal move from the start.
 */
function findInRandomGames(
  type: string,
  seed: number,
  want: (s: HiveState, moves: readonly HiveMove[]) => HiveMove | undefined,
  games = 200,
  plies = 150,
): { state: HiveState; move: HiveMove } {
  const rng = new Rng(seed);
  for (let g = 0; g < games; g++) {
    let s = hive.start({ type: type as never });
    for (let i = 0; i < plies; i++) {
      const ms = hive.moves(s);
      if (ms.length === 0) break;
      const m = want(s, ms);
      if (m) return { state: s, move: m };
      s = hive.apply(s, ms[rng.int(ms.length)] as HiveMove);
    }
  }
  throw new Error(`no such move in ${games} random games of ${type}`);
}

/** The pieces of both colours in hand at the start, as one sorted list per colour. */
function roster(type: string): { w: string[]; b: string[] } {
  const s = hive.start({ type: type as never });
  return { w: piecesInHand(s, 'w'), b: piecesInHand(s, 'b') };
}

const OFFICIAL_W = [
  'wQ',
  'wS1',
  'wS2',
  'wB1',
  'wB2',
  'wG1',
  'wG2',
  'wG3',
  'wA1',
  'wA2',
  'wA3',
  'wM',
  'wL',
  'wP',
];

/** H-FAN-ROSTER-1: fan letter → [standard letter, tiles per colour, expansion it needs]. */
const FACES: Record<string, readonly [string, number, string]> = {
  T: ['B', 2, ''],
  F: ['G', 3, ''],
  K: ['S', 2, ''],
  W: ['A', 3, ''],
  R: ['L', 1, 'L'],
  D: ['M', 1, 'M'],
  C: ['P', 1, 'P'],
};

/** The names of `n` pieces of letter `x` of colour `c` (numbered unless the kind has 1 tile). */
function names(c: string, x: string, n: number, numbered: boolean): string[] {
  return Array.from({ length: n }, (_, i) => (numbered ? `${c}${x}${i + 1}` : `${c}${x}`));
}

describe('fan roster (H-FAN-ROSTER)', () => {
  it('H-FAN-ROSTER-1: each fan face replaces its standard tile one for one; the Queen is single-sided', () => {
    // The official roster is unchanged without a fan roster.
    expect(roster('Base+MLP').w).toEqual(OFFICIAL_W);
    // Every tile turned: the Queen stays, everything else is a fan bug.
    expect(roster('Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC')).toEqual({
      w: [
        'wQ',
        'wT1',
        'wT2',
        'wF1',
        'wF2',
        'wF3',
        'wK1',
        'wK2',
        'wW1',
        'wW2',
        'wW3',
        'wR',
        'wD',
        'wC',
      ],
      b: [
        'bQ',
        'bT1',
        'bT2',
        'bF1',
        'bF2',
        'bF3',
        'bK1',
        'bK2',
        'bW1',
        'bW2',
        'bW3',
        'bR',
        'bD',
        'bC',
      ],
    });
    // Each face, each count: n fan pieces, and max - n standard pieces of the other face.
    for (const [fan, [std, max, exp]] of Object.entries(FACES)) {
      for (let n = 1; n <= max; n++) {
        const type = `Base${exp ? `+${exp}` : ''}:w${fan}${n === 1 ? '' : n}:b`;
        const { w, b } = roster(type);
        const numbered = max > 1;
        expect(
          w.filter((p) => p[1] === fan),
          type,
        ).toEqual(names('w', fan, n, numbered));
        expect(
          w.filter((p) => p[1] === std),
          type,
        ).toEqual(names('w', std, max - n, numbered));
        // Black keeps the official pieces.
        expect(
          b.filter((p) => p[1] === std),
          type,
        ).toEqual(names('b', std, max, numbered));
        expect(b.some((p) => 'TFKWRDC'.includes(p[1] as string))).toBe(false);
        // Never more pieces than the official type (H-FAN-GEN-1): exactly as many.
        const official = roster(exp ? `Base+${exp}` : 'Base');
        expect(w.length).toBe(official.w.length);
        expect(b.length).toBe(official.b.length);
      }
    }
  });

  it('H-FAN-ROSTER-2: each colour picks its own faces; the roster is public, fixed and part of the type', () => {
    const s = hive.start({ type: 'Base+MLP:wTK:bFW' });
    const { w, b } = { w: piecesInHand(s, 'w'), b: piecesInHand(s, 'b') };
    expect(w).toEqual([
      'wQ',
      'wS1',
      'wB1',
      'wG1',
      'wG2',
      'wG3',
      'wA1',
      'wA2',
      'wA3',
      'wM',
      'wL',
      'wP',
      'wT1',
      'wK1',
    ]);
    expect(b).toEqual([
      'bQ',
      'bS1',
      'bS2',
      'bB1',
      'bB2',
      'bG1',
      'bG2',
      'bA1',
      'bA2',
      'bM',
      'bL',
      'bP',
      'bF1',
      'bW1',
    ]);
    expect(s.type).toBe('Base+MLP:wTK:bFW');
    expect(s.options.roster).toEqual({ w: { T: 1, K: 1 }, b: { F: 1, W: 1 } });
    // The roster option names the same game; the state's type carries it.
    const viaOption = hive.start({
      type: 'Base+MLP',
      roster: { w: { T: 1, K: 1 }, b: { F: 1, W: 1 } },
    });
    expect(viaOption.type).toBe('Base+MLP:wTK:bFW');
    expect(piecesInHand(viaOption, 'w')).toEqual(w);
    expect(piecesInHand(viaOption, 'b')).toEqual(b);
    expect(hive.start({ type: 'Base+P', roster: { w: { T: 1, W: 3 }, b: { C: 1 } } }).type).toBe(
      'Base+P:wTW3:bC',
    );
    // Giving the same roster twice is fine; two different rosters are an error.
    expect(
      hive.start({ type: 'Base+P:wTW3:bC', roster: { w: { T: 1, W: 3 }, b: { C: 1 } } }).type,
    ).toBe('Base+P:wTW3:bC');
    for (const bad of [
      { type: 'Base+P:wTW3:bC', roster: { w: { T: 1 }, b: { C: 1 } } },
      { type: 'Base+P:wTW3:bC', roster: { w: {}, b: {} } },
      { type: 'Base+P:wT:b', roster: { w: {}, b: { T: 1 } } },
      { type: 'Base', roster: { w: { Q: 1 }, b: {} } },
      { type: 'Base', roster: { w: { T: -1 }, b: {} } },
      { type: 'Base', roster: { w: { T: 1.5 }, b: {} } },
      { type: 'Base', roster: { w: { T: '1' }, b: {} } },
      { type: 'Base', roster: { w: [], b: {} } },
      { type: 'Base', roster: { x: {} } },
      { type: 'Base', roster: 'wT' },
    ]) {
      expect(rulesError(() => hive.start(bad as never)).code, JSON.stringify(bad)).toBe(
        'INVALID_OPTIONS',
      );
    }
    // Fixed for the game: the type stays through play and a GameString round trip.
    const later = play('Base+MLP:wTK:bFW', 'wT1', 'bW1 wT1-', 'wK1 -wT1', 'bF1 bW1-');
    expect(later.type).toBe('Base+MLP:wTK:bFW');
    expect(formatGameString(later)).toMatch(/^Base\+MLP:wTK:bFW;InProgress;White\[3\];/);
    expect(hive.deserialize(hive.serialize(later)).options.roster).toEqual(s.options.roster);
  });

  it('H-FAN-ROSTER-3: T F K W are numbered, R D C never; standard pieces left are renumbered from 1', () => {
    const all = roster('Base+MLP:wTFKWRDC:bTFKWRDC').w;
    expect(all).toEqual([
      'wQ',
      'wS1',
      'wB1',
      'wG1',
      'wG2',
      'wA1',
      'wA2',
      'wT1',
      'wF1',
      'wK1',
      'wW1',
      'wR',
      'wD',
      'wC',
    ]);
    // A single Beetle left is wB1 (never wB2), and so on for every kind.
    expect(roster('Base:wT:b').w.filter((p) => p[1] === 'B')).toEqual(['wB1']);
    expect(roster('Base:wF2:b').w.filter((p) => p[1] === 'G')).toEqual(['wG1']);
    expect(roster('Base:wW:b').w.filter((p) => p[1] === 'A')).toEqual(['wA1', 'wA2']);
    const s = hive.start({ type: 'Base:wT:bF2' });
    expect(rulesError(() => hive.parseMove(s, 'wB2')).code).toBe('PARSE_ERROR');
    expect(hive.parseMove(s, 'wB1')).toEqual({ kind: 'place', piece: 'wB1', q: 0, r: 0 });
    // H-PLACE-7 holds for fan pieces and for the renumbered standard ones.
    const s2 = play('Base:wT:bF2', 'wT1');
    expect(rulesError(() => hive.parseMove(s2, 'bF2 wT1-')).code).toBe('ILLEGAL_MOVE');
    expect(hive.parseMove(s2, 'bF1 wT1-')).toMatchObject({ kind: 'place', piece: 'bF1' });
    expect(rulesError(() => hive.parseMove(s2, 'bG2 wT1-')).code).toBe('PARSE_ERROR');
    const s3 = play('Base:wT:bF2', 'wT1', 'bF1 wT1-', 'wQ -wT1');
    expect(hive.parseMove(s3, 'bF2 bF1-')).toMatchObject({ kind: 'place', piece: 'bF2' });
    expect(hive.parseMove(s3, 'bG1 bF1-')).toMatchObject({ kind: 'place', piece: 'bG1' });
    expect(rulesError(() => hive.parseMove(play('Base:wT2:b'), 'wT2')).code).toBe('ILLEGAL_MOVE');
  });

  it('H-FAN-ROSTER-4: too many tiles turned, or R D C without +L +M +P, is rejected', () => {
    // The spec's test: Base:wD:b is rejected; Base+M:wD:b gives White wD and no wM.
    expect(rulesError(() => parseGameTypeString('Base:wD:b')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.start({ type: 'Base:wD:b' as never })).code).toBe(
      'INVALID_OPTIONS',
    );
    expect(rulesError(() => hive.deserialize('Base:wD:b;NotStarted;White[1]')).code).toBe(
      'PARSE_ERROR',
    );
    const dm = roster('Base+M:wD:b');
    expect(dm.w).toContain('wD');
    expect(dm.w).not.toContain('wM');
    expect(dm.b).toContain('bM');
    expect(dm.b).not.toContain('bD');
    // Each of R D C needs its own expansion, on either side.
    for (const bad of [
      'Base:wR:b',
      'Base:wC:b',
      'Base:w:bD',
      'Base+MP:wR:b',
      'Base+LP:wD:b',
      'Base+ML:w:bC',
    ]) {
      expect(rulesError(() => parseGameTypeString(bad)).code, bad).toBe('PARSE_ERROR');
    }
    for (const ok of ['Base+L:wR:b', 'Base+M:wD:b', 'Base+P:w:bC', 'Base+MLP:wRDC:bRDC']) {
      expect(parseGameTypeString(ok), ok).toBe(ok);
    }
    // More tiles than exist: 2 Beetles, 3 Grasshoppers, 2 Spiders, 3 Ants, 1 each of L M P.
    for (const bad of [
      'Base:wT3:b',
      'Base:wF4:b',
      'Base:wK3:b',
      'Base:w:bW4',
      'Base+L:wR2:b',
      'Base+M:wD2:b',
      'Base+P:w:bC3',
      'Base:wT9:b',
    ]) {
      expect(rulesError(() => parseGameTypeString(bad)).code, bad).toBe('PARSE_ERROR');
    }
    for (const bad of [
      { w: { T: 3 } },
      { b: { W: 4 } },
      { w: { R: 1 } },
      { b: { D: 1 } },
      { w: { C: 2 } },
    ]) {
      expect(rulesError(() => hive.start({ type: 'Base', roster: bad as never })).code).toBe(
        'INVALID_OPTIONS',
      );
    }
    // The maximum is accepted.
    expect(roster('Base:wT2F3K2W3:bT2F3K2W3').w).toHaveLength(11);
  });
});

describe('fan notation (H-FAN-UHP)', () => {
  it('H-FAN-UHP-1: T F K W R D C, distinct from QSBGAMLP; the PieceName grammar, colour first', () => {
    expect(FAN_LETTERS.join('')).toBe('TFKWRDC');
    expect(new Set(KIND_LETTERS).size).toBe(KIND_LETTERS.length);
    for (const x of FAN_LETTERS) expect('QSBGAMLP').not.toContain(x);
    // PieceName =/ (w/b) ( (T/K)(1/2) / (F/W)(1/2/3) / R / D / C ).
    const valid = new Set<string>();
    for (const c of ['w', 'b']) {
      for (const n of ['1', '2']) valid.add(`${c}T${n}`).add(`${c}K${n}`);
      for (const n of ['1', '2', '3']) valid.add(`${c}F${n}`).add(`${c}W${n}`);
      for (const x of ['R', 'D', 'C']) valid.add(`${c}${x}`);
    }
    for (const c of ['w', 'b', 'x']) {
      for (const x of FAN_LETTERS) {
        for (const n of ['', '0', '1', '2', '3', '4']) {
          const name = `${c}${x}${n}`;
          expect(pieceFromName(name) >= 0, name).toBe(valid.has(name));
        }
      }
    }
    // Through the public parser: wT1, wW1 and wR read; wR1 and wT do not.
    const s = hive.start({ type: 'Base+MLP:wTFKWRDC:bTFKWRDC' });
    for (const name of ['wT1', 'wF1', 'wK1', 'wW1', 'wR', 'wD', 'wC']) {
      expect(hive.parseMove(s, name)).toEqual({ kind: 'place', piece: name, q: 0, r: 0 });
    }
    expect(hive.parseMove(s, 'ww1')).toEqual({ kind: 'place', piece: 'wW1', q: 0, r: 0 });
    for (const bad of ['wR1', 'wD1', 'wC1', 'wT', 'wF', 'wK', 'wW', 'wT3', 'wW4', 'wT0', 'Tw1']) {
      expect(rulesError(() => hive.parseMove(s, bad)).code, bad).toBe('PARSE_ERROR');
    }
    // A fan piece that is not in this roster.
    expect(rulesError(() => hive.parseMove(s, 'wT2')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(hive.start({ type: 'Base+MLP' }), 'wT1')).code).toBe(
      'PARSE_ERROR',
    );
    // The colour comes first: wW1 is White's Wasp, bW1 Black's; both appear in the same game.
    const t = play('Base+MLP:wTFKWRDC:bTFKWRDC', 'wW1', 'bW1 wW1-');
    expect(placeOf(t, 'wW1')).toEqual({ q: 0, r: 0, level: 0 });
    expect(placeOf(t, 'bW1')).toEqual({ q: 1, r: 0, level: 0 });
    // strictInput: only the canonical spelling.
    const strict = hive.start({ type: 'Base+MLP:wTFKWRDC:bTFKWRDC', strictInput: true });
    expect(rulesError(() => hive.parseMove(strict, 'ww1')).code).toBe('PARSE_ERROR');
    expect(hive.parseMove(strict, 'wW1')).toMatchObject({ piece: 'wW1' });
  });

  it('H-FAN-UHP-2: ExtGameTypeString: any letter order in, canonical out; plain when both rosters are empty', () => {
    const cases: [string, string][] = [
      ['Base+P:wWT:bC', 'Base+P:wTW:bC'],
      ['Base+P:wTW3:bC', 'Base+P:wTW3:bC'],
      ['Base+P:wW3T1:bC1', 'Base+P:wTW3:bC'],
      ['Base+PLM:wCDRW3K2F3T2:bT', 'Base+MLP:wT2F3K2W3RDC:bT'],
      ['base+p:wtw3:bc', 'Base+P:wTW3:bC'],
      ['Base:wT1:b', 'Base:wT:b'],
      ['Base:w:bK2', 'Base:w:bK2'],
      ['Base:w:b', 'Base'],
      ['Base+MLP:w:b', 'Base+MLP'],
    ];
    for (const [input, out] of cases) {
      expect(parseGameTypeString(input), input).toBe(out);
      // hive.start and GameStrings use the canonical form too.
      expect(hive.start({ type: input as never }).type, input).toBe(out);
      expect(formatGameString(parseGameString(`${input};NotStarted;White[1]`))).toBe(
        `${out};NotStarted;White[1]`,
      );
    }
    // Canonical input is accepted by strictInput; anything else is not.
    for (const [input, out] of cases) {
      if (input === out) {
        expect(parseGameTypeString(input, true)).toBe(out);
        expect(() =>
          parseGameString(`${input};NotStarted;White[1]`, { strictInput: true }),
        ).not.toThrow();
      } else {
        expect(rulesError(() => parseGameTypeString(input, true)).code, input).toBe('PARSE_ERROR');
        expect(
          rulesError(() => parseGameString(`${input};NotStarted;White[1]`, { strictInput: true }))
            .code,
        ).toBe('PARSE_ERROR');
      }
    }
    // No repeats; a known letter, a count 1-3, both colours in order w then b.
    for (const bad of [
      'Base:wTT:b',
      'Base:wT1T1:b',
      'Base:wTFT:b',
      'Base:w:bWW2',
      'Base:wX:b',
      'Base:wQ:b',
      'Base:wB:b',
      'Base:wT0:b',
      'Base:wT12:b',
      'Base:bT:wT',
      'Base:wT',
      'Base:w',
      'Base:',
      'Base:wT:b:wT',
      'Base:wT:bT:',
      'Base::wT:b',
      ':wT:b',
      'Base+X:wT:b',
      'Base+:wT:b',
      'Base:w T:b',
      'Base:w-T:b',
    ]) {
      expect(rulesError(() => parseGameTypeString(bad)).code, bad).toBe('PARSE_ERROR');
    }
    // A standard game stays byte-identical UHP.
    for (const type of GAME_TYPES) {
      const s = hive.start({ type });
      expect(s.type).toBe(type);
      expect(hive.serialize(s)).toBe(`${type};NotStarted;White[1]`);
      expect(s.options.roster).toBeNull();
    }
    expect(hive.serialize(hive.start({ type: 'Base:w:b' }))).toBe('Base;NotStarted;White[1]');
    expect(hive.start({ type: 'Base+M', roster: { w: {}, b: {} } }).type).toBe('Base+M');
    expect(hive.start({ type: 'Base+M', roster: { w: { D: 0 }, b: {} } }).type).toBe('Base+M');
  });

  it('H-FAN-UHP-3: a grab is written actor *target and a swap actor ~target; both round-trip', () => {
    // A scripted game: the Mantis grabs its own Queen (a leaf, one empty flank).
    const s = play('Base+MLP:wT:bC', 'wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-');
    const grab: HiveMove = { kind: 'grab', piece: 'wT1', target: 'wQ', q: 0, r: 0 };
    expect(hive.moves(s).filter((m) => m.kind === 'grab')).toEqual([grab]);
    expect(hive.formatMove(s, grab)).toBe('wT1 *wQ');
    expect(hive.parseMove(s, 'wT1 *wQ')).toEqual(grab);
    expect(hive.parseMove(s, '  WT1   *wq ')).toEqual(grab);
    const grabbed = hive.apply(s, grab);
    expect(stackAt(grabbed, 0, 0)).toEqual(['wQ', 'wT1']);
    expect(hive.serialize(grabbed)).toBe(
      'Base+MLP:wT:bC;InProgress;Black[3];wT1;bC wT1-;wQ -wT1;bQ bC-;wT1 *wQ',
    );
    // A scripted swap: the Centipede trades places with the Mantis.
    const s2 = play('Base+MLP:wT:bC', 'wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-', 'wS1 -wQ');
    const swaps = hive.moves(s2).filter((m) => m.kind === 'swap');
    expect(swaps.map((m) => hive.formatMove(s2, m)).sort()).toEqual(['bC ~bQ', 'bC ~wT1']);
    const swap = hive.parseMove(s2, 'bC ~wT1');
    expect(swap).toEqual({ kind: 'swap', piece: 'bC', target: 'wT1', q: 1, r: 0 });
    const swapped = hive.apply(s2, swap);
    expect(pieceOn(swapped, 0, 0)).toBe('bC');
    expect(pieceOn(swapped, 1, 0)).toBe('wT1');
    const g = hive.serialize(swapped);
    expect(g).toBe('Base+MLP:wT:bC;InProgress;White[4];wT1;bC wT1-;wQ -wT1;bQ bC-;wS1 -wQ;bC ~wT1');
    expect(hive.serialize(hive.deserialize(g))).toBe(g);
    expect(formatGameString(hive.deserialize(g), { canonical: true })).toBe(g);
    expect(
      formatGameString(parseGameString(g, { strictInput: true }), { uhp: true }),
      'canonical fan GameStrings pass strictInput',
    ).toBe(g);
    // Wrong forms: a bad or missing target, the wrong marker, a target out of reach, a piece
    // that is not in play.
    expect(rulesError(() => hive.parseMove(s, 'wT1 *')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(s, 'wT1 *bX1')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(s, 'wT1 *bA1')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(s, 'wT1 *wQ-')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(s, 'wT1 ~wQ')).code).toBe('ILLEGAL_MOVE');
    expect(rulesError(() => hive.parseMove(s, 'wT1 *bQ')).code).toBe('ILLEGAL_MOVE');
    expect(rulesError(() => hive.parseMove(s, 'wT1 *wT1')).code).toBe('ILLEGAL_MOVE');
    expect(rulesError(() => hive.parseMove(s, 'wS1 *wQ')).code).toBe('PARSE_ERROR');
    expect(rulesError(() => hive.parseMove(s, 'wQ *wT1')).code).toBe('ILLEGAL_MOVE');
    const strict = parseGameString(hive.serialize(s), { strictInput: true });
    expect(rulesError(() => hive.parseMove(strict, 'wT1 *wq')).code).toBe('PARSE_ERROR');
    expect(hive.parseMove(strict, 'wT1 *wQ')).toEqual(grab);
    expect(rulesError(() => hive.apply(s, { ...grab, q: 1 })).code).toBe('ILLEGAL_MOVE');
    expect(rulesError(() => hive.apply(s, { ...grab, target: 'bQ' })).code).toBe('ILLEGAL_MOVE');
  });

  it('H-FAN-UHP-3: grabs, swaps and carries found in random games format, parse and round-trip', () => {
    let checked = 0;
    const kinds = new Set<string>();
    for (const [i, type] of FAN_TYPES.entries()) {
      for (const kind of ['grab', 'swap'] as const) {
        if (!FAN_ROSTER_HAS[kind](type)) continue;
        const { state, move } = findInRandomGames(type, 100 + i, (_s, ms) =>
          ms.find((m) => m.kind === kind),
        );
        const text = hive.formatMove(state, move);
        expect(text).toMatch(kind === 'grab' ? /^[wb][A-Z][123]? \*[wb][A-Z][123]?$/ : / ~/);
        expect(hive.parseMove(state, text)).toEqual(move);
        // Every legal grab or swap of this state is named by its own text, one for one.
        const all = hive.moves(state).filter((m) => m.kind === 'grab' || m.kind === 'swap');
        const texts = all.map((m) => hive.formatMove(state, m));
        expect(new Set(texts).size).toBe(all.length);
        for (const [j, t] of texts.entries()) expect(hive.parseMove(state, t)).toEqual(all[j]);
        // Through the GameString: the move is kept, and replays to the same position.
        const next = hive.apply(state, move);
        const g = hive.serialize(next);
        expect(g.endsWith(`;${text}`)).toBe(true);
        const back = hive.deserialize(g);
        expect(hive.serialize(back)).toBe(g);
        expect(livePosition(back).hash()).toBe(livePosition(next).hash());
        expect(formatGameString(back, { canonical: true })).toBe(
          formatGameString(next, { canonical: true }),
        );
        kinds.add(kind);
        checked++;
      }
    }
    expect(kinds).toEqual(new Set(['grab', 'swap']));
    expect(checked).toBeGreaterThanOrEqual(6);
    // A Dragonfly carry has no marker: it is a plain move to the destination (H-FAN-DRAGONFLY-e).
    const { state, move } = findInRandomGames('Base+MLP:wTFKWRDC:bTFKWRDC', 7, (s, ms) => {
      const pos = livePosition(s);
      const carry = legalMoves(pos).find((m) => moveOp(m) === OP_CARRY);
      if (carry === undefined) return undefined;
      const text = formatLow(pos, carry);
      return ms.find((m) => hive.formatMove(s, m) === text);
    });
    expect(move.kind).toBe('move');
    const text = hive.formatMove(state, move);
    expect(text).not.toMatch(/[*~]/);
    expect(hive.parseMove(state, text)).toEqual(move);
    // The text names exactly one legal integer move, and it is the carry.
    const pos = livePosition(state);
    const named = legalMoves(pos).filter((m) => formatLow(pos, m) === text);
    expect(named.map(moveOp)).toEqual([OP_CARRY]);
    const piece = (move as { piece: string }).piece;
    const under = stackAt(state, placeOf(state, piece)?.q ?? 0, placeOf(state, piece)?.r ?? 0);
    const carried = under[under.length - 2] as string;
    const after = hive.apply(state, move);
    const { q, r } = move as { q: number; r: number };
    expect(stackAt(after, q, r)).toEqual([carried, piece]);
    const g = hive.serialize(after);
    expect(hive.serialize(hive.deserialize(g))).toBe(g);
    expect(livePosition(hive.deserialize(g)).hash()).toBe(livePosition(after).hash());
  });

  it('H-FAN-UHP-3: a Mosquito that can both grab and swap the same target has two distinct moves', () => {
    // wM touches a Mantis (wT1) and a Centipede (wC); bA1 is alone, unpinned, and the flank
    // (0,1) of wM→bA1 is empty.
    const pos = layout('Base+MLP:wTC:b', [
      ['wM', 0, 0],
      ['wT1', -1, 0],
      ['wC', 1, -1],
      ['bA1', 1, 0],
      ['wQ', -1, 1],
      ['bQ', 2, -1],
    ]);
    const texts = moveTexts(pos);
    expect(texts).toContain('wM *bA1');
    expect(texts).toContain('wM ~bA1');
    const grab = parseLow(pos, 'wM *bA1').move;
    const swap = parseLow(pos, 'wM ~bA1').move;
    expect(grab).not.toBe(swap);
    expect(moveOp(grab)).toBe(OP_GRAB);
    expect(moveOp(swap)).toBe(OP_SWAP);
    expect(formatLow(pos, grab)).toBe('wM *bA1');
    expect(formatLow(pos, swap)).toBe('wM ~bA1');
    expect(legalMoves(pos)).toContain(grab);
    expect(legalMoves(pos)).toContain(swap);
  });

  it('H-FAN-UHP-4: the UHP engine plays fan games; info lists the fan bugs; standard games stay plain UHP', () => {
    const e = new UhpEngine({ version: '9.9.9' });
    expect(lines(e.handle('info'))).toEqual([
      'id boardrules-hive 9.9.9',
      'Mosquito;Ladybug;Pillbug;Mantis;Fly;Scorpion;Wasp;Cockroach;Dragonfly;Centipede',
      'ok',
    ]);
    expect(e.handle('newgame Base+MLP:wT:bC')).toBe('Base+MLP:wT:bC;NotStarted;White[1]\nok');
    expect(lines(e.handle('validmoves'))[0]?.split(';')).toContain('wT1');
    for (const t of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-']) {
      expect(lines(e.handle(`play ${t}`)).at(-1)).toBe('ok');
    }
    const valid = (lines(e.handle('validmoves'))[0] as string).split(';');
    expect(valid).toContain('wT1 *wQ');
    expect(valid.filter((m) => m.includes('*') || m.includes('~'))).toEqual(['wT1 *wQ']);
    expect(e.handle('play wT1 *wQ')).toBe(
      'Base+MLP:wT:bC;InProgress;Black[3];wT1;bC wT1-;wQ -wT1;bQ bC-;wT1 *wQ\nok',
    );
    expect(lines(e.handle('play bC ~wQ'))[0]).toMatch(/^invalidmove /);
    const afterSwap = lines(e.handle('play bC ~bQ'));
    expect(afterSwap[0]).toMatch(/;wT1 \*wQ;bC ~bQ$/);
    expect(e.handle('undo 2')).toBe(
      'Base+MLP:wT:bC;InProgress;White[3];wT1;bC wT1-;wQ -wT1;bQ bC-\nok',
    );
    // newgame with a fan GameString (non-canonical type: echoed canonically).
    expect(
      e.handle('newgame Base+MLP:wT1:bC;InProgress;Black[3];wT1;bC wT1-;wQ -wT1;bQ bC-;wT1 *wQ'),
    ).toBe('Base+MLP:wT:bC;InProgress;Black[3];wT1;bC wT1-;wQ -wT1;bQ bC-;wT1 *wQ\nok');
    expect(lines(e.handle('newgame Base:wD:b'))[0]).toMatch(/^err /);
    // Standard games: plain UHP, no marker in validmoves.
    expect(e.handle('newgame Base+MLP')).toBe('Base+MLP;NotStarted;White[1]\nok');
    expect(e.handle('newgame Base:w:b')).toBe('Base;NotStarted;White[1]\nok');
    // With fan bugs off the engine is the official one.
    const official = new UhpEngine({ version: '9.9.9', fanBugs: false });
    expect(lines(official.handle('info'))[1]).toBe('Mosquito;Ladybug;Pillbug');
    expect(lines(official.handle('newgame Base+MLP:wT:bC'))[0]).toMatch(/^err /);
    // A random standard game written by the fan-enabled library is plain UHP throughout.
    const rng = new Rng(4);
    let s = hive.start({ type: 'Base+MLP' });
    for (let i = 0; i < 120 && !hive.terminal(s); i++) {
      const ms = hive.moves(s);
      for (const m of ms) expect(m.kind === 'grab' || m.kind === 'swap').toBe(false);
      s = hive.apply(s, ms[rng.int(ms.length)] as HiveMove);
    }
    expect(hive.serialize(s)).toMatch(/^Base\+MLP;[A-Za-z]+;(White|Black)\[\d+\];/);
    expect(hive.serialize(s)).not.toMatch(/[*~:]/);
  });
});

/** Which rosters can grab (a Mantis, or a Mosquito next to one) and swap (a Centipede). */
const FAN_ROSTER_HAS = {
  grab: (type: string) => /:w[^:]*T|:b[^:]*T/.test(type),
  swap: (type: string) => /:w[^:]*C|:b[^:]*C/.test(type),
};

function pieceOn(s: HiveState, q: number, r: number): string | undefined {
  return stackAt(s, q, r).at(-1);
}

describe('fuzzing the fan type and GameString parsers: only RulesError ever comes out', () => {
  const onlyRulesErrors = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (!isRulesError(e)) throw e;
    }
  };
  const alphabet = fc.constantFrom(
    ...'BaseBASE+MLPmlp:wbWB TFKWRDCtfkwrdcQSGAX0123456789;*~-/\\[]'.split(''),
  );
  const junk = fc.string({ unit: alphabet, maxLength: 40 });
  const mutate = (t: string, edits: [number, number, string][]) => {
    for (const [pos, kind, ch] of edits) {
      const i = pos % (t.length + 1);
      t =
        kind % 3 === 0
          ? t.slice(0, i) + ch + t.slice(i)
          : kind % 3 === 1
            ? t.slice(0, i) + t.slice(i + 1)
            : t.slice(0, i) + ch + t.slice(i + 1);
    }
    return t;
  };
  const edits = fc.array(fc.tuple(fc.nat(), fc.nat(), alphabet), { minLength: 1, maxLength: 4 });

  it('random text and mutated fan types into parseGameTypeString, hive.start and deserialize', () => {
    const rosterText = fc
      .tuple(
        fc.constantFrom(...GAME_TYPES),
        fc.string({ unit: fc.constantFrom(...'TFKWRDCtfx0123'.split('')), maxLength: 8 }),
        fc.string({ unit: fc.constantFrom(...'TFKWRDCtfx0123'.split('')), maxLength: 8 }),
      )
      .map(([base, w, b]) => `${base}:w${w}:b${b}`);
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          rosterText,
          fc.constantFrom(...FAN_TYPES).chain((t) => edits.map((e) => mutate(t, e))),
        ),
        (t) => {
          onlyRulesErrors(() => {
            const canonical = parseGameTypeString(t);
            accepted++;
            // Whatever is accepted is canonical and stable, and names a playable game.
            expect(parseGameTypeString(canonical, true)).toBe(canonical);
            expect(hive.start({ type: canonical }).type).toBe(canonical);
          });
          onlyRulesErrors(() => parseGameTypeString(t, true));
          onlyRulesErrors(() => hive.start({ type: t as never }));
          onlyRulesErrors(() => hive.deserialize(`${t};NotStarted;White[1]`));
          onlyRulesErrors(() => hive.deserialize(t));
        },
      ),
      { numRuns: 3000, seed: 21 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('mutations of fan GameStrings with grabs and swaps', () => {
    const games: string[] = [];
    for (const [i, type] of FAN_TYPES.entries()) {
      const rng = new Rng(300 + i);
      let s = hive.start({ type });
      for (let p = 0; p < 60 && !hive.terminal(s); p++) {
        const ms = hive.moves(s);
        const fanOp = ms.find((m) => m.kind === 'grab' || m.kind === 'swap');
        s = hive.apply(s, fanOp && rng.int(2) === 0 ? fanOp : (ms[rng.int(ms.length)] as HiveMove));
      }
      games.push(hive.serialize(s));
    }
    expect(games.some((g) => g.includes(' *'))).toBe(true);
    expect(games.some((g) => g.includes(' ~'))).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...games), edits, (g, e) => {
        const t = mutate(g, e);
        onlyRulesErrors(() => hive.deserialize(t));
        onlyRulesErrors(() => parseGameString(t, { strictInput: true }));
      }),
      { numRuns: 300, seed: 22 },
    );
    // Random text as a move in a fan game with grabs and swaps available.
    const s = play('Base+MLP:wT:bC', 'wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-');
    fc.assert(
      fc.property(fc.oneof(junk, fc.string({ maxLength: 12 })), (t) => {
        onlyRulesErrors(() => parseMoveString(s, t));
        onlyRulesErrors(() => hive.parseMove(s, `wT1 ${t}`));
        onlyRulesErrors(() => hive.parseMove(s, `wT1 *${t}`));
        onlyRulesErrors(() => hive.parseMove(s, `bC ~${t}`));
      }),
      { numRuns: 1000, seed: 23 },
    );
  });
});
