// H-END-4: the repetition rule's three counts (boardrules, hivegame.com, nokamute), each checked
// against an oracle that compares positions by their pieces as text, not by the engine's hash.
// Every fixture game below was also replayed on nokamute 1.0.3 (edre/nokamute 806ba76, its UHP
// engine built from ../shared/anchors/nokamute-uhp): it reports Draw on exactly the last ply of
// the games marked to end under 'nokamute', and InProgress to the end of the others.
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
/** Two Ants a side: positions that differ only in which Ant stands where. */
const ANTS_OPENING = 'wA1;bA1 wA1-;wQ \\wA1;bQ bA1\\;wA2 /wQ;bA2 bQ\\'.split(';');

/**
 * The pieces on the board as text (hex, level, name), the same for equal positions; with
 * `kinds`, pieces by colour and kind only (wA1 and wA2 both `wA`), as nokamute compares them.
 */
function piecesText(s: HiveState, kinds = false): string {
  return piecesOnBoard(s)
    .map((p) => `${kinds ? p.piece.replace(/[0-9]/g, '') : p.piece}@${p.q},${p.r},${p.level}`)
    .sort()
    .join(' ');
}

/**
 * The oracle: whether the last of `positions` (per ply from ply 1: the pieces text, the same by
 * kinds, and the last mover's piece or '' for a pass) ends the game by repetition under `rule`.
 */
function repeated(rule: RepetitionRule, positions: readonly [string, string, string][]): boolean {
  const n = positions.length;
  const [pieces, kinds, moved] = positions[n - 1] as [string, string, string];
  if (rule === 'nokamute') {
    // nokamute's get_winner: from ply 11, the position 4, 8, …, 32 plies back twice or more.
    if (n <= 10) return false;
    let count = 0;
    for (let back = 4; back <= 32 && back < n; back += 4) {
      if (positions[n - 1 - back]?.[1] === kinds) count++;
    }
    return count >= 2;
  }
  let count = 0;
  for (let i = n - 1; i >= 0; i -= 2) {
    const [p, , m] = positions[i] as [string, string, string];
    if (p === pieces && (rule === 'hivegame' || m === moved)) count++;
  }
  return count >= 3;
}

/** One ply's entry for {@link repeated}. */
function entry(s: HiveState, text: string): [string, string, string] {
  return [piecesText(s), piecesText(s, true), text.split(' ')[0] as string];
}

function playAll(rule: RepetitionRule, texts: readonly string[]): HiveState {
  let s = hive.start({ type: 'Base', repetitionDraw: rule, tournamentOpening: false });
  for (const t of texts) s = hive.apply(s, hive.parseMove(s, t));
  return s;
}

// Games found by random shuffling from OPENING (ANTS_ONLY_NOKAMUTE: from ANTS_OPENING) in which
// the three counts disagree.
const ONLY_TRUE_AND_HIVEGAME =
  'wQ -wS1;bQ wS1\\;wQ \\wS1;bQ bB1\\;wQ -wS1;bQ wS1\\;wQ /wS1;bB1 bQ;wS1 /wQ;bB1 bQ/;wS1 bB1\\;bB1 wS1;wQ \\bQ;bB1 wS1/;wQ -bQ;bB1 wS1;wQ \\bQ;bB1 bQ;wS1 /wQ;bB1 wS1;wQ bQ/;bB1 -wQ;wS1 wQ\\;bQ /bB1;wS1 \\wQ;bQ bB1\\;wS1 wQ\\;bB1 wQ;wS1 \\bB1;bB1 wQ/;wS1 /bQ;bB1 wQ;wS1 bB1-;bB1 \\wQ;wS1 \\bB1;bQ wQ\\;wS1 /wQ;bB1 wQ/;wS1 bQ-;bB1 wQ;wS1 \\bB1;bQ /bB1;wS1 bB1\\;bB1 wS1;wQ bB1/;bB1 bQ\\;wQ \\wS1;bB1 wS1;wQ \\bQ';
const NOT_TRUE =
  'wQ -wS1;bQ wS1\\;wQ /wS1;bB1 wS1/;wQ -wS1;bQ wQ\\;wQ -bQ;bB1 \\wS1;wQ /bQ;bB1 wS1;wQ -bQ;bB1 wS1-;wQ -wS1;bQ wS1\\;wQ /wS1;bB1 wS1/;wQ -wS1;bB1 bQ/';
