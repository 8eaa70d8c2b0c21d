// Hive positions set up by hand (hive.fromBoard, the GameString's board field): every refusal
// with its rule, the positions accepted, the text round trip, and the set-up positions' moves
// against the positions play reaches (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import {
  boardOf,
  formatGameString,
  fromBoard,
  GAME_TYPES,
  type HiveBoard,
  type HiveState,
  hive,
  parseGameString,
  piecesInHand,
  UhpEngine,
  undoPlies,
} from '../../src/hive/index.js';
import { formatMoveCode } from '../../src/hive/notation.js';
import { livePosition } from '../../src/hive/state.js';
import { renderBoard } from '../../src/hive/svg.js';
import { readRecords, recordOfGame, recordStart, writeRecord } from '../../src/index.js';
import { A } from './appendix.js';
import { legalMoves, walk } from './helpers.js';

type Piece = HiveBoard['pieces'][number];
const p = (piece: string, q: number, r: number, level?: number): Piece =>
  level === undefined ? { piece, q, r } : { piece, q, r, level };

/** A small legal Base position: White to move on turn 3 (each side has placed two pieces). */
const LINE: Piece[] = [p('wS1', 0, 0), p('bS1', 1, 0), p('wQ', -1, 0), p('bQ', 2, 0)];

/** The refusal of `board`: its code, rule and message (fails when it is accepted). */
function refusal(board: HiveBoard): RulesError {
  try {
    fromBoard(board);
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
  throw new Error('the board was accepted');
}

/** The legal moves of a state as MoveStrings, sorted (a set). */
function moveSet(s: HiveState): string[] {
  return hive
    .moves(s)
    .map((m) => hive.formatMove(s, m))
    .sort();
}

describe('hive.fromBoard: positions it accepts', () => {
  it('H-TURN-2: builds the position, the side to move and the lowest turn the pieces allow', () => {
    const s = fromBoard({ type: 'Base', pieces: LINE });
    expect(hive.toMove(s)).toBe(0);
    expect(hive.serialize(s)).toBe(
      'Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)',
    );
    expect(s.setup).toBe('Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)');
    expect(s.history).toEqual([]);
    expect(piecesInHand(s, 'w')).toHaveLength(9);
    const black = fromBoard({ type: 'Base', pieces: LINE, toMove: 'b', turn: 7 });
    expect(hive.serialize(black)).toBe(
      'Base;InProgress;Black[7];Board(Black[7] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)',
    );
    expect(hive.toMove(black)).toBe(1);
  });

  it('H-PLACE-3, H-MOVE-1: the moves are those of the same position reached by play', () => {
    const played = parseGameString('Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-');
    const set = fromBoard({ type: 'Base', pieces: LINE });
    expect(moveSet(set)).toEqual(moveSet(played));
  });

  it('H-SETUP-1: the empty board with White to move is the start itself', () => {
    const s = fromBoard({ pieces: [] });
    expect(s).toEqual(hive.start());
    expect(s.setup).toBeUndefined();
    expect(hive.serialize(s)).toBe('Base+MLP;NotStarted;White[1]');
  });

  it('H-PLACE-2: Black to move on turn 1 places next to the one White piece', () => {
    const s = fromBoard({ type: 'Base', pieces: [p('wG1', 3, -2)], toMove: 'b' });
    expect(hive.moves(s)).toHaveLength(4 * 6);
    expect(hive.serialize(s)).toBe('Base;InProgress;Black[1];Board(Black[1] wG1@3,-2)');
  });

  it('H-BEETLE-1, H-MOSQ-2: Beetles and Mosquitoes stand on stacks, bottom to top by level', () => {
    const s = fromBoard({
      type: 'Base+M',
      pieces: [...LINE, p('wB1', 1, 0, 1), p('bM', 1, 0, 2), p('wA1', -1, 1), p('bA1', 3, 0)],
      turn: 5,
    });
    // In piece order (White first), each with its level.
    expect(hive.boardOf(s).pieces.filter((x) => x.q === 1 && x.r === 0)).toEqual([
      { piece: 'wB1', q: 1, r: 0, level: 1 },
      { piece: 'bS1', q: 1, r: 0, level: 0 },
      { piece: 'bM', q: 1, r: 0, level: 2 },
    ]);
    expect(hive.serialize(s)).toContain('wB1@1,0,1');
  });

  it('H-END-2: a position whose game is over is accepted, and terminal', () => {
    const over = parseGameString(A.blackSuicide);
    const s = fromBoard(boardOf(over));
    expect(hive.terminal(s)).toBe(true);
    expect(hive.score(s)).toEqual([1, 0]);
    expect(hive.moves(s)).toEqual([]);
    expect(hive.serialize(s).split(';')[1]).toBe('WhiteWins');
  });

  it('H-END-3: both Queens surrounded is a draw', () => {
    const s = fromBoard(boardOf(parseGameString(A.draw)));
    expect(hive.terminal(s)).toBe(true);
    expect(hive.score(s)).toEqual([0.5, 0.5]);
  });

  it('H-END-5: a set-up position at or past the ply cap is a draw', () => {
    const s = fromBoard({ type: 'Base', pieces: LINE, turn: 5, options: { maxPlies: 8 } });
    expect(hive.terminal(s)).toBe(true);
    const open = fromBoard({ type: 'Base', pieces: LINE, turn: 4, options: { maxPlies: 8 } });
    expect(hive.terminal(open)).toBe(false);
  });

  it('H-FREEZE-1: the piece that moved last is not kept: the set-up position may move it', () => {
    // Appendix A: Black may not throw bQ, which has just moved; set up, nothing is frozen.
    const played = parseGameString(A.pillbugCantThrowLastMove);
    const set = fromBoard(boardOf(played));
    const before = moveSet(played);
    const after = moveSet(set);
    expect(before).toEqual(['bS1 -bQ', 'bS1 wP\\']);
    for (const m of before) expect(after).toContain(m);
    expect(after.length).toBeGreaterThan(before.length);
    for (const m of after.filter((x) => !before.includes(x))) expect(m.startsWith('bQ')).toBe(true);
  });

  it('H-END-4: the repetition count starts after the set-up position', () => {
    // hivegame.com's count (no frozen pieces): wQ and bQ step back and forth, so the set-up
    // position comes back after plies 4 and 8, and the position after ply 1 after 5 and 9.
    const start = fromBoard({
      type: 'Base',
      pieces: LINE,
      options: { repetitionDraw: 'hivegame' },
    });
    const shuffle = ['wQ /wS1', 'bQ bS1/', 'wQ -wS1', 'bQ bS1-'];
    let s = start;
    for (let i = 0; i < 8; i++) s = hive.apply(s, hive.parseMove(s, shuffle[i % 4] as string));
    // Had the set-up position counted, ply 8 would be its third occurrence.
    expect(hive.terminal(s)).toBe(false);
    s = hive.apply(s, hive.parseMove(s, shuffle[0] as string));
    expect(hive.terminal(s)).toBe(true);
    expect(hive.score(s)).toEqual([0.5, 0.5]);
  });

  it('H-UHP-6: accepts names in any letter case, and in any order', () => {
    const lower = [...LINE].reverse().map((x) => ({ ...x, piece: x.piece.toLowerCase() }));
    const s = fromBoard({ type: 'Base', pieces: lower });
    expect(s.setup).toBe('Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)');
  });

  it('H-TURN-2, H-FREEZE-4: a game far into its turns plays and undoes back to the set-up position, no further', () => {
    const s = fromBoard({ type: 'Base', pieces: LINE, turn: 4000 });
    let t = s;
    for (let i = 0; i < 200 && !hive.terminal(t); i++) {
      const ms = hive.moves(t);
      t = hive.apply(t, ms[i % ms.length] as never);
    }
    const pos = hive.search(t);
    const n = t.history.length;
    for (let i = 0; i < n; i++) pos.undo();
    expect(pos.hash()).toBe(hive.search(s).hash());
    expect(() => pos.undo()).toThrow(RulesError);
    expect(undoPlies(t, n)).toEqual(s);
    expect(() => undoPlies(t, n + 1)).toThrow(/cannot undo/);
  });
});

describe('hive.fromBoard: refusals, each with its rule, piece and hex', () => {
  const cases: [string, HiveBoard, string, RegExp][] = [
    [
      'a piece the game type lacks',
      { type: 'Base', pieces: [...LINE, p('wM', -2, 0)] },
      'H-SETUP-2',
      /'wM' is not a piece of Base: it has no Mosquito/,
    ],
    [
      'a fourth Ant',
      { type: 'Base', pieces: [...LINE, p('wA4', -2, 0)] },
      'H-SETUP-2',
      /'wA4' is not a piece of Base: its Soldier Ants are wA1, wA2, wA3/,
    ],
    [
      'a piece twice',
      { type: 'Base', pieces: [...LINE, p('wS1', -2, 0)] },
      'H-SETUP-2',
      /wS1 is on the board twice/,
    ],
    [
      'a number out of placement order',
      { type: 'Base', pieces: [...LINE, p('wA2', -2, 0)], turn: 4 },
      'H-PLACE-7',
      /wA2 is on the board but wA1 is not/,
    ],
    [
      'two pieces at one level',
      { type: 'Base', pieces: [...LINE, p('wB1', 0, 0)], turn: 4 },
      'H-COORD-4',
      /wS1 and wB1 are both at level 0 on \(0,0\)/,
    ],
    [
      'a gap in a stack',
      { type: 'Base', pieces: [...LINE, p('wB1', 0, 0, 2)], turn: 4 },
      'H-COORD-4',
      /wB1 is at level 2 on \(0,0\), with nothing at level 1/,
    ],
    [
      'a Grasshopper on top',
      { type: 'Base', pieces: [...LINE, p('wG1', 0, 0, 1)], turn: 4 },
      'H-BEETLE-1',
      /wG1 is at level 1 on \(0,0\), but only a Beetle or a Mosquito climbs/,
    ],
    [
      'a Ladybug on top',
      { type: 'Base+L', pieces: [...LINE, p('bL', 2, 0, 1)], turn: 4 },
      'H-BEETLE-1',
      /bL is at level 1 on \(2,0\)/,
    ],
    [
      'a Beetle on top while its Queen is in hand',
      {
        type: 'Base',
        pieces: [p('wS1', 0, 0), p('bS1', 1, 0), p('bQ', 2, 0), p('wB1', 1, 0, 1)],
        turn: 3,
      },
      'H-MOVE-1',
      /wB1 is on top of the hive at \(1,0\), but wQ is in hand/,
    ],
    [
      'two hives',
      { type: 'Base', pieces: [...LINE, p('wA1', -3, 0)], turn: 4 },
      'H-MOVE-3',
      /not one hive: wA1 on \(-3,0\) is cut off from/,
    ],
    [
      'four pieces without the Queen',
      {
        type: 'Base',
        pieces: [
          p('wS1', 0, 0),
          p('wS2', -1, 0),
          p('wA1', -2, 0),
          p('wG1', -3, 0),
          p('bS1', 1, 0),
          p('bS2', 2, 0),
          p('bQ', 3, 0),
        ],
        turn: 5,
      },
      'H-PLACE-6',
      /White has 4 pieces on the board and wQ in hand/,
    ],
    [
      'a Queen as the only piece',
      { type: 'Base', pieces: [p('wQ', 0, 0), p('bS1', 1, 0)], turn: 2 },
      'H-PLACE-5',
      /wQ is White's only piece/,
    ],
    [
      'more pieces than turns',
      { type: 'Base', pieces: LINE, turn: 2 },
      'H-TURN-1',
      /White has 2 pieces on the board but only 1 turn before White\[2\]/,
    ],
    [
      'White to move on turn 1 with pieces down',
      { type: 'Base', pieces: [p('wS1', 0, 0)], turn: 1 },
      'H-TURN-1',
      /White has 1 piece on the board but only 0 turns before White\[1\]/,
    ],
    [
      'Black to move with no White piece',
      { type: 'Base', pieces: [], toMove: 'b' },
      'H-PLACE-1',
      /White has no piece on the board at Black\[1\]/,
    ],
    [
      'White to move on turn 2 with no Black piece',
      { type: 'Base', pieces: [p('wS1', 0, 0)] },
      'H-PLACE-2',
      /Black has no piece on the board at White\[2\]/,
    ],
    [
      'a piece on a Scorpion',
      {
        type: 'Base+MLP:wTK:b',
        pieces: [
          ...LINE.map((x) => (x.piece === 'wS1' ? { ...x, piece: 'wK1' } : x)),
          p('bB1', 0, 0, 1),
        ],
        turn: 4,
      },
      'H-FAN-SCORPION-2',
      /bB1 is on top of the Scorpion wK1 on \(0,0\)/,
    ],
  ];
  it.each(cases.map(([name, board, rule, message]) => [rule, name, board, message] as const))(
    '%s: %s',
    (rule, _name, board, message) => {
      const e = refusal(board);
      expect(e.code).toBe('INVALID_STATE');
      expect(e.rule).toBe(rule);
      expect(e.message).toMatch(message);
      expect(e.message.endsWith(`(${rule})`)).toBe(true);
    },
  );

  it('H-PLACE-5 holds only with the tournament opening', () => {
    const board = { type: 'Base', pieces: [p('wQ', 0, 0), p('bS1', 1, 0)], turn: 2 } as const;
    expect(refusal(board).rule).toBe('H-PLACE-5');
    const s = fromBoard({ ...board, options: { tournamentOpening: false } });
    expect(hive.toMove(s)).toBe(0);
  });

  it('H-UHP-1: a board of the wrong shape, or a name that is no piece, is INVALID_ARGUMENT, naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [null, /the board must be an object/],
      [{}, /pieces must be a list/],
      [{ pieces: [], colour: 'w' }, /has no field 'colour'/],
      [{ pieces: [{ piece: 'wQ', q: 0.5, r: 0 }] }, /pieces\[0\]\.q must be an integer/],
      [{ pieces: [{ piece: 'wQ', q: 0, r: 0, level: -1 }] }, /pieces\[0\]\.level/],
      [{ pieces: [{ piece: 'wQ', q: 0, r: 0, h: 1 }] }, /pieces\[0\] has no field 'h'/],
      [{ pieces: [{ piece: 'xx', q: 0, r: 0 }] }, /'xx' is not a piece name/],
      [{ pieces: [], toMove: 'white' }, /toMove must be 'w' or 'b'/],
      [{ pieces: [], turn: 0 }, /turn must be an integer in 1\.\.5000/],
    ];
    for (const [board, message] of bad) {
      const e = refusal(board as HiveBoard);
      expect(e.code, String(message)).toBe('INVALID_ARGUMENT');
      expect(e.message).toMatch(message);
    }
    expect(refusal({ type: 'Base', options: { type: 'Base+M' }, pieces: [] }).code).toBe(
      'INVALID_OPTIONS',
    );
  });
});

