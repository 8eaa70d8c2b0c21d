import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../src/core/errors.js';
import { randomGame } from '../../src/core/random-game.js';
import { nextInt, rngFromSeed, shuffle } from '../../src/core/rng.js';
import { CARD_NAMES, type DeckMode, type TorresState, torres } from '../../src/torres/index.js';
import { at, play, texts } from './helpers.js';

function onlyRulesErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!isRulesError(e)) throw e;
  }
}

const sample = (options: object, seed: number, plies: number[]): TorresState[] => {
  const g = randomGame(torres, options, seed, { maxPlies: 3000, keepStates: true });
  return plies.map((p) => g.states[Math.min(p, g.states.length - 1)] as TorresState);
};

describe('move text (Appendix A)', () => {
  it('formats every kind of move as Appendix A says', () => {
    const s = at({
      h: 'c3=1 d3=2 e3=1 a1=1 h1=1 a8=1 h8=1 a6=1',
      p: 'W@b3 W@h8',
      me: { hand: [...CARD_NAMES], stacks: [2, 1] },
      turn: { active: 1 },
    });
    const t = texts(s);
    for (const x of [
      'c4',
      'N@b2',
      'b3-c3',
      'b3>f3',
      '+1',
      'buy',
      'play ap6',
      'play ap7',
      'play supplyBlock c4',
      'play blockUnder b3 /a',
      'play blockUnder b3 /2',
      'play blockUnder b3 /1',
      'play moveBlock a1-b5',
      'play relocate h8-b2',
      'play diagonal b3-c2',
      'play anyDoor b3-f3',
      'play climbTwo b3-a3',
      'end',
    ]) {
      if (x === 'play climbTwo b3-a3') continue; // no +2 neighbour here
      expect(t, x).toContain(x);
    }
    expect(texts(torres.start({ players: 2 }))).toContain('start c3');
    expect(texts(torres.start({ players: 2, version: 'master' }))).toContain('castle c3');
    expect(texts(at({ me: { stacks: [2, 1] }, state: { step: 'chooseStack' } }))).toEqual([
      'stack 1',
      'stack 2',
    ]);
    const j = at({ p: 'W@b3 B@c3', me: { hand: ['jumpKnight', 'climbTwo'] }, h: 'a3=2 a2=1' });
    expect(texts(j)).toContain('play jumpKnight b3-d3');
    expect(texts(j)).toContain('play climbTwo b3-a3');
    const d = play(at({ options: { deckMode: 'draft' }, me: { deck: [...CARD_NAMES] } }), 'buy');
    expect(texts(d)).toContain('keep ap7');
    expect(texts(play(d, 'keep ap7'))).toEqual(['return top', 'return bottom']);
    expect(texts(play(at({ me: { stacks: [2, 1] } }), 'end'))).toEqual(['spread 1', 'spread 2']);
  });

  it('parses leniently (case, spaces) and round-trips every listed move in every deck mode', () => {
    const s = at({ me: { hand: ['ap6'] } });
    expect(torres.parseMove(s, '  PLAY   Ap6 ')).toEqual({ kind: 'play', card: 'ap6' });
    expect(torres.parseMove(s, 'n@C4')).toEqual({ kind: 'knight', to: 'c4' });
    for (const mode of ['shared', 'perColour', 'draft', 'masterHand'] as DeckMode[]) {
      for (const st of sample({ players: 3, seed: 2, deckMode: mode }, 3, [0, 20, 60, 120, 200])) {
        for (const m of torres.moves(st))
          expect(torres.parseMove(st, torres.formatMove(st, m))).toEqual(m);
      }
    }
  });

  it('fuzz: parseMove throws only RulesError on random text and mutations of valid text', () => {
    const states = sample({ players: 4, seed: 9, deckMode: 'draft' }, 9, [0, 30, 90]);
    const valid = states.flatMap((s) => texts(s));
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(), fc.nat(), (str, i, j) => {
        const s = states[i % states.length] as TorresState;
        onlyRulesErrors(() => torres.parseMove(s, str));
        const v = valid[j % valid.length] as string;
        const k = j % (v.length + 1);
        onlyRulesErrors(() => torres.parseMove(s, v.slice(0, k) + str + v.slice(k)));
        onlyRulesErrors(() => torres.parseMove(s, v.slice(0, k) + v.slice(k + 1)));
      }),
      { numRuns: 600 },
    );
    // malformed move objects given to apply
    for (const bad of [
      null,
      1,
      {},
      { kind: 'move' },
      { kind: 'move', from: 'z9', to: 'a1' },
      { kind: 'play', card: 'x' },
    ]) {
      expect(() => torres.apply(states[1] as TorresState, bad as never)).toThrow(
        /malformed|illegal/,
      );
    }
  });
});

