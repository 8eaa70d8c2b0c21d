import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldByName,
  fieldGeometry,
  fieldIdOf,
  fieldName,
  neighbourSides,
  REMOVABLE_SIDES,
  TILE_NAMES,
  tilesConnected,
} from '../../src/coerceo/engine/board.js';
import {
  type CoerceoMove,
  type CoerceoPosition,
  type CoerceoState,
  coerceo,
  outcome,
  pieceAt,
  piecesOf,
  presentTiles,
  STRICT_RULINGS,
  turnEffects,
} from '../../src/coerceo/index.js';
import type { CoerceoOptions } from '../../src/coerceo/options.js';
import { randomGame } from '../../src/core/random-game.js';
import { rotate } from '../../src/geometry/triangle.js';
import { runConformance } from '../support/conformance.js';
import { coerceoEnded, coerceoVerdict } from './end-oracle.js';

describe('conformance', () => {
  // `endRule` is the independent C-END oracle of end-oracle.ts; the invariant also compares its
  // winner and reason with `outcome` (C-END-7).
  const ends = (rulings: Partial<CoerceoOptions> = {}) => ({
    endRule: (s: CoerceoState) => coerceoEnded(s, rulings),
    invariant: (s: CoerceoState) => expect(outcome(s)).toEqual(coerceoVerdict(s, rulings)),
  });
  runConformance(coerceo, { label: 'coerceo laurentius', runs: 12, maxPlies: 80, ...ends() });
  runConformance(coerceo, {
    label: 'coerceo ocius',
    options: { variant: 'ocius' },
    runs: 12,
    maxPlies: 80,
    ...ends(),
  });
  runConformance(coerceo, {
    label: 'coerceo ocius, one-tile exchange, strict rulings, cura',
    options: { variant: 'ocius', exchangeCost: 1, ...STRICT_RULINGS, cura: true },
    runs: 8,
    maxPlies: 100,
    ...ends(STRICT_RULINGS),
  });
  // fast-check keeps generated games short by default, so also start the suite from deep
  // positions of seeded random games (a different game each run).
  for (const variant of ['laurentius', 'ocius'] as const) {
    let run = 0;
    runConformance(coerceo, {
      label: `coerceo ${variant} from mid-game positions`,
      start: () => {
        run++;
        const plies = variant === 'ocius' ? 10 + (run % 4) * 8 : 30 + (run % 5) * 30;
        const game = randomGame(coerceo, { variant }, 1000 + run, { maxPlies: plies });
        return game.finished ? game.start : game.final;
      },
      runs: 15,
      maxPlies: 40,
      ...ends(),
    });
  }
  // Random Ocius games end by every C-END reason (mostly captures and repetition, rarely C-END-4
  // or C-END-6) after about 120 plies: start 0-2 plies before the end of a game that ended by
  // each reason in turn, so `endRule` also meets terminal states of every kind.
  for (const [label, options, reasons] of [
    [
      'default rulings',
      { variant: 'ocius' },
      ['captured-all', 'repetition', 'insufficient-material', 'no-legal-moves'],
    ],
    [
      'one-tile exchange, strict rulings',
      { variant: 'ocius', exchangeCost: 1, ...STRICT_RULINGS },
      ['captured-all', 'no-legal-moves'],
    ],
  ] as const) {
    let run = 0;
    let seed = 3000;
    runConformance(coerceo, {
      label: `coerceo ocius near the end of random games, ${label}`,
      start: () => {
        run++;
        const reason = reasons[run % reasons.length];
        for (;;) {
          const game = randomGame(coerceo, options, seed++, { maxPlies: 250, keepStates: true });
          if (outcome(game.final)?.reason !== reason) continue;
          return game.states[Math.max(0, game.states.length - 1 - (run % 3))] as CoerceoState;
        }
      },
      runs: 12,
      maxPlies: 20,
      ...ends(options),
    });
  }
});

const TOTAL = { laurentius: 19, ocius: 7 };

function tileEmpty(s: CoerceoState, tile: string): boolean {
  return [...'abcdef'].every((l) => pieceAt(s, tile + l) === null);
}

