// The playground's words: an instruction for every state of random legal games (and for each
// step of the Torres turn flow, T-FLOW-1), button labels, the status line and the result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyAdapter } from '../../docs/playground/adapter.js';
import { SERVED } from '../../docs/playground/bots.js';
import { Session } from '../../docs/playground/session.js';
import { instructionText, resultText, statusText } from '../../docs/playground/texts.js';
import { torresAdapter } from '../../docs/playground/torres.js';
import { coerceo, resign } from '../../src/coerceo/index.js';
import { hive } from '../../src/hive/index.js';
import {
  STEP_NAMES,
  type TorresMove,
  type TorresState,
  type TorresStep,
  torres,
} from '../../src/torres/index.js';
import { loopback } from '../support/bot-worker.js';
import { CASES, coerceoCase, gameStates, hiveCase, torresCase } from './harness.js';

/** The bots' worker, here in this thread behind a message channel. */
const spawn = loopback(SERVED);

/** Text that leaks code into the page: a missing value, or a step's code name. */
const LEAK = new RegExp(
  `undefined|NaN|null|\\[object|\\b(${STEP_NAMES.filter((s) => s !== 'actions' && s !== 'over').join('|')})\\b`,
);

describe.each(CASES)('playground instructions: $name', (c) => {
  const { adapter } = c;
  const game = adapter.game;
  it('say what to do in every state of random games, with and without a selection', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: c.starts.length - 1 }),
        fc.array(fc.nat(), { minLength: c.plies, maxLength: c.plies }),
        (start, choices) => {
          for (const s of gameStates(adapter, game.start(c.starts[start] as never), choices)) {
            if (game.terminal(s)) continue;
            const legal = game.moves(s);
            const sources = [...new Set(legal.map((m) => adapter.source(m)))].slice(0, 3);
            for (const selected of sources) {
              const text = adapter.instruct(s, { legal, selected });
              expect(text.length).toBeGreaterThan(20);
              expect(text).not.toMatch(LEAK);
            }
            for (const m of legal) {
              const label = adapter.label?.(s, m) ?? game.formatMove(s, m);
              expect(label).toMatch(/\w/);
              expect(label).not.toMatch(LEAK);
            }
          }
        },
      ),
      { numRuns: 4 },
    );
  });
});