describe('serialization', () => {
  it('has a format id and version; deserialize(serialize(s)) is exact', () => {
    const s = torres.start({ players: 3, seed: 5, deckMode: 'perColour' });
    const text = torres.serialize(s);
    const data = JSON.parse(text);
    expect(data.format).toBe('boardrules/torres');
    expect(data.version).toBe(1);
    expect(torres.serialize(torres.deserialize(text))).toBe(text);
    expect(() => torres.deserialize(JSON.stringify({ ...data, version: 2 }))).toThrow(/version/);
    expect(() => torres.deserialize('{')).toThrow(/JSON/);
    // every state of complete games round-trips, including the final one
    for (const options of [
      { players: 2, seed: 1 },
      { players: 4, version: 'master' as const, seed: 2 },
    ]) {
      const g = randomGame(torres, options, 3, { maxPlies: 3000, keepStates: true });
      expect(g.finished).toBe(true);
      for (const st of g.states)
        expect(torres.serialize(torres.deserialize(torres.serialize(st)))).toBe(
          torres.serialize(st),
        );
    }
  });

  it('deserialize validates every field and names it', () => {
    const s = sample({ players: 3, seed: 6, deckMode: 'draft' }, 6, [80])[0] as TorresState;
    const base = JSON.parse(torres.serialize(s));
    // biome-ignore lint/suspicious/noExplicitAny: mutating parsed JSON of any shape
    const cases: [string, (d: Record<string, any>) => void, RegExp][] = [
      ['unknown top field', (d) => (d.extra = 1), /extra/],
      ['missing state field', (d) => delete d.state.supply, /supply/],
      ['bad height', (d) => (d.state.heights[3] = -1), /heights\[3\]/],
      ['bad piece', (d) => (d.state.pieces[3] = 7), /pieces\[3\]/],
      ['bad step', (d) => (d.state.step = 'dance'), /step/],
      ['bad option', (d) => (d.state.options.stackCap = 'x'), /stackCap/],
      ['unknown option', (d) => (d.state.options.foo = 1), /foo/],
      ['bad card', (d) => (d.state.seats[0].hand = ['joker']), /hand\[0\]/],
      ['bad score', (d) => (d.state.seats[1].score = 1.5), /seats\[1\]\.score/],
      ['bad turn', (d) => (d.state.turn.apUsed = 9), /apUsed/],
      ['bad rng', (d) => (d.state.rng = [1, 2]), /rng/],
      ['blocks not conserved', (d) => (d.state.supply += 1), /totalBlocks/],
      ['a card too many', (d) => d.state.seats[0].hand.push('climbTwo'), /account for 10 cards/],
      ['played card hidden', (d) => (d.state.seats[1].played = ['?']), /played/],
      ['castle too tall', (d) => (d.state.heights[0] = 9), /T-GEO-5|totalBlocks/],
    ];
    for (const [name, mutate, re] of cases) {
      const d = structuredClone(base);
      mutate(d);
      expect(() => torres.deserialize(JSON.stringify(d)), name).toThrow(re);
      try {
        torres.deserialize(JSON.stringify(d));
      } catch (e) {
        expect(isRulesError(e), name).toBe(true);
      }
    }
  });

  it('fuzz: deserialize throws only RulesError on random and mutated input', () => {
    const texts0 = sample({ players: 2, seed: 8, version: 'master' }, 8, [0, 50, 150]).map((s) =>
      torres.serialize(s),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        fc.jsonValue(),
        (str, i, j, json) => {
          onlyRulesErrors(() => torres.deserialize(str));
          onlyRulesErrors(() => torres.deserialize(JSON.stringify(json)));
          const t = texts0[i % texts0.length] as string;
          const k = j % t.length;
          onlyRulesErrors(() => torres.deserialize(t.slice(0, k) + str + t.slice(k + 1)));
          // structured mutation: replace one value somewhere in the state with random JSON
          const d = JSON.parse(t);
          const keys = Object.keys(d.state);
          d.state[keys[j % keys.length] as string] = json;
          onlyRulesErrors(() => torres.deserialize(JSON.stringify(d)));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('chance and hidden information (T-RNG, T-OBS)', () => {
  it('T-RNG-1: the same seed and moves give identical states; the RNG lives in the state', () => {
    const a = randomGame(torres, { players: 4, seed: 12 }, 3, { maxPlies: 3000 });
    const b = randomGame(torres, { players: 4, seed: 12 }, 3, { maxPlies: 3000 });
    expect(torres.serialize(a.final)).toBe(torres.serialize(b.final));
    expect(a.final.rng).toHaveLength(4);
  });

  it('T-RNG-2: draws in start only, in the order firstPlayer, masterCard, decks (Fisher–Yates from the last index)', () => {
    const d1 = torres.start({ seed: 1 }).deck;
    const d2 = torres.start({ seed: 2 }).deck;
    expect(d1).not.toEqual(d2);
    // Shared deck: colour 0..3 in §8 type order, shuffled with the seeded RNG, top first.
    const [deck] = shuffle(
      [0, 1, 2, 3].flatMap(() => [...CARD_NAMES]),
      rngFromSeed(1),
    );
    expect(d1).toEqual(deck);
    // Per-colour: seats 0..n−1, each list in §8 order; a random first player is drawn before.
    const s = torres.start({ seed: 4, players: 3, deckMode: 'perColour', firstPlayer: 'random' });
    const [fp, afterFirst] = nextInt(rngFromSeed(4), 3);
    expect(s.actor).toBe(fp);
    const [deck0, afterSeat0] = shuffle([...CARD_NAMES], afterFirst);
    const [deck1] = shuffle([...CARD_NAMES], afterSeat0);
    expect(s.seats[0]?.deck).toEqual(deck0);
    expect(s.seats[1]?.deck).toEqual(deck1);
    // master card before the decks
    const m = torres.start({ seed: 4, players: 2, version: 'master' });
    expect(m.masterCard).toBe(nextInt(rngFromSeed(4), 8)[0] + 1);
    // apply is deterministic: replaying the moves reproduces the game
    const g = randomGame(torres, { players: 2, seed: 4, deckMode: 'draft' }, 4, { maxPlies: 3000 });
    let x = torres.start({ players: 2, seed: 4, deckMode: 'draft' });
    for (const m of g.moves) x = torres.apply(x, m);
    expect(torres.serialize(x)).toBe(torres.serialize(g.final));
  });

  it('T-OBS-1: others’ hands, all deck contents and the RNG are hidden; sizes, board and scores are public', () => {
    const s = sample({ players: 3, seed: 13 }, 13, [150])[0] as TorresState;
    const o = torres.observe(s, 1);
    expect(o.heights).toEqual(s.heights);
    expect(o.seats.map((p) => p.score)).toEqual(s.seats.map((p) => p.score));
    expect(o.deck.length).toBe(s.deck.length);
    expect(o.deck.every((c) => c === '?')).toBe(true);
    expect(o.seats[1]?.hand).toEqual(s.seats[1]?.hand);
    expect(o.seats[0]?.hand.every((c) => c === '?')).toBe(true);
    expect(o.seats[0]?.hand.length).toBe(s.seats[0]?.hand.length);
    expect(o.rng).toEqual([0, 0, 0, 0]);
    expect(o.seats.map((p) => p.played)).toEqual(s.seats.map((p) => p.played)); // played cards are public
    const m = torres.start({ players: 3, version: 'master' });
    expect(torres.observe(m, 1).seats[0]?.hand).toEqual(m.seats[0]?.hand);
  });

  it('T-OBS-2: moves(observe(s, toMove)) = moves(s) in every deck mode; buying on an observation is refused', () => {
    let buys = 0;
    for (const mode of ['shared', 'perColour', 'draft', 'masterHand'] as DeckMode[]) {
      for (let seed = 1; seed <= 3; seed++) {
        const g = randomGame(torres, { players: 2 + (seed % 3), seed, deckMode: mode }, seed, {
          maxPlies: 3000,
          keepStates: true,
        });
        for (let i = 0; i < g.states.length; i += 7) {
          const s = g.states[i] as TorresState;
          if (torres.terminal(s)) continue;
          const o = torres.observe(s, torres.toMove(s));
          expect(torres.moves(o)).toEqual(torres.moves(s));
          expect(torres.serialize(torres.deserialize(torres.serialize(o)))).toBe(
            torres.serialize(o),
          );
          if (torres.moves(o).some((m) => m.kind === 'buy')) {
            buys++;
            expect(() => torres.apply(o, { kind: 'buy' })).toThrow(
              expect.objectContaining({ code: 'HIDDEN_INFORMATION' }),
            );
          }
        }
      }
    }
    expect(buys).toBeGreaterThan(0);
  });

  it('T-OBS-2: an observation keeps no seed: start(view.options) cannot deal the hidden cards again', () => {
    for (const mode of ['shared', 'perColour', 'draft', 'masterHand'] as DeckMode[]) {
      const s = sample({ players: 3, seed: 21, deckMode: mode }, 21, [40])[0] as TorresState;
      for (const seat of [-1, 0, 1, 2]) {
        const o = torres.observe(s, seat);
        expect(o.options.seed).toBeNull();
        expect(o.rng).toEqual([0, 0, 0, 0]);
        // The text a seat receives names no seed either, and reads back as the same view.
        const text = torres.serialize(o);
        expect(text).not.toMatch(/"seed":\s*21/);
        expect(torres.deserialize(text).options.seed).toBeNull();
        expect(() => torres.start(o.options)).toThrow(
          expect.objectContaining({
            code: 'INVALID_OPTIONS',
            message: expect.stringMatching(/seed/),
          }),
        );
      }
    }
    // The full state keeps its seed: a game is still reproduced by its seed and its moves.
    expect(torres.start({ seed: 21 }).options.seed).toBe(21);
  });

  it('T-OBS-2: on a seat’s own view, explain agrees with the full state for every move, legal or not', () => {
    let compared = 0;
    let buys = 0;
    for (const mode of ['shared', 'perColour', 'draft', 'masterHand'] as DeckMode[]) {
      for (let seed = 1; seed <= 2; seed++) {
        const g = randomGame(torres, { players: 2 + seed, seed, deckMode: mode }, seed, {
          maxPlies: 3000,
          keepStates: true,
        });
        // Moves of other plies are mostly illegal here: the refusals must agree too.
        const pool = g.moves.slice(0, 400);
        for (let i = 0; i < g.states.length; i += 11) {
          const s = g.states[i] as TorresState;
          if (torres.terminal(s)) continue;
          const view = torres.observe(s, torres.toMove(s));
          for (const m of [...torres.moves(s), ...pool.slice(i % 300, (i % 300) + 12)]) {
            expect(torres.explain(view, m)).toEqual(torres.explain(s, m));
            if (m.kind === 'buy' && torres.explain(view, m).legal) buys++;
            compared++;
          }
        }
      }
    }
    expect(buys).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(1000);
  });
});
