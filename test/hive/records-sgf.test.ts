// Boardspace SGF, read as Hive records (readRecords(hive, text) and the 'sgf' format): random
// legal games written in every turn shape Boardspace uses come back as the same moves; each
// dialect (SU[] of each era, pieces without colour, actions of any case, implied passes, draw
// offers, resignations, several trees, RE[] in several languages) is read as the small texts
// below pin it; what the rules refuse ends the record with a RulesError naming the ply, the
// action and the rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../src/core/errors.js';
import { mainLine, type RecordedGame, replayLine, tagValue } from '../../src/core/record.js';
import { readRecords } from '../../src/core/record-formats.js';
import { type HiveMove, type HiveState, hive } from '../../src/hive/index.js';
import { BOARDSPACE_VARIANTS } from '../../src/hive/records/sgf-format.js';
import { boardspaceSgf, type Style } from '../support/boardspace-sgf.js';

const readSgf = (text: string) => readRecords(hive, text, 'sgf');
const movesOf = (r: RecordedGame) => mainLine(r).map((n) => n.move);
const warningsOf = (text: string) => readSgf(text).warnings.map((w) => w.message);

/** A random legal game: each move `moves[i % n]` of the moves there are. */
function randomGame(choices: readonly number[], options: object = {}): HiveMove[] {
  let s = hive.start(options);
  const out: HiveMove[] = [];
  for (const c of choices) {
    if (hive.terminal(s)) break;
    const legal = hive.moves(s);
    const m = legal[c % legal.length] as HiveMove;
    out.push(m);
    s = hive.apply(s, m);
  }
  return out;
}

/** The canonical MoveStrings of a game. */
function texts(moves: readonly HiveMove[], options: object = {}): string[] {
  let s: HiveState = hive.start(options);
  return moves.map((m) => {
    const t = hive.formatMove(s, m);
    s = hive.apply(s, m);
    return t;
  });
}

/** A Boardspace game: its root, then its action nodes as written (sequence numbers given). */
function game(actions: readonly string[], root: readonly string[] = ['SU[hive]']): string {
  return [
    '(;',
    'GM[27]VV[1]',
    ...root,
    'P0[id "alice"]',
    'P1[id "bob"]',
    '; P0[0 Start P0]',
    ...actions.map((a) => `; ${a}`),
    ')',
  ].join('\n');
}

const style: fc.Arbitrary<Style> = fc.record({
  shape: fc.integer({ min: 0, max: 3 }),
  capital: fc.boolean(),
  climb: fc.integer({ min: 0, max: 2 }),
});

