import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/core/random-game.js';
import { regionsOf } from '../../src/geometry/grid.js';
import { CARD_NAMES, GRID, squareIndex, squareName, torres } from '../../src/torres/index.js';
import { at, expectSet, kinds, play, targets, texts } from './helpers.js';

const fromTo = (s: ReturnType<typeof at>, card: string): string[] =>
  kinds(s, 'play', card).map((m) => `${(m as { from: string }).from}-${(m as { to: string }).to}`);

// Six lone castles far from the action, so T-GEO-7's "at least 6" does not interfere.
const SIX = 'a1=1 h1=1 a8=1 h8=1 a6=1 h6=1';

describe('action cards (T-CARD-*)', () => {
  it('T-CARD-AP6-1: ap6 raises the limit to 6 AP for this turn', () => {
    const s = play(at({ me: { hand: ['ap6'] }, turn: { apUsed: 5 } }), 'play ap6');
    expect(s.turn.apLimit).toBe(6);
    expect(texts(s)).toContain('+1');
  });

  it('T-CARD-AP7-1 / T-AP-1: ap7 after 5 AP gives exactly 2 more moves', () => {
    let s = at({ p: 'W@a1', me: { hand: ['ap7'] }, turn: { apUsed: 5 } });
    expect(kinds(s, 'move')).toHaveLength(0);
    s = play(s, 'play ap7', 'a1-a2', 'a2-a3');
    expect(s.turn.apLimit).toBe(7);
    expect(kinds(s, 'move')).toHaveLength(0);
    expect(texts(s)).toEqual(['end']);
  });

  it('T-CARD-SUPPLY-1: a block from the supply, free of AP and of the active stack', () => {
    const s = at({ h: 'c3=1', me: { hand: ['supplyBlock'] }, turn: { active: 0, apUsed: 5 } });
    expect(targets(s, 'play', 'supplyBlock')).toContain('c4');
    const t = play(s, 'play supplyBlock c4');
    expect(t.supply).toBe(s.supply - 1);
    expect(t.heights[squareIndex('c4')]).toBe(1);
    expect(t.turn.apUsed).toBe(5);
    expect(
      kinds(
        at({ h: 'c3=1', me: { hand: ['supplyBlock'] }, state: { supply: 0 } }),
        'play',
        'supplyBlock',
      ),
    ).toHaveLength(0);
  });

  it('T-CARD-UNDER-1: a block under an own knight founds, extends or raises a castle', () => {
    const s = at({
      h: 'b7=1',
      p: 'W@a6',
      me: { hand: ['blockUnder'], stacks: [2, 2, 1] },
      turn: { active: 1 },
    });
    expect(texts(s).filter((t) => t.startsWith('play blockUnder'))).toEqual([
      'play blockUnder a6 /a',
      'play blockUnder a6 /1',
      'play blockUnder a6 /2',
    ]);
    const t = play(s, 'play blockUnder a6 /2');
    expect(t.heights[squareIndex('a6')]).toBe(1);
    expect(t.seats[0]?.stacks).toEqual([2, 1, 1]);
    const merge = at({ h: 'a7=1 b6=1', p: 'W@a6', me: { hand: ['blockUnder'] } });
    expect(kinds(merge, 'play', 'blockUnder')).toHaveLength(0);
    // raising in a castle stays within the area (T-GEO-5)
    const capped = at({ h: 'c3=2 d3=1', p: 'W@c3', me: { hand: ['blockUnder'] } });
    expect(kinds(capped, 'play', 'blockUnder')).toHaveLength(0);
  });

  it('T-CARD-MOVEBLOCK-1: lift, no split, place (may found), height cap and 6 castles at the end', () => {
    const s = at({ h: `c3=1 d3=1 e3=1 ${SIX}`, me: { hand: ['moveBlock'] } });
    const mb = fromTo(s, 'moveBlock');
    expect(mb.filter((m) => m.startsWith('d3-'))).toEqual([]); // would split c3 | e3
    expect(mb).toContain('c3-c5'); // founds a new castle
    expect(mb).toContain('c3-e4'); // extends the rest
    expect(mb).toContain('a1-d3'); // raises d3 (area 3, height 2) — a1 eliminated, still 7 castles
    // The area may not drop below the height: c3 is the foot of d3's stack of 2.
    const t = at({ h: `c3=1 d3=2 ${SIX}`, me: { hand: ['moveBlock'] } });
    const mt = fromTo(t, 'moveBlock');
    expect(mt).toContain('c3-d4');
    expect(mt).not.toContain('c3-c5');
    expect(mt).toContain('d3-c5'); // the top block of d3 may go
    // Occupied squares (a knight or the king) neither give nor take a block (T-KING-2).
    const u = at({ h: `c3=1 d3=1 ${SIX}`, p: 'K@c3 W@h1', me: { hand: ['moveBlock'] } });
    const mu = fromTo(u, 'moveBlock');
    expect(mu.some((m) => m.startsWith('c3-') || m.endsWith('-c3') || m.startsWith('h1-'))).toBe(
      false,
    );
    const v = play(s, 'play moveBlock c3-c5');
    expect(v.heights[squareIndex('c3')]).toBe(0);
    expect(v.heights[squareIndex('c5')]).toBe(1);
  });

  it('T-CARD-RELOCATE-1: a knight goes anywhere next to another own knight at its level or lower', () => {
    expect(kinds(at({ p: 'W@a1', me: { hand: ['relocate'] } }), 'play', 'relocate')).toHaveLength(
      0,
    );
    const s = at({ h: 'h8=1', p: 'W@a1 W@h8', me: { hand: ['relocate'] } });
    expect(targets(s, 'play', 'relocate', 'a1')).toEqual(['g8', 'h7']);
  });

  it('T-CARD-DIAGONAL-1: one diagonal square, up one level at most', () => {
    const s = at({ h: 'c3=1 d4=2 d5=1', p: 'W@c3', me: { hand: ['diagonal'] } });
    expectSet(targets(s, 'play', 'diagonal'), 'b2 b4 d2 d4');
  });

  it('T-CARD-DOOR-1: in by an adjacent door, out by any door of that castle', () => {
    const s = at({ h: 'c3=1 d3=4 e3=3 f3=2 d4=1', p: 'W@b3', me: { hand: ['anyDoor'] } });
    expectSet(targets(s, 'play', 'anyDoor'), 'c2 c3 c4 d2 d4 d5 e2 e3 e4 f2 f3 f4 g3');
  });

  it('T-CARD-JUMP-1: over one knight in a straight line, any level change; not over the king', () => {
    const s = at({ h: 'c3=1 d3=3 d4=1 d5=1', p: 'W@b3 B@c3', me: { hand: ['jumpKnight'] } });
    expect(targets(s, 'play', 'jumpKnight')).toEqual(['d3']);
    const k = at({ h: 'c3=1 d3=3 d4=1 d5=1', p: 'W@b3 K@c3', me: { hand: ['jumpKnight'] } });
    expect(targets(k, 'play', 'jumpKnight')).toEqual([]);
    const ko = at({
      h: 'c3=1 d3=3 d4=1 d5=1',
      p: 'W@b3 K@c3',
      me: { hand: ['jumpKnight'] },
      options: { jumpOverKing: true },
    });
    expect(targets(ko, 'play', 'jumpKnight')).toEqual(['d3']);
  });

  it('T-CARD-CLIMB2-1: exactly two levels up (option upTo: at most two)', () => {
    const s = at({ h: 'c3=1 d3=3 b3=2', p: 'W@c3', me: { hand: ['climbTwo'] } });
    expect(targets(s, 'play', 'climbTwo')).toEqual(['d3']);
    const u = at({
      h: 'c3=1 d3=3 b3=2',
      p: 'W@c3',
      me: { hand: ['climbTwo'] },
      options: { climbTwo: 'upTo' },
    });
    expectSet(targets(u, 'play', 'climbTwo'), 'b3 c2 c4 d3');
  });
});

