/** The Coerceo evaluator. */
import { describe, expect, it } from 'vitest';
import {
  colourIndex,
  fieldColour,
  fieldGeometry,
  fieldIdOf,
  fieldOf,
  TILE_COUNT,
  TILE_X,
  TILE_Y,
  tileAt,
} from '../../src/coerceo/engine/board.js';
import { coerceoBalance, coerceoEvaluator, evaluateCoerceo } from '../../src/coerceo/evaluate.js';
import { coerceo, LAURENTIUS_CPF, parsePosition } from '../../src/coerceo/game.js';
import { outcome } from '../../src/coerceo/index.js';
import type { CoerceoState } from '../../src/coerceo/types.js';
import { randomGame } from '../../src/core/random-game.js';
import { alphaBetaBot, mctsBot, playGame } from '../../src/search/index.js';

/** A position of its own for `s` (what a search gets). */
const positionOf = (s: CoerceoState) => coerceo.search(s);

const white = (cpf: string): number => evaluateCoerceo(parsePosition(cpf))[0] as number;

/**
 * The colour-swapped position: the board turned half a turn (which maps White fields onto
 * Black ones), every piece given the other colour, tiles held and the side to move swapped.
 */
function swapColours(s: CoerceoState): CoerceoState {
  const pieces = [0, 0, 0, 0];
  for (let c = 0; c < 2; c++) {
    for (let ci = 0; ci < 57; ci++) {
      const word = s.pieces[2 * c + (ci >> 5)] as number;
      if (((word >>> (ci & 31)) & 1) === 0) continue;
      const g = fieldGeometry(fieldOf(c, ci));
      const id = fieldIdOf({ x: -g.x, y: -g.y, f: (g.f + 3) % 6 });
      const rc = fieldColour(id);
      expect(rc).toBe(1 - c);
      const rci = colourIndex(id);
      pieces[2 * rc + (rci >> 5)] = (pieces[2 * rc + (rci >> 5)] as number) | (1 << (rci & 31));
    }
  }
  let tiles = 0;
  for (let t = 0; t < TILE_COUNT; t++) {
    if ((s.tiles >> t) & 1) tiles |= 1 << tileAt(-(TILE_X[t] as number), -(TILE_Y[t] as number));
  }
  return {
    ...s,
    pieces: pieces as [number, number, number, number],
    tiles,
    held: [s.held[1], s.held[0]],
    side: (1 - s.side) as 0 | 1,
    history: [],
    since: [],
  };
}

/**
 * `s` with `side` to move, as a position to evaluate rather than a game: without the repetition
 * history, which the other side's moves could not have produced (C-NOTATION-5).
 */
const withSide = (s: CoerceoState, side: 0 | 1): CoerceoState => ({
  ...s,
  side,
  history: [],
  since: [],
});

