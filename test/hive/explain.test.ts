// Every refusal names its rule (docs/rules/hive.md): `explain`, `apply` and the MoveString
// readers agree with the generator over random legal games, and each rule a move can be refused
// by has a case. The positions were found by searching random games for each refusal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_RULES } from '../../src/hive/explain.js';
import {
  GAME_TYPES,
  type HiveMove,
  type HiveOptions,
  type HiveState,
  hive,
  parseMoveString,
  piecesInHand,
  piecesOnBoard,
  UhpEngine,
} from '../../src/hive/index.js';
import { checkExplain, refusedBy } from '../support/explain.js';

function play(options: Partial<HiveOptions>, history: readonly string[]): HiveState {
  let s = hive.start(options);
  for (const text of history) s = hive.apply(s, hive.parseMove(s, text));
  return s;
}

const MLP = 'Base+MLP';
const FAN = 'Base+MLP:wTFKWRDC:bTFKWRDC';
const move = (piece: string, q: number, r: number): HiveMove => ({ kind: 'move', piece, q, r });
const place = (piece: string, q: number, r: number): HiveMove => ({ kind: 'place', piece, q, r });

/** A finished Base+MLP game (found by random play). */
const FINISHED =
  'wM;bP /wM;wS1 wM-;bL -bP;wQ wS1/;bA1 \\bL;wP wQ/;bQ -bA1;wA1 -wP;bG1 /bQ;wS2 wS1\\;bG2 bA1/;wL wQ\\;bA2 bL\\;wL /wS2;bS1 \\bG2;wA1 -bQ;bA3 bA2\\;wP wQ-;bG3 /bA2;wB1 \\wQ;bM /bG1;wB1 -wQ;bM /bS1;wB1 wM\\;bM bG3\\;wB1 bG2\\;bM bP\\;wM bS1/;wB1 -wS1;wM /bS1;bM \\wB1;wM /bG3;bM bG2;wA2 wP/;bB1 /bL;wM -wQ;bA3 \\bQ;wM bS1/;bB1 bG3;wB2 wA2/;bA3 -wB2;wB2 bA3/;bM /bS1;wA1 /bG1;bM /wA1;wB2 wA2/;bM \\wM;wB2 bA3/;bB1 -bG3;wB2 wA2/;bB1 /bL;wB2 bA3/;bS2 bQ\\;wB2 \\bA3;bB1 bS2;wB2 bA3;bB1 bG1\\;wA1 bA2\\;bB1 bG1;wB2 -bA3;bB2 -bG3;wA3 /wB2;bA3 \\bQ;wB2 -wA2;bB1 bS2;wG1 wM-;bB1 bQ;wB2 wA2;bB1 bA1;wB2 -wA2;bB1 bL;wB2 \\wA2;bA3 wB2/;wG2 -wB2;bB1 bS2;wA1 bA3\\;bA3 bA2\\;wB2 wG2/;bB2 bG3;wB2 \\wG2;bB2 -bG3;wB2 wG2;bB1 bQ;wA1 bG1\\;bB2 bG3;wB2 wA3;bB2 wA1\\;wA1 /bS1;bB2 bS2\\;wB2 wG1\\;wB1 bG2\\;wA2 /bM;bM /bG3;wB1 /wB2;bA2 bG2\\;wM \\wG2;bB1 -wA1;wM wG2\\;bA3 \\wG1;wA2 wP/;bA3 /bB1'.split(
    ';',
  );

/** A Base+MLP game whose Mosquito on the hive meets a gate at height (found by random play). */
const GATE_AT_HEIGHT =
  'wP;bP \\wP;wA1 /wP;bM bP/;wG1 wP-;bA1 -bM;wQ wG1/;bQ \\bM;wS1 wQ/;bM bQ-;wG2 wS1/;bM bQ/;wA1 wG2\\;bM \\bQ;wG3 wQ\\;bM bQ/;wL -wG2;bM \\bQ;wB1 wA1/;bM bQ/;wA1 -bM;bM -wQ;wB1 wG2\\;bM /wL;wB1 wG2;bM \\wB1;wS2 wG1\\;bM wB1;wM wS2\\;bM wS1;wB1 \\wG2;bM /wL;wM /wP;bS1 -bA1;wB2 /wS2;bM -wQ;wA2 wG3-;bM /wM;wA2 wS1\\;bG1 bS1\\;bM bG1\\;bS1 /bM;wA1 wA2-;bM /bS1;wG3 /wB2;bM -bG1;wA1 /wG3;bM -wQ;wB1 \\wL;bM wA2-;wB1 \\wG2;bA2 \\bQ;wL wQ\\;bM \\bA2;wB1 wG2;bM wM\\;wB1 wG2\\;bM bG1\\;wA2 bQ\\;bA1 wB1/;wB1 wG2;bM wA2/;wB1 \\wG2;bM bA1-;wB1 -wG2;bM /wA1;wL wS2-;bM \\bA2;wB1 \\wG2;bM /wA1;wB1 -wG2;bM bA2/;wB1 \\wG2;bB1 /bA2;wB1 -wG2;bA1 -wB1;wB1 bA1;bM wM\\;wA3 wB1/;bB1 -bA2;bM wP\\;bB1 /bA2;bM bS1\\;bA2 wS1\\;wA3 \\wG2;bG2 \\bQ;bM bG1\\;bA2 /bG1;wM wP\\;bB1 /bQ;wM wA2\\;bM wQ\\;wM wS1\\;bM wS2\\;wB1 wA2;bB1 \\bG1;wM wQ\\;bG3 -bG2;wM bG1\\;bM wB1\\;wA1 wA3/;bM bP;wB1 bQ;bA2 wM\\;wB1 bA1;bB1 bG1;wB1 bQ;bB2 -bB1;wB1 wA2'.split(
    ';',
  );

