/** The Hive evaluator and the UHP engine's `bestmove` (alpha-beta with that evaluator). */
import { describe, expect, it } from 'vitest';
import { CELLS, cellOf } from '../../src/hive/engine/board.js';
import { PIECES, pieceFromName, SLOTS } from '../../src/hive/engine/pieces.js';
import {
  evaluateHive,
  hiveBalance,
  hiveEvaluator,
  hiveEvaluatorWith,
} from '../../src/hive/evaluate.js';
import { hive } from '../../src/hive/game.js';
import { searchPositionOf } from '../../src/hive/state.js';
import type { HiveMove, HiveState } from '../../src/hive/types.js';
import { UhpEngine } from '../../src/hive/uhp-engine.js';
import type { SearchNode } from '../../src/search/types.js';

type Placement = readonly [piece: string, q: number, r: number];

/**
 * A board built by trusted placements (the evaluator is a function of the board, not of how it
 * arose). `swap` gives every piece the other colour.
 */
function board(pieces: readonly Placement[], swap = false) {
  const sp = searchPositionOf(hive.start({ type: 'Base+MLP', tournamentOpening: false }));
  for (const [name, q, r] of pieces) {
    let p = pieceFromName(name);
    if (p < 0) throw new Error(`bad piece ${name}`);
    if (swap) p = (p + SLOTS) % PIECES;
    sp.play(p * CELLS + cellOf(q, r));
  }
  return sp;
}

function value(pieces: readonly Placement[], swap = false): number[] {
  const sp = board(pieces, swap);
  const node: SearchNode<HiveState, HiveMove> = {
    position: sp,
    state: () => sp.state() as HiveState,
    toMove: () => sp.toMove(),
  };
  return Array.from(hiveEvaluator(node));
}

// A ring of six around an empty centre (0,0): no piece on it is pinned by the One Hive rule.
const RING: readonly Placement[] = [
  ['wQ', 1, 0],
  ['wA1', 1, -1],
  ['wG1', 0, -1],
  ['bQ', -1, 0],
  ['bA1', -1, 1],
  ['bG1', 0, 1],
];

