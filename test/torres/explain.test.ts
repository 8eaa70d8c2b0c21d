// Every refusal names its rule (docs/rules/torres.md): `explain` and `apply` agree with the
// generator over random legal games, and each rule a move can be refused by has a case. The
// games were found by searching random games for each refusal; T-DRAFT-1 is reached by buying
// in draft mode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_NAMES, type CardName } from '../../src/torres/engine/cards.js';
import { REFUSAL_RULES } from '../../src/torres/explain.js';
import {
  type TorresMove,
  type TorresOptions,
  type TorresState,
  torres,
} from '../../src/torres/index.js';
import { checkExplain, refusedBy } from '../support/explain.js';

/** A game: the options it starts with and its moves in the game's notation. */
interface Game {
  readonly options: Partial<TorresOptions>;
  readonly moves: readonly string[];
}

/** The state after the first `plies` moves of `game`. */
function play(game: Game, plies: number): TorresState {
  let s = torres.start(game.options);
  for (const text of game.moves.slice(0, plies)) s = torres.apply(s, torres.parseMove(s, text));
  return s;
}

/** {"players": 2, "seed": 100}: a game played by the search that found the cases. */
const GAME_A: Game = {
  options: { players: 2, seed: 100 },
  moves:
    'start h5 ; start d8 ; king c6 ; f2 ; g5 ; f7 ; h5-h6 ; h6>g4 ; end ; d1 ; N@e8 ; c5 ; f3 ; end ; f6 ; a5 ; h5 ; N@h4 ; end ; c1 ; e8-f8 ; d6 ; a4 ; f8-g8 ; end ; e1 ; g4-f4 ; f4>g3 ; d1 ; b3 ; end ; d5 ; N@g7 ; e8 ; d8-d7 ; end ; +1 ; N@g2 ; g5 ; g2>e3 ; end ; f4 ; d4 ; d7-d6 ; f7 ; g8-h8 ; end ; king f6 ; e3>g4 ; h6 ; g3>e3 ; N@e4 ; end ; h8-g8 ; b2 ; d6-d7 ; g7>e6 ; d7>c4 ; end ; e3>f5 ; N@h3 ; c5 ; e4-d4 ; end ; b2 ; g8-h8 ; g5 ; a6 ; c4>b1 ; end ; f2 ; f5>h7 ; N@c4 ; c4>a3 ; end ; b1-a1 ; c8 ; a5 ; b2 ; e6>d7 ; end ; a3>b6 ; g4>e2 ; d4-d5 ; g7 ; h7>e6 ; end ; d7>f8 ; a4 ; d6 ; f8>f5 ; f5>e4 ; end ; king b3 ; f6 ; h5 ; d5-e5 ; end ; e4>c4 ; N@b1 ; g2 ; f4 ; end ; h4-g4 ; c1 ; e8 ; g8 ; g4>g6 ; end ; c4>c7 ; c1 ; b1>f1 ; N@h7 ; end ; e5-d5 ; e2>b1 ; e6>b5 ; buy ; b5-b4 ; end ; c6 ; f1>h2 ; h2>g1 ; c7-c8 ; g1>e3 ; end ; b1>c4 ; b6>d3 ; c4>a3 ; g6>f8 ; h6 ; play ap6 ; c6 ; end ; d1 ; h7>e6 ; c8-b8 ; e6-e7 ; h8>g6 ; end'.split(
      ' ; ',
    ),
};

/** {"players": 2, "seed": 0}: a game played by the search that found the cases. */
const GAME_B: Game = {
  options: { players: 2, seed: 0 },
  moves: 'start e1 ; start c3 ; king f3 ; h6 ; h7 ; f5'.split(' ; '),
};

/** {"players": 2, "seed": 9}: a game played by the search that found the cases. */
const GAME_C: Game = {
  options: { players: 2, seed: 9 },
  moves: 'start e1 ; start f6 ; king c6 ; N@d1 ; g3 ; b4'.split(' ; '),
};

/** {"players": 2, "seed": 3, "version": "master"}: a game played by the search that found the cases. */
const GAME_D: Game = {
  options: { players: 2, seed: 3, version: 'master' },
  moves:
    'castle a1 ; castle c6 ; castle c2 ; castle g8 ; castle e4 ; castle e1 ; castle h3 ; castle a8 ; start a1 ; start e1 ; king c2'.split(
      ' ; ',
    ),
};

