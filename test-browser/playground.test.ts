// The playground in a real browser: headless system Chromium (playwright-core) loads the built
// page both straight from disk (file://) and from a local static server, checks its layout at
// a desktop and a phone viewport, plays a complete game of each game by clicking until the
// page shows the result, and checks that the page answers input while its bots search in their
// Web Workers. Which square or piece to click is decided with the library itself,
// reading the position string the page shows (the rules are tested elsewhere; this tests the
// page). Screenshots go to test-artifacts/ (git-ignored).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Adapter, AnyAdapter } from '../docs/playground/adapter.js';
import { resolveClick } from '../docs/playground/clicks.js';
import { coerceoAdapter } from '../docs/playground/coerceo.js';
import { hiveAdapter } from '../docs/playground/hive.js';
import { torresAdapter } from '../docs/playground/torres.js';
import {
  type CoerceoMove,
  type CoerceoState,
  coerceo,
  outcome,
  piecesOf,
  tilesHeld,
} from '../src/coerceo/index.js';
import { type HiveMove, hive, piecesOnBoard, placeOf } from '../src/hive/index.js';
import { type Explanation, isRulesError } from '../src/index.js';
import {
  squareIndex,
  type TorresMove,
  type TorresState,
  type TorresStep,
  torres,
} from '../src/torres/index.js';
import {
  LAYOUT_PARTS,
  layoutProblemsInPage,
  statusFontSizesInPage,
  textProblemsInPage,
} from './layout.js';
import { mainThreadPauses, textProblemsOnPage, usePages } from './serve.js';

const root = resolve(import.meta.dirname, '..');
const site = join(root, 'docs/playground/dist');
const artifacts = join(root, 'test-artifacts');

const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const;
const PHONE = { name: 'phone', width: 390, height: 844 } as const;
type Viewport = typeof DESKTOP | typeof PHONE;
type Via = 'file' | 'http';

let page: Page;
const session = usePages({
  site,
  artifacts,
  viewport: DESKTOP,
  onPage: (p) => {
    page = p;
  },
});

/** Opens the page for `game`, from disk or from the server, at a viewport. */
async function open(game: string, via: Via = 'http', viewport: Viewport = DESKTOP): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const url = via === 'file' ? pathToFileURL(join(site, 'index.html')).href : session.base;
  await page.goto(`${url}?game=${game}`);
  await page.locator('#board svg').waitFor();
}

/** The notation of each move in the move list (each row also has its number and seat). */
const moveList = (): Promise<string[]> => page.locator('#moves li .text').allTextContents();
const position = (): Promise<string> => page.locator('#position').inputValue();
const status = async (): Promise<string> => (await page.locator('#status').textContent()) ?? '';
const instruction = async (): Promise<string> =>
  (await page.locator('#instruction').textContent()) ?? '';
const refusal = async (): Promise<string> => (await page.locator('#refusal').textContent()) ?? '';

/** Waits until a person (`seat`) is to move or the game is over; true when it is over. */
async function waitForTurn(seat: string): Promise<boolean> {
  await expect
    .poll(status, { timeout: 20_000 })
    .toMatch(new RegExp(`^(${seat} to move$|Game over)`));
  return (await status()).startsWith('Game over');
}

/** Plays a click and waits until the move list has grown past `plies`. */
async function clickAndWaitForMove(selector: string, plies: number): Promise<void> {
  await page.locator(selector).click();
  await expect.poll(async () => (await moveList()).length).toBeGreaterThan(plies);
}

/** `text` as the page writes it: a sentence with a full stop. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** The refusal the page shows for `move`: the library's reason (`explain`), as a sentence. */
function refusalOf<S, M>(game: { explain?(s: S, m: M): Explanation }, state: S, move: M): string {
  const e = game.explain?.(state, move);
  if (e === undefined || e.legal) throw new Error('expected a refused move');
  return sentence(`Not allowed: ${e.reason}`);
}

/**
 * The page's refusal for the RulesError that `f` throws (a typed move): its message, without the
 * rule in brackets at its end (the link after it names the rule).
 */
function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (!isRulesError(e)) throw e;
    const suffix = e.rule === undefined ? '' : ` (${e.rule})`;
    return sentence(
      `Not allowed: ${e.message.endsWith(suffix) ? e.message.slice(0, e.message.length - suffix.length) : e.message}`,
    );
  }
  throw new Error('expected a RulesError');
}