const CASES: [string, Partial<HiveOptions>, readonly string[], HiveMove][] = [
  ['H-END-7', { type: MLP, tournamentOpening: false }, FINISHED, move('wQ', 0, 0)],
  ['H-SETUP-2', { type: 'Base' }, [], place('wM', 0, 0)],
  ['H-TURN-1', { type: MLP }, [], place('bQ', 0, 0)],
  ['H-TURN-3', { type: MLP }, [], { kind: 'pass' } as HiveMove],
  ['H-PLACE-1', { type: MLP }, [], place('wS1', -1, -1)],
  ['H-PLACE-2', { type: MLP }, ['wG1'], place('bS1', -2, -2)],
  ['H-PLACE-3', { type: MLP }, ['wG1', 'bL -wG1'], place('wQ', -3, -2)],
  ['H-PLACE-4', { type: MLP }, ['wG1'], place('bS1', 0, 0)],
  ['H-PLACE-5', { type: MLP, tournamentOpening: true }, [], place('wQ', 0, 0)],
  [
    'H-PLACE-6',
    { type: MLP },
    ['wP', 'bA1 /wP', 'wM \\wP', 'bM /bA1', 'wA1 -wM', 'bP -bA1'],
    place('wS1', -4, -3),
  ],
  ['H-PLACE-7', { type: MLP }, [], place('wS2', 0, 0)],
  ['H-MOVE-1', { type: MLP }, ['wG1', 'bL -wG1'], move('wG1', -3, -2)],
  [
    'H-MOVE-2',
    { type: MLP, tournamentOpening: false },
    [
      'wQ',
      'bB1 /wQ',
      'wM wQ/',
      'bQ -bB1',
      'wS1 \\wM',
      'bP bQ\\',
      'wS2 \\wS1',
      'bA1 /bQ',
      'wS2 -wQ',
      'bB1 wS2',
    ],
    move('wS2', -5, -4),
  ],
  ['H-MOVE-3', { type: MLP, tournamentOpening: false }, ['wQ', 'bM -wQ'], move('wQ', -3, -2)],
  [
    'H-MOVE-4',
    { type: 'Base+P:wTW3:bC' },
    ['wG1', 'bA1 -wG1', 'wQ wG1\\', 'bA2 /bA1', 'wS1 wG1/', 'bB1 bA2\\'],
    move('wQ', -1, 2),
  ],
  ['H-MOVE-5', { type: MLP, tournamentOpening: false }, GATE_AT_HEIGHT, move('bM', 0, -2)],
  ['H-MOVE-6', { type: MLP, tournamentOpening: false }, ['wQ', 'bM -wQ'], move('wQ', 0, 0)],
  [
    'H-FREEZE-2',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bM -wQ'],
    { kind: 'grab', piece: 'wQ', target: 'bM', q: 0, r: 0 },
  ],
  ['H-QUEEN-1', { type: MLP, tournamentOpening: false }, ['wQ', 'bM -wQ'], move('wQ', -2, 0)],
  [
    'H-BEETLE-1',
    { type: MLP },
    ['wG1', 'bL -wG1', 'wQ wG1/', 'bM -bL', 'wB1 wG1\\', 'bP /bM'],
    move('wB1', -4, 1),
  ],
  [
    'H-GRASS-1',
    { type: 'Base+P:wTW3:bC', tournamentOpening: false },
    ['wQ', 'bS1 -wQ', 'wG1 wQ\\', 'bA1 /bS1'],
    move('wG1', -3, 1),
  ],
  [
    'H-SPIDER-1',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bB1 /wQ', 'wM \\wQ', 'bQ -bB1', 'wS1 \\wM', 'bL bQ\\'],
    move('wS1', -3, 1),
  ],
  [
    'H-ANT-1',
    { type: MLP },
    ['wP', 'bL /wP', 'wA1 wP/', 'bP bL\\', 'wQ wA1\\', 'bG1 /bP'],
    move('wA1', -2, 3),
  ],
  [
    'H-MOSQ-1',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bM -wQ', 'wM wQ-', 'bS1 \\bM'],
    move('wM', -2, -1),
  ],
  [
    'H-MOSQ-2',
    { type: MLP, tournamentOpening: false },
    [
      'wQ',
      'bQ \\wQ',
      'wM wQ-',
      'bM bQ/',
      'wS1 wM/',
      'bM \\bQ',
      'wG1 wM\\',
      'bS1 \\bM',
      'wS2 wS1\\',
      'bG1 /bM',
      'wP wS1/',
      'bS1 -wS1',
      'wB1 wP-',
      'bB1 -bM',
      'wB2 \\wP',
      'bM bQ',
      'wB1 wP/',
    ],
    move('bM', -3, -5),
  ],
  [
    'H-LADY-1',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bM -wQ', 'wL wQ-', 'bA1 \\bM'],
    move('wL', -2, -1),
  ],
  [
    'H-PILLBUG-1',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bB1 /wQ', 'wP wQ/', 'bB2 bB1\\'],
    move('wP', -2, 1),
  ],
  [
    'H-PILLBUG-2',
    { type: MLP },
    ['wP', 'bM \\wP', 'wG1 wP-', 'bQ -bM', 'wB1 wG1\\'],
    move('wP', -3, -3),
  ],
  ['H-PILLBUG-3', { type: MLP }, ['wP', 'bM \\wP', 'wG1 wP-'], move('wP', -2, -3)],
  [
    'H-FAN-MANTIS-1',
    { type: FAN, tournamentOpening: false },
    ['wQ', 'bQ \\wQ', 'wF1 wQ\\', 'bT1 bQ/', 'wS1 wF1\\'],
    move('bT1', -1, -1),
  ],
  [
    'H-FAN-MANTIS-2',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bQ \\wQ', 'wP wQ\\'],
    { kind: 'grab', piece: 'bQ', target: 'wQ', q: 0, r: -1 },
  ],
  [
    'H-FAN-MANTIS-3',
    { type: FAN },
    [
      'wT1',
      'bT1 \\wT1',
      'wA1 wT1-',
      'bK1 bT1/',
      'wG1 wA1-',
      'bC bK1-',
      'wQ wA1\\',
      'bQ \\bK1',
      'wB1 wT1\\',
      'bD bC/',
      'wT1 *wB1',
      'bW1 /bQ',
    ],
    move('wT1', -2, -5),
  ],
  [
    'H-FAN-FLY-1',
    { type: FAN, tournamentOpening: false },
    ['wQ', 'bQ \\wQ', 'wF1 wQ\\', 'bT1 bQ/'],
    move('wF1', -1, -1),
  ],
  [
    'H-FAN-SCORPION-1',
    { type: FAN, tournamentOpening: false },
    ['wA1', 'bF1 /wA1', 'wT1 wA1/', 'bQ /bF1', 'wS1 -wT1', 'bK1 /bQ', 'wQ wT1-'],
    move('bK1', -3, 2),
  ],
  [
    'H-FAN-SCORPION-2',
    { type: FAN, tournamentOpening: false },
    ['wQ', 'bF1 /wQ', 'wW1 wQ/', 'bK1 -bF1'],
    move('wQ', -2, 1),
  ],
  [
    'H-FAN-WASP-1',
    { type: FAN, tournamentOpening: false },
    ['wQ', 'bT1 -wQ', 'wW1 wQ\\', 'bG1 -bT1'],
    move('wW1', -2, 0),
  ],
  [
    'H-FAN-ROACH-1',
    { type: FAN, tournamentOpening: false },
    ['wW1', 'bR -wW1', 'wR wW1-', 'bF1 -bR', 'wA1 \\wR', 'bC /bF1', 'wQ wW1\\', 'bQ /bC'],
    move('wR', -5, 2),
  ],
  [
    'H-FAN-DRAGONFLY-1',
    { type: FAN, tournamentOpening: false },
    ['wQ', 'bS1 -wQ', 'wD wQ/', 'bK1 -bS1'],
    move('wD', -3, 0),
  ],
  [
    'H-FAN-CENTIPEDE-1',
    { type: FAN, tournamentOpening: false },
    ['wW1', 'bS1 -wW1', 'wD wW1/', 'bC \\bS1', 'wR wD-', 'bQ /bS1', 'wQ \\wR'],
    move('bC', -3, 1),
  ],
  [
    'H-FAN-CENTIPEDE-2',
    { type: MLP, tournamentOpening: false },
    ['wQ', 'bQ \\wQ', 'wP wQ\\'],
    { kind: 'swap', piece: 'bQ', target: 'wQ', q: 0, r: -1 },
  ],
];