/** {"players": 3, "seed": 1}: a game played by the search that found the cases. */
const GAME_E: Game = {
  options: { players: 3, seed: 1 },
  moves: 'start e1 ; start c6 ; start c3 ; king h5'.split(' ; '),
};

/** {"players": 4, "seed": 8}: a game played by the search that found the cases. */
const GAME_F: Game = {
  options: { players: 4, seed: 8 },
  moves: 'start e1 ; start f3 ; start c3 ; start f6 ; king a4'.split(' ; '),
};

/** {"players": 4, "seed": 2}: a game played by the search that found the cases. */
const GAME_G: Game = {
  options: { players: 4, seed: 2 },
  moves: 'start e1 ; start a4 ; start f6 ; start d8 ; king c3 ; N@d1 ; f7 ; b6 ; buy'.split(' ; '),
};

/** {"players": 3, "redistribution": "optional", "seed": 101}: a game played by the search that found the cases. */
const GAME_H: Game = {
  options: { players: 3, redistribution: 'optional', seed: 101 },
  moves:
    'start e1 ; start f6 ; start c6 ; king f3 ; stack 2 ; buy ; d6 ; d6 ; buy ; e1-f1 ; end ; stack 2 ; e8 ; h4 ; f6-f5 ; N@e5 ; end ; stack 2 ; f4 ; end ; spread 2 ; stack 2 ; c5 ; b5 ; f1-g1 ; g1-g2 ; g2-h2 ; end ; stack 2 ; e8 ; b3 ; f5>f2 ; f2>f5 ; +1 ; end ; g3 ; g5 ; d6 ; buy ; c6>d7 ; end ; h2-g2 ; d5 ; c7 ; c2 ; g2-g1 ; end ; f5-g5 ; e5>d4 ; f2 ; g5-h5 ; g3 ; end ; d3 ; c3 ; b5 ; d7>e6 ; e6>f7 ; play ap7 ; N@g7 ; end ; d3 ; h4 ; g3 ; end ; N@g5 ; e4 ; +1 ; g5-g4 ; end ; e7 ; g3 ; b6 ; buy ; f7>c8 ; end ; king b6 ; stack 2 ; c7 ; f8 ; buy ; end ; stack 2 ; d4>e3 ; f8 ; e3>d4 ; d6 ; d4>a6 ; end ; stack 2 ; buy ; play blockUnder g7 /3 ; f8 ; c8>c4 ; h7 ; c4-b4 ; end ; c5 ; e4 ; h7 ; g1-f1 ; f1>d1 ; play anyDoor d1-f1 ; end ; a6>c4 ; c6 ; f3 ; g4>h3 ; h3>h6 ; end ; stack 2 ; b4>b2 ; d3 ; +1 ; +1 ; c2 ; play diagonal b2-a1 ; end ; end ; N@b4 ; c4>e6 ; e6>b7 ; f4 ; end ; f4 ; N@b1 ; c7 ; b5 ; end ; king c2 ; stack 2 ; play anyDoor f1-f3 ; h4 ; f3>e4 ; e4-d4 ; c5 ; d4>g4 ; end ; stack 2 ; f2 ; buy ; b7-b6 ; g5 ; h6>f5 ; end ; stack 2 ; a6 ; g3 ; buy ; b1-b2 ; g7>h6 ; end ; c3 ; g5 ; f2 ; buy ; g4>f1 ; end ; h5>g6 ; f5>e3 ; b6-a6 ; b5 ; c1 ; play ap7 ; h8 ; e3>f5 ; end ; play anyDoor h6-f7 ; b2>a3 ; buy ; d2 ; a3>d4 ; f7>d7 ; end ; f1>h3 ; g7 ; buy ; d2 ; b1 ; end ; b2 ; b4>b7 ; f5>f7 ; b1 ; e8 ; end'.split(
      ' ; ',
    ),
};

/** {"players": 3, "seed": 7, "version": "master"}: a game played by the search that found the cases. */
const GAME_I: Game = {
  options: { players: 3, seed: 7, version: 'master' },
  moves:
    'castle a1 ; castle f1 ; castle c4 ; castle e6 ; castle a5 ; castle e3 ; castle g4 ; castle g7 ; start a1 ; start f1 ; start g4 ; king g7 ; stack 2 ; play moveBlock e6-h1 ; +1 ; f2 ; f2 ; a1-b1 ; b1-a1 ; end ; stack 2 ; a4 ; g5'.split(
      ' ; ',
    ),
};

