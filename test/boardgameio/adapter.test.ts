// The boardgame.io definition called directly, without a server: what boardgame.io would call,
// with the arguments it passes (see server.test.ts for the real server and clients).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID_MOVE, toBoardgameIO, whyRefused } from '../../src/boardgameio/index.js';
import { coerceo, resign } from '../../src/coerceo/index.js';
import { RulesError } from '../../src/core/errors.js';
import { hive } from '../../src/hive/index.js';
import { type TorresState, torres } from '../../src/torres/index.js';
import { playWithBoardgameIOBots } from './harness.js';

const ctx = (numPlayers: number, currentPlayer = '0') => ({ numPlayers, currentPlayer });
const fixedRandom = (x: number) => ({ Number: () => x });

describe('toBoardgameIO', () => {
  it('names the game, its player counts and refuses a bad config', () => {
    const h = toBoardgameIO(hive);
    expect([h.name, h.minPlayers, h.maxPlayers]).toEqual(['hive', 2, 2]);
    const t = toBoardgameIO(torres);
    expect([t.name, t.minPlayers, t.maxPlayers]).toEqual(['torres', 2, 4]);
    expect(toBoardgameIO(hive, { name: 'hive-mlp' }).name).toBe('hive-mlp');
    expect(() => toBoardgameIO(hive, { colour: 'red' } as never)).toThrow(RulesError);
    expect(() => toBoardgameIO(hive, { maxPlayers: 3 })).toThrow(/playersOption/);
    expect(() => toBoardgameIO(hive, { options: { type: 'Chess' } })).toThrow(RulesError);
  });

  it('validateSetupData answers in words, never throws', () => {
    const t = toBoardgameIO(torres);
    expect(t.validateSetupData(undefined, 3)).toBeUndefined();
    expect(t.validateSetupData(undefined, 5)).toMatch(/2–4 players, not 5/);
    expect(t.validateSetupData({ options: { deckMode: 'nope' } }, 2)).toMatch(/deckMode/);
    expect(t.validateSetupData({ extra: 1 }, 2)).toMatch(/extra/);
    expect(toBoardgameIO(coerceo).validateSetupData({ options: { variant: 'ocius' } }, 2)).toBe(
      undefined,
    );
  });

  it('setup stores plain JSON text; the seed comes from boardgame.io’s random plugin', () => {
    const t = toBoardgameIO(torres);
    const a = t.setup({ ctx: ctx(3), random: fixedRandom(0.25) });
    const b = t.setup({ ctx: ctx(3), random: fixedRandom(0.25) });
    const c = t.setup({ ctx: ctx(3), random: fixedRandom(0.75) });
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const s = torres.deserialize(a.state) as TorresState;
    expect(s.options.players).toBe(3);
    // A seed in the setup data wins over the drawn one.
    const seeded = t.setup({ ctx: ctx(2), random: fixedRandom(0.5) }, { options: { seed: 9 } });
    expect(seeded.state).toBe(torres.serialize(torres.start({ players: 2, seed: 9 })));
    const h = toBoardgameIO(hive).setup({ ctx: ctx(2) }, { options: { type: 'Base+M' } });
    expect(h.state).toBe(hive.serialize(hive.start({ type: 'Base+M' })));
  });

  it('play applies a legal move in notation and refuses everything else with INVALID_MOVE', () => {
    const h = toBoardgameIO(hive);
    const G = h.setup({ ctx: ctx(2) });
    const start = hive.deserialize(G.state);
    const first = hive.formatMove(start, hive.moves(start)[0] as never);
    const next = h.moves.play.move({ G, ctx: ctx(2), playerID: '0' }, first);
    expect(next).not.toBe(INVALID_MOVE);
    expect((next as { state: string }).state).toBe(
      hive.serialize(hive.apply(start, hive.moves(start)[0] as never)),
    );
    // Wrong seat, a spectator, garbage, a non-string, a rule-breaking move.
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: '1' }, first)).toBe(INVALID_MOVE);
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: null }, first)).toBe(INVALID_MOVE);
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: '0' }, 'wQ wQ')).toBe(INVALID_MOVE);
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: '0' }, 7 as never)).toBe(INVALID_MOVE);
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: '0' }, 'wQ')).toBe(INVALID_MOVE); // H-PLACE-5
    expect(whyRefused(hive, G, '0', 'wQ')?.rule).toBe('H-PLACE-5');
    expect(whyRefused(hive, G, '1', first)?.message).toBe("it is seat 0's move, not seat 1's");
    expect(whyRefused(hive, G, null, first)?.message).toMatch(/only a seat can move/);
    expect(whyRefused(hive, G, '0', first)).toBeNull();
  });

  it('a tampered store is refused as INVALID_STATE, not trusted', () => {
    const h = toBoardgameIO(hive);
    expect(() =>
      h.moves.play.move(
        { G: { state: 'Base;InProgress;White[1];wQ' }, ctx: ctx(2), playerID: '0' },
        'wA1',
      ),
    ).toThrow(RulesError);
  });

  it('turn order is toMove; endIf reports scores and the winner or a draw', () => {
    const c = toBoardgameIO(coerceo);
    const G = c.setup({ ctx: ctx(2) });
    expect(c.turn.order.first({ G, ctx: ctx(2) })).toBe(0);
    expect(c.endIf({ G, ctx: ctx(2) })).toBeUndefined();
    const s = coerceo.deserialize(G.state);
    const won = { state: coerceo.serialize(resign(s, 'black')) };
    expect(c.endIf({ G: won, ctx: ctx(2) })).toEqual({ scores: [1, 0], winner: '0' });
    const h = toBoardgameIO(hive);
    // Base+M with a 1-ply cap: the game is drawn after White's first move.
    const capped = h.setup({ ctx: ctx(2) }, { options: { maxPlies: 1 } });
    const after = h.moves.play.move({ G: capped, ctx: ctx(2), playerID: '0' }, 'wA1');
    expect(h.endIf({ G: after as { state: string }, ctx: ctx(2) })).toEqual({
      scores: [0.5, 0.5],
      draw: true,
    });
    expect(h.ai.enumerate(after as { state: string }, ctx(2))).toEqual([]);
  });

  it('playerView hides what a seat may not see; ai.enumerate lists the moves as texts', () => {
    const t = toBoardgameIO(torres);
    const G = t.setup({ ctx: ctx(3) }, { options: { seed: 4 } });
    // Two plies in, the seats hold cards.
    let full = torres.deserialize(G.state) as TorresState;
    while (full.seats.some((p) => p.hand.length === 0) && !torres.terminal(full)) {
      const ms = torres.moves(full);
      full = torres.apply(full, ms.find((m) => m.kind === 'buy') ?? (ms[0] as never));
    }
    expect(torres.terminal(full)).toBe(false);
    const dealt = { state: torres.serialize(full) };
    for (const id of ['0', '1', '2', null]) {
      const view = torres.deserialize(t.playerView({ G: dealt, ctx: ctx(3), playerID: id }).state);
      for (const [q, p] of view.seats.entries()) {
        if (String(q) === id) expect(p.hand).toEqual(full.seats[q]?.hand);
        else expect(p.hand.every((card) => card === '?')).toBe(true);
      }
      expect(view.deck.every((card) => card === '?')).toBe(true);
    }
    const h = toBoardgameIO(hive);
    const hg = h.setup({ ctx: ctx(2) });
    expect(h.playerView({ G: hg, ctx: ctx(2), playerID: '1' })).toBe(hg);
    const listed = t.ai.enumerate(G, ctx(3));
    const s = torres.deserialize(G.state);
    expect(listed).toEqual(
      torres.moves(s).map((m) => ({ move: 'play', args: [torres.formatMove(s, m)] })),
    );
  });

  it("boardgame.io's own RandomBot plays whole games through ai.enumerate (local client)", async () => {
    const ocius = toBoardgameIO(coerceo, { options: { variant: 'ocius' } });
    const c = await playWithBoardgameIOBots(ocius, 2, 2000);
    expect(coerceo.terminal(coerceo.deserialize(c.G.state))).toBe(true);
    expect(c.gameover).toEqual(ocius.endIf({ G: c.G, ctx: ctx(2) }));
    const t = await playWithBoardgameIOBots(toBoardgameIO(torres), 3, 3000);
    expect(torres.terminal(torres.deserialize(t.G.state))).toBe(true);
    expect(t.steps).toBeGreaterThan(50);
  });

  // Everything boardgame.io hands the definition comes from a client or a store: junk setup
  // data, move arguments, player IDs and stored texts must give an answer or a RulesError.
  it('fuzz: junk setup data, moves, player IDs and stored states never crash it', () => {
    const defs = [toBoardgameIO(hive), toBoardgameIO(coerceo), toBoardgameIO(torres)];
    const starts = defs.map((d) => d.setup({ ctx: ctx(d.minPlayers) }));
    const answers = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(RulesError);
      }
    };
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.anything(),
        fc.oneof(fc.string(), fc.anything()),
        fc.oneof(fc.constantFrom('0', '1', '2', '', null, '-1', '1.5'), fc.string()),
        fc.oneof(
          fc.string(),
          fc.nat().map((k) => `${k}`),
        ),
        (which, setupData, text, playerID, cut) => {
          const def = defs[which] as (typeof defs)[number];
          const G = starts[which] as { state: string };
          expect(typeof (def.validateSetupData(setupData, 2) ?? '')).toBe('string');
          const played = def.moves.play.move({ G, ctx: ctx(2), playerID }, text as string);
          expect(played === INVALID_MOVE || typeof played.state === 'string').toBe(true);
          // A store holding something else than a state the game wrote.
          const junk = { state: G.state.slice(0, cut.length % G.state.length) + cut };
          answers(() => def.moves.play.move({ G: junk, ctx: ctx(2), playerID: '0' }, 'x'));
          answers(() => def.endIf({ G: junk, ctx: ctx(2) }));
          answers(() => def.playerView({ G: junk, ctx: ctx(2), playerID }));
          answers(() => def.ai.enumerate(junk, ctx(2)));
          answers(() => whyRefused(hive, G, playerID, text as string));
        },
      ),
      { numRuns: 300 },
    );
  });
});
