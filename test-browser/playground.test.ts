// The playground in a real browser: headless system Chromium (playwright-core) loads the built
// page from a local static server, plays legal moves in each game by clicking the board, and
// checks that the board, the move list and the position string follow. Which square or piece to
// click is decided with the library itself (the rules are tested elsewhere; this tests the page).
// Screenshots go to test-artifacts/ (git-ignored).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coerceo } from '../src/coerceo/index.js';
import { hive } from '../src/hive/index.js';
import { type TorresMove, torres } from '../src/torres/index.js';

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
    viewport: { width: 1280, height: 900 },
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

async function open(game: string): Promise<void> {
  await page.goto(`${base}?game=${game}`);
  await page.locator('#board svg').waitFor();
}

const moveList = (): Promise<string[]> => page.locator('#moves li').allTextContents();
const position = (): Promise<string> => page.locator('#position').inputValue();

describe('playground', () => {
  it('Hive: place pieces by clicking a hand piece and a highlighted hex; undo', async () => {
    await open('hive');
    let s = hive.start();
    const texts = ['wS1', 'bG1 wS1-', 'wQ -wS1', 'bQ bG1-'];
    for (const [i, text] of texts.entries()) {
      const m = hive.parseMove(s, text);
      if (m.kind === 'pass') throw new Error('unexpected pass');
      await page.locator(`#board g.hand-piece[data-piece="${m.piece}"]`).click();
      const targets = page.locator('#board g.target');
      const expected = hive.moves(s).filter((n) => n.kind !== 'pass' && n.piece === m.piece).length;
      await expect.poll(() => targets.count()).toBe(expected);
      await page.locator(`#board g.target[data-q="${m.q}"][data-r="${m.r}"]`).click();
      s = hive.apply(s, m);
      await expect.poll(moveList).toHaveLength(i + 1);
      expect(await page.locator('#board g.tile').count()).toBe(i + 1);
      expect(await page.locator('#board g.target').count()).toBe(0);
    }
    expect(await moveList()).toEqual(texts);
    expect(await position()).toBe(hive.serialize(s));
    await page.screenshot({ path: join(artifacts, 'playground-hive.png') });

    await page.locator('#undo').click();
    await expect.poll(moveList).toHaveLength(3);
    expect(await page.locator('#board g.tile').count()).toBe(3);
  });

  it('Hive: paste a position string and load it; bad text shows an error', async () => {
    await open('hive');
    let s = hive.start();
    for (const t of ['wA1', 'bA1 wA1-', 'wG1 -wA1']) s = hive.apply(s, hive.parseMove(s, t));
    await page.locator('#position').fill(hive.serialize(s));
    await page.locator('#load').click();
    await expect.poll(() => page.locator('#board g.tile').count()).toBe(3);
    expect(await page.locator('#status').textContent()).toContain('Black to move');
    await page.locator('#position').fill('Base;InProgress;White[1];wQ bogus');
    await page.locator('#load').click();
    await expect.poll(() => page.locator('#error').textContent()).not.toBe('');
  });

  it('Hive fan bugs: a grab is a button under the board (H-FAN-UHP-3)', async () => {
    await open('hive');
    let s = hive.start({ type: 'Base+MLP:wT:bC' });
    for (const t of ['wT1', 'bC wT1-', 'wQ -wT1', 'bQ bC-'])
      s = hive.apply(s, hive.parseMove(s, t));
    await page.locator('#position').fill(hive.serialize(s));
    await page.locator('#load').click();
    await expect.poll(() => page.locator('#board g.tile').count()).toBe(4);
    // The Mantis on the ground grabs its own Queen (bC is pinned between wT1 and bQ).
    const grab = page.locator('#choices button.move', { hasText: 'wT1 *wQ' });
    await expect.poll(() => grab.count()).toBe(1);
    await grab.click();
    await expect.poll(moveList).toHaveLength(1);
    expect((await moveList())[0]).toBe('wT1 *wQ');
    s = hive.apply(s, hive.parseMove(s, 'wT1 *wQ'));
    expect(await position()).toBe(hive.serialize(s));
    expect(await page.locator('#board g.tile').count()).toBe(3); // wQ is under wT1 now
  });

  it('Hive: the MCTS bot answers a move', async () => {
    await open('hive');
    await page.locator('#seats select[name="seat1"]').selectOption('mcts');
    await page.locator('#seats input[name="iterations"]').fill('50');
    await page.locator('#new-game').click();
    await page.locator('#board g.hand-piece[data-piece="wS1"]').click();
    await page.locator('#board g.target').first().click();
    await expect.poll(moveList, { timeout: 20_000 }).toHaveLength(2);
    expect(await page.locator('#board g.tile').count()).toBe(2);
    // Undo takes back the bot's reply and the move before it.
    await page.locator('#undo').click();
    await expect.poll(moveList).toHaveLength(0);
  });

  it('Coerceo: step pieces by clicking a piece and a highlighted field', async () => {
    await open('coerceo');
    let s = coerceo.start();
    for (let ply = 0; ply < 4; ply++) {
      const m = coerceo.moves(s).find((x) => x.type === 'step');
      if (m?.type !== 'step') throw new Error('no step');
      await page.locator(`#board polygon.piece[data-field="${m.from}"]`).click();
      const expected = coerceo
        .moves(s)
        .filter((n) => n.type === 'step' && n.from === m.from).length;
      await expect.poll(() => page.locator('#board .target').count()).toBe(expected);
      await page.locator(`#board circle.target[data-field="${m.to}"]`).click();
      const text = coerceo.formatMove(s, m);
      s = coerceo.apply(s, m);
      await expect.poll(moveList).toHaveLength(ply + 1);
      expect((await moveList())[ply]).toBe(text);
      expect(
        await page
          .locator(`#board polygon.piece[data-field="${m.to}"]`)
          .getAttribute('data-colour'),
      ).toBe(ply % 2 === 0 ? 'white' : 'black');
      expect(await page.locator(`#board polygon.piece[data-field="${m.from}"]`).count()).toBe(0);
    }
    expect(await position()).toBe(coerceo.serialize(s));
    await page.screenshot({ path: join(artifacts, 'playground-coerceo.png') });
  });

  it('Coerceo: an exchange is one click on the opponent piece, and copy puts the position on the clipboard', async () => {
    // A position of a fixed line of play where White can exchange (one-tile exchange rule).
    let s = coerceo.start({ exchangeCost: 1 });
    for (let i = 0; !coerceo.moves(s).some((m) => m.type === 'exchange'); i++) {
      if (i > 600 || coerceo.terminal(s)) throw new Error('no exchange in 600 plies');
      const moves = coerceo.moves(s);
      s = coerceo.apply(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    await open('coerceo');
    await page.locator('#position').fill(coerceo.serialize(s));
    await page.locator('#load').click();
    await expect.poll(position).toBe(coerceo.serialize(s));
    const exchange = coerceo.moves(s).find((m) => m.type === 'exchange');
    if (exchange?.type !== 'exchange') throw new Error('no exchange');
    const pieces = await page.locator('#board polygon.piece').count();
    await page.locator(`#board polygon.piece[data-field="${exchange.target}"]`).click();
    await expect.poll(moveList).toEqual([coerceo.formatMove(s, exchange)]);
    expect(await page.locator('#board polygon.piece').count()).toBe(pieces - 1);
    s = coerceo.apply(s, exchange);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.locator('#copy').click();
    await expect
      .poll(() => page.evaluate('navigator.clipboard.readText()'))
      .toBe(coerceo.serialize(s));
  });

  it('Coerceo: the random bot plays Black', async () => {
    await open('coerceo');
    await page.locator('#seats select[name="seat1"]').selectOption('random');
    await page.locator('#new-game').click();
    await page.locator('#board polygon.piece[data-field="c4a"]').click();
    await page.locator('#board circle.target[data-field="c4c"]').click();
    await expect.poll(moveList, { timeout: 10_000 }).toHaveLength(2);
    expect(await page.locator('#status').textContent()).toContain('White to move');
  });

  it('Torres: the MCTS bot (sampling hidden cards) answers a setup move', async () => {
    await open('torres');
    await page.locator('#seats select[name="seat1"]').selectOption('mcts');
    await page.locator('#seats input[name="iterations"]').fill('30');
    await page.locator('#new-game').click();
    const s = torres.start({ players: 2, seed: 1 });
    const m = torres.moves(s)[0];
    if (!m || !('to' in m)) throw new Error('no setup move');
    await page.locator(`#board g.square[data-square="${m.to}"]`).click();
    // Blue (the bot) answers until a person is to move again: replay its moves here to check
    // that they are legal and that the board shows their result.
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 20_000 })
      .toMatch(/^Red to move$/);
    const texts = await moveList();
    expect(texts.length).toBeGreaterThanOrEqual(2);
    let t = torres.apply(s, m);
    for (const text of texts.slice(1)) t = torres.apply(t, torres.parseMove(t, text));
    expect(await page.locator('#board g.knight').count()).toBe(
      t.pieces.filter((p) => typeof p === 'number').length,
    );
    expect(await position()).toBe(torres.serialize(t));
  });

  it('Torres: set up knights and the king by clicking squares, then build', async () => {
    await open('torres');
    let s = torres.start({ players: 2, seed: 1 });
    const squareOf = (m: TorresMove): string | null => ('to' in m ? m.to : null);
    // Setup: every knight and the king is placed with one click on its square.
    let plies = 0;
    while (s.step.startsWith('setup')) {
      const m = torres.moves(s)[0];
      const to = m ? squareOf(m) : null;
      if (!m || to === null) throw new Error('setup move without a square');
      await page.locator(`#board g.square[data-square="${to}"]`).click();
      s = torres.apply(s, m);
      plies++;
      await expect.poll(moveList).toHaveLength(plies);
    }
    const knights = s.pieces.filter((p) => typeof p === 'number').length;
    expect(await page.locator('#board g.knight').count()).toBe(knights);
    expect(await page.locator('#board g.king').count()).toBe(1);
    // A stack choice is a button; then one block by clicking its square.
    while (s.step === 'chooseStack') {
      const m = torres.moves(s)[0];
      if (!m) throw new Error('no stack move');
      await page
        .locator('#choices button.move')
        .getByText(torres.formatMove(s, m), { exact: true })
        .click();
      s = torres.apply(s, m);
      plies++;
      await expect.poll(moveList).toHaveLength(plies);
    }
    const block = torres.moves(s).find((m) => m.kind === 'block');
    if (block?.kind !== 'block') throw new Error('no block move');
    const before = Number(
      await page.locator(`#board g.square[data-square="${block.to}"]`).getAttribute('data-height'),
    );
    await page.locator(`#board g.square[data-square="${block.to}"]`).click();
    const candidates = torres
      .moves(s)
      .filter((m) => 'to' in m && !('from' in m) && m.to === block.to);
    if (candidates.length > 1) {
      // The square also takes another move (a knight, a card): the page asks which.
      await page
        .locator('#choices button.move')
        .getByText(torres.formatMove(s, block), { exact: true })
        .click();
    }
    s = torres.apply(s, block);
    plies++;
    await expect.poll(moveList).toHaveLength(plies);
    expect(
      Number(
        await page
          .locator(`#board g.square[data-square="${block.to}"]`)
          .getAttribute('data-height'),
      ),
    ).toBe(before + 1);
    expect(await position()).toBe(torres.serialize(s));
    await page.screenshot({ path: join(artifacts, 'playground-torres.png') });
  });
});