/** {"players": 4, "seed": 102}: a game played by the search that found the cases. */
const GAME_J: Game = {
  options: { players: 4, seed: 102 },
  moves:
    'start e1 ; start a4 ; start h5 ; start c3 ; king f3 ; b4 ; N@f1 ; N@d1 ; end ; a4-a5 ; f4 ; a5-a4 ; d7 ; buy ; end ; +1 ; b4 ; N@g5 ; d7 ; end ; c3-c4 ; e6 ; h4 ; c4>a5 ; a5>a3 ; end ; stack 2 ; buy ; f4 ; h6 ; e1-e2 ; f1-g1 ; end ; a4>c4 ; c5 ; N@d4 ; d5 ; play blockUnder d4 /2 ; end ; f1 ; N@g6 ; g5-f5 ; a4 ; end ; a3>b5 ; c5 ; a5 ; N@b6 ; end ; stack 2 ; e2-e1 ; N@c1 ; c1-c2 ; a4 ; play supplyBlock h7 ; end ; stack 1 ; a5 ; c4>b3 ; +1 ; N@a3 ; end ; h5-g5 ; h7 ; g5-h5 ; buy ; g6>e5 ; end ; h7 ; f7 ; b6-a6 ; b5>d3 ; d3-d2 ; end ; g3 ; d1>f2 ; h4 ; d1 ; e1-d1 ; end ; e1 ; c6 ; a3>b5 ; N@b2 ; end ; c6 ; h5-h4 ; b4 ; c8 ; e5>d6 ; play relocate f5-h5 ; end ; N@b6 ; e8 ; b8 ; end ; king f7 ; N@b7 ; N@a7 ; h6 ; end ; f2-f3 ; f3-f4 ; d8 ; h6 ; d1>f2 ; end ; e2 ; f1 ; b2-a2 ; a2-b2 ; b3>c4 ; end ; h4-h3 ; d6>f8 ; h3>f5 ; g3 ; f5>h3 ; end ; stack 2 ; b6>d3 ; c1 ; d3>e4 ; buy ; b7-c7 ; end ; h8 ; buy ; f2-e2 ; e1 ; f4-f3 ; end ; b5>b3 ; d7 ; h8 ; b2-b1 ; d4-d5 ; end ; stack 2 ; d8 ; N@h2 ; a5 ; h2-h1 ; end ; play diagonal c7-b6 ; a7-a8 ; c1 ; c1 ; c1 ; e4-e5 ; end ; d1 ; N@e3 ; f3-f2 ; e3-f3 ; play climbTwo g1-f1 ; end ; b3-c3 ; b1-a1 ; g5 ; c4>d6 ; h6 ; end ; f8-e8 ; h3>g8 ; h5-h4 ; buy ; e8>c7 ; end ; king h6 ; b6-b5 ; b1 ; g2 ; b5-b6 ; d2>g1 ; end ; e2-d2 ; b8 ; b1 ; f3-e3 ; f1>d1 ; end ; d5-d4 ; c3-b3 ; c5 ; buy ; f3 ; end ; h4-h3 ; h3>g4 ; e6 ; g4>h2 ; b1 ; play diagonal g8-f7 ; end ; g1>b2 ; a6>c4 ; b1 ; b1 ; a8-a7 ; end ; d2-d3 ; d3>e4 ; b1 ; d1-d2 ; g3 ; end'.split(
      ' ; ',
    ),
};

/** {"players": 4, "seed": 108}: a game played by the search that found the cases. */
const GAME_K: Game = {
  options: { players: 4, seed: 108 },
  moves:
    'start e1 ; start f3 ; start c3 ; start d8 ; king a4 ; b6 ; c5 ; buy ; e1-e2 ; e2>f1 ; end ; N@f4 ; N@g3 ; g3-g2 ; end ; a3 ; d3 ; buy ; c3-c4 ; c4>a6 ; end ; N@c8 ; d4 ; c5 ; end ; d1 ; d7 ; N@g1 ; f1>c1 ; play diagonal g1-f2 ; end ; stack 2 ; a2 ; d4 ; g2-h2 ; f4-g4 ; g4-g5 ; end ; a6-b6 ; buy ; g6 ; N@a6 ; play blockUnder a6 /2 ; end'.split(
      ' ; ',
    ),
};

