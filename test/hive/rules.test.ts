import { describe, expect, it } from 'vitest';
import { isRulesError, RulesError } from '../../src/core/errors.js';
import { distance, hex, neighbor, neighbors } from '../../src/geometry/hex.js';
import { CELLS } from '../../src/hive/engine/board.js';
import { PASS } from '../../src/hive/engine/codes.js';
import { PIECES, pieceFromName } from '../../src/hive/engine/pieces.js';
import { BLACK_WINS, queenSurrounded } from '../../src/hive/engine/rules.js';
import { parseGameString } from '../../src/hive/game-string.js';
import {
  DEFAULT_OPTIONS,
  formatGameString,
  GAME_TYPES,
  gameStateString,
  type HiveState,
  hive,
  outcome,
  pieceAt,
  piecesInHand,
  placeOf,
  playMoveString,
  stackAt,
  turnString,
  undoPlies,
} from '../../src/hive/index.js';
import { formatMoveCode } from '../../src/hive/notation.js';
import { livePosition } from '../../src/hive/state.js';
import { A } from './appendix.js';
import {
  canonical,
  destinations,
  hexes,
  layout,
  legalMoves,
  moverOf,
  moveTexts,
  posOf,
} from './helpers.js';

function play(text: string, options = {}): HiveState {
  const parts = text.split(';');
  let s = hive.start({ type: 'Base', ...options });
  for (const m of parts) s = playMoveString(s, m);
  return s;
}

function rejects(state: HiveState, text: string, code = 'ILLEGAL_MOVE'): void {
  let err: unknown;
  try {
    hive.parseMove(state, text);
  } catch (e) {
    err = e;
  }
  expect(isRulesError(err), `${text} should be rejected`).toBe(true);
  expect((err as RulesError).code).toBe(code);
}

describe('§0 options (H-OPT)', () => {
  it('H-OPT-1: defaults are tournamentOpening on, repetitionDraw off, maxPlies 0, strictInput off', () => {
    expect(DEFAULT_OPTIONS).toMatchObject({
      tournamentOpening: true,
      repetitionDraw: false,
      maxPlies: 0,
      strictInput: false,
    });
    expect(hive.start({ type: 'Base' }).options).toMatchObject({
      ...DEFAULT_OPTIONS,
      type: 'Base',
    });
    expect(() => hive.start({ bogus: 1 } as never)).toThrow(RulesError);
    expect(() => hive.start({ maxPlies: -1 })).toThrow(/maxPlies/);
    expect(() => hive.start({ tournamentOpening: 'yes' } as never)).toThrow(/tournamentOpening/);
    expect(() => hive.start({ type: 'Chess' } as never)).toThrow(/type/);
    try {
      hive.start({ bogus: 1 } as never);
    } catch (e) {
      expect((e as RulesError).code).toBe('INVALID_OPTIONS');
    }
  });
});

describe('§1 components (H-SETUP)', () => {
  it('H-SETUP-1: White moves first, then Black', () => {
    const s = hive.start();
    expect(hive.players(s)).toBe(2);
    expect(hive.toMove(s)).toBe(0);
    expect(hive.toMove(hive.apply(s, hive.parseMove(s, 'wS1')))).toBe(1);
    expect(() => hive.parseMove(s, 'bS1')).toThrow(RulesError);
  });

  it('H-SETUP-2: a new Base+MLP game has 14 pieces in each hand, Base 11; each expansion adds one', () => {
    const expected = { Base: 11, 'Base+M': 12, 'Base+L': 12, 'Base+P': 12 } as Record<
      string,
      number
    >;
    for (const type of GAME_TYPES) {
      const s = hive.start({ type });
      const n = expected[type] ?? (type === 'Base+MLP' ? 14 : 13);
      expect(piecesInHand(s, 'w')).toHaveLength(n);
      expect(piecesInHand(s, 'b')).toHaveLength(n);
    }
    expect(piecesInHand(hive.start({ type: 'Base+MLP' }), 'b')).toEqual(
      'bQ bS1 bS2 bB1 bB2 bG1 bG2 bG3 bA1 bA2 bA3 bM bL bP'.split(' '),
    );
  });

  it('H-SETUP-3: a placed piece never returns to hand', () => {
    const s = parseGameString(A.pieceOnTop);
    expect(piecesInHand(s, 'w')).toEqual('wS2 wB2 wG2 wG3 wA1 wA2 wA3'.split(' '));
    const back = undoPlies(s, 2);
    expect(piecesInHand(back, 'w')).toEqual(piecesInHand(s, 'w'));
  });
});