describe('hiveEvaluator', () => {
  it('is even at the start and for a colour-symmetric board, and its values sum to 1', () => {
    expect(evaluateHive(hive.start())).toEqual([0.5, 0.5]);
    const v = value(RING);
    expect(v[0]).toBeCloseTo(0.5, 12);
    expect((v[0] as number) + (v[1] as number)).toBeCloseTo(1, 12);
  });

  it('prefers pieces around the opponent Queen to pieces around its own (queen liberties)', () => {
    const base: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
    ];
    const pressing = value([...base, ['wG1', 2, 0], ['wG2', 1, 1], ['wB1', 2, -1]]);
    const pressed = value([...base, ['wG1', -1, 0], ['wG2', -1, 1], ['wB1', 0, -1]]);
    expect(pressing[0]).toBeGreaterThan(0.5);
    expect(pressing[0]).toBeGreaterThan(pressed[0] as number);
  });

  it('values a free piece over a pinned one (One Hive pin)', () => {
    // A black Beetle hanging on the White Ant pins it; hanging on the Black Ant pins that one.
    const pinsWhite = value([...RING, ['bB1', 2, -2]]);
    const pinsBlack = value([...RING, ['bB1', -2, 2]]);
    expect(pinsWhite[0]).toBeLessThan(pinsBlack[0] as number);
  });

  it('values a free Ant over one gated in a hole (mobility)', () => {
    const trapped = value([...RING, ['wA2', 0, 0]]);
    const free = value([...RING, ['wA2', 1, -2]]);
    expect(free[0]).toBeGreaterThan(trapped[0] as number);
  });

  it('values a Beetle on top of the opponent Queen (it pins the Queen)', () => {
    const base: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wB1', 2, 0],
    ];
    // The same Beetle parked behind its own Queen instead.
    const behind = value([base[0], base[1], ['wB1', -1, 0]] as Placement[]);
    const sp = board(base);
    sp.play(pieceFromName('wB1') * CELLS + cellOf(1, 0)); // climbs onto bQ
    const onTop = Array.from(
      hiveEvaluator({ position: sp, state: () => sp.state() as HiveState, toMove: () => 0 }),
    );
    expect(onTop[0]).toBeGreaterThan(behind[0] as number);
  });

  it('counts a piece in hand once and a free piece on the board twice', () => {
    // The Ant enters the board free: its value doubles; entering into a gated hole: lost.
    const inHand = hiveBalance(board(RING));
    const free = hiveBalance(board([...RING, ['wA2', 1, -2]]));
    const trapped = hiveBalance(board([...RING, ['wA2', 0, 0]]));
    expect(free).toBeGreaterThan(inHand);
    expect(trapped).toBeLessThan(inHand);
  });

  it('costs less for an own piece that can leave the Queen than for one pinned beside her', () => {
    const base: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 3, 0],
      ['bG1', 2, 0],
      ['wG1', 1, 0],
    ];
    // A Spider beside the White Queen: free on the rim, or pinned (the hive hangs on it).
    const canLeave = hiveBalance(board([...base, ['wS1', 0, 1]]));
    const elsewhere = hiveBalance(board([...base, ['wS1', 2, -1]]));
    expect(canLeave).toBeLessThan(elsewhere);
    const pinned = hiveBalance(board([...base, ['wS1', -1, 0], ['wA1', -2, 0]]));
    const pinnedAway = hiveBalance(board([...base, ['wS1', 2, -1], ['wA1', 3, -2]]));
    expect(pinnedAway - pinned).toBeGreaterThan(elsewhere - canLeave);
  });

  it('spends an attacker: a piece next to the opponent Queen adds its pressure, not its value', () => {
    const base: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
    ];
    // Beside the Black Queen an Ant scores no more than a Grasshopper (it only left the hand,
    // where it was worth 5 more); away from her the free Ant is worth more.
    const antAttacks = hiveBalance(board([...base, ['wA1', 2, 0]]));
    const hopperAttacks = hiveBalance(board([...base, ['wG1', 2, 0]]));
    const antAway = hiveBalance(board([...base, ['wA1', -1, 0]]));
    const hopperAway = hiveBalance(board([...base, ['wG1', -1, 0]]));
    expect(antAttacks - hopperAttacks).toBe(-(7 - 2));
    expect(antAway - hopperAway).toBeGreaterThan(antAttacks - hopperAttacks);
  });

  it('values a Pillbug beside its own Queen that can lift her out', () => {
    const base: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['bA1', 2, 0],
    ];
    const beside = hiveBalance(board([...base, ['wP', -1, 0]]));
    const away = hiveBalance(board([...base, ['wP', 3, 0]]));
    expect(beside).toBeGreaterThan(away);
  });

  it('weighs the Queen terms by aggression (the UHP Aggression option)', () => {
    const pressing: Placement[] = [
      ['wQ', 0, 0],
      ['bQ', 1, 0],
      ['wG1', 2, 0],
      ['wG2', 1, 1],
      ['wB1', 2, -1],
    ];
    const sp = board(pressing);
    const node = { position: sp, state: () => sp.state() as HiveState, toMove: () => 0 };
    const at = (a: number) => hiveEvaluatorWith(a)(node)[0] as number;
    expect(hiveEvaluatorWith(3)).toBe(hiveEvaluator);
    // Three pieces on the Black Queen: worth more to a more aggressive evaluator.
    expect(at(1)).toBeLessThan(at(3));
    expect(at(3)).toBeLessThan(at(5));
  });

  it('is colour-symmetric: swapping every piece colour swaps the values', () => {
    const boards: Placement[][] = [
      [...RING, ['bB1', 2, -2]],
      [...RING, ['wA2', 0, 0]],
      [
        ['wQ', 0, 0],
        ['bQ', 1, 0],
        ['wG1', 2, 0],
        ['wG2', 1, 1],
        ['wB1', 2, -1],
        ['bS1', -1, 0],
      ],
    ];
    for (const b of boards) {
      const v = value(b);
      const w = value(b, true);
      expect(w[0]).toBeCloseTo(v[1] as number, 12);
      expect(w[1]).toBeCloseTo(v[0] as number, 12);
      expect(hiveBalance(board(b, true))).toBeCloseTo(-hiveBalance(board(b)), 12);
    }
  });
});

const first = (reply: string): string => reply.split('\n')[0] as string;