function layoutProblems(): Promise<string[]> {
  return page.evaluate(layoutProblemsInPage, LAYOUT_PARTS);
}

/** Cut or covered text anywhere on the page (see serve.ts). */
function textProblems(): Promise<string[]> {
  return textProblemsOnPage(page);
}

/** Where the board is on the page (its box in page coordinates, whatever the scroll). */
function boardBox(): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.locator('#board svg').evaluate((svg) => {
    const r = svg.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `playground-${name}.png`), fullPage: true });
}

/** Chooses a value in the setup form and starts a new game with it. */
async function setUp(values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    await page.locator(`#controls [name="${name}"]`).selectOption(value);
  }
  await page.locator('#new-game').click();
}

/** A position `plies` plies into a game, picking moves by a fixed rule (for layout checks). */
function playedInto<S, M>(
  game: { moves(s: S): readonly M[]; apply(s: S, m: M): S; terminal(s: S): boolean },
  s: S,
  plies: number,
): S {
  for (let i = 0; i < plies && !game.terminal(s); i++) {
    const moves = game.moves(s);
    s = game.apply(s, moves[(i * 7919) % moves.length] as M);
  }
  return s;
}

async function load(text: string): Promise<void> {
  await page.locator('#position').fill(text);
  await page.locator('#load').click();
  await expect.poll(position).toBe(text);
}

describe('playground: opening the page', () => {
  it('opened from disk (file://) it runs: a board, a status and an instruction', async () => {
    await open('hive', 'file');
    expect(await status()).toBe('White to move');
    expect(await instruction()).toMatch(/^Click one of your pieces in hand/);
    expect(await page.locator('#tray .hand-piece').count()).toBe(28);
  });

  it('without its script the page says why it is blank', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'boardrules-playground-'));
    try {
      for (const f of ['index.html', 'style.css']) copyFileSync(join(site, f), join(dir, f));
      await page.goto(pathToFileURL(join(dir, 'index.html')).href);
      expect(await status()).toContain('main.js) did not run');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    session.forgetErrors(); // the missing script is the point of this test
  });
});