describe('playground instructions: the Torres turn flow (T-FLOW-1)', () => {
  const says: Record<TorresStep, RegExp> = {
    setupCastle: /^Master setup: click a marked square to build a one-block castle/,
    setupKnight: /^Place your starting knight: click a marked square/,
    setupKing: /^Place the king: click a marked square/,
    chooseStack:
      /^Choose the stack of blocks you build with this turn: click one of the buttons \(your stacks: \d/,
    actions:
      /^\d+ of \d action points left, \d+ blocks? left in this turn's stack\. To act, .*end the turn\./,
    draftKeep: /^You drew \w+(, \w+)*( or \w+)?: click the button of the card to keep\.$/,
    draftReturn: /^Put the cards you did not keep back on your deck: on the top or at the bottom/,
    redistribute: /^Spread your unused blocks over your other stacks: .* \(\d+ blocks? to go\)\.$/,
    kingMove: /^You have the fewest points, so you may move the king: click a marked castle square/,
    over: /^The game is over\.$/,
  };
  const instruct = (s: TorresState): string =>
    torresAdapter.instruct(s, { legal: torres.terminal(s) ? [] : torres.moves(s), selected: null });

  /** Plays `pick`'s choice (default the first legal move) until `until` holds. */
  function playUntil(
    s: TorresState,
    until: (s: TorresState) => boolean,
    pick: (s: TorresState, legal: readonly TorresMove[]) => TorresMove = (_s, l) =>
      l[0] as TorresMove,
  ): TorresState {
    for (let i = 0; !until(s); i++) {
      if (i > 2000 || torres.terminal(s)) throw new Error('never reached');
      s = torres.apply(s, pick(s, torres.moves(s)));
    }
    return s;
  }

  it('has an instruction for every step, matching what the step asks for', () => {
    const seen = new Set<TorresStep>();
    const check = (s: TorresState): void => {
      seen.add(s.step);
      expect(instruct(s)).toMatch(says[s.step]);
    };
    // Random complete games of the basic, draft and master versions pass through most steps.
    for (const start of [...torresCase.starts, { players: 3, seed: 9 }]) {
      const choices = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1009);
      for (const s of gameStates(torresAdapter, torres.start(start), choices)) check(s);
    }
    // Redistribution asks only with other stacks of different sizes: stacks 3, 2 and 1, the
    // 3 chosen and ended at once leave 3 blocks for the 2 and the 1 (T-REDIST-1).
    let s = torres.start({
      players: 2,
      phaseStacks: [
        [3, 2, 1],
        [3, 2, 1],
        [3, 2, 1],
      ],
    });
    s = playUntil(s, (x) => x.step === 'chooseStack');
    s = torres.apply(s, { kind: 'stack', size: 3 });
    s = torres.apply(s, { kind: 'end' });
    expect(s.step).toBe('redistribute');
    check(s);
    expect(
      torres
        .moves(s)
        .map((m) => torresAdapter.label?.(s, m))
        .sort(),
    ).toEqual(['Add a block to a stack of 1', 'Add a block to a stack of 2']);
    for (const step of STEP_NAMES) expect(seen).toContain(step);
  });

  it('names the action points, the blocks, what can be clicked and the cards in hand', () => {
    let s = torres.start({ players: 2, deckMode: 'shared' });
    s = playUntil(s, (x) => x.step === 'actions');
    expect(instruct(s)).toBe(
      "5 of 5 action points left, 3 blocks left in this turn's stack. To act, click a marked square to place a block (1 AP) or bring in a new knight (2 AP); click one of your knights, then a marked square, to move it (1 AP); or use a button: +1 point (1 AP), buy a card (1 AP) or end the turn.",
    );
    s = torres.apply(s, { kind: 'buy' });
    const card = s.seats[s.actor]?.hand[0];
    expect(instruct(s)).toMatch(new RegExp(`^4 of 5 action points left.* Your cards: ${card}\\.$`));
    // A knight selected: where it goes and what else to do.
    const knight = torres.moves(s).find((m) => m.kind === 'move');
    if (knight?.kind !== 'move') throw new Error('no knight move');
    expect(torresAdapter.instruct(s, { legal: torres.moves(s), selected: knight.from })).toMatch(
      new RegExp(
        `^The knight on ${knight.from} is selected: click a marked square to move it there \\(1 AP; \\d+ choices?\\)`,
      ),
    );
  });
});

