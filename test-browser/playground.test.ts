// The playground in a real browser: headless system Chromium (playwright-core) loads the built
// page both straight from disk (file://) and from a local static server, checks its layout at
// a desktop and a phone viewport, and plays a complete game of each game by clicking until the
// page shows the result. Which square or piece to click is decided with the library itself,
// reading the position string the page shows (the rules are tested elsewhere; this tests the
// page). Screenshots go to test-artifacts/ (git-ignored).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CoerceoMove,
  type CoerceoState,
  coerceo,
  outcome,
  piecesOf,
  tilesHeld,
} from '../src/coerceo/index.js';
import { type HiveMove, hive, placeOf } from '../src/hive/index.js';
import { isRulesError } from '../src/index.js';
import {
  squareIndex,
  type TorresMove,
  type TorresState,
  type TorresStep,
  torres,
} from '../src/torres/index.js';
import { LAYOUT_PARTS, layoutProblemsInPage } from './layout.js';

const root = resolve(import.meta.dirname, '..');
const site = join(root, 'docs/playground/dist');
const artifacts = join(root, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

const DESKTOP = { name: 'desktop', width: 1280, height: 800 } as const;
const PHONE = { name: 'phone', width: 390, height: 844 } as const;
type Viewport = typeof DESKTOP | typeof PHONE;
type Via = 'file' | 'http';

let server: Server;
let base = '';
let context: BrowserContext;
let profile = '';
let page: Page;
let errors: string[] = [];

function serve(): Promise<Server> {
  const s = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(site, path === '/' ? 'index.html' : path);
    if (!file.startsWith(site)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)));
}

beforeAll(async () => {
  server = await serve();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  profile = mkdtempSync(join(tmpdir(), 'boardrules-chromium-'));
  mkdirSync(artifacts, { recursive: true });
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: DESKTOP.width, height: DESKTOP.height },
  });
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

beforeEach(async () => {
  errors = [];
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
});

afterEach(async () => {
  await page.close();
  expect(errors).toEqual([]);
});

/** Opens the page for `game`, from disk or from the server, at a viewport. */
async function open(game: string, via: Via = 'http', viewport: Viewport = DESKTOP): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const url = via === 'file' ? pathToFileURL(join(site, 'index.html')).href : base;
  await page.goto(`${url}?game=${game}`);
  await page.locator('#board svg').waitFor();
}

const moveList = (): Promise<string[]> => page.locator('#moves li').allTextContents();
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

/** The message `apply` refuses `move` with (the page must show the same). */
function refusalOf<S, M>(game: { apply(s: S, m: M): S }, state: S, move: M): string {
  return errorOf(() => game.apply(state, move));
}

/** The page's refusal for the RulesError that `f` throws. */
function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return `Not allowed: ${e.message}`;
    throw e;
  }
  throw new Error('expected a RulesError');
}

function layoutProblems(): Promise<string[]> {
  return page.evaluate(layoutProblemsInPage, LAYOUT_PARTS);
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
    errors = []; // the missing script is the point of this test
  });
});

describe('playground: layout', () => {
  // A position some way into each game, so the board has grown, with a piece selected.
  const cases = [
    {
      game: 'hive',
      position: () => hive.serialize(playedInto(hive, hive.start(), 30)),
      select: () => '#tray .hand-piece >> nth=0',
    },
    {
      game: 'coerceo',
      position: () => coerceo.serialize(playedInto(coerceo, coerceo.start(), 20)),
      select: () => '#board polygon.piece[data-colour="white"] >> nth=0',
    },
    {
      game: 'torres',
      position: () => torres.serialize(playedInto(torres, torres.start({ players: 4 }), 40)),
      // A knight of the seat to act (seats take turns; the position decides whose).
      select: (text: string) =>
        `#board g.knight[data-seat="${torres.deserialize(text).actor}"] >> nth=0`,
    },
  ];
  for (const { game, position: text, select } of cases) {
    for (const [viewport, via] of [
      [DESKTOP, 'http'],
      [PHONE, 'file'],
    ] as const) {
      it(`${game}, ${viewport.name} (${via}): nothing overlaps and the board fits`, async () => {
        await open(game, via, viewport);
        expect(await layoutProblems()).toEqual([]);
        const played = text();
        await load(played);
        await page.locator(select(played)).click();
        expect(await refusal()).toBe('');
        expect(await instruction()).not.toBe('');
        expect(await layoutProblems()).toEqual([]);
        await screenshot(`${game}-${viewport.name}`);
      });
    }
  }
});

describe('playground: complete games', () => {
  it('Hive: a whole game by clicking, both seats, until the page shows the result', async () => {
    await open('hive', 'file', PHONE);
    await setUp({ type: 'Base' });
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
    let s = hive.start({ type: 'Base' });
    for (const [ply, text] of line.entries()) {
      const colour = ply % 2 === 0 ? 'White' : 'Black';
      expect(await status()).toBe(`${colour} to move`);
      expect(await instruction()).toMatch(/^Click one of your pieces/);
      const m = hive.parseMove(s, text) as Exclude<HiveMove, { kind: 'pass' }>;
      if (ply === 2) {
        // White may not move wS1 before its Queen is placed (H-MOVE-1): the page says so.
        await page.locator('#board g.tile[data-piece="wS1"]').click();
        const bB1 = placeOf(s, 'bB1') as { q: number; r: number };
        await page.locator(`#board g.tile[data-piece="bB1"]`).click();
        const refused = refusalOf(hive, s, { kind: 'move', piece: 'wS1', q: bB1.q, r: bB1.r });
        expect(await refusal()).toBe(refused);
        expect(refused).toContain('Queen');
        // The refusal links to the rule that made it (H-MOVE-1) in the rulebook.
        const link = page.locator('#refusal-rule');
        expect(await link.getAttribute('href')).toBe(
          'https://github.com/boardrules/boardrules/blob/main/docs/rules/hive.md#h-move-1',
        );
        expect(await link.textContent()).toBe('Rule H-MOVE-1 in the rulebook');
        await page.locator('#board g.tile[data-piece="wS1"]').click(); // let go
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
    expect(await status()).toBe('Game over. White wins.');
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
          (f) => f !== best.from && !reach.has(f) && !piecesOf(s, 'white').includes(f),
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

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
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