describe('playground: layout', () => {
  // A position some way into each game, so the board has grown, with a piece selected; and a
  // click the page refuses there, found with the page's own click logic: the refusal must
  // leave the board where it was.
  interface LayoutCase {
    readonly game: string;
    readonly adapter: AnyAdapter;
    readonly position: () => string;
    readonly select: (text: string) => string;
    /** The selector of a click that is refused in `text`, with the refusal the page shows. */
    readonly refused: (text: string) => { selector: string; why: string; rule?: string };
  }
  /** The first of `keys` whose click (as `keysOf` reads it) the page refuses, nothing selected. */
  function refusedClick<S, M>(
    adapter: Adapter<S, M>,
    state: S,
    keys: readonly string[],
    keysOf: (key: string) => { source: string | null; target: string | null },
  ): { key: string; why: string; rule?: string } {
    const legal = adapter.game.moves(state);
    for (const key of keys) {
      const o = resolveClick(adapter, state, legal, null, keysOf(key));
      if (o.kind === 'refuse')
        return { key, why: sentence(o.why), ...(o.rule ? { rule: o.rule } : {}) };
    }
    throw new Error('no refused click');
  }
  const cases: readonly LayoutCase[] = [
    {
      game: 'hive',
      adapter: hiveAdapter as unknown as AnyAdapter,
      position: () => hive.serialize(playedInto(hive, hive.start(), 30)),
      select: () => '#tray .hand-piece >> nth=0',
      // An opponent's piece on the board.
      refused: (text) => {
        const s = hive.deserialize(text);
        const pieces = piecesOnBoard(s).filter((p) => placeOf(s, p.piece) !== null);
        const r = refusedClick(
          hiveAdapter,
          s,
          pieces.map((p) => p.piece),
          (piece) => {
            const at = placeOf(s, piece) as { q: number; r: number };
            return { source: piece, target: `${at.q},${at.r}` };
          },
        );
        return { selector: `#board g.tile[data-piece="${r.key}"]`, ...r };
      },
    },
    {
      game: 'coerceo',
      adapter: coerceoAdapter as unknown as AnyAdapter,
      position: () => coerceo.serialize(playedInto(coerceo, coerceo.start(), 20)),
      select: () => '#board polygon.piece[data-colour="white"] >> nth=0',
      // An opponent's piece, which no exchange can remove yet: the longest refusal.
      refused: (text) => {
        const s = coerceo.deserialize(text);
        const opponent = coerceo.toMove(s) === 0 ? 'black' : 'white';
        const r = refusedClick(coerceoAdapter, s, piecesOf(s, opponent), (f) => ({
          source: f,
          target: f,
        }));
        return { selector: `#board polygon.piece[data-field="${r.key}"]`, ...r };
      },
    },
    {
      game: 'torres',
      adapter: torresAdapter as unknown as AnyAdapter,
      position: () => torres.serialize(playedInto(torres, torres.start({ players: 4 }), 40)),
      // A knight of the seat to act (seats take turns; the position decides whose).
      select: (text: string) =>
        `#board g.knight[data-seat="${torres.deserialize(text).actor}"] >> nth=0`,
      refused: (text) => {
        const s = torres.deserialize(text);
        const squares = [...'abcdefgh'].flatMap((f) => [...'12345678'].map((n) => `${f}${n}`));
        const r = refusedClick(torresAdapter, s, squares, (q) => ({ source: q, target: q }));
        return { selector: `#board [data-square="${r.key}"] >> nth=-1`, ...r };
      },
    },
  ];
  for (const c of cases) {
    for (const [viewport, via] of [
      [DESKTOP, 'http'],
      [PHONE, 'file'],
    ] as const) {
      it(`${c.game}, ${viewport.name} (${via}): nothing overlaps, no text is cut or covered, the board fits`, async () => {
        await open(c.game, via, viewport);
        expect(await layoutProblems()).toEqual([]);
        expect(await textProblems()).toEqual([]);
        const played = c.position();
        await load(played);
        await page.locator(c.select(played)).click();
        expect(await refusal()).toBe('');
        expect(await instruction()).not.toBe('');
        expect(await layoutProblems()).toEqual([]);
        expect(await textProblems()).toEqual([]);
        await screenshot(`${c.game}-${viewport.name}`);
      });

      it(`${c.game}, ${viewport.name}: the status text is at least 12 px`, async () => {
        await open(c.game, via, viewport);
        await load(c.position());
        const sizes = await page.evaluate(statusFontSizesInPage);
        expect(Object.keys(sizes)).toEqual(expect.arrayContaining(['#status#0', '#notice#0']));
        for (const [what, px] of Object.entries(sizes)) {
          expect(px, what).toBeGreaterThanOrEqual(12);
        }
      });

      it(`${c.game}, ${viewport.name}: a refusal, with its reason and rule, leaves the board where it was`, async () => {
        await open(c.game, via, viewport);
        const played = c.position();
        await load(played);
        const before = await boardBox();
        const { selector, why, rule } = c.refused(played);
        await page.locator(selector).click({ force: true });
        expect(await refusal()).toBe(why);
        expect(await page.locator('#refusal-rule').textContent()).toBe(`Rule ${rule}`);
        expect(await page.locator('#refusal-rule').isVisible()).toBe(true);
        expect(await boardBox()).toEqual(before);
        expect(await layoutProblems()).toEqual([]);
        expect(await textProblems()).toEqual([]);
        await screenshot(`${c.game}-${viewport.name}-refusal`);
        // And when the refusal goes (a click on the picture's empty corner), it stays put too.
        await page.locator('#board svg').click({ position: { x: 2, y: 2 } });
        expect(await refusal()).toBe('');
        expect(await boardBox()).toEqual(before);
      });
    }
  }
});

