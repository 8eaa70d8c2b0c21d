import { describe, expect, it } from 'vitest';
import { type CoerceoState, coerceo, outcome, resign } from '../../src/coerceo/index.js';
import type { CoerceoOptions } from '../../src/coerceo/options.js';
import { randomGame } from '../../src/core/random-game.js';
import {
  coerceoEnded,
  coerceoVerdict,
  type EndVerdict,
  vertexNeighbourNames,
} from './end-oracle.js';
import { play, pos } from './helpers.js';

const live = null;
const draw = (reason: EndVerdict['reason']): EndVerdict => ({ winner: null, reason });

describe('end-of-game oracle (test/coerceo/end-oracle.ts) on hand-built positions', () => {
  it("C-BOARD-5: the oracle's own vertex neighbours match the worked example of tile c3", () => {
    const table: Record<string, string> = {
      c3f: 'c3d c3b c4d c4b d3b b3d',
      c3e: 'c3c c3a d3c d3a d2a c4c',
      c3d: 'c3b c3f d2b d2f c2f d3b',
      c3c: 'c3a c3e c2a c2e b2e d2a',
      c3b: 'c3f c3d b2f b2d b3d c2f',
      c3a: 'c3e c3c b3e b3c c4c b2e',
    };
    for (const [field, expected] of Object.entries(table)) {
      expect(vertexNeighbourNames(field).sort(), field).toEqual(expected.split(' ').sort());
    }
  });

  it('the starts and a quiet opening are live', () => {
    for (const variant of ['laurentius', 'ocius'] as const) {
      const s = coerceo.start({ variant });
      expect(coerceoVerdict(s)).toBe(live);
      expect(coerceoEnded(s)).toBe(false);
    }
    expect(coerceoVerdict(play(coerceo.start(), 'a1a-a1e a3f-a3d'))).toBe(live);
  });

  it('C-END-1: S12 — the side to move has no pieces: White wins', () => {
    const s = play(pos('E/-,-,acf,-,-/-,-,-,-/Z w 0/0 C2'), 'c3c-c3e');
    expect(coerceoVerdict(s)).toEqual({ winner: 'white', reason: 'captured-all' });
    // deserialized, with Black (no pieces) to move
    const d = coerceo.deserialize('-,-,-/-,-,-,-/-,-,ae,-,-/-,-,-,-/-,-,- b 0/0 C2');
    expect(coerceoVerdict(d)).toEqual({ winner: 'white', reason: 'captured-all' });
    expect(coerceoEnded(d)).toBe(true);
  });

  it('C-END-2: Black resigns in S1 → White wins', () => {
    const s = resign(pos('E/-,b,acf,-,-/-,-,-,-/Z w 0/0 C2'), 'black');
    expect(coerceoVerdict(s)).toEqual({ winner: 'white', reason: 'resignation' });
  });

  it('C-END-4: S13 — no step and no exchange: draw, or a loss under noLegalMoves: loss', () => {
    const cpf = 'E/-,-,acef,-,-/-,-,-,-/Z w 0/0 C2';
    expect(coerceoVerdict(pos(cpf))).toEqual(draw('no-legal-moves'));
    expect(coerceoVerdict(pos(cpf, { noLegalMoves: 'loss' }), { noLegalMoves: 'loss' })).toEqual({
      winner: 'black',
      reason: 'no-legal-moves',
    });
    // C-EXCHANGE-4: enough held tiles to exchange → live (also with the one-tile exchange)
    expect(coerceoVerdict(pos('E/-,-,acef,-,-/-,-,-,-/Z w 2/0 C2'))).toBe(live);
    expect(coerceoVerdict(pos('E/-,-,acef,-,-/-,-,-,-/Z w 1/0 C1'))).toBe(live);
    // one held tile is not enough at cost 2
    expect(coerceoVerdict(pos('E/-,-,acef,-,-/-,-,-,-/Z w 1/0 C2'))).toEqual(
      draw('no-legal-moves'),
    );
    // Black to move in the same placement has a step (c3b, c3d are free): live
    expect(coerceoVerdict(pos('E/-,-,acf,-,-/-,-,-,-/Z b 0/0 C2'))).toBe(live);
  });

  it('C-END-4: a step onto another tile counts; only empty existing fields are destinations', () => {
    // c3 full of White, c4 present with its c4c free: c3a / c3e reach c4c (C-BOARD-5)
    expect(coerceoVerdict(pos('E/-,-,acef,d,-/-,-,-,-/Z w 0/0 C2'))).toBe(live);
    // every White field of c3 and c4 occupied: no step
    expect(coerceoVerdict(pos('E/-,-,acef,acde,-/-,-,-,-/Z w 0/0 C2'))).toEqual(
      draw('no-legal-moves'),
    );
  });

  it('C-END-6: S14 — one piece each and no exchange ever possible', () => {
    const cpf = 'E/-,-,af,-,-/-,-,-,-/Z w 0/0 C2';
    expect(coerceoVerdict(pos(cpf))).toEqual(draw('insufficient-material'));
    expect(
      coerceoVerdict(pos(cpf, { insufficientMaterialDraw: false }), {
        insufficientMaterialDraw: false,
      }),
    ).toBe(live);
    // tilesOnBoard − 1 + max(held) < cost: 0 + 1 < 2 is still a draw, 0 + 2 is not
    expect(coerceoVerdict(pos('E/-,-,af,-,-/-,-,-,-/Z b 0/1 C2'))).toEqual(
      draw('insufficient-material'),
    );
    expect(coerceoVerdict(pos('E/-,-,af,-,-/-,-,-,-/Z w 2/0 C2'))).toBe(live);
    // cost 1: one held tile suffices
    expect(coerceoVerdict(pos('E/-,-,af,-,-/-,-,-,-/Z w 0/0 C1'))).toEqual(
      draw('insufficient-material'),
    );
    expect(coerceoVerdict(pos('E/-,-,af,-,-/-,-,-,-/Z w 0/1 C1'))).toBe(live);
    // two tiles on the board: 1 + 0 < 2 draw; 1 + 1 not
    expect(coerceoVerdict(pos('E/-,-,a,f,-/-,-,-,-/Z w 0/0 C2'))).toEqual(
      draw('insufficient-material'),
    );
    expect(coerceoVerdict(pos('E/-,-,a,f,-/-,-,-,-/Z w 0/1 C2'))).toBe(live);
    // two pieces against one: not insufficient
    expect(coerceoVerdict(pos('E/-,-,ae,f,-/-,-,-,-/Z w 0/0 C2'))).toBe(live);
  });

  it('C-END-5: S15 — live after ply 7, drawn by repetition after ply 8', () => {
    const cycle = 'a1a-a1e a3f-a3d a1e-a1a a3d-a3f';
    const s7 = play(coerceo.start(), `${cycle} a1a-a1e a3f-a3d a1e-a1a`);
    const s8 = play(s7, 'a3d-a3f');
    expect(coerceoVerdict(s7)).toBe(live);
    expect(coerceoVerdict(s8)).toEqual(draw('repetition'));
    // through serialize / deserialize, too (C-NOTATION-5)
    expect(coerceoVerdict(play(coerceo.deserialize(coerceo.serialize(s7)), 'a3d-a3f'))).toEqual(
      draw('repetition'),
    );
    // C-END-3: with repetitionDraw false the game goes on
    const off = play(coerceo.start({ repetitionDraw: false }), `${cycle} ${cycle}`);
    expect(coerceoVerdict(off, { repetitionDraw: false })).toBe(live);
    // the start placement occurs three times, but once with Black to move: no repetition
    // (a piece can cycle round its tile's three same-colour fields in three steps)
    const odd = play(
      coerceo.start(),
      'a1a-a1e a3f-a3d a1c-a1a a3d-a3f a1e-a1c a3f-a3d a1a-a1e a3b-a3f a1e-a1a a3d-a3b',
    );
    expect(coerceo.serialize(odd).split(' ')[0]).toBe(
      coerceo.serialize(coerceo.start()).split(' ')[0],
    );
    expect(coerceoVerdict(odd)).toBe(live);
  });

  it('agrees with the engine on all these positions', () => {
    const cases = [
      pos('E/-,-,acef,-,-/-,-,-,-/Z w 0/0 C2'),
      pos('E/-,-,af,-,-/-,-,-,-/Z w 0/0 C2'),
      pos('E/-,-,af,-,-/-,-,-,-/Z w 2/0 C2'),
      play(pos('E/-,-,acf,-,-/-,-,-,-/Z w 0/0 C2'), 'c3c-c3e'),
      play(coerceo.start(), 'a1a-a1e a3f-a3d a1e-a1a a3d-a3f a1a-a1e a3f-a3d a1e-a1a a3d-a3f'),
      play(
        coerceo.start(),
        'a1a-a1e a3f-a3d a1c-a1a a3d-a3f a1e-a1c a3f-a3d a1a-a1e a3b-a3f a1e-a1a a3d-a3b',
      ),
    ];
    for (const s of cases) expect(coerceoVerdict(s)).toEqual(outcome(s));
  });
});

