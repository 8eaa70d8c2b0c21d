/**
 * Saved Hive games come back whole: `hive.serialize` keeps the rule options (an option block
 * after the type, plain UHP when they are the defaults) and `hive.deserialize` refuses a
 * GameString whose state or turn field the moves do not produce (H-OPT-1, H-UHP-8).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import {
  DEFAULT_OPTIONS,
  formatGameString,
  GAME_TYPES,
  type HiveOptions,
  type HiveState,
  hive,
  parseGameString,
  UhpEngine,
} from '../../src/hive/index.js';
import { FAN_TYPES } from './fan/types.js';

/** The code of the RulesError `fn` throws (fails the test if it throws nothing or another error). */
function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e.code;
    throw e;
  }
  throw new Error('expected a RulesError');
}

/** The rule options and their UHP names and values as the `options` command prints them. */
const UHP_NAMES: readonly [keyof HiveOptions, string][] = [
  ['tournamentOpening', 'TournamentOpening'],
  ['repetitionDraw', 'RepetitionDraw'],
  ['maxPlies', 'MaxPlies'],
  ['strictInput', 'StrictInput'],
];
const uhpValue = (v: unknown): string => (v === true ? 'True' : v === false ? 'False' : String(v));

/** Plays `moves[c % n]` for each choice from `start` until the game ends; every state. */
function playOut(start: HiveState, choices: readonly number[]): HiveState[] {
  const states = [start];
  let s = start;
  for (const c of choices) {
    const moves = hive.moves(s);
    if (moves.length === 0) break;
    s = hive.apply(s, moves[c % moves.length] as (typeof moves)[number]);
    states.push(s);
  }
  return states;
}

/** Checks that `s` comes back whole from its saved text. */
function expectRoundTrip(s: HiveState): void {
  const text = hive.serialize(s);
  const back = hive.deserialize(text);
  expect(hive.serialize(back)).toBe(text);
  expect(formatGameString(back, { canonical: true })).toBe(
    formatGameString(s, { canonical: true }),
  );
  expect(back.type).toBe(s.type);
  expect(back.options).toEqual(s.options);
  expect(back.history).toEqual(s.history);
  expect(hive.terminal(back)).toBe(hive.terminal(s));
  expect(hive.score(back)).toEqual(hive.score(s));
  expect(hive.toMove(back)).toBe(hive.toMove(s));
  expect(hive.moves(back)).toEqual(hive.moves(s));
  // The option block holds exactly the non-default rule options; without it the text is the
  // plain UHP GameString, byte for byte.
  const block = text.slice(s.type.length, text.indexOf(';'));
  const plain = formatGameString(s, { uhp: true });
  expect(text.slice(0, s.type.length) + text.slice(s.type.length + block.length)).toBe(plain);
  const changed = UHP_NAMES.filter(([key]) => s.options[key] !== DEFAULT_OPTIONS[key]);
  if (changed.length === 0) expect(block).toBe('');
  else {
    expect(block.startsWith('{') && block.endsWith('}')).toBe(true);
    expect(block.slice(1, -1).split(',')).toEqual(
      changed.map(([key, name]) => `${name}=${uhpValue(s.options[key])}`),
    );
  }
}

const ruleOptions = fc.record({
  tournamentOpening: fc.boolean(),
  repetitionDraw: fc.boolean(),
  // Small caps end random games early (H-END-5); 0 is off.
  maxPlies: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.constant(100000)),
  strictInput: fc.boolean(),
});