function thrownBy(
  state: HiveState,
  m: HiveMove,
): { code?: string; rule?: string; message?: string } | null {
  try {
    hive.apply(state, m);
  } catch (e) {
    return e as { code?: string; rule?: string; message?: string };
  }
  return null;
}

describe('Hive refusals name their rule', () => {
  for (const [rule, options, history, m] of CASES) {
    it(`${rule}: ${JSON.stringify(m)} is refused by ${rule}`, () => {
      const state = play(options, history);
      expect(refusedBy(hive, state, m)).toBe(rule);
      const thrown = thrownBy(state, m);
      expect(thrown?.rule).toBe(rule);
      expect(thrown?.code).toBe(rule === 'H-END-7' ? 'GAME_OVER' : 'ILLEGAL_MOVE');
      expect(thrown?.message).toContain(`(${rule})`);
    });
  }

  it('has a case for every rule a move can be refused by', () => {
    expect(CASES.map(([r]) => r).sort()).toEqual([...REFUSAL_RULES].sort());
  });

  it('H-PLACE-5: the example of the docs: reason in words, rule and rule list', () => {
    const s = hive.start({ tournamentOpening: true });
    expect(hive.explain(s, place('wQ', 0, 0))).toEqual({
      legal: false,
      rule: 'H-PLACE-5',
      rules: ['H-PLACE-5'],
      reason: 'the Queen may not be placed on the first turn',
    });
    expect(hive.explain(s, place('wS1', 0, 0))).toEqual({ legal: true });
  });

  it('H-PLACE-6: a move breaking several rules lists each, the deciding one first', () => {
    const [, options, history, m] = CASES.find(
      ([r]) => r === 'H-PLACE-6',
    ) as (typeof CASES)[number];
    expect(hive.explain(play(options, history), m)).toMatchObject({
      rules: ['H-PLACE-6', 'H-PLACE-3'],
    });
  });

  it('H-PLACE-5: a MoveString read against the state names its rule too', () => {
    const s = hive.start({ tournamentOpening: true });
    expect(() => parseMoveString(s, 'wQ')).toThrow(/\(H-PLACE-5\)$/);
    const engine = new UhpEngine();
    engine.handle('newgame Base+MLP');
    expect(engine.handle('play wQ')).toMatch(/^invalidmove .*\(H-PLACE-5\)\nok$/);
  });

  it('H-MOVE-3: explain and apply agree with the generator over random legal games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_TYPES, FAN),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (type, choices) => {
          let state = hive.start({ type });
          let seed = choices.length;
          const sample = (n: number) => {
            seed = (seed * 1103515245 + 12345) & 0x7fffffff;
            return seed % n;
          };
          for (const choice of choices) {
            if (hive.terminal(state)) break;
            const legal = hive.moves(state);
            for (const m of legal) expect(hive.explain(state, m)).toEqual({ legal: true });
            const on = piecesOnBoard(state);
            const hand = [...piecesInHand(state, 'w'), ...piecesInHand(state, 'b')];
            const cands: HiveMove[] = [{ kind: 'pass' } as HiveMove];
            for (let i = 0; i < 25; i++) {
              const q = sample(9) - 4;
              const r = sample(9) - 4;
              if (on.length > 0 && i % 2 === 0) cands.push(move(on[sample(on.length)].piece, q, r));
              else if (hand.length > 0) cands.push(place(hand[sample(hand.length)], q, r));
            }
            if (on.length > 1) {
              const a = on[sample(on.length)];
              const t = on[sample(on.length)];
              if (a.piece !== t.piece) {
                cands.push({ kind: 'grab', piece: a.piece, target: t.piece, q: a.q, r: a.r });
                cands.push({ kind: 'swap', piece: a.piece, target: t.piece, q: a.q, r: a.r });
              }
            }
            // A Dragonfly move object stands for its carrying move too: compare only others.
            const plain = cands.filter((c) => !(c.kind === 'move' && c.piece.endsWith('D')));
            checkExplain(hive, state, plain, REFUSAL_RULES);
            state = hive.apply(state, legal[choice % legal.length] as HiveMove);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