describe('playground texts: status and result', () => {
  it('says who is to move, a bot thinking, and the result with its reason', () => {
    const session = new Session(coerceoCase.adapter as AnyAdapter, spawn);
    session.start({}, ['human', 'random'], 10);
    expect(statusText(session)).toBe('White to move');
    session.play(coerceo.moves(session.state as never)[0]);
    expect(statusText(session)).toBe('Black to move: the random bot is thinking…');
    expect(instructionText(session, [])).toBe(
      'Wait for the bot to move, or press Stop to pause it.',
    );
    session.pause();
    expect(statusText(session)).toBe('Black to move: the random bot is stopped');
    expect(instructionText(session, [])).toBe(
      'Press Go on to let the bot move, or Undo to take moves back.',
    );
    session.resume();
    session.reset(resign(coerceo.start(), 'black'));
    expect(statusText(session)).toBe('Game over. White wins: Black resigned.');
    expect(instructionText(session, [])).toMatch(/^Press New game/);
  });

  it('names the winner of Hive, or the draw', () => {
    let s = hive.start({ type: 'Base' });
    for (const t of [
      'wS1',
      'bB1 /wS1',
      'wQ wS1-',
      'bQ bB1\\',
      'wS2 wQ\\',
      'bQ wS1\\',
      'wA1 \\wQ',
      'bG1 bB1\\',
      'wA1 bQ\\',
    ])
      s = hive.apply(s, hive.parseMove(s, t));
    expect(resultText(hiveCase.adapter as AnyAdapter, s)).toBe(
      "White wins: Black's Queen Bee is surrounded.",
    );
    // The game-ending options the page offers (H-END-4, H-END-5) give their draws a reason.
    let capped = hive.start({ maxPlies: 4 });
    for (const t of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-']) {
      capped = hive.apply(capped, hive.parseMove(capped, t));
    }
    expect(resultText(hiveCase.adapter as AnyAdapter, capped)).toBe(
      'Draw: no result after 4 plies (the ply limit, H-END-5).',
    );
    let repeated = hive.start({ repetitionDraw: true });
    for (const t of ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-']) {
      repeated = hive.apply(repeated, hive.parseMove(repeated, t));
    }
    // The Queens step out and back twice: the position after bQ's step back is the third.
    for (let i = 0; !hive.terminal(repeated); i++) {
      expect(i).toBeLessThan(12);
      const t = ['wQ \\wS1', 'bQ bS1\\', 'wQ -wS1', 'bQ bS1-'][i % 4] as string;
      repeated = hive.apply(repeated, hive.parseMove(repeated, t));
    }
    expect(resultText(hiveCase.adapter as AnyAdapter, repeated)).toBe(
      'Draw: the same position came up a third time (repetition draw, H-END-4).',
    );
  });

  it('offers the Hive game-ending options, so a game of two random bots ends', async () => {
    const names = hiveCase.adapter.options.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['repetitionDraw', 'maxPlies']));
    // The form's first values (or initial ones) start the game the page starts by default.
    const values = Object.fromEntries(
      hiveCase.adapter.options.map((o) => [o.name, o.initial ?? o.values[0]]),
    );
    const session = new Session(hiveCase.adapter as AnyAdapter, spawn);
    session.start(values, ['random', 'random'], 10);
    const limit = values.maxPlies as number;
    expect(limit).toBeGreaterThan(0);
    for (let ply = 0; session.botOnMove(); ply++) {
      expect(ply).toBeLessThanOrEqual(limit);
      const found = await session.think();
      session.play(found?.move);
    }
    session.close();
    expect(hive.terminal(session.state as never)).toBe(true);
    expect(statusText(session)).toMatch(/^Game over\. (White wins|Black wins|Draw): \w/);
  });

  it('gives points games the winner with the others’ scores, and shared wins', () => {
    const withScores = (score: number[]): AnyAdapter =>
      ({ ...torresCase.adapter, game: { ...torres, score: () => score } }) as AnyAdapter;
    const s = torres.start({ players: 3 });
    expect(resultText(withScores([12, 30, 7]), s)).toBe(
      'Blue wins with 30 points (Red 12, Yellow 7).',
    );
    expect(resultText(withScores([30, 30, 7]), s)).toBe(
      'Red and Blue share the win with 30 points (Yellow 7).',
    );
  });
});

describe('playground session', () => {
  it('undo takes back the bots’ moves too, back to a person’s turn', async () => {
    const session = new Session(hiveCase.adapter as AnyAdapter, spawn);
    session.start({}, ['human', 'random'], 10);
    const [bot] = session.bots.filter((b) => b !== null);
    session.play(hive.moves(session.state as never)[0]);
    expect(session.botOnMove()).toBe(bot);
    const found = await session.think();
    session.play(found?.move);
    expect(session.texts).toHaveLength(2);
    session.undo();
    expect(session.texts).toHaveLength(0);
    expect(session.botOnMove()).toBeNull();
    session.close();
  });

  it('a bot thinks once per position; Stop, undo and a new position drop its search', async () => {
    const session = new Session(coerceoCase.adapter as AnyAdapter, spawn);
    session.start({}, ['mcts', 'human'], 20);
    const thinking = session.think();
    expect(thinking).not.toBeNull();
    expect(session.thinking).toBe(true);
    expect(session.think()).toBeNull(); // already on it
    session.pause();
    expect(session.thinking).toBe(false);
    expect(await thinking).toBeNull(); // stopped: no move
    expect(session.think()).toBeNull(); // paused
    session.resume();
    const again = session.think();
    // A new position (Load) while it thinks: the search is dropped, its move never played.
    session.reset(coerceo.start());
    expect(await again).toBeNull();
    const found = await session.think();
    expect(coerceo.moves(session.state as never)).toContainEqual(found?.move);
    session.close();
  });
});