/** {"players": 2, "seed": 6}: a game played by the search that found the cases. */
const GAME_L: Game = {
  options: { players: 2, seed: 6 },
  moves:
    'start e1 ; start f6 ; king c6 ; e6 ; f2 ; e1-e2 ; f4 ; e2-e3 ; end ; d1 ; d2 ; f7 ; N@e6 ; end ; e3-e4 ; e4-e3 ; c8 ; e3>g3 ; f2 ; end ; N@e5 ; b8 ; f8 ; f6-f7 ; end ; a5 ; f2 ; g2 ; N@h3 ; end ; c5 ; c1 ; f3 ; e5-f5 ; f5>e3 ; end ; g3>e4 ; end ; d8 ; b4 ; b1 ; f7-f8 ; e3>f1 ; end'.split(
      ' ; ',
    ),
};

/** Each rule, the game and ply where a move is refused by it, and the move. */
const CASES: [string, Game, number, TorresMove][] = [
  ['T-END-1', GAME_A, 140, { kind: 'end' }],
  ['T-FLOW-1', GAME_B, 0, { kind: 'kingStay' }],
  ['T-FLOW-2', GAME_C, 6, { kind: 'knight', to: 'a3' }],
  ['T-MASTER-SETUP-1', GAME_D, 1, { kind: 'castle', to: 'a2' }],
  ['T-SETUP-3', GAME_B, 0, { kind: 'startKnight', to: 'a6' }],
  ['T-SETUP-4', GAME_B, 2, { kind: 'king', to: 'a3' }],
  ['T-STACK-1', GAME_E, 4, { kind: 'stack', size: 0 }],
  ['T-BLOCK-1', GAME_B, 6, { kind: 'block', to: 'a2' }],
  ['T-BLOCK-4', GAME_B, 3, { kind: 'block', to: 'a1' }],
  ['T-KING-2', GAME_C, 4, { kind: 'block', to: 'c6' }],
  ['T-KNIGHT-ADD-1', GAME_B, 3, { kind: 'knight', to: 'a1' }],
  ['T-KNIGHT-MOVE-1', GAME_B, 3, { kind: 'move', from: 'a1', to: 'a1' }],
  ['T-KNIGHT-MOVE-2', GAME_A, 25, { kind: 'move', from: 'h4', to: 'h5' }],
  ['T-KNIGHT-MOVE-3', GAME_D, 11, { kind: 'move', from: 'a1', to: 'a1' }],
  ['T-DOOR-1', GAME_F, 5, { kind: 'move', from: 'e1', to: 'a1' }],
  ['T-BUY-1', GAME_D, 11, { kind: 'buy' }],
  ['T-BUY-2', GAME_G, 9, { kind: 'play', card: 'ap7' }],
  ['T-RULE-11', GAME_H, 9, { kind: 'buy' }],
  ['T-PLAY-1', GAME_B, 3, { kind: 'play', card: 'ap6' }],
  ['T-PLAY-3', GAME_B, 0, { kind: 'play', card: 'ap6' }],
  ['T-CARD-SUPPLY-1', GAME_D, 11, { kind: 'play', card: 'supplyBlock', to: 'a1' }],
  ['T-CARD-UNDER-1', GAME_I, 23, { kind: 'play', card: 'blockUnder', from: 'a1', stack: 'active' }],
  ['T-CARD-MOVEBLOCK-1', GAME_J, 207, { kind: 'play', card: 'moveBlock', from: 'a1', to: 'a1' }],
  ['T-CARD-RELOCATE-1', GAME_J, 85, { kind: 'play', card: 'relocate', from: 'a1', to: 'a1' }],
  ['T-CARD-DIAGONAL-1', GAME_H, 111, { kind: 'play', card: 'diagonal', from: 'a1', to: 'a1' }],
  ['T-CARD-DOOR-1', GAME_H, 22, { kind: 'play', card: 'anyDoor', from: 'a1', to: 'a1' }],
  ['T-CARD-JUMP-1', GAME_H, 186, { kind: 'play', card: 'jumpKnight', from: 'a1', to: 'a1' }],
  ['T-CARD-CLIMB2-1', GAME_H, 97, { kind: 'play', card: 'climbTwo', from: 'a1', to: 'a1' }],
  ['T-REDIST-1', GAME_H, 20, { kind: 'spread', size: 0 }],
  ['T-REDIST-2', GAME_K, 44, { kind: 'end' }],
  ['T-KING-5', GAME_L, 44, { kind: 'king', to: 'a1' }],
];