describe('the board field of a saved GameString', () => {
  const saved = 'Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)';

  it('H-UHP-8: round-trips through serialize and deserialize, with moves after it', () => {
    let s = hive.deserialize(saved);
    expect(hive.serialize(s)).toBe(saved);
    s = hive.apply(s, hive.parseMove(s, 'wA1 -wQ'));
    s = hive.apply(s, hive.parseMove(s, 'bA1 bQ-'));
    const text = hive.serialize(s);
    expect(text).toBe(
      'Base;InProgress;White[4];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0);wA1 -wQ;bA1 bQ-',
    );
    const back = hive.deserialize(text);
    expect(back).toEqual(s);
    expect(moveSet(back)).toEqual(moveSet(s));
  });

  it('H-UHP-8: a state from JSON is replayed from its set-up position', () => {
    const s = hive.apply(
      hive.deserialize(saved),
      hive.parseMove(hive.deserialize(saved), 'wA1 -wQ'),
    );
    const json = JSON.parse(JSON.stringify(s)) as HiveState;
    expect(Object.keys(json)).toEqual(['type', 'options', 'setup', 'history']);
    expect(moveSet(json)).toEqual(moveSet(s));
    expect(hive.serialize(json)).toBe(hive.serialize(s));
    expect(() => hive.moves({ ...json, setup: 'Board(White[2] wQ@0,0)' })).toThrow(
      /INVALID_STATE|not a valid Hive state/,
    );
  });

  it('H-UHP-6, H-UHP-7: is read leniently (case, blanks, any order) unless strictInput', () => {
    const s = hive.deserialize(
      'base;inprogress;white[3];  board( white[3]  bS1 @ 1 , 0   wS1@0,0 bq@2,0 WQ@-1,0 )',
    );
    expect(hive.serialize(s)).toBe(saved);
    expect(() =>
      parseGameString('Base;InProgress;White[3];board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0)', {
        strictInput: true,
      }),
    ).toThrow(RulesError);
  });

  it('H-MOVE-3: a board the rules refuse is refused when read, naming the rule', () => {
    try {
      hive.deserialize('Base;InProgress;White[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@5,0 bS1@1,0)');
      throw new Error('accepted');
    } catch (e) {
      expect(isRulesError(e, 'INVALID_STATE')).toBe(true);
      expect((e as RulesError).rule).toBe('H-MOVE-3');
      expect((e as RulesError).message).toMatch(/the board field: the pieces are not one hive/);
    }
  });

  it('H-UHP-1: text that is no board field is a PARSE_ERROR', () => {
    for (const bad of [
      'Base;InProgress;White[3];Board(',
      'Base;InProgress;White[3];Board()',
      'Base;InProgress;White[3];Board(White[3] wQ)',
      'Base;InProgress;White[3];Board(White[3] wQ@1)',
      'Base;InProgress;White[3];Board(White[3] wQ@a,b)',
      'Base;InProgress;White[3];Board(White[3] zz@0,0)',
      'Base;InProgress;White[3];Board(White[3] wQ@99999999,0)',
    ]) {
      expect(() => hive.deserialize(bad), bad).toThrow(
        expect.objectContaining({ code: 'PARSE_ERROR' }),
      );
    }
  });

  it('H-UHP-2, H-UHP-8: the status fields are checked against the set-up position and the moves', () => {
    expect(() => hive.deserialize(saved.replace('InProgress', 'NotStarted'))).toThrow(
      /state field 'NotStarted'/,
    );
    const lenient = parseGameString(saved.replace(';White[3];B', ';Black[9];B'), { lenient: true });
    expect(hive.serialize(lenient)).toBe(saved);
  });

  it('H-UHP-5: canonical re-rendering and the UHP form keep the board field', () => {
    const after = `${saved.replace(';White[3];', ';Black[3];')};wA1 wQ/`;
    const s = hive.deserialize(after);
    expect(formatGameString(s)).toBe(after);
    // wQ/ is (0,-1), north-east of wQ; canonically it is written against wS1 (H-UHP-5).
    expect(formatGameString(s, { canonical: true, uhp: true })).toBe(
      `${saved.replace(';White[3];', ';Black[3];')};wA1 \\wS1`,
    );
  });

  it('H-UHP-10: the UHP engine loads a set-up game with newgame and plays on from it', () => {
    const engine = new UhpEngine();
    expect(engine.handle(`newgame ${saved}`)).toBe(`${saved}\nok`);
    const moves = engine.handle('validmoves').split('\n')[0]?.split(';') ?? [];
    expect(moves.sort()).toEqual(moveSet(hive.deserialize(saved)));
    expect(engine.handle('play wA1 -wQ')).toBe(
      'Base;InProgress;Black[3];Board(White[3] wQ@-1,0 wS1@0,0 bQ@2,0 bS1@1,0);wA1 -wQ\nok',
    );
    expect(engine.handle('undo 2')).toMatch(/^err /);
    expect(engine.handle('undo')).toBe(`${saved}\nok`);
  });

  it('H-BEETLE-1, H-SETUP-2: renderBoard draws a placement the rules refuse, but only pieces of the game', () => {
    const svg = renderBoard({ type: 'Base', pieces: [p('wS1', 0, 0), p('wG1', 0, 0, 1)] });
    expect(svg).toContain('data-piece="wG1"');
    expect(svg).toContain('Base · Setup · White');
    expect(() => fromBoard({ type: 'Base', pieces: [p('wS1', 0, 0), p('wG1', 0, 0, 1)] })).toThrow(
      /H-BEETLE-1/,
    );
    expect(() => renderBoard({ type: 'Base', pieces: [p('wM', 0, 0)] })).toThrow(/H-SETUP-2/);
  });

  it('H-UHP-8: a record of a set-up game keeps the position in its Position tag', () => {
    const start = hive.deserialize(saved);
    const moves = [hive.parseMove(start, 'wA1 -wQ')];
    const record = recordOfGame(hive, start, moves);
    expect(record.tags).toContainEqual(['Position', saved]);
    const pgn = writeRecord(hive, record, 'pgn');
    const read = readRecords(hive, pgn).records[0];
    expect(read).toBeDefined();
    expect(hive.serialize(recordStart(hive, read as never))).toBe(saved);
  });
});