describe('saved Hive games come back whole (H-OPT-1, H-UHP-8)', () => {
  it('H-OPT-1 / H-UHP-8: deserialize(serialize(s)) has the same moves, terminal, score, options and text, for every game type, fan rosters and every rule option (fast-check)', () => {
    let ended = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES, ...FAN_TYPES),
        ruleOptions,
        fc.array(fc.nat(), { minLength: 0, maxLength: 80, size: 'max' }),
        (type, options, choices) => {
          for (const s of playOut(hive.start({ type, ...options }), choices)) {
            expectRoundTrip(s);
            if (hive.terminal(s)) ended++;
          }
        },
      ),
      { numRuns: 100, seed: 1301 },
    );
    // Some games end (by the cap), so finished saves are covered too.
    expect(ended).toBeGreaterThan(5);
  });

  it('H-END-5 / H-OPT-1: a game drawn by the maxPlies cap comes back drawn, not in progress', () => {
    let s = hive.start({ type: 'Base+MLP', maxPlies: 4, tournamentOpening: false });
    for (const m of ['wS1', 'bS1 wS1-', String.raw`wQ \wS1`, 'bQ bS1/']) {
      s = hive.apply(s, hive.parseMove(s, m));
    }
    expect(hive.terminal(s)).toBe(true);
    const text = hive.serialize(s);
    expect(text).toBe(
      String.raw`Base+MLP{TournamentOpening=False,MaxPlies=4};Draw;White[3];wS1;bS1 wS1-;wQ \wS1;bQ bS1/`,
    );
    const back = hive.deserialize(text);
    expect(hive.terminal(back)).toBe(true);
    expect(hive.moves(back)).toEqual([]);
    expect(hive.score(back)).toEqual([0.5, 0.5]);
    // The same moves without the cap: the game would go on.
    expect(() => hive.deserialize(formatGameString(s, { uhp: true }))).toThrow(
      /state field 'Draw' but the moves give 'InProgress'/,
    );
  });

  it('H-PLACE-5 / H-OPT-1: a free-opening game comes back with the free opening', () => {
    const s = hive.start({ type: 'Base', tournamentOpening: false });
    expect(hive.serialize(s)).toBe('Base{TournamentOpening=False};NotStarted;White[1]');
    const back = hive.deserialize(hive.serialize(s));
    expect(back.options.tournamentOpening).toBe(false);
    expect(hive.formatMove(back, hive.parseMove(back, 'wQ'))).toBe('wQ');
    const bQ = hive.apply(back, hive.parseMove(back, 'wS1'));
    expect(hive.moves(bQ).some((m) => m.kind === 'place' && m.piece === 'bQ')).toBe(true);
  });

  it('H-END-4 / H-UHP-7: repetitionDraw and strictInput come back too', () => {
    const s = hive.start({ type: 'Base+P', repetitionDraw: true, strictInput: true });
    const text = hive.serialize(s);
    expect(text).toBe('Base+P{RepetitionDraw=True,StrictInput=True};NotStarted;White[1]');
    const back = hive.deserialize(text);
    expect(back.options).toEqual(s.options);
    // The restored strictInput applies to the game: a lenient MoveString is refused.
    expect(codeOf(() => hive.parseMove(back, 'ws1'))).toBe('PARSE_ERROR');
  });

  it('H-UHP-5 / H-UHP-7: strictInput reads back a Beetle stepping off the piece it covered, written against that piece', () => {
    // The last move: bB1 leaves bG1's hex; H-UHP-5 lifts the mover, so bG1 is the reference.
    const moves = String.raw`wQ;bG1 wQ/;wQ -bG1;bB1 bG1/;wA1 \wQ;bQ bG1\;wA1 bQ-;bB1 bG1;wS1 \wQ;bB1 \bG1`;
    const text = `Base{TournamentOpening=False,StrictInput=True};InProgress;White[6];${moves}`;
    const s = hive.deserialize(text);
    expect(hive.serialize(s)).toBe(text);
    expect(formatGameString(s, { canonical: true })).toBe(text);
    // A reference really covered (by a piece other than the mover) is still refused.
    const covered = `Base{TournamentOpening=False,StrictInput=True};InProgress;White[5];${moves
      .split(';')
      .slice(0, 8)
      .join(';')};wS1 bG1-`;
    expect(() => hive.deserialize(covered)).toThrow(/reference 'bG1' is covered \(strictInput\)/);
  });

  it('H-UHP-1: with the default options a save is a plain UHP GameString, byte for byte', () => {
    for (const type of GAME_TYPES) {
      let s = hive.start({ type });
      s = hive.apply(s, hive.parseMove(s, 'wS1'));
      s = hive.apply(s, hive.parseMove(s, 'bS1 wS1-'));
      expect(hive.serialize(s)).toBe(`${type};InProgress;White[2];wS1;bS1 wS1-`);
      expect(hive.serialize(s)).toBe(formatGameString(s, { uhp: true }));
    }
    const fan = hive.start({ type: 'Base+MLP:wTW3:bC' });
    expect(hive.serialize(fan)).toBe('Base+MLP:wTW3:bC;NotStarted;White[1]');
    const both = hive.start({ type: 'Base+MLP:wTW3:bC', maxPlies: 9 });
    expect(hive.serialize(both)).toBe('Base+MLP:wTW3:bC{MaxPlies=9};NotStarted;White[1]');
    expect(hive.deserialize(hive.serialize(both)).options).toEqual(both.options);
  });

  it('H-UHP-8: a GameString whose state or turn field the moves do not produce is INVALID_STATE, naming the field', () => {
    const cases: [string, RegExp][] = [
      ['Base+MLP;WhiteWins;White[1]', /state field 'WhiteWins' but the moves give 'NotStarted'/],
      ['Base;NotStarted;Black[1];wS1', /state field 'NotStarted' but the moves give 'InProgress'/],
      ['Base;InProgress;White[1];wS1', /turn field 'White\[1\]' but the moves give 'Black\[1\]'/],
      ['Base;InProgress;White[3];wS1;bS1 wS1-', /turn field 'White\[3\]'.*give 'White\[2\]'/],
    ];
    for (const [text, why] of cases) {
      for (const read of [
        () => hive.deserialize(text),
        () => parseGameString(text),
        () => parseGameString(text, { strictInput: true }),
        () => parseGameString(text, { lenient: true, strictInput: true }),
      ]) {
        expect(read, text).toThrow(why);
        expect(codeOf(read), text).toBe('INVALID_STATE');
      }
      // The lenient parser recomputes the fields, as Mzinga does.
      const lenient = parseGameString(text, { lenient: true });
      expect(hive.serialize(lenient)).not.toBe(text);
      expect(hive.deserialize(hive.serialize(lenient))).toEqual(lenient);
    }
    // Both fields wrong: both are named.
    expect(() => parseGameString('Base;WhiteWins;White[5];wS1')).toThrow(
      /state field 'WhiteWins'.*and turn field 'White\[5\]'/,
    );
    expect(codeOf(() => parseGameString('Base;Draw;White[1]', { lenient: 'yes' as never }))).toBe(
      'INVALID_OPTIONS',
    );
  });

  it('H-UHP-8 / H-UHP-10: the UHP engine stays lenient (strict with StrictInput) and writes plain UHP', () => {
    const e = new UhpEngine();
    expect(e.handle('newgame Base;NotStarted;Black[1];wS1')).toBe(
      'Base;InProgress;Black[1];wS1\nok',
    );
    expect(e.handle('newgame Base+MLP;WhiteWins;White[1]')).toBe(
      'Base+MLP;NotStarted;White[1]\nok',
    );
    e.handle('options set MaxPlies 4');
    e.handle('options set TournamentOpening False');
    // The engine's options live in the `options` command; its GameStrings stay plain UHP.
    expect(e.handle('newgame Base')).toBe('Base;NotStarted;White[1]\nok');
    expect(e.state?.options.maxPlies).toBe(4);
    expect(e.handle('play wQ')).toBe('Base;InProgress;Black[1];wQ\nok');
    expect(e.canonical()).toBe('Base;InProgress;Black[1];wQ');
    e.handle('options set StrictInput True');
    expect(e.handle('newgame Base;NotStarted;Black[1];wS1')).toMatch(/^err .*state field/);
    expect(e.canonical()).toBe('Base;InProgress;Black[1];wQ'); // the old game is kept
  });

  it('H-UHP-7 / H-UHP-8: a state stored as JSON is accepted exactly when its saved text reads back', () => {
    // Appendix A's Grasshopper game has nokamute's 'wB1 /wB1' (the mover as its own reference),
    // which only lenient input accepts (H-UHP-6).
    const moves = String.raw`wG1;bG1 wG1-;wQ /wG1;bQ bG1-;wS1 wQ\;bA1 bQ-;wB1 /wS1;bA1 -wQ;wB1 wS1\;bA2 bQ-;wB1 /wS1;bA2 wG1\;wB1 wS1\;bA3 bQ-;wB1 /wS1;bS1 bQ\;wB1 wS1;bS1 wB1\;wB1 /wB1;bA3 -wB1`;
    const lenient = { type: 'Base', options: DEFAULT_OPTIONS, history: moves.split(';') };
    const json = JSON.parse(JSON.stringify(lenient)) as HiveState;
    expect(hive.deserialize(hive.serialize(json)).history).toEqual(json.history);
    // The same history under strictInput: its save could not be read, so the state is refused.
    const strict = JSON.parse(
      JSON.stringify({ ...lenient, options: { ...DEFAULT_OPTIONS, strictInput: true } }),
    ) as HiveState;
    for (const call of [() => hive.moves(strict), () => hive.serialize(strict)]) {
      expect(call).toThrow(/not a valid Hive state: move 19 'wB1 \/wB1'.*mover itself/);
      expect(codeOf(call)).toBe('INVALID_STATE');
    }
    expect(
      codeOf(() => hive.deserialize(`Base{StrictInput=True};InProgress;Black[10];${moves}`)),
    ).toBe('PARSE_ERROR');
    // An illegal history is refused the same way.
    const illegal = { ...lenient, history: ['wS1', 'bS1 wS1-', 'wQ wS1'] } as HiveState;
    expect(() => hive.terminal(illegal)).toThrow(
      /not a valid Hive state: move 3 'wQ wS1' is illegal/,
    );
  });

  it('option blocks: any order and case on input, canonical with strictInput; the text wins over the options argument', () => {
    const s = parseGameString('Base{maxplies=7, tournamentopening=false};NotStarted;White[1]');
    expect(s.options).toMatchObject({ maxPlies: 7, tournamentOpening: false });
    expect(hive.serialize(s)).toBe('Base{TournamentOpening=False,MaxPlies=7};NotStarted;White[1]');
    // The text's options win; the argument fills in the rest.
    const t = parseGameString('Base{MaxPlies=7};NotStarted;White[1]', {
      maxPlies: 3,
      repetitionDraw: true,
    });
    expect(t.options).toMatchObject({ maxPlies: 7, repetitionDraw: true });
    // A default value may be written out; it is left out again on output.
    expect(hive.serialize(parseGameString('Base{MaxPlies=0};NotStarted;White[1]'))).toBe(
      'Base;NotStarted;White[1]',
    );
    // StrictInput in the block makes the whole text strict.
    const strictText = 'Base{StrictInput=True};InProgress;White[2];wS1;bS1 wS1-';
    expect(hive.serialize(hive.deserialize(strictText))).toBe(strictText);
    expect(codeOf(() => hive.deserialize(strictText.replace('wS1-', 'WS1-')))).toBe('PARSE_ERROR');
    for (const bad of [
      'Base{MaxPlies=7,TournamentOpening=False};NotStarted;White[1]', // order
      'Base{maxPlies=7};NotStarted;White[1]', // spelling
      'Base{MaxPlies=07};NotStarted;White[1]',
      'Base{RepetitionDraw=true};NotStarted;White[1]',
    ]) {
      expect(
        codeOf(() => parseGameString(bad, { strictInput: true })),
        bad,
      ).toBe('PARSE_ERROR');
      expect(() => parseGameString(bad, { lenient: true }), bad).not.toThrow();
    }
    const errors: [string, RegExp][] = [
      ['Base{};NotStarted;White[1]', /bad option block '\{\}'/],
      ['Base{MaxPlies=4;NotStarted;White[1]', /bad option block '\{MaxPlies=4'/],
      ['Base{MaxPlies=4}x;NotStarted;White[1]', /bad option block/],
      ['Base{Foo=1};NotStarted;White[1]', /unknown option 'Foo'/],
      ['Base{MaxPlies=4,MaxPlies=5};NotStarted;White[1]', /MaxPlies given twice/],
      ['Base{MaxPlies=-1};NotStarted;White[1]', /MaxPlies.*integer in 0\.\.100000, got '-1'/],
      ['Base{MaxPlies=100001};NotStarted;White[1]', /MaxPlies.*got '100001'/],
      [
        'Base{RepetitionDraw=yes};NotStarted;White[1]',
        /RepetitionDraw.*False, True, HiveGame, Nokamute, got 'yes'/,
      ],
      [
        'Base{RepetitionDraw};NotStarted;White[1]',
        /RepetitionDraw.*False, True, HiveGame, Nokamute, got ''/,
      ],
    ];
    for (const [text, why] of errors) {
      expect(() => hive.deserialize(text), text).toThrow(why);
      expect(
        codeOf(() => hive.deserialize(text)),
        text,
      ).toBe('PARSE_ERROR');
    }
    // The block belongs to a GameString, not to a GameTypeString.
    expect(codeOf(() => hive.start({ type: 'Base{MaxPlies=4}' as never }))).toBe('INVALID_OPTIONS');
  });

  it('fuzz: GameStrings with random option blocks give a state or a RulesError, nothing else', () => {
    const names = ['TournamentOpening', 'RepetitionDraw', 'MaxPlies', 'StrictInput', 'x', ''];
    const entry = fc
      .tuple(
        fc.constantFrom(...names),
        fc.oneof(fc.constantFrom('True', 'false', '0', '12', ''), fc.string({ maxLength: 6 })),
      )
      .map(([n, v]) => `${n}=${v}`);
    const block = fc.oneof(
      fc.array(entry, { maxLength: 4 }).map((es) => `{${es.join(',')}}`),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('Base', 'Base+MLP', 'Base+M:wD:b'),
        block,
        fc.constantFrom(';NotStarted;White[1]', ';InProgress;Black[1];wS1', ';Draw;White[1]'),
        fc.boolean(),
        (type, b, rest, lenient) => {
          const text = `${type}${b}${rest}`;
          try {
            const s = parseGameString(text, { lenient });
            // Whatever is read comes back whole.
            expect(hive.deserialize(hive.serialize(s))).toEqual(s);
          } catch (e) {
            if (!isRulesError(e)) throw e;
          }
        },
      ),
      { numRuns: 500, seed: 1302 },
    );
  });
});