/** A draft-mode game at its first draftKeep step, and a card not among the three drawn. */
function draftCase(): [TorresState, TorresMove] {
  let s = torres.start({ players: 2, seed: 5, deckMode: 'draft' });
  for (let i = 0; i < 400 && s.step !== 'draftKeep'; i++) {
    const moves = torres.moves(s);
    s = torres.apply(
      s,
      moves.find((m) => m.kind === 'buy') ?? (moves[i % moves.length] as TorresMove),
    );
  }
  const drawn = new Set(s.turn.pending);
  const card = CARD_NAMES.find((n) => !drawn.has(n)) as CardName;
  return [s, { kind: 'keep', card }];
}

function thrownBy(
  state: TorresState,
  move: TorresMove,
): { code?: string; rule?: string; message?: string } | null {
  try {
    torres.apply(state, move);
  } catch (e) {
    return e as { code?: string; rule?: string; message?: string };
  }
  return null;
}

describe('Torres refusals name their rule', () => {
  for (const [rule, game, plies, move] of CASES) {
    it(`${rule}: ${JSON.stringify(move)} is refused by ${rule}`, () => {
      const state = play(game, plies);
      expect(refusedBy(torres, state, move)).toBe(rule);
      const thrown = thrownBy(state, move);
      expect(thrown?.rule).toBe(rule);
      expect(thrown?.code).toBe(rule === 'T-END-1' ? 'GAME_OVER' : 'ILLEGAL_MOVE');
      expect(thrown?.message).toContain(`(${rule})`);
    });
  }

  it('T-DRAFT-1: keeping a card that was not drawn is refused by T-DRAFT-1', () => {
    const [state, move] = draftCase();
    expect(state.step).toBe('draftKeep');
    expect(refusedBy(torres, state, move)).toBe('T-DRAFT-1');
    expect(thrownBy(state, move)?.rule).toBe('T-DRAFT-1');
  });

  it('has a case for every rule a move can be refused by', () => {
    expect([...CASES.map(([r]) => r), 'T-DRAFT-1'].sort()).toEqual([...REFUSAL_RULES].sort());
  });

  it('T-FLOW-1: explain and apply agree with the generator over random legal games', () => {
    const squares: string[] = [];
    for (const f of 'abcdefgh') for (let r = 1; r <= 8; r++) squares.push(`${f}${r}`);
    const cards = [
      'supplyBlock',
      'moveBlock',
      'relocate',
      'diagonal',
      'anyDoor',
      'jumpKnight',
      'climbTwo',
    ] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.nat(1000),
        fc.array(fc.nat(), { minLength: 1, maxLength: 80 }),
        (players, seed, choices) => {
          let state = torres.start({ players, seed });
          let x = seed + 1;
          const sample = (n: number) => {
            x = (x * 1103515245 + 12345) & 0x7fffffff;
            return x % n;
          };
          for (const choice of choices) {
            if (torres.terminal(state)) break;
            const legal = torres.moves(state);
            for (const m of legal) expect(torres.explain(state, m)).toEqual({ legal: true });
            const sq = () => squares[sample(64)] as string;
            const cands: TorresMove[] = [
              { kind: 'kingStay' },
              { kind: 'score' },
              { kind: 'buy' },
              { kind: 'end' },
              { kind: 'stack', size: sample(4) },
              { kind: 'spread', size: sample(4) },
              { kind: 'keep', card: 'ap6' },
              { kind: 'play', card: 'ap7' },
            ];
            for (let i = 0; i < 12; i++) {
              cands.push({ kind: 'block', to: sq() }, { kind: 'knight', to: sq() });
              cands.push({ kind: 'move', from: sq(), to: sq() }, { kind: 'king', to: sq() });
              const card = cards[sample(cards.length)] as (typeof cards)[number];
              cands.push(
                card === 'supplyBlock'
                  ? { kind: 'play', card, to: sq() }
                  : { kind: 'play', card, from: sq(), to: sq() },
              );
            }
            checkExplain(torres, state, cands, REFUSAL_RULES);
            state = torres.apply(state, legal[choice % legal.length] as TorresMove);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
