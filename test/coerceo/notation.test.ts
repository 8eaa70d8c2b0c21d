import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldByName, fieldName, tileByName } from '../../src/coerceo/engine/board.js';
import {
  coerceo,
  formatMoveText,
  formatPosition,
  LAURENTIUS_CPF,
  OCIUS_CPF,
  parseMoveText,
  parsePosition,
  pieceAt,
  resign,
  threats,
  turnEffects,
} from '../../src/coerceo/index.js';
import { isRulesError } from '../../src/core/errors.js';
import { randomGame } from '../../src/core/random-game.js';
import { cpfOf, expand, play, pos } from './helpers.js';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (!isRulesError(e)) throw e;
    return e.code;
  }
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return '';
}

describe('C-NOTATION', () => {
  it('C-NOTATION-1: all 114 field names round-trip; a4, e4f, c6a, c0a, c3g are rejected', () => {
    for (let id = 0; id < 114; id++) {
      const name = fieldName(id);
      expect(name).toMatch(/^[a-e][1-5][a-f]$/);
      expect(fieldByName(name)).toBe(id);
      expect(parseMoveText(`${name}-${name}`)).toEqual({ kind: 'step', from: name, to: name });
    }
    expect(tileByName('a4')).toBe(-1);
    for (const bad of ['e4f', 'c6a', 'c0a', 'c3g']) {
      expect(fieldByName(bad)).toBe(-1);
      expect(codeOf(() => parseMoveText(`${bad}-c3a`))).toBe('PARSE_ERROR');
      expect(codeOf(() => parseMoveText(`x${bad}`))).toBe('PARSE_ERROR');
    }
    // file/rank mapping: rank = y + 3 + min(x, 0)
    expect(fieldName(fieldByName('a1a'))).toBe('a1a');
  });

  it('C-NOTATION-2: short form, Cura mark and whitespace; PARSE_ERROR vs ILLEGAL_MOVE', () => {
    const s = coerceo.start();
    const want = { kind: 'step', from: 'a2c', to: 'a2a' };
    expect(coerceo.parseMove(s, 'a2c-a')).toEqual(want);
    expect(coerceo.parseMove(s, 'a2c-a2a+')).toEqual(want);
    expect(coerceo.parseMove(s, '  a2c-a2a \n')).toEqual(want);
    expect(codeOf(() => coerceo.parseMove(s, 'A2c-a2a'))).toBe('PARSE_ERROR');
    expect(codeOf(() => coerceo.parseMove(s, 'a2c a2a'))).toBe('PARSE_ERROR');
    expect(codeOf(() => coerceo.parseMove(s, 'a2c-a2b'))).toBe('ILLEGAL_MOVE');
    expect(codeOf(() => coerceo.parseMove(s, 'xa3f'))).toBe('ILLEGAL_MOVE');
    expect(codeOf(() => coerceo.parseMove(s, 'a2c-a2a++'))).toBe('PARSE_ERROR');
    // messages name the token and the index
    expect(messageOf(() => coerceo.parseMove(s, 'A2c-a2a'))).toMatch(/'A2c-a2a'.*index 0/);
    expect(messageOf(() => coerceo.parseMove(s, 'a2c a2a'))).toMatch(/index 3/);
    expect(messageOf(() => coerceo.parseMove(s, 'a2c-a2b'))).toMatch(/a2c-a2b/);
    // canonical output
    expect(formatMoveText({ kind: 'step', from: 'b3f', to: 'c4b' })).toBe('b3f-c4b');
    expect(formatMoveText({ kind: 'exchange', target: 'a3f' })).toBe('xa3f');
    expect(coerceo.formatMove(s, coerceo.parseMove(s, 'a2c-a'))).toBe('a2c-a2a');
  });

  it('C-NOTATION-3: both starts format exactly; a bad tile token is a PARSE_ERROR', () => {
    expect(formatPosition(coerceo.start())).toBe(LAURENTIUS_CPF);
    expect(formatPosition(coerceo.start({ variant: 'ocius' }))).toBe(OCIUS_CPF);
    expect(formatPosition(parsePosition(LAURENTIUS_CPF))).toBe(LAURENTIUS_CPF);
    expect(cpfOf(play(coerceo.start({ variant: 'ocius' }), 'b3e-c4c b2f-b2b b3c-b2a'))).toBe(
      '-,-,-/-,abd,-,-/-,ae,cf,bcd,-/-,bf,ac,-/-,-,- b 1/0 O2',
    );
    const bad = LAURENTIUS_CPF.replace('ac,cf,bf', 'ca,cf,bf');
    expect(codeOf(() => coerceo.deserialize(bad))).toBe('PARSE_ERROR');
    for (const text of [
      LAURENTIUS_CPF.replace(' w ', '  w '),
      LAURENTIUS_CPF.replace(' 0/0 ', ' 00/0 '),
      LAURENTIUS_CPF.replace(' L2', ' L3'),
      LAURENTIUS_CPF.replace(' L2', ' X2'),
      LAURENTIUS_CPF.replace(' w ', ' x '),
      LAURENTIUS_CPF.replace('ac,cf,bf/', 'ac,cf/'),
      LAURENTIUS_CPF.replace('ac,cf,bf', 'ac,cf,bg'),
      LAURENTIUS_CPF.replace('ac,cf,bf', 'ac,cff,bf'),
      LAURENTIUS_CPF.replace(' 0/0 ', ' 19/0 '),
    ]) {
      expect(
        codeOf(() => coerceo.deserialize(text)),
        text,
      ).toBe('PARSE_ERROR');
    }
  });

  it('C-NOTATION-4: invalid positions are INVALID_STATE', () => {
    // S12's result with White to move: Black, not to move, has no pieces.
    expect(codeOf(() => coerceo.deserialize(expand('E/-,-,ae,-,-/-,-,-,-/Z w 0/0 C2')))).toBe(
      'INVALID_STATE',
    );
    // an empty corner tile is removable
    expect(codeOf(() => coerceo.deserialize(LAURENTIUS_CPF.replace('ac,cf,bf', '.,cf,bf')))).toBe(
      'INVALID_STATE',
    );
    for (const text of [
      '-,-,-/-,-,-,-/-,-,-,-,-/-,-,-,-/-,-,- w 0/0 C2', // no tiles
      expand('E/ae,-,-,-,b/-,-,-,-/Z w 0/0 C2'), // not connected
      OCIUS_CPF.replace('-,-,-/-,df', 'a,-,-/-,df'), // Ocius with a ring-2 tile
      LAURENTIUS_CPF.replace(' 0/0 ', ' 1/0 '), // held more than removed
      expand('E/-,-,ae,-,-/-,-,-,-/Z b 10/9 C2'),
    ]) {
      expect(
        codeOf(() => coerceo.deserialize(text)),
        text,
      ).toBe('INVALID_STATE');
    }
    // the side to move may have no pieces (the game is over)
    expect(coerceo.terminal(coerceo.deserialize(expand('E/-,-,ae,-,-/-,-,-,-/Z b 0/0 C2')))).toBe(
      true,
    );
  });

  it('C-NOTATION-5: the full state string with history round-trips', () => {
    const s = play(coerceo.start(), 'a1a-a1e a3f-a3d');
    const text =
      'ce,cf,bd/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2 h:a1a-a1e,a3f-a3d';
    expect(coerceo.serialize(s)).toBe(text);
    expect(coerceo.serialize(coerceo.deserialize(text))).toBe(text);
    // history is cut at irreversible turns
    const after = play(coerceo.start(), 'a2c-a2a a2f-a2b a1a-a2c');
    expect(coerceo.serialize(after)).toBe(
      'c,ac,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df b 0/0 L2',
    );
    expect(coerceo.serialize(play(after, 'a3f-a3d'))).toMatch(/ h:a3f-a3d$/);
    // options and resignation tokens
    const opts = coerceo.start({
      repetitionDraw: false,
      insufficientMaterialDraw: false,
      noLegalMoves: 'loss',
      cura: true,
    });
    const optText = `${LAURENTIUS_CPF} o:repetitionDraw=false,insufficientMaterialDraw=false,noLegalMoves=loss,cura=true`;
    expect(coerceo.serialize(opts)).toBe(optText);
    expect(coerceo.serialize(coerceo.deserialize(optText))).toBe(optText);
    expect(coerceo.deserialize(optText).rulings.noLegalMoves).toBe('loss');
    // bad history and tails
    for (const [t, code] of [
      [`${LAURENTIUS_CPF} h:a1a-a1e`, 'INVALID_STATE'],
      [`${text},a1e-a1a`, 'INVALID_STATE'],
      [`${LAURENTIUS_CPF} h:a1a-e`, 'PARSE_ERROR'],
      [`${LAURENTIUS_CPF} o:cura=true,repetitionDraw=false`, 'PARSE_ERROR'],
      [`${LAURENTIUS_CPF} r:w o:cura=true`, 'PARSE_ERROR'],
      [`${LAURENTIUS_CPF} r:x`, 'PARSE_ERROR'],
      [`${LAURENTIUS_CPF}  r:b`, 'PARSE_ERROR'],
    ] as const) {
      expect(
        codeOf(() => coerceo.deserialize(t)),
        t,
      ).toBe(code);
    }
    // a history step that captured cannot be in h:
    const capt = 'c,abc,bf/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df b 0/0 L2 h:a1a-a2c';
    expect(codeOf(() => coerceo.deserialize(capt))).toBe('INVALID_STATE');
  });

  it('C-NOTATION-6: round trips over random games of both variants', () => {
    for (const variant of ['laurentius', 'ocius'] as const) {
      for (let seed = 1; seed <= 6; seed++) {
        const game = randomGame(coerceo, { variant }, seed, { maxPlies: 120, keepStates: true });
        for (const s of game.states) {
          const text = coerceo.serialize(s);
          const back = coerceo.deserialize(text);
          expect(coerceo.serialize(back)).toBe(text);
          expect(coerceo.moves(back)).toEqual(coerceo.moves(s));
          expect(coerceo.terminal(back)).toBe(coerceo.terminal(s));
          expect(coerceo.score(back)).toEqual(coerceo.score(s));
          expect(back.history).toEqual(s.history);
          for (const m of coerceo.moves(s)) {
            const t = coerceo.formatMove(s, m);
            expect(coerceo.parseMove(s, t)).toEqual(m);
            expect(coerceo.formatMove(s, coerceo.parseMove(s, t))).toBe(t);
          }
        }
      }
    }
  });
});