/** Checks the Coerceo invariants across one turn. */
function checkTurn(
  before: CoerceoState,
  move: CoerceoMove,
  after: CoerceoState,
  ledger: { paid: number; discarded: number },
  total: number,
): void {
  const mover = before.side === 0 ? 'white' : 'black';
  const other = mover === 'white' ? 'black' : 'white';
  const eff = turnEffects(before, move);
  // Pieces only decrease, only the side not moving loses them (C-CAPTURE-2, C-EXCHANGE-1).
  expect(piecesOf(after, mover)).toHaveLength(piecesOf(before, mover).length);
  const lost = piecesOf(before, other).length - piecesOf(after, other).length;
  expect(lost).toBe(eff.captured.length + (move.kind === 'exchange' ? 1 : 0));
  // Tiles: removed ones were present and are empty; the board stays connected (C-TILE-4a/b/c).
  const was = new Set(presentTiles(before));
  const now = new Set(presentTiles(after));
  const removed = [...was].filter((t) => !now.has(t));
  expect(removed).toEqual(eff.removedTiles);
  if (removed.length > 0) {
    const first = move.kind === 'step' ? move.from.slice(0, 2) : move.target.slice(0, 2);
    expect(removed).toContain(first); // C-TILE-2: removal starts at the vacated tile
  }
  // C-TILE-1: the removed tiles can be taken off one by one, each empty and attached by at most
  // three contiguous sides at that moment.
  let present = before.tiles;
  const left = new Set(removed.map((t) => TILE_NAMES.indexOf(t)));
  while (left.size > 0) {
    const next = [...left].find(
      (t) =>
        tileEmpty(after, TILE_NAMES[t] as string) &&
        REMOVABLE_SIDES[neighbourSides(present, t)] === 1,
    );
    expect(next, `removal order for ${removed.join(',')}`).toBeDefined();
    present &= ~(1 << (next as number));
    left.delete(next as number);
  }
  for (const t of removed) for (const l of 'abcdef') expect(pieceAt(after, t + l)).toBeNull();
  expect(tilesConnected(after.tiles)).toBe(true);
  for (let t = 0; t < 19; t++) {
    if ((after.tiles >> t) & 1 && tileEmpty(after, TILE_NAMES[t] as string)) {
      expect(REMOVABLE_SIDES[neighbourSides(after.tiles, t)], TILE_NAMES[t]).toBe(0);
    }
  }
  // C-CAPTURE-6: a captured piece's tile is still present and not empty.
  for (const f of eff.captured) {
    expect(now.has(f.slice(0, 2))).toBe(true);
    expect(tileEmpty(after, f.slice(0, 2))).toBe(false);
  }
  // C-TILE-3 / ledger: held + on board + paid + discarded is constant.
  if (move.kind === 'exchange') {
    ledger.paid += before.exchangeCost;
    ledger.discarded += removed.length;
    expect(eff.collected).toBe(0);
  } else {
    expect(eff.collected).toBe(removed.length);
  }
  expect(after.held[0] + after.held[1] + now.size + ledger.paid + ledger.discarded).toBe(total);
  // C-TILE-4e
  expect(after.held[0] + after.held[1]).toBeLessThanOrEqual(total - now.size);
  // No piece on a removed tile.
  for (const c of ['white', 'black'] as const)
    for (const f of piecesOf(after, c)) expect(now.has(f.slice(0, 2))).toBe(true);
}

/** C-TILE-4d: a side with pieces has a step iff some existing field of its colour is empty. */
function checkStepExistence(s: CoerceoState): void {
  if (coerceo.terminal(s)) return;
  const letters = s.side === 0 ? 'ace' : 'bdf';
  const someEmpty = presentTiles(s).some((t) =>
    [...letters].some((l) => pieceAt(s, t + l) === null),
  );
  const hasStep = coerceo.moves(s).some((m) => m.kind === 'step');
  expect(hasStep).toBe(someEmpty);
}

/** Both layouts, and Ocius with exchanges at one tile (exchanges come early and often). */
const SOME_RULES = fc.constantFrom<Partial<CoerceoOptions>>(
  { variant: 'laurentius' },
  { variant: 'ocius' },
  { variant: 'ocius', exchangeCost: 1 },
);

/** `coerceo.search`, typed `CoerceoPosition` by the record. */
const searchOf = (s: CoerceoState) => coerceo.search(s);