describe('coerceoEvaluator', () => {
  it('is even at the (symmetric) Laurentius start, and its values sum to 1', () => {
    const v = evaluateCoerceo(coerceo.start());
    expect(v[0]).toBeCloseTo(0.5, 12);
    expect((v[0] as number) + (v[1] as number)).toBeCloseTo(1, 12);
  });

  it('counts material: a piece up is better', () => {
    // The first tile's Black piece (f) removed.
    const up = LAURENTIUS_CPF.replace(/^ac,cf,/, 'ac,c,');
    expect(white(up)).toBeGreaterThan(0.6);
    // A White piece removed instead.
    const down = LAURENTIUS_CPF.replace(/^ac,/, 'a,');
    expect(white(down)).toBeLessThan(0.4);
  });

  it('counts tiles held', () => {
    // File a removed (three White and three Black pieces with it), so three tiles are held.
    const base = LAURENTIUS_CPF.replace(/^ac,cf,bf\//, '-,-,-/');
    const whiteMore = white(base.replace(' 0/0 ', ' 2/1 '));
    const blackMore = white(base.replace(' 0/0 ', ' 1/2 '));
    expect(whiteMore).toBeGreaterThan(0.5);
    expect(whiteMore).toBeGreaterThan(blackMore);
  });

  it('counts mobility: with material, tiles and threats equal, more steps is better', () => {
    let checked = 0;
    const steps = (s: CoerceoState, side: 0 | 1): number =>
      coerceo.moves(withSide(s, side)).filter((m) => m.kind === 'step').length;
    const canCapture = (s: CoerceoState, side: 0 | 1): boolean => {
      const t = withSide(s, side);
      const before = positionOf(t).pieceCount(1 - side);
      return coerceo
        .moves(t)
        .some((m) => positionOf(coerceo.apply(t, m)).pieceCount(1 - side) < before);
    };
    for (let seed = 1; seed <= 6; seed++) {
      const g = randomGame(coerceo, {}, seed, { maxPlies: 60, keepStates: true });
      for (const s of g.states) {
        if (coerceo.terminal(s)) continue;
        const pos = positionOf(s);
        if (pos.pieceCount(0) !== pos.pieceCount(1) || pos.heldBy(0) !== pos.heldBy(1)) continue;
        if (canCapture(s, 0) || canCapture(s, 1)) continue;
        const diff = steps(s, 0) - steps(s, 1);
        if (diff === 0) continue;
        expect(Math.sign(coerceoBalance(pos))).toBe(Math.sign(diff));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('penalises a piece the opponent can capture next move (threatened pieces)', () => {
    // Find, along seeded random games, positions where the side to move can capture at once:
    // the evaluator must see the victim's side as worse off than after the victim is saved.
    let checked = 0;
    for (let seed = 1; seed <= 30 && checked < 8; seed++) {
      const g = randomGame(coerceo, {}, seed, { maxPlies: 120, keepStates: true });
      for (const s of g.states) {
        if (coerceo.terminal(s)) continue;
        const mover = s.side;
        const captures = coerceo
          .moves(s)
          .filter((m) => m.kind === 'step')
          .filter((m) => {
            const n = coerceo.apply(s, m);
            return positionOf(n).pieceCount(1 - mover) < positionOf(s).pieceCount(1 - mover);
          });
        if (captures.length === 0) continue;
        // From the victim's point of view the threat is priced in before it is carried out.
        const pos = positionOf(s);
        const withThreat = coerceoBalance(pos);
        const noThreat = coerceoBalance(positionOf(withSide(s, (1 - mover) as 0 | 1)));
        const sign = mover === 0 ? 1 : -1;
        // With the attacker to move the threat weighs more (4) than with the victim to move (1.5).
        expect(sign * withThreat).toBeGreaterThan(sign * noThreat);
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('is colour-symmetric: the colour-swapped position swaps the values', () => {
    let n = 0;
    for (const seed of [3, 4]) {
      const g = randomGame(coerceo, {}, seed, { maxPlies: 80, keepStates: true });
      for (const s of g.states.filter((_, i) => i % 7 === 0)) {
        const t = swapColours(s);
        // The half turn really is a symmetry: same number of moves for the side to move.
        expect(coerceo.moves(t).length).toBe(coerceo.moves(s).length);
        const a = coerceoBalance(positionOf(s));
        const b = coerceoBalance(positionOf(t));
        expect(b).toBeCloseTo(-a, 9);
        const ev = coerceoEvaluator({
          position: undefined,
          state: () => t,
          toMove: () => t.side,
        });
        expect(ev[0]).toBeCloseTo(evaluateCoerceo(s)[1] as number, 9);
        n++;
      }
    }
    expect(n).toBeGreaterThan(10);
  });
});

describe('alpha-beta with the Coerceo evaluator against MCTS', () => {
  it('converts a won position (14 pieces against 3) instead of drifting into a draw by repetition', () => {
    // From a game alpha-beta (White, depth 4) once drew by repetition against MCTS: its table
    // kept values from earlier searches, made before a position had repeated, and the
    // evaluator rated an eleven-piece lead no better than a ten-piece one.
    const start = coerceo.deserialize(
      '-,-,-/c,a,ac,a/-,ce,e,e,-/af,e,ac,-/abf,-,- w 2/0 L2 h:d1b-d1f',
    );
    const ab = alphaBetaBot(coerceo, { evaluate: coerceoEvaluator });
    const mcts = mctsBot(coerceo, { seed: 1, rolloutDepth: 4, evaluate: coerceoEvaluator });
    const game = playGame(coerceo, [ab, mcts], {
      start,
      limits: { depth: 4, iterations: 300 },
      maxPlies: 200,
    });
    expect(game.finished).toBe(true);
    expect(outcome(game.final)).toEqual({ winner: 'white', reason: 'captured-all' });
  });
});