describe('playground: complete games', () => {
  it('Hive: a whole game by clicking, both seats, until the page shows the result', async () => {
    await open('hive', 'file', PHONE);
    await setUp({ type: 'Base' });
    // The page's game-ending options are on by default (see the bots' game below).
    const options = { type: 'Base', repetitionDraw: true, maxPlies: 200 } as const;
    // A short game (9 plies) in which Black walks its Queen into White's pieces: after the
    // last move Black's Queen is surrounded and White wins (H-END-1).
    const line = [
      'wS1',
      'bB1 /wS1',
      'wQ wS1-',
      'bQ bB1\\',
      'wS2 wQ\\',
      'bQ wS1\\',
      'wA1 \\wQ',
      'bG1 bB1\\',
      'wA1 bQ\\',
    ];
    let s = hive.start(options);
    for (const [ply, text] of line.entries()) {
      const colour = ply % 2 === 0 ? 'White' : 'Black';
      expect(await status()).toBe(`${colour} to move`);
      expect(await instruction()).toMatch(/^Click one of your pieces/);
      const m = hive.parseMove(s, text) as Exclude<HiveMove, { kind: 'pass' }>;
      if (ply === 2) {
        // White may not move wS1 before its Queen is placed (H-MOVE-1): clicking it says so,
        // with the library's reason, instead of selecting it.
        await page.locator('#board g.tile[data-piece="wS1"]').click();
        const bB1 = placeOf(s, 'bB1') as { q: number; r: number };
        const why = hive.explain(s, { kind: 'move', piece: 'wS1', q: bB1.q, r: bB1.r });
        expect(why).toMatchObject({ legal: false, rule: 'H-MOVE-1' });
        expect(await refusal()).toBe(
          sentence(`wS1 cannot move now: ${(why as { reason: string }).reason}`),
        );
        expect(await refusal()).toContain('Queen');
        expect(await instruction()).toMatch(/^Click one of your pieces/); // nothing selected
        // The refusal links to the rule that made it (H-MOVE-1) in the rulebook.
        const link = page.locator('#refusal-rule');
        expect(await link.getAttribute('href')).toBe(
          'https://github.com/boardrules/boardrules/blob/main/docs/rules/hive.md#h-move-1',
        );
        expect(await link.textContent()).toBe('Rule H-MOVE-1');
        // Black's piece: the page says whose it is, and the rule (H-TURN-1).
        await page.locator('#board g.tile[data-piece="bB1"]').click();
        expect(await refusal()).toMatch(/^bB1 is Black's piece and White is to move: /);
        expect(await link.textContent()).toBe('Rule H-TURN-1');
      }
      const from =
        m.kind === 'place'
          ? `#tray .hand-piece[data-piece="${m.piece}"]`
          : `#board g.tile[data-piece="${m.piece}"]`;
      await page.locator(from).click();
      expect(await instruction()).toMatch(new RegExp(`^${m.piece} is selected`));
      const expected = hive
        .moves(s)
        .filter((n) => (n.kind === 'place' || n.kind === 'move') && n.piece === m.piece).length;
      await expect.poll(() => page.locator('#board g.target').count()).toBe(expected);
      await clickAndWaitForMove(`#board g.target[data-q="${m.q}"][data-r="${m.r}"]`, ply);
      s = hive.apply(s, m);
      expect(await position()).toBe(hive.serialize(s));
      if (ply === 4) await screenshot('hive-phone-playing');
    }
    expect(hive.terminal(s)).toBe(true);
    expect(await moveList()).toEqual(line);
    expect(await status()).toBe("Game over. White wins: Black's Queen Bee is surrounded.");
    expect(await layoutProblems()).toEqual([]);
    await screenshot('hive-phone-over');
    // Undo takes the last move back.
    await page.locator('#undo').click();
    await expect.poll(status).toBe('White to move');
    expect(await moveList()).toHaveLength(line.length - 1);
  });

  it('Coerceo (Ocius, 1-tile exchanges): a whole game against the random bot', async () => {
    await open('coerceo', 'http', DESKTOP);
    await setUp({ variant: 'ocius', exchangeCost: '1', seat1: 'random' });
    // White (the test) plays the move that leaves it the most pieces ahead, with the most
    // tiles held: a greedy player that ends the game quickly against random moves.
    const value = (t: CoerceoState): number =>
      10 * (piecesOf(t, 'white').length - piecesOf(t, 'black').length) + tilesHeld(t).white;
    let refused = false;
    let s = coerceo.deserialize(await position());
    for (let turn = 0; !(await waitForTurn('White')); turn++) {
      expect(turn).toBeLessThan(100);
      s = coerceo.deserialize(await position());
      const legal = coerceo.moves(s);
      let best = legal[0] as CoerceoMove;
      for (const m of legal)
        if (value(coerceo.apply(s, m)) > value(coerceo.apply(s, best))) best = m;
      const plies = (await moveList()).length;
      if (best.kind === 'exchange') {
        expect(await instruction()).toContain('exchange');
        // The opponent piece is marked as removable: click the mark on it.
        await clickAndWaitForMove(`#board [data-field="${best.target}"] >> nth=-1`, plies);
        continue;
      }
      await page.locator(`#board polygon.piece[data-field="${best.from}"]`).click();
      expect(await instruction()).toMatch(new RegExp(`^The piece on ${best.from} is selected`));
      if (!refused) {
        // A field the piece cannot reach: the page shows why `apply` refuses the step.
        const reach = new Set(
          legal.flatMap((m) => (m.kind === 'step' && m.from === best.from ? [m.to] : [])),
        );
        const field = (
          await page
            .locator('#board polygon.field')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-field') ?? ''))
        ).find(
          (f) =>
            f !== best.from &&
            !reach.has(f) &&
            !piecesOf(s, 'white').includes(f) &&
            !piecesOf(s, 'black').includes(f),
        ) as string;
        await page.locator(`#board polygon.field[data-field="${field}"]`).click({ force: true });
        expect(await refusal()).toBe(
          refusalOf(coerceo, s, { kind: 'step', from: best.from, to: field }),
        );
        refused = true;
      }
      await clickAndWaitForMove(`#board circle.target[data-field="${best.to}"]`, plies);
      if (turn === 2) await screenshot('coerceo-desktop-playing');
    }
    s = coerceo.deserialize(await position());
    const result = outcome(s);
    expect(result).not.toBeNull();
    const winner =
      result?.winner === 'white'
        ? 'White wins'
        : result?.winner === 'black'
          ? 'Black wins'
          : 'Draw';
    expect(await status()).toMatch(new RegExp(`^Game over. ${winner}: `));
    expect(await instruction()).toMatch(/^Press New game/);
    expect(await layoutProblems()).toEqual([]);
    await screenshot('coerceo-desktop-over');
  });

  it('Torres (2 players, short game, draft): every step of the turn flow, by clicking', async () => {
    await open('torres', 'file', DESKTOP);
    await setUp({ players: '2', length: 'short', deckMode: 'draft' });
    // What the instruction says at each step of T-FLOW-1.
    const says: Record<TorresStep, RegExp> = {
      setupCastle: /^Master setup/,
      setupKnight: /^Place your starting knight: click a marked square/,
      setupKing: /^Place the king: click a marked square/,
      chooseStack: /^Choose the stack of blocks you build with this turn/,
      actions: /action points left, .* To act, /,
      draftKeep: /^You drew .*: click the button of the card to keep/,
      draftReturn: /^Put the cards you did not keep back/,
      redistribute: /^Spread your unused blocks/,
      kingMove: /you may move the king/,
      over: /^Press New game/,
    };
    const seen = new Set<TorresStep>();
    // The topmost drawn element of a square: its mark when it is marked as a destination.
    const square = (to: string): string => `#board [data-square="${to}"] >> nth=-1`;
    const button = (s: TorresState, m: TorresMove): string =>
      `#choices button[data-move="${torres.formatMove(s, m)}"]`;
    /** Clicks `selector`; when the click fits several moves, the button of `m`. */
    const play = async (s: TorresState, selector: string, m: TorresMove): Promise<void> => {
      const plies = (await moveList()).length;
      await page.locator(selector).click();
      const to = 'to' in m ? m.to : null;
      const from = 'from' in m ? m.from : null;
      const same = torres
        .moves(s)
        .filter(
          (x) => to !== null && 'to' in x && x.to === to && ('from' in x ? x.from : null) === from,
        );
      if (same.length > 1) await page.locator(button(s, m)).click();
      await expect.poll(async () => (await moveList()).length).toBeGreaterThan(plies);
    };
    const bought = new Set<number>();
    let played = false;
    let refused = false;
    let moved = '';
    for (let i = 0; !(await status()).startsWith('Game over'); i++) {
      expect(i).toBeLessThan(300);
      const s = torres.deserialize(await position());
      const seat = ['Red', 'Blue'][s.actor];
      expect(await status()).toBe(`${seat} to move`);
      seen.add(s.step);
      expect(await instruction()).toMatch(says[s.step]);
      const legal = torres.moves(s);
      const find = (kind: TorresMove['kind']): TorresMove | undefined =>
        legal.find((m) => m.kind === kind);
      const turn = `${s.phase}.${s.round}.${s.actor}`;
      if (s.step === 'actions') {
        if (!refused) {
          // An empty square that takes nothing: the page shows why `apply` refuses a block.
          const to = [...'abcdefgh']
            .flatMap((f) => [...'12345678'].map((r) => `${f}${r}`))
            .find(
              (q) =>
                s.pieces[squareIndex(q)] === null && !legal.some((m) => 'to' in m && m.to === q),
            ) as string;
          await page.locator(square(to)).click();
          expect(await refusal()).toBe(refusalOf(torres, s, { kind: 'block', to }));
          refused = true;
        }
        const card = legal.find((m) => m.kind === 'play' && !('to' in m));
        const move = find('move');
        const block = find('block');
        if (!bought.has(s.actor) && find('buy')) {
          bought.add(s.actor); // draft: buy, then keep one card and return the others
          await play(s, button(s, { kind: 'buy' }), { kind: 'buy' });
        } else if (!played && card) {
          played = true;
          await play(s, button(s, card), card);
        } else if (move?.kind === 'move' && moved !== turn) {
          moved = turn;
          await page.locator(square(move.from)).click();
          expect(await instruction()).toMatch(
            new RegExp(`^The knight on ${move.from} is selected`),
          );
          await play(s, `#board .target[data-square="${move.to}"]`, move);
        } else if (block?.kind === 'block') {
          await play(s, square(block.to), block);
        } else {
          await play(s, button(s, { kind: 'end' }), { kind: 'end' });
        }
      } else if (s.step === 'draftReturn') {
        const back = { kind: 'return', where: 'bottom' } as const;
        await play(s, button(s, back), back);
      } else {
        // Setup and the king: a square; choosing a stack, keeping a card, spreading: a button.
        const m = legal.find((x) => x.kind !== 'kingStay') as TorresMove;
        await play(s, 'to' in m ? square(m.to) : button(s, m), m);
      }
      if (i === 6) await screenshot('torres-desktop-playing');
    }
    // The short game still goes through the flow: setup, king, stacks, draft, building,
    // moving, a card, the king's move between phases and the end.
    for (const step of [
      'setupKnight',
      'setupKing',
      'chooseStack',
      'actions',
      'draftKeep',
      'draftReturn',
      'kingMove',
    ] as const) {
      expect(seen).toContain(step);
    }
    expect(played).toBe(true);
    // The move list says who played each move: replay it from the start to know.
    let t = torres.start({
      players: 2,
      seed: 1,
      deckMode: 'draft',
      phaseStacks: [
        [3, 2],
        [3, 2],
        [3, 2],
      ],
    });
    const seats: string[] = [];
    for (const text of await moveList()) {
      seats.push(['Red', 'Blue'][torres.toMove(t)] as string);
      t = torres.apply(t, torres.parseMove(t, text));
    }
    expect(await page.locator('#moves li .seat').allTextContents()).toEqual(seats);
    expect(new Set(seats)).toEqual(new Set(['Red', 'Blue']));
    const s = torres.deserialize(await position());
    expect(torres.terminal(s)).toBe(true);
    const [red, blue] = torres.score(s) as [number, number];
    const result =
      red === blue
        ? `Red and Blue share the win with ${red} points`
        : red > blue
          ? `Red wins with ${red} points (Blue ${blue})`
          : `Blue wins with ${blue} points (Red ${red})`;
    expect(await status()).toBe(`Game over. ${result}.`);
    expect(await instruction()).toMatch(says.over);
    expect(await layoutProblems()).toEqual([]);
    await screenshot('torres-desktop-over');
  });
});

describe('playground: more', () => {
  it('Hive: paste a position string and load it; bad text shows the error', async () => {
    await open('hive');
    let s = hive.start();
    for (const t of ['wA1', 'bA1 wA1-', 'wG1 -wA1']) s = hive.apply(s, hive.parseMove(s, t));
    await load(hive.serialize(s));
    await expect.poll(() => page.locator('#board g.tile').count()).toBe(3);
    expect(await status()).toBe('Black to move');
    await page.locator('#position').fill('Base;InProgress;White[1];wQ bogus');
    await page.locator('#load').click();
    await expect.poll(() => page.locator('#error').textContent()).not.toBe('');
  });

  it('Hive: a move typed in its notation is played; bad text shows the error parseMove gives', async () => {
    await open('hive');
    const s = hive.start();
    // The tournament opening forbids the Queen on the first turn (H-PLACE-5).
    await page.locator('#move-text').fill('wQ');
    await page.locator('#play-typed').click();
    expect(await refusal()).toBe(errorOf(() => hive.parseMove(s, 'wQ')));
    await page.locator('#move-text').fill('wS1 zz');
    await page.locator('#play-typed').click();
    expect(await refusal()).toBe(errorOf(() => hive.parseMove(s, 'wS1 zz')));
    await page.locator('#move-text').fill('wS1');
    await page.locator('#play-typed').click();
    await expect.poll(moveList).toEqual(['wS1']);
    expect(await refusal()).toBe('');
    expect(await page.locator('#move-text').inputValue()).toBe('');
  });

  it('Hive fan bugs: a grab is a button (H-FAN-UHP-3)', async () => {
    await open('hive');
    let s = hive.start({ type: 'Base+MLP:wT:bC' });
    for (const t of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-'])
      s = hive.apply(s, hive.parseMove(s, t));
    await load(hive.serialize(s));
    expect(await instruction()).toContain('A Mantis grab or a Centipede swap is a button');
    // The Mantis on the ground grabs its own Queen (bC is pinned between wT1 and bQ).
    await clickAndWaitForMove('#choices button[data-move="wT1 *wQ"]', 0);
    expect(await moveList()).toEqual(['wT1 *wQ']);
    s = hive.apply(s, hive.parseMove(s, 'wT1 *wQ'));
    expect(await position()).toBe(hive.serialize(s));
    expect(await page.locator('#board g.tile').count()).toBe(3); // wQ is under wT1 now
  });

  it('Hive: two random bots play a game to its end, with the game-ending options (H-END-4, H-END-5)', async () => {
    await open('hive');
    await setUp({ maxPlies: '100', repetitionDraw: 'true', seat0: 'random', seat1: 'random' });
    // The bots play on their own; the page shows the result and why the game ended.
    await expect.poll(status, { timeout: 50_000 }).toMatch(/^Game over\. /);
    const s = hive.deserialize(await position());
    expect(hive.terminal(s)).toBe(true);
    expect(s.options).toMatchObject({ maxPlies: 100, repetitionDraw: true });
    const moves = await moveList();
    expect(moves.length).toBeLessThanOrEqual(100);
    expect(await status()).toMatch(/^Game over\. (White wins|Black wins|Draw): \w/);
    // Numbered rows, who played each move; the numbers of 100 and more are not cut.
    const rows = await page.locator('#moves li').allTextContents();
    expect(rows[0]).toMatch(/^1\. White \w/);
    expect(rows[moves.length - 1]).toMatch(new RegExp(`^${moves.length}\\. (White|Black) `));
    await page.locator('#moves li').last().scrollIntoViewIfNeeded();
    expect(await page.evaluate(textProblemsInPage)).toEqual([]);
    expect(await layoutProblems()).toEqual([]);
  });

  it('Hive: the MCTS bot answers a move, and Undo takes both back', async () => {
    await open('hive');
    await page.locator('#seats select[name="seat1"]').selectOption('mcts');
    await page.locator('#seats input[name="iterations"]').fill('50');
    await page.locator('#new-game').click();
    await page.locator('#tray .hand-piece[data-piece="wS1"]').click();
    await page.locator('#board g.target').first().click();
    await expect.poll(moveList, { timeout: 20_000 }).toHaveLength(2);
    expect(await page.locator('#board g.tile').count()).toBe(2);
    await page.locator('#undo').click();
    await expect.poll(moveList).toHaveLength(0);
  });

  it('the page answers at once while the bots think in their workers: Stop, Go on, typing, New game', async () => {
    await open('hive');
    await page.locator('#seats select[name="seat0"]').selectOption('mcts');
    await page.locator('#seats select[name="seat1"]').selectOption('mcts');
    // Ten million playouts a move: minutes of search, unless stopped.
    await page.locator('#seats input[name="iterations"]').fill('10000000');
    await page.locator('#new-game').click();
    await expect.poll(status).toBe('White to move: the mcts bot is thinking…');
    const control = page.locator('#choices #bot-control');
    expect(await control.textContent()).toBe('Stop');

    // While it searches, the page's own thread stays free: timers fire on time, and no task
    // blocks it (the longtask observer sees every task over 50 ms).
    const { gap, longest } = await mainThreadPauses(page);
    expect(gap).toBeLessThan(500);
    expect(longest).toBeLessThan(500);
    expect(await moveList()).toEqual([]);
    expect(await status()).toBe('White to move: the mcts bot is thinking…');

    // Input is answered while it thinks: typing shows, Stop stops it and the bots wait.
    await page.locator('#move-text').fill('wS1', { timeout: 1_500 });
    expect(await page.locator('#move-text').inputValue()).toBe('wS1');
    await control.click({ timeout: 1_500 });
    await expect.poll(status, { timeout: 2_000 }).toBe('White to move: the mcts bot is stopped');
    expect(await instruction()).toBe(
      'Press Go on to let the bot move, or Undo to take moves back.',
    );
    expect(await control.textContent()).toBe('Go on');
    await control.click({ timeout: 1_500 });
    await expect.poll(status, { timeout: 2_000 }).toBe('White to move: the mcts bot is thinking…');
    expect(await moveList()).toEqual([]);

    // A new game while it thinks: the old search is ended, the new game is a person's.
    await page.locator('#seats select[name="seat0"]').selectOption('human', { timeout: 1_500 });
    await page.locator('#seats input[name="iterations"]').fill('50');
    await page.locator('#new-game').click({ timeout: 1_500 });
    await expect.poll(status, { timeout: 2_000 }).toBe('White to move');
    expect(await page.locator('#choices #bot-control').count()).toBe(0);
    // And its bot answers a move from its worker.
    await page.locator('#tray .hand-piece[data-piece="wS1"]').click();
    await page.locator('#board g.target').first().click();
    await expect.poll(moveList, { timeout: 20_000 }).toHaveLength(2);
    expect(await status()).toBe('White to move');
  });

  it('Coerceo: an exchange is one click on a marked opponent piece; Copy puts the position on the clipboard', async () => {
    // A position of a fixed line of play where White can exchange (one-tile exchange rule).
    let s = coerceo.start({ exchangeCost: 1 });
    for (let i = 0; !coerceo.moves(s).some((m) => m.kind === 'exchange'); i++) {
      if (i > 600 || coerceo.terminal(s)) throw new Error('no exchange in 600 plies');
      const moves = coerceo.moves(s);
      s = coerceo.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    await open('coerceo');
    await load(coerceo.serialize(s));
    const exchanges = coerceo.moves(s).filter((m) => m.kind === 'exchange');
    const exchange = exchanges[0];
    if (exchange?.kind !== 'exchange') throw new Error('no exchange');
    // With nothing selected, the pieces an exchange can remove are marked.
    expect(await page.locator('#board circle.target').count()).toBe(exchanges.length);
    const pieces = await page.locator('#board polygon.piece').count();
    await page.locator(`#board [data-field="${exchange.target}"] >> nth=-1`).click();
    await expect.poll(moveList).toEqual([coerceo.formatMove(s, exchange)]);
    expect(await page.locator('#board polygon.piece').count()).toBe(pieces - 1);
    s = coerceo.apply(s, exchange);

    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.base,
    });
    await page.locator('#copy').click();
    await expect
      .poll(() => page.evaluate('navigator.clipboard.readText()'))
      .toBe(coerceo.serialize(s));
  });

  it('Torres: the MCTS bot (sampling hidden cards) answers a setup move', async () => {
    await open('torres');
    await page.locator('#seats select[name="seat1"]').selectOption('mcts');
    await page.locator('#seats input[name="iterations"]').fill('30');
    await page.locator('#new-game').click();
    const s = torres.start({ players: 2, seed: 1, deckMode: 'shared' });
    const m = torres.moves(s)[0];
    if (!m || !('to' in m)) throw new Error('no setup move');
    await page.locator(`#board .target[data-square="${m.to}"]`).click();
    // Blue (the bot) answers until a person is to move again: replay its moves here to check
    // that they are legal and that the board shows their result.
    expect(await waitForTurn('Red')).toBe(false);
    const texts = await moveList();
    expect(texts.length).toBeGreaterThanOrEqual(2);
    let t = torres.apply(s, m);
    for (const text of texts.slice(1)) t = torres.apply(t, torres.parseMove(t, text));
    expect(await page.locator('#board g.knight').count()).toBe(
      t.pieces.filter((p) => typeof p === 'number').length,
    );
    expect(await position()).toBe(torres.serialize(t));
  });
});
