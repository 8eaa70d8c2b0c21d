// The inference test: whole Torres matches through the hardened server (the multiplayer example
// in a child process), for 2, 3 and 4 seats and every deck mode, with every payload each seat
// and a spectator receives recorded. From everything one seat receives, the other seats' hands
// and the deck order cannot be rebuilt: no payload holds a card the seat may not see (T-OBS-1),
// no log shows another seat's private move, nothing carries a seed or RNG state, and no number
// a seat receives (IDs, times, boardgame.io's seed as its default would make it) deals the
// match's cards again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import {
  type CardView,
  type DeckMode,
  type TorresState,
  torres,
} from '../../../src/torres/index.js';
import { Raw, type ServerProcess, startServerProcess, type WireState, waitFor } from './harness.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await server?.stop();
});

const MODES: DeckMode[] = ['shared', 'perColour', 'draft', 'masterHand'];

/** Every Torres state text in a payload (sync state and first state, updates). */
function statesIn(args: readonly unknown[]): string[] {
  const out: string[] = [];
  const visit = (x: unknown) => {
    if (x === null || typeof x !== 'object') return;
    const g = (x as { G?: { state?: unknown } }).G;
    if (g !== undefined && typeof g.state === 'string' && g.state !== '') out.push(g.state);
    for (const v of Object.values(x)) visit(v);
  };
  visit(args);
  return out;
}

/** Every log entry in a payload. */
function logEntriesIn(r: {
  event: string;
  args: readonly unknown[];
}): { action: { payload: { playerID: string; args: unknown } } }[] {
  if (r.event === 'sync') return ((r.args[1] as { log?: unknown[] }).log ?? []) as never;
  if (r.event === 'update') return ((r.args[2] as unknown[] | undefined) ?? []) as never;
  return [];
}

/** Every number, and every string of digits or base-36 letters, in a payload: seed candidates. */
function numbersIn(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(/-?\d+(\.\d+)?/g)) out.add(Number(m[0]));
  for (const m of text.matchAll(/[0-9a-z]{4,12}/g)) {
    const n = Number.parseInt(m[0], 36);
    if (Number.isSafeInteger(n)) out.add(n);
  }
  return [...out].filter((n) => Number.isInteger(n) && n >= 0 && n <= 0xffffffff);
}

async function playWholeMatch(players: number, deckMode: DeckMode, seed: number) {
  const matchID = await server.lobby.create('torres', players, { options: { deckMode } });
  const ids = Array.from({ length: players }, (_, k) => String(k));
  const creds = await Promise.all(ids.map((id) => server.lobby.join('torres', matchID, id)));
  const seats = ids.map(() => new Raw(server.url, 'torres'));
  const spectator = new Raw(server.url, 'torres');
  for (const [k, s] of seats.entries()) {
    await s.connected();
    await s.sync(matchID, String(k), creds[k]);
  }
  await spectator.connected();
  await spectator.sync(matchID, null);
  const rng = new Rng(seed);
  const texts: string[] = [];
  let plies = 0;
  for (;;) {
    const view = torres.deserialize((spectator.state as WireState).G.state);
    if (torres.terminal(view)) break;
    const seat = view.actor;
    const own = torres.deserialize(((seats[seat] as Raw).state as WireState).G.state);
    const ms = torres.moves(own);
    // Buy often, so the decks and the draft are used.
    const buy = ms.find((m) => m.kind === 'buy');
    const m = buy !== undefined && rng.int(2) === 0 ? buy : ms[rng.int(ms.length)];
    const id = (spectator.state as WireState)._stateID;
    const text = torres.formatMove(own, m as never);
    texts.push(text);
    (seats[seat] as Raw).move(matchID, String(seat), creds[seat] as string, text);
    await waitFor(
      () => [...seats, spectator].every((s) => (s.state?._stateID ?? 0) > id),
      `ply ${plies} of ${players}p ${deckMode}`,
    );
    plies++;
  }
  for (const s of [...seats, spectator]) s.close();
  return { matchID, seats, spectator, plies, texts };
}

/** Each seat's own hand after each update, as only that seat was shown it: the truth. */
type Truth = Map<number, string[]>;

/**
 * Whether dealing with `seed` and replaying `texts` gives every seat's true hand after every
 * update (the attack: a wrong deal soon meets a card play it cannot make, or a hand that differs).
 */
function rebuilds(options: object, seed: number, texts: readonly string[], truth: Truth): boolean {
  let s = torres.start({ ...options, seed });
  let compared = 0;
  try {
    for (const [i, text] of texts.entries()) {
      s = torres.apply(s, torres.parseMove(s, text));
      const hands = truth.get(i + 1);
      if (hands === undefined) continue;
      if (!s.seats.every((p, q) => p.hand.join() === hands[q])) return false;
      compared++;
    }
  } catch {
    return false;
  }
  return compared > 0;
}

