// The playground's click logic over random legal games of each game: every legal move can be
// played with the page's clicks and buttons, and any click at all either plays a legal move,
// selects, offers buttons or is refused with a reason; never a crash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveClick } from '../../docs/playground/clicks.js';
import { isRulesError } from '../../src/index.js';
import { CASES, gameStates, same } from './harness.js';

describe.each(CASES)('playground clicks: $name', (c) => {
  const { adapter } = c;
  const game = adapter.game;
  const arbitraryGame = fc.tuple(
    fc.nat({ max: c.starts.length - 1 }),
    fc.array(fc.nat(), { minLength: c.plies, maxLength: c.plies }),
  );
  const statesOf = ([start, choices]: [number, number[]]): unknown[] =>
    gameStates(adapter, game.start(c.starts[start] as never), choices);

  it('plays every legal move: a button, one click on its destination, or a piece then its destination', () => {
    fc.assert(
      fc.property(arbitraryGame, (g) => {
        for (const s of statesOf(g)) {
          if (game.terminal(s)) continue;
          const legal = game.moves(s);
          for (const m of legal) {
            const to = adapter.target(m);
            const from = adapter.source(m);
            if (to === null) continue; // a button: the page lists every such move
            const reaches = (o: ReturnType<typeof resolveClick>): boolean =>
              (o.kind === 'play' && same(o.move, m)) ||
              (o.kind === 'choose' && o.moves.some((x) => same(x, m))) ||
              (o.kind === 'select' && o.also.some((x) => same(x, m)));
            if (from === null) {
              const keys = adapter.keys(c.targetClick(to));
              expect(reaches(resolveClick(adapter, s, legal, null, keys))).toBe(true);
              continue;
            }
            const first = resolveClick(
              adapter,
              s,
              legal,
              null,
              adapter.keys(c.sourceClick(s, from)),
            );
            expect(first).toEqual({ kind: 'select', source: from, also: expect.any(Array) });
            const second = resolveClick(adapter, s, legal, from, adapter.keys(c.targetClick(to)));
            expect(reaches(second)).toBe(true);
          }
        }
      }),
      { numRuns: 6 },
    );
  });

  it('answers any click, with or without a selection, without crashing; refusals say why', () => {
    fc.assert(
      fc.property(
        arbitraryGame,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean())),
        (g, clicks) => {
          const states = statesOf(g);
          for (const [i, [k, sel, asTarget]] of clicks.entries()) {
            const s = states[i % states.length];
            if (game.terminal(s)) continue;
            const legal = game.moves(s);
            const keys = c.keys(s);
            const key = keys[k % keys.length] as string;
            // What a person can select: the keys whose click names them as a source.
            const own = keys.filter(
              (x) => adapter.keys(c.sourceClick(s, x)).source === x && adapter.ownPiece(s, x),
            );
            const selected =
              own.length === 0 || sel % 3 === 0 ? null : (own[sel % own.length] as string);
            const click = asTarget ? c.targetClick(key) : c.sourceClick(s, key);
            const o = resolveClick(adapter, s, legal, selected, adapter.keys(click));
            if (o.kind === 'play') expect(legal.some((m) => same(m, o.move))).toBe(true);
            if (o.kind === 'choose') {
              expect(o.moves.length).toBeGreaterThan(1);
              for (const m of o.moves) expect(legal.some((x) => same(x, m))).toBe(true);
            }
            if (o.kind === 'refuse') {
              expect(o.why).toMatch(/\w/);
              expect(o.why).not.toMatch(/undefined|NaN|\[object/);
              // Every refusal names the rule it rests on (the page links to it), and is a
              // sentence: it starts with a capital or a piece's name (wS1).
              expect(o.rule).toMatch(/^[HCT]-[A-Z]/);
              expect(o.why).toMatch(/^([A-Z]|[wb][A-Z])/);
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it("refuses an illegal move with the library's reason and rule (explain, and what apply throws)", () => {
    // The first state of a fixed line of play with a move that starts from a piece, and the
    // destinations that piece cannot reach.
    const line = gameStates(adapter, game.start(c.starts[0] as never), new Array(80).fill(0));
    const s = line.find(
      (x) => !game.terminal(x) && game.moves(x).some((m) => adapter.source(m) !== null),
    );
    const legal = game.moves(s);
    const selected = legal.map((m) => adapter.source(m)).find((x) => x !== null) ?? null;
    let checked = 0;
    for (const key of c.keys(s)) {
      if (selected === null || checked > 20) break;
      const keys = adapter.keys(c.targetClick(key));
      // Own pieces are selected, not moved onto; legal destinations are played.
      if (adapter.keys(c.sourceClick(s, key)).source === key && adapter.ownPiece(s, key)) continue;
      if (legal.some((m) => adapter.source(m) === selected && adapter.target(m) === key)) continue;
      const o = resolveClick(adapter, s, legal, selected, keys);
      const attempt = adapter.attempt(s, selected, keys);
      if (attempt === null || 'why' in attempt) continue;
      let message = '';
      let rule: string | undefined;
      try {
        game.apply(s, attempt.move);
      } catch (e) {
        if (isRulesError(e)) [message, rule] = [e.message, e.rule];
      }
      const explained = game.explain?.(s, attempt.move);
      if (explained === undefined || explained.legal) throw new Error('explain: refused');
      // Every refused move names its rule, and the page passes it on for the link; the words
      // are the reason apply's error gives too.
      expect(rule).toMatch(/^[HCT]-/);
      expect(explained.rule).toBe(rule);
      expect(message).toContain(explained.reason);
      expect(o).toEqual({ kind: 'refuse', why: `Not allowed: ${explained.reason}`, rule });
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('says why a piece of the player to move cannot move, with the rule, instead of selecting it', () => {
    let seen = 0;
    fc.assert(
      fc.property(arbitraryGame, (g) => {
        for (const s of statesOf(g)) {
          if (game.terminal(s)) continue;
          const legal = game.moves(s);
          for (const key of c.keys(s)) {
            const keys = adapter.keys(c.sourceClick(s, key));
            if (keys.source !== key || !adapter.ownPiece(s, key)) continue;
            if (legal.some((m) => adapter.source(m) === key)) continue;
            // Nothing else the click could mean (a move onto the square with no source).
            if (legal.some((m) => adapter.source(m) === null && adapter.target(m) === key))
              continue;
            const o = resolveClick(adapter, s, legal, null, keys);
            expect(o).toEqual({
              kind: 'refuse',
              why: expect.stringMatching(/ cannot (move|be placed) now: \w/),
              rule: expect.stringMatching(/^[HCT]-[A-Z]/),
            });
            seen++;
          }
        }
      }),
      { numRuns: 6 },
    );
    expect(seen).toBeGreaterThan(0);
  });
});