describe('buying and playing (T-BUY, T-PLAY)', () => {
  it('T-BUY-1: 1 AP, at most 2 per turn, only from a non-empty deck', () => {
    let s = at({});
    expect(texts(s)).toContain('buy');
    s = play(s, 'buy', 'buy');
    expect(s.turn.apUsed).toBe(2);
    expect(s.seats[0]?.hand).toHaveLength(2);
    expect(texts(s)).not.toContain('buy');
    expect(texts(at({ state: { deck: [] } }))).not.toContain('buy');
    expect(texts(at({ turn: { apUsed: 5 } }))).not.toContain('buy');
  });

  it('T-BUY-2: a card bought this turn cannot be played this turn', () => {
    const deck = ['ap6', 'ap7'] as const;
    const withOld = play(at({ me: { hand: ['ap6'] }, state: { deck: [...deck] } }), 'buy');
    expect(withOld.seats[0]?.hand).toEqual(['ap6', 'ap6']);
    expect(kinds(withOld, 'play', 'ap6')).toHaveLength(1);
    const fresh = play(at({ state: { deck: [...deck] } }), 'buy');
    expect(kinds(fresh, 'play')).toHaveLength(0);
  });

  it('T-PLAY-1: 0 AP, at any time of the actions step, at most one per turn, then out of the game', () => {
    const s = at({ me: { hand: ['ap6', 'ap7'] }, turn: { apUsed: 5 } });
    expect(kinds(s, 'play')).toHaveLength(2);
    const t = play(s, 'play ap7');
    expect(t.turn.apUsed).toBe(5);
    expect(t.seats[0]?.hand).toEqual(['ap6']);
    expect(t.seats[0]?.played).toEqual(['ap7']); // out of the game, on the public record
    expect(kinds(t, 'play')).toHaveLength(0);
    expect(t.deck).toEqual(s.deck);
  });

  it('T-PLAY-2: a card with no legal effect is not playable; ap6/ap7 always are', () => {
    const s = at({ p: 'W@d4', me: { hand: ['ap6', 'relocate', 'diagonal', 'jumpKnight'] } });
    const cards = kinds(s, 'play').map((m) => (m as { card: string }).card);
    expect(new Set(cards)).toEqual(new Set(['ap6', 'diagonal']));
  });

  it('T-PLAY-3: cards are played only in the own actions step', () => {
    const s = at({ me: { hand: ['ap6'], stacks: [2, 1] }, state: { step: 'chooseStack' } });
    expect(texts(s)).toEqual(['stack 1', 'stack 2']);
  });
});