// White to move; throwing the black Queen with the Pillbug is the only immediate win.
const MATE_IN_ONE =
  'Base+MLP;InProgress;White[23];wG1;bS1 wG1\\;wL -wG1;bM bS1-;wP wG1/;bG1 bM-;wQ -wL;bQ \\bG1;wS1 /wQ;bL bG1/;wM -wP;bB1 bG1\\;wB1 \\wQ;bS2 \\bL;wS2 wB1/;bL bB1-;wM wP\\;bG2 bM\\;wB2 wS2\\;bB2 bL\\;wS1 /bS1;bG1 wL\\;wQ /wL;bA1 \\bL;wB1 wB2;bA2 bL/;wA1 \\wS2;bA3 bB2-;wA1 wS1\\;bA3 \\wS2;wA2 /wB1;bG3 \\bS2;wA1 \\bA3;bP bB1\\;wA3 \\wP;bL bS2\\;wA3 -wA1;bA2 bB2\\;wG2 /wQ;bL bS1\\;wG3 /wA3;bA2 bG2\\;bS1 /bG3;bA2 \\wA1';

// White to move; most White moves let Black surround the White Queen at once.
const MUST_DEFEND =
  'Base;InProgress;White[26];wB1;bB1 \\wB1;wG1 wB1\\;bG1 \\bB1;wB2 /wB1;bG2 -bG1;wQ wG1/;bQ /bG2;wS1 wB2\\;bA1 \\bG2;wS2 wQ-;bS1 bQ\\;wA1 wS2\\;bS2 bG1/;wA2 wQ\\;bB2 /bQ;wA2 /bA1;bA1 -wA2;wA3 wS2/;bB2 bQ;wB2 /bB1;bG2 -bA1;wA3 wA1-;bA2 bG2\\;wA3 wS1\\;bB2 /bG1;wA3 wS2/;bA2 wA3/;wG2 -wS1;bS2 -wA3;wB2 bS1;bA3 bG1/;wA1 /wG2;bA2 wB2\\;wB1 wG1;bA3 \\wA2;wA3 wS2-;bA3 wA3/;wG3 -wA1;bA3 /bQ;wA3 -bS2;bA2 /wG3;wB1 wG1\\;bA3 \\bG2;wB2 bQ;bA3 -wG1;wB2 -bG1;bA3 /bQ;wB1 wQ\\;bA2 wB1\\';

describe('UhpEngine bestmove', () => {
  it('H-UHP-10: bestmove depth 1 finds the only immediate win', () => {
    const e = new UhpEngine();
    expect(first(e.handle(`newgame ${MATE_IN_ONE}`))).toMatch(/;InProgress;White\[23\]/);
    const move = first(e.handle('bestmove depth 1'));
    expect(first(e.handle(`play ${move}`))).toMatch(/^Base\+MLP;WhiteWins;/);
  });

  it('H-UHP-10: bestmove depth 2 avoids every move that loses at once', () => {
    const e = new UhpEngine();
    e.handle(`newgame ${MUST_DEFEND}`);
    const move = first(e.handle('bestmove depth 2'));
    const after = first(e.handle(`play ${move}`));
    expect(after).toMatch(/;InProgress;Black\[26\]/);
    // No Black reply wins: play each and look at the result.
    const replies = first(e.handle('validmoves')).split(';');
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) {
      expect(first(e.handle(`play ${r}`))).not.toMatch(/BlackWins/);
      e.handle('undo');
    }
  });

  it('H-UHP-10: bestmove depth N is deterministic and legal, and bare bestmove searches too', () => {
    const a = new UhpEngine();
    const b = new UhpEngine();
    a.handle('newgame Base+MLP');
    b.handle('newgame Base+MLP');
    for (const m of ['wS1', 'bG1 -wS1', 'wQ wS1/', 'bQ /bG1']) {
      a.handle(`play ${m}`);
      b.handle(`play ${m}`);
    }
    // `a` has searched before (a filled table); `depth` answers must not depend on it.
    a.handle('bestmove depth 2');
    const ra = a.handle('bestmove depth 3');
    expect(ra).toBe(b.handle('bestmove depth 3'));
    expect(first(a.handle('validmoves')).split(';')).toContain(first(ra));
    expect(a.handle('bestmove')).toBe(b.handle('bestmove'));
    expect(first(a.handle('bestmove depth 0'))).toMatch(/^err /);
    expect(first(a.handle('bestmove time 00:00:00'))).toMatch(/^err /);
  });

  it('H-UHP-10: bestmove time 00:00:01 answers with a legal move (smoke test)', () => {
    const e = new UhpEngine();
    e.handle('newgame Base+MLP');
    e.handle('play wA1');
    const reply = e.handle('bestmove time 00:00:01').split('\n');
    expect(reply.at(-1)).toBe('ok');
    expect(first(e.handle('validmoves')).split(';')).toContain(reply[0]);
  });
});