const ONLY_HIVEGAME =
  'wQ \\bB1;bQ wS1\\;wQ \\wS1;bB1 bQ;wQ -wS1;bB1 bQ\\;wQ /wS1;bB1 bQ-;wQ /bQ;bB1 bQ\\;wS1 /wQ;bB1 bQ;wS1 bB1-;bB1 wS1;wQ bQ\\;bQ \\bB1;wQ bB1\\;bQ -bB1;wQ bB1-;bQ /bB1;wQ bB1\\;bB1 bQ;wS1 wQ\\;bB1 \\wQ;wS1 -bQ;bB1 wQ;wS1 bB1\\;bB1 \\wQ;wS1 -bQ;bB1 wQ/;wS1 \\bB1;bQ /wQ;wS1 bB1\\;bQ wQ\\;wS1 /bQ;bB1 wQ;wS1 \\bB1;bB1 wQ/;wS1 /bQ;bB1 wQ;wS1 \\bB1;bB1 /wS1;wS1 /bB1;bQ bB1\\;wS1 \\wQ;bQ wQ\\;wS1 /bB1;bQ bB1\\;wQ bB1/;bQ wQ\\;wS1 bQ-;bB1 /bQ;wQ -bQ;bB1 wQ;wS1 \\bB1;bB1 /wQ;wS1 bQ-;bB1 wQ\\;wS1 /bB1;bQ bB1-;wS1 \\wQ;bQ bB1/;wS1 bQ-;bB1 wQ;wS1 \\bB1;bB1 wQ\\;wS1 bQ-';
const ANTS_ONLY_NOKAMUTE =
  'wA2 bA2/;bA2 /wQ;wA2 wA1\\;bA1 bQ/;wQ wA1/;bA2 \\bA1;wA2 bA2/;bQ bA1\\;wA1 \\wQ;bQ /bA1;wA2 /wQ;bQ bA1\\;wA1 -wQ;bQ bA1-;wA1 \\wQ;bQ bA1\\;wA2 /bA1;bQ wA2\\;wA1 /wQ;bQ bA1\\;wA2 \\bA2;bQ bA1-;wA2 \\wQ;bQ bA1/;wA1 \\bQ;bA1 wQ\\;wA1 /wQ;bA1 bA2\\;wA2 /bA1;bQ bA2/;wA1 -wQ;bQ \\bA2;wA2 \\bQ;bA1 wA2/;wA1 bA1\\;bA1 -wA2;wA1 \\bA1;bA2 -wA1;wQ bA1\\;bQ wA2-;wQ /bA1;bQ wA2/;wQ bA1\\;bA2 /wQ;wA1 bA2\\;bA1 bQ-;wA1 bA1\\;bA2 -wA2;wA1 bA1/;bA2 bQ\\;wA1 wA2\\;bA2 wA1\\;wQ -wA2;bA2 bA1-;wA1 \\bQ;bA2 /wQ;wA1 -bQ;bA2 bA1\\;wA2 -wQ;bA2 bQ\\;wA2 bA2\\;bA1 \\wA1;wA2 bQ/;bA2 \\wA2;wQ /bA1;bA2 \\bA1;wQ /wA1;bA2 \\wA2;wQ wA1\\;bA2 bQ\\;wA2 bA1/;bA2 wQ\\;wA2 bQ/;bA2 \\wA2;wQ /wA1;bA2 wA2/;wQ /bA1;bA1 -bA2;wQ \\wA1;bA2 /wA1;wQ -wA1;bA2 wA2-;wQ /wA1;bA2 \\wA1';