describe('deck modes (T-DECK, T-DRAFT)', () => {
  it('T-DECK-1: shared 40, per-colour 10 each, draft per colour, masterHand 10 in hand and no buying', () => {
    const shared = torres.start({ players: 2, seed: 3 });
    expect(shared.deck).toHaveLength(40);
    for (const c of CARD_NAMES) expect(shared.deck.filter((x) => x === c)).toHaveLength(4);
    for (const mode of ['perColour', 'draft'] as const) {
      const s = torres.start({ players: 3, seed: 3, deckMode: mode });
      expect(s.deck).toHaveLength(0);
      for (const seat of s.seats) expect([...seat.deck].sort()).toEqual([...CARD_NAMES].sort());
    }
    const mh = torres.start({ players: 4, deckMode: 'masterHand' });
    for (const seat of mh.seats) expect(seat.hand).toEqual([...CARD_NAMES]);
    expect(texts(at({ options: { deckMode: 'masterHand' } }))).not.toContain('buy');
    // per-colour: buying draws from the seat's own deck
    const pc = at({ options: { deckMode: 'perColour' } });
    const after = play(pc, 'buy');
    expect(after.seats[0]?.deck).toHaveLength(9);
    expect(after.seats[1]?.deck).toHaveLength(10);
    expect(after.seats[0]?.hand).toEqual([pc.seats[0]?.deck[0]]);
  });

  it('T-DECK-2: no reshuffle; an empty deck ends buying; played cards leave the game', () => {
    let s = at({ state: { deck: ['ap6'] } });
    s = play(s, 'buy');
    expect(s.deck).toEqual([]);
    expect(texts(s)).not.toContain('buy');
  });

  it('T-DRAFT-1: buy draws three into pending; keep puts one in hand, counting as bought', () => {
    const s = at({ options: { deckMode: 'draft' }, me: { deck: [...CARD_NAMES] } });
    const t = play(s, 'buy');
    expect(t.step).toBe('draftKeep');
    expect(t.turn.pending).toEqual(['ap6', 'ap7', 'supplyBlock']);
    expect(texts(t)).toEqual(['keep ap6', 'keep ap7', 'keep supplyBlock']);
    const u = play(t, 'keep ap7');
    expect(u.seats[0]?.hand).toEqual(['ap7']);
    expect(u.turn.bought).toEqual(['ap7']);
    expect(u.step).toBe('draftReturn');
  });

  it('T-DRAFT-2: the other cards go back together, in drawn order, on top or at the bottom', () => {
    const s = at({ options: { deckMode: 'draft' }, me: { deck: [...CARD_NAMES] } });
    const bottom = play(s, 'buy', 'keep ap7', 'return bottom');
    expect(bottom.seats[0]?.deck).toEqual([...CARD_NAMES.slice(3), 'ap6', 'supplyBlock']);
    expect(bottom.step).toBe('actions');
    const top = play(s, 'buy', 'keep ap7', 'return top');
    expect(top.seats[0]?.deck).toEqual(['ap6', 'supplyBlock', ...CARD_NAMES.slice(3)]);
  });

  it('T-DRAFT-3: a second purchase repeats the draw; the limit of 2 still applies', () => {
    const s = at({ options: { deckMode: 'draft' }, me: { deck: [...CARD_NAMES] } });
    const t = play(s, 'buy', 'keep ap7', 'return top', 'buy');
    expect(t.turn.pending).toEqual(['ap6', 'supplyBlock', 'blockUnder']);
    const u = play(t, 'keep blockUnder', 'return top');
    expect(u.seats[0]?.hand).toEqual(['ap7', 'blockUnder']);
    expect(texts(u)).not.toContain('buy');
    // a draw of one card is kept automatically (T-FLOW-4)
    const one = play(at({ options: { deckMode: 'draft' }, me: { deck: ['diagonal'] } }), 'buy');
    expect(one.step).toBe('actions');
    expect(one.seats[0]?.hand).toEqual(['diagonal']);
  });
});