/** The move codes of a position's legal moves as MoveStrings, sorted. */
function textsOf(s: HiveState, clearFrozen: boolean): string[] {
  const pos = livePosition(s).clone();
  if (clearFrozen) {
    pos.frozen = -1;
    pos.frozen2 = -1;
  }
  return legalMoves(pos)
    .map((m) => formatMoveCode(pos, m))
    .sort();
}

/**
 * Compares the set-up copy of a position reached by play with the original: the same moves
 * but for the frozen piece (H-FREEZE-1, which a placement cannot hold), and after one more ply
 * in both the same moves exactly, ply after ply.
 */
function compareWithPlay(played: HiveState, choices: readonly number[]): void {
  const set = fromBoard(boardOf(played));
  expect(hive.terminal(set)).toBe(hive.terminal(played));
  expect(hive.score(set)).toEqual(hive.score(played));
  expect(hive.toMove(set)).toBe(hive.toMove(played));
  // With the played position's frozen pieces cleared, the moves are equal; with them, the
  // played moves are a subset, and the others all involve a frozen piece.
  const setMoves = moveSet(set);
  expect(setMoves).toEqual(textsOf(played, true));
  const playedMoves = moveSet(played);
  for (const m of playedMoves) expect(setMoves).toContain(m);
  // (Which moves the frozen pieces took away is the equality above: a frozen Pillbug's throws
  // name the thrown piece, not the Pillbug.)
  if (setMoves.length > playedMoves.length) {
    const pos = livePosition(played);
    expect(pos.frozen >= 0 || pos.frozen2 >= 0).toBe(true);
  }
  // Saved and read back, the set-up state is the same.
  expect(moveSet(hive.deserialize(hive.serialize(set)))).toEqual(setMoves);
  // From the next ply on, the two games are one: same moves, same hash.
  let a = played;
  let b = set;
  for (const c of choices) {
    if (hive.terminal(a)) break;
    const ms = hive.moves(a);
    const text = hive.formatMove(a, ms[c % ms.length] as never);
    a = hive.apply(a, hive.parseMove(a, text));
    b = hive.apply(b, hive.parseMove(b, text));
    expect(moveSet(b)).toEqual(moveSet(a));
    expect(hive.terminal(b)).toBe(hive.terminal(a));
    expect(hive.search(b).hash()).toBe(hive.search(a).hash());
  }
  expect(hive.deserialize(hive.serialize(b))).toEqual(b);
}