// A game of `boardrules match` against nokamute (see the test that plays it).
const MATCH_GAME =
  'wL;bB1 wL-;wM /wL;bQ bB1/;wP -wL;bA1 bB1\\;wQ /wP;bA1 -wQ;wM bQ\\;bQ wM/;wA1 wP\\;bA1 wA1\\;wA2 \\wL;bA1 -wQ;wA2 bQ/;bA2 \\bA1;wA1 -bA2;bA3 /bA1;wB1 wP\\;bA3 bA1\\;wA3 wA2-;bM bA2/;wA1 bQ\\;bM wA3/;wB1 wL;bA2 wQ\\;wB2 wA1-;bL /bA1;wG1 \\wA2;bB2 -bA1;wG2 wM\\;bP /bB2;wG2 -bQ;bG1 -bB2;wG1 wA2\\;bG2 \\bB2;wG3 \\wB1;bG3 -bG2;wS1 \\wG2;bM wA3-;wB2 wA3\\;bM wA3/;wS1 -bM;bS1 \\bG2;wB2 wG1\\;bM wA3-;wS1 bM-;bS2 -bS1;wB2 wA3\\;bA2 \\wA3;wB2 bM;bA2 wQ\\;wS2 wA3\\;bA2 \\wA3;wS1 bA2/;bA3 -bA2;wS1 -bA3;bA2 bA1\\;wA3 /bP;bL wQ\\;wA3 bS1/;bS2 wA3/;wG3 wP\\;bL bB2\\;wB1 bB1;bG3 bP\\;wG3 -bG1;bG3 /bS1;wG3 wP\\;bG3 bP\\;wG3 -bG1;bG3 /bS1;wG3 wP\\';

describe('H-END-4: the three repetition counts', () => {
  const cases: [string, readonly string[], string, Record<string, boolean>][] = [
    [
      'true and hivegame, not nokamute',
      OPENING,
      ONLY_TRUE_AND_HIVEGAME,
      { true: true, hivegame: true, nokamute: false },
    ],
    [
      'hivegame and nokamute, not true (the frozen piece differs)',
      OPENING,
      NOT_TRUE,
      { true: false, hivegame: true, nokamute: true },
    ],
    ['hivegame only', OPENING, ONLY_HIVEGAME, { true: false, hivegame: true, nokamute: false }],
    [
      'nokamute only (the two Ants changed places: nokamute compares kinds)',
      ANTS_OPENING,
      ANTS_ONLY_NOKAMUTE,
      { true: false, hivegame: false, nokamute: true },
    ],
  ];
  for (const [label, opening, moves, ends] of cases) {
    it(`H-END-4: a game that only some counts end: ${label}`, () => {
      const texts = [...opening, ...moves.split(';')];
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
        fc.constantFrom(OPENING, ANTS_OPENING),
        fc.array(fc.nat(), { minLength: 8, maxLength: 80 }),
        (rule, opening, choices) => {
          let s = playAll(rule, opening);
          const texts = [...opening];
          const positions: [string, string, string][] = [];
          let t = hive.start({ type: 'Base', tournamentOpening: false });
          for (const text of opening) {
            t = hive.apply(t, hive.parseMove(t, text));
            positions.push(entry(t, text));
          }
          for (const choice of choices) {
            if (hive.terminal(s)) break;
            // Movements only, so that positions come back.
            const moves = hive.moves(s).filter((m) => m.kind === 'move');
            if (moves.length === 0) break;
            const text = hive.formatMove(s, moves[choice % moves.length] as (typeof moves)[number]);
            s = hive.apply(s, hive.parseMove(s, text));
            texts.push(text);
            positions.push(entry(s, text));
            expect(hive.terminal(s), `${String(rule)}: ${texts.join(';')}`).toBe(
              repeated(rule, positions),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("H-END-4: 'nokamute' draws a game where nokamute did (Base+MLP, at ply 73, a 4-ply cycle)", () => {
    // From `boardrules match` against nokamute 1.0.3 (depth 2): nokamute reported Draw after
    // the last ply; boardrules' earlier window (every 2 plies back, shifted from ply 32 on)
    // saw no repetition there.
    const texts = MATCH_GAME.split(';');
    const play = (rule: RepetitionRule, n: number): HiveState => {
      let s = hive.start({ type: 'Base+MLP', repetitionDraw: rule });
      for (const t of texts.slice(0, n)) s = hive.apply(s, hive.parseMove(s, t));
      return s;
    };
    expect(texts).toHaveLength(73);
    expect(outcome(play('nokamute', 73))).toEqual({ winner: null, reason: 'repetition' });
    expect(hive.terminal(play('nokamute', 72))).toBe(false);
    expect(hive.terminal(play(false, 73))).toBe(false);
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