describe('T-CARD-MOVEBLOCK-1 against a literal oracle', () => {
  // The spec's four steps, written out naively with the grid helper on copies of the board.
  function oracle(s: ReturnType<typeof at>): string[] {
    const out: string[] = [];
    const castleCount = (h: number[]): number => regionsOf(GRID, h).length;
    const valid = (h: number[]): boolean =>
      regionsOf(GRID, h).every((r) => Math.max(...r.map((q) => h[q] as number)) <= r.length);
    for (let f = 0; f < 64; f++) {
      if ((s.heights[f] as number) < 1 || s.pieces[f] !== null) continue;
      const lifted = [...s.heights];
      lifted[f] = (lifted[f] as number) - 1;
      if (lifted[f] === 0) {
        const before = regionsOf(GRID, s.heights).find((r) => r.includes(f)) as number[];
        const rest = before.filter((q) => q !== f);
        const after = regionsOf(GRID, lifted);
        if (rest.length > 0 && !after.some((r) => rest.every((q) => r.includes(q)))) continue; // split
      }
      for (let t = 0; t < 64; t++) {
        if (t === f || s.pieces[t] !== null) continue;
        const regs = regionsOf(GRID, lifted);
        const adj = new Set(
          regs.flatMap((r, i) =>
            r.some((q) => Math.abs((q & 7) - (t & 7)) + Math.abs((q >> 3) - (t >> 3)) === 1)
              ? [i]
              : [],
          ),
        );
        const ht = lifted[t] as number;
        if (ht >= 1) {
          const area = (regs.find((r) => r.includes(t)) as number[]).length;
          if (ht + 1 > area) continue;
        } else if (adj.size >= 2) continue;
        const final = [...lifted];
        final[t] = ht + 1;
        if (!valid(final) || castleCount(final) < 6) continue;
        out.push(`${squareName(f)}-${squareName(t)}`);
      }
    }
    return out.sort();
  }

  it('T-CARD-MOVEBLOCK-1: the generated moves equal the literal reading on random mid-game boards', () => {
    let checked = 0;
    let total = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const g = randomGame(torres, { players: 2 + (seed % 3), seed }, seed, {
        maxPlies: 3000,
        keepStates: true,
      });
      for (let i = 20; i < g.states.length; i += 37) {
        const st = g.states[i] as ReturnType<typeof at>;
        const s = at({
          options: { players: st.options.players },
          state: { heights: st.heights, pieces: st.pieces },
          me: { hand: ['moveBlock'] },
        });
        const want = oracle(s);
        expect(fromTo(s, 'moveBlock').sort(), `seed ${seed} ply ${i}`).toEqual(want);
        checked++;
        total += want.length;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(total).toBeGreaterThan(1000);
  });
});

describe('knight cards against literal oracles', () => {
  const xy = (q: number): [number, number] => [q & 7, q >> 3];
  const dist = (a: number, b: number): number =>
    Math.abs((a & 7) - (b & 7)) + Math.abs((a >> 3) - (b >> 3));
  const orth = (a: number, b: number): boolean => dist(a, b) === 1;
  const diag = (a: number, b: number): boolean => {
    const [ax, ay] = xy(a);
    const [bx, by] = xy(b);
    return Math.abs(ax - bx) === 1 && Math.abs(ay - by) === 1;
  };

  function oracle(s: ReturnType<typeof at>, card: string): string[] {
    const out: string[] = [];
    const h = s.heights;
    const free = (q: number): boolean => s.pieces[q] === null;
    const castleOf = (q: number): number[] => regionsOf(GRID, h).find((r) => r.includes(q)) ?? [];
    for (let f = 0; f < 64; f++) {
      if (s.pieces[f] !== 0) continue;
      for (let t = 0; t < 64; t++) {
        if (t === f || !free(t)) continue;
        const hf = h[f] as number;
        const ht = h[t] as number;
        let ok = false;
        if (card === 'relocate') {
          ok = [...Array(64).keys()].some(
            (a) => a !== f && s.pieces[a] === 0 && orth(a, t) && (h[a] as number) >= ht,
          );
        } else if (card === 'diagonal') {
          ok = diag(f, t) && ht <= hf + 1;
        } else if (card === 'climbTwo') {
          ok = orth(f, t) && ht === hf + 2;
        } else if (card === 'jumpKnight') {
          const [fx, fy] = xy(f);
          const [tx, ty] = xy(t);
          const straight =
            (fx === tx && Math.abs(fy - ty) === 2) || (fy === ty && Math.abs(fx - tx) === 2);
          const mid = s.pieces[((fy + ty) / 2) * 8 + (fx + tx) / 2];
          ok = straight && typeof mid === 'number';
        } else if (card === 'anyDoor') {
          // entrances at the knight's level; exits next to a taller square of that castle
          for (let e = 0; e < 64; e++) {
            if (!orth(f, e) || (h[e] as number) <= hf) continue;
            const c = castleOf(e);
            if (c.some((q) => orth(q, t) && (h[q] as number) > ht)) ok = true;
          }
        }
        if (ok) out.push(`${squareName(f)}-${squareName(t)}`);
      }
    }
    return out.sort();
  }

  it('T-CARD-RELOCATE-1 / T-CARD-DIAGONAL-1 / T-CARD-DOOR-1 / T-CARD-JUMP-1 / T-CARD-CLIMB2-1: generated moves equal the literal readings on random boards', () => {
    let total = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const g = randomGame(torres, { players: 2 + (seed % 3), seed: seed + 40 }, seed, {
        maxPlies: 3000,
        keepStates: true,
      });
      for (let i = 30; i < g.states.length; i += 41) {
        const st = g.states[i] as ReturnType<typeof at>;
        for (const card of ['relocate', 'diagonal', 'anyDoor', 'jumpKnight', 'climbTwo']) {
          const s = at({
            options: { players: st.options.players },
            state: { heights: st.heights, pieces: st.pieces },
            me: { hand: [card as 'relocate'] },
          });
          const want = oracle(s, card);
          expect(fromTo(s, card).sort(), `${card} seed ${seed} ply ${i}`).toEqual(want);
          total += want.length;
        }
      }
    }
    expect(total).toBeGreaterThan(500);
  });
});