describe('set-up positions against positions reached by play (fast-check)', () => {
  const game = fc.record({
    type: fc.constantFrom(...GAME_TYPES),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 90 }),
    at: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    after: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  });

  it('H-MOVESET-1: every position play reaches is accepted, with the same moves (frozen piece aside)', () => {
    fc.assert(
      fc.property(game, ({ type, choices, at, after }) => {
        const states: HiveState[] = [];
        walk(type, choices, (s) => states.push(s));
        for (const i of at) compareWithPlay(states[i % states.length] as HiveState, after);
      }),
      { numRuns: 60, seed: 43 },
    );
  });

  it('H-FAN-GEN-2: fan games too (grabs, swaps and carries freeze two pieces)', () => {
    const types = ['Base+MLP:wTFKWRDC:bTFKWRDC', 'Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.array(fc.nat(), { minLength: 1, maxLength: 90 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (type, choices, after) => {
          let s = hive.start({ type: type as never });
          for (const c of choices) {
            if (hive.terminal(s)) break;
            const ms = hive.moves(s);
            s = hive.apply(s, ms[c % ms.length] as never);
          }
          compareWithPlay(s, after);
        },
      ),
      { numRuns: 30, seed: 44 },
    );
  });
});

describe('fuzz: junk placements are refused with a RulesError, never a crash', () => {
  const names = [
    ...['w', 'b'].flatMap((c) =>
      [
        'Q',
        'S1',
        'S2',
        'B1',
        'B2',
        'G1',
        'G2',
        'G3',
        'A1',
        'A2',
        'A3',
        'M',
        'L',
        'P',
        'T1',
        'K1',
      ].map((n) => `${c}${n}`),
    ),
    'wA4',
    'x',
    '',
    'wQ1',
  ];
  const piece = fc.record(
    {
      piece: fc.oneof(fc.constantFrom(...names), fc.string()),
      q: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant(1e9), fc.constant(0.5)),
      r: fc.integer({ min: -3, max: 3 }),
      level: fc.integer({ min: 0, max: 3 }),
    },
    { requiredKeys: ['piece', 'q', 'r'] },
  );
  const board = fc.record(
    {
      type: fc.constantFrom(...GAME_TYPES, 'Base+MLP:wTK:bT', 'Nope'),
      pieces: fc.array(piece, { maxLength: 16 }),
      toMove: fc.constantFrom('w', 'b', 'x'),
      turn: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(0), fc.constant(6000)),
    },
    { requiredKeys: ['pieces'] },
  );

  it('H-SETUP-2, H-COORD-4, H-MOVE-3, H-TURN-1: fromBoard refuses junk with a RulesError, and what it accepts reads back', () => {
    fc.assert(
      fc.property(board, (b) => {
        let s: HiveState;
        try {
          s = fromBoard(b as HiveBoard);
        } catch (e) {
          if (!(e instanceof RulesError)) throw e;
          return;
        }
        // Accepted: a working state whose text reads back as the same state.
        const text = hive.serialize(s);
        expect(hive.serialize(hive.deserialize(text))).toBe(text);
        const ms = hive.moves(s);
        if (ms.length > 0) hive.apply(s, ms[0] as never);
        expect(fromBoard(boardOf(s))).toEqual(s);
      }),
      { numRuns: 400, seed: 45 },
    );
  });

  it('H-UHP-8: mutated board fields are read or refused with a RulesError', () => {
    const base =
      'Base+M;InProgress;White[5];Board(Black[4] wQ@-1,0 wS1@0,0 wB1@1,0,1 bQ@2,0 bS1@1,0 bM@3,0);bA1 bM-';
    expect(hive.serialize(hive.deserialize(base))).toBe(base);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.integer({ min: 0, max: 4 }),
        fc.string({ maxLength: 4 }),
        (at, cut, insert) => {
          const text = base.slice(0, at) + insert + base.slice(at + cut);
          try {
            const s = hive.deserialize(text);
            expect(hive.serialize(hive.deserialize(hive.serialize(s)))).toBe(hive.serialize(s));
          } catch (e) {
            if (!(e instanceof RulesError)) throw e;
          }
        },
      ),
      { numRuns: 500, seed: 46 },
    );
  });
});
