// H-END-4: the repetition rule's three counts (boardrules, hivegame.com, nokamute), each checked
// against an oracle that compares positions by their pieces as text, not by the engine's hash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatGameString,
  type HiveState,
  hive,
  outcome,
  parseGameString,
  piecesOnBoard,
  UhpEngine,
} from '../../src/hive/index.js';
import type { RepetitionRule } from '../../src/hive/options.js';

const RULES: readonly RepetitionRule[] = [true, 'hivegame', 'nokamute'];
const OPENING = 'wS1;bB1 wS1-;wQ \\wS1;bQ bB1\\'.split(';');

/** The pieces on the board as text (hex, level, name), the same for equal positions. */
function piecesText(s: HiveState): string {
  return piecesOnBoard(s)
    .map((p) => `${p.piece}@${p.q},${p.r},${p.level}`)
    .sort()
    .join(' ');
}

/**
 * The oracle: whether the last of `positions` (pieces text, the last mover's piece or '' for a
 * pass, one per ply from ply 1) ends the game by repetition under `rule`.
 */
function repeated(rule: RepetitionRule, positions: readonly [string, string][]): boolean {
  const n = positions.length;
  const [pieces, moved] = positions[n - 1] as [string, string];
  if (rule === 'nokamute') {
    if (n <= 10) return false;
    const start = n < 32 ? (n % 2 === 0 ? 1 : 0) : n - 32;
    let count = 0;
    for (let i = start; i < n - 4; i += 2) if (positions[i]?.[0] === pieces) count++;
    return count === 2;
  }
  let count = 0;
  for (let i = n - 1; i >= 0; i -= 2) {
    const [p, m] = positions[i] as [string, string];
    if (p === pieces && (rule === 'hivegame' || m === moved)) count++;
  }
  return count >= 3;
}

function playAll(rule: RepetitionRule, texts: readonly string[]): HiveState {
  let s = hive.start({ type: 'Base', repetitionDraw: rule, tournamentOpening: false });
  for (const t of texts) s = hive.apply(s, hive.parseMove(s, t));
  return s;
}

// Games found by random shuffling from OPENING in which the three counts disagree.
const ONLY_TRUE_AND_HIVEGAME =
  'wQ \\bB1;bQ bB1-;wQ \\wS1;bQ bB1/;wQ -bQ;bQ wQ/;wS1 \\bQ;bB1 wQ;wS1 bQ\\;bQ \\bB1;wS1 \\bQ;bB1 /bQ;wQ bQ-;bB1 bQ;wQ bB1/;bB1 /bQ;wQ wS1/;bB1 /wS1;wQ \\wS1;bQ wS1-;wQ \\bQ;bB1 wS1\\;wQ \\wS1;bQ wS1/;wQ \\bQ;bB1 wS1;wQ bQ/;bB1 -wS1;wQ \\bQ;bB1 /wS1;wQ bQ/;bB1 -wS1;wQ \\bQ;bB1 /wS1;wQ bQ/;bB1 wS1\\;wQ \\bQ;bB1 /wS1';
const ONLY_NOKAMUTE =
  'wQ \\bB1;bQ bB1-;wQ \\wS1;bQ bB1/;wQ -bQ;bQ wQ/;wS1 \\bQ;bB1 bQ\\;wQ /wS1;bB1 wQ\\;wQ -wS1;bB1 bQ\\;wQ \\wS1;bB1 bQ-;wQ wS1/;bB1 bQ\\;wQ \\wS1;bB1 /bQ;wQ wS1/;bB1 /wS1;wQ \\wS1;bQ wS1-;wQ \\bQ;bQ wS1\\;wQ \\wS1;bB1 bQ;wQ wS1/;bB1 /bQ;wQ \\wS1;bB1 bQ\\';
const NOT_TRUE =
  'wQ \\bB1;bQ bB1-;wQ \\wS1;bQ bB1/;wQ -bQ;bB1 bQ\\;wS1 \\bQ;bB1 bQ;wQ -wS1;bB1 /bQ;wQ \\wS1;bB1 /wS1;wQ wS1/;bB1 bQ;wQ \\wS1;bB1 /wS1;wQ wS1/;bQ wQ\\;wQ \\wS1;bQ wS1\\';