describe('Boardspace SGF: random games written in every turn shape', () => {
  it('reads back the moves of random games, whatever shape each turn has, and replays them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 70 }),
        fc.array(style, { minLength: 1, maxLength: 5 }),
        (choices, styles) => {
          const moves = randomGame(choices);
          const text = boardspaceSgf(moves, styles);
          const read = readSgf(text);
          expect(read.errors).toEqual([]);
          const record = read.records[0] as RecordedGame;
          expect(movesOf(record)).toEqual(texts(moves));
          // What is said is only the re-drops (the same cell, dropped twice) and forced passes.
          for (const w of read.warnings) {
            expect(w.message).toMatch(/only the last drop counts|read as a pass/);
          }
          const replayed = replayLine(hive, record);
          expect(replayed.error).toBeNull();
          expect(replayed.moves.length).toBe(moves.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads games of every game type its SU[] names, in any case, with the numbers after it', () => {
    const spellings: Record<string, string> = {
      hive: 'Base',
      Hive: 'Base',
      'hive-m': 'Base+M',
      'Hive-L': 'Base+L',
      'hive-p': 'Base+P',
      'Hive-LM': 'Base+ML',
      'HIVE-PM': 'Base+MP',
      'hive-pl': 'Base+LP',
      'Hive-PLM': 'Base+MLP',
      'hive-plm 2 0 101': 'Base+MLP',
      'Hive-PieLM': 'Base+MLP',
      'Hive-Ultimate': 'Base+MLP',
    };
    for (const [su, type] of Object.entries(spellings)) {
      const moves = randomGame([3, 1, 4, 1, 5, 9, 2, 6], { type });
      const read = readSgf(boardspaceSgf(moves, [], { su, options: { type } }));
      const record = read.records[0] as RecordedGame;
      expect(tagValue(record.tags, 'GameType'), su).toBe(type);
      expect(tagValue(record.tags, 'SgfVariant'), su).toBe(su);
      expect(movesOf(record), su).toEqual(texts(moves, { type }));
    }
    // Every variant Boardspace defines has a game type.
    expect(Object.keys(BOARDSPACE_VARIANTS).sort()).toEqual([
      'hive',
      'hive-l',
      'hive-lm',
      'hive-m',
      'hive-p',
      'hive-pielm',
      'hive-pl',
      'hive-plm',
      'hive-pm',
      'hive-ultimate',
    ]);
  });

  it('refuses a variant Boardspace does not have, naming the line, and keeps the tags', () => {
    const read = readSgf(game(['P0[1 pick W 1 wA1]'], ['SU[chess]']));
    expect(read.records.length).toBe(1);
    expect(read.errors[0]?.error.code).toBe('PARSE_ERROR');
    expect(read.errors[0]?.error.message).toBe(
      'SGF line 1: SU[chess] is not a Hive variant of Boardspace',
    );
    expect(tagValue(read.records[0]?.tags ?? [], 'White')).toBe('alice');
  });
});

describe('Boardspace SGF: the dialects', () => {
  it('reads pieces without colour (2006, 2013), saying where each colour comes from', () => {
    const text = game([
      'P0[1 pick w 0 Q]', // 2006: the Queen on the first turn, no colour
      'P0[2 dropb Q N 13 .]',
      'P0[3 done]',
      'P1[4 move B G1 O 13 wQ-]',
      'P1[5 done]',
      'P0[6 pick w 4 S1]',
      'P0[7 dropb s1 M 12 /wQ]',
      'P0[8 done]',
      'P1[9 move B Q P 13 bG1-]',
      'P1[10 done]',
      'P0[11 pick w 3 B1]',
      'P0[12 dropb b1 M 13 -wQ]',
      'P0[13 done]',
      'P1[14 pickb P 13 Q]',
      'P1[15 dropb Q O 12 bG1\\\\]',
      'P1[16 done]',
    ]);
    const read = readSgf(text);
    const record = read.records[0] as RecordedGame;
    expect(movesOf(record)).toEqual(['wQ', 'bG1 wQ-', 'wS1 /wQ', 'bQ bG1-', 'wB1 -wQ', 'bQ bG1\\']);
    expect(tagValue(record.tags, 'GameType')).toBe('Base{TournamentOpening=False}');
    const colourless = read.warnings.filter((w) => w.message.includes('has no colour'));
    expect(colourless.map((w) => w.line)).toEqual([7, 8, 10, 12, 13, 15, 17, 18, 20, 21]);
    expect(colourless[0]?.message).toBe(
      "P0[1 pick w 0 Q]: piece 'Q' has no colour: read as wQ, from the reserve it is picked from",
    );
    expect(colourless[8]?.message).toBe(
      "P1[14 pickb P 13 Q]: piece 'Q' has no colour: read as bQ, from the top piece at P 13",
    );
    expect(read.warnings.some((w) => w.message.includes('TournamentOpening=False'))).toBe(true);
    expect(replayLine(hive, record).error).toBeNull();
  });

  it('reads a bare done as a pass, a draw offer and its answer as no move, and says so', () => {
    const text = game([
      'P0[1 pick W 4 wS1]',
      'P0[2 dropb wS1 N 13 .]',
      'P0[3 Done ]TM[1600]',
      'P1[4 Move B bS1 O 13 wS1-]TM[2100]',
      'P1[5 Done ]',
      'P0[6 offerdraw]',
      'P0[7 done]',
      'P1[8 declinedraw]',
      'P1[9 done]',
      'P0[10 move W wQ M 13 -wS1]',
      'P0[11 done]',
    ]);
    const read = readSgf(text);
    const record = read.records[0] as RecordedGame;
    expect(movesOf(record)).toEqual(['wS1', 'bS1 wS1-', 'wQ -wS1']);
    expect(mainLine(record)[0]?.tags).toEqual([['TM', '1600']]);
    expect(mainLine(record)[1]?.comment).toBe('White offers a draw; Black declines the draw');
    expect(read.warnings).toEqual([]);
    const passing = readSgf(
      game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]', 'P1[3 done]'], ['SU[hive]']),
    );
    expect(passing.errors[0]?.error.rule).toBe('H-TURN-3');
    expect(passing.errors[0]?.error.message).toBe(
      "ply 2 'P1[3 done]' (line 9): a player may pass only when no other move is possible (H-TURN-3)",
    );
    expect(passing.warnings.map((w) => w.message)).toEqual([
      'P1[3 done]: a done with no action: read as a pass (Boardspace writes a forced pass so)',
    ]);
  });

  it('reads the actions Boardspace defines that its archives do not show', () => {
    const putBack = readSgf(
      game([
        'P0[1 pick W 1 wA1]',
        'P0[2 Drop W 1 wA1 .]',
        'P0[3 pick W 4 wS1]',
        'P0[4 dropb wS1 A 13]', // no reference, and the first column
        'P0[5 done]',
        'P1[6 pick B 4 bS1]',
        'P1[7 reset]',
        'P1[8 MoveDone B bS1 1A 13 -wS1]', // the column left of A
        'P0[9 PleaseUndo]',
      ]),
    );
    expect(movesOf(putBack.records[0] as RecordedGame)).toEqual(['wS1', 'bS1 -wS1']);
    expect(putBack.warnings.map((w) => [w.line, w.message])).toEqual([
      [
        8,
        'P0[2 Drop W 1 wA1 .]: the piece picked up is put back; the move under way is taken back',
      ],
      [13, 'P1[7 reset]: the move under way is taken back'],
      [15, 'P0[9 PleaseUndo]: an undo request, which changes nothing in a saved game; left out'],
    ]);
    const swapped = readSgf(
      game([
        'P0[1 move W wS1 N 13 .]',
        'P0[2 done]',
        'P1[3 Swap]',
        'P0[4 move B bS1 O 13 wS1-]',
        'P0[5 done]',
      ]),
    );
    const tags = swapped.records[0]?.tags ?? [];
    expect([tagValue(tags, 'White'), tagValue(tags, 'Black')]).toEqual(['bob', 'alice']);
    expect(mainLine(swapped.records[0] as RecordedGame)[0]?.comment).toBe('P1 swaps colours');
    expect(swapped.warnings).toEqual([]);
    const onTime = readSgf(game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]', 'P1[3 GameOverOnTime]']));
    expect(mainLine(onTime.records[0] as RecordedGame)[0]?.comment).toBe('the game ends on time');
    const edited = readSgf(game(['P0[1 Edit]']));
    expect(edited.errors[0]?.error.code).toBe('UNSUPPORTED');
    expect(edited.errors[0]?.error.message).toBe(
      "ply 1 'P0[1 Edit]' (line 7): a board set up by hand (edit) cannot be replayed",
    );
  });

  it('takes the result from RE[] in each language, matching robots and guests to their ids', () => {
    const cases: [re: string, ids: [string, string], result: string | undefined][] = [
      ['Game won by alice', ['alice', 'bob'], 'WhiteWins'],
      ['bob vann spelet', ['alice', 'bob'], 'BlackWins'],
      ['Partie gagnée par Dumbot', ['alice', 'Dumbot0'], 'BlackWins'],
      ['La partie est nulle', ['alice', 'bob'], 'Draw'],
      ['Partida ganada por guest1497', ['guest', 'bob'], 'WhiteWins'],
      ['La partida finaliza en empate', ['alice', 'bob'], 'Draw'],
      ['De partij is gewonnen door WeakBot', ['WeakBot1', 'bob'], 'WhiteWins'],
      ['bob hat gewonnen', ['alice', 'bob'], 'BlackWins'],
      ['Игру выиграл(а) alice.', ['alice', 'bob'], 'WhiteWins'],
      ['The game is a draw', ['alice', 'bob'], 'Draw'],
      ['Partida ganada por invitado1499', ['guest', 'bob'], undefined],
      ['something else', ['alice', 'bob'], undefined],
    ];
    for (const [re, ids, result] of cases) {
      const moves = randomGame([1, 2], { type: 'Base' });
      const read = readSgf(
        boardspaceSgf(moves, [], { su: 'hive', re, ids, options: { type: 'Base' } }),
      );
      const tags = read.records[0]?.tags ?? [];
      expect(tagValue(tags, 'Result'), re).toBe(result);
      expect(tagValue(tags, 'SgfResult'), re).toBe(re);
      expect(tagValue(tags, 'White'), re).toBe(ids[0]);
      // An RE[] that names no player is kept and said.
      expect(read.warnings.length > 0, re).toBe(result === undefined);
    }
  });

  it('takes the result from a resignation or an agreed draw when RE[] gives none', () => {
    const resign = readSgf(
      game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]', 'P1[3 resign]', 'P1[4 done]']),
    );
    expect(tagValue(resign.records[0]?.tags ?? [], 'Result')).toBe('WhiteWins');
    expect(mainLine(resign.records[0] as RecordedGame)[0]?.comment).toBe('Black resigns');
    const agreed = readSgf(
      game([
        'P0[1 move W wS1 N 13 .]',
        'P0[2 done]',
        'P1[3 offerdraw]',
        'P1[4 done]',
        'P0[5 acceptdraw]',
        'P0[6 done]',
      ]),
    );
    expect(tagValue(agreed.records[0]?.tags ?? [], 'Result')).toBe('Draw');
    expect(agreed.warnings.map((w) => w.message)).toEqual([
      'no RE[]: the Result comes from the draw agreed',
    ]);
  });

  it('reads every game tree of a file, leaves out P-1 events and variations, and says so', () => {
    const one = game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]']);
    const withEvents = game([
      'P0[1 move W wS1 N 13 .]',
      'P-1[Pop P0\\[0 Start P0\\]]',
      'P0[2 done]',
    ]).replace(/\)$/, '(;P1[3 move B bS1 O 13 wS1-])(;P1[3 move B bG1 O 13 wS1-]))');
    const read = readSgf(` ${one}\r\n${withEvents}\n" "\n`);
    expect(read.records.length).toBe(2);
    expect(movesOf(read.records[0] as RecordedGame)).toEqual(['wS1']);
    expect(movesOf(read.records[1] as RecordedGame)).toEqual(['wS1']);
    expect(read.warnings.map((w) => [w.line, w.message])).toEqual([
      [19, 'a variation of the game tree; only the main line is read'],
      [20, 'text outside a game tree; left out'],
      [17, 'P-1[Pop P0[0 Start P0]]: an event of no player (Boardspace viewer); left out'],
      [19, 'P1[3 move B bS1 O 13 wS1-]: the drop of bS1 at O 13 has no done; left out'],
    ]);
  });

  it('ends a record at a move the rules refuse, with the ply, the action as written and the rule', () => {
    const read = readSgf(
      game([
        'P0[1 pick W 1 wA1]',
        'P0[2 dropb wA1 N 13 .]',
        'P0[3 done]',
        'P1[4 pick B 1 bA1]',
        'P1[5 dropb bA1 O 13 wA1-]',
        'P1[6 done]',
        'P0[7 pickb N 13 wA1]',
        'P0[8 dropb wA1 P 13 bA1-]',
        'P0[9 done]',
      ]),
    );
    expect(movesOf(read.records[0] as RecordedGame)).toEqual(['wA1', 'bA1 wA1-']);
    const error = read.errors[0]?.error as RulesError;
    expect(read.errors[0]?.record).toBe(0);
    expect(error.code).toBe('ILLEGAL_MOVE');
    expect(error.rule).toBe('H-MOVE-1');
    expect(error.message).toBe(
      "ply 3 'P0[8 dropb wA1 P 13 bA1-]' (line 14): no piece may move before its Queen is placed (H-MOVE-1)",
    );
  });

  it('ends a record at an action it cannot read, naming the line', () => {
    const read = readSgf(game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]', 'P1[3 fly B bS1 O 13 .]']));
    expect(movesOf(read.records[0] as RecordedGame)).toEqual(['wS1']);
    expect(read.errors[0]?.error.code).toBe('PARSE_ERROR');
    expect(read.errors[0]?.error.message).toBe(
      "SGF line 9: 'P1[3 fly B bS1 O 13 .]': unknown action 'fly'",
    );
  });

  it('says when a reference does not describe the cell, and lets the cell decide', () => {
    const read = readSgf(
      game(['P0[1 move W wS1 N 13 .]', 'P0[2 done]', 'P1[3 move B bS1 O 13 -wS1]', 'P1[4 done]']),
    );
    expect(movesOf(read.records[0] as RecordedGame)).toEqual(['wS1', 'bS1 wS1-']);
    expect(read.warnings.map((w) => w.message)).toEqual([
      "P1[3 move B bS1 O 13 -wS1]: the reference '-wS1' does not describe O 13, where bS1 goes; the cell decides",
    ]);
  });

  it('reads a game that goes on past a threefold repetition, with the rule off, and says so', () => {
    const moves = ['wG1', 'bG1 wG1-', 'wQ \\wG1', 'bQ bG1/'];
    for (let i = 0; i < 3; i++) moves.push('wQ -wG1', 'bQ bG1-', 'wQ \\wG1', 'bQ bG1/');
    let s = hive.start({ type: 'Base' });
    const played = moves.map((t) => {
      const m = hive.parseMove(s, t);
      s = hive.apply(s, m);
      return m;
    });
    const read = readSgf(
      boardspaceSgf(played, [{ shape: 1, capital: false, climb: 0 }], {
        su: 'hive',
        options: { type: 'Base' },
      }),
    );
    const record = read.records[0] as RecordedGame;
    expect(movesOf(record).length).toBe(16);
    expect(tagValue(record.tags, 'GameType')).toBe('Base{RepetitionDraw=False}');
    expect(read.warnings.map((w) => w.message)).toEqual([
      'the position after ply 12 stands for the third time (as hivegame.com counts) and the game goes on, as Boardspace allows: read with RepetitionDraw=False',
    ]);
    expect(replayLine(hive, record).error).toBeNull();
  });
});