describe('end-of-game oracle against the engine over whole random games', () => {
  // Random Ocius games end after ~120 plies by every C-END reason (captures mostly, then
  // repetition, a few C-END-4 / C-END-6); Laurentius ones run long, so fewer of them.
  const configs: [Partial<CoerceoOptions>, number][] = [
    [{ variant: 'ocius' }, 120],
    [{ variant: 'ocius', exchangeCost: 1 }, 120],
    [{ variant: 'ocius', repetitionDraw: false, insufficientMaterialDraw: false }, 60],
    [{ variant: 'ocius', exchangeCost: 1, noLegalMoves: 'loss' }, 60],
    [{ variant: 'laurentius' }, 6],
  ];
  it('C-END-1/4/5/6 / C-END-7: the verdict equals outcome() at every ply, every reason occurs', () => {
    const seen = new Set<string>();
    for (const [options, games] of configs) {
      for (let seed = 1; seed <= games; seed++) {
        // without the repetition draw a game may cycle for ever, hence the cap
        const game = randomGame(coerceo, options, seed, { maxPlies: 1500, keepStates: true });
        game.states.forEach((s: CoerceoState, ply) => {
          const verdict = coerceoVerdict(s, options);
          expect(verdict, `${JSON.stringify(options)} seed ${seed} ply ${ply}`).toEqual(outcome(s));
          if (verdict) seen.add(`${verdict.reason}:${verdict.winner ?? 'draw'}`);
        });
      }
    }
    for (const reason of [
      'captured-all:white',
      'captured-all:black',
      'no-legal-moves:draw',
      'insufficient-material:draw',
      'repetition:draw',
    ]) {
      expect(seen, reason).toContain(reason);
    }
  });
});