const ONLY_HIVEGAME =
  'wQ \\bB1;bQ bB1-;wQ \\wS1;bQ bB1/;wQ -bQ;bB1 bQ\\;wS1 \\bQ;bB1 bQ-;wQ -wS1;bB1 bQ\\;wQ \\wS1;bB1 bQ;wQ wS1/;bB1 /bQ;wQ \\wS1;bB1 bQ;wQ wS1/;bB1 /bQ;wQ \\wS1;bB1 bQ\\;wQ wS1/;bB1 bQ;wQ \\wS1;bB1 /wS1;wQ wS1/;bB1 bQ;wQ \\wS1;bB1 /wS1;wQ wS1/;bQ wQ\\;wQ \\wS1;bB1 wS1\\;wQ \\bQ;bB1 /wS1;wQ \\wS1;bQ wS1\\';

describe('H-END-4: the three repetition counts', () => {
  const cases: [string, string, Record<string, boolean>][] = [
    [
      'true and hivegame, not nokamute',
      ONLY_TRUE_AND_HIVEGAME,
      { true: true, hivegame: true, nokamute: false },
    ],
    ['nokamute only', ONLY_NOKAMUTE, { true: false, hivegame: false, nokamute: true }],
    [
      'hivegame and nokamute, not true (the frozen piece differs)',
      NOT_TRUE,
      { true: false, hivegame: true, nokamute: true },
    ],
    ['hivegame only', ONLY_HIVEGAME, { true: false, hivegame: true, nokamute: false }],
  ];
  for (const [label, moves, ends] of cases) {
    it(`H-END-4: a game that only some counts end: ${label}`, () => {
      const texts = [...OPENING, ...moves.split(';')];
      for (const rule of RULES) {
        const s = playAll(rule, texts);
        expect(hive.terminal(s), String(rule)).toBe(ends[String(rule)]);
        if (ends[String(rule)]) {
          expect(outcome(s)).toEqual({ winner: null, reason: 'repetition' });
          // The game ended on its last ply, not before.
          expect(hive.terminal(playAll(rule, texts.slice(0, -1)))).toBe(false);
        }
      }
      expect(hive.terminal(playAll(false, texts))).toBe(false);
    });
  }

  it('H-END-4: each count agrees with the oracle at every ply of random shuffling games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULES),
        fc.array(fc.nat(), { minLength: 8, maxLength: 80 }),
        (rule, choices) => {
          let s = playAll(rule, OPENING);
          const texts = [...OPENING];
          const positions: [string, string][] = [];
          let t = hive.start({ type: 'Base', tournamentOpening: false });
          for (const text of OPENING) {
            t = hive.apply(t, hive.parseMove(t, text));
            positions.push([piecesText(t), text.split(' ')[0] as string]);
          }
          for (const choice of choices) {
            if (hive.terminal(s)) break;
            // Movements only, so that positions come back.
            const moves = hive.moves(s).filter((m) => m.kind === 'move');
            if (moves.length === 0) break;
            const text = hive.formatMove(s, moves[choice % moves.length] as (typeof moves)[number]);
            s = hive.apply(s, hive.parseMove(s, text));
            texts.push(text);
            positions.push([piecesText(s), text.split(' ')[0] as string]);
            expect(hive.terminal(s), `${String(rule)}: ${texts.join(';')}`).toBe(
              repeated(rule, positions),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('H-END-4 / H-UHP-10: the values round-trip through saves and the UHP option', () => {
    for (const rule of RULES) {
      const s = playAll(rule, OPENING);
      expect(parseGameString(formatGameString(s)).options.repetitionDraw).toBe(rule);
    }
    expect(formatGameString(playAll('nokamute', OPENING))).toMatch(
      /^Base\{TournamentOpening=False,RepetitionDraw=Nokamute\}/,
    );
    const e = new UhpEngine();
    expect(e.handle('options get RepetitionDraw')).toBe(
      'RepetitionDraw;enum;False;False;False;True;HiveGame;Nokamute\nok',
    );
    expect(e.handle('options set RepetitionDraw hivegame')).toBe(
      'RepetitionDraw;enum;HiveGame;False;False;True;HiveGame;Nokamute\nok',
    );
    expect(e.handle('options set RepetitionDraw sometimes')).toMatch(/^err /);
    expect(() => hive.start({ repetitionDraw: 'sometimes' as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });
});