describe('nothing a seat receives rebuilds what it may not see (T-OBS-1)', () => {
  it('the attack works where a seed is known: a seeded deal is rebuilt from its seed and the moves', () => {
    for (const deckMode of ['shared', 'perColour', 'draft'] as DeckMode[]) {
      const options = { players: 3, deckMode };
      let s = torres.start({ ...options, seed: 777 });
      const texts: string[] = [];
      const rng = new Rng(1);
      for (let i = 0; i < 150 && !torres.terminal(s); i++) {
        const ms = torres.moves(s);
        const m = ms.find((x) => x.kind === 'buy') ?? (ms[rng.int(ms.length)] as never);
        texts.push(torres.formatMove(s, m));
        s = torres.apply(s, m);
      }
      // The truth as the seats would have been shown it, after every move.
      const truth: Truth = new Map();
      let t = torres.start({ ...options, seed: 777 });
      for (const [i, text] of texts.entries()) {
        t = torres.apply(t, torres.parseMove(t, text));
        truth.set(
          i + 1,
          t.seats.map((p) => p.hand.join()),
        );
      }
      expect([...truth.values()].some((hands) => hands.some((h) => h !== ''))).toBe(true);
      expect(rebuilds(options, 777, texts, truth)).toBe(true);
      expect(rebuilds(options, 778, texts, truth)).toBe(false);
    }
  });

  for (const players of [2, 3, 4]) {
    for (const deckMode of MODES) {
      it(`${players} seats, ${deckMode}: every payload of whole matches, for each seat and a spectator`, async () => {
        const { seats, spectator, plies, texts } = await playWholeMatch(
          players,
          deckMode,
          players * 10 + MODES.indexOf(deckMode),
        );
        expect(plies).toBeGreaterThan(50);
        // The truth, as each seat alone was shown it: its own hand after every update.
        const truth: Truth = new Map();
        for (const [q, s] of seats.entries()) {
          for (const r of s.received) {
            if (r.event !== 'update') continue;
            const state = r.args[1] as WireState;
            const hands = truth.get(state._stateID) ?? seats.map(() => '');
            hands[q] = torres.deserialize(state.G.state).seats[q]?.hand.join() ?? '';
            truth.set(state._stateID, hands);
          }
        }
        expect([...truth.values()].some((hands) => hands.some((h) => h !== ''))).toBe(true);
        let keepsSeen = 0;
        for (const [k, recorder] of [...seats.entries(), [-1, spectator] as const]) {
          for (const r of recorder.received) {
            // No seed of boardgame.io's random plugin anywhere.
            expect(r.text).not.toMatch(/"random"\s*:\s*\{\s*"data"\s*:\s*\{\s*"seed"/);
            for (const text of statesIn(r.args)) {
              const s = torres.deserialize(text) as TorresState;
              expect(s.options.seed).toBeNull();
              expect(s.rng).toEqual([0, 0, 0, 0]);
              expect(s.deck.every((c) => c === '?')).toBe(true);
              for (const [q, p] of s.seats.entries()) {
                expect(p.deck.every((c: CardView) => c === '?')).toBe(true);
                if (q !== k && deckMode !== 'masterHand')
                  expect(p.hand.every((c) => c === '?')).toBe(true);
              }
              if (s.actor !== k) {
                expect(s.turn.pending.every((c) => c === '?')).toBe(true);
                if (deckMode !== 'masterHand')
                  expect(s.turn.bought.every((c) => c === '?')).toBe(true);
              }
            }
            // Another seat's private move reaches this one only redacted.
            for (const entry of logEntriesIn(r)) {
              const args = entry.action.payload.args;
              const text = Array.isArray(args) ? String(args[0]) : '';
              if (entry.action.payload.playerID !== String(k)) expect(text).not.toMatch(/^keep /);
              if (text.startsWith('keep ')) keepsSeen++;
            }
          }
          // No number this seat received deals the match's cards (seeds as boardgame.io's
          // default or a lobby's setup data would have made them, IDs, times, update counts).
          if (k >= 0 && deckMode !== 'masterHand') {
            const candidates = new Set(recorder.received.flatMap((r) => numbersIn(r.text)));
            const options = torres.deserialize(
              statesIn(recorder.received[0]?.args ?? [])[0] as string,
            ).options;
            for (const seed of candidates) {
              // Deal with the candidate and replay the match's moves: a wrong deal soon meets a
              // card play it cannot make; a right one ends with every seat's true hand.
              expect(rebuilds(options, seed, texts, truth), `seed ${seed}`).toBe(false);
            }
            expect(candidates.size).toBeGreaterThan(10);
          }
        }
        if (deckMode === 'draft') expect(keepsSeen).toBeGreaterThan(0);
      }, 120_000);
    }
  }
});
