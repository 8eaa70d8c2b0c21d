/**
 * Saved Coerceo games come back whole (C-NOTATION-5/6): for both variants, both exchange costs,
 * a set-up position and every ruling, `deserialize(serialize(s))` is the same state at every ply
 * of random legal games; and a state edited into one that breaks a rule is refused by every
 * entry point, as `deserialize` refuses the text it would be saved as (C-NOTATION-4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CoerceoOptions,
  type CoerceoState,
  coerceo,
  outcome,
  pieceAt,
  resign,
  threats,
} from '../../src/coerceo/index.js';
import { savedText } from '../../src/coerceo/state.js';
import { render } from '../../src/coerceo/svg.js';
import { RulesError } from '../../src/core/errors.js';

/** C-NOTATION-3's example: Ocius after `b3e-c4c b2f-b2b b3c-b2a`. */
const OCIUS_LATER = '-,-,-/-,abd,-,-/-,ae,cf,bcd,-/-,bf,ac,-/-,-,- b 1/0 O2';

const options: fc.Arbitrary<Partial<CoerceoOptions>> = fc
  .record({
    variant: fc.constantFrom('laurentius', 'ocius'),
    exchangeCost: fc.constantFrom(1, 2),
    fromPosition: fc.boolean(),
    repetitionDraw: fc.boolean(),
    insufficientMaterialDraw: fc.boolean(),
    noLegalMoves: fc.constantFrom('draw', 'loss'),
    cura: fc.boolean(),
  })
  .map(({ fromPosition, ...o }) =>
    // A set-up position fixes the variant and the exchange cost (C-NOTATION-3).
    fromPosition ? { ...o, variant: undefined, exchangeCost: undefined, position: OCIUS_LATER } : o,
  );

/** Checks that `s` comes back whole from its saved text (C-NOTATION-6). */
function expectRoundTrip(s: CoerceoState): void {
  const text = coerceo.serialize(s);
  const back = coerceo.deserialize(text);
  expect(coerceo.serialize(back)).toBe(text);
  // The whole state, repetition history and rulings included.
  expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(s)));
  expect(coerceo.terminal(back)).toBe(coerceo.terminal(s));
  expect(coerceo.score(back)).toEqual(coerceo.score(s));
  expect(outcome(back)).toEqual(outcome(s));
  expect(coerceo.moves(back)).toEqual(coerceo.moves(s));
  expect(coerceo.moves(back).map((m) => coerceo.formatMove(back, m))).toEqual(
    coerceo.moves(s).map((m) => coerceo.formatMove(s, m)),
  );
}

describe('saved Coerceo games come back whole (C-NOTATION-5/6)', () => {
  it('C-NOTATION-6: deserialize(serialize(s)) is the same state at every ply, for both variants, both exchange costs, a set-up position and every ruling (fast-check)', () => {
    let ended = 0;
    let resigned = 0;
    fc.assert(
      fc.property(
        options,
        fc.array(fc.nat(), { minLength: 0, maxLength: 160, size: 'max' }),
        fc.constantFrom(null, 'white', 'black'),
        (o, choices, resigner) => {
          let s = coerceo.start(o);
          expectRoundTrip(s);
          for (const c of choices) {
            const ms = coerceo.moves(s);
            if (ms.length === 0) break;
            s = coerceo.apply(s, ms[c % ms.length] as (typeof ms)[number]);
            expectRoundTrip(s);
          }
          if (coerceo.terminal(s)) ended++;
          else if (resigner !== null) {
            // C-END-2: a resignation is saved (r:w / r:b) and comes back.
            expectRoundTrip(resign(s, resigner));
            resigned++;
          }
        },
      ),
      { numRuns: 80, seed: 1304 },
    );
    expect(ended).toBeGreaterThan(0);
    expect(resigned).toBeGreaterThan(0);
  });

  it('C-NOTATION-4 / C-END-7 / C-BOARD-6: an edited state that breaks a rule is refused by every entry point, naming the rule, as deserialize refuses its saved text', () => {
    const start = coerceo.start();
    const ocius = coerceo.start({ variant: 'ocius' });
    const after = coerceo.deserialize(
      'ce,cf,bd/ad,ac,bf,be/bd,bd,.,ae,ae/be,ce,df,ad/ce,cf,df w 0/0 L2 h:a1a-a1e,a3f-a3d',
    );
    const edits: [string, CoerceoState, RegExp][] = [
      [
        'a status the position does not give',
        { ...start, status: 4 },
        /field 'status' says white wins \(captured-all\), but the position gives the game goes on \(C-END-7\)/,
      ],
      [
        'a piece on a tile that is not on the board',
        // Ocius has no ring-2 tile: a1 (colour index 0) is absent.
        {
          ...ocius,
          pieces: [ocius.pieces[0] | 1, ocius.pieces[1], ocius.pieces[2], ocius.pieces[3]],
        },
        /field 'pieces' holds a piece on a field whose tile is not on the board \(C-BOARD-6\)/,
      ],
      ['held tiles that were never removed', { ...start, held: [3, 0] }, /held tiles 3\+0 exceed/],
      [
        'an empty corner tile that would have been removed',
        // a1's pieces gone (White a1a/a1c, colour indices 0..2) and the corner still present.
        {
          ...start,
          pieces: [start.pieces[0] & ~7, start.pieces[1], start.pieces[2], start.pieces[3]],
        },
        /tile a1 is empty and removable \(C-TILE-4a\)/,
      ],
      [
        'a history its moves do not produce',
        { ...after, history: [after.history[1], after.history[0]] as CoerceoState['history'] },
        /field 'history' does not list the positions its moves 'since' pass through/,
      ],
      [
        'a history step in short form',
        { ...after, since: ['a1a-e', 'a3f-a3d'] },
        /history item 0 'a1a-e' is not a long-form step/,
      ],
    ];
    for (const [what, s, why] of edits) {
      for (const [name, call] of [
        ['coerceo.moves', () => coerceo.moves(s)],
        ['coerceo.apply', () => coerceo.apply(s, coerceo.moves(start)[0]!)],
        ['coerceo.serialize', () => coerceo.serialize(s)],
        ['coerceo.terminal', () => coerceo.terminal(s)],
        ['render', () => render(s)],
        ['pieceAt', () => pieceAt(s, 'c3a')],
        ['threats', () => threats(s)],
      ] as const) {
        let error: unknown;
        try {
          call();
        } catch (e) {
          error = e;
        }
        expect(error, `${what}: ${name}`).toBeInstanceOf(RulesError);
        expect((error as RulesError).code, `${what}: ${name}`).toBe('INVALID_STATE');
        expect((error as RulesError).message, `${what}: ${name}`).toMatch(why);
        expect((error as RulesError).message).toContain(`${name}: not a valid Coerceo state`);
      }
      // The text such a state would be saved as does not read back as that state.
      let back: CoerceoState | null = null;
      try {
        back = coerceo.deserialize(savedText(s));
      } catch (e) {
        // Text that cannot be read (a short-form step) or a position that breaks a rule.
        expect(['PARSE_ERROR', 'INVALID_STATE'], what).toContain((e as RulesError).code);
      }
      if (back !== null) expect(JSON.stringify(back), what).not.toBe(JSON.stringify(s));
    }
    // The unedited states are accepted, as plain JSON copies too.
    for (const s of [start, ocius, after]) {
      expect(coerceo.moves(JSON.parse(JSON.stringify(s)))).toEqual(coerceo.moves(s));
    }
  });
});