describe('Boardspace SGF: the syntax', () => {
  it('refuses text with no reading with a PARSE_ERROR naming the line', () => {
    const cases: [string, string][] = [
      ['(;SU[hive]\nGN[open', "SGF line 2: the value of 'GN' is not closed with ]"],
      ['(;SU[hive]\n; P0[1 done]', 'SGF line 1: a game tree opened here is not closed'],
      ['(;SU[hive] GN)', "SGF line 1: property 'GN' has no [value]"],
      ['()', 'SGF line 1: an empty game tree: a tree holds at least one node'],
      ['(;SU[hive]\n\n!)', "SGF line 3: unexpected '!'"],
      ['nothing here', 'SGF line 1: no game tree: an SGF text starts with (;'],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        readSgf(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(RulesError);
      expect((error as RulesError).code, text).toBe('PARSE_ERROR');
      expect((error as RulesError).message, text).toBe(message);
    }
  });

  it('is found by readRecords from a text that starts with (; after blanks', () => {
    expect(readRecords(hive, ' \r\n(;SU[hive])').format).toBe('sgf');
    expect(readRecords(hive, '\uFEFF(;SU[hive])').format).toBe('sgf');
    expect(warningsOf('(;SU[hive]GN[a \\] b])')).toEqual([]);
    expect(readSgf('(;SU[hive]GN[a \\] b])').records[0]?.tags).toContainEqual([
      'SgfGameName',
      'a ] b',
    ]);
  });
});