describe('Coerceo properties over random games', () => {
  for (const variant of ['laurentius', 'ocius'] as const) {
    it(`C-TILE-4 / C-CAPTURE-6: pieces, tiles, ledger and hash invariants (${variant})`, () => {
      const options: Partial<CoerceoOptions> = { variant };
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { minLength: 60, maxLength: 200, size: 'max' }),
          (choices) => {
            let s = coerceo.start(options);
            const ledger = { paid: 0, discarded: 0 };
            const pos = searchOf(s);
            for (const choice of choices) {
              const moves = coerceo.moves(s);
              if (moves.length === 0) break;
              const move = moves[choice % moves.length] as CoerceoMove;
              const next = coerceo.apply(s, move);
              checkTurn(s, move, next, ledger, TOTAL[variant]);
              checkStepExistence(next);
              // the incremental hash along the whole game equals a fresh position's hash
              pos.play(pos.encode(move));
              expect(pos.hash()).toBe(searchOf(next).hash());
              s = next;
            }
            // and undoing everything restores the start exactly
            while (pos.plies() > 0) pos.undo();
            expect(coerceo.serialize(pos.state() as CoerceoState)).toBe(
              coerceo.serialize(coerceo.start(options)),
            );
          },
        ),
        { numRuns: 25, seed: variant === 'ocius' ? 5 : 4 },
      );
    });
  }

  // The undo stack keeps neither the side to move nor the end status (src/coerceo/engine/constants.ts,
  // `S`): `undo` flips the side back and restores a live status, and restores the repetition
  // segment's start only after an irreversible turn. Check every legal move of every ply.
  it('C-TURN-3 / C-END-5 / C-END-7: play then undo restores the exact state (side, status, repetition history) at every ply of random games', () => {
    const buf = new Int32Array(4096);
    let ended = 0;
    let irreversible = 0;
    fc.assert(
      fc.property(
        SOME_RULES,
        fc.array(fc.nat(), { minLength: 100, maxLength: 400, size: 'max' }),
        (options, choices) => {
          let s = coerceo.start(options);
          const pos = searchOf(s);
          for (const choice of choices) {
            const before = coerceo.serialize(pos.state() as CoerceoState);
            const hash = pos.hash();
            const n = pos.generate(buf, 0);
            if (n === 0) break;
            for (let i = 0; i < n; i++) {
              pos.play(buf[i] as number);
              if (pos.terminal()) ended++;
              if (pos.lastRemoved !== 0 || (pos.lastCapLo | pos.lastCapHi) !== 0) irreversible++;
              pos.undo();
              expect(pos.terminal()).toBe(false);
              expect(pos.hash()).toBe(hash);
              expect(coerceo.serialize(pos.state() as CoerceoState)).toBe(before);
            }
            // The game goes on with the chosen move; the position's state (its repetition
            // history's move texts read off the stack) is what `apply` gives.
            const move = coerceo.moves(s)[choice % n] as CoerceoMove;
            s = coerceo.apply(s, move);
            pos.play(pos.encode(move));
            expect(coerceo.serialize(pos.state() as CoerceoState)).toBe(coerceo.serialize(s));
          }
        },
      ),
      { numRuns: 30, seed: 21 },
    );
    expect(irreversible).toBeGreaterThan(100);
    expect(ended).toBeGreaterThan(0);
  });

  it('C-END-5: undo from a repetition draw gives back the live position, and replaying draws again', () => {
    // Two pieces step out and back twice: the start occurs a third time after 8 plies.
    let s = coerceo.start({ variant: 'laurentius' });
    const start = s;
    type Step = Extract<CoerceoMove, { kind: 'step' }>;
    const cycle: Step[] = [];
    for (const side of [0, 1]) {
      const out = coerceo
        .moves(s)
        .find(
          (m): m is Step =>
            m.kind === 'step' &&
            turnEffects(s, m).captured.length === 0 &&
            coerceo.apply(s, m).tiles === s.tiles,
        );
      expect(out, `side ${side} has a quiet step`).toBeDefined();
      cycle.push(out as Step);
      s = coerceo.apply(s, out as Step);
    }
    const back = cycle.map((m): Step => ({ kind: 'step', from: m.to, to: m.from }));
    const plies = [...cycle, ...back, ...cycle, ...back];
    const pos = searchOf(start);
    for (const m of plies) pos.play(pos.encode(m));
    expect(pos.terminal()).toBe(true);
    expect(outcome(pos.state() as CoerceoState)).toMatchObject({ reason: 'repetition' });
    pos.undo();
    expect(pos.terminal()).toBe(false);
    let t = start;
    for (const m of plies.slice(0, -1)) t = coerceo.apply(t, m);
    expect(coerceo.serialize(pos.state() as CoerceoState)).toBe(coerceo.serialize(t));
    pos.play(pos.encode(plies[plies.length - 1] as CoerceoMove));
    expect(pos.terminal()).toBe(true);
    while (pos.plies() > 0) pos.undo();
    expect(coerceo.serialize(pos.state() as CoerceoState)).toBe(coerceo.serialize(start));
  });

  // `count` keeps each side's step count while the other side's reversible steps cannot change
  // it, and hands it back to the position before (src/coerceo/engine/position.ts): compare it with a
  // fresh `generate` at every node of depth-2 walks, before and after each undo, from mid-game
  // positions rich in captures, tile removals and exchanges (which must drop the kept counts).
  it('C-MOVE-1 / C-EXCHANGE-4: count() equals the moves generate writes at every node of depth-2 walks, before and after undo', () => {
    const buf = new Int32Array(4096);
    let irreversible = 0;
    let nodes = 0;
    const walk = (pos: CoerceoPosition, depth: number, offset: number): void => {
      nodes++;
      expect(pos.count()).toBe(pos.generate(buf, offset));
      const n = pos.generate(buf, offset);
      if (depth === 0) return;
      for (let i = offset; i < offset + n; i++) {
        pos.play(buf[i]);
        if (pos.lastRemoved !== 0 || (pos.lastCapLo | pos.lastCapHi) !== 0) irreversible++;
        walk(pos, depth - 1, offset + n);
        pos.undo();
        expect(pos.count()).toBe(n);
      }
    };
    fc.assert(
      fc.property(
        SOME_RULES,
        fc.array(fc.nat(), { minLength: 0, maxLength: 60 }),
        (options, choices) => {
          let s = coerceo.start(options);
          for (const choice of choices) {
            const moves = coerceo.moves(s);
            if (moves.length === 0) break;
            s = coerceo.apply(s, moves[choice % moves.length] as CoerceoMove);
          }
          walk(searchOf(s), 2, 0);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
    expect(irreversible).toBeGreaterThan(100);
    expect(nodes).toBeGreaterThan(10_000);
  });

  // `apply` plays on a copy of the position the state keeps (src/coerceo/state.ts
  // readPosition), and `moves` hands out one frozen object per distinct move: neither may leak
  // between states.
  it('apply leaves the state it came from intact, and moves are shared frozen values', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 120 }), (choices) => {
        let s = coerceo.start({ variant: 'laurentius' });
        for (const choice of choices) {
          const moves = coerceo.moves(s);
          if (moves.length === 0) break;
          const text = coerceo.serialize(s);
          // Every child, then the state itself, read again as a fresh copy would be.
          const children = moves.map((m) => coerceo.apply(s, m));
          const fresh = coerceo.deserialize(text);
          expect(coerceo.serialize(s)).toBe(text);
          expect(searchOf(s).hash()).toBe(searchOf(fresh).hash());
          expect(searchOf(s).state()).toEqual(fresh);
          expect(coerceo.moves(fresh)).toEqual(moves);
          coerceo.moves(fresh).forEach((m, i) => {
            expect(m).toBe(moves[i]);
            expect(Object.isFrozen(m)).toBe(true);
          });
          const search = searchOf(s);
          search.play(search.encode(moves[0] as CoerceoMove));
          expect(coerceo.serialize(coerceo.apply(s, moves[0] as CoerceoMove))).toBe(
            coerceo.serialize(children[0] as CoerceoState),
          );
          expect(coerceo.serialize(s)).toBe(text);
          s = children[choice % children.length] as CoerceoState;
        }
      }),
      { numRuns: 20, seed: 6 },
    );
  });

  it('exchange-rich games keep the invariants (one-tile exchange, Ocius)', () => {
    let exchanges = 0;
    let removals = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 150, size: 'max' }), (choices) => {
        let s = coerceo.start({ variant: 'ocius', exchangeCost: 1 });
        const ledger = { paid: 0, discarded: 0 };
        for (const choice of choices) {
          const moves = coerceo.moves(s);
          if (moves.length === 0) break;
          // prefer exchanges when there are any, to exercise them
          const ex = moves.filter((m) => m.kind === 'exchange');
          const list = ex.length > 0 && choice % 2 === 0 ? ex : moves;
          const move = list[choice % list.length] as CoerceoMove;
          const next = coerceo.apply(s, move);
          checkTurn(s, move, next, ledger, 7);
          if (move.kind === 'exchange') exchanges++;
          if (next.tiles !== s.tiles) removals++;
          s = next;
        }
      }),
      { numRuns: 40, seed: 9 },
    );
    expect(exchanges).toBeGreaterThan(20);
    expect(removals).toBeGreaterThan(20);
  });

  it('C-BOARD-8: 180° rotation with colour swap maps the Laurentius start move set onto itself', () => {
    const s = coerceo.start();
    const rot = (name: string): string =>
      fieldName(fieldIdOf(rotate(fieldGeometry(fieldByName(name)), 3)));
    const moves = new Set(coerceo.moves(s).map((m) => coerceo.formatMove(s, m)));
    // Black's moves in the start position (as if Black were to move) map onto White's.
    const black = coerceo.deserialize(coerceo.serialize(s).replace(' w ', ' b '));
    const mapped = new Set(
      coerceo.moves(black).map((m) => (m.kind === 'step' ? `${rot(m.from)}-${rot(m.to)}` : '')),
    );
    expect(mapped).toEqual(moves);
  });
});
