import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import { cellOf, NB } from '../../src/hive/engine/board.js';
import { pieceFromName, pieceName } from '../../src/hive/engine/pieces.js';
import {
  formatGameString,
  formatTurnString,
  GAME_TYPES,
  type HiveState,
  hive,
  parseGameStateString,
  parseGameString,
  parseGameTypeString,
  parseMoveString,
  parseTurnString,
  placeOf,
  playMoveString,
} from '../../src/hive/index.js';
import { parseMoveCode as parseLow } from '../../src/hive/notation.js';
import { livePosition } from '../../src/hive/state.js';
import { A } from './appendix.js';

const BS = '\\';

function rejectsText(state: HiveState, text: string): RulesError {
  try {
    parseMoveString(state, text);
  } catch (e) {
    expect(isRulesError(e)).toBe(true);
    return e as RulesError;
  }
  throw new Error(`'${text}' was accepted`);
}

describe('UHP notation (H-UHP)', () => {
  it('H-UHP-1: GameStrings of the grammar round-trip; no trailing ";"', () => {
    for (const g of [
      'Base;NotStarted;White[1]',
      'Base;InProgress;Black[1];wS1',
      'Base;InProgress;White[2];wS1;bS1 wS1-',
      'Base+MLP;InProgress;Black[1];wM',
    ]) {
      expect(formatGameString(parseGameString(g))).toBe(g);
    }
    expect(() => parseGameString('Base;NotStarted;White[1];')).toThrow(RulesError);
    expect(() => parseGameString('Base;NotStarted')).toThrow(RulesError);
    for (const t of GAME_TYPES) expect(parseGameTypeString(t)).toBe(t);
    expect(parseGameStateString('WhiteWins')).toBe('WhiteWins');
    expect(parseTurnString('Black[12]')).toEqual({ colour: 1, turn: 12 });
    expect(formatTurnString({ colour: 0, turn: 3 })).toBe('White[3]');
    expect(() => parseTurnString('Red[1]')).toThrow(RulesError);
    expect(() => parseGameStateString('Done')).toThrow(RulesError);
  });

  it('H-UHP-2: NotStarted before any ply, then InProgress, then the result; the turn names the next side', () => {
    expect(formatGameString(hive.start({ type: 'Base' }))).toBe('Base;NotStarted;White[1]');
    expect(formatGameString(parseGameString('Base;InProgress;Black[1];wS1'))).toMatch(
      /^Base;InProgress;Black\[1\]/,
    );
    expect(formatGameString(parseGameString(A.blackSuicide))).toBe(A.blackSuicide);
    expect(formatGameString(parseGameString(A.draw))).toBe(A.draw);
  });

  it('H-UHP-3: a name alone is the first ply; p X climbs onto X; a separator names a neighbour', () => {
    const s = parseGameString(A.pieceOnTop);
    expect(placeOf(s, 'wB1')).toMatchObject({ level: 1 });
    expect(placeOf(s, 'wB1')).toMatchObject({ q: placeOf(s, 'wQ')?.q, r: placeOf(s, 'wQ')?.r });
    const first = hive.parseMove(hive.start({ type: 'Base' }), 'wA1');
    expect(first).toEqual({ kind: 'place', piece: 'wA1', q: 0, r: 0 });
  });

  it('H-UHP-4: a throw is written as a move of the thrown piece', () => {
    const s = parseGameString(A.pillbugGate);
    const texts = hive.moves(s).map((m) => hive.formatMove(s, m));
    expect(texts.sort()).toEqual(['bA1 -bB2', 'bA1 /wP']);
    expect(hive.toMove(s)).toBe(0);
  });

  it('H-UHP-5: wQ at (0,-1) is written wQ \\wS1 and at (-1,0) wQ -wS1', () => {
    const s = parseGameString('Base;InProgress;White[2];wS1;bS1 wS1-');
    expect(hive.formatMove(s, { kind: 'place', piece: 'wQ', q: 0, r: -1 })).toBe(`wQ ${BS}wS1`);
    expect(hive.formatMove(s, { kind: 'place', piece: 'wQ', q: -1, r: 0 })).toBe('wQ -wS1');
    expect(hive.formatMove(hive.start(), { kind: 'place', piece: 'wS1', q: 0, r: 0 })).toBe('wS1');
  });

  it('H-UHP-6: accepts any neighbour, a covered reference, the mover itself, any case and blanks', () => {
    // Every occupied neighbour of the destination names the same move.
    let checked = 0;
    for (const g of [A.queenMoves, A.mosquitoMoves, A.beetleGate, A.pillbugGate, A.ladybugGate]) {
      const st = parseGameString(g);
      const pos = livePosition(st);
      for (const m of hive.moves(st)) {
        if (m.kind === 'pass') continue;
        const p = pieceFromName(m.piece);
        const to = cellOf(m.q, m.r);
        if (pos.height[to] !== 0) continue;
        for (let i = 0; i < 6; i++) {
          const x = NB[to * 6 + i] as number;
          if (pos.height[x] === 0 || (pos.top[x] === p && pos.height[x] === 1)) continue;
          const d = (i + 3) % 6; // the destination lies in direction d of X
          const name = pieceName(pos.top[x] as number);
          const target = [
            `${BS}${name}`,
            `${name}/`,
            `${name}-`,
            `${name}${BS}`,
            `/${name}`,
            `-${name}`,
          ][d];
          expect(parseMoveString(st, `${m.piece} ${target}`)).toEqual(m);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    const s = parseGameString('Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
    const viaW = parseMoveString(s, 'wQ wS1/'.replace('wQ wS1/', `wQ ${BS}wS1`));
    expect(parseMoveString(s, `  WQ    ${BS}ws1  `)).toEqual(viaW);
    expect(parseMoveString(s, 'wq wQ/')).toEqual(viaW); // the mover itself as reference
    // The mover itself (nokamute writes `wB1 /wB1`): the Grasshopper moves appendix position.
    expect(() => parseGameString(A.grasshopperMoves)).not.toThrow();
    // A covered reference: bQ is under wB1 in "Piece on top"... use wQ under wB1.
    const top = parseGameString(A.pieceOnTop);
    const topPos = livePosition(top);
    expect(parseLow(topPos, 'wS1 wQ').move).toBe(parseLow(topPos, 'wS1 wB1').move);
    expect(parseLow(topPos, 'wS1 -wQ').move).toBe(parseLow(topPos, 'wS1 -wB1').move);
    expect(parseGameTypeString('Base+PLM')).toBe('Base+MLP');
    expect(parseGameTypeString('base+lm')).toBe('Base+ML');
    const pass = parseGameString(A.pass);
    expect(parseMoveString(pass, 'PASS')).toEqual({ kind: 'pass' });
  });

  it('H-UHP-7: rejects bad references, numbers, blanks, colours, types, order and illegal moves', () => {
    const s = parseGameString('Base;InProgress;White[2];wS1;bS1 wS1-');
    expect(rejectsText(s, 'wQ -bQ').code).toBe('PARSE_ERROR'); // not in play
    expect(rejectsText(s, 'wQ -wQ').code).toBe('PARSE_ERROR'); // placed relative to itself
    expect(rejectsText(hive.start({ type: 'Base' }), 'wS1 -bQ').code).toBe('PARSE_ERROR');
    expect(rejectsText(hive.start({ type: 'Base' }), 'wS1 wS1').code).toBe('PARSE_ERROR');
    expect(rejectsText(s, 'wQ1 -wS1').code).toBe('PARSE_ERROR');
    expect(rejectsText(s, 'wS -wS1').code).toBe('PARSE_ERROR');
    expect(rejectsText(s, 'wQ - wS1').code).toBe('PARSE_ERROR');
    expect(rejectsText(s, 'bA1 -wS1').code).toBe('ILLEGAL_MOVE'); // wrong colour
    expect(rejectsText(s, 'wM -wS1').code).toBe('PARSE_ERROR'); // not in Base
    expect(rejectsText(s, 'wG2 -wS1').code).toBe('ILLEGAL_MOVE'); // number order
    expect(rejectsText(s, 'wQ wS1').code).toBe('ILLEGAL_MOVE'); // not legal
    expect(rejectsText(s, 'wQ -wS1-').code).toBe('PARSE_ERROR');
    expect(() => parseGameTypeString('Base+MM')).toThrow(RulesError);
    expect(() => parseGameTypeString('Base+X')).toThrow(RulesError);
    // strictInput rejects the lenient forms except "any occupied neighbour".
    const strict = parseGameString(
      'Base;InProgress;Black[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wG1 -wQ',
      { strictInput: true },
    );
    expect(parseMoveString(strict, `bG1 ${BS}bQ`)).toEqual(parseMoveString(strict, 'bG1 bS1/'));
    expect(rejectsText(strict, ' bG1 bS1/').code).toBe('PARSE_ERROR');
    expect(rejectsText(strict, 'bG1  bS1/').code).toBe('PARSE_ERROR');
    expect(rejectsText(strict, 'BG1 bS1/').code).toBe('PARSE_ERROR');
    expect(rejectsText(strict, 'PASS').code).toBe('PARSE_ERROR');
    expect(rejectsText(strict, 'bQ bQ/').code).toBe('PARSE_ERROR'); // the mover itself
    expect(() => parseGameString('Base+LMP;NotStarted;White[1]', { strictInput: true })).toThrow(
      RulesError,
    );
    const topStrict = parseGameString(A.pieceOnTop, { strictInput: true });
    expect(rejectsText(topStrict, 'bB1 wQ').code).toBe('PARSE_ERROR'); // covered reference
  });

  it('H-UHP-8: replays and validates; wrong state/turn fields are an error unless lenient, and always under strictInput', () => {
    const mzinga = 'Base;NotStarted;Black[1];wS1';
    expect(() => parseGameString(mzinga)).toThrow(
      expect.objectContaining({
        code: 'INVALID_STATE',
        message: expect.stringMatching(/state field 'NotStarted' but the moves give 'InProgress'/),
      }),
    );
    const s = parseGameString(mzinga, { lenient: true });
    expect(formatGameString(s)).toBe('Base;InProgress;Black[1];wS1');
    expect(() => parseGameString(mzinga, { lenient: true, strictInput: true })).toThrow(
      expect.objectContaining({
        code: 'INVALID_STATE',
        message: expect.stringMatching(/moves give/),
      }),
    );
    expect(() => parseGameString('Base;InProgress;Black[x];wS1')).toThrow(RulesError);
    // A move after the end is illegal.
    expect(() => parseGameString(`${A.blackSuicide};wQ -wS1`)).toThrow(/over/);
    // The history keeps each MoveString as given (case and blanks normalised)...
    let g = parseGameString('Base;NotStarted;White[1]');
    g = playMoveString(g, 'WS1');
    g = playMoveString(g, '  bs1    /wS1 ');
    expect(formatGameString(g)).toBe('Base;InProgress;White[2];wS1;bS1 /wS1');
    // ... and a canonical re-rendering is offered.
    const gs = parseGameString(A.grasshopperMoves);
    expect(formatGameString(gs)).toBe(A.grasshopperMoves);
    expect(formatGameString(gs, { canonical: true })).not.toContain('wB1 /wB1');
    expect(formatGameString(parseGameString(formatGameString(gs, { canonical: true })))).toBe(
      formatGameString(gs, { canonical: true }),
    );
    // Errors name the offending token.
    expect(() => parseGameString('Base;InProgress;White[2];wS1;bX9 wS1-')).toThrow(/bX9/);
  });
});

describe('fuzzing the UHP parsers: only RulesError ever comes out', () => {
  const vectors = readFileSync(
    new URL('../fixtures/hive/mzinga-positions.jsonl', import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .filter((_, i) => i % 40 === 0)
    .map((l) => (JSON.parse(l) as { game: string }).game);
  const onlyRulesErrors = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (!isRulesError(e)) throw e;
    }
  };
  const alphabet = fc.constantFrom(
    ...'wbQSBGAMLP123 -/\\;[]+ WhiteBlackInProgressNotStartedpass0\t'.split(''),
  );
  const junk = fc.string({ unit: alphabet, maxLength: 60 });

  it('random text into every parser and deserialize', () => {
    const s = parseGameString(A.pillbugGate);
    fc.assert(
      fc.property(fc.oneof(junk, fc.string({ maxLength: 40 })), (t) => {
        onlyRulesErrors(() => hive.deserialize(t));
        onlyRulesErrors(() => parseGameString(t, { strictInput: true }));
        onlyRulesErrors(() => parseMoveString(s, t));
        onlyRulesErrors(() => hive.parseMove(hive.start(), t));
        onlyRulesErrors(() => parseGameTypeString(t));
        onlyRulesErrors(() => parseGameStateString(t));
        onlyRulesErrors(() => parseTurnString(t));
      }),
      { numRuns: 3000, seed: 5 },
    );
  });

  it('mutations of valid GameStrings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...vectors, ...Object.values(A)),
        fc.array(fc.tuple(fc.nat(), fc.nat(), alphabet), { minLength: 1, maxLength: 4 }),
        (g, edits) => {
          let t = g;
          for (const [pos, kind, ch] of edits) {
            const i = pos % (t.length + 1);
            t =
              kind % 3 === 0
                ? t.slice(0, i) + ch + t.slice(i)
                : kind % 3 === 1
                  ? t.slice(0, i) + t.slice(i + 1)
                  : t.slice(0, i) + ch + t.slice(i + 1);
          }
          onlyRulesErrors(() => hive.deserialize(t));
        },
      ),
      { numRuns: 400, seed: 6 },
    );
  });

  it('invalid move objects given to apply', () => {
    const s = parseGameString(A.pillbugGate);
    fc.assert(
      fc.property(fc.anything(), (m) => {
        onlyRulesErrors(() => hive.apply(s, m as never));
      }),
      { numRuns: 500, seed: 8 },
    );
  });
});