describe('§2 geometry (H-COORD)', () => {
  it('H-COORD-1: the first piece is placed at (0,0)', () => {
    const s = play('wS1');
    expect(placeOf(s, 'wS1')).toEqual({ q: 0, r: 0, level: 0 });
    expect(distance(hex(0, 0), hex(2, -1))).toBe(2);
  });

  it('H-COORD-2: wS1- is E (1,0), /wS1 is SW (-1,1), \\wS1 is NW (0,-1)', () => {
    expect(placeOf(play('wS1;bS1 wS1-'), 'bS1')).toEqual({ q: 1, r: 0, level: 0 });
    expect(placeOf(play('wS1;bS1 /wS1'), 'bS1')).toEqual({ q: -1, r: 1, level: 0 });
    expect(placeOf(play(String.raw`wS1;bS1 \wS1`), 'bS1')).toEqual({ q: 0, r: -1, level: 0 });
    expect(placeOf(play('wS1;bS1 wS1/'), 'bS1')).toEqual({ q: 1, r: -1, level: 0 });
    expect(placeOf(play('wS1;bS1 wS1\\'), 'bS1')).toEqual({ q: 0, r: 1, level: 0 });
    expect(placeOf(play('wS1;bS1 -wS1'), 'bS1')).toEqual({ q: -1, r: 0, level: 0 });
  });

  it('H-COORD-3: the flanks of (0,0)->(1,0) are (1,-1) and (0,1)', () => {
    const e = 2;
    expect(neighbor(hex(0, 0), ((e + 5) % 6) as 1)).toEqual(hex(1, -1));
    expect(neighbor(hex(0, 0), ((e + 1) % 6) as 3)).toEqual(hex(0, 1));
    // A slide between two occupied flanks is a gate (uses exactly these flanks).
    const pos = layout('Base', [
      ['wQ', 0, 0],
      ['bS1', 1, -1],
      ['bA1', 2, -1],
      ['bA2', 2, 0],
      ['bA3', 1, 1],
      ['bS2', 0, 1],
    ]);
    expect(destinations(pos, 'wQ')).not.toContain('1,0');
  });

  it('H-COORD-4: a stack is bottom to top, its colour is its top piece, covered pieces are under', () => {
    const s = parseGameString(A.pieceOnTop);
    const q = placeOf(s, 'wQ');
    expect(q?.level).toBe(0);
    expect(stackAt(s, q?.q ?? 0, q?.r ?? 0)).toEqual(['wQ', 'wB1']);
    expect(pieceAt(s, q?.q ?? 0, q?.r ?? 0)).toBe('wB1');
    expect(placeOf(s, 'wB1')?.level).toBe(1);
  });

  it('H-COORD-5: a hive is whole when connected; a move that would split it is illegal', () => {
    // Line wQ - wG1 - bQ: lifting the middle piece splits the hive, so it is pinned.
    const pos = layout('Base', [
      ['wG1', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(pos, 'wG1')).toEqual([]);
    expect(destinations(pos, 'wQ').length).toBeGreaterThan(0);
  });
});

describe('§3 turns (H-TURN)', () => {
  it('H-TURN-1: every move changes exactly one piece (placement, movement or throw) or is a pass', () => {
    const s = parseGameString(A.pillbugGate);
    for (const m of hive.moves(s)) {
      const next = hive.apply(s, m);
      // livePosition is a live view of the tree's shared position: copy the earlier one.
      const before = livePosition(s).clone();
      const after = livePosition(next);
      let changed = 0;
      for (let p = 0; p < PIECES; p++) {
        if (before.cell[p] !== after.cell[p] || before.level[p] !== after.level[p]) changed++;
      }
      expect(changed).toBe(1);
    }
  });

  it('H-TURN-2: plies count passes; the turn is floor(plies/2)+1', () => {
    const s = parseGameString(A.pass);
    expect(turnString(s)).toBe('White[7]');
    const after = hive.apply(s, { kind: 'pass' });
    expect(turnString(after)).toBe('Black[7]');
    expect(turnString(hive.start())).toBe('White[1]');
  });

  it('H-TURN-3: "Pass" has exactly `pass`; pass is rejected when other moves exist', () => {
    expect(moveTexts(posOf(A.pass))).toEqual(['pass']);
    const s = hive.start({ type: 'Base' });
    rejects(s, 'pass');
  });
});

describe('§4 placement (H-PLACE)', () => {
  it('H-PLACE-1: ply 0 places at (0,0) only', () => {
    const s = hive.start({ type: 'Base+MLP' });
    for (const m of hive.moves(s)) expect(m).toMatchObject({ kind: 'place', q: 0, r: 0 });
  });

  it('H-PLACE-2: after wS1, Black has 4 bug types x 6 hexes = 24 moves (Base)', () => {
    const s = play('wS1');
    const moves = hive.moves(s);
    expect(moves).toHaveLength(24);
    const hs = new Set(moves.map((m) => (m.kind === 'pass' ? '' : `${m.q},${m.r}`)));
    expect([...hs].sort()).toEqual(
      neighbors(hex(0, 0))
        .map((h) => `${h.q},${h.r}`)
        .sort(),
    );
  });

  it('H-PLACE-3: wP placements after wS1;bS1 wS1- are exactly \\wS1, /wS1, -wS1', () => {
    const pos = posOf('Base+P;InProgress;White[2];wS1;bS1 wS1-');
    const wp = legalMoves(pos).filter((m) => moverOf(m) === 'wP');
    expect(wp.length).toBe(3);
    expect(
      legalMoves(pos)
        .filter((m) => moverOf(m) === 'wP')
        .map((m) => formatMoveCode(pos, m))
        .sort(),
    ).toEqual(canonical(pos, String.raw`wP \wS1;wP /wS1;wP -wS1`));
    expect(destinations(pos, 'wP')).toEqual(hexes([0, -1], [-1, 1], [-1, 0]));
  });

  it("H-PLACE-3: a stack topped by the placer's Beetle is friendly, and vice versa", () => {
    const pieces = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wA1', -1, 0],
      ['bB1', 0, 0],
    ] as const;
    const black = layout('Base', pieces, { toMove: 'b', turn: 3 });
    expect(destinations(black, 'bS1')).toEqual(hexes([1, -1], [2, -1], [2, 0], [1, 1], [0, 1]));
    const white = layout('Base', pieces, { toMove: 'w', turn: 3 });
    expect(destinations(white, 'wS1')).toEqual(hexes([-1, -1], [-2, 0], [-2, 1]));
  });

  it('H-PLACE-4: every placement is at level 0 on an empty hex', () => {
    const s = parseGameString(A.pieceOnTop);
    const pos = livePosition(s);
    for (const m of legalMoves(pos)) {
      const p = Math.floor(m / CELLS);
      if (pos.cell[p] === -1) expect(pos.height[m % CELLS]).toBe(0);
    }
  });

  it('H-PLACE-5: the first turn has no Queen: exactly wS1;wB1;wG1;wA1, and bQ wS1- is rejected', () => {
    expect(moveTexts(posOf('Base;NotStarted;White[1]'))).toEqual(['wA1', 'wB1', 'wG1', 'wS1']);
    rejects(play('wS1'), 'bQ wS1-');
    // With the option off the Queen may open.
    const free = hive.start({ type: 'Base', tournamentOpening: false });
    expect(hive.moves(free).map((m) => hive.formatMove(free, m))).toContain('wQ');
  });

  it('H-PLACE-6: a Queen in hand on the 4th turn must be placed (and on later turns)', () => {
    const s = parseGameString(
      String.raw`Base;InProgress;White[4];wS1;bS1 wS1-;wB1 \wS1;bB1 bS1/;wG1 /wS1;bG1 bS1${'\\'}`,
    );
    rejects(s, 'wS2 /wG1');
    const moves = hive.moves(s);
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(m).toMatchObject({ kind: 'place', piece: 'wQ' });
    // Ruling: the same on turn 5 when the Queen is still in hand.
    const late = layout(
      'Base',
      [
        ['wS1', 0, 0],
        ['bS1', 1, 0],
        ['wB1', -1, 0],
        ['bQ', 2, 0],
      ],
      { turn: 5 },
    );
    const lateMoves = legalMoves(late);
    expect(lateMoves.length).toBeGreaterThan(0);
    for (const m of lateMoves) expect(moverOf(m)).toBe('wQ');
  });

  it('H-PLACE-7: only the lowest-numbered bug of a kind is placed; wG2 /wS1 is rejected', () => {
    const s = parseGameString(String.raw`Base;InProgress;White[3];wS1;bS1 wS1-;wB1 \wS1;bB1 bS1/`);
    rejects(s, 'wG2 /wS1');
    const pos = livePosition(s);
    const byPiece = new Map<string, number>();
    for (const m of legalMoves(pos)) byPiece.set(moverOf(m), (byPiece.get(moverOf(m)) ?? 0) + 1);
    expect([...byPiece.keys()].sort()).toEqual(['wA1', 'wB2', 'wG1', 'wQ', 'wS2']);
    const cells = byPiece.get('wA1');
    for (const v of byPiece.values()) expect(v).toBe(cells);
  });
});

describe('§5 movement (H-MOVE)', () => {
  it('H-MOVE-1: no movement before the own Queen is placed: wB1 -wS1 is rejected', () => {
    rejects(
      parseGameString(String.raw`Base;InProgress;White[3];wS1;bS1 wS1-;wB1 \wS1;bB1 bS1/`),
      'wB1 -wS1',
    );
  });

  it('H-MOVE-2: a covered piece cannot move ("Piece on top": wQ \\wS1 is rejected)', () => {
    rejects(parseGameString(A.pieceOnTop), String.raw`wQ \wS1`);
    expect(destinations(posOf(A.pieceOnTop), 'wQ')).toEqual([]);
  });

  it('H-MOVE-3: a move that splits the hive is illegal (wG1 -bB1)', () => {
    const s = parseGameString(
      String.raw`Base;InProgress;White[5];wS1;bS1 wS1-;wB1 \wS1;bB1 bS1/;wG1 /wS1;bG1 bS1\;wQ /wG1;bQ bG1${'\\'}`,
    );
    rejects(s, 'wG1 -bB1');
  });

  it('H-MOVE-4: a slide needs exactly one occupied flank (contact, no gate)', () => {
    const lone = layout('Base', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(lone, 'wQ')).toEqual(hexes([1, -1], [0, 1]));
    const gated = layout('Base', [
      ['wQ', 0, 0],
      ['bS1', 1, -1],
      ['bA1', 2, -1],
      ['bA2', 2, 0],
      ['bA3', 1, 1],
      ['bS2', 0, 1],
    ]);
    expect(destinations(gated, 'wQ')).toEqual(hexes([0, -1], [-1, 1]));
  });

  it('H-MOVE-5: "Beetle gate" has 4 moves; a level-1 Beetle cannot pass between height-2 flanks', () => {
    expect(moveTexts(posOf(A.beetleGate))).toEqual(
      canonical(posOf(A.beetleGate), 'wB1 bB2;wB1 bB1;wB1 /bB1;wB1 wB2\\'),
    );
    const base = [
      ['wQ', 0, 0],
      ['wB1', 0, 0],
      ['bA1', 1, -1],
      ['bB1', 1, -1],
      ['bS1', 0, 1],
      ['bB2', 0, 1],
    ] as const;
    const empty = layout('Base', base);
    expect(destinations(empty, 'wB1')).toEqual(hexes([0, -1], [1, -1], [0, 1], [-1, 1], [-1, 0]));
    const low = layout('Base', [...base, ['wA1', 1, 0]]);
    expect(destinations(low, 'wB1')).not.toContain('1,0');
    expect(destinations(low, 'wB1')).toHaveLength(5);
  });

  it('H-MOVE-6: no legal move leaves its piece where it started', () => {
    for (const g of Object.values(A)) {
      const pos = posOf(g);
      for (const m of legalMoves(pos)) {
        if (m === PASS) continue;
        expect(pos.cell[Math.floor(m / CELLS)]).not.toBe(m % CELLS);
      }
    }
  });

  it('H-MOVE-7: colour never limits movement (a Beetle climbs both Queens)', () => {
    const pos = posOf(A.beetleMoves);
    const t = moveTexts(pos);
    expect(t).toContain('wB1 wQ');
    expect(t).toContain('wB1 bQ');
  });
});

describe('§6 bugs', () => {
  it('H-QUEEN-1: "Queen moves" -> exactly wQ \\bG1;wQ -wG1', () => {
    const pos = posOf(A.queenMoves);
    expect(moveTexts(pos)).toEqual(canonical(pos, String.raw`wQ \bG1;wQ -wG1`));
  });

  it('H-BEETLE-1: "Beetle moves" -> 5 moves including climbing its own Queen', () => {
    const pos = posOf(A.beetleMoves);
    expect(moveTexts(pos)).toEqual(canonical(pos, 'wB1 wQ;wB1 bQ;wB1 bB1;wB1 bB2;wB1 wG1'));
  });

  it('H-GRASS-1: "Grasshopper moves" -> 7; no jump where the first hex is empty', () => {
    expect(legalMoves(posOf(A.grasshopperMoves))).toHaveLength(7);
    const pos = layout('Base', [
      ['wG1', 0, 0],
      ['bQ', 1, 0],
      ['bA1', 2, 0],
      ['wQ', 1, -1],
    ]);
    expect(destinations(pos, 'wG1')).toEqual(hexes([3, 0], [2, -2]));
  });

  it('H-SPIDER-1: "Spider moves" -> exactly 4', () => {
    const pos = posOf(A.spiderMoves);
    expect(moveTexts(pos)).toEqual(canonical(pos, String.raw`wS1 \bQ;wS1 /bQ;wS1 wG1\;wS1 /wQ`));
  });

  it('H-ANT-1: an Ant reaches every outside hex but not a hole whose entrances are all gates', () => {
    // A ring of six around the hole (0,1); the Ant starts outside it at (-1,0).
    const shifted = layout('Base', [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wS1', 1, 1],
      ['bS1', 0, 2],
      ['wG1', -1, 2],
      ['bG1', -1, 1],
      ['wA1', -1, 0],
    ]);
    const hole = hex(0, 1);
    const expected: [number, number][] = [];
    for (let q = -4; q <= 4; q++) {
      for (let r = -4; r <= 6; r++) {
        if (distance(hex(q, r), hole) === 2 && !(q === -1 && r === 0)) expected.push([q, r]);
      }
    }
    expect(expected).toHaveLength(11);
    expect(destinations(shifted, 'wA1')).toEqual(hexes(...expected));
  });

  it('H-MOSQ-1: "Mosquito moves" -> 10 moves', () => {
    expect(legalMoves(posOf(A.mosquitoMoves))).toHaveLength(10);
  });

  it('H-MOSQ-2: a Mosquito above ground moves only as a Beetle', () => {
    const pos = layout('Base+M', [
      ['wQ', 0, 0],
      ['wM', 0, 0],
      ['bG1', 1, 0],
    ]);
    expect(destinations(pos, 'wM')).toEqual(
      hexes([0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]),
    );
  });

  it('H-MOSQ-3: nothing to copy from a Mosquito; a Beetle on top is copied, the piece under it is not', () => {
    const onlyMosquito = layout('Base+M', [
      ['wM', 0, 0],
      ['bM', 1, 0],
      ['bQ', 2, 0],
      ['wQ', 3, 0],
    ]);
    expect(destinations(onlyMosquito, 'wM')).toEqual([]);
    const beetleOnGrasshopper = layout('Base+M', [
      ['wM', 0, 0],
      ['bG1', 1, 0],
      ['bB1', 1, 0],
      ['wQ', 2, 0],
    ]);
    expect(destinations(beetleOnGrasshopper, 'wM')).toEqual(hexes([1, 0], [1, -1], [0, 1]));
  });

  it('H-MOSQ-4: a pinned level-0 Mosquito keeps only the Pillbug ability', () => {
    const pos = layout('Base+MP', [
      ['wM', 0, 0],
      ['bQ', -1, 0],
      ['wP', 1, 0],
      ['wQ', 1, -1],
    ]);
    expect(destinations(pos, 'wM')).toEqual([]);
    expect(destinations(pos, 'bQ')).toEqual(hexes([0, -1], [0, 1], [-1, 1]));
  });

  it('H-LADY-1: "Ladybug gate" -> 7 moves; up, across, down, never on top nor at the start', () => {
    expect(legalMoves(posOf(A.ladybugGate))).toHaveLength(7);
    const pos = layout('Base+L', [
      ['wL', 0, 0],
      ['bQ', 1, 0],
      ['wQ', 2, 0],
    ]);
    expect(destinations(pos, 'wL')).toEqual(hexes([2, -1], [3, -1], [3, 0], [2, 1], [1, 1]));
  });

  it('H-PILLBUG-1: a Pillbug slides once or throws a neighbour', () => {
    const pos = layout('Base+P', [
      ['wP', 0, 0],
      ['wQ', 1, 0],
      ['bQ', 1, -1],
    ]);
    expect(destinations(pos, 'wP')).toEqual(hexes([0, -1], [0, 1]));
    expect(destinations(pos, 'bQ')).toEqual(hexes([0, -1], [0, 1], [-1, 1], [-1, 0]));
  });

  it('H-PILLBUG-2: "Pillbug gate" -> exactly bA1 -bB2;bA1 /wP; no piece of a stack is thrown', () => {
    const pos = posOf(A.pillbugGate);
    expect(moveTexts(pos)).toEqual(canonical(pos, 'bA1 -bB2;bA1 /wP'));
    const stacked = layout('Base+P', [
      ['wP', 0, 0],
      ['bA1', 1, 0],
      ['wB1', 1, 0],
      ['wQ', -1, 0],
      ['bQ', 0, -1],
    ]);
    expect(destinations(stacked, 'bA1')).toEqual([]);
    expect(destinations(stacked, 'wB1').length).toBeGreaterThan(0);
    expect(destinations(stacked, 'bQ')).toEqual(hexes([1, -1], [0, 1], [-1, 1]));
  });

  it('H-PILLBUG-3: a pinned Pillbug joining two halves still throws a neighbour', () => {
    const pos = layout('Base+P', [
      ['wP', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    expect(destinations(pos, 'wP')).toEqual([]);
    expect(destinations(pos, 'bQ')).toEqual(hexes([0, -1], [1, -1], [0, 1], [-1, 1]));
    expect(destinations(pos, 'wQ')).toEqual(hexes([0, -1], [1, -1], [0, 1], [-1, 1]));
  });

  it('H-PILLBUG-4: a Mosquito next to a Pillbug throws with its power, not the frozen Pillbug itself', () => {
    const pieces = [
      ['wM', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, -1],
      ['bP', 1, 0],
    ] as const;
    const frozen = layout('Base+MP', pieces, { frozen: 'bP' });
    expect(destinations(frozen, 'bQ')).toEqual(hexes([0, -1], [0, 1], [-1, 1]));
    expect(destinations(frozen, 'bP')).toEqual([]);
    const free = layout('Base+MP', pieces);
    expect(destinations(free, 'bP')).toEqual(hexes([0, -1], [0, 1], [-1, 1]));
    // A Mosquito at level >= 1 never throws.
    const high = layout('Base+MP', [
      ['wQ', 0, 0],
      ['wM', 0, 0],
      ['bP', 1, 0],
      ['bA1', -1, 0],
    ]);
    expect(destinations(high, 'bA1')).toEqual([]);
    expect(destinations(high, 'bP')).toEqual([]);
  });

  it("H-PILLBUG-5: a throw equal to the piece's own move is one move", () => {
    const pos = layout('Base+P', [
      ['wP', 0, 0],
      ['wQ', -1, 0],
      ['bQ', 1, 0],
    ]);
    const wq = legalMoves(pos).filter((m) => moverOf(m) === 'wQ');
    expect(new Set(wq).size).toBe(wq.length);
    expect(wq).toHaveLength(4);
  });
});

describe('§7 frozen piece (H-FREEZE)', () => {
  it('H-FREEZE-1: F holds the placed, moved or thrown piece; a pass empties it', () => {
    const s = play('wS1;bS1 wS1-');
    expect(livePosition(s).frozen).toBe(pieceFromName('bS1'));
    const passed = hive.apply(parseGameString(A.pass), { kind: 'pass' });
    expect(livePosition(passed).frozen).toBe(-1);
    const g = parseGameString(A.pillbugGate);
    const thrown = hive.apply(g, hive.parseMove(g, 'bA1 /wP'));
    expect(livePosition(thrown).frozen).toBe(pieceFromName('bA1'));
  });

  it('H-FREEZE-2: "Pillbug can\'t throw last move" -> 2 moves; the thrower itself may be thrown', () => {
    const pos = posOf(A.pillbugCantThrowLastMove);
    expect(moveTexts(pos)).toEqual(canonical(pos, 'bS1 -bQ;bS1 wP\\'));
    const after = layout(
      'Base+P',
      [
        ['wP', 0, 0],
        ['bP', 1, 0],
        ['wQ', 0, 1],
        ['bQ', 1, -1],
        ['bA1', 2, -1],
      ],
      { toMove: 'b', frozen: 'bA1' },
    );
    expect(destinations(after, 'bA1')).toEqual([]);
    expect(destinations(after, 'wP')).toEqual(hexes([2, 0], [1, 1]));
  });

  it('H-FREEZE-3: a Mosquito may copy a frozen piece (movement and Pillbug power)', () => {
    const pos = layout(
      'Base+M',
      [
        ['wM', 0, 0],
        ['bG1', 1, 0],
        ['wQ', 1, -1],
        ['bQ', 2, 0],
      ],
      { frozen: 'bG1' },
    );
    expect(destinations(pos, 'wM')).toContain('3,0');
    expect(destinations(pos, 'wM')).toContain('2,-2');
  });

  it('H-FREEZE-4: placements enter F and undo restores F', () => {
    const s = play('wS1;bS1 wS1-');
    expect(livePosition(s).frozen).toBe(pieceFromName('bS1'));
    expect(livePosition(undoPlies(s, 1)).frozen).toBe(pieceFromName('wS1'));
    const sp = hive.search?.(s);
    sp?.undo();
    expect(sp?.hash()).toBe(hive.search?.(undoPlies(s, 1)).hash());
  });
});

describe('§8 end of game (H-END)', () => {
  it('H-END-1: a covered Queen with six occupied neighbours is surrounded', () => {
    const pos = layout('Base', [
      ['wQ', 0, 0],
      ['bB1', 0, 0],
      ['bQ', 0, -1],
      ['wS1', 1, -1],
      ['bS1', 1, 0],
      ['wS2', 0, 1],
      ['bS2', -1, 1],
      ['wA1', -1, 0],
    ]);
    expect(queenSurrounded(pos, 0)).toBe(true);
    expect(queenSurrounded(pos, 1)).toBe(false);
  });

  it('H-END-2: "Black suicide" -> WhiteWins', () => {
    const s = parseGameString(A.blackSuicide);
    expect(gameStateString(s)).toBe('WhiteWins');
    expect(hive.score(s)).toEqual([1, 0]);
    expect(livePosition(s).result).not.toBe(BLACK_WINS);
    expect(outcome(s)).toEqual({ winner: 'white', reason: 'queen-surrounded' });
    expect(outcome(undoPlies(s, 1))).toBeNull();
  });

  it('H-END-3: "Draw" -> Draw (both Queens surrounded on one ply)', () => {
    const s = parseGameString(A.draw);
    expect(gameStateString(s)).toBe('Draw');
    expect(hive.score(s)).toEqual([0.5, 0.5]);
    expect(outcome(s)).toEqual({ winner: null, reason: 'both-queens-surrounded' });
  });

  it('H-END-4: "Threefold" is a Draw at ply 12 only with repetitionDraw', () => {
    const on = parseGameString(A.threefold, { repetitionDraw: true });
    expect(formatGameString(on).split(';').slice(1, 3)).toEqual(['Draw', 'White[7]']);
    expect(hive.terminal(undoPlies(on, 1))).toBe(false);
    expect(outcome(on)).toEqual({ winner: null, reason: 'repetition' });
    // Without the option the text's 'Draw' is not what the moves give (H-UHP-8).
    expect(() => parseGameString(A.threefold)).toThrow(
      expect.objectContaining({ code: 'INVALID_STATE' }),
    );
    const off = parseGameString(A.threefold, { lenient: true });
    expect(formatGameString(off).split(';').slice(1, 3)).toEqual(['InProgress', 'White[7]']);
  });

  it('H-END-5: with maxPlies = 4, wS1;bS1 wS1-;wQ \\wS1;bQ bS1/ ends in a Draw', () => {
    const s = play(String.raw`wS1;bS1 wS1-;wQ \wS1;bQ bS1/`, {
      maxPlies: 4,
      tournamentOpening: false,
    });
    expect(gameStateString(s)).toBe('Draw');
    expect(gameStateString(undoPlies(s, 1))).toBe('InProgress');
    expect(outcome(s)).toEqual({ winner: null, reason: 'ply-limit' });
  });

  it('H-END-6: a surrounded Queen on the capped ply still wins', () => {
    const s = parseGameString(A.blackSuicide, { maxPlies: 22 });
    expect(gameStateString(s)).toBe('WhiteWins');
    expect(outcome(s)).toEqual({ winner: 'white', reason: 'queen-surrounded' });
  });

  it('H-END-7: a finished game has no moves; play is rejected, undo works', () => {
    const s = parseGameString(A.blackSuicide);
    expect(hive.moves(s)).toEqual([]);
    expect(hive.terminal(s)).toBe(true);
    expect(() => hive.apply(s, { kind: 'pass' })).toThrow(RulesError);
    expect(() => playMoveString(s, 'pass')).toThrow(/over/);
    expect(hive.terminal(undoPlies(s, 1))).toBe(false);
  });
});

describe('§9 moves as a set (H-MOVESET)', () => {
  it('H-MOVESET-1: no (piece, destination) pair is listed twice', () => {
    for (const g of Object.values(A)) {
      const ms = legalMoves(posOf(g));
      expect(new Set(ms).size).toBe(ms.length);
    }
  });

  it('H-MOVESET-2: pass is listed iff nothing else is legal', () => {
    expect(legalMoves(posOf(A.pass))).toEqual([PASS]);
    for (const g of [A.queenMoves, A.spiderMoves, A.mosquitoMoves]) {
      expect(legalMoves(posOf(g))).not.toContain(PASS);
    }
  });

  it('H-MOVESET-3: placements first, then movements; pieces in Q S B G A M L P order; then r, q', () => {
    const order = 'Q S1 S2 B1 B2 G1 G2 G3 A1 A2 A3 M L P'.split(' ');
    for (const g of [A.mosquitoMoves, A.pieceOnTop, A.pillbugGate, A.ladybugGate]) {
      const s = parseGameString(g);
      const ms = hive.moves(s);
      const me = hive.toMove(s) === 0 ? 'w' : 'b';
      const rank = (m: (typeof ms)[number]): number[] => {
        if (m.kind === 'pass') return [0, 0, 0, 0];
        const own = m.piece[0] === me ? 0 : 1;
        return [m.kind === 'place' ? 0 : 1 + own, order.indexOf(m.piece.slice(1)), m.r, m.q];
      };
      for (let i = 1; i < ms.length; i++) {
        const a = rank(ms[i - 1] as never);
        const b = rank(ms[i] as never);
        const cmp = a.findIndex((v, k) => v !== b[k]);
        expect(cmp >= 0 && (a[cmp] as number) < (b[cmp] as number)).toBe(true);
      }
    }
  });
});
