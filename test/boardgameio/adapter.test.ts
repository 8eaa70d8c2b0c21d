// The boardgame.io definition called directly, without a server: what boardgame.io would call,
// with the arguments it passes (see server.test.ts for the real server and clients).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BoardrulesG,
  INVALID_MOVE,
  MAX_MOVE_LENGTH,
  toBoardgameIO,
  whyRefused,
} from '../../src/boardgameio/index.js';
import { coerceo, resign } from '../../src/coerceo/index.js';
import { RulesError } from '../../src/core/errors.js';
import { hive } from '../../src/hive/index.js';
import { type TorresMove, type TorresState, torres } from '../../src/torres/index.js';
import { playWithBoardgameIOBots } from './harness.js';

const ctx = (numPlayers: number, currentPlayer = '0') => ({ numPlayers, currentPlayer });

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

  it("reads the seat range and the seed option from the game's record, not from its name", () => {
    // Torres under another name: the record, not a table of names, gives 2–4 seats and the seed.
    const renamed = toBoardgameIO({ ...torres, name: 'towers' });
    expect([renamed.name, renamed.minPlayers, renamed.maxPlayers]).toEqual(['towers', 2, 4]);
    expect(torres.deserialize(renamed.setup({ ctx: ctx(3) }).state).options.players).toBe(3);
    expect(renamed.validateSetupData({ options: { seed: 5 } }, 2)).toMatch(/draws the seed/);
    // A game with a fixed seat count says so, or is read from its start: no playersOption.
    const fixed = toBoardgameIO({ ...hive, seats: undefined });
    expect([fixed.minPlayers, fixed.maxPlayers]).toEqual([2, 2]);
    // The record's seat option wins over no config; a config still wins over the record.
    const narrowed = toBoardgameIO(torres, { maxPlayers: 3 });
    expect([narrowed.minPlayers, narrowed.maxPlayers]).toEqual([2, 3]);
    // Torres without its seat option on the record: its other seat counts need a config.
    const unsaid = { ...torres, seats: { min: 2, max: 4 } };
    expect([toBoardgameIO(unsaid).minPlayers, toBoardgameIO(unsaid).maxPlayers]).toEqual([4, 4]);
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

  it('setup stores plain JSON text; a game with hidden cards holds none of them until the first move', () => {
    const t = toBoardgameIO(torres);
    const a = t.setup({ ctx: ctx(3) });
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a.deal).toBe(true);
    const s = torres.deserialize(a.state) as TorresState;
    expect(s.options.players).toBe(3);
    // The first G, which boardgame.io sends to every client unfiltered: no card, no seed, no RNG.
    expect(
      [...s.deck, ...s.seats.flatMap((p) => [...p.hand, ...p.deck])].every((c) => c === '?'),
    ).toBe(true);
    expect(s.seats.every((p) => p.hand.length > 0 || p.deck.length > 0 || s.deck.length > 0)).toBe(
      true,
    );
    expect(s.options.seed).toBeNull();
    expect(s.rng).toEqual([0, 0, 0, 0]);
    // Public draws come from the server's own seed: a random first player is drawn at setup.
    const firsts = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const g = t.setup({ ctx: ctx(4) }, { options: { firstPlayer: 'random' } });
      firsts.add(torres.deserialize(g.state).actor);
    }
    expect(firsts.size).toBeGreaterThan(1);
    const h = toBoardgameIO(hive).setup({ ctx: ctx(2) }, { options: { type: 'Base+M' } });
    expect(h).toEqual({ state: hive.serialize(hive.start({ type: 'Base+M' })) });
  });

  it('the first move deals every hidden card on the server, afresh for each match', () => {
    const t = toBoardgameIO(torres);
    for (const deckMode of ['shared', 'perColour', 'draft', 'masterHand']) {
      const G = t.setup({ ctx: ctx(2) }, { options: { deckMode } });
      const view = torres.deserialize(G.state);
      const first = torres.formatMove(view, torres.moves(view)[0] as TorresMove);
      const deals = [0, 1].map(() => {
        const next = t.moves.play.move({ G, ctx: ctx(2), playerID: String(view.actor) }, first);
        expect(next).not.toBe(INVALID_MOVE);
        const after = next as BoardrulesG;
        expect(after.deal).toBeUndefined();
        const full = torres.deserialize(after.state) as TorresState;
        const cards = [...full.deck, ...full.seats.flatMap((p) => [...p.hand, ...p.deck])];
        expect(cards.length).toBeGreaterThan(0);
        expect(cards).not.toContain('?');
        // What the seats see of the dealt match is what they saw before, plus their own cards.
        expect(torres.serialize(torres.observe(full, -1))).toBe(
          torres.serialize(torres.observe(torres.apply(view, torres.parseMove(view, first)), -1)),
        );
        return JSON.stringify(cards);
      });
      // Two deals of the same match differ (masterHand: every hand is the same ten cards).
      if (deckMode === 'masterHand') expect(deals[0]).toBe(deals[1]);
      else expect(deals[0]).not.toBe(deals[1]);
    }
  });

  it('setup data may not set the seed of a hidden deal, nor the player count', () => {
    const t = toBoardgameIO(torres);
    expect(t.validateSetupData({ options: { seed: 9 } }, 2)).toMatch(/seed.*server draws/);
    expect(t.validateSetupData({ options: { players: 3 } }, 2)).toMatch(/numPlayers/);
    expect(() => t.setup({ ctx: ctx(2) }, { options: { seed: 9 } })).toThrow(RulesError);
    for (const n of ['2', 2.5, Number.NaN, null, {}]) {
      expect(t.validateSetupData(undefined, n)).toMatch(/2–4 players/);
    }
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

  it('a tampered store is refused, and no hook throws on it: the match stays as it was', () => {
    const defs = [toBoardgameIO(hive), toBoardgameIO(coerceo), toBoardgameIO(torres)];
    const junk: unknown[] = [
      { state: 'Base;InProgress;White[1];wQ' },
      { state: 5 },
      { state: '' },
      {},
      null,
      'G',
      { state: '{"options":{}}' },
    ];
    for (const def of defs) {
      for (const G of junk as BoardrulesG[]) {
        const c = { G, ctx: { ...ctx(2), playOrder: ['0', '1'] } };
        expect(def.moves.play.move({ ...c, playerID: '0' }, 'wA1')).toBe(INVALID_MOVE);
        expect(def.endIf(c)).toBeUndefined();
        expect(def.turn.order.first(c)).toBe(0);
        expect(def.turn.order.next(c)).toBe(0);
        expect(def.ai.enumerate(G, c.ctx)).toEqual([]);
        const view = def.playerView({ ...c, playerID: '0' });
        expect(view.state).toBe('');
        expect(typeof view.error).toBe('string');
        expect(whyRefused(hive, G, '0', 'wA1')?.message).toMatch(/could not be read/);
      }
    }
  });

  it('a move is taken only as formatMove writes it, at most MAX_MOVE_LENGTH characters, from the seat to move', () => {
    const h = toBoardgameIO(hive);
    const G = h.setup({ ctx: ctx(2) });
    const start = hive.deserialize(G.state);
    const first = hive.formatMove(start, hive.moves(start)[0] as never);
    const padded = `${first}${' '.repeat(900_000)}`;
    const refusals: [unknown, unknown, RegExp][] = [
      ['0', padded, new RegExp(`at most ${MAX_MOVE_LENGTH} characters`)],
      ['0', ` ${first}`, /not written canonically: send it as/],
      ['0', first.toLowerCase(), /canonically|illegal|cannot|unknown|not/],
      ['1e0', first, /only a seat can move/],
      [' 0', first, /only a seat can move/],
      ['00', first, /only a seat can move/],
      [0, first, /only a seat can move/],
      [{ toString: 1 }, first, /only a seat can move/],
      ['0', { toString: () => first }, /a move is a text/],
    ];
    for (const [playerID, text, why] of refusals) {
      expect(
        h.moves.play.move({ G, ctx: ctx(2), playerID: playerID as string }, text as string),
      ).toBe(INVALID_MOVE);
      expect(whyRefused(hive, G, playerID as string, text as string)?.message).toMatch(why);
    }
    expect(h.moves.play.move({ G, ctx: ctx(2), playerID: '0' }, first)).not.toBe(INVALID_MOVE);
  });

  it('the definition has no prototype moves, no undo and no events: a seat changes a match only by a move', () => {
    const t = toBoardgameIO(torres);
    expect(Object.getPrototypeOf(t.moves)).toBeNull();
    for (const name of ['toString', 'constructor', 'valueOf', '__proto__', 'hasOwnProperty']) {
      expect(name in t.moves).toBe(false);
    }
    expect(Object.keys(t.moves)).toEqual(['play']);
    expect(t.disableUndo).toBe(true);
    expect(Object.values(t.events).every((on) => on === false)).toBe(true);
    expect(Object.keys(t.events).sort()).toEqual([
      'endGame',
      'endPhase',
      'endStage',
      'endTurn',
      'pass',
      'setActivePlayers',
      'setPhase',
      'setStage',
    ]);
  });

  it('a private move (Torres keep <card>) is redacted from other seats’ logs; every other move is not', () => {
    const t = toBoardgameIO(torres);
    let G = t.setup({ ctx: ctx(2) }, { options: { deckMode: 'draft' } });
    let keeps = 0;
    let others = 0;
    for (let ply = 0; ply < 600 && keeps < 3; ply++) {
      const full = ply === 0 ? torres.deserialize(G.state) : torres.deserialize(G.state);
      if (torres.terminal(full)) break;
      const ms = torres.moves(full);
      // Buy whenever possible, to reach the draft's keep step.
      const m =
        ms.find((x) => x.kind === 'keep') ??
        ms.find((x) => x.kind === 'buy') ??
        (ms[ply % ms.length] as TorresMove);
      const next = t.moves.play.move(
        { G, ctx: ctx(2), playerID: String(full.actor) },
        torres.formatMove(full, m),
      );
      expect(next).not.toBe(INVALID_MOVE);
      G = next as BoardrulesG;
      expect(t.moves.play.redact({ G })).toBe(m.kind === 'keep');
      if (m.kind === 'keep') {
        keeps++;
        // No seat's view carries the marker.
        for (const id of ['0', '1', null])
          expect(t.playerView({ G, ctx: ctx(2), playerID: id }).private).toBeUndefined();
      } else others++;
    }
    expect(keeps).toBe(3);
    expect(others).toBeGreaterThan(3);
  });

  it('whyRefused on a seat’s own view agrees with the server for every move that seat may send', () => {
    const t = toBoardgameIO(torres);
    let compared = 0;
    let buys = 0;
    for (const deckMode of ['shared', 'perColour', 'draft', 'masterHand']) {
      let G = t.setup({ ctx: ctx(3) }, { options: { deckMode } });
      const texts: string[] = [];
      for (let ply = 0; ply < 260; ply++) {
        const full = torres.deserialize(G.state);
        if (torres.terminal(full)) break;
        const seat = String(full.actor);
        const view = t.playerView({ G, ctx: ctx(3), playerID: seat });
        const legal = torres.moves(full).map((m) => torres.formatMove(full, m));
        // Every legal move, and texts of other plies (mostly illegal here).
        for (const text of [...legal, ...texts.slice(-8)]) {
          const server = t.moves.play.move({ G, ctx: ctx(3), playerID: seat }, text);
          const client = whyRefused(torres, view, seat, text);
          expect(client === null, `${deckMode} ply ${ply}: ${text}`).toBe(server !== INVALID_MOVE);
          if (text === 'buy' && client === null) buys++;
          compared++;
        }
        const text = legal[(ply * 7) % legal.length] as string;
        texts.push(text);
        G = t.moves.play.move({ G, ctx: ctx(3), playerID: seat }, text) as BoardrulesG;
      }
    }
    expect(buys).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(2000);
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
    const G = t.setup({ ctx: ctx(3) });
    // A dealt match, some plies in: the seats hold cards.
    let full = torres.start({ players: 3, seed: 4 });
    while (full.seats.some((p) => p.hand.length === 0) && !torres.terminal(full)) {
      const ms = torres.moves(full);
      full = torres.apply(full, ms.find((m) => m.kind === 'buy') ?? (ms[0] as never));
    }
    expect(torres.terminal(full)).toBe(false);
    const dealt = { state: torres.serialize(full) };
    for (const id of ['0', '1', '2', null, '1e0', ' 1', '7']) {
      const view = torres.deserialize(t.playerView({ G: dealt, ctx: ctx(3), playerID: id }).state);
      expect(view.options.seed).toBeNull();
      for (const [q, p] of view.seats.entries()) {
        if (String(q) === id) expect(p.hand).toEqual(full.seats[q]?.hand);
        else expect(p.hand.every((card) => card === '?')).toBe(true);
      }
      expect(view.deck.every((card) => card === '?')).toBe(true);
    }
    const h = toBoardgameIO(hive);
    const hg = h.setup({ ctx: ctx(2) });
    expect(h.playerView({ G: hg, ctx: ctx(2), playerID: '1' })).toEqual(hg);
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
    // Nothing boardgame.io calls may throw: a throw there ends the server's request, or the
    // server (a rejected promise nobody awaits).
    const answers = (f: () => unknown) => expect(f).not.toThrow();
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