describe('fuzz: parsers and deserialize throw only RulesError', () => {
  const valid = [
    LAURENTIUS_CPF,
    OCIUS_CPF,
    'ce,cf,bd/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2 h:a1a-a1e,a3f-a3d',
    `${LAURENTIUS_CPF} o:repetitionDraw=false,cura=true r:b`,
    expand('E/-,b,aef,b,-/-,-,-,-/Z w 2/0 C2'),
  ];
  const alphabet = [...'abcdefgx-+,./ 0123456789wbLOC:hor.-=\n\t'];
  const mutate = fc
    .tuple(
      fc.constantFrom(...valid),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...alphabet)), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([text, edits]) => {
      let t = text;
      for (const [at, op, ch] of edits) {
        const i = t.length === 0 ? 0 : at % (t.length + 1);
        if (op === 0) t = t.slice(0, i) + ch + t.slice(i);
        else if (op === 1) t = t.slice(0, i) + t.slice(i + 1);
        else t = t.slice(0, i) + ch + t.slice(i + 1);
      }
      return t;
    });
  const anyText = fc.oneof(
    fc.string({ maxLength: 80 }),
    mutate,
    fc.stringMatching(/^[ -~]{0,60}$/),
  );

  const onlyRulesErrors = (fn: () => unknown): void => {
    try {
      fn();
    } catch (e) {
      if (!isRulesError(e)) throw e;
    }
  };

  it('deserialize / parsePosition / start({position}) on random and mutated strings', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        onlyRulesErrors(() => {
          const s = coerceo.deserialize(text);
          // anything accepted round-trips
          expect(coerceo.serialize(coerceo.deserialize(coerceo.serialize(s)))).toBe(
            coerceo.serialize(s),
          );
        });
        onlyRulesErrors(() => parsePosition(text));
        onlyRulesErrors(() => coerceo.start({ position: text }));
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('parseMoveText on random and mutated move strings', () => {
    const s = pos('E/-,b,aef,b,-/-,-,-,-/Z w 2/0 C2');
    const moveText = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .tuple(
          fc.constantFrom('c3a-c3c', 'xc4b', 'a2c-a', 'c3e-c4c+'),
          fc.nat(),
          fc.constantFrom(...alphabet),
        )
        .map(([t, i, ch]) => {
          const k = i % (t.length + 1);
          return t.slice(0, k) + ch + t.slice(k + 1);
        }),
    );
    fc.assert(
      fc.property(moveText, (text) => {
        onlyRulesErrors(() => coerceo.parseMove(s, text));
        onlyRulesErrors(() => coerceo.parseMove(coerceo.start(), text));
        onlyRulesErrors(() => parseMoveText(text));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });
});

describe('fuzz: API entry points throw only RulesError on junk arguments', () => {
  it('apply, turnEffects, pieceAt and start on arbitrary values', () => {
    const s = pos('E/-,b,aef,b,-/-,-,-,-/Z w 2/0 C2');
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        kind: fc.constantFrom('step', 'exchange', 'pass', undefined),
        from: fc.oneof(
          fc.string({ maxLength: 4 }),
          fc.constantFrom('c3a', 'c3e', 'zz9'),
          fc.integer(),
        ),
        to: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('c3c', 'c4c'), fc.integer()),
        target: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('c3f', 'c3a')),
      }),
    );
    fc.assert(
      fc.property(junk, (value) => {
        for (const fn of [
          () => coerceo.apply(s, value as never),
          () => turnEffects(s, value as never),
          () => pieceAt(s, value as never),
          () => coerceo.start(value as never),
          () => coerceo.deserialize(value as never),
          () => coerceo.parseMove(s, value as never),
          () => resign(s, value as never),
          () => threats(s, value as never),
        ]) {
          try {
            fn();
          } catch (e) {
            if (!isRulesError(e)) throw e;
          }
        }
      }),
      { numRuns: 1500, seed: 3 },
    );
  });
});
